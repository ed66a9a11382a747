"""Roller Derby (ローラー・ダービー): dice set the number of tricks a partnership must take exactly.
Rules and the project's decisions: docs/games/roller_derby.md (the original Japanese post follows Neal Lyons).

Each deal the player left of the dealer (the roller) rolls two dice: their sum is the number of tricks
the roller's team must take, exactly. Partners exchange three cards (the rolling team first), the
roller names trump (or no trump) and may declare All or Nothing (all 13 tricks or none), then 13 tricks
are played: follow suit, else trump if able, else any card. Only the rolling team scores: 100 less 10
per trick off the target (never below 0), or 150/0 for All or Nothing. After the agreed number of deals
the higher total wins. Variants (options, in any combination): jokers for sale (the roller buys up to
two jokers for 9 points each, discarding a card for each; a joker is played as any suit, highest or
lowest), one twelve-sided die, and the roller's privilege (the roller sees the partner's three cards
before choosing the three to give back).

Decisions followed (from the digest): no trump may be named; a deal score may go below 0 by the jokers'
cost; with jokers for sale the order is roll, name trump, buy jokers, exchange, All or Nothing, play.
Decisions taken here are listed in docs/games/roller_derby.md.

A deal is scored in `settle_deal` only: the one place a deal's stake is awarded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from .cards import JOKERS, SUITS, Card, Joker, card_or_joker, deal_clockwise, french_deck, sort_hand
from .errors import BadSetup
from .game import Option, Rules, check_setup_keys, setup_seat
from .rng import Rng
from .search import deal_unseen
from .seats import SecretChoices, left_of, partner_of, team_of
from .tricks import PlayedCard, Trick, end_game, follow_or_trump, next_deal, play_to_trick, trick_winner

PLAYERS = 4
TRICKS = 13  # also the hand size
PASS_SIZE = 3
MAX_JOKERS = 2
JOKER_PRICE = 9
EXACT_POINTS = 100
POINTS_PER_TRICK_OFF = 10
ALL_OR_NOTHING_POINTS = 150
NO_TRUMP = "NT"
SUIT_LIST = tuple(SUITS)  # `x in SUIT_LIST` is safe for any x (`in "SHDC"` fails on non-strings)
TRUMP_CALLS = (*SUITS, NO_TRUMP)
HIGH, LOW = "high", "low"
DECK = tuple(french_deck())
JOKER_CODES = tuple(j.code for j in JOKERS)  # a tuple: `x in` it is safe for unhashable x
# The steps of a deal, in order; "discard" follows "buy" while the roller owes discards.
BASE_STEPS = ("roll", "exchange", "trump", "declare", "play")
JOKER_STEPS = ("roll", "trump", "buy", "exchange", "declare", "play")

Held = Card | Joker  # what a hand holds


@dataclass(frozen=True, slots=True)
class DeclaredJoker:
    """A joker on the table, standing for the highest or lowest card of the suit declared when it was
    played. Ranks 15 and 1 put it above the ace or below the two; two jokers declared alike tie, and the
    trick rules keep the first played ahead."""

    joker: Joker
    suit: str
    high: bool

    @property
    def rank(self) -> int:
        return 15 if self.high else 1

    @property
    def code(self) -> str:
        return self.joker.code


Played = Card | DeclaredJoker  # what lies on the table


@dataclass(frozen=True, slots=True)
class Variant:
    deals: int = 4
    jokers: bool = False
    d12: bool = False
    privilege: bool = False

    @property
    def steps(self) -> tuple[str, ...]:
        return JOKER_STEPS if self.jokers else BASE_STEPS


def deal_score(target: int, tricks: int, all_or_nothing: bool) -> int:
    """The rolling team's points for its tricks (before any jokers' cost)."""
    if all_or_nothing:
        return ALL_OR_NOTHING_POINTS if tricks in (0, TRICKS) else 0
    return max(0, EXACT_POINTS - POINTS_PER_TRICK_OFF * abs(tricks - target))


def sort_held(items: Iterable[Held]) -> list[Held]:
    """Jokers first, then the cards as players hold them."""
    items = list(items)
    jokers: list[Held] = sorted((j for j in items if isinstance(j, Joker)), key=lambda j: j.number)
    return jokers + list(sort_hand(c for c in items if isinstance(c, Card)))


def joker_suits(naturals: list[Card], led_suit: str | None, trump: str | None) -> list[str]:
    """The suits a joker may be declared as: those a real card of that suit could be played as now
    (the led suit always follows; trump when out of the led suit; any suit when out of both)."""
    if led_suit is None:
        return list(SUITS)
    if any(c.suit == led_suit for c in naturals):
        return [led_suit]
    if trump is not None and any(c.suit == trump for c in naturals):
        return [s for s in SUITS if s in (led_suit, trump)]
    return list(SUITS)


def play_actions(hand: list[Held], led_suit: str | None, trump: str | None) -> list[dict]:
    naturals = [c for c in hand if isinstance(c, Card)]
    actions = [{"type": "play", "card": c.code} for c in follow_or_trump(naturals, led_suit, trump)]
    suits = joker_suits(naturals, led_suit, trump)
    for joker in (j for j in hand if isinstance(j, Joker)):
        actions += [{"type": "play", "card": joker.code, "suit": s, "rank": r} for s in suits for r in (HIGH, LOW)]
    return actions


def distinct_plays(actions: list[dict], led_suit: str | None, trump: str | None) -> list[dict]:
    """The plays that differ in effect: of the joker declarations, one joker's (the two are alike) and,
    when following, one for all the suits that neither follow nor trump (they only discard)."""
    seen: set[tuple[str, str] | str] = set()
    out = []
    for action in actions:
        if "suit" in action:
            discards = led_suit is not None and action["suit"] not in (led_suit, trump)
            key = "discard" if discards else (action["suit"], action["rank"])
            if key in seen:
                continue
            seen.add(key)
        out.append(action)
    return out


def played_from(action: dict) -> tuple[Played, Held]:
    """What a (legal) play action puts on the table, and what leaves the hand."""
    held = card_or_joker(action["card"])
    if isinstance(held, Joker):
        return DeclaredJoker(held, action["suit"], action["rank"] == HIGH), held
    return held, held


def held_card(played: PlayedCard) -> Held:
    """The card or joker that was played as `played`."""
    return played.joker if isinstance(played, DeclaredJoker) else played  # type: ignore[return-value]


def play_view(seat: int, played: PlayedCard) -> dict:
    out = {"seat": seat, "card": played.code, "suit": played.suit}
    if isinstance(played, DeclaredJoker):
        out["rank"] = HIGH if played.high else LOW
    return out


@dataclass(slots=True)
class CompletedTrick:
    number: int
    leader: int
    plays: list[tuple[int, PlayedCard]]
    winner: int

    def to_view(self) -> dict:
        return {"trick": self.number, "leader": self.leader, "plays": [play_view(s, p) for s, p in self.plays],
                "winner": self.winner}


@dataclass(slots=True)
class RollerDerbyState:
    rng: Rng
    variant: Variant
    dealer: int
    deal: int = 1
    phase: str = "roll"  # roll | exchange | trump | buy | discard | declare | play | over
    hands: list[list[Held]] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    trump_call: str | None = None  # a suit or NO_TRUMP once named
    jokers_bought: int = 0
    discards: list[Card] = field(default_factory=list)
    passes: SecretChoices[tuple[Held, ...]] = field(default_factory=lambda: SecretChoices(PLAYERS))
    setting_aside: list[Held] = field(default_factory=list)  # the chooser's cards so far, face down
    exchanged: list[bool] = field(default_factory=lambda: [False, False])  # by team
    all_or_nothing: bool | None = None
    trick: Trick = field(default_factory=lambda: Trick(0))
    completed: list[CompletedTrick] = field(default_factory=list)
    out_of_play: set[Held] = field(default_factory=set)  # in finished tricks this deal (jokers as held)
    tricks_won: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    voids: list[set[str]] = field(default_factory=lambda: [set() for _ in range(PLAYERS)])
    team_scores: list[int] = field(default_factory=lambda: [0, 0])
    summaries: list[dict] = field(default_factory=list)

    @property
    def roller(self) -> int:
        return (self.dealer + 1) % PLAYERS  # left of the dealer

    @property
    def rolling_team(self) -> int:
        return team_of(self.roller)

    @property
    def target(self) -> int | None:
        return sum(self.dice) if self.dice else None

    @property
    def trump(self) -> str | None:
        """The trump suit in play (None for no trump, or before it is named)."""
        return None if self.trump_call in (None, NO_TRUMP) else self.trump_call

    @property
    def rolling_tricks(self) -> int:
        return self.tricks_won[self.roller] + self.tricks_won[partner_of(self.roller)]

    @property
    def tricks_played(self) -> int:
        return sum(self.tricks_won)

    @property
    def current(self) -> int | None:
        if self.phase == "exchange":
            return self.passes.next_chooser(exchange_order(self))
        if self.phase == "play":
            return left_of(self.trick.leader, PLAYERS, len(self.trick.plays))
        if self.phase == "over":
            return None
        return self.roller


def exchange_order(state: RollerDerbyState) -> list[int]:
    """The rolling team gives first (the roller, then the partner; the other way round with the roller's
    privilege), then the other team clockwise from the roller's left."""
    roller = state.roller
    rolling = [roller, partner_of(roller)]
    if state.variant.privilege:
        rolling.reverse()
    return [*rolling, left_of(roller, PLAYERS), left_of(roller, PLAYERS, 3)]


