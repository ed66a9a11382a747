"""On Schedule's bots: a quick partner-aware policy (votes, the card pass, card play), the value of a
finished deal, the hard bot's representatives among the legal actions, and the cube's quick estimate of
the chance to win the deal. The sampled states they decide from are in knowledge.py."""

from __future__ import annotations

import math

from pygames_core.ai.bot import Bot, Words
from pygames_core.ai.cube import logistic
from pygames_core.ai.outcomes import trick_won
from pygames_core.engine.rng import Rng
from pygames_core.games.on_schedule.knowledge import sample_state
from pygames_core.games.on_schedule.messages import Action, Event, OnScheduleView, deal_outcome
from pygames_core.games.on_schedule.rules import ON_SCHEDULE
from pygames_core.games.on_schedule.state import (
    BY_RANK_SUIT,
    CARD_POINTS,
    DECK,
    GIFT_SIZE,
    OVER,
    PLAY,
    PLAYERS,
    TRICKS,
    OnScheduleState,
    Phase,
    card_points,
    match_winner,
    pile_of,
    voter,
)
from pygames_core.kit.cards import HIGHER_CARDS, SUIT_CARDS, SUITS, Card, cards, codes
from pygames_core.kit.match import Match
from pygames_core.kit.seats import mover, partner_of, team_of
from pygames_core.kit.tricks import playable_cards, seats_after

GIFT_SHORTLIST = 6  # the hard bot compares the gifts made of these best candidate cards


def distinct_plays(options: list[Card], gone: set[str]) -> list[Card]:
    """One card of each run of equivalent cards: two cards of a suit are equivalent when every rank
    between them is also among `options` or already played (`gone`, as codes) and both or neither
    score a point; whichever of them is played, every trick and score comes out the same."""
    kept: list[Card] = []
    for c in sorted(options, key=lambda x: (x.suit, x.rank)):
        last = kept[-1] if kept else None
        if last is not None and last.suit == c.suit and card_points(last) == card_points(c) and all(
                BY_RANK_SUIT[r, c.suit] in options or BY_RANK_SUIT[r, c.suit].code in gone
                for r in range(last.rank + 1, c.rank)):
            continue
        kept.append(c)
    return kept


def policy_action(state: OnScheduleState, rng: Rng) -> Action:
    """The 'normal' play of On Schedule, from the mover's hand and public facts only."""
    seat = mover(state)
    if state.match.offered_by is not None:
        return {"type": "take"}  # play-outs never double and always take: the play decides them
    if state.phase == Phase.PLAY:  # first: nearly every step of a play-out is a card play
        return {"type": "play", "card": _play_card(state, seat).code}
    if state.phase == Phase.VOTE:
        return {"type": "vote", "suit": _vote_suit(state, seat, rng)}
    return {"type": "give", "cards": codes(_gift(state, seat))}


def _vote_suit(state: OnScheduleState, seat: int, rng: Rng) -> str:
    """Vote for the suit the hand holds strongly (length and honours); the partner's votes show
    its strong suits, worth backing, and the opponents' votes theirs, worth not adding to."""
    strength = dict.fromkeys(SUITS, 0.0)
    for c in state.hands[seat]:
        strength[c.suit] += 1.0 + 0.4 * max(0, c.rank - 9)
    partner = partner_of(seat)
    for number, vote in enumerate(state.votes):
        who = voter(state.dealer, number)
        if who != seat:
            strength[vote.suit] += 0.8 if who == partner else -0.8
    suits = {c.suit for c in pile_of(seat, state.dealer, state.votes)}
    return max((s for s in SUITS if s in suits), key=lambda s: strength[s] + 0.3 * rng.random())


def gift_preference(hand: list[Card], votes: list[tuple[int, str]], seat: int) -> list[Card]:
    """The hand, best card to give the partner first: from suits the partner voted for (high ones,
    to make its trumps stronger) or from short suits of this hand (towards a void it can trump
    in), keeping the suits this seat voted for. `votes` are (seat, suit) pairs."""
    mine, partners = dict.fromkeys(SUITS, 0), dict.fromkeys(SUITS, 0)
    for who, suit in votes:
        if who == seat:
            mine[suit] += 1
        elif who == partner_of(seat):
            partners[suit] += 1
    length = dict.fromkeys(SUITS, 0)
    for c in hand:
        length[c.suit] += 1

    def give_score(c: Card) -> float:
        score = 1.2 * partners[c.suit] - 1.5 * mine[c.suit]
        if length[c.suit] <= GIFT_SIZE:
            score += 1.5
        return score + (c.rank / 14 if partners[c.suit] > mine[c.suit] else -c.rank / 14)

    return sorted(hand, key=give_score, reverse=True)


