"""On Schedule (オン・スケジュール): a partnership trick-taker whose trumps are voted and scheduled.
Rules and the project's decisions: docs/games/on_schedule.md.

Each deal: the four players cast 13 public votes for trump suits with cards from their schedule
piles; the votes are shuffled into a row, and card i of the row names the trump of trick i. Each
player's latest card in the row marks their special trick. Partners pass each other two cards at
once, then 13 tricks are played. Every 10, J, Q, K, A won is a point, doubled in the winner's own
special trick and in trick 13. The team with more points takes one victory point; first to 3 wins.

Decisions followed (from the digest): equal team totals give no victory point.
Decisions taken here (see docs/games/on_schedule.md): a vote names a suit (the card cast is the
next of that suit in the voter's pile); trick 13 is never a special trick, so the two doublings
never stack; the first dealer is drawn from the seed; the card pass is the `give` action, chosen
one seat at a time clockwise from the dealer's left, each choice hidden until all four are in; a
finished trick is turned over as the original says (its point cards stay face up), but the last one
stays in view until the next is finished, and the `show_played` assist keeps them all face up.

A deal is scored in `settle_deal` only: the victory point it awards is multiplied there by the
doubling cube's stake when the `cube` option is on (cube.py: each deal is a game of the match, the
teams are the sides, and a double is offered before one of the doubling team's card plays).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import combinations
from typing import ClassVar

from .cards import SUITS, Card, card, cards, codes, deal_clockwise, french_deck, sort_hand
from .cube import (
    CUBE_ACTIONS,
    MAX_TARGET,
    Match,
    check_scores,
    logistic,
    match_from_options,
    match_from_view,
    setup_cube,
)
from .errors import BadSetup
from .game import Option, Rules, check_setup_keys, setup_deal, setup_seat
from .rng import Rng
from .search import deal_unseen
from .seats import SecretChoices, clockwise_from, left_of, partner_of, team_of
from .tricks import Trick, end_game, next_deal, play_to_trick, playable_cards, trick_winner

PLAYERS = 4
TRICKS = 13  # also the hand size and the number of votes
GIFT_SIZE = 2
TARGET = 3  # victory points that win the match (the default of the `match_to` option)
GIFT_SHORTLIST = 6  # the hard bot compares the gifts made of these best candidate cards
QUICK_DEAL_TRIES = 8  # plain random deals the sampler tries before the constraint-solving one
DECK = tuple(french_deck())
_BY_RANK_SUIT = {(c.rank, c.suit): c for c in DECK}
# The schedule pile of each role, as ranks in pile order; the role is the number of steps
# clockwise from the dealer, so a schedule card's rank tells who cast it.
ROLE_RANKS: tuple[tuple[int, ...], ...] = ((14, 2, 3, 4), (5, 6, 7), (8, 9, 10), (11, 12, 13))
ROLE_OF_RANK = {rank: role for role, ranks in enumerate(ROLE_RANKS) for rank in ranks}
# Who casts each of the 13 votes, as roles: dealer and clockwise; from the dealer's right
# counter-clockwise; dealer and clockwise; the dealer once more.
VOTE_ROLES = (0, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 0)
ROLE_NAMES = ("dealer", "dealer's left", "dealer's partner", "dealer's right")
PILE_NAMES = ("A-4", "5-7", "8-10", "J-K")
VOTES_PER_ROLE = tuple(VOTE_ROLES.count(role) for role in range(PLAYERS))  # (4, 3, 3, 3)


def card_points(c: Card) -> int:
    """10, J, Q, K and A are worth a point each."""
    return 1 if c.rank >= 10 else 0


def schedule_owner(schedule_card: Card, dealer: int) -> int:
    """The seat that cast a schedule card this deal (its rank names the role)."""
    return left_of(dealer, PLAYERS, ROLE_OF_RANK[schedule_card.rank])


def voter(dealer: int, vote_number: int) -> int:
    """The seat casting vote `vote_number` (0-based) in a deal with this dealer."""
    return left_of(dealer, PLAYERS, VOTE_ROLES[vote_number])


def pile_of(seat: int, dealer: int, votes: list[Card]) -> list[Card]:
    """The schedule cards `seat` still holds: its role's ranks in every suit, minus its votes."""
    ranks = ROLE_RANKS[(seat - dealer) % PLAYERS]
    cast = set(votes)
    return [_BY_RANK_SUIT[r, s] for s in SUITS for r in ranks if _BY_RANK_SUIT[r, s] not in cast]


def special_tricks(row: list[Card], dealer: int) -> list[int]:
    """Each seat's special trick (1-based): the trick of its latest card in the row; the owner
    of card 13 cannot mark trick 13 and marks its second-latest card instead. Every seat casts at
    least three votes, so that second-latest card always exists, and trick 13 is never special."""
    positions: list[list[int]] = [[] for _ in range(PLAYERS)]
    for trick_number, schedule_card in enumerate(row, 1):
        positions[schedule_owner(schedule_card, dealer)].append(trick_number)
    return [mine[-2] if mine[-1] == TRICKS else mine[-1] for mine in positions]