def next_step(state: RollerDerbyState, done: str) -> str:
    steps = state.variant.steps
    return steps[steps.index(done) + 1]


def start_deal(state: RollerDerbyState) -> None:
    deck = list(DECK)
    state.rng.shuffle(deck)
    reset_deal(state, list(deal_clockwise(deck, left_of(state.dealer, PLAYERS), PLAYERS, TRICKS)))


def reset_deal(state: RollerDerbyState, hands: list[list[Held]]) -> None:
    state.phase = "roll"
    state.hands = hands
    state.dice = []
    state.trump_call = None
    state.jokers_bought = 0
    state.discards = []
    state.passes = SecretChoices(PLAYERS)
    state.setting_aside = []
    state.exchanged = [False, False]
    state.all_or_nothing = None
    state.trick = Trick(state.roller)
    state.completed = []
    state.out_of_play = set()
    state.tricks_won = [0] * PLAYERS
    state.voids = [set() for _ in range(PLAYERS)]


def roll_dice(state: RollerDerbyState) -> list[int]:
    if state.variant.d12:
        return [state.rng.below(12) + 1]
    return [state.rng.below(6) + 1, state.rng.below(6) + 1]


def team_done_giving(state: RollerDerbyState, team: int) -> bool:
    return all(state.passes.choices[s] is not None for s in range(PLAYERS) if team_of(s) == team)


def hand_over_gifts(state: RollerDerbyState, team: int) -> None:
    """Both partners of `team` have set their cards aside: each three now go to the other partner."""
    for seat in range(PLAYERS):
        if team_of(seat) == team:
            gift = state.passes.choices[seat]
            assert gift is not None
            receiver = partner_of(seat)
            state.hands[receiver] = sort_held([*state.hands[receiver], *gift])
    state.exchanged[team] = True


def received_by(state: RollerDerbyState, seat: int) -> tuple[Held, ...] | None:
    """The partner's three cards as `seat` may see them: once the team has exchanged, and for the
    roller with the roller's privilege as soon as the partner has chosen them."""
    gift = state.passes.choices[partner_of(seat)]
    if gift is None:
        return None
    if state.exchanged[team_of(seat)] or (state.variant.privilege and seat == state.roller):
        return gift
    return None


def settle_deal(state: RollerDerbyState) -> dict:
    """The end of a deal: the rolling team's points (less the jokers' cost), its total, and the deal's
    summary. The defenders never score. The one place a deal's stake is awarded."""
    target = state.target
    assert target is not None and state.all_or_nothing is not None
    tricks = state.rolling_tricks
    points = deal_score(target, tricks, state.all_or_nothing)
    cost = JOKER_PRICE * state.jokers_bought
    state.team_scores[state.rolling_team] += points - cost
    summary = {
        "deal": state.deal, "dealer": state.dealer, "roller": state.roller, "rolling_team": state.rolling_team,
        "dice": list(state.dice), "target": target, "trump": state.trump_call,
        "all_or_nothing": state.all_or_nothing, "jokers": state.jokers_bought, "tricks": tricks,
        "tricks_by_seat": list(state.tricks_won), "points": points, "joker_cost": cost, "score": points - cost,
        "team_scores": list(state.team_scores),
    }
    state.summaries.append(summary)
    return summary


def winning_team(state: RollerDerbyState) -> int | None:
    """The team with the higher total once the game is over (None while it goes on, or on a draw)."""
    if state.phase != "over" or state.team_scores[0] == state.team_scores[1]:
        return None
    return 0 if state.team_scores[0] > state.team_scores[1] else 1


