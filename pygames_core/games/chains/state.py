"""Chains's state: each player's table, the constants of the rules, and the facts every part of the
game reads from a state (what may go where, which end cards are still open, who leads). The rules
that change a state are rules.py's; the rules as players read them, docs/games/chains.md.

Decisions followed (docs/games/chains.md): the drawn card is seen before it is placed (a `draw` is its
own action, then a `place`); in the expansion a draw that cannot go on the work area must go to a
slot, ending the turn; "tens last" is per player; a work pile is dead exactly when no own end card
j below its top k is still open that the player's moves could reach, counting the deck's cards and
the slots' cards that are not buried under a card that can never go onto the pile (`scorable`).
Decisions of our own are marked "Our decision" below and in the doc.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygames_core.engine.rng import Rng
from pygames_core.games.chains.messages import Action, CloseAction, DrawAction, MoveAction, PlaceAction
from pygames_core.kit.match import Match

GAME_ID = "chains"
NUMBERS = range(1, 11)
BEGINNER_SLOTS = 5
ADVANCED_SLOTS = 4
MAX_PLAYERS = 10
# points per end card taken, in the expansion: 1 -> 5; 2-4 -> 3; 5-7 -> 2; 8-10 -> 1
POINTS = {1: 5, 2: 3, 3: 3, 4: 3, 5: 2, 6: 2, 7: 2, 8: 1, 9: 1, 10: 1}


# The actions legal_actions lists, built once and shared by every list (Rules.legal_actions: whoever
# asks reads them and never changes them): a play-out lists actions at every step.
DRAW: DrawAction = {"type": "draw"}
PLACE_ON_WORK: PlaceAction = {"type": "place", "to": "work"}
PLACE_IN_SLOT: tuple[PlaceAction, ...] = tuple({"type": "place", "to": "slot", "slot": i}
                                               for i in range(BEGINNER_SLOTS))
MOVE_FROM: tuple[MoveAction, ...] = tuple({"type": "move", "slot": i} for i in range(BEGINNER_SLOTS))
CLOSE_WITH: tuple[CloseAction, ...] = tuple({"type": "close", "end": n} for n in range(11))  # by the end card


def deck_cards() -> list[int]:
    """The 45 cards of a deck once the end cards 1..10 are out: one 2, two 3s, …, nine 10s."""
    return [n for n in NUMBERS for _ in range(n - 1)]


def sold_out_threshold(players: int) -> int:
    """How many end cards of one number may be taken before the rest lock: 60 % rounded up,
    except 1 with two players (2→1, 3→2, 4→3, 5→3, 6→4, 7→5, 8→5, 9→6, 10→6)."""
    return 1 if players == 2 else (3 * players + 4) // 5


def fits(card: int, work: list[int]) -> bool:
    """May `card` go onto this work pile: exactly one below its top, or a 10 on an empty pile."""
    return card == wanted(work)


def wanted(work: list[int]) -> int:
    """The number that fits this work pile next (0 below a 1: none), and the end card that would close it."""
    return work[-1] - 1 if work else 10


def chain_cards(end: int) -> list[int]:
    """The run an end card closes, as it goes to the discard: 10, 9, …, end+1, then the end card."""
    return list(range(10, end - 1, -1))


@dataclass(slots=True)
class Table:
    """One player's own cards. The deck is top first; piles are bottom first (the top is last)."""

    deck: list[int]
    slots: list[list[int]]
    work: list[int] = field(default_factory=list)
    drawn: int | None = None  # turned up, waiting to be placed
    ends: set[int] = field(default_factory=lambda: set(NUMBERS))  # own end cards still in the area
    taken: list[int] = field(default_factory=list)  # own end cards taken, in order
    discard: list[int] = field(default_factory=list)
    dead: list[list[int]] = field(default_factory=list)  # dead work piles, face down (expansion)
    left: bool = False

    def copy(self) -> Table:
        return Table(list(self.deck), [list(p) for p in self.slots], list(self.work), self.drawn, set(self.ends),
                     list(self.taken), list(self.discard), [list(p) for p in self.dead], self.left)

    def in_hand(self, number: int) -> int:
        """Copies of `number` still in this player's deck, slots or drawn card."""
        count = self.deck.count(number) + sum(p.count(number) for p in self.slots)
        return count + (self.drawn == number)