def distinct_plays(options: list[Card], gone: set[str]) -> list[Card]:
    """One card of each run of equivalent cards: two cards of a suit are equivalent when every rank
    between them is also among `options` or already played (`gone`, as codes) and both or neither
    score a point; whichever of them is played, every trick and score comes out the same."""
    kept: list[Card] = []
    for c in sorted(options, key=lambda x: (x.suit, x.rank)):
        last = kept[-1] if kept else None
        if last is not None and last.suit == c.suit and card_points(last) == card_points(c) and all(
                _BY_RANK_SUIT[r, c.suit] in options or _BY_RANK_SUIT[r, c.suit].code in gone
                for r in range(last.rank + 1, c.rank)):
            continue
        kept.append(c)
    return kept


def trick_multiplier(trick_number: int, winner: int, special: list[int]) -> int:
    """Points won in the winner's own special trick and in trick 13 count double."""
    return 2 if trick_number == TRICKS or special[winner] == trick_number else 1


@dataclass(slots=True)
class CompletedTrick:
    number: int
    leader: int
    plays: list[tuple[int, Card]]
    winner: int
    points: int  # as scored, doubling included
    doubled: bool

    def to_view(self) -> dict:
        return {"trick": self.number, "leader": self.leader,
                "plays": [{"seat": s, "card": c.code} for s, c in self.plays],
                "winner": self.winner, "points": self.points, "doubled": self.doubled}

    def face_down_view(self) -> dict:
        """The trick as the table keeps it once it is turned over: its point cards face up in front of
        the winner (who played which is not shown), the rest face down on the discard pile."""
        point_cards = [c for _, c in self.plays if card_points(c)]
        return {"trick": self.number, "winner": self.winner, "points": self.points, "doubled": self.doubled,
                "point_cards": codes(point_cards), "face_down": len(self.plays) - len(point_cards)}


@dataclass(slots=True)
class OnScheduleState:
    rng: Rng
    dealer: int
    deal: int = 1
    phase: str = "vote"  # vote | give | play | over
    hands: list[list[Card]] = field(default_factory=list)
    votes: list[Card] = field(default_factory=list)  # schedule cards in the order cast
    row: list[Card] = field(default_factory=list)  # the shuffled votes: card i is trick i's trump
    special: list[int] = field(default_factory=list)  # each seat's special trick, 1-based
    gifts: SecretChoices[tuple[Card, ...]] = field(default_factory=lambda: SecretChoices(PLAYERS))
    given: list[tuple[Card, ...]] = field(default_factory=lambda: [() for _ in range(PLAYERS)])
    trick: Trick = field(default_factory=lambda: Trick(0))
    completed: list[CompletedTrick] = field(default_factory=list)
    out_of_play: set[Card] = field(default_factory=set)  # cards in finished tricks this deal
    tricks_won: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    points: list[int] = field(default_factory=lambda: [0] * PLAYERS)  # this deal, doubling included
    voids: list[set[str]] = field(default_factory=lambda: [set() for _ in range(PLAYERS)])
    match: Match = field(default_factory=lambda: Match(TARGET))  # victory points by team, target, cube
    summaries: list[dict] = field(default_factory=list)
    people: frozenset[int] = frozenset()  # the seats people play (Game.seat_people): who answers a double
    show_played: bool = False  # the `show_played` assist: views keep every finished trick face up

    @property
    def trick_number(self) -> int:
        return sum(self.tricks_won) + 1

    @property
    def trump(self) -> str | None:
        """The trump suit of the trick being played (None before the row is laid out)."""
        if self.phase != "play":
            return None
        return self.row[self.trick_number - 1].suit

    @property
    def current(self) -> int | None:
        if self.phase == "vote":
            return voter(self.dealer, len(self.votes))
        if self.phase == "give":
            return self.gifts.next_chooser(give_order(self.dealer))
        if self.phase == "play":
            return self.to_play if self.match.offered_by is None else self.answerer
        return None

    @property
    def answerer(self) -> int:
        """The seat that answers a waiting double for the doubled team: the opponent on the doubler's
        left (the next to play), unless a person plays the other seat of that team and a bot this one:
        then the person decides for the team (docs/games/on_schedule.md, Doubling cube)."""
        next_seat = left_of(self.to_play, PLAYERS)
        partner = partner_of(next_seat)
        return partner if partner in self.people and next_seat not in self.people else next_seat

    @property
    def to_play(self) -> int:
        """The seat whose card comes next in the trick (the doubler while a double waits)."""
        return left_of(self.trick.leader, PLAYERS, len(self.trick.plays))


def give_order(dealer: int) -> list[int]:
    """The secret card pass is taken clockwise from the dealer's left (the dealer last)."""
    return clockwise_from(left_of(dealer, PLAYERS), PLAYERS)


def start_deal(state: OnScheduleState) -> None:
    deck = list(DECK)
    state.rng.shuffle(deck)
    reset_deal(state, deal_clockwise(deck, left_of(state.dealer, PLAYERS), PLAYERS, TRICKS))


def reset_deal(state: OnScheduleState, hands: list[list[Card]]) -> None:
    state.phase = "vote"
    state.hands = hands
    state.votes = []
    state.row = []
    state.special = []
    state.gifts = SecretChoices(PLAYERS)
    state.given = [() for _ in range(PLAYERS)]
    state.trick = Trick(left_of(state.dealer, PLAYERS))
    state.completed = []
    state.out_of_play = set()
    state.tricks_won = [0] * PLAYERS
    state.points = [0] * PLAYERS
    state.voids = [set() for _ in range(PLAYERS)]