OPTIONS = (
    Option("deals", "choice", 4, {"en": "Deals", "ja": "ディール数"},
           {"en": "How many deals the game lasts: 4 (short) or 8 (long).",
            "ja": "ゲームのディール数：4（ショート）または8（ロング）。"}, choices=(4, 8),
           choice_labels=({"en": "4 (short)", "ja": "4（ショート）"}, {"en": "8 (long)", "ja": "8（ロング）"})),
    Option("jokers", "bool", False, {"en": "Jokers for sale", "ja": "ジョーカー・セール"},
           {"en": "After naming trump the roller may buy up to two jokers for 9 points each, discarding a card "
                  "for each; a joker is played as any suit, highest or lowest.",
            "ja": "切り札宣言の後、ローラーは1枚9点でジョーカーを2枚まで買え、1枚ごとに手札を1枚捨てる。"
                  "ジョーカーは任意のスートの最強または最弱として出す。"}),
    Option("d12", "bool", False, {"en": "Twelve-sided die", "ja": "12面体ダイス"},
           {"en": "Roll one twelve-sided die instead of two six-sided dice (target 1 to 12).",
            "ja": "六面体ダイス2個の代わりに12面体ダイス1個を振る（目標1〜12）。"}),
    Option("privilege", "bool", False, {"en": "Roller's privilege", "ja": "ローラー特権"},
           {"en": "In the exchange the roller's partner gives first, and the roller sees those three cards "
                  "before choosing the three to give back.",
            "ja": "手札交換でパートナーが先に渡し、ローラーはその3枚を見てから渡す3枚を選ぶ。"}),
)


class RollerDerbyRules(Rules[RollerDerbyState]):
    game_id = "roller_derby"
    title: ClassVar[dict[str, str]] = {"en": "Roller Derby", "ja": "ローラー・ダービー"}
    min_players = max_players = PLAYERS
    options = OPTIONS

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict, rng: Rng, setup: dict | None) -> RollerDerbyState:
        variant = Variant(options["deals"], options["jokers"], options["d12"], options["privilege"])
        dealer = rng.below(PLAYERS)  # drawn even with a set-up dealer, so the deck stream is the same
        state = RollerDerbyState(rng=rng, variant=variant, dealer=dealer)
        if setup is None:
            start_deal(state)
        else:
            apply_setup(state, setup)
        return state

    # --- the rules ----------------------------------------------------------------------------
    def current_player(self, state: RollerDerbyState) -> int | None:
        return state.current

    def legal_actions(self, state: RollerDerbyState) -> list[dict]:
        seat = state.current
        if seat is None:
            return []
        phase = state.phase
        hand = state.hands[seat]
        if phase == "roll":
            return [{"type": "roll"}]
        if phase == "exchange":
            return [{"type": "give", "card": c.code} for c in hand]
        if phase == "trump":
            return [{"type": "trump", "suit": call} for call in TRUMP_CALLS]
        if phase == "buy":
            return [{"type": "buy", "jokers": n} for n in range(MAX_JOKERS + 1)]
        if phase == "discard":
            return [{"type": "discard", "card": c.code} for c in hand if isinstance(c, Card)]
        if phase == "declare":
            return [{"type": "declare", "all_or_nothing": False}, {"type": "declare", "all_or_nothing": True}]
        return play_actions(hand, state.trick.led_suit, state.trump)

    def explain_illegal(self, state: RollerDerbyState, action: dict) -> str | None:
        seat = state.current
        if seat is None:
            return None
        hand = [c.code for c in state.hands[seat]]
        kind = action.get("type")
        if state.phase == "exchange" and kind == "give":
            code = action.get("card")
            return f"{code!r} is not in your hand" if code not in hand else None
        if state.phase == "discard" and kind == "discard":
            code = action.get("card")
            if code in JOKER_CODES:
                return "a joker cannot be discarded: discard a card of your own"
            return f"{code!r} is not in your hand" if code not in hand else None
        if state.phase == "play" and kind == "play":
            return self._explain_play(state, seat, action)
        return None

    def _explain_play(self, state: RollerDerbyState, seat: int, action: dict) -> str | None:
        code = action.get("card")
        if code not in [c.code for c in state.hands[seat]]:
            return f"{code!r} is not in your hand"
        led, trump = state.trick.led_suit, state.trump
        naturals = [c for c in state.hands[seat] if isinstance(c, Card)]
        if code in JOKER_CODES:
            if action.get("suit") not in SUIT_LIST or action.get("rank") not in (HIGH, LOW):
                return 'a joker is played with a "suit" (S, H, D or C) and a "rank" ("high" or "low")'
            allowed = joker_suits(naturals, led, trump)
            if action["suit"] not in allowed:
                return f"the joker must obey the play rules for the suit declared: it may be {allowed} now"
            return "that combination is not allowed now"
        if set(action) != {"type", "card"}:
            return "only a joker is played with a suit and a rank"
        if any(c.suit == led for c in naturals):
            return f"you must follow suit ({led})"
        return f"you must trump ({trump}): you have no {led}"

    def apply(self, state: RollerDerbyState, action: dict) -> list[dict]:
        kind = action["type"]
        seat = state.current
        assert seat is not None
        if kind == "roll":
            return self._roll(state, seat)
        if kind == "give":
            return self._give(state, seat, card_or_joker(action["card"]))
        if kind == "trump":
            state.trump_call = action["suit"]
            state.phase = next_step(state, "trump")
            return [{"type": "trump_named", "seat": seat, "trump": state.trump_call}]
        if kind == "buy":
            return self._buy(state, seat, action["jokers"])
        if kind == "discard":
            return self._discard(state, seat, card_or_joker(action["card"]))
        if kind == "declare":
            state.all_or_nothing = action["all_or_nothing"]
            state.phase = "play"
            return [{"type": "declared", "seat": seat, "all_or_nothing": state.all_or_nothing}]
        return self._play(state, seat, action)

    def _roll(self, state: RollerDerbyState, seat: int) -> list[dict]:
        state.dice = roll_dice(state)
        state.phase = next_step(state, "roll")
        return [{"type": "rolled", "seat": seat, "dice": list(state.dice), "target": state.target}]

    def _give(self, state: RollerDerbyState, seat: int, given: Held) -> list[dict]:
        """Set one card aside, face down; the third completes the seat's (secret) choice."""
        state.hands[seat].remove(given)
        state.setting_aside.append(given)
        events: list[dict] = [{"type": "set_aside", "seat": seat, "count": len(state.setting_aside)}]
        if len(state.setting_aside) < PASS_SIZE:
            return events
        state.passes.choose(seat, tuple(state.setting_aside))
        state.setting_aside = []
        events.append({"type": "gave", "seat": seat})  # which cards stays secret
        team = team_of(seat)
        if team_done_giving(state, team):
            hand_over_gifts(state, team)
            events.append({"type": "cards_passed", "team": team})
            if all(state.exchanged):
                state.phase = next_step(state, "exchange")
        return events

    def _buy(self, state: RollerDerbyState, seat: int, count: int) -> list[dict]:
        state.jokers_bought = count
        state.hands[seat] = sort_held([*state.hands[seat], *JOKERS[:count]])
        state.phase = "discard" if count else next_step(state, "buy")
        return [{"type": "jokers_bought", "seat": seat, "jokers": count, "cost": JOKER_PRICE * count}]

    def _discard(self, state: RollerDerbyState, seat: int, discarded: Held) -> list[dict]:
        assert isinstance(discarded, Card)
        state.hands[seat].remove(discarded)
        state.discards.append(discarded)
        if len(state.discards) == state.jokers_bought:
            state.phase = next_step(state, "buy")
        return [{"type": "discarded", "seat": seat}]  # face down

    def _play(self, state: RollerDerbyState, seat: int, action: dict) -> list[dict]:
        played, held = played_from(action)
        winner = play_to_trick(state.trick, seat, played, state.hands[seat], state.voids[seat], PLAYERS, state.trump,
                               must_trump=state.trump, held=held)
        events: list[dict] = [{"type": "played", **play_view(seat, played)}]
        if winner is None:
            return events
        done = CompletedTrick(state.tricks_played + 1, state.trick.leader, state.trick.plays, winner)
        state.completed.append(done)
        state.out_of_play.update(held_card(p) for _, p in state.trick.plays)
        state.tricks_won[winner] += 1
        state.trick = Trick(winner)
        events.append({"type": "trick_won", **done.to_view(), "rolling_tricks": state.rolling_tricks})
        if state.tricks_played == TRICKS:
            events += self._end_deal(state)
        return events

    def _end_deal(self, state: RollerDerbyState) -> list[dict]:
        deal_over = {"type": "deal_over", "summary": settle_deal(state)}
        if state.deal == state.variant.deals:
            return [deal_over, end_game(state, self.result)]
        deal_started = next_deal(state, PLAYERS, start_deal)
        return [deal_over, {**deal_started, "roller": state.roller}]  # read after next_deal: the new deal's roller

    # --- what each seat sees ------------------------------------------------------------------
    def view(self, state: RollerDerbyState, seat: int | None) -> dict:
        own_gift = state.passes.choices[seat] if seat is not None else None
        if seat is not None and seat == state.current and state.setting_aside:
            own_gift = tuple(state.setting_aside)
        received = received_by(state, seat) if seat is not None else None
        return {
            "game": self.game_id,
            "seat": seat,
            "players": PLAYERS,
            "options": {"deals": state.variant.deals, "jokers": state.variant.jokers, "d12": state.variant.d12,
                        "privilege": state.variant.privilege},
            "phase": state.phase,
            "current_player": state.current,
            "deal": state.deal,
            "deals_total": state.variant.deals,
            "dealer": state.dealer,
            "roller": state.roller,
            "rolling_team": state.rolling_team,
            "dice": list(state.dice),
            "target": state.target,
            "trump": state.trump_call,
            "jokers_bought": state.jokers_bought,
            "joker_price": JOKER_PRICE,
            "discards": [c.code for c in state.discards] if seat == state.roller else None,
            "discard_count": len(state.discards),
            "all_or_nothing": state.all_or_nothing,
            "hand": [c.code for c in state.hands[seat]] if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "chosen": state.passes.chosen_by(),
            "exchanged": list(state.exchanged),
            "pass_size": PASS_SIZE,
            "gave": [c.code for c in own_gift] if own_gift is not None else None,
            "received": [c.code for c in received] if received is not None else None,
            "leader": state.trick.leader,
            "trick": [play_view(s, p) for s, p in state.trick.plays],
            "trick_number": state.tricks_played + 1,
            "tricks_per_deal": TRICKS,
            "tricks": list(state.tricks_won),
            "rolling_tricks": state.rolling_tricks,
            "played": [t.to_view() for t in state.completed],
            "out_of_play": [c.code for c in sort_held(state.out_of_play)],
            "voids": [sorted(v) for v in state.voids],
            "team_scores": list(state.team_scores),
            "deals": [dict(s) for s in state.summaries],
        }

    def result(self, state: RollerDerbyState) -> dict:
        team = winning_team(state)
        if state.phase != "over":
            winners: list[int] = []
        elif team is None:
            winners = list(range(PLAYERS))  # a draw: everyone shares it
        else:
            winners = [s for s in range(PLAYERS) if team_of(s) == team]
        return {
            "scores": [state.team_scores[team_of(s)] for s in range(PLAYERS)],
            "winners": winners,
            "team_scores": list(state.team_scores),
            "winning_team": team,
            "draw": state.phase == "over" and team is None,
            "deals": state.deal,
        }

    def copy_state(self, state: RollerDerbyState) -> RollerDerbyState:
        return RollerDerbyState(
            rng=state.rng.copy(), variant=state.variant, dealer=state.dealer, deal=state.deal, phase=state.phase,
            hands=[list(h) for h in state.hands], dice=list(state.dice), trump_call=state.trump_call,
            jokers_bought=state.jokers_bought, discards=list(state.discards), passes=state.passes.copy(),
            setting_aside=list(state.setting_aside),
            exchanged=list(state.exchanged), all_or_nothing=state.all_or_nothing, trick=state.trick.copy(),
            completed=list(state.completed), out_of_play=set(state.out_of_play), tricks_won=list(state.tricks_won),
            voids=[set(v) for v in state.voids], team_scores=list(state.team_scores),
            summaries=list(state.summaries),
        )

    # --- bots ---------------------------------------------------------------------------------
    def sample_state(self, view: dict, rng: Rng) -> RollerDerbyState:
        return sample_state(view, rng)

    def policy_action(self, state: RollerDerbyState, rng: Rng) -> dict:
        return policy_action(state, rng)

    def search_actions(self, view: dict, legal: list[dict]) -> list[dict]:
        return search_actions(view, legal)

    def playout_done(self, start: RollerDerbyState, state: RollerDerbyState) -> bool:
        # a hard bot looks to the end of the deal: later deals are new shuffles and rolls
        return state.phase == "over" or state.deal != start.deal

    def evaluate(self, state: RollerDerbyState, seat: int) -> float:
        return evaluate(state, seat)