@dataclass(slots=True)
class ChainsState:
    rng: Rng
    tables: list[Table]
    current: int = 0
    over: bool = False
    leaving_order: list[int] = field(default_factory=list)
    match: Match | None = None  # with the doubling cube (two players): the match this game is part of
    turn_start: bool = True  # the current player has not acted yet this turn (when a double is allowed)
    new_game: bool = False  # a game of the match has just been settled and the next one dealt
    # the numbers sold out, as bits (1 << n), read from the tables' taken end cards: every decision asks
    # whether some end card is locked, and counting the takes each time was most of a play-out's work.
    # Kept by `recount`, which whatever changes a table's taken end cards calls (a close, a new deal, a set-up)
    locked_bits: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.recount()

    def recount(self) -> None:
        """Work out `locked_bits` again from the tables (after their taken end cards changed)."""
        bits = 0
        if len(self.tables) > 1:
            limit = sold_out_threshold(len(self.tables))
            takes = [0] * 11
            for table in self.tables:
                for n in table.taken:
                    takes[n] += 1
            for n in NUMBERS:
                if takes[n] >= limit:
                    bits |= 1 << n
        self.locked_bits = bits

    @property
    def solitaire(self) -> bool:
        return len(self.tables) == 1

    @property
    def players(self) -> int:
        return len(self.tables)

    def locked(self, number: int) -> bool:
        """Sold out: enough end cards of this number have been taken (the expansion only)."""
        return bool(self.locked_bits >> number & 1)

    def may_take(self, seat: int, number: int) -> bool:
        """May this seat take its end card `number` now, its work pile permitting?"""
        table = self.tables[seat]
        if number not in table.ends or self.locked_bits >> number & 1:
            return False
        # tens last, per player (expansion only): the 10 only after one of your own 1..9
        return number != 10 or len(self.tables) == 1 or any(n != 10 for n in table.taken)

    def can_still_take(self, seat: int, number: int) -> bool:
        """Could this end card ever be taken? Our decision: the 10 also needs "tens last" to be
        still reachable (one of the own 1..9 taken, or one still open)."""
        table = self.tables[seat]
        if number not in table.ends or self.locked_bits >> number & 1:
            return False
        if number != 10 or any(n != 10 for n in table.taken):
            return True
        return self.any_open_below_ten(seat)

    def any_open_below_ten(self, seat: int) -> bool:
        """Whether one of this seat's end cards 1..9 is still in the area and not sold out."""
        locked = self.locked_bits
        return any(n != 10 and not locked >> n & 1 for n in self.tables[seat].ends)

    def can_take_any(self, seat: int) -> bool:
        """Whether `can_still_take(seat, n)` holds for some number n, found without asking each."""
        return self.any_open_below_ten(seat) or self.can_still_take(seat, 10)

    def actions_for(self, seat: int) -> list[Action]:
        """The moves of this seat's own cards (the cube's actions are the match's), shared: read only."""
        table = self.tables[seat]
        work = table.work
        need = work[-1] - 1 if work else 10  # wanted(work)
        if table.drawn is not None:
            out: list[Action] = [PLACE_ON_WORK] if table.drawn == need else []
            out += PLACE_IN_SLOT[:len(table.slots)]
            return out
        # movable_slots and closing_end written out (the pile's wanted number worked out once): every
        # random decision and every play-out's fallback lists these, and the two calls were a fifth of it
        out = [DRAW] if table.deck else []
        for i, pile in enumerate(table.slots):
            if pile and pile[-1] == need:
                out.append(MOVE_FROM[i])
        if need >= 1 and self.may_take(seat, need):
            out.append(CLOSE_WITH[need])
        return out

    def movable_slots(self, seat: int) -> list[int]:
        """The slots whose top card may go onto this seat's work pile now (no card drawn)."""
        table = self.tables[seat]
        need = wanted(table.work)
        return [i for i, pile in enumerate(table.slots) if pile and pile[-1] == need]

    def closing_end(self, seat: int) -> int | None:
        """The end card this seat may take now, one below its work pile's top (no card drawn), if any."""
        end = wanted(self.tables[seat].work)
        return end if end >= 1 and self.may_take(seat, end) else None

    def has_actions(self, seat: int) -> bool:
        """Whether `actions_for(seat)` has any, found without listing them."""
        table = self.tables[seat]
        if table.drawn is not None:
            return bool(table.slots) or fits(table.drawn, table.work)
        return bool(table.deck) or bool(self.movable_slots(seat)) or self.closing_end(seat) is not None


