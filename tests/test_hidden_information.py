"""The generic hidden-information test (after OpenSpiel's random-simulation test): random games of
every game and variant, checked at every step for what the bots, hints and saves rely on.

At each step of a game played with uniformly random legal actions:
- the rules' `copy_state` is equal, field by field, to the state (as a deep copy is), and it shares
  no mutable object with it, so play-outs on a copy never touch the game;
- a state sampled from a seat's remembered view (what the seat's bot and hints decide from) gives
  that seat the same view and remembered view again, the same seat to move and, on the seat's turn,
  the same legal actions: for the seat to move (the bots and hints), and for the other seats (the
  doubling cube's taker, and the hook's promise), one a step in turn;
- nothing the game hands out (a view, a remembered view, the result) is part of its state;
- `to_json` and `load_game` round-trip: the same view for every seat and for a spectator, the same
  remembered views, legal actions, seat to move, result and history.

Two games per variant with fixed seeds run every time, the costlier checks (a save loaded back,
what is handed out) after 0, 1, 2, 4, 8, ... actions and at the end, and the sampling for one seat
not to move a step; `PYGAMES_HIDDEN_GAMES=20` plays that many games per variant, samples for every
seat at every step and adds Chains tables of 6 and 10 (a nightly run's size). The test reaches the
games' internals only through the adapter functions just below, so a move of the package re-points
them in one place.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from variants import VARIANTS as SHARED_VARIANTS
from variants import Variant

import pygames_core as pg
from pygames_core.engine.rng import Rng  # for sample_from only: the bots' generator, which sample_state takes
from pygames_core.games import find_entry

# --- adapters: the only places that know where the internals live -------------------------------


def state_of(game: pg.Game) -> Any:
    """The game's full state (hidden cards and all)."""
    return game._state


def copy_of(game: pg.Game, state: Any) -> Any:
    """The rules' own copy of a state (what the hard bot's play-outs run on)."""
    return game.rules.copy_state(state)


def sample_from(game: pg.Game, view: dict, seed: int) -> Any:
    """A full state the game's bot samples from a seat's remembered view, with a fixed seed."""
    return find_entry(game.game_id).bot.sample_state(view, Rng(seed))


def view_in(game: pg.Game, state: Any, seat: int | None) -> dict:
    return game.rules.view(state, seat)


def remembered_view_in(game: pg.Game, state: Any, seat: int) -> dict:
    return game.rules.remembered_view(state, seat)


def mover_in(game: pg.Game, state: Any) -> int | None:
    return game.rules.current_player(state)


def legal_in(game: pg.Game, state: Any) -> list[dict]:
    return game.rules.legal_actions(state)


# --- the games and variants -------------------------------------------------------------------

VARIANTS = list(SHARED_VARIANTS)  # tests/variants.py: every game and variant that plays differently
NIGHTLY = "PYGAMES_HIDDEN_GAMES" in os.environ
GAMES_PER_VARIANT = int(os.environ.get("PYGAMES_HIDDEN_GAMES", "2"))
if NIGHTLY:  # larger tables of Chains, slow to check at every step: a view shows every chain to each seat
    VARIANTS += [Variant("chains", 6, {}), Variant("chains", 10, {})]
VARIANT_NAMES = [variant.name for variant in VARIANTS]  # the test ids: after the nightly run's variants
MAX_STEPS = 3000  # far beyond any game's length: a game that does not end fails rather than hangs


def test_every_game_is_covered() -> None:
    assert {v.game_id for v in VARIANTS} == {g["id"] for g in pg.list_games()}


def test_the_nightly_run_collects_its_larger_chains_tables() -> None:
    # the nightly size is set by the environment when the module is imported: only a run of its own sees it
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", __file__],
                         env={**os.environ, "PYGAMES_HIDDEN_GAMES": "1"}, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "test_a_save_loads_back_to_the_same_game[chains-10p]" in run.stdout


def random_game(variant: Variant, seed: int) -> Iterator[pg.Game]:
    """A game of `variant` played with uniformly random legal actions; yields it before every action
    and once more at the end."""
    game = pg.new_game(variant.game_id, players=variant.players, seed=seed, options=variant.options)
    chooser = random.Random(seed)
    for _ in range(MAX_STEPS):
        yield game
        if game.is_over:
            return
        game.apply(chooser.choice(game.legal_actions()))
    pytest.fail(f"{variant.name} seed {seed} did not end in {MAX_STEPS} actions")


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def first_difference(left: Any, right: Any, path: str = "") -> str | None:
    """Where two JSON values differ first (a path and both values), or None when they are equal (as
    JSON texts: 1.0 or true is not the 1 the other has)."""
    if canonical(left) == canonical(right):
        return None
    if isinstance(left, dict) and isinstance(right, dict):
        for key in sorted(set(left) | set(right), key=str):
            if key not in left or key not in right:
                return f"{path}.{key}: only in the {'first' if key in left else 'second'}"
        return next(found for key in sorted(left, key=str)
                    if (found := first_difference(left[key], right[key], f"{path}.{key}")))
    if isinstance(left, list) and isinstance(right, list) and len(left) == len(right):
        return next(found for i, (a, b) in enumerate(zip(left, right, strict=True))
                    if (found := first_difference(a, b, f"{path}[{i}]")))
    return f"{path or 'the whole'}: {canonical(left)[:200]} != {canonical(right)[:200]}"