# --- explicit set-ups (format: docs/games/roller_derby.md) ---------------------------------------------

SETUP_KEYS = frozenset({"dealer", "deal", "scores", "hands", "dice", "trump", "jokers", "discards", "gave",
                        "all_or_nothing", "tricks", "leader"})
STEP_KEYS = {"roll": "dice", "exchange": "gave", "trump": "trump", "buy": "jokers", "declare": "all_or_nothing"}
PLAY_KEYS = frozenset({"tricks", "leader"})


def apply_setup(state: RollerDerbyState, setup: dict) -> None:
    check_setup_keys(setup, SETUP_KEYS)
    if not state.variant.jokers and {"jokers", "discards"} & set(setup):
        raise BadSetup("jokers and discards need the jokers option (jokers for sale)")
    if "discards" in setup and "jokers" not in setup:
        raise BadSetup("discards need jokers (how many the roller bought)")
    state.dealer = setup_seat(setup, "dealer", state.dealer, PLAYERS)
    deal = setup.get("deal", 1)
    if type(deal) is not int or not 1 <= deal <= state.variant.deals:
        raise BadSetup(f"deal must be a number from 1 to {state.variant.deals} (the deals agreed), not {deal!r}")
    state.deal = deal
    scores = setup.get("scores", [0, 0])
    if not isinstance(scores, list) or len(scores) != 2 or any(type(v) is not int for v in scores):
        raise BadSetup("scores must be the two teams' totals (whole numbers)")
    state.team_scores = list(scores)
    done = _steps_done(state, setup)
    if "hands" in setup:
        reset_deal(state, _setup_hands(setup, "play" in done))
    else:
        extra = sorted(set(setup) - {"dealer", "deal", "scores", "dice"})
        if extra:
            raise BadSetup(f"{', '.join(extra)} need hands too")
        start_deal(state)
    _setup_steps(state, setup, done)


