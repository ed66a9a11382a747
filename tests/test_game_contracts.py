"""pygames_core.testing, the contract suite a game package runs on itself (pygames new-game writes
the calls), run on the six built-in games exactly so, variant by variant (tests/variants.py), the
costliest checks on each game's first variant."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from helpers import hidden_codes
from variants import VARIANTS, Variant

import pygames_core as pg
from pygames_core import testing
from pygames_core.engine.game import Game
from pygames_core.games import Entry, find_entry
from pygames_core.games.roller_derby.knowledge import received_by

GAME_IDS = [info["id"] for info in pg.list_games()]
VARIANT_IDS = [variant.name for variant in VARIANTS]


def entry_of(variant: Variant) -> Entry:
    return find_entry(variant.game_id)


def codes(pieces: Any) -> set[str]:
    """The codes of cards, jokers or tiles ("AS", "JK1", "3-12")."""
    return {piece.code for piece in pieces}


def other_hands(game: Game, seat: int | None) -> set[str]:
    return {code for other, hand in enumerate(game._state.hands) if other != seat for code in codes(hand)}


def dominuxen_secrets(game: Game, seat: int | None) -> set[str]:
    """The other hands and the supply."""
    return other_hands(game, seat) | codes(game._state.supply)


def dominuxen_public(game: Game, seat: int | None) -> set[str]:
    """The tiles everyone saw go into a hand (taken from a row, drawn from the display)."""
    return {code for known in game._state.known for code in codes(known)}


def roller_derby_public(game: Game, seat: int | None) -> set[str]:
    """The cards a seat passed to its partner, and those its partner passed it before the exchange (the
    roller's privilege)."""
    if seat is None:
        return set()
    state = game._state
    return codes(state.passes.choices[seat] or ()) | codes(received_by(state, seat) or ())


# What each game hides from a seat (strings that must not appear in its view), and what the play has
# shown it of that (public: check_views_hide). Not here: Chains, whose cards are the numbers 1 to 10,
# which every count and seat of a view is too; On Schedule, dealt from two decks (a card in the
# seat's own hand has the code of its twin in another's); Apples, which deals the same deck again
# (the last deal's cards, in its summary, have the codes of the new hands'). Their views are checked
# against a seat's sampled states by tests/test_hidden_information.py.
SECRETS = {"arsene": (hidden_codes, None), "dominuxen": (dominuxen_secrets, dominuxen_public),
           "roller_derby": (other_hands, roller_derby_public)}


# the checks of a game as a whole (the catalog, starting it, finding it), once per game
WHOLE_GAME_CHECKS: dict[str, Any] = {
    "catalog": testing.check_catalog,
    "new_game": testing.check_new_game,
    "bad_setups": testing.check_bad_setups,
    "registered": testing.check_registered,
    "how_to_play": testing.check_how_to_play,
}


@pytest.mark.parametrize("check", WHOLE_GAME_CHECKS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game(game_id: str, check: str) -> None:
    WHOLE_GAME_CHECKS[check](find_entry(game_id))


@pytest.mark.parametrize("game_id", SECRETS)
def test_views_hide(game_id: str) -> None:
    secrets, public = SECRETS[game_id]
    testing.check_views_hide(find_entry(game_id), secrets, public=public)


@pytest.mark.parametrize("game_id", [game_id for game_id, (_, public) in SECRETS.items() if public])
def test_views_hide_fails_without_the_public_facts(game_id: str) -> None:
    """What the play showed a seat is in its view: said a secret, it is seen (a plain search finds it)."""
    with pytest.raises(AssertionError, match=f"{game_id}, step \\d+: seat \\d sees"):
        testing.check_views_hide(find_entry(game_id), SECRETS[game_id][0])


VARIANT_CHECKS: dict[str, Any] = {
    "legal_actions_apply": testing.check_legal_actions_apply,
    "illegal_refused": testing.check_illegal_refused,
    "game_over": testing.check_game_over,
    "nothing_shared": testing.check_nothing_shared,
    "save_round_trip": testing.check_save_round_trip,
    "sample_state": testing.check_sample_state,
    "determinism": testing.check_determinism,
    "undo": testing.check_undo,
}
# The costliest checks (a copy played out at every step; four levels of bot, the hard ones searching)
# run on each game's first variant only: test_hidden_information.py checks every variant's copy_state
# field by field, and the bots' own tests play each game.
GAME_CHECKS: dict[str, Any] = {
    "copy_state_independent": testing.check_copy_state_independent,
    "bots_play_to_the_end": testing.check_bots_play_to_the_end,
}
FIRST_VARIANTS = [next(variant for variant in VARIANTS if variant.game_id == game_id) for game_id in GAME_IDS]


@pytest.mark.parametrize("check", VARIANT_CHECKS)
@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_variant(variant: Variant, check: str) -> None:
    VARIANT_CHECKS[check](entry_of(variant), players=variant.players, options=variant.options)


@pytest.mark.parametrize("check", GAME_CHECKS)
@pytest.mark.parametrize("variant", FIRST_VARIANTS, ids=[variant.name for variant in FIRST_VARIANTS])
def test_first_variant(variant: Variant, check: str) -> None:
    GAME_CHECKS[check](entry_of(variant), players=variant.players, options=variant.options)


def tuple_in_action() -> Entry:
    """Arsène whose third legal action holds a tuple."""
    arsene = find_entry("arsene")

    class TupleInAction(type(arsene.rules)):  # type: ignore[misc]
        def legal_actions(self, state: Any) -> list[dict[str, Any]]:
            return [{**action, "cards": ("AS", "KS")} if index == 2 else action
                    for index, action in enumerate(super().legal_actions(state))]

    return Entry(TupleInAction(), arsene.bot)


def test_a_tuple_in_a_legal_action_is_caught_and_named() -> None:
    """The page sends back the legal action it received, as JSON: a tuple in it comes back a list, which
    no legal action equals, so every move of the player would be refused."""
    broken = tuple_in_action()
    game = Game.create(broken.rules, 4, 1, None, None)
    sent = json.loads(json.dumps(game.legal_actions()[2]))
    with pytest.raises(pg.IllegalAction):
        game.apply(sent)
    named = 'arsene, 4 players, options {}, step 0: legal[2]["cards"] is a tuple'
    with pytest.raises(AssertionError, match=re.escape(named)):
        testing.check_legal_actions_apply(broken, players=4)


def test_check_game_names_the_tuple() -> None:
    """The one call the build makes (tools/plugin_sandbox.py) says the game, the step and the field."""
    named = r'arsene, \d players, options \{\}, step 0: legal\[2\]\["cards"\] is a tuple'
    with pytest.raises(AssertionError, match=named):
        testing.check_game(tuple_in_action())


def chains_whose_end(said: Any) -> Entry:
    """Chains whose last event of a finished game is replaced by `said(event)` (None: left out)."""
    chains = find_entry("chains")

    class OtherEnd(type(chains.rules)):  # type: ignore[misc]
        def apply(self, state: Any, action: dict[str, Any]) -> list[dict[str, Any]]:
            events = super().apply(state, action)
            return [changed for event in events
                    if (changed := said(event) if event["type"] == "game_over" else event) is not None]

    return Entry(OtherEnd(), chains.bot)


def test_a_game_that_does_not_say_its_end_fails() -> None:
    """docs/api.md promises the game_over event: a game that ends without it fails both checks."""
    silent = chains_whose_end(lambda event: None)
    with pytest.raises(AssertionError, match="the last action's last event is not game_over"):
        testing.check_game_over(silent, players=1)
    with pytest.raises(AssertionError, match=r"chains, 1 players, .* ends the game without a game_over event"):
        testing.check_legal_actions_apply(silent, players=1)


def test_a_game_over_event_with_another_result_fails() -> None:
    wrong = chains_whose_end(lambda event: {**event, "result": {**event["result"], "scores": [-1]}})
    with pytest.raises(AssertionError, match="the game_over event's result"):
        testing.check_game_over(wrong, players=1)


def test_check_game_installed_finds_the_game_first() -> None:
    """Installed, check_game first asks the entry point for the game: one that is not registered fails
    there, before any game is played."""
    arsene = find_entry("arsene")

    class NotInstalled(type(arsene.rules)):  # type: ignore[misc]
        game_id = "not_installed"

    with pytest.raises(AssertionError, match="the game is not registered"):
        testing.check_game(Entry(NotInstalled(), arsene.bot), installed=True)


def test_every_check_runs_here_and_in_check_game() -> None:
    """No check of the suite is left out of check_game (the build's call) nor of this file."""
    helpers = {testing.check_game, testing.check_plain_json, testing.check_applies_when}
    suite = {value for name, value in vars(testing).items() if name.startswith("check_")} - helpers
    needing_more = {testing.check_registered, testing.check_how_to_play, testing.check_views_hide}
    assert set(testing.CODE_CHECKS) == suite - needing_more
    run_here = {*WHOLE_GAME_CHECKS.values(), *VARIANT_CHECKS.values(), *GAME_CHECKS.values(), testing.check_views_hide}
    assert run_here == suite


@pytest.mark.parametrize(("value", "problem"), [
    ({"a": [1, {2: 3}]}, 'view(0)["a"][1] has the key 2, not a string'),
    ({"a": float("nan")}, 'view(0)["a"] is nan, which JSON has not'),
    ({"a": {1, 2}}, 'view(0)["a"] is a set'),
    ({"a": [None, True, 1.5, "x", {"b": []}]}, None),
])
def test_json_problems_are_named_by_their_path(value: Any, problem: str | None) -> None:
    assert testing.json_problem(value, "view(0)") == problem