# --- copy_state ---------------------------------------------------------------------------------

ATOMS = (int, float, str, bytes, type(None), enum.Enum)


def copy_problem(original: Any, copied: Any, path: str = "state", *, sharing: bool = False) -> str | None:
    """The first place where `copied` is not an independent equal of `original` (as a deep copy is):
    a different value or type, or (unless `sharing` is allowed) a mutable object (list, dict, set,
    unfrozen dataclass, slotted object) the two share. Frozen dataclasses, tuples and frozensets are
    walked, not trusted: a shared one must hold nothing mutable."""
    if type(original) is not type(copied):
        return f"{path}: {type(original).__name__} copied as {type(copied).__name__}"
    if isinstance(original, ATOMS):
        return None if original == copied else f"{path}: {original!r} copied as {copied!r}"
    if original is copied:  # equal to itself; independent only if nothing in it can change
        if sharing:
            return None
        if is_mutable(original):
            return f"{path}: the same {type(original).__name__} object in the state and its copy"
    for where, left, right in parts(original, copied, path):
        found = copy_problem(left, right, where, sharing=sharing)
        if found:
            return found
    return None


def is_mutable(part: Any) -> bool:
    """Whether a part of a state (not an atom) can change in place."""
    return not isinstance(part, tuple | frozenset) and not (
        dataclasses.is_dataclass(part) and type(part).__dataclass_params__.frozen)  # type: ignore[attr-defined]


def mutable_parts(whole: Any, path: str, found: dict[int, str]) -> dict[int, str]:
    """Every mutable object within `whole`, by identity, with the path of its first place."""
    if isinstance(whole, ATOMS) or id(whole) in found:
        return found
    if is_mutable(whole):
        found[id(whole)] = path
    if isinstance(whole, set | frozenset):
        return found  # its members are hashable: atoms, frozen values or objects compared by identity
    for where, part, _ in parts(whole, whole, path):
        mutable_parts(part, where, found)
    return found


def parts(original: Any, copied: Any, path: str) -> list[tuple[str, Any, Any]]:
    """The pairs of corresponding parts of two objects of the same type, with their paths."""
    if isinstance(original, dict):
        if set(original) != set(copied):
            return [(f"{path} keys", sorted(map(str, original)), sorted(map(str, copied)))]
        return [(f"{path}[{key!r}]", value, copied[key]) for key, value in original.items()]
    if isinstance(original, list | tuple):
        if len(original) != len(copied):
            return [(f"{path} length", len(original), len(copied))]
        return [(f"{path}[{i}]", a, b) for i, (a, b) in enumerate(zip(original, copied, strict=True))]
    if isinstance(original, set | frozenset):
        # members are hashable, so immutable or compared by identity: equal sets are enough
        return [(f"{path} members", sorted(map(repr, original)), sorted(map(repr, copied)))]
    if dataclasses.is_dataclass(original):
        names = [f.name for f in dataclasses.fields(original)]
    elif hasattr(type(original), "__slots__"):
        names = list(type(original).__slots__)
    else:
        pytest.fail(f"{path}: the walk does not know how to compare a {type(original).__name__}")
    return [(f"{path}.{name}", getattr(original, name), getattr(copied, name)) for name in names]


# --- the checks at one step ---------------------------------------------------------------------


def check_copy(game: pg.Game, *, sharing: bool) -> str | None:
    state = state_of(game)
    return copy_problem(state, copy_of(game, state), sharing=sharing)


def check_shown_apart(game: pg.Game) -> str | None:
    """Whether what the game hands out (every seat's view and remembered view, a spectator's view, the
    result) holds an object of the state itself, which a caller changing what it was given would change."""
    inside = mutable_parts(state_of(game), "state", {})
    seats = range(game.players)
    shown = [(f"view of seat {seat}", game.view(seat)) for seat in [None, *seats]]
    shown += [(f"remembered view of seat {seat}", game.remembered_view(seat)) for seat in seats]
    shown.append(("result", game.result()))
    return next((f"{where} is {inside[key]}" for what, data in shown
                 for key, where in mutable_parts(data, what, {}).items() if key in inside), None)