def _steps_done(state: RollerDerbyState, setup: dict) -> list[str]:
    """The steps of the deal the set-up says are over: the keys given must be the first steps in order,
    and all of them (the exchange complete) for the play."""
    steps = [s for s in state.variant.steps if s != "play"]
    given = [s for s in steps if STEP_KEYS[s] in setup]
    if given != steps[:len(given)]:
        missing = next(s for s in steps if s not in given)
        raise BadSetup(f"{STEP_KEYS[given[-1]]} comes after {STEP_KEYS[missing]} in this game's order "
                       f"({' → '.join(STEP_KEYS[s] for s in steps)}): give {STEP_KEYS[missing]} too")
    gave = setup.get("gave")
    under_way = isinstance(gave, list) and None in gave
    if under_way and given[-1] != "exchange":
        raise BadSetup("gave with seats still to give means the exchange is under way: no later steps")
    if given == steps and not under_way:
        return [*steps, "play"]
    if PLAY_KEYS & set(setup):
        raise BadSetup(f"{', '.join(sorted(PLAY_KEYS & set(setup)))} belong to the play: give every step "
                       f"before it ({', '.join(STEP_KEYS[s] for s in steps)})")
    return given


def _setup_hands(setup: dict, in_play: bool) -> list[list[Held]]:
    hands_given = setup["hands"]
    if (not isinstance(hands_given, list) or len(hands_given) != PLAYERS
            or not all(isinstance(h, list) for h in hands_given)):
        raise BadSetup(f"hands must be {PLAYERS} lists of cards")
    hands = [[card_or_joker(c) for c in h] for h in hands_given]
    every = [c for h in hands for c in h]
    if len(set(every)) != len(every):
        raise BadSetup("a card appears twice in the hands")
    size = len(hands[0])
    if any(len(h) != size for h in hands):
        raise BadSetup("hands must all hold the same number of cards")
    if in_play and not 1 <= size <= TRICKS:
        raise BadSetup(f"hands hold 1 to {TRICKS} cards each")
    if not in_play and size != TRICKS:
        raise BadSetup(f"before the play every hand holds {TRICKS} cards")
    return [sort_held(h) for h in hands]


def _setup_steps(state: RollerDerbyState, setup: dict, done: list[str]) -> None:
    if "roll" in done:
        state.dice = _setup_dice(state, setup["dice"])
    if "trump" in done:
        call = setup["trump"]
        if call not in TRUMP_CALLS:
            raise BadSetup(f"trump must be one of {list(TRUMP_CALLS)}, not {call!r}")
        state.trump_call = call
    if "buy" in done:
        _setup_jokers(state, setup)
    _check_cards(state, "play" in done)
    if "exchange" in done:
        _setup_gave(state, setup["gave"])
    holders = {s for s, h in enumerate(state.hands) for c in h if isinstance(c, Joker)}
    if not holders <= ({state.roller, partner_of(state.roller)} if state.exchanged[state.rolling_team]
                       else {state.roller}):
        raise BadSetup("jokers are held by the roller, or by the roller's partner after their exchange")
    if "declare" in done:
        declared = setup["all_or_nothing"]
        if not isinstance(declared, bool):
            raise BadSetup("all_or_nothing must be true or false")
        state.all_or_nothing = declared
    remaining = [s for s in state.variant.steps if s not in done]
    state.phase = remaining[0] if remaining else "play"
    if "exchange" in done and not all(state.exchanged):
        state.phase = "exchange"
    if "play" in done:
        _setup_play(state, setup)


def _setup_dice(state: RollerDerbyState, dice: object) -> list[int]:
    count, faces = (1, 12) if state.variant.d12 else (2, 6)
    if (not isinstance(dice, list) or len(dice) != count
            or any(type(d) is not int or not 1 <= d <= faces for d in dice)):
        raise BadSetup(f"dice must be a list of {count} number(s) from 1 to {faces}, not {dice!r}")
    return list(dice)


def _setup_jokers(state: RollerDerbyState, setup: dict) -> None:
    count = setup["jokers"]
    if type(count) is not int or not 0 <= count <= MAX_JOKERS:
        raise BadSetup(f"jokers must be how many the roller bought, 0 to {MAX_JOKERS}")
    discards = setup.get("discards", [])
    if not isinstance(discards, list) or len(discards) != count:
        raise BadSetup(f"discards must list one card for each joker bought ({count})")
    held = [card_or_joker(c) for c in discards]
    if any(isinstance(c, Joker) for c in held):
        raise BadSetup("a joker cannot be discarded")
    state.discards = [c for c in held if isinstance(c, Card)]
    state.jokers_bought = count


def _check_cards(state: RollerDerbyState, in_play: bool) -> None:
    """Only the jokers bought are in the game; the discards are in no hand; before the play every card
    is in a hand or discarded (in the play, the cards in neither have been played)."""
    every = {c for h in state.hands for c in h}
    stray = sorted(c.code for c in every if isinstance(c, Joker) and c.number > state.jokers_bought)
    if stray:
        raise BadSetup(f"{', '.join(stray)} in a hand, but only {state.jokers_bought} joker(s) were bought")
    discards = set(state.discards)
    if len(discards) != len(state.discards) or discards & every:
        raise BadSetup("the discards must be different cards, none of them in a hand")
    if not in_play and len(every) + len(discards) != len(DECK) + state.jokers_bought:
        raise BadSetup("before the play every card is in a hand or discarded (jokers bought: 13 cards each)")


