"""Dominuxen's state: the tiles, the rows of played sets, the phase of a turn, the constants of the
rules and the scores as they stand. The rules that change a state are rules.py's; the rules as
players read them, docs/games/dominuxen.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple, TypeVar

from pygames_core.engine.rng import Rng
from pygames_core.games.dominuxen.messages import GameSummary, SetView
from pygames_core.kit.cards import domino_set
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import left_of

GAME_ID = "dominuxen"
K = TypeVar("K")
T = TypeVar("T")
MIN_PLAYERS, MAX_PLAYERS = 3, 5
HAND_SIZE = 13
DISPLAY_SIZE = 6
HIGHEST = 12
NUMBERS = range(HIGHEST + 1)
MAX_MATCH_GAMES = 10

# The tiles as the state holds them: each its place in the double-12 set's order (0 is 0-0, 1 is 0-1,
# ..., 90 is 12-12), an int, so that the bots' play-outs sort hands, hash sets and read these tables in
# C (a Domino's hash and order are Python code); the order is the dominoes' own (smaller number first).
DOMINOES = tuple(domino_set(HIGHEST))  # 91 tiles
LOW: tuple[int, ...] = tuple(d.low for d in DOMINOES)
HIGH: tuple[int, ...] = tuple(d.high for d in DOMINOES)
CODE: tuple[str, ...] = tuple(d.code for d in DOMINOES)
DOUBLE: tuple[bool, ...] = tuple(d.is_double for d in DOMINOES)


class Tile(int):
    """A tile: its index in the set (see above). It reads as its domino does: `code` ("3-12"), `low`,
    `high`, `is_double`; the rules' hot paths read the tables instead."""

    __slots__ = ()

    @property
    def code(self) -> str:
        return CODE[self]

    @property
    def low(self) -> int:
        return LOW[self]

    @property
    def high(self) -> int:
        return HIGH[self]

    @property
    def is_double(self) -> bool:
        return DOUBLE[self]

    def __repr__(self) -> str:
        return f"Tile({CODE[self]})"


TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(len(DOMINOES)))
TILE_BY_CODE = {t.code: t for t in TILES}
# SHOWING[n]: the tiles that may stand for n, in order (13 each: the double and the 12 others)
SHOWING: tuple[tuple[Tile, ...], ...] = tuple(tuple(t for t in TILES if n in (LOW[t], HIGH[t])) for n in NUMBERS)


# A hand's groups of tiles, one per number, all in one int: number n's group is its n-th field of 16
# bits, in which the tile n-m (or m-n) is bit m (the m-th tile of SHOWING[n]: a group's tiles in hand
# order are its bits from the lowest; bits 13-15 stay 0). A tile's bits are its bit in the field of
# each of its numbers: the hand's groups are the sum of its tiles' bits, and a tile comes or goes with
# an XOR of its bits. Fields of 16 bits, not 13: the int's bytes are then the 13 fields as 16-bit
# numbers, split apart in C (rules.py's plays_of_groups).
GROUP_WIDTH = 16  # the bits of a field (13 used: the tiles showing a number)
GROUP_BYTES = GROUP_WIDTH // 8 * len(NUMBERS)
TILE_GROUP_BITS: tuple[int, ...] = tuple(
    (1 << (GROUP_WIDTH * LOW[t] + HIGH[t])) | (1 << (GROUP_WIDTH * HIGH[t] + LOW[t])) for t in TILES)


def group_bits(tiles: Iterable[Tile]) -> int:
    """The groups of these tiles (a hand's), as one int."""
    return sum(map(TILE_GROUP_BITS.__getitem__, tiles))


def number_groups(hand: Iterable[Tile]) -> list[list[Tile]]:
    """The tiles of the hand showing each number, in hand order (a double in its one number's group)."""
    groups: list[list[Tile]] = [[] for _ in NUMBERS]
    for t in hand:
        groups[LOW[t]].append(t)
        if not DOUBLE[t]:
            groups[HIGH[t]].append(t)
    return groups