def _gift(state: OnScheduleState, seat: int) -> list[Card]:
    hand = state.hands[seat]
    votes = [(voter(state.dealer, number), vote.suit) for number, vote in enumerate(state.votes)]
    chosen = set(gift_preference(hand, votes, seat)[:GIFT_SIZE])
    return [c for c in hand if c in chosen]


# suits_to_come's answers by row, then by trick number and special trick. A state's copies share its row
# (rows never change in place), found by the object's id at no cost (the row itself kept beside it, so that
# the id cannot pass to another tuple meanwhile); every sample of a decision lays out the same row as a
# tuple of its own, found by its cards then (hashing 13 cards at every step would cost more than the id)
_TO_COME_BY_ID: dict[int, tuple[tuple[Card, ...], dict[tuple[int, int], dict[str, float]]]] = {}
_TO_COME_BY_ROW: dict[tuple[Card, ...], dict[tuple[int, int], dict[str, float]]] = {}
_TO_COME_ROWS = 64  # row objects remembered before the cache starts afresh


def suits_to_come(row: tuple[Card, ...], number: int, special: int) -> dict[str, float]:
    """How much each suit is worth keeping for, from trick `number` on: the share of the later tricks in
    which it is trump, those that score double (trick 13 and the seat's `special` trick) twice."""
    known = _TO_COME_BY_ID.get(id(row))
    if known is None or known[0] is not row:
        if len(_TO_COME_BY_ID) >= _TO_COME_ROWS:
            _TO_COME_BY_ID.clear()
            _TO_COME_BY_ROW.clear()
        known = _TO_COME_BY_ID[id(row)] = (row, _TO_COME_BY_ROW.setdefault(row, {}))
    future = known[1].get((number, special))
    if future is None:
        remaining = max(1, TRICKS - number)
        future = known[1][number, special] = dict.fromkeys(SUITS, 0.0)
        for later_trick in range(number + 1, TRICKS + 1):
            future[row[later_trick - 1].suit] += (2.0 if later_trick in (TRICKS, special) else 1.0) / remaining
    return future


LATER_SEATS = seats_after(PLAYERS)
TENS_AND_UP = sum(c.bit for c in DECK if c.rank >= 10)


