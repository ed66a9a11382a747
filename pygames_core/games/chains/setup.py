"""Chains's explicit set-ups: a position given to `new_game("chains", setup=...)`, checked whole
before play starts (the format is in docs/games/chains.md)."""

from __future__ import annotations

from typing import Any

from pygames_core.engine.errors import BadSetup
from pygames_core.games.chains.state import NUMBERS, ChainsState, chain_cards, scorable, sold_out_threshold
from pygames_core.kit.match import check_scores, setup_cube
from pygames_core.kit.setup import setup_seat

TABLE_KEYS = {"deck", "deck_top", "work", "slots", "drawn", "end_cards", "dead"}


def apply_setup(state: ChainsState, setup: dict[str, Any]) -> None:
    """Put the set-up's position on the freshly dealt `state` (BadSetup when it is impossible)."""
    if state.solitaire:
        known = TABLE_KEYS - {"dead"}
        _check_keys(setup, known, "a solitaire set-up")
        _setup_table(state, 0, setup)
        return
    _check_keys(setup, {"tables", "current", "cube", "match"}, "a multiplayer set-up")
    tables = setup.get("tables")
    if not isinstance(tables, list) or len(tables) != state.players or not all(isinstance(t, dict) for t in tables):
        raise BadSetup(f"tables must list {state.players} objects, one per player")
    current = state.current = setup_seat(setup, "current", state.current, state.players)
    for seat, given in enumerate(tables):
        _check_keys(given, TABLE_KEYS, f"table {seat}")
        if given.get("drawn") is not None and seat != current:
            raise BadSetup(f"only the current player can have a drawn card (table {seat} has one)")
        _setup_table(state, seat, given)
    state.recount()
    limit = sold_out_threshold(state.players)
    for n in NUMBERS:
        taken = sum(n in t.taken for t in state.tables)
        if taken > limit:
            raise BadSetup(f"{taken} end cards {n} taken, but the {n}s sell out after {limit}")
    for seat, table in enumerate(state.tables):
        if 10 in table.taken and table.taken == [10]:
            raise BadSetup(f"table {seat} took its 10 without any of its 1-9 (tens last)")
        if table.work and not scorable(state, seat):
            raise BadSetup(f"table {seat}'s work pile {table.work} can no longer be scored: it would be dead")
    _setup_match(state, setup)


def _setup_match(state: ChainsState, setup: dict[str, Any]) -> None:
    """The match score ({"scores", "crawford_done", "games"}) and the cube; a set-up position is at the
    start of the current player's turn unless a card is drawn."""
    given = setup.get("match")
    if state.match is None:
        if given is not None or "cube" in setup:
            raise BadSetup("cube and match need the cube option")
        return
    given = {} if given is None else given
    if not isinstance(given, dict):
        raise BadSetup('match must be an object with "scores", "crawford_done" and "games"')
    _check_keys(given, {"scores", "crawford_done", "games"}, "match")
    state.match.scores = check_scores(state.match, given.get("scores", [0, 0]), "match scores")
    least = 1 if any(state.match.scores) else 0
    games = given.get("games", least)
    if type(games) is not int or games < least:
        raise BadSetup(f"games (played so far) must be a whole number, at least {least} with these scores, "
                       f"not {games!r}")
    state.match.games = games
    state.turn_start = state.tables[state.current].drawn is None
    setup_cube(state.match, setup.get("cube"), given.get("crawford_done"),
               state.current if state.turn_start else None)


def _check_keys(given: dict[str, Any], known: set[str], what: str) -> None:
    unknown = sorted(set(given) - known)
    if unknown:
        raise BadSetup(f"unknown keys {unknown} in {what}; known: {sorted(known)}")


def _numbers(value: object, what: str) -> list[int]:
    if not isinstance(value, list) or any(type(n) is not int or not 1 <= n <= 10 for n in value):
        raise BadSetup(f"{what} must be a list of card numbers 1-10, not {value!r}")
    return list(value)


def _run_from_ten(cards: list[int], what: str) -> list[int]:
    if cards != list(range(10, 10 - len(cards), -1)):
        raise BadSetup(f"{what} must run down from 10 one by one (10, 9, 8, …), not {cards}")
    return cards


def _setup_table(state: ChainsState, seat: int, given: dict[str, Any]) -> None:
    table = state.tables[seat]
    slot_count = len(table.slots)
    work = _run_from_ten(_numbers(given.get("work", []), "work"), "the work pile")
    slots = given.get("slots", [])
    if not isinstance(slots, list) or len(slots) > slot_count:
        raise BadSetup(f"slots must be a list of at most {slot_count} piles (bottom card first)")
    piles = [_numbers(p, f"slot {i}") for i, p in enumerate(slots)]
    piles += [[] for _ in range(slot_count - len(piles))]
    drawn = given.get("drawn")
    if drawn is not None and (type(drawn) is not int or not 1 <= drawn <= 10):
        raise BadSetup(f"drawn must be a card number 1-10 or null, not {drawn!r}")
    ends = set(_numbers(given.get("end_cards", list(NUMBERS)), "end_cards"))
    if len(ends) != len(given.get("end_cards", NUMBERS)):
        raise BadSetup("end_cards lists a number twice")
    dead = given.get("dead", [])
    if not isinstance(dead, list):
        raise BadSetup("dead must be a list of dead work piles")
    dead = [_run_from_ten(_numbers(p, "a dead pile"), "a dead pile") for p in dead]
    if any(not p for p in dead):
        raise BadSetup("a dead pile cannot be empty")
    taken = sorted(set(NUMBERS) - ends)
    discard = [c for end in taken for c in chain_cards(end)]
    placed = work + [c for p in piles for c in p] + ([drawn] if drawn is not None else [])
    placed += discard + [c for p in dead for c in p] + sorted(ends)
    counts = {n: n - placed.count(n) for n in NUMBERS}  # a Pairs deck has n cards of number n
    if "deck" in given and "deck_top" in given:
        raise BadSetup("give either deck (all of it) or deck_top (its top cards), not both")
    if "deck" in given:
        deck = _numbers(given["deck"], "deck")
        counts = {n: c - deck.count(n) for n, c in counts.items()}
    else:
        top = _numbers(given.get("deck_top", []), "deck_top")
        counts = {n: c - top.count(n) for n, c in counts.items()}
        rest = [n for n, c in counts.items() for _ in range(max(c, 0))]
        state.rng.shuffle(rest)
        counts = {n: min(c, 0) for n, c in counts.items()}
        deck = top + rest
    wrong = {n: -c for n, c in counts.items() if c}
    if any(c > 0 for c in wrong.values()):
        extra = {n: c for n, c in wrong.items() if c > 0}
        raise BadSetup(f"too many cards (number: extra copies) {extra} in table {seat}: a Pairs deck has n cards of n, "
                       "and each end card taken brings its run into the discard")
    if wrong:
        raise BadSetup(f"cards missing (number: copies) { {n: -c for n, c in wrong.items()} } in table {seat}: "
                       "every card must be somewhere")
    table.deck, table.slots, table.work, table.drawn = deck, piles, work, drawn
    table.ends, table.taken, table.discard, table.dead = ends, taken, discard, dead