def _setup_gave(state: RollerDerbyState, gave: object) -> None:
    """What each seat gave: all four (the exchange is over), or the rolling team's only (the other team
    gives next). Each gift is now in the giver's partner's hand, or already played."""
    if not isinstance(gave, list) or len(gave) != PLAYERS:
        raise BadSetup(f"gave must be {PLAYERS} entries: three cards each, or null for a seat still to give")
    still_to_give = [seat for seat, g in enumerate(gave) if g is None]
    defenders = [seat for seat in range(PLAYERS) if team_of(seat) != state.rolling_team]
    if still_to_give not in ([], defenders):
        raise BadSetup("the rolling team gives first: gave is complete, or null for both of the other team")
    every = {c for h in state.hands for c in h}
    in_play = set(DECK) - set(state.discards) | set(JOKERS[:state.jokers_bought])
    for seat, gift_codes in enumerate(gave):
        if gift_codes is None:
            continue
        if not isinstance(gift_codes, list) or len(gift_codes) != PASS_SIZE:
            raise BadSetup(f"gave lists {PASS_SIZE} cards for each seat (or null)")
        gift = tuple(card_or_joker(c) for c in gift_codes)
        if len(set(gift)) != PASS_SIZE:
            raise BadSetup(f"seat {seat} gave the same card twice")
        receiver = partner_of(seat)
        for c in gift:
            if c not in state.hands[receiver] and (c in every or c not in in_play):
                raise BadSetup(f"seat {seat} gave {c.code}: it must be in seat {receiver}'s hand or played")
        if team_of(seat) != state.rolling_team and any(isinstance(c, Joker) for c in gift):
            raise BadSetup("only the rolling team can pass a joker")
        state.passes.choose(seat, gift)
    given = [c for g in state.passes.choices if g is not None for c in g]
    if len(set(given)) != len(given):
        raise BadSetup("a card was given twice")
    for team in (0, 1):
        state.exchanged[team] = team_done_giving(state, team)


def _setup_play(state: RollerDerbyState, setup: dict) -> None:
    size = len(state.hands[0])
    tricks = setup.get("tricks", [0] * PLAYERS)
    if not isinstance(tricks, list) or len(tricks) != PLAYERS or any(type(n) is not int or n < 0 for n in tricks):
        raise BadSetup("tricks must be four whole numbers of at least 0")
    if sum(tricks) != TRICKS - size:
        raise BadSetup(f"tricks must add up to {TRICKS - size} (the tricks already played)")
    state.tricks_won = list(tricks)
    state.trick = Trick(setup_seat(setup, "leader", state.roller, PLAYERS))
    held = {c for h in state.hands for c in h}
    in_play = {*DECK, *JOKERS[:state.jokers_bought]} - set(state.discards)
    state.out_of_play = in_play - held


# --- bots: sampling the unseen cards, a target-aware policy, and the value of a deal -------------------

QUICK_DEAL_TRIES = 8


def sample_state(view: dict, rng: Rng) -> RollerDerbyState:
    """A full state consistent with one seat's view: the cards it cannot see dealt at random to the other
    hands, to the face-down gifts of seats that have chosen but not yet exchanged, and (for everyone but
    the roller) to the roller's discards. The cards it gave its partner stay in the partner's hand until
    played; jokers are only ever with the rolling team (bought by the roller, passed on only in its
    exchange, never discarded); no one holds a natural card of a suit they have shown to be out of (by
    not following, or by not trumping when out of the led suit)."""
    seat = view["seat"]
    options = view["options"]
    variant = Variant(options["deals"], options["jokers"], options["d12"], options["privilege"])
    state = RollerDerbyState(rng=Rng(rng.next_u64()), variant=variant, dealer=view["dealer"], deal=view["deal"],
                             phase=view["phase"], dice=list(view["dice"]), trump_call=view["trump"],
                             jokers_bought=view["jokers_bought"], exchanged=list(view["exchanged"]),
                             all_or_nothing=view["all_or_nothing"], tricks_won=list(view["tricks"]),
                             voids=[set(v) for v in view["voids"]], team_scores=list(view["team_scores"]),
                             summaries=[dict(s) for s in view["deals"]])
    roller, partner = state.roller, partner_of(seat)
    state.trick = Trick(view["leader"], [(p["seat"], _played_from_view(p)) for p in view["trick"]])
    state.completed = [CompletedTrick(t["trick"], t["leader"], [(p["seat"], _played_from_view(p)) for p in t["plays"]],
                                      t["winner"]) for t in view["played"]]
    state.out_of_play = {card_or_joker(c) for c in view["out_of_play"]}
    on_table = state.out_of_play | {card_or_joker(p["card"]) for p in view["trick"]}

    def held(codes_: list[str] | None) -> tuple[Held, ...] | None:
        return None if codes_ is None else tuple(card_or_joker(c) for c in codes_)

    own, own_gift, received, known_discards = (held(view[k]) for k in ("hand", "gave", "received", "discards"))
    assert own is not None
    if own_gift is not None and not view["chosen"][seat]:  # choosing now: the cards set aside so far
        state.setting_aside = list(own_gift)
    my_team_exchanged = state.exchanged[team_of(seat)]
    # the cards this seat gave its partner are in the partner's hand until played
    pinned = [c for c in own_gift if c not in on_table] if own_gift and my_team_exchanged else []
    seen = set(own) | on_table | set(own_gift or ()) | set(received or ()) | set(known_discards or ())
    unseen = [c for c in (*DECK, *JOKERS[:state.jokers_bought]) if c not in seen]
    capacity: dict[object, int] = {}
    for other in range(PLAYERS):
        if other != seat:
            capacity[other] = view["hand_sizes"][other] - (len(pinned) if other == partner else 0)
            face_down = view["chosen"][other] and not state.exchanged[team_of(other)]
            if face_down and not (other == partner and received is not None):
                capacity[other, "gift"] = PASS_SIZE
    if known_discards is None and view["discard_count"]:
        capacity["discards"] = view["discard_count"]
    rolling_exchanged = state.exchanged[state.rolling_team]

    def allowed(holder: object, item: Held) -> bool:
        if isinstance(item, Joker):
            return holder in (roller, (roller, "gift")) or (holder == partner_of(roller) and rolling_exchanged)
        if holder == "discards":
            return True
        owner = holder[0] if isinstance(holder, tuple) else holder
        return item.suit not in state.voids[owner]  # type: ignore[index]

    dealt = deal_unseen(unseen, capacity, allowed, rng, quick_tries=QUICK_DEAL_TRIES)
    state.hands = [sort_held(own) if s == seat else sort_held([*dealt[s], *(pinned if s == partner else [])])
                   for s in range(PLAYERS)]
    for other in range(PLAYERS):
        if not view["chosen"][other]:
            continue
        if other == seat:
            gift = own_gift
        elif other == partner and received is not None:
            gift = received
        elif (other, "gift") in dealt:
            gift = tuple(dealt[other, "gift"])
        else:  # the other team's exchange is over: its gifts are somewhere among the receiver's cards
            gift = _some_cards_of(state, partner_of(other), rng)
        state.passes.choose(other, gift)
    discards = known_discards if known_discards is not None else dealt.get("discards", [])
    state.discards = [c for c in discards if isinstance(c, Card)]
    return state