def _play_card(state: OnScheduleState, seat: int) -> Card:
    """Pick the card with the best rough expectation for the team: the trick's points (doubled
    where the winner's special trick or trick 13 makes them so) times the chance the team takes
    them, minus what the card would be worth later (high cards in suits that will be trump).
    Every step of the hard bot's play-outs comes here: the cards are one int (Card.bit), the table's top
    card is found once, the chances are worked out in the loop over the options (no function built or
    called for them), and the arithmetic is the same, operation for operation, as the plain reading of
    the rule would do (so are the choices: tests/test_on_schedule_fast_paths.py)."""
    hand = state.hands[seat]
    plays = state.trick.plays
    led = plays[0][1].suit if plays else None
    options = playable_cards(hand, led)
    if len(options) == 1:
        return options[0]
    number = sum(state.tricks_won) + 1
    row = state.row
    trump = row[number - 1].suit
    partner = (seat + 2) % PLAYERS
    # the cards this seat cannot place: not in its hand, not on the table, not given to its partner, not in a
    # finished trick (one int, Card.bit)
    placed = 0
    for c in hand:
        placed |= c.bit
    for c in state.given[seat]:
        placed |= c.bit
    table_points = 0
    for _, c in plays:
        placed |= c.bit
        table_points += CARD_POINTS[c]
    unknown = state.unplayed & ~placed
    hidden = unknown.bit_count() or 1  # max(1, ...)
    density = (unknown & TENS_AND_UP).bit_count() / hidden  # tens and higher, over the hidden cards
    later = LATER_SEATS[seat][:PLAYERS - 1 - len(plays)]
    hands, voids = state.hands, state.voids
    # each seat still to play: the chance that a given hidden card is not in its hand (1 - min(1, share)), and
    # the suits it is out of
    opponents_later: list[tuple[float, set[str]]] = []
    partner_later: list[tuple[float, set[str]]] = []
    for other in later:
        share = len(hands[other]) / hidden
        (partner_later if other == partner else opponents_later).append(
            (1.0 - (share if share < 1.0 else 1.0), voids[other]))
    special = state.special
    future = suits_to_come(row, number, special[seat])
    # trick_multiplier's, for this seat (every option that would top the trick), its partner and the opponents
    if number == TRICKS:
        own_multiplier = partner_multiplier = opponent_multiplier = 2
    else:
        own_multiplier = 2 if special[seat] == number else 1
        partner_multiplier = 2 if special[partner] == number else 1
        opponent_multiplier = 2 if number in (special[(seat + 1) % PLAYERS], special[(seat + 3) % PLAYERS]) else 1
    trumps = (unknown & SUIT_CARDS[trump]).bit_count()
    # the card on top of the table so far (kit.tricks.trick_winner's fold); its outlook, once needed
    table_seat, table_top = plays[0] if plays else (seat, options[0])
    for other, c in plays[1:]:
        if c.suit == table_top.suit:
            if c.rank > table_top.rank:
                table_seat, table_top = other, c
        elif c.suit == trump:
            table_seat, table_top = other, c
    on_table: tuple[float, int] | None = None
    spread = density * len(later)
    best, best_value = options[0], -math.inf
    for c in options:
        suit = c.suit
        if led is None or ((c.rank > table_top.rank) if suit == table_top.suit else suit == trump):
            top, ours, team_multiplier = c, True, own_multiplier  # the card played would top the trick
        elif on_table is None:
            top, ours = table_top, table_seat == partner
            team_multiplier = partner_multiplier if ours or partner_later else 1
        else:
            top = None
            team_chance, team_multiplier = on_table
        if top is not None:
            # the team's chance to take the trick if `top` stays on top of it: that no opponent still to play
            # beats it (ours), or that the partner does (theirs); a seat beats it when it holds and can play a
            # higher card of its suit, or a trump when out of the led suit
            top_suit = top.suit
            trick_suit = top_suit if led is None else led
            chance = 0.0
            team_chance = 1.0
            for miss, out in opponents_later if ours else partner_later:
                higher = 0 if top_suit in out else (unknown & HIGHER_CARDS[top]).bit_count()
                beaters: float
                if top_suit == trick_suit and (top_suit == trump or trump in out):
                    beaters = higher
                else:  # a trump may beat it: the chance the seat is out of the led suit
                    void_in_led = 1.0 if trick_suit in out else miss ** (unknown & SUIT_CARDS[trick_suit]).bit_count()
                    # top a trump played on another suit: only a higher trump; else any trump too
                    beaters = higher * void_in_led if top_suit != trick_suit else higher + trumps * void_in_led
                chance = 1.0 - miss ** beaters
                team_chance *= 1.0 - chance
            if not ours:
                team_chance = chance
            if top is table_top and led is not None:
                on_table = team_chance, team_multiplier
        points = table_points + CARD_POINTS[c] + spread
        keep = (c.rank - 2) / 12 * (0.3 + 1.2 * future[suit])
        value = team_chance * points * team_multiplier - (1 - team_chance) * points * opponent_multiplier - keep
        if value > best_value:  # the first of equals, as max() keeps
            best, best_value = c, value
    return best


def evaluate(state: OnScheduleState, seat: int) -> float:
    """Value of a finished deal for `seat`'s team, in [0, 1]: mostly whether the team won the deal
    (or the match), then by how many points."""
    team = team_of(seat)
    last = state.summaries[-1].thaw() if state.summaries else None
    if last is None:
        return 0.5
    margin = last["team_points"][team] - last["team_points"][1 - team]
    sign = (margin > 0) - (margin < 0)
    # the margin, not only its sign: a smoother signal from few play-outs
    deal_value = 0.5 + 0.1 * sign + 0.4 * max(-1.0, min(1.0, margin / 20))
    if state.phase == Phase.OVER:
        return 0.8 * (match_winner(state) == team) + 0.2 * deal_value
    return deal_value