def beats(attacker: int, defender: int) -> bool:
    """Higher beats lower, except that 0 beats 12 (and only 12), so 12 does not beat 0."""
    if attacker == 0:
        return defender == HIGHEST
    if defender == 0:
        return attacker != HIGHEST
    return attacker > defender


# BEATERS[n]: the numbers that beat n, smallest first
BEATERS: tuple[tuple[int, ...], ...] = tuple(tuple(m for m in NUMBERS if beats(m, n)) for n in NUMBERS)


def shows(tile: Tile, number: int) -> bool:
    """May the tile stand for `number`: one of its two numbers is it."""
    return LOW[tile] == number or HIGH[tile] == number


class Phase(StrEnum):
    """Where a turn is (the view's "phase", the same strings)."""

    PLAY = "play"  # the turn's player plays a set
    SNATCH = "snatch"  # the turn's player, who hit the victim's topmost set: take it?
    ANSWER = "answer"  # the victim of a declined hit: take the set back, or discard it?
    DRAW = "draw"  # the victim draws as many tiles as it lost
    OVER = "over"


# The phases as module constants: reading a member off an Enum class runs Python code in CPython 3.11
# (about a quarter of a microsecond), and the rules and the bots' play-outs read a phase at every step.
PLAY, SNATCH, ANSWER, DRAW, OVER = Phase.PLAY, Phase.SNATCH, Phase.ANSWER, Phase.DRAW, Phase.OVER


class PlayedSet(NamedTuple):
    """A set in a row: the number its tiles stand for, and which doubles were played as two. (A named
    tuple: the bots' play-outs make and compare many.)"""

    number: int
    tiles: tuple[Tile, ...]
    doubled: tuple[Tile, ...] = ()

    @property
    def size(self) -> int:
        """The size for the snatch check: a double played as two counts 2."""
        return len(self.tiles) + len(self.doubled)

    def to_view(self) -> SetView:
        number, tiles, doubled = self
        codes = [*SET_CODES[tiles]]
        if not doubled:  # most sets
            return {"number": number, "tiles": codes, "doubled": [], "size": len(tiles)}
        return {"number": number, "tiles": codes, "doubled": [*SET_CODES[doubled]], "size": len(tiles) + len(doubled)}


NO_TOP = -1  # the top_key of an empty row, which no set hits


def top_key(row: list[PlayedSet]) -> int:
    """The row's topmost set as the snatch check compares it: its number and size in one int (number << 4
    | size: a size is at most 14), or NO_TOP."""
    if not row:
        return NO_TOP
    number, tiles, doubled = row[-1]
    return number << 4 | (len(tiles) + len(doubled))


# HITS[key]: the top_keys a set of that key hits, as a frozenset (the same size, a number it beats)
HITS: tuple[frozenset[int], ...] = tuple(frozenset(m << 4 | key & 15 for m in NUMBERS if beats(key >> 4, m))
                                         for key in range(len(NUMBERS) << 4))


def place_rows(state: DominuxenState, rows: list[list[PlayedSet]]) -> None:
    """The rows of a state set up or read back, and their tops."""
    state.rows = rows
    state.tops = [*map(top_key, rows)]