def _some_cards_of(state: RollerDerbyState, seat: int, rng: Rng) -> tuple[Held, ...]:
    """Three cards `seat` holds or has played, at random: what it may have received, as far as
    another team can tell."""
    cards_of: list[Held] = list(state.hands[seat])
    for trick in (*state.completed, state.trick):
        cards_of += [held_card(p) for s, p in trick.plays if s == seat]
    if len(cards_of) < PASS_SIZE:  # a set-up without its earlier tricks: any played card will do
        cards_of += sorted(state.out_of_play - set(cards_of), key=lambda c: c.code)
    rng.shuffle(cards_of)
    return tuple(cards_of[:PASS_SIZE])


def _played_from_view(entry: dict) -> Played:
    held = card_or_joker(entry["card"])
    if isinstance(held, Joker):
        return DeclaredJoker(held, entry["suit"], entry["rank"] == HIGH)
    return held


# --- the normal policy --------------------------------------------------------------------------------

def unseen_ranks(state: RollerDerbyState, seat: int) -> dict[str, set[int]]:
    """By suit, the ranks `seat` cannot place: not in its hand, not played, not given to its partner,
    not among its own discards."""
    out = {s: set(range(2, 15)) for s in SUITS}
    known: list[PlayedCard | Held] = [*state.hands[seat], *state.out_of_play]
    known += [p for _, p in state.trick.plays]
    gift = state.passes.choices[seat]
    if gift is not None and state.exchanged[team_of(seat)]:
        known += gift
    if seat == state.roller:
        known += state.discards
    for c in known:
        if isinstance(c, Card):
            out[c.suit].discard(c.rank)
    return out


def outside_above(state: RollerDerbyState, seat: int) -> dict[str, list[int]]:
    """By suit, for each rank 0-15, how many of the cards `seat` cannot place rank above it."""
    above: dict[str, list[int]] = {}
    for suit, ranks in unseen_ranks(state, seat).items():
        counts = [0] * 16
        for r in range(14, -1, -1):
            counts[r] = counts[r + 1] + ((r + 1) in ranks)
        above[suit] = counts
    return above


def split_hand(hand: list[Held]) -> tuple[dict[str, list[int]], int]:
    """The natural ranks by suit, high to low, and the number of jokers."""
    by_suit: dict[str, list[int]] = {s: [] for s in SUITS}
    jokers = 0
    for c in hand:
        if isinstance(c, Joker):
            jokers += 1
        else:
            by_suit[c.suit].append(c.rank)
    for ranks in by_suit.values():
        ranks.sort(reverse=True)
    return by_suit, jokers


def suit_tricks(ranks: list[int], suit: str, trump: str | None, trump_length: int,
                above: dict[str, list[int]]) -> float:
    """A rough count of the tricks one suit of a hand takes (ranks high to low): a card with no higher card
    outside is a trick, with one higher outside and a guard half a trick; long trumps count, and a short
    side suit ruffs with three trumps or more; at no trump a long suit with a winner runs."""
    length = len(ranks)
    counts = above[suit]
    top = 0.0
    for i, rank in enumerate(ranks):
        missing = counts[rank]
        if missing <= i:
            top += 1.0
        elif missing == i + 1 and length >= i + 2:
            top += 0.5
    if suit == trump:
        return max(top, top * 0.5 + max(0, length - 3) * 0.9)
    if trump is None:
        return top + (max(0, length - 4) * 0.6 if top >= 1 else 0.0)
    return min(top, 2.5) + ((2 - length) * 0.6 if trump_length >= 3 and length < 2 else 0.0)


def hand_tricks(hand: list[Held], trump: str | None, above: dict[str, list[int]]) -> float:
    """A rough count of the tricks a hand takes, suit by suit; a joker is a trick (it can be declared the
    best card)."""
    by_suit, jokers = split_hand(hand)
    trump_length = len(by_suit[trump]) if trump is not None else 0
    return jokers + sum(suit_tricks(by_suit[s], s, trump, trump_length, above) for s in SUITS)


def team_estimate(own: float, remaining: int) -> float:
    """The team's expected tricks from one hand's estimate: the partner is taken to win an average third
    of what the other three hands share."""
    return own + max(0.0, remaining - own) / 3


def choose_trump(state: RollerDerbyState, seat: int) -> str:
    """The call whose expected team tricks come nearest the target."""
    assert state.target is not None
    hand, above, target = state.hands[seat], outside_above(state, seat), state.target

    def gap(call: str) -> float:
        return abs(team_estimate(hand_tricks(hand, None if call == NO_TRUMP else call, above), TRICKS) - target)

    return min(TRUMP_CALLS, key=gap)


def wants_tricks(target: int | None) -> bool:
    """Before the play: does this deal call for taking tricks? The rolling team wants many when the
    target is above an even share (6.5), few below; the defenders want the rolling team short of a high
    target and over a low one, which for them means the same."""
    return target is None or target >= 7


def give_preference(hand: list[Held], want_tricks: bool, trump: str | None) -> list[Held]:
    """The hand, best card to give the partner first. Wanting tricks: empty the shortest suits (low cards
    first) so this hand can ruff, keeping the trump suit (or, before it is named, the longest suit) and
    the jokers. Wanting few: hand over unguarded high cards, which would win tricks this hand could not
    duck, and keep long suits to follow under."""
    length = dict.fromkeys(SUITS, 0)
    for c in hand:
        if isinstance(c, Card):
            length[c.suit] += 1
    keep_suit = trump if trump is not None else max(SUITS, key=lambda s: length[s])

    def score(c: Held) -> float:
        if isinstance(c, Joker):
            return -100.0
        if want_tricks:
            return -50.0 + c.rank if c.suit == keep_suit else -3.0 * length[c.suit] - c.rank / 14
        return c.rank - 2.0 * length[c.suit]

    return sorted(hand, key=score, reverse=True)


def rolling_goal(state: RollerDerbyState, expected_rolling: float) -> int | None:
    """The rolling team's total to aim at: the target, or under All or Nothing 13 or 0 (None once both
    are out of reach and nothing can change the score)."""
    if not state.all_or_nothing:
        assert state.target is not None
        return state.target
    taken, played = state.rolling_tricks, state.tricks_played
    if taken == played:
        return TRICKS if taken > 0 or (played == 0 and expected_rolling >= TRICKS / 2) else 0
    return 0 if taken == 0 else None


def policy_action(state: RollerDerbyState, rng: Rng) -> dict:
    """The 'normal' play of Roller Derby, from the mover's hand and public facts only."""
    seat = state.current
    assert seat is not None
    phase = state.phase
    if phase == "roll":
        return {"type": "roll"}
    if phase == "exchange":
        best = give_preference(state.hands[seat], wants_tricks(state.target), state.trump)[0]
        return {"type": "give", "card": best.code}
    if phase == "trump":
        return {"type": "trump", "suit": choose_trump(state, seat)}
    if phase == "buy":
        return {"type": "buy", "jokers": jokers_to_buy(state, seat)}
    if phase == "discard":
        return {"type": "discard", "card": choose_discard(state, seat).code}
    if phase == "declare":
        return {"type": "declare", "all_or_nothing": declares_all_or_nothing(state, seat)}
    return choose_play(state, seat)