def win_chance(view: OnScheduleView) -> float:
    """The normal bot's estimate that the viewing seat's team wins this deal (a tie counts half), from
    the view: the team point lead so far against what is still to be won. Each point card not yet in
    a finished trick is worth at most 2 (doubled), so a lead above twice their number is decided; short
    of that, a logistic in the lead over the spread of what remains (about 1.2 × the square root of
    it), plus a little for the point cards in the viewer's own hand."""
    seat, hand = view["seat"], view["hand"]
    if seat is None or hand is None:
        raise ValueError("a spectator's view has no side to win")
    team = team_of(seat)
    points = view["points"]
    lead = points[team] + points[team + 2] - points[1 - team] - points[3 - team]
    gone = cards(view["out_of_play"])
    left = sum(card_points(c) for c in DECK if c not in set(gone))
    most = 2 * left
    if lead > most:
        return 1.0
    if -lead > most:
        return 0.0
    own = sum(card_points(c) for c in cards(hand))
    expected_own = left / PLAYERS
    return logistic((lead + 0.5 * (own - expected_own)) / (1.2 * math.sqrt(left) + 0.5))


class OnScheduleBot(Bot[OnScheduleState, Action, Event, OnScheduleView]):
    """What On Schedule's bots know of the game: the hooks of pygames_core/ai/bot.py."""

    # a round of three hard bots holds a median of three or four moves with a real choice: 250 ms each
    # keep it to about a second (docs/benchmarks.md, issue 48 item 5)
    hard_budget_ms = 250

    def sample_state(self, view: OnScheduleView, rng: Rng) -> OnScheduleState:
        return sample_state(view, rng)

    def policy_action(self, state: OnScheduleState, rng: Rng) -> Action:
        return policy_action(state, rng)

    def playout_step(self, state: OnScheduleState, rng: Rng) -> None:
        # a card play (nearly every step) without its action message and events; the rest (a double's answer
        # among them) as apply does it
        if state.phase == PLAY and state.match.offered_by is None:
            trick = state.trick
            ON_SCHEDULE.play_quietly(state, _play_card(state, (trick.leader + len(trick.plays)) % PLAYERS))
        else:
            ON_SCHEDULE.apply(state, policy_action(state, rng))

    def search_actions(self, view: OnScheduleView, legal: list[Action]) -> list[Action]:
        """What the hard bot compares. The 78 possible gifts are too many to try each: the pairs among
        the six cards the normal policy would most like to give. In play, one card of each run of
        equivalent cards (see `distinct_plays`), so the samples go to choices that differ."""
        seat, hand = view["seat"], view["hand"]
        if view["phase"] == Phase.GIVE and seat is not None and hand is not None:
            votes = [(v["seat"], v["suit"]) for v in view["votes"]]
            shortlist = {c.code for c in gift_preference(cards(hand), votes, seat)[:GIFT_SHORTLIST]}
            return [a for a in legal if a["type"] == "give" and set(a["cards"]) <= shortlist]
        if view["phase"] == Phase.PLAY:
            gone = set(view["out_of_play"]) | {p["card"] for p in view["trick"]}
            kept = {c.code for c in distinct_plays(cards(a["card"] for a in legal if a["type"] == "play"), gone)}
            return [a for a in legal if a["type"] == "play" and a["card"] in kept]
        return legal

    def playout_done(self, start: OnScheduleState, state: OnScheduleState) -> bool:
        # a hard bot looks to the end of the deal: later deals are new shuffles it cannot foresee (a deal
        # settled by a card play in a play-out does not deal the next: OnScheduleRules.play_quietly)
        return state.phase == OVER or len(state.summaries) != len(start.summaries)

    def evaluate(self, state: OnScheduleState, seat: int) -> float:
        return evaluate(state, seat)

    def effect(self, events: list[Event], seat: int) -> Words | None:
        # a trick's points as scored: doubled in its winner's special trick and in the 13th
        points = next((event["points"] for event in events if event["type"] == "trick_won"), None)
        return trick_won(events, seat, partners=True, points=points)

    def outcome(self, start: OnScheduleState, end: OnScheduleState, seat: int) -> Words | None:
        # the play-out ends with the deal: its summary says which team took the victory point
        if len(end.summaries) == len(start.summaries):
            return None
        return deal_outcome(end.summaries[-1].thaw(), seat)

    def cube_match(self, state: OnScheduleState) -> Match | None:
        return state.match if state.match.cube else None

    def side_of(self, seat: int) -> int:
        return team_of(seat)

    def win_chance(self, view: OnScheduleView) -> float:
        return win_chance(view)