def scorable(state: ChainsState, seat: int) -> bool:
    """The Decision (revised; docs/games/chains.md): with top card k, the work pile can still be scored only if
    some own end card j < k is neither taken nor locked and some sequence of the player's moves, with
    the unseen deck cards arriving in any order, could build the pile down to j + 1. A card in the
    deck (or the card just drawn, which is about to go to the pile or onto a slot) counts; a card in
    a slot counts only once every card above it in that slot has gone onto this same pile first: a 6
    under a 9 never can, once the pile is below 10. (The first version counted every card in a slot,
    which could leave a player stuck for the rest of the game with a pile that can never be scored.)

    An exact search over the slots' heights as the pile goes down: each next number comes off the top
    of a slot whose top it is (which one matters: each uncovers a different card), or, when no top is
    that number, from the deck. A top that is the number is always the better source: the deck's
    copies are of no use once the pile is past it, and the slot's card would cover the rest forever."""
    table = state.tables[seat]
    if not table.work:
        return True
    # j < k <= 10: the tens-last rule never bears on these end cards, so open means in the area, not sold out
    ends, locked = table.ends, state.locked_bits
    number = table.work[-1] - 1
    if number in ends and not locked >> number & 1:  # the next card closes it: no search
        return True
    slots = table.slots
    return _reaches(number, [len(pile) for pile in slots], [pile[-1] if pile else 0 for pile in slots],
                    table, locked, {})


def _reaches(number: int, heights: list[int], tops: list[int], table: Table, locked: int,
             known: dict[tuple[int, tuple[int, ...]], bool]) -> bool:
    """`scorable`'s search: can a pile whose top is number + 1 be closed, with `heights` cards left in
    the table's slots, whose top cards are `tops` (0 for an empty one; both lists the call's own to
    change)? `known`: where several tops offered a number, what each way led to."""
    ends, deck, drawn = table.ends, table.deck, table.drawn
    while True:  # down the pile while there is a single way on; a search only where tops branch
        if number in ends and not locked >> number & 1:
            return True
        if number < 1:
            return False
        if number not in tops:
            if drawn != number and number not in deck:
                return False
        else:
            offering = [i for i, top in enumerate(tops) if top == number]
            if len(offering) > 1:
                key = (number, tuple(heights))
                if key not in known:
                    known[key] = any(_reaches(number - 1, *_uncover(table, heights, tops, i), table, locked, known)
                                     for i in offering)
                return known[key]
            heights, tops = _uncover(table, heights, tops, offering[0])
        number -= 1


def _uncover(table: Table, heights: list[int], tops: list[int], i: int) -> tuple[list[int], list[int]]:
    """The table's slots once slot i's top card has gone onto the pile (new lists)."""
    heights, tops = list(heights), list(tops)
    heights[i] -= 1
    tops[i] = table.slots[i][heights[i] - 1] if heights[i] else 0
    return heights, tops


def deal(players: int, slots: int, rng: Rng) -> tuple[int, list[Table]]:
    """A new game: who starts (drawn even with a set-up, as in Arsène) and each player's shuffled deck."""
    first = rng.below(players) if players > 1 else 0
    tables = []
    for _ in range(players):
        deck = deck_cards()
        rng.shuffle(deck)
        tables.append(Table(deck=deck, slots=[[] for _ in range(slots)]))
    return first, tables


def score_of(state: ChainsState, seat: int) -> int:
    """Solitaire: end cards taken; expansion: the weighted points 5/3/2/1 of the end cards taken."""
    taken = state.tables[seat].taken
    return len(taken) if state.solitaire else sum(POINTS[n] for n in taken)


def lowest_missing(table: Table) -> int:
    """The tie-break: the lowest number among the end cards not taken (11 when all ten were)."""
    return min((n for n in NUMBERS if n not in table.taken), default=11)


def winners(state: ChainsState) -> list[int]:
    """Highest score; among equals the higher lowest-missing end card; still equal: shared."""
    keys = [(score_of(state, s), lowest_missing(t)) for s, t in enumerate(state.tables)]
    best = max(keys)
    return [s for s in range(state.players) if keys[s] == best]
