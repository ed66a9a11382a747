"""Apples (アップルズ): bid for trump, exchange, set a secret target card aside, collect sets of ranks.
Rules and the project's decisions: docs/games/apples.md.

Four players, each for themselves. The highest bid (N cards of a suit, ♦ < ♥ < ♣ < ♠ at equal N)
names trump; the declarer puts N trumps into a pile, everyone else N cards of their choice, and the
shuffled pile is dealt back, N to each. Each player sets one card aside face down (the target card),
then the declarer leads 12 tricks (follow suit, no duty to trump). Captured cards score by rank: sets
of two, three or four of a rank by the points table; one card of your target rank scores as a pair of
it, two 40, three 80. The game ends after a deal in which anyone reaches 250.

Decisions followed (from the digest): the points table is a reconstruction (POINTS_TABLE, below);
a player who passed may bid again later. Decisions taken here (see docs/games/apples.md): a bid is
at least 1 card; the exchange and the target are chosen one seat at a time clockwise from the
declarer, one card per `discard` action; the target card may be any card, trump included; the pile
is dealt back from the dealer's left; an all-pass redeal keeps the deal number.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import ClassVar

from .cards import RANKS, SUITS, Card, card, cards, codes, deal_clockwise, french_deck, sort_hand
from .errors import BadSetup
from .game import Rules, check_setup_keys, setup_deal, setup_seat
from .rng import Rng
from .search import deal_unseen, deal_unseen_with_minimums
from .seats import SecretChoices, clockwise_from, left_of
from .tricks import Trick, end_game, next_deal, play_to_trick, playable_cards, trick_winner

PLAYERS = 4
HAND_SIZE = 13
TRICKS = HAND_SIZE - 1  # the target card is never played
GOAL = 250
BID_SUITS = "DHCS"  # weakest to strongest at equal numbers: ♦ < ♥ < ♣ < ♠
DECK = tuple(french_deck())

# Decision (reconstructed): the original's points table was an image that did not survive. This is
# the one place it lives: replace the rows here. Each row: the ranks (2..14, ace 14) and the points for
# a pair, a triple and a four of one of those ranks captured by one player.
POINTS_TABLE: tuple[tuple[tuple[int, ...], tuple[int, int, int]], ...] = (
    ((2, 3, 4, 5), (-15, -30, -45)),
    ((6, 7, 8, 9, 10), (10, 20, 30)),
    ((11, 12, 13), (15, 30, 45)),
    ((14,), (20, 40, 60)),
)
# Captured cards of your target rank: one pairs with the target card (scores as a pair of that rank);
# two and three score these points instead of the table's.
TARGET_POINTS = {2: 40, 3: 80}
SET_POINTS = {rank: row for ranks, row in POINTS_TABLE for rank in ranks}


def set_points(rank: int, count: int) -> int:
    """What `count` captured cards of one rank score, by the points table (a single card: nothing)."""
    return SET_POINTS[rank][count - 2] if count >= 2 else 0


def rank_points(rank: int, count: int, is_target: bool) -> int:
    """The points of one rank in a player's captured cards, counting the target card's bonus."""
    if not is_target:
        return set_points(rank, count)
    if count == 1:
        return set_points(rank, 2)
    return TARGET_POINTS.get(count, 0)


def scoring_rules() -> dict:
    """The points table as plain data, for the in-game rules (view and game description)."""
    return {
        "sets": [{"ranks": [RANKS[r - 2] for r in ranks], "pair": row[0], "triple": row[1], "four": row[2]}
                 for ranks, row in POINTS_TABLE],
        "target": {"1": "pair", **{str(n): p for n, p in TARGET_POINTS.items()}},
        "goal": GOAL,
        "reconstructed": True,
    }


def rank_counts(captured: list[Card]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in captured:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return counts


def score_sets(captured: list[Card], target: Card | None) -> list[dict]:
    """Each scoring rank of one player's captured cards: rank, count, whether it is the target rank,
    and its points (ranks that score nothing are left out)."""
    counts = rank_counts(captured)
    target_rank = target.rank if target is not None else None
    out = []
    for rank in sorted(counts, reverse=True):
        points = rank_points(rank, counts[rank], rank == target_rank)
        if points or counts[rank] >= 2:
            out.append({"rank": RANKS[rank - 2], "count": counts[rank], "target": rank == target_rank,
                        "points": points})
    return out


def is_bid_suit(value: object) -> bool:
    return isinstance(value, str) and len(value) == 1 and value in BID_SUITS


def bid_strength(count: int, suit: str) -> tuple[int, int]:
    return count, BID_SUITS.index(suit)


@dataclass(frozen=True, slots=True)
class Call:
    """One turn of the bidding: a bid of `count` cards of `suit`, or a pass (count 0)."""

    seat: int
    count: int = 0
    suit: str = ""

    @property
    def is_bid(self) -> bool:
        return self.count > 0

    def to_view(self) -> dict:
        if self.is_bid:
            return {"seat": self.seat, "type": "bid", "count": self.count, "suit": self.suit}
        return {"seat": self.seat, "type": "pass"}


@dataclass(slots=True)
class CompletedTrick:
    number: int
    leader: int
    plays: list[tuple[int, Card]]
    winner: int

    def to_view(self) -> dict:
        return {"trick": self.number, "leader": self.leader,
                "plays": [{"seat": s, "card": c.code} for s, c in self.plays], "winner": self.winner}


@dataclass(slots=True)
class ApplesState:
    rng: Rng
    dealer: int
    deal: int = 1
    phase: str = "bid"  # bid | discard | target | play | over
    hands: list[list[Card]] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    declarer: int | None = None
    count: int = 0  # N, the winning bid's number: cards each player puts into the pile
    trump: str | None = None
    discards: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    received: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    targets: SecretChoices[Card] = field(default_factory=lambda: SecretChoices(PLAYERS))
    trick: Trick = field(default_factory=lambda: Trick(0))
    completed: list[CompletedTrick] = field(default_factory=list)
    captured: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    voids: list[set[str]] = field(default_factory=lambda: [set() for _ in range(PLAYERS)])
    scores: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    summaries: list[dict] = field(default_factory=list)

    @property
    def standing_bid(self) -> Call | None:
        return next((c for c in reversed(self.calls) if c.is_bid), None)

    @property
    def trick_number(self) -> int:
        """Counted from the captured cards, so a set-up position part-way through a deal counts right."""
        return sum(map(len, self.captured)) // PLAYERS + 1

    @property
    def current(self) -> int | None:
        if self.phase == "bid":
            return left_of(self.dealer, PLAYERS, 1 + len(self.calls))
        if self.phase == "discard":
            return next((s for s in exchange_order(self) if len(self.discards[s]) < self.count), None)
        if self.phase == "target":
            return self.targets.next_chooser(exchange_order(self))
        if self.phase == "play":
            return left_of(self.trick.leader, PLAYERS, len(self.trick.plays))
        return None


def exchange_order(state: ApplesState) -> list[int]:
    """The exchange and the target cards are chosen clockwise from the declarer."""
    assert state.declarer is not None
    return clockwise_from(state.declarer, PLAYERS)


def suit_length(hand: list[Card], suit: str) -> int:
    return sum(1 for c in hand if c.suit == suit)


def legal_bids(state: ApplesState, seat: int) -> list[tuple[int, str]]:
    """Every bid that beats the standing one and that the hand can show (N of S needs N cards of S)."""
    standing = state.standing_bid
    floor = bid_strength(standing.count, standing.suit) if standing else (0, 0)
    lengths = {s: suit_length(state.hands[seat], s) for s in BID_SUITS}
    return [(n, s) for n in range(max(1, floor[0]), max(lengths.values()) + 1) for s in BID_SUITS
            if n <= lengths[s] and bid_strength(n, s) > floor]


def bidding_over(calls: list[Call]) -> bool:
    """All but one have passed since the last bid; or all four passed without a bid."""
    if not any(c.is_bid for c in calls):
        return len(calls) == PLAYERS
    return len(calls) >= PLAYERS - 1 and not any(c.is_bid for c in calls[-(PLAYERS - 1):])


def start_deal(state: ApplesState) -> None:
    deck = list(DECK)
    state.rng.shuffle(deck)
    reset_deal(state, deal_clockwise(deck, left_of(state.dealer, PLAYERS), PLAYERS, HAND_SIZE))


def reset_deal(state: ApplesState, hands: list[list[Card]]) -> None:
    state.phase = "bid"
    state.hands = hands
    state.calls = []
    state.declarer = None
    state.count = 0
    state.trump = None
    state.discards = [[] for _ in range(PLAYERS)]
    state.received = [[] for _ in range(PLAYERS)]
    state.targets = SecretChoices(PLAYERS)
    state.trick = Trick(left_of(state.dealer, PLAYERS))
    state.completed = []
    state.captured = [[] for _ in range(PLAYERS)]
    state.voids = [set() for _ in range(PLAYERS)]


def call(state: ApplesState, count: int, suit: str) -> list[dict]:
    """A bid (count > 0) or a pass by the seat to bid; ends the bidding when it is over."""
    seat = state.current
    assert seat is not None
    made = Call(seat, count, suit)
    state.calls.append(made)
    events: list[dict] = [{**made.to_view(), "type": "bid" if made.is_bid else "passed"}]
    if not bidding_over(state.calls):
        return events
    winning = state.standing_bid
    if winning is None:  # four passes: the same dealer deals again
        start_deal(state)
        return [*events, {"type": "redeal", "dealer": state.dealer}]
    state.declarer, state.count, state.trump = winning.seat, winning.count, winning.suit
    state.phase = "discard"
    state.trick = Trick(winning.seat)
    return [*events, {"type": "declarer", "seat": winning.seat, "count": winning.count, "suit": winning.suit}]


def deal_pile(state: ApplesState) -> list[dict]:
    """Every seat has put N cards into the pile: shuffle it and deal N back to each."""
    pile = [c for seat in range(PLAYERS) for c in state.discards[seat]]
    state.rng.shuffle(pile)
    state.received = deal_clockwise(pile, left_of(state.dealer, PLAYERS), PLAYERS, state.count)
    for seat in range(PLAYERS):
        state.hands[seat] = sort_hand([*state.hands[seat], *state.received[seat]])
    state.phase = "target"
    return [{"type": "pile_dealt", "count": state.count}]


def settle_deal(state: ApplesState) -> dict:
    """The end of a deal: each player's sets scored (target cards revealed), added to the totals."""
    targets = state.targets.choices
    sets = [score_sets(state.captured[s], targets[s]) for s in range(PLAYERS)]
    points = [sum(x["points"] for x in sets[s]) for s in range(PLAYERS)]
    for seat in range(PLAYERS):
        state.scores[seat] += points[seat]
    summary = {
        "deal": state.deal, "dealer": state.dealer, "declarer": state.declarer,
        "bid": {"count": state.count, "suit": state.trump},
        "targets": [t.code if t is not None else None for t in targets],
        "captured": [codes(sort_hand(c)) for c in state.captured], "sets": sets, "points": points,
        "scores": list(state.scores),
    }
    state.summaries.append(summary)
    return summary


