"""Dominuxen's explicit set-ups: a position at the start of a turn given to
`new_game("dominuxen", setup=...)`, checked whole before play starts (the format is in
docs/games/dominuxen.md)."""

from __future__ import annotations

from typing import Any

from pygames_core.engine.errors import BadSetup
from pygames_core.games.dominuxen.state import (
    DISPLAY_SIZE,
    HIGHEST,
    NUMBERS,
    TILE_BY_CODE,
    TILES,
    DominuxenState,
    PlayedSet,
    Tile,
    deal,
    place_rows,
    reset_game,
    shows,
    table_tally,
)
from pygames_core.kit.setup import check_setup_keys, setup_seat

SETUP_KEYS = {"first_player", "current", "game_number", "totals", "hands", "known", "rows", "display",
              "supply", "discard", "unlisted"}
POSITION_KEYS = SETUP_KEYS - {"first_player", "game_number", "totals", "hands"}


def apply_setup(state: DominuxenState, setup: dict[str, Any]) -> None:
    """An explicit position at the start of a turn; the format is documented in docs/games/dominuxen.md."""
    check_setup_keys(setup, SETUP_KEYS)
    state.first_player = setup_seat(setup, "first_player", state.first_player, state.players)
    number = setup.get("game_number", 1)
    if type(number) is not int or not 1 <= number <= state.games:
        raise BadSetup(f"game_number must be 1-{state.games} (the games option), not {number!r}")
    state.game_number = number
    totals = setup.get("totals", [0] * state.players)
    if (not isinstance(totals, list) or len(totals) != state.players
            or any(type(t) is not int for t in totals)):
        raise BadSetup(f"totals must be {state.players} whole numbers")
    if number == 1 and any(totals):
        raise BadSetup("totals come from earlier games of a match: they are zeros in game 1")
    state.totals = list(totals)
    if "hands" not in setup:
        given = sorted(POSITION_KEYS & set(setup))
        if given:
            raise BadSetup(f"{', '.join(given)} need hands too")
        deal(state)
        return
    _setup_tiles(state, setup)


def _tiles(value: object, what: str) -> list[Tile]:
    if not isinstance(value, list):
        raise BadSetup(f"{what} must be a list of tile codes like '3-12'")
    tiles: list[Tile] = []
    for code in value:
        if not isinstance(code, str) or code not in TILE_BY_CODE:
            raise BadSetup(f"{code!r} in {what} is not a double-12 tile (two numbers 0-12, smaller first, "
                           "like '3-12')")
        tiles.append(TILE_BY_CODE[code])
    return tiles


def _per_seat(value: object, players: int, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != players:
        raise BadSetup(f"{what} must be a list of {players} entries, one per seat")
    return value


def _setup_row(value: object, seat: int, doubles: bool) -> list[PlayedSet]:
    if not isinstance(value, list):
        raise BadSetup(f"rows[{seat}] must be a list of sets, the topmost last")
    row: list[PlayedSet] = []
    for entry in value:
        if not isinstance(entry, dict) or not {"number", "tiles"} <= set(entry) <= {"number", "tiles", "doubled"}:
            raise BadSetup(f"a set in rows[{seat}] is {{'number': n, 'tiles': [...], 'doubled': [...]}}, "
                           f"not {entry!r}")
        number = entry["number"]
        if type(number) is not int or number not in NUMBERS:
            raise BadSetup(f"a set's number is 0-{HIGHEST}, not {number!r}")
        tiles = _tiles(entry["tiles"], f"a set of rows[{seat}]")
        doubled = _tiles(entry.get("doubled", []), f"doubled of rows[{seat}]")
        if not tiles or any(not shows(t, number) for t in tiles):
            raise BadSetup(f"every tile of a set of {number}s must show {number}: {entry['tiles']!r}")
        if tiles != sorted(set(tiles)) or doubled != sorted(set(doubled)):
            raise BadSetup(f"list a set's tiles once each, in order: {entry['tiles']!r}")
        if doubled and not doubles:
            raise BadSetup("a double is played as two only with the doubles option")
        if any(t not in tiles or not t.is_double for t in doubled):
            raise BadSetup(f"doubled lists doubles of the set only, not {entry.get('doubled')!r}")
        row.append(PlayedSet(number, tuple(tiles), tuple(doubled)))
    return row


def _setup_tiles(state: DominuxenState, setup: dict[str, Any]) -> None:
    players = state.players
    hands = [_tiles(h, f"hands[{s}]") for s, h in enumerate(_per_seat(setup["hands"], players, "hands"))]
    if any(not h for h in hands):
        raise BadSetup("every hand holds at least one tile (an empty hand has ended the game)")
    rows = [_setup_row(r, s, state.doubles)
            for s, r in enumerate(_per_seat(setup.get("rows", [[]] * players), players, "rows"))]
    display = _tiles(setup.get("display", []), "display")
    if len(display) > DISPLAY_SIZE:
        raise BadSetup(f"the display holds at most {DISPLAY_SIZE} tiles")
    supply_top = _tiles(setup.get("supply", []), "supply")
    discard = _tiles(setup.get("discard", []), "discard")
    placed = [t for h in hands for t in h] + [t for r in rows for s in r for t in s.tiles]
    placed += display + supply_top + discard
    twice = sorted({t.code for t in placed if placed.count(t) > 1})
    if twice:
        raise BadSetup(f"tiles appear twice in the set-up: {twice}")
    unlisted = setup.get("unlisted", "supply")
    if unlisted not in ("supply", "discard"):
        raise BadSetup(f"unlisted must be 'supply' or 'discard', not {unlisted!r}")
    rest = [t for t in TILES if t not in set(placed)]
    if unlisted == "supply":
        state.rng.shuffle(rest)  # under the listed supply tiles, in seeded order
        supply = rest + supply_top[::-1]
    else:
        supply = supply_top[::-1]
        discard += rest
    if "display" not in setup:
        while len(display) < DISPLAY_SIZE and supply:
            display.append(supply.pop())
    if len(display) < DISPLAY_SIZE and supply:
        raise BadSetup(f"the display is refilled to {DISPLAY_SIZE} while the supply lasts")
    if not display:
        raise BadSetup("the display and the supply are empty: that game has already ended")
    known_codes = _per_seat(setup.get("known", [[]] * players), players, "known")
    known = [set(_tiles(k, f"known[{s}]")) for s, k in enumerate(known_codes)]
    if any(not k <= set(h) for k, h in zip(known, hands, strict=True)):
        raise BadSetup("known tiles must be in that seat's hand")
    current = setup_seat(setup, "current", state.first_player, players)
    state.hands = [sorted(h) for h in hands]
    state.display, state.supply = display, supply
    reset_game(state)
    place_rows(state, rows)
    state.discard, state.known = discard, known
    state.table = table_tally(state)
    state.turn = current