def _team_estimate_now(state: RollerDerbyState, seat: int) -> float:
    return team_estimate(hand_tricks(state.hands[seat], state.trump, outside_above(state, seat)), TRICKS)


def jokers_to_buy(state: RollerDerbyState, seat: int) -> int:
    """A joker (with the discard that pays for it in cards) moves the hand about a trick towards the
    target and stays flexible: worth its 9 points when the hand is more than a trick and a half off,
    two when more than three off."""
    assert state.target is not None
    gap = abs(_team_estimate_now(state, seat) - state.target)
    return 2 if gap > 3 else 1 if gap > 1.5 else 0


def choose_discard(state: RollerDerbyState, seat: int) -> Card:
    """Over the target: discard the best card. Under: the lowest card of the shortest side suit."""
    assert state.target is not None
    naturals = [c for c in state.hands[seat] if isinstance(c, Card)]
    if _team_estimate_now(state, seat) > state.target:
        return max(naturals, key=lambda c: (c.rank, c.suit != state.trump))
    length = {s: sum(1 for c in naturals if c.suit == s) for s in SUITS}
    return min(naturals, key=lambda c: (c.suit == state.trump, length[c.suit], c.rank))


def declares_all_or_nothing(state: RollerDerbyState, seat: int) -> bool:
    """Only with a hand that should take (nearly) every trick, or (nearly) none."""
    own = hand_tricks(state.hands[seat], state.trump, outside_above(state, seat))
    return own >= 11.5 or team_estimate(own, TRICKS) <= 0.6


def choose_play(state: RollerDerbyState, seat: int) -> dict:
    """The card that brings the rolling team's expected final count nearest its goal (for the rolling team)
    or furthest from it (for the defenders): the chance this card gives the team the trick, plus what the
    rest of the hand should take later. On a near tie, the card that wins the trick when the rolling team
    is short of its goal (both teams then want tricks: one to reach it, the other to deny them) and loses
    it otherwise; then the cheapest card: low ones, and jokers last, which can win or lose at will."""
    hand = state.hands[seat]
    plays, trump, led = state.trick.plays, state.trump, state.trick.led_suit
    options = distinct_plays(play_actions(hand, led, trump), led, trump)
    if len(options) == 1:
        return options[0]
    above = outside_above(state, seat)
    partner = partner_of(seat)
    later = [left_of(seat, PLAYERS, k) for k in range(1, PLAYERS - len(plays))]
    opponents_later = [s for s in later if s != partner]
    remaining = TRICKS - state.tricks_played
    rolling_side = team_of(seat) == state.rolling_team
    by_suit, jokers = split_hand(hand)
    trump_length = len(by_suit[trump]) if trump is not None else 0
    by_suit_tricks = {s: suit_tricks(by_suit[s], s, trump, trump_length, above) for s in SUITS}
    own = jokers + sum(by_suit_tricks.values())
    now = team_estimate(min(float(remaining), own), remaining)
    expected_rolling = now if rolling_side else remaining - now
    goal = rolling_goal(state, expected_rolling)
    short = goal is not None and goal - state.rolling_tricks >= min(float(remaining), expected_rolling)

    def beaten_by(played: PlayedCard) -> int:
        """How many natural cards an opponent still to play might beat it with (0: it holds the trick)."""
        if not opponents_later:
            return 0
        higher = above[played.suit][played.rank] + (1 if played.rank == 1 else 0)
        suit_led = led or played.suit
        if played.suit != trump and trump is not None and any(
                suit_led in state.voids[s] and trump not in state.voids[s] for s in opponents_later):
            higher += 2  # someone out of the suit led could trump it
        return higher

    def team_chance(played: PlayedCard) -> float:
        trick = [*plays, (seat, played)]
        top_seat = trick_winner(trick, trump)
        if top_seat in (seat, partner):
            top = next(p for s, p in trick if s == top_seat)
            return HOLD_CHANCE[min(beaten_by(top), len(HOLD_CHANCE) - 1)]
        return 0.3 if partner in later else 0.0

    def tricks_without(played: PlayedCard) -> float:
        """What the hand should take later once this card is played."""
        if isinstance(played, DeclaredJoker):
            return own - 1.0
        if played.suit == trump:  # the trump length changes what every suit can ruff
            rest = list(hand)
            rest.remove(played)  # type: ignore[arg-type]
            return hand_tricks(rest, trump, above)
        ranks = [r for r in by_suit[played.suit] if r != played.rank]
        return own - by_suit_tricks[played.suit] + suit_tricks(ranks, played.suit, trump, trump_length, above)

    def gap(played: PlayedCard) -> float:
        future = team_estimate(min(remaining - 1.0, tricks_without(played)), remaining - 1)
        mine = team_chance(played) + future
        rolling_final = state.rolling_tricks + (mine if rolling_side else remaining - mine)
        off = min(abs(goal - rolling_final), 10.0) if goal is not None else 0.0
        return off if rolling_side else -off

    def key(played: PlayedCard) -> tuple[float, float, float]:
        chance = team_chance(played)
        return round(gap(played), 1), -chance if short else chance, _cost(played, trump)

    return min(options, key=lambda action: key(played_from(action)[0]))


HOLD_CHANCE = (1.0, 0.6, 0.45, 0.35, 0.25, 0.15)  # by how many cards might beat the team's best card


def _cost(played: PlayedCard, trump: str | None) -> float:
    """What spending a card gives up: its chance to win later (trumps most); a joker, which can win or
    lose at will, most of all."""
    if isinstance(played, DeclaredJoker):
        return 30.0
    return played.rank + (13 if played.suit == trump else 0)


def search_actions(view: dict, legal: list[dict]) -> list[dict]:
    """The hard bot compares every legal action, except that of the jokers' declarations it keeps those
    that differ in effect."""
    trump = view["trump"] if view["trump"] in SUIT_LIST else None
    if view["phase"] == "play":
        return distinct_plays(legal, view["trick"][0]["suit"] if view["trick"] else None, trump)
    return legal


def evaluate(state: RollerDerbyState, seat: int) -> float:
    """Value of a finished deal for `seat`'s team, in [0, 1]: the deal's points to the team (or against
    it, when the other team rolled), and the game's outcome once it is over."""
    if not state.summaries:
        return 0.5
    last = state.summaries[-1]
    sign = 1 if last["rolling_team"] == team_of(seat) else -1
    deal_value = 0.5 + sign * last["score"] / (2 * ALL_OR_NOTHING_POINTS)
    if state.phase == "over":
        team = winning_team(state)
        outcome = 0.5 if team is None else float(team == team_of(seat))
        return 0.7 * outcome + 0.3 * deal_value
    return deal_value


ROLLER_DERBY = RollerDerbyRules()