def lay_out_schedule(state: OnScheduleState) -> list[dict]:
    """Shuffle the 13 votes into the row, mark the special tricks, and move on to the pass."""
    row = list(state.votes)
    state.rng.shuffle(row)
    state.row = row
    state.special = special_tricks(row, state.dealer)
    state.phase = "give"
    return [{"type": "schedule", "row": row_view(state), "special": list(state.special)}]


def row_view(state: OnScheduleState) -> list[dict]:
    return [{"trick": i, "card": c.code, "suit": c.suit, "seat": schedule_owner(c, state.dealer)}
            for i, c in enumerate(state.row, 1)]


def exchange_gifts(state: OnScheduleState) -> None:
    """Every seat has set two cards aside: each pair now goes to the giver's partner."""
    for seat, gift in enumerate(state.gifts.choices):
        assert gift is not None
        state.given[seat] = gift
        receiver = partner_of(seat)
        state.hands[receiver] = sort_hand([*state.hands[receiver], *gift])
    state.phase = "play"


def settle_deal(state: OnScheduleState, passed_by: int | None = None) -> tuple[dict, list[dict]]:
    """The end of a deal: team totals, the victory point to the higher team (none on a tie) or, when
    a double was passed, to the doubling team `passed_by`, and the deal's summary. The one place a
    deal's stake is awarded: the match multiplies the victory point by the cube's value. Returns
    the summary and the cube's events."""
    team_points = [state.points[0] + state.points[2], state.points[1] + state.points[3]]
    if passed_by is not None:
        winner_team: int | None = passed_by
    elif team_points[0] == team_points[1]:
        winner_team = None
    else:
        winner_team = 0 if team_points[0] > team_points[1] else 1
    stake = state.match.value
    events = state.match.settle(winner_team, passed=passed_by is not None)
    summary = {
        "deal": state.deal, "dealer": state.dealer, "row": row_view(state), "special": list(state.special),
        "points": list(state.points), "tricks": list(state.tricks_won), "team_points": team_points,
        "winner_team": winner_team, "victory_points": list(state.match.scores),
    }
    if state.match.cube:
        summary.update(stake=stake, passed=passed_by is not None)
    state.summaries.append(summary)
    return summary, events


def match_winner(state: OnScheduleState) -> int | None:
    return state.match.winner


