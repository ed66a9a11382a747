"""Dominuxen's state: the tiles, the rows of played sets, the phase of a turn, the constants of the
rules and the scores as they stand. The rules that change a state are rules.py's; the rules as
players read them, docs/games/dominuxen.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from pygames_core.engine.rng import Rng
from pygames_core.games.dominuxen.messages import GameSummary, SetView
from pygames_core.kit.cards import Domino, domino_set
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import left_of

GAME_ID = "dominuxen"
MIN_PLAYERS, MAX_PLAYERS = 3, 5
HAND_SIZE = 13
DISPLAY_SIZE = 6
HIGHEST = 12
NUMBERS = range(HIGHEST + 1)
TILES: tuple[Domino, ...] = tuple(domino_set(HIGHEST))  # 91 tiles
TILE_BY_CODE = {t.code: t for t in TILES}
MAX_MATCH_GAMES = 10


def beats(attacker: int, defender: int) -> bool:
    """Higher beats lower, except that 0 beats 12 (and only 12), so 12 does not beat 0."""
    if attacker == 0:
        return defender == HIGHEST
    if defender == 0:
        return attacker != HIGHEST
    return attacker > defender


def shows(tile: Domino, number: int) -> bool:
    """May the tile stand for `number`: one of its two numbers is it."""
    return tile.low == number or tile.high == number


def other_number(tile: Domino, number: int) -> int:
    """The tile's number that is ignored when it stands for `number` (a double's is the same)."""
    return tile.high if tile.low == number else tile.low


class Phase(StrEnum):
    """Where a turn is (the view's "phase", the same strings)."""

    PLAY = "play"  # the turn's player plays a set
    SNATCH = "snatch"  # the turn's player, who hit the victim's topmost set: take it?
    ANSWER = "answer"  # the victim of a declined hit: take the set back, or discard it?
    DRAW = "draw"  # the victim draws as many tiles as it lost
    OVER = "over"


@dataclass(frozen=True, slots=True)
class PlayedSet:
    """A set in a row: the number its tiles stand for, and which doubles were played as two."""

    number: int
    tiles: tuple[Domino, ...]
    doubled: tuple[Domino, ...] = ()

    @property
    def size(self) -> int:
        """The size for the snatch check: a double played as two counts 2."""
        return len(self.tiles) + len(self.doubled)

    def to_view(self) -> SetView:
        return {"number": self.number, "tiles": [t.code for t in self.tiles],
                "doubled": [t.code for t in self.doubled], "size": self.size}


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
    phase: Phase = Phase.PLAY
    hands: list[list[Domino]] = field(default_factory=list)  # each kept sorted
    known: list[set[Domino]] = field(default_factory=list)  # tiles everyone saw go into that hand
    rows: list[list[PlayedSet]] = field(default_factory=list)  # topmost set last
    display: list[Domino] = field(default_factory=list)
    supply: list[Domino] = field(default_factory=list)  # the top is the last item
    discard: list[Domino] = field(default_factory=list)
    checked: int = 0  # how many seats after `turn` the snatch check has reached this turn
    victim: int | None = None
    draws_left: int = 0
    totals: list[int] = field(default_factory=list)
    summaries: list[Frozen[GameSummary]] = field(default_factory=list)
    end_reason: str | None = None  # "hand_empty" or "middle_empty"

    @property
    def current(self) -> int | None:
        """The seat to act: None once the game (the last of the match) is over."""
        if self.phase in (Phase.PLAY, Phase.SNATCH):
            return self.turn
        if self.phase in (Phase.ANSWER, Phase.DRAW):
            return self.victim
        return None


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


def weight(tile: Domino, doubles: bool) -> int:
    """What a tile counts in scoring: 1, or 2 for a double under the doubles rule."""
    return 2 if doubles and tile.is_double else 1


def game_scores(state: DominuxenState) -> list[int]:
    """This game's score of each seat as it stands: +1 per tile in the row, -1 per tile in hand."""
    return [row_points(state, seat) - sum(weight(t, state.doubles) for t in state.hands[seat])
            for seat in range(state.players)]


def row_points(state: DominuxenState, seat: int) -> int:
    """What the seat's row scores: each tile of its sets, by its weight."""
    return sum(weight(t, state.doubles) for s in state.rows[seat] for t in s.tiles)


def snatch_hits(played: PlayedSet, target: PlayedSet) -> bool:
    """Does the set just played hit this topmost set: as many tiles, and a number that beats it?"""
    return played.size == target.size and beats(played.number, target.number)


def lose_top_set(state: DominuxenState) -> PlayedSet:
    """The snatched set leaves the victim's row; the set under it becomes the topmost."""
    return state.rows[victim_of(state)].pop()


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
    state.known = [set() for _ in range(state.players)]
    state.rows = [[] for _ in range(state.players)]
    state.discard = []
    state.turn = state.first_player
    state.turn_number = 1
    state.phase = Phase.PLAY
    state.checked = 0
    state.victim = None
    state.draws_left = 0