def leaders(scores: list[int]) -> list[int]:
    best = max(scores)
    return [s for s in range(PLAYERS) if scores[s] == best]


class ApplesRules(Rules[ApplesState]):
    game_id = "apples"
    title: ClassVar[dict[str, str]] = {"en": "Apples", "ja": "アップルズ"}
    min_players = max_players = PLAYERS

    def describe(self) -> dict:
        return {**super().describe(), "scoring": scoring_rules()}

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict, rng: Rng, setup: dict | None) -> ApplesState:
        dealer = rng.below(PLAYERS)  # drawn even with a set-up dealer, so the deck stream is the same
        state = ApplesState(rng=rng, dealer=dealer)
        if setup is None:
            start_deal(state)
        else:
            apply_setup(state, setup)
        return state

    # --- the rules ----------------------------------------------------------------------------
    def current_player(self, state: ApplesState) -> int | None:
        return state.current

    def legal_actions(self, state: ApplesState) -> list[dict]:
        seat = state.current
        if seat is None:
            return []
        hand = state.hands[seat]
        if state.phase == "bid":
            return [{"type": "pass"}, *({"type": "bid", "count": n, "suit": s} for n, s in legal_bids(state, seat))]
        if state.phase == "discard":
            allowed = [c for c in hand if c.suit == state.trump] if seat == state.declarer else hand
            return [{"type": "discard", "card": c.code} for c in allowed]
        if state.phase == "target":
            return [{"type": "target", "card": c.code} for c in hand]
        return [{"type": "play", "card": c.code} for c in playable_cards(hand, state.trick.led_suit)]

    def explain_illegal(self, state: ApplesState, action: dict) -> str | None:
        seat = state.current
        if seat is None:
            return None
        kind = action.get("type")
        if state.phase == "bid" and kind == "bid":
            count, suit = action.get("count"), action.get("suit")
            if type(count) is not int or not is_bid_suit(suit):
                return "a bid is a whole number of cards and a suit (S H D C)"
            standing = state.standing_bid
            if standing and bid_strength(count, suit) <= bid_strength(standing.count, standing.suit):
                return f"a bid must beat {standing.count}{standing.suit} (more cards, or a stronger suit D<H<C<S)"
            if count > suit_length(state.hands[seat], suit):
                return f"you hold only {suit_length(state.hands[seat], suit)} cards of {suit}"
            return None
        hand = codes(state.hands[seat])
        if kind == state.phase and kind in ("discard", "target", "play"):
            code = action.get("card")
            if code not in hand:
                return f"{code!r} is not in your hand"
            if kind == "discard":
                return f"the declarer puts trumps ({state.trump}) into the pile"
            if kind == "play":
                return f"you must follow suit ({state.trick.led_suit})"
        return None

    def apply(self, state: ApplesState, action: dict) -> list[dict]:
        kind = action["type"]
        if kind == "pass":
            return call(state, 0, "")
        if kind == "bid":
            return call(state, action["count"], action["suit"])
        chosen = card(action["card"])
        if kind == "discard":
            return self._discard(state, chosen)
        if kind == "target":
            return self._target(state, chosen)
        return self._play(state, chosen)

    def _discard(self, state: ApplesState, chosen: Card) -> list[dict]:
        seat = state.current
        assert seat is not None
        state.hands[seat].remove(chosen)
        state.discards[seat].append(chosen)
        events: list[dict] = [{"type": "discarded", "seat": seat}]  # face down: which card stays secret
        if state.current is None:
            events += deal_pile(state)
        return events

    def _target(self, state: ApplesState, chosen: Card) -> list[dict]:
        seat = state.current
        assert seat is not None
        state.targets.choose(seat, chosen)
        state.hands[seat].remove(chosen)
        events: list[dict] = [{"type": "target_set", "seat": seat}]  # face down until the deal ends
        if state.targets.complete:
            state.phase = "play"
            events.append({"type": "play_started", "leader": state.trick.leader})
        return events

    def _play(self, state: ApplesState, played: Card) -> list[dict]:
        seat = state.current
        assert seat is not None
        winner = play_to_trick(state.trick, seat, played, state.hands[seat], state.voids[seat], PLAYERS, state.trump)
        events: list[dict] = [{"type": "played", "seat": seat, "card": played.code}]
        if winner is None:
            return events
        done = CompletedTrick(state.trick_number, state.trick.leader, state.trick.plays, winner)
        state.completed.append(done)
        state.captured[winner].extend(c for _, c in state.trick.plays)
        state.trick = Trick(winner)
        events.append({"type": "trick_won", **done.to_view()})
        if done.number == TRICKS:
            events += self._end_deal(state)
        return events

    def _end_deal(self, state: ApplesState) -> list[dict]:
        deal_over = {"type": "deal_over", "summary": settle_deal(state)}
        if max(state.scores) >= GOAL:
            return [deal_over, end_game(state, self.result)]
        return [deal_over, next_deal(state, PLAYERS, start_deal)]

    # --- what each seat sees ------------------------------------------------------------------
    def view(self, state: ApplesState, seat: int | None) -> dict:
        standing = state.standing_bid
        own_target = state.targets.choices[seat] if seat is not None else None
        return {
            "game": self.game_id,
            "seat": seat,
            "players": PLAYERS,
            "phase": state.phase,
            "current_player": state.current,
            "deal": state.deal,
            "dealer": state.dealer,
            "scores": list(state.scores),
            "scoring": scoring_rules(),
            "bids": [c.to_view() for c in state.calls],
            "bid_suits": list(BID_SUITS),
            "standing_bid": standing.to_view() if standing else None,
            "declarer": state.declarer,
            "count": state.count,
            "trump": state.trump,
            "hand": codes(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "discarded": [len(d) for d in state.discards],
            "discards": codes(state.discards[seat]) if seat is not None else None,
            "received": codes(state.received[seat]) if seat is not None else None,
            "targets_set": state.targets.chosen_by(),
            "target": own_target.code if own_target is not None else None,
            "leader": state.trick.leader,
            "trick": state.trick.to_view(),
            "trick_number": state.trick_number,
            "tricks_per_deal": TRICKS,
            "tricks": [len(c) // PLAYERS for c in state.captured],
            "captured": [codes(sort_hand(c)) for c in state.captured],
            "played": [t.to_view() for t in state.completed],
            "voids": [sorted(v) for v in state.voids],
            "deals": [dict(s) for s in state.summaries],
        }

    def result(self, state: ApplesState) -> dict:
        return {
            "scores": list(state.scores),
            "winners": leaders(state.scores) if state.phase == "over" else [],
            "deals": len(state.summaries),
            "goal": GOAL,
        }

    def copy_state(self, state: ApplesState) -> ApplesState:
        return ApplesState(
            rng=state.rng.copy(), dealer=state.dealer, deal=state.deal, phase=state.phase,
            hands=[list(h) for h in state.hands], calls=list(state.calls), declarer=state.declarer,
            count=state.count, trump=state.trump, discards=[list(d) for d in state.discards],
            received=[list(r) for r in state.received], targets=state.targets.copy(), trick=state.trick.copy(),
            completed=list(state.completed), captured=[list(c) for c in state.captured],
            voids=[set(v) for v in state.voids], scores=list(state.scores), summaries=list(state.summaries),
        )

    # --- bots ---------------------------------------------------------------------------------
    def sample_state(self, view: dict, rng: Rng) -> ApplesState:
        return sample_state(view, rng)

    def policy_action(self, state: ApplesState, rng: Rng) -> dict:
        return policy_action(state, rng)

    def search_actions(self, view: dict, legal: list[dict]) -> list[dict]:
        return search_actions(view, legal)

    def playout_done(self, start: ApplesState, state: ApplesState) -> bool:
        # a hard bot looks to the end of the deal: later deals are new shuffles it cannot foresee
        return state.phase == "over" or len(state.summaries) != len(start.summaries)

    def evaluate(self, state: ApplesState, seat: int) -> float:
        return evaluate(state, seat)


# --- explicit set-ups (format: docs/games/apples.md) ---------------------------------------------------

SETUP_KEYS = frozenset({"dealer", "deal", "scores", "hands", "bids", "contract", "discards", "targets",
                        "captured", "leader"})


def apply_setup(state: ApplesState, setup: dict) -> None:
    check_setup_keys(setup, SETUP_KEYS)
    state.dealer = setup_seat(setup, "dealer", state.dealer, PLAYERS)
    state.deal = setup_deal(setup)
    scores = setup.get("scores", [0] * PLAYERS)
    if not isinstance(scores, list) or len(scores) != PLAYERS or any(type(s) is not int or s >= GOAL for s in scores):
        raise BadSetup(f"scores must be four whole numbers below {GOAL} (the game goes on)")
    state.scores = list(scores)
    if "hands" not in setup:
        needing = sorted(set(setup) & (SETUP_KEYS - {"dealer", "deal", "scores"}))
        if needing:
            raise BadSetup(f"{', '.join(needing)} need hands too")
        start_deal(state)
        return
    hands = _card_lists(setup["hands"], "hands")
    if "contract" not in setup:
        _setup_bidding(state, hands, setup)
    elif "targets" not in setup:
        _setup_exchange(state, hands, setup)
    else:
        _setup_after_exchange(state, hands, setup)


def _card_lists(value: object, name: str) -> list[list[Card]]:
    if not isinstance(value, list) or len(value) != PLAYERS or not all(isinstance(x, list) for x in value):
        raise BadSetup(f"{name} must be {PLAYERS} lists of cards")
    return [cards(x) for x in value]


def _check_all_cards(groups: list[list[Card]], what: str) -> None:
    every = [c for group in groups for c in group]
    if len(set(every)) != len(every):
        raise BadSetup("a card appears twice")
    if len(every) != len(DECK):
        raise BadSetup(f"{what} must hold all 52 cards between them, not {len(every)}")


def _refuse(setup: dict, keys: set[str], reason: str) -> None:
    extra = sorted(set(setup) & keys)
    if extra:
        raise BadSetup(f"{', '.join(extra)}: {reason}")


def _setup_bidding(state: ApplesState, hands: list[list[Card]], setup: dict) -> None:
    _refuse(setup, {"discards", "targets", "captured", "leader"}, "these need a contract (the bidding's result)")
    if any(len(h) != HAND_SIZE for h in hands):
        raise BadSetup(f"before the exchange every hand holds {HAND_SIZE} cards")
    _check_all_cards(hands, "the hands")
    reset_deal(state, [sort_hand(h) for h in hands])
    bids = setup.get("bids", [])
    if not isinstance(bids, list):
        raise BadSetup('bids must be a list of bids ({"count": 2, "suit": "D"}) and "pass"')
    for number, made in enumerate(bids, 1):
        if state.phase != "bid":
            raise BadSetup(f"bid {number}: the bidding is already over")
        seat = state.current
        assert seat is not None
        if made == "pass":
            call(state, 0, "")
            continue
        if not isinstance(made, dict) or set(made) != {"count", "suit"}:
            raise BadSetup(f'bid {number} must be "pass" or {{"count": N, "suit": S}}, not {made!r}')
        if (made["count"], made["suit"]) not in legal_bids(state, seat) or type(made["count"]) is not int:
            raise BadSetup(f"bid {number} ({made['count']!r} {made['suit']!r} by seat {seat}) is not legal: it must "
                           "beat the standing bid and the bidder must hold that many cards of the suit")
        call(state, made["count"], made["suit"])


def _setup_contract(state: ApplesState, setup: dict) -> None:
    contract = setup["contract"]
    if not isinstance(contract, dict) or set(contract) != {"declarer", "count", "suit"}:
        raise BadSetup('contract must be {"declarer": seat, "count": N, "suit": S}')
    declarer = setup_seat(contract, "declarer", 0, PLAYERS)
    count, suit = contract["count"], contract["suit"]
    if type(count) is not int or not 1 <= count <= HAND_SIZE or not is_bid_suit(suit):
        raise BadSetup(f"a contract is 1-{HAND_SIZE} cards of a suit S H D C, not {count!r} {suit!r}")
    state.declarer, state.count, state.trump = declarer, count, suit
    state.calls = [Call(declarer, count, suit)]
    state.trick = Trick(declarer)


def _setup_exchange(state: ApplesState, hands: list[list[Card]], setup: dict) -> None:
    _refuse(setup, {"bids", "captured", "leader"}, "give these before the contract, or targets after the exchange")
    reset_deal(state, [sort_hand(h) for h in hands])
    _setup_contract(state, setup)
    discards = _card_lists(setup.get("discards", [[] for _ in range(PLAYERS)]), "discards")
    _check_all_cards(hands + discards, "the hands and discards")
    order = exchange_order(state)
    sizes = [len(discards[s]) for s in order]
    started = [n for n in sizes if n]
    if any(n > state.count for n in sizes) or sizes != sorted(sizes, reverse=True) or \
            any(n != state.count for n in started[:-1]):
        raise BadSetup(f"discards are made clockwise from the declarer, {state.count} cards each, one seat after "
                       f"another: {sizes} is not such a point")
    for seat in range(PLAYERS):
        if len(hands[seat]) + len(discards[seat]) != HAND_SIZE:
            raise BadSetup(f"seat {seat}'s hand and discards must make {HAND_SIZE} cards")
    declarer = state.declarer
    assert declarer is not None
    if any(c.suit != state.trump for c in discards[declarer]):
        raise BadSetup(f"the declarer's discards must be trumps ({state.trump})")
    if suit_length(hands[declarer] + discards[declarer], state.trump) < state.count:
        raise BadSetup(f"the declarer must hold at least {state.count} cards of {state.trump} to have bid it")
    state.discards = [list(d) for d in discards]
    state.phase = "discard"
    if state.current is None:
        deal_pile(state)


def _setup_after_exchange(state: ApplesState, hands: list[list[Card]], setup: dict) -> None:
    _refuse(setup, {"bids", "discards"}, "the exchange is over once targets are given")
    reset_deal(state, [sort_hand(h) for h in hands])
    _setup_contract(state, setup)
    targets = setup["targets"]
    if not isinstance(targets, list) or len(targets) != PLAYERS:
        raise BadSetup("targets must be four cards (null for a seat still to choose)")
    chosen = [card(t) if t is not None else None for t in targets]
    captured = _card_lists(setup.get("captured", [[] for _ in range(PLAYERS)]), "captured")
    set_aside = [[t] for t in chosen if t is not None]
    _check_all_cards(hands + set_aside + captured, "the hands, targets and captured cards")
    if any(len(c) % PLAYERS for c in captured):
        raise BadSetup("each seat's captured cards are whole tricks (a multiple of 4)")
    played = sum(map(len, captured)) // PLAYERS
    if None in chosen:
        _refuse(setup, {"captured", "leader"}, "tricks come after every target card is set")
        for seat in range(PLAYERS):
            if len(hands[seat]) != HAND_SIZE - (chosen[seat] is not None):
                raise BadSetup(f"seat {seat} holds {HAND_SIZE} cards, less its target card once set")
    elif played >= TRICKS or any(len(h) != TRICKS - played for h in hands):
        raise BadSetup(f"after {played} tricks every hand holds {TRICKS - played} cards (at least one)")
    state.targets.choices = chosen
    state.captured = [list(c) for c in captured]
    state.phase = "target" if None in chosen else "play"
    state.trick = Trick(setup_seat(setup, "leader", state.declarer if state.declarer is not None else 0, PLAYERS))


# --- bots: sampling the unseen cards, a quick policy, and the value of a finished deal ------------------

def shown_lengths(calls: list[dict], seat: int) -> dict[str, int]:
    """The suit lengths `seat`'s bids showed at the time: a bid of N in S shows at least N cards of S."""
    shown: dict[str, int] = {}
    for made in calls:
        if made["seat"] == seat and made["type"] == "bid":
            shown[made["suit"]] = max(shown.get(made["suit"], 0), made["count"])
    return shown


QUICK_DEAL_TRIES = 8  # plain shuffles tried before the matching deal (see search.deal_unseen)


def sample_state(view: dict, rng: Rng) -> ApplesState:
    """A full state consistent with one seat's view: hidden hands, face-down discards and target cards
    dealt at random, honouring what the seat saw — the suit lengths each bid showed (before the
    exchange: at least N of S in the bidder's hand and discards; after it: at least N less the N cards
    exchanged, and for the declarer, who gave trumps only, the full length of its other bid suits), the
    declarer's trump discards, the seat's own discards (in the pile, not in any hand), and the suits
    each player has shown to be out of (a target card, never played, may still be of such a suit)."""
    seat = view["seat"]
    phase = view["phase"]
    state = ApplesState(rng=Rng(rng.next_u64()), dealer=view["dealer"], deal=view["deal"], phase=phase,
                        hands=[[] for _ in range(PLAYERS)])
    state.calls = [Call(c["seat"], c.get("count", 0), c.get("suit", "")) for c in view["bids"]]
    state.declarer, state.count, state.trump = view["declarer"], view["count"], view["trump"]
    own = cards(view["hand"])
    state.discards[seat] = cards(view["discards"])
    state.received[seat] = cards(view["received"])
    own_target = card(view["target"]) if view["target"] is not None else None
    state.trick = Trick(view["leader"], [(p["seat"], card(p["card"])) for p in view["trick"]])
    state.completed = [CompletedTrick(t["trick"], t["leader"], [(p["seat"], card(p["card"])) for p in t["plays"]],
                                      t["winner"]) for t in view["played"]]
    state.captured = [cards(c) for c in view["captured"]]
    state.voids = [set(v) for v in view["voids"]]
    state.scores = list(view["scores"])
    state.summaries = [dict(s) for s in view["deals"]]
    played_by: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for t in state.completed:
        for who, c in t.plays:
            played_by[who].append(c)
    for who, c in state.trick.plays:
        played_by[who].append(c)
    before_exchange = phase in ("bid", "discard")
    seen = set(own) | {c for group in (*played_by, *state.captured) for c in group}
    if before_exchange:  # after the exchange the seat's discards are in hands it cannot see
        seen |= set(state.discards[seat])
    if own_target is not None:
        seen.add(own_target)
    unseen = [c for c in DECK if c not in seen]
    others = [s for s in range(PLAYERS) if s != seat]
    capacity: dict[Hashable, int] = {}
    for other in others:
        capacity[other, "hand"] = view["hand_sizes"][other]
        if before_exchange:
            capacity[other, "pile"] = view["discarded"][other]
        elif view["targets_set"][other]:
            capacity[other, "target"] = 1

    def allowed(holder: Hashable, c: Card) -> bool:
        other, place = holder  # type: ignore[misc]
        if place == "hand":
            return c.suit not in state.voids[other]
        return place != "pile" or other != state.declarer or c.suit == state.trump

    minimums = []
    for other in others:
        for suit, length in shown_lengths(view["bids"], other).items():
            if before_exchange:
                holders: tuple[Hashable, ...] = ((other, "hand"), (other, "pile"))
                if other == state.declarer and suit == state.trump:
                    holders = holders[::-1]  # its trump discards count towards the trumps it showed
            else:
                exchanged = 0 if other == state.declarer and suit != state.trump else state.count
                length -= exchanged + sum(1 for c in played_by[other] if c.suit == suit)
                holders = ((other, "hand"), (other, "target"))
            holders = tuple(h for h in holders if h in capacity)
            if length > 0:
                minimums.append((holders, _of_suit(suit), length))
    try:
        dealt = deal_unseen_with_minimums(unseen, capacity, allowed, rng, minimums, QUICK_DEAL_TRIES)
    except ValueError:  # the shown lengths are lower bounds only: fall back to the hard constraints
        dealt = deal_unseen(unseen, capacity, allowed, rng, QUICK_DEAL_TRIES)
    for other in others:
        state.hands[other] = sort_hand(dealt[other, "hand"])
        if before_exchange:
            state.discards[other] = dealt[other, "pile"]
        elif (other, "target") in dealt:
            state.targets.choose(other, dealt[other, "target"][0])
    state.hands[seat] = list(own)
    if own_target is not None:
        state.targets.choose(seat, own_target)
    return state


def _of_suit(suit: str) -> Callable[[Card], bool]:
    return lambda c: c.suit == suit


ALL_RANKS = sum(1 << rank for rank in range(2, 15))  # a suit's ranks as a bit mask
def search_actions(view: dict, legal: list[dict]) -> list[dict]:
    """The actions the hard bot compares: every legal card in the play; before it, the normal policy's
    choice only. Measured, play-outs of a whole deal from the few samples a move's budget allows told
    bids, discards and target cards apart worse than the policy's own judgement does (they cost the
    hard bot about 14 points a deal when it searched them all)."""
    if view["phase"] == "play":
        return legal
    hand = cards(view["hand"])
    trump = view["trump"]
    if view["phase"] == "bid":
        lengths = {s: suit_length(hand, s) for s in BID_SUITS}
        chosen = bid_choice(hand, lengths, [(a["count"], a["suit"]) for a in legal[1:]])
        return [legal[0] if chosen is None else {"type": "bid", "count": chosen[0], "suit": chosen[1]}]
    allowed = cards(a["card"] for a in legal)
    if view["phase"] == "discard":
        best = min(allowed, key=lambda c: (keep_value(c, hand, trump), c.rank))
    else:
        best = choose_target(hand, trump)
    return [{"type": view["phase"], "card": best.code}]


# Rough chance that a card wins the trick it is played to, by rank, outside trumps (the ace usually
# does, a low card rarely): the policy's guess before the play says more.
WIN_GUESS = {rank: max(0.05, 0.9 - 0.17 * (14 - rank)) for rank in range(2, 15)}


def win_guess(c: Card, trump: str | None) -> float:
    if c.suit == trump:
        return 0.55 + 0.45 * (c.rank - 2) / 12
    return WIN_GUESS[c.rank]


def policy_action(state: ApplesState, rng: Rng) -> dict:
    """The 'normal' play of Apples, from the mover's hand and public facts only."""
    seat = state.current
    assert seat is not None
    if state.phase == "bid":
        choice = choose_bid(state, seat)
        return {"type": "pass"} if choice is None else {"type": "bid", "count": choice[0], "suit": choice[1]}
    if state.phase == "discard":
        return {"type": "discard", "card": choose_discard(state, seat).code}
    if state.phase == "target":
        return {"type": "target", "card": choose_target(state.hands[seat], state.trump).code}
    return {"type": "play", "card": choose_play(state, seat).code}


def suit_strength(hand: list[Card], suit: str) -> float:
    """Length and honours: how good a trump suit this hand makes."""
    return sum(1.0 + 0.35 * max(0, c.rank - 10) for c in hand if c.suit == suit)


MIN_TRUMP_LENGTH = 5  # the normal bot bids only with five cards or more in the suit
KEEP_TRUMPS = 3  # ... and no higher than leaves it three trumps after the exchange


def choose_bid(state: ApplesState, seat: int) -> tuple[int, str] | None:
    hand = state.hands[seat]
    lengths = {s: suit_length(hand, s) for s in BID_SUITS}
    return bid_choice(hand, lengths, legal_bids(state, seat))


def bid_choice(hand: list[Card], lengths: dict[str, int], bids: list[tuple[int, str]]) -> tuple[int, str] | None:
    """The cheapest of `bids` in the hand's strongest long suit, keeping three trumps; None to pass."""
    best: tuple[float, tuple[int, str]] | None = None
    cheapest: dict[str, int] = {}
    for n, s in bids:
        cheapest.setdefault(s, n)
    for suit, n in cheapest.items():
        if lengths[suit] < MIN_TRUMP_LENGTH or lengths[suit] - n < KEEP_TRUMPS:
            continue
        strength = suit_strength(hand, suit) - 0.5 * n
        if best is None or strength > best[0]:
            best = (strength, (n, suit))
    return best[1] if best else None


def keep_value(c: Card, hand: list[Card], trump: str | None) -> float:
    """How much a card is worth keeping through the exchange: trumps and high cards win tricks,
    high cards with another of their rank make sets (and a target), low cards are safe to lose tricks
    with; mid cards in short side suits are the first to go (towards a void)."""
    same_rank = sum(1 for x in hand if x.rank == c.rank) - 1
    value = (c.rank - 2) / 12
    if c.suit == trump:
        value += 1.0
    elif suit_length(hand, c.suit) <= 2:
        value -= 0.4
    if same_rank and set_points(c.rank, 2) > 0:
        value += 0.8 * same_rank * win_guess(c, trump)
    if c.rank <= 4:
        value += 0.5
    return value


def choose_discard(state: ApplesState, seat: int) -> Card:
    hand = state.hands[seat]
    allowed = [c for c in hand if c.suit == state.trump] if seat == state.declarer else hand
    return min(allowed, key=lambda c: (keep_value(c, hand, state.trump), c.rank))


def target_value(c: Card, hand: list[Card], trump: str | None) -> float:
    """The expected worth of `c` as the target card: its rank's bonus for the captures the other
    cards of that rank in hand should win, less what `c` itself would do in play."""
    expected = sum(win_guess(x, trump) for x in hand if x.rank == c.rank and x is not c)
    expected += 0.2 * (3 - sum(1 for x in hand if x.rank == c.rank and x is not c)) * win_guess(c, trump)
    whole = int(expected)
    steps = [0, set_points(c.rank, 2), TARGET_POINTS[2], TARGET_POINTS[3], TARGET_POINTS[3]]
    bonus = steps[whole] + (expected - whole) * (steps[whole + 1] - steps[whole])
    return bonus - 12 * win_guess(c, trump) * (c.suit == trump)


def choose_target(hand: list[Card], trump: str | None) -> Card:
    return max(hand, key=lambda c: (target_value(c, hand, trump), -c.rank))


# Points of 0..4 captured cards of each rank, as a plain rank and as the target rank: the policy's
# hot path reads these instead of the table.
PLAIN_POINTS = {rank: tuple(rank_points(rank, n, False) for n in range(5)) for rank in SET_POINTS}
TARGET_RANK_POINTS = {rank: tuple(rank_points(rank, n, True) for n in range(5)) for rank in SET_POINTS}


def gain(counts: dict[int, int], added: list[Card], target_rank: int | None) -> int:
    """How many points capturing `added` would add to a player holding `counts` of each rank."""
    extra: dict[int, int] = {}
    for c in added:
        extra[c.rank] = extra.get(c.rank, 0) + 1
    total = 0
    for rank, n in extra.items():
        have = counts.get(rank, 0)
        row = TARGET_RANK_POINTS[rank] if rank == target_rank else PLAIN_POINTS[rank]
        total += row[have + n] - row[have]
    return total


def choose_play(state: ApplesState, seat: int) -> Card:
    """The card with the best rough expectation: what the trick's cards are worth to this seat times
    the chance it keeps the trick, less what they give the likely winner otherwise, less the card's
    worth later (a high card or trump still to win with, a card of the target rank still to capture)."""
    hand = state.hands[seat]
    options = playable_cards(hand, state.trick.led_suit)
    if len(options) == 1:
        return options[0]
    plays = state.trick.plays
    trump = state.trump
    target = state.targets.choices[seat]
    target_rank = target.rank if target is not None else None
    # the cards this seat cannot place, as a bit mask of ranks per suit (bit r set: rank r is known)
    known = dict.fromkeys(SUITS, 0)
    for group in (hand, *state.captured, [c for _, c in plays], [target] if target is not None else []):
        for c in group:
            known[c.suit] |= 1 << c.rank
    unknown_ranks = {s: ALL_RANKS & ~known[s] for s in SUITS}
    unknown_count = {s: m.bit_count() for s, m in unknown_ranks.items()}
    hidden = max(1, sum(unknown_count.values()))
    later = [left_of(seat, PLAYERS, k) for k in range(1, PLAYERS - len(plays))]
    on_table = [c for _, c in plays]
    beaten: dict[tuple[int, Card], float] = {}
    counts: dict[int, dict[int, int]] = {seat: rank_counts(state.captured[seat])}

    def counts_of(other: int) -> dict[int, int]:
        if other not in counts:
            counts[other] = rank_counts(state.captured[other])
        return counts[other]

    def beaten_by(other: int, top: Card, led: str) -> float:
        """Rough chance that `other`, still to play, holds and can play a card beating `top`."""
        if (other, top) in beaten:
            return beaten[other, top]
        share = min(1.0, len(state.hands[other]) / hidden)
        voids = state.voids[other]
        out_of_led = 1.0 if led in voids else (1.0 - share) ** unknown_count[led]
        higher = 0 if top.suit in voids else (unknown_ranks[top.suit] >> (top.rank + 1)).bit_count()
        if top.suit != led:
            beaters = higher * out_of_led
        elif top.suit != trump and trump is not None and trump not in voids:
            beaters = higher + unknown_count[trump] * out_of_led
        else:
            beaters = higher
        beaten[other, top] = chance = 1.0 - (1.0 - share) ** beaters
        return chance

    def value(c: Card) -> float:
        trick = [*plays, (seat, c)]
        led = trick[0][1].suit
        top_seat = trick_winner(trick, trump)
        taken = [*on_table, c]
        if top_seat == seat:
            hold = 1.0
            top = c
            for other in later:
                hold *= 1.0 - beaten_by(other, top, led)
        else:
            hold = 0.0
        others_gain = gain(counts_of(top_seat), taken, None) if top_seat != seat else 0
        my_gain = gain(counts[seat], taken, target_rank)
        keep = 2.0 * win_guess(c, trump)
        if c.rank == target_rank:
            keep += 8.0 * (1.0 - hold)  # a card of the target rank lost to another is a capture gone
        return hold * my_gain - (1.0 - hold) * 0.5 * max(others_gain, 0) - keep

    return max(options, key=lambda c: (value(c), -c.rank))


def evaluate(state: ApplesState, seat: int) -> float:
    """Value of a finished deal for `seat`, in [0, 1]: a share of the win if the game ended, otherwise
    its deal points against the others' mean, with the running totals counting a little."""
    if not state.summaries:
        return 0.5
    if state.phase == "over":
        winners = leaders(state.scores)
        won = 1.0 / len(winners) if seat in winners else 0.0
        rival = max(state.scores[s] for s in range(PLAYERS) if s != seat)
        return 0.8 * won + 0.2 * (0.5 + 0.5 * max(-1.0, min(1.0, (state.scores[seat] - rival) / 100)))
    points = state.summaries[-1]["points"]
    margin = points[seat] - sum(points[s] for s in range(PLAYERS) if s != seat) / (PLAYERS - 1)
    return 0.5 + 0.5 * max(-1.0, min(1.0, margin / 80))


APPLES = ApplesRules()