class PerSet(dict[K, T]):
    """Something worked out of a set (its tiles, as PlayedSet holds them, or the PlayedSet), kept by it
    once made: the same sets are played, hit and taken all through a game and the bots' searches, and
    each time their codes or view go into an event and their group bits into a hand's (issue 48: a
    look-up costs a fraction of mapping a table over the tiles again)."""

    def __init__(self, make: Callable[[K], T]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> T:
        if len(self) >= KEPT_PER_SET:  # a page may play for hours: start again
            self.clear()
        made = self[key] = self.make(key)
        return made


KEPT_PER_SET = 1 << 16  # the sets kept at most by a PerSet (every set of one number's tiles: 13 * 8191)
# each set's view as the `played` and `hit` events show it: one dict per set, shared by every event
# that shows it (Rules.apply: events are read, never changed, and Game.apply hands out copies). Two
# events in three show a set, and its view made anew was a twentieth of random play (issue 48).
SET_VIEWS: PerSet[PlayedSet, SetView] = PerSet(PlayedSet.to_view)
# the codes of a set's tiles: a tuple of strings, which the garbage collector stops tracking
SET_CODES: PerSet[tuple[Tile, ...], tuple[str, ...]] = PerSet(lambda tiles: tuple(map(CODE.__getitem__, tiles)))
# the group bits of a set's tiles (group_bits), which a hand's take in or give up
SET_GROUP_BITS: PerSet[tuple[Tile, ...], int] = PerSet(group_bits)

# Tiles counted by number in one int, added up in C (a hand's counts, the table's tally): each
# tile is an int with a 1 in the field of each number it shows (a double in one), fields wide enough
# that no count of the 91 tiles overflows into the next
FIELD_BITS = 5  # a field counts up to 31: at most SHOWN (13) tiles show a number
FIELD = (1 << FIELD_BITS) - 1
SHIFTS = tuple(FIELD_BITS * n for n in NUMBERS)
PACKED: tuple[int, ...] = tuple((1 << SHIFTS[LOW[t]]) + (0 if DOUBLE[t] else 1 << SHIFTS[HIGH[t]]) for t in TILES)
# PACKED with one more field, above the numbers', that counts the tiles themselves (as wide as it needs)
TALLY_SHIFT = FIELD_BITS * len(NUMBERS)
TALLIED: tuple[int, ...] = tuple(packed + (1 << TALLY_SHIFT) for packed in PACKED)
EVERY_TILE = sum(TALLIED)  # every number's field SHOWN, and the tally every tile's
# the tallied counts of a set's tiles, kept by the tiles: the rows' sets recur all through a game
SET_TALLIES: PerSet[tuple[Tile, ...], int] = PerSet(lambda tiles: sum(map(TALLIED.__getitem__, tiles)))


def table_tally(state: DominuxenState) -> int:
    """The tiles on the table, seen by every seat (the rows' sets, the display and the discard), tallied."""
    tally = TALLIED.__getitem__
    rows = sum([SET_TALLIES[s[1]] for row in state.rows for s in row])  # PlayedSet.tiles, by index
    return rows + sum(map(tally, state.display)) + sum(map(tally, state.discard))


@dataclass(slots=True)
class DominuxenState:
    """A game (of a match of `games` games) as it stands; hands are hidden, all else is public."""

    players: int
    doubles: bool
    games: int
    rng: Rng
    first_player: int
    game_number: int = 1
    turn: int = 0  # the seat whose turn it is: it plays a set, then settles the snatches
    turn_number: int = 1
    phase: Phase = PLAY
    hands: list[list[Tile]] = field(default_factory=list)  # each kept sorted
    # each seat's hand as group_bits, kept along with it once legal_actions has listed its plays (a cache:
    # None until then; the bots' play-outs, from states they sample, never list plays). Each move that
    # brings tiles into a hand or takes them out XORs their bits in, in place (rules.py: a function
    # of its own would be one more Python call at every play and draw).
    hand_groups: list[int | None] = field(default_factory=lambda: [None] * MAX_PLAYERS)
    known: list[set[Tile]] = field(default_factory=list)  # tiles everyone saw go into that hand
    rows: list[list[PlayedSet]] = field(default_factory=list)  # topmost set last
    # each seat's topmost set as its top_key (NO_TOP for an empty row), kept along with the rows (set
    # with them by place_rows, then by each move that adds or takes a set): the snatch check compares keys
    tops: list[int] = field(default_factory=list)
    display: list[Tile] = field(default_factory=list)
    # the table's tiles tallied (table_tally), kept along with them (set with them by reset_game, a set-up
    # and a sampled state, then by each move that puts tiles on the table or takes them off): what the
    # policy's chances count as seen by every seat, read in one attribute
    table: int = 0
    supply: list[Tile] = field(default_factory=list)  # the top is the last item
    discard: list[Tile] = field(default_factory=list)
    checked: int = 0  # how many seats after `turn` the snatch check has reached this turn
    victim: int | None = None
    draws_left: int = 0
    totals: list[int] = field(default_factory=list)
    summaries: list[Frozen[GameSummary]] = field(default_factory=list)
    end_reason: str | None = None  # "hand_empty" or "middle_empty"

    @property
    def current(self) -> int | None:
        """The seat to act: None once the game (the last of the match) is over."""
        phase = self.phase
        if phase in (PLAY, SNATCH):
            return self.turn
        if phase == OVER:
            return None
        return self.victim  # the answer and the draws are the victim's


def mover(state: DominuxenState) -> int:
    """The seat to act, as an index: a finished game has none (ValueError)."""
    seat = state.current
    if seat is None:
        raise ValueError("the game is over: no seat is to act")
    return seat


def victim_of(state: DominuxenState) -> int:
    """The seat whose topmost set was hit (phases snatch, answer and draw), as an index."""
    if state.victim is None:
        raise ValueError(f"no seat was hit (phase {state.phase})")
    return state.victim


WEIGHT = {False: (1,) * len(TILES), True: tuple(2 if double else 1 for double in DOUBLE)}  # by the doubles rule


def weight(tile: Tile, doubles: bool) -> int:
    """What a tile counts in scoring: 1, or 2 for a double under the doubles rule."""
    return 2 if doubles and DOUBLE[tile] else 1


def tiles_weight(tiles: Iterable[Tile], doubles: bool) -> int:
    """What tiles count in scoring together."""
    weights = WEIGHT[doubles]
    return sum([weights[t] for t in tiles])


def game_scores(state: DominuxenState) -> list[int]:
    """This game's score of each seat as it stands: +1 per tile in the row, -1 per tile in hand."""
    return scores_of(state, every_row_points(state))


def scores_of(state: DominuxenState, rows: list[int]) -> list[int]:
    """game_scores, each seat's row points `rows` given (the end of a game shows them too)."""
    return [points - tiles_weight(hand, state.doubles) for points, hand in zip(rows, state.hands, strict=True)]


def row_points(state: DominuxenState, seat: int) -> int:
    """What the seat's row scores: each tile of its sets, by its weight."""
    weights = WEIGHT[state.doubles]
    return sum([weights[t] for s in state.rows[seat] for t in s.tiles])


def every_row_points(state: DominuxenState) -> list[int]:
    """Each seat's row_points."""
    return [row_points(state, seat) for seat in range(state.players)]


def deal(state: DominuxenState) -> None:
    """Shuffle the whole set and start a game: 13 tiles each, 6 on display, the rest the supply."""
    tiles = list(TILES)
    state.rng.shuffle(tiles)
    state.hands = [[] for _ in range(state.players)]
    for i in range(state.players):
        seat = left_of(state.first_player, state.players, i)
        state.hands[seat] = sorted(tiles[i * HAND_SIZE:(i + 1) * HAND_SIZE])
    rest = tiles[state.players * HAND_SIZE:]
    state.display = rest[:DISPLAY_SIZE]
    state.supply = rest[DISPLAY_SIZE:]
    reset_game(state)


def reset_game(state: DominuxenState) -> None:
    """Everything but the tiles' places back to a game's start: the first player's turn, rows empty."""
    state.hand_groups = [None] * MAX_PLAYERS  # the hands were dealt again
    state.known = [set() for _ in range(state.players)]
    place_rows(state, [[] for _ in range(state.players)])
    state.discard = []
    state.table = table_tally(state)
    state.turn = state.first_player
    state.turn_number = 1
    state.phase = PLAY
    state.checked = 0
    state.victim = None
    state.draws_left = 0