def check_sample(game: pg.Game, seat: int, seed: int) -> str | None:
    remembered = game.remembered_view(seat)
    try:
        sample = sample_from(game, remembered, seed)
    except Exception as error:  # named as sample_state's, not the check's
        return f"sample_state raised {type(error).__name__}: {error}"
    checks: list[tuple[str, Any, Any]] = [
        ("view", game.view(seat), view_in(game, sample, seat)),
        ("remembered view", remembered, remembered_view_in(game, sample, seat)),
        ("seat to move", game.current_player, mover_in(game, sample)),
    ]
    if game.current_player == seat:
        checks.append(("legal actions", game.legal_actions(), legal_in(game, sample)))
    return next((f"{what}: {found}" for what, mine, sampled in checks
                 if (found := first_difference(mine, sampled))), None)


def check_round_trip(game: pg.Game) -> str | None:
    loaded = pg.load_game(game.to_json())
    seats = range(game.players)
    checks: list[tuple[str, Any, Any]] = [
        *((f"view of seat {seat}", game.view(seat), loaded.view(seat)) for seat in [None, *seats]),
        *((f"remembered view of seat {seat}", game.remembered_view(seat), loaded.remembered_view(seat))
          for seat in seats),
        ("legal actions", game.legal_actions(), loaded.legal_actions()),
        ("seat to move", game.current_player, loaded.current_player),
        ("result", game.result(), loaded.result()),
        ("history", game.history, loaded.history),
    ]
    return next((f"{what}: {found}" for what, mine, reloaded in checks
                 if (found := first_difference(mine, reloaded))), None)


def costly_check_due(game: pg.Game, step: int) -> bool:
    """Where the costlier checks run (a save loaded back replays the whole game, so at every step they
    would cost the square of its length; everything handed out is walked against the whole state):
    after 0, 1, 2, 4, 8, ... actions and at the end."""
    return game.is_over or step & (step - 1) == 0


def first_problem(variant: Variant, check: Callable[[pg.Game, int], str | None]) -> str | None:
    """The first step, over the variant's games, where `check(game, step)` finds something or fails."""
    for seed in range(GAMES_PER_VARIANT):
        for step, game in enumerate(random_game(variant, seed)):
            try:
                found = check(game, step)
            except Exception as error:  # named with the game and step that raised it
                found = f"{type(error).__name__}: {error}"
            if found:
                return f"{variant.name}, seed {seed}, after {step} actions: {found}"
    return None


# --- the checks, over every variant ----------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_NAMES)
def test_copy_state_is_equal_to_the_state(variant: Variant) -> None:
    assert first_problem(variant, lambda game, step: check_copy(game, sharing=True)) is None


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_NAMES)
def test_copy_state_shares_nothing_mutable(variant: Variant) -> None:
    assert first_problem(variant, lambda game, step: check_copy(game, sharing=False)) is None


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_NAMES)
def test_nothing_handed_out_is_part_of_the_state(variant: Variant) -> None:
    assert first_problem(variant, lambda game, step: check_shown_apart(game) if costly_check_due(game, step)
                         else None) is None


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_NAMES)
def test_a_state_sampled_from_the_movers_view_shows_the_mover_the_same(variant: Variant) -> None:
    def mover_sees_the_same(game: pg.Game, step: int) -> str | None:
        seat = game.current_player
        return None if seat is None else check_sample(game, seat, step)

    assert first_problem(variant, mover_sees_the_same) is None


def other_seats(game: pg.Game, step: int) -> list[int]:
    """The seats not to move whose sampled states are checked at this step: all of them in a nightly run;
    else one, each in turn from step to step (the mover's bot samples at every step already)."""
    others = [seat for seat in range(game.players) if seat != game.current_player]
    return others if NIGHTLY or not others else [others[step % len(others)]]


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_NAMES)
def test_a_state_sampled_from_another_seats_view_shows_it_the_same(variant: Variant) -> None:
    def others_see_the_same(game: pg.Game, step: int) -> str | None:
        return next((f"seat {seat}: {found}" for seat in other_seats(game, step)
                     if (found := check_sample(game, seat, step * game.players + seat))), None)

    assert first_problem(variant, others_see_the_same) is None


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_NAMES)
def test_a_save_loads_back_to_the_same_game(variant: Variant) -> None:
    assert first_problem(variant, lambda game, step: check_round_trip(game) if costly_check_due(game, step)
                         else None) is None