class OnScheduleRules(Rules[OnScheduleState]):
    game_id = "on_schedule"
    title: ClassVar[dict[str, str]] = {"en": "On Schedule", "ja": "オン・スケジュール"}
    min_players = max_players = PLAYERS
    options = (
        Option(
            name="cube", type="bool", default=False,
            label={"en": "Doubling cube", "ja": "ダブリングキューブ"},
            help={
                "en": "Play a match with a doubling cube: before one of your team's card plays you may offer to "
                      "double the deal's victory points; the other team takes (and owns the cube) or passes "
                      "(and loses the deal at the stake before the double).",
                "ja": "ダブリングキューブを使ったマッチ。自チームのカードを出す前に、このディールの勝利点を2倍にする"
                      "提案（ダブル）ができます。相手チームはテイク（キューブを受け取る）かパス（ダブル前の"
                      "点数でこのディールを失う）を選びます。",
            },
        ),
        Option(
            name="match_to", type="int", default=TARGET, minimum=1, maximum=MAX_TARGET,
            label={"en": "Victory points to win", "ja": "勝利に必要な勝利点"},
            help={
                "en": "The first team to this many victory points wins the match (3 in the original; 7 suits the "
                      "doubling cube).",
                "ja": "この勝利点に先に達したチームがマッチに勝ちます（原作は3。ダブリングキューブなら7がおすすめ）。",
            },
        ),
        Option(
            name="crawford", type="bool", default=True,
            label={"en": "Crawford rule", "ja": "クロフォード・ルール"},
            applies_when=(("cube", (True,)),),
            help={
                "en": "With the doubling cube: no doubling in the first deal after a team comes within one victory "
                      "point of winning.",
                "ja": "ダブリングキューブ使用時：どちらかのチームが勝利まであと1点になった直後のディールではダブル"
                      "できません。",
            },
        ),
        Option(
            name="show_played", type="bool", default=False,
            label={"en": "Show played cards", "ja": "出た札を表示"},
            help={
                "en": "An assist: every finished trick of the deal stays face up in the record. Without it, as in "
                      "the original, the last trick stays in view and of earlier tricks only the point cards: "
                      "remembering the rest is part of the game.",
                "ja": "アシスト機能：このディールで終わったトリックの札をすべて表向きのまま記録に残します。オフの"
                      "ときは原作どおり、見えるのは直前のトリックと、それより前のトリックの得点札だけ。残りの札を"
                      "覚えておくのもゲームのうちです。",
            },
        ),
    )

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict, rng: Rng, setup: dict | None) -> OnScheduleState:
        dealer = rng.below(PLAYERS)  # drawn even with a set-up dealer, so the deck stream is the same
        state = OnScheduleState(rng=rng, dealer=dealer, match=match_from_options(options),
                                show_played=options["show_played"])
        if setup is None:
            start_deal(state)
        else:
            apply_setup(state, setup)
        return state

    # --- the rules ----------------------------------------------------------------------------
    def current_player(self, state: OnScheduleState) -> int | None:
        return state.current

    def legal_actions(self, state: OnScheduleState) -> list[dict]:
        seat = state.current
        if seat is None:
            return []
        if state.phase == "vote":
            suits = {c.suit for c in pile_of(seat, state.dealer, state.votes)}
            return [{"type": "vote", "suit": s} for s in SUITS if s in suits]
        hand = state.hands[seat]
        if state.phase == "give":
            return [{"type": "give", "cards": [a.code, b.code]} for a, b in combinations(hand, GIFT_SIZE)]
        if state.match.offered_by is not None:
            return state.match.actions(team_of(seat), turn_start=False)
        plays = [{"type": "play", "card": c.code} for c in playable_cards(hand, state.trick.led_suit)]
        return plays + state.match.actions(team_of(seat), turn_start=True)

    def explain_illegal(self, state: OnScheduleState, action: dict) -> str | None:
        seat = state.current
        if seat is None:
            return None
        if state.match.cube and (state.match.offered_by is not None or action.get("type") in CUBE_ACTIONS):
            return state.match.explain(action, team_of(seat), turn_start=state.phase == "play")
        hand = codes(state.hands[seat])
        if state.phase == "give" and action.get("type") == "give":
            given = action.get("cards")
            if not isinstance(given, list) or len(given) != GIFT_SIZE:
                return f"give names {GIFT_SIZE} cards from your hand"
            missing = [c for c in given if c not in hand]
            if missing:
                return f"{missing!r} not in your hand"
            if given[0] == given[1]:
                return "give two different cards"
            return f"name the two cards in hand order: {sorted(given, key=hand.index)!r}"
        if state.phase == "play" and action.get("type") == "play":
            code = action.get("card")
            if code not in hand:
                return f"{code!r} is not in your hand"
            return f"you must follow suit ({state.trick.led_suit})"
        return None

    def apply(self, state: OnScheduleState, action: dict) -> list[dict]:
        kind = action["type"]
        seat = state.current
        assert seat is not None
        if kind == "double":
            return [state.match.double(team_of(seat), seat)]
        if kind == "take":
            return [state.match.take(seat)]
        if kind == "pass":
            doubler = state.match.offered_by
            return [{"type": "passed", "seat": seat, "side": team_of(seat)}, *self._end_deal(state, doubler)]
        if kind == "vote":
            return self._vote(state, action["suit"])
        if kind == "give":
            return self._give(state, tuple(cards(action["cards"])))
        return self._play(state, card(action["card"]))

    def _vote(self, state: OnScheduleState, suit: str) -> list[dict]:
        seat = state.current
        assert seat is not None
        cast = next(c for c in pile_of(seat, state.dealer, state.votes) if c.suit == suit)
        state.votes.append(cast)
        events = [{"type": "voted", "seat": seat, "vote": len(state.votes), "suit": suit, "card": cast.code}]
        if len(state.votes) == TRICKS:
            events += lay_out_schedule(state)
        return events

    def _give(self, state: OnScheduleState, gift: tuple[Card, ...]) -> list[dict]:
        seat = state.current
        assert seat is not None
        state.gifts.choose(seat, gift)
        state.hands[seat] = [c for c in state.hands[seat] if c not in gift]  # set aside, face down
        events: list[dict] = [{"type": "gave", "seat": seat}]  # which cards stays secret
        if state.gifts.complete:
            exchange_gifts(state)
            events.append({"type": "cards_passed", "leader": state.trick.leader})
        return events

    def _play(self, state: OnScheduleState, played: Card) -> list[dict]:
        seat = state.current
        assert seat is not None
        winner = play_to_trick(state.trick, seat, played, state.hands[seat], state.voids[seat], PLAYERS, state.trump)
        events: list[dict] = [{"type": "played", "seat": seat, "card": played.code}]
        if winner is None:
            return events
        number = state.trick_number
        multiplier = trick_multiplier(number, winner, state.special)
        points = multiplier * sum(card_points(c) for _, c in state.trick.plays)
        done = CompletedTrick(number, state.trick.leader, state.trick.plays, winner, points, multiplier == 2)
        state.completed.append(done)
        state.out_of_play.update(c for _, c in state.trick.plays)
        state.tricks_won[winner] += 1
        state.points[winner] += points
        state.trick = Trick(winner)
        events.append({"type": "trick_won", **done.to_view()})
        if number == TRICKS:
            events += self._end_deal(state)
        return events

    def _end_deal(self, state: OnScheduleState, passed_by: int | None = None) -> list[dict]:
        summary, cube_events = settle_deal(state, passed_by)
        events: list[dict] = [{"type": "deal_over", "summary": summary}, *cube_events]
        if match_winner(state) is not None:
            return [*events, end_game(state, self.result)]
        return [*events, next_deal(state, PLAYERS, start_deal)]

    # --- what each seat sees ------------------------------------------------------------------
    def view(self, state: OnScheduleState, seat: int | None) -> dict:
        """What `seat` (None: a spectator) sees on the table now. As in the original rules, a finished
        trick is turned over: the last one stays in view until the next is finished, and of the earlier
        ones only their point cards show (`CompletedTrick.face_down_view`). Which cards are gone and who
        is out of which suit are then for the players to remember, so the view leaves out `out_of_play`
        and `voids`. The `show_played` assist keeps every finished trick face up, with both."""
        seen = self._seen(state, seat)
        if state.show_played:
            return seen
        *earlier, last = state.completed or [None]
        del seen["out_of_play"], seen["voids"]
        seen["played"] = [t.face_down_view() for t in earlier] + ([] if last is None else [last.to_view()])
        return seen

    def remembered_view(self, state: OnScheduleState, seat: int) -> dict:
        """Everything `seat` has seen: each finished trick was in full view before it was turned over,
        so a bot, which remembers, decides from the full record whatever the table still shows."""
        return self._seen(state, seat)

    def _seen(self, state: OnScheduleState, seat: int | None) -> dict:
        own_gift = state.gifts.choices[seat] if seat is not None else None
        exchanged = state.phase in ("play", "over")
        return {
            "game": self.game_id,
            "seat": seat,
            "players": PLAYERS,
            "phase": state.phase,
            "current_player": state.current,
            "deal": state.deal,
            "dealer": state.dealer,
            "target": state.match.target,
            "victory_points": list(state.match.scores),
            "piles": [codes(pile_of(s, state.dealer, state.votes)) for s in range(PLAYERS)],
            "votes": [{"seat": voter(state.dealer, i), "card": c.code, "suit": c.suit}
                      for i, c in enumerate(state.votes)],
            "row": row_view(state),
            "special": list(state.special),
            "trump": state.trump,
            "hand": codes(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "chosen": state.gifts.chosen_by() if state.phase == "give" else None,
            "gave": codes(own_gift) if own_gift is not None else None,
            "received": codes(state.given[partner_of(seat)]) if seat is not None and exchanged else None,
            "leader": state.trick.leader,
            "trick": state.trick.to_view(),
            "trick_number": state.trick_number,
            "tricks_per_deal": TRICKS,
            "tricks": list(state.tricks_won),
            "points": list(state.points),
            "played": [t.to_view() for t in state.completed],
            "out_of_play": codes(sort_hand(state.out_of_play)),
            "voids": [sorted(v) for v in state.voids],
            "deals": [dict(s) for s in state.summaries],
            **self._cube_view(state, seat),
        }

    def _cube_view(self, state: OnScheduleState, seat: int | None) -> dict:
        """The cube and the match, only when the game is played with the cube."""
        if not state.match.cube:
            return {}
        may_double = seat is not None and seat == state.current and {"type": "double"} in self.legal_actions(state)
        side = None if seat is None else team_of(seat)
        return {"cube": state.match.cube_view(side, may_double), "match": state.match.match_view()}

    def result(self, state: OnScheduleState) -> dict:
        team = match_winner(state)
        return {
            "scores": [state.match.scores[team_of(s)] for s in range(PLAYERS)],
            "winners": [s for s in range(PLAYERS) if team_of(s) == team] if team is not None else [],
            "team_scores": list(state.match.scores),
            "winning_team": team,
            "deals": state.deal,
        }

    def copy_state(self, state: OnScheduleState) -> OnScheduleState:
        return OnScheduleState(
            rng=state.rng.copy(), dealer=state.dealer, deal=state.deal, phase=state.phase,
            hands=[list(h) for h in state.hands], votes=list(state.votes), row=list(state.row),
            special=list(state.special), gifts=state.gifts.copy(), given=list(state.given),
            trick=state.trick.copy(), completed=list(state.completed), out_of_play=set(state.out_of_play),
            tricks_won=list(state.tricks_won), points=list(state.points), voids=[set(v) for v in state.voids],
            match=state.match.copy(), summaries=list(state.summaries), people=state.people,
            show_played=state.show_played,
        )

    def seat_people(self, state: OnScheduleState, people: frozenset[int]) -> None:
        state.people = people

    # --- bots ---------------------------------------------------------------------------------
    def sample_state(self, view: dict, rng: Rng) -> OnScheduleState:
        return sample_state(view, rng)

    def policy_action(self, state: OnScheduleState, rng: Rng) -> dict:
        return policy_action(state, rng)

    def search_actions(self, view: dict, legal: list[dict]) -> list[dict]:
        """What the hard bot compares. The 78 possible gifts are too many to try each: the pairs among
        the six cards the normal policy would most like to give. In play, one card of each run of
        equivalent cards (see `equivalent_plays`), so the samples go to choices that differ."""
        if view["phase"] == "give":
            votes = [(v["seat"], v["suit"]) for v in view["votes"]]
            shortlist = {c.code for c in gift_preference(cards(view["hand"]), votes, view["seat"])[:GIFT_SHORTLIST]}
            return [a for a in legal if set(a["cards"]) <= shortlist]
        if view["phase"] == "play":
            gone = set(view["out_of_play"]) | {p["card"] for p in view["trick"]}
            kept = {c.code for c in distinct_plays(cards(a["card"] for a in legal), gone)}
            return [a for a in legal if a["card"] in kept]
        return legal

    def playout_done(self, start: OnScheduleState, state: OnScheduleState) -> bool:
        # a hard bot looks to the end of the deal: later deals are new shuffles it cannot foresee
        return state.phase == "over" or state.deal != start.deal

    def evaluate(self, state: OnScheduleState, seat: int) -> float:
        return evaluate(state, seat)

    # --- the doubling cube --------------------------------------------------------------------
    def cube_match(self, state: OnScheduleState) -> Match | None:
        return state.match if state.match.cube else None

    def side_of(self, seat: int) -> int:
        return team_of(seat)

    def win_chance(self, view: dict) -> float:
        return win_chance(view)


# --- explicit set-ups (format: docs/games/on_schedule.md) ---------------------------------------------

SETUP_KEYS = frozenset({"dealer", "deal", "victory_points", "hands", "votes", "row", "gave", "tricks",
                        "points", "leader", "cube", "crawford_done"})


def apply_setup(state: OnScheduleState, setup: dict) -> None:
    check_setup_keys(setup, SETUP_KEYS)
    state.dealer = setup_seat(setup, "dealer", state.dealer, PLAYERS)
    state.deal = setup_deal(setup)
    state.match.scores = check_scores(state.match, setup.get("victory_points", [0, 0]), "victory_points")
    state.match.games = state.deal - 1
    if "hands" not in setup:
        needing = sorted(set(setup) & {"votes", "row", "gave", "tricks", "points", "leader"})
        if needing:
            raise BadSetup(f"{', '.join(needing)} need hands too")
        start_deal(state)
    else:
        _setup_cards(state, setup)
    doubler = team_of(state.to_play) if state.phase == "play" else None
    setup_cube(state.match, setup.get("cube"), setup.get("crawford_done"), doubler)


def _card_lists(value: object, name: str, count: int) -> list[list[Card]]:
    if not isinstance(value, list) or len(value) != count or not all(isinstance(x, list) for x in value):
        raise BadSetup(f"{name} must be {count} lists of cards")
    return [cards(x) for x in value]


def _four_counts(value: object, name: str) -> list[int]:
    if not isinstance(value, list) or len(value) != PLAYERS or any(type(n) is not int or n < 0 for n in value):
        raise BadSetup(f"{name} must be four whole numbers of at least 0")
    return list(value)


def _setup_schedule(setup: dict) -> tuple[list[Card], list[Card] | None]:
    """The votes cast so far and the row, checked against the piles and the vote order."""
    row = cards(setup["row"]) if isinstance(setup.get("row"), list) else None
    if "row" in setup and row is None:
        raise BadSetup("row must be a list of 13 schedule cards")
    if row is not None:
        if len(row) != TRICKS or len(set(row)) != TRICKS:
            raise BadSetup(f"row must be {TRICKS} different schedule cards")
        by_role = [sum(ROLE_OF_RANK[c.rank] == role for c in row) for role in range(PLAYERS)]
        if by_role != list(VOTES_PER_ROLE):
            raise BadSetup(f"row must hold {VOTES_PER_ROLE[0]} cards A-4 (the dealer's) and 3 each of 5-7, "
                           f"8-10 and J-K (votes per seat), not {by_role}")
    if "votes" not in setup:
        # without a record of the votes, each seat's row cards are taken as cast in row order
        votes = [] if row is None else _votes_from_row(row)
    else:
        if not isinstance(setup["votes"], list):
            raise BadSetup("votes must be a list of schedule cards in the order cast")
        votes = cards(setup["votes"])
    if len(votes) > TRICKS or len(set(votes)) != len(votes):
        raise BadSetup(f"votes must be at most {TRICKS} different schedule cards")
    for number, vote in enumerate(votes):
        role = VOTE_ROLES[number]
        if ROLE_OF_RANK[vote.rank] != role:
            raise BadSetup(f"vote {number + 1} is cast by the {ROLE_NAMES[role]}, whose pile is "
                           f"{PILE_NAMES[role]}: {vote.code} is not in it")
    if row is not None and sorted(votes, key=DECK.index) != sorted(row, key=DECK.index):
        raise BadSetup("the row must be the 13 votes, shuffled")
    return votes, row


def _votes_from_row(row: list[Card]) -> list[Card]:
    left = [[c for c in row if ROLE_OF_RANK[c.rank] == role] for role in range(PLAYERS)]
    return [left[role].pop(0) for role in VOTE_ROLES]


def _setup_cards(state: OnScheduleState, setup: dict) -> None:
    hands = _card_lists(setup["hands"], "hands", PLAYERS)
    every = [c for h in hands for c in h]
    if len(set(every)) != len(every):
        raise BadSetup("a card appears twice in the hands")
    size = len(hands[0])
    if any(len(h) != size for h in hands) or not 1 <= size <= TRICKS:
        raise BadSetup(f"hands must all hold the same number of cards, 1 to {TRICKS}")
    votes, row = _setup_schedule(setup)
    played = TRICKS - size
    if played and row is None:
        raise BadSetup("tricks have been played (hands are short): give the row too")
    if len(votes) < TRICKS:
        extra = sorted(set(setup) & {"gave", "tricks", "points", "leader"})
        if extra:
            raise BadSetup(f"{', '.join(extra)} come after the voting: give all 13 votes or the row")
    gave = None
    if setup.get("gave") is not None:
        gave = [tuple(g) for g in _card_lists(setup["gave"], "gave", PLAYERS)]
        held_or_gone = set(DECK) - set(every)
        for seat, gift in enumerate(gave):
            receiver = partner_of(seat)
            if len(gift) != GIFT_SIZE or len(set(gift)) != GIFT_SIZE:
                raise BadSetup(f"gave lists {GIFT_SIZE} different cards for each seat")
            if any(c not in hands[receiver] and c not in held_or_gone for c in gift):
                raise BadSetup(f"seat {seat} gave {codes(gift)}: they must be in seat {receiver}'s hand or played")
        if len({c for g in gave for c in g}) != PLAYERS * GIFT_SIZE:
            raise BadSetup("a card was given twice")
    tricks = _four_counts(setup.get("tricks", [0] * PLAYERS), "tricks")
    if sum(tricks) != played:
        raise BadSetup(f"tricks must be four counts adding up to {played} (tricks already played)")
    points = _four_counts(setup.get("points", [0] * PLAYERS), "points")
    out_of_play = set(DECK) - set(every)
    if sum(points) > 2 * sum(map(card_points, out_of_play)):
        raise BadSetup("more points than the point cards already played could have scored")
    leader = setup_seat(setup, "leader", left_of(state.dealer, PLAYERS), PLAYERS)
    reset_deal(state, [sort_hand(h) for h in hands])
    state.votes = votes
    state.trick = Trick(leader)
    if len(votes) < TRICKS:
        return
    if row is None:
        lay_out_schedule(state)
    else:
        state.row = row
        state.special = special_tricks(row, state.dealer)
        state.phase = "give"
    if gave is not None or played:
        state.phase = "play"
        if gave is not None:
            state.given = list(gave)
            state.gifts.choices = list(gave)
        state.tricks_won = tricks
        state.points = points
        state.out_of_play = out_of_play


# --- bots: sampling the unseen cards, a quick partner-aware policy, and the value of a deal ------------

def sample_state(view: dict, rng: Rng) -> OnScheduleState:
    """A full state consistent with what one seat has seen (its remembered view: every finished trick in
    full, as the seat saw it before it was turned over): the cards it cannot see dealt at random to the
    other hands (and to the face-down gifts of seats that have already chosen theirs), keeping the
    cards it gave its partner in the partner's hand until played, and never giving a player a suit
    they have shown to be out of."""
    seat = view["seat"]
    phase = view["phase"]
    state = OnScheduleState(rng=Rng(rng.next_u64()), dealer=view["dealer"], deal=view["deal"], phase=phase)
    own = cards(view["hand"])
    own_gift = tuple(cards(view["gave"])) if view["gave"] is not None else None
    state.votes = [card(v["card"]) for v in view["votes"]]
    state.row = [card(r["card"]) for r in view["row"]]
    state.special = list(view["special"])
    state.trick = Trick(view["leader"], [(p["seat"], card(p["card"])) for p in view["trick"]])
    state.completed = [
        CompletedTrick(t["trick"], t["leader"], [(p["seat"], card(p["card"])) for p in t["plays"]], t["winner"],
                       t["points"], t["doubled"])
        for t in view["played"]
    ]
    state.out_of_play = set(cards(view["out_of_play"]))
    on_table = state.out_of_play | {c for _, c in state.trick.plays}
    partner = partner_of(seat)
    # after the pass, the cards this seat gave are in its partner's hand until they are played
    pinned = [c for c in own_gift if c not in on_table] if phase == "play" and own_gift else []
    seen = set(own) | on_table | set(own_gift or ())
    unseen = [c for c in DECK if c not in seen]
    capacity: dict[object, int] = {}
    for other in range(PLAYERS):
        if other != seat:
            capacity[other] = view["hand_sizes"][other] - (len(pinned) if other == partner else 0)
            if phase == "give" and view["chosen"][other]:
                capacity[other, "gift"] = GIFT_SIZE
    voids = [set(v) for v in view["voids"]]

    def allowed(holder: object, c: Card) -> bool:
        owner = holder[0] if isinstance(holder, tuple) else holder
        return c.suit not in voids[owner]

    dealt = deal_unseen(unseen, capacity, allowed, rng, quick_tries=QUICK_DEAL_TRIES)
    state.hands = [list(own) if s == seat else sort_hand(dealt[s] + (pinned if s == partner else []))
                   for s in range(PLAYERS)]
    if phase == "give":
        for other in range(PLAYERS):
            gift = own_gift if other == seat else tuple(dealt.get((other, "gift"), ()))
            if gift:
                state.gifts.choose(other, gift)
    elif own_gift is not None:
        state.gifts.choices[seat] = own_gift
        state.given[seat] = own_gift
        state.given[partner] = tuple(cards(view["received"] or []))
    state.tricks_won = list(view["tricks"])
    state.points = list(view["points"])
    state.voids = voids
    plain = Match(view["target"], scores=list(view["victory_points"]), games=view["deal"] - 1)
    state.match = match_from_view(view) if "cube" in view else plain
    state.summaries = [dict(s) for s in view["deals"]]
    # whoever the view shows to move moves in the sample too (a person answering a double for the team)
    state.people = frozenset() if view["current_player"] is None else frozenset({view["current_player"]})
    return state


def policy_action(state: OnScheduleState, rng: Rng) -> dict:
    """The 'normal' play of On Schedule, from the mover's hand and public facts only."""
    seat = state.current
    assert seat is not None
    if state.match.offered_by is not None:
        return {"type": "take"}  # play-outs never double and always take: the play decides them
    if state.phase == "vote":
        return {"type": "vote", "suit": _vote_suit(state, seat, rng)}
    if state.phase == "give":
        return {"type": "give", "cards": codes(_gift(state, seat))}
    return {"type": "play", "card": _play_card(state, seat).code}


def _vote_suit(state: OnScheduleState, seat: int, rng: Rng) -> str:
    """Vote for the suit the hand holds strongly (length and honours); the partner's votes show
    its strong suits, worth backing, and the opponents' votes theirs, worth not adding to."""
    strength = dict.fromkeys(SUITS, 0.0)
    for c in state.hands[seat]:
        strength[c.suit] += 1.0 + 0.4 * max(0, c.rank - 9)
    for number, vote in enumerate(state.votes):
        who = voter(state.dealer, number)
        if who != seat:
            strength[vote.suit] += 0.8 if who == partner_of(seat) else -0.8
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


def _play_card(state: OnScheduleState, seat: int) -> Card:
    """Pick the card with the best rough expectation for the team: the trick's points (doubled
    where the winner's special trick or trick 13 makes them so) times the chance the team takes
    them, minus what the card would be worth later (high cards in suits that will be trump)."""
    hand = state.hands[seat]
    options = playable_cards(hand, state.trick.led_suit)
    if len(options) == 1:
        return options[0]
    plays = state.trick.plays
    number = state.trick_number
    trump = state.row[number - 1].suit
    partner = partner_of(seat)
    # the ranks, by suit, this seat cannot place: not in its hand, not on the table, not given to its partner
    placed: dict[str, set[int]] = {s: set() for s in SUITS}
    for group in (hand, state.out_of_play, state.given[seat], [c for _, c in plays]):
        for c in group:
            placed[c.suit].add(c.rank)
    unknown = {s: [r for r in range(2, 15) if r not in placed[s]] for s in SUITS}
    hidden = max(1, sum(map(len, unknown.values())))
    density = sum(1 for ranks in unknown.values() for r in ranks if r >= 10) / hidden
    later = [left_of(seat, PLAYERS, k) for k in range(1, PLAYERS - len(plays))]
    opponents_later = [s for s in later if s != partner]
    special = state.special
    remaining = TRICKS - number
    future = dict.fromkeys(SUITS, 0.0)
    for later_trick in range(number + 1, TRICKS + 1):
        # the tricks that score double for this seat matter twice as much
        weight = 2.0 if later_trick in (TRICKS, special[seat]) else 1.0
        future[state.row[later_trick - 1].suit] += weight / max(1, remaining)
    opponents = (left_of(seat, PLAYERS), left_of(partner, PLAYERS))
    opponent_multiplier = max(trick_multiplier(number, s, special) for s in opponents)
    table_points = sum(card_points(c) for _, c in plays)
    beat_chances: dict[tuple[int, Card], float] = {}

    def chance_to_beat(other: int, top: Card, led: str) -> float:
        """Rough chance that `other`, still to play, holds and can play a card beating `top`
        (a trump only when out of the led suit)."""
        key = (other, top)
        if key not in beat_chances:
            share = min(1.0, len(state.hands[other]) / hidden)
            voids = state.voids[other]
            void_in_led = 1.0 if led in voids else (1.0 - share) ** len(unknown[led])
            higher = 0 if top.suit in voids else sum(1 for r in unknown[top.suit] if r > top.rank)
            if top.suit != led:  # top is a trump played on another suit
                beaters = higher * void_in_led
            elif top.suit != trump and trump not in voids:
                beaters = higher + len(unknown[trump]) * void_in_led
            else:
                beaters = higher
            beat_chances[key] = 1.0 - (1.0 - share) ** beaters
        return beat_chances[key]

    def value(c: Card) -> float:
        trick = [*plays, (seat, c)]
        led = trick[0][1].suit
        top_seat = trick_winner(trick, trump)
        top = next(x for s, x in trick if s == top_seat)
        hold = 1.0
        for other in opponents_later:
            hold *= 1.0 - chance_to_beat(other, top, led)
        if team_of(top_seat) == team_of(seat):
            team_chance, team_multiplier = hold, trick_multiplier(number, top_seat, special)
        elif partner in later:
            team_chance, team_multiplier = chance_to_beat(partner, top, led), trick_multiplier(number, partner, special)
        else:
            team_chance, team_multiplier = 0.0, 1
        points = table_points + card_points(c) + density * len(later)
        keep = (c.rank - 2) / 12 * (0.3 + 1.2 * future[c.suit])
        return team_chance * points * team_multiplier - (1 - team_chance) * points * opponent_multiplier - keep

    return max(options, key=value)


def evaluate(state: OnScheduleState, seat: int) -> float:
    """Value of a finished deal for `seat`'s team, in [0, 1]: mostly whether the team won the deal
    (or the match), then by how many points."""
    team = team_of(seat)
    last = state.summaries[-1] if state.summaries else None
    if last is None:
        return 0.5
    margin = last["team_points"][team] - last["team_points"][1 - team]
    sign = (margin > 0) - (margin < 0)
    # the margin, not only its sign: a smoother signal from few play-outs
    deal_value = 0.5 + 0.1 * sign + 0.4 * max(-1.0, min(1.0, margin / 20))
    if state.phase == "over":
        return 0.8 * (match_winner(state) == team) + 0.2 * deal_value
    return deal_value


ON_SCHEDULE = OnScheduleRules()


def win_chance(view: dict) -> float:
    """The normal bot's estimate that the viewing seat's team wins this deal (a tie counts half), from
    the view: the team point lead so far against what is still to be won. Each point card not yet in
    a finished trick is worth at most 2 (doubled), so a lead above twice their number is decided; short
    of that, a logistic in the lead over the spread of what remains (about 1.2 × the square root of
    it), plus a little for the point cards in the viewer's own hand."""
    team = team_of(view["seat"])
    points = view["points"]
    lead = points[team] + points[team + 2] - points[1 - team] - points[3 - team]
    gone = cards(view["out_of_play"])
    left = sum(card_points(c) for c in DECK if c not in set(gone))
    most = 2 * left
    if lead > most:
        return 1.0
    if -lead > most:
        return 0.0
    own = sum(card_points(c) for c in cards(view["hand"]))
    expected_own = left / PLAYERS
    return logistic((lead + 0.5 * (own - expected_own)) / (1.2 * math.sqrt(left) + 0.5))
