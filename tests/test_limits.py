"""Hostile input is refused before anything recurses over it: data nested thousands deep, huge data,
and text that is not valid Unicode each get the caller's named error, and the game is unchanged."""

from __future__ import annotations

import json

import pytest

import pygames_core as pg
from pygames_core.app import bridge
from pygames_core.engine.limits import MAX_DEPTH, MAX_TEXT, MAX_VALUES, check_json_text, check_value


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 100_000])
def test_a_set_up_or_options_nested_deep_is_a_bad_setup(depth: int) -> None:
    with pytest.raises(pg.BadSetup, match="nested too deep"):
        pg.new_game("arsene", setup={"hands": nested(depth)})
    with pytest.raises(pg.BadSetup, match="nested too deep"):
        pg.new_game("arsene", options={"advanced": nested(depth)})


def test_an_action_nested_deep_is_illegal_and_changes_nothing() -> None:
    game = pg.new_game("arsene", seed=3)
    before = game.to_json()
    for action in (nested(5_000), {"type": "play", "card": nested(5_000)}):
        with pytest.raises(pg.IllegalAction, match="nested too deep"):
            game.apply(action)
        assert not game.can_apply(action)
    assert game.to_json() == before


def test_a_save_nested_deep_is_a_bad_save_before_it_is_parsed() -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 3_000 + "1" + "}" * 3_000):
        with pytest.raises(pg.BadSave, match="nested too deep"):
            pg.load_game(text)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    check_json_text(json.dumps({"caption": "[" * 1_000 + "{" * 1_000}), "a text", ValueError)
    game = pg.new_game("arsene", seed=3)
    payload = json.loads(game.to_json())
    payload["actions"] = [{"type": "play", "card": "[" * 500}]
    with pytest.raises(pg.BadSave, match="altered"):
        pg.load_game(json.dumps(payload))


def unclosed_quotes(length: int) -> str:
    """A text of `length` characters in the worst shape for finding strings: a quote, then escaped
    quotes, never closed (a scan that starts again at each of them runs to the end every time)."""
    return ('"' + '\\"' * (length // 2))[:length]


# a hang guard, not a timing: one pass takes well under a second, a quadratic scan of these texts hours
@pytest.mark.timeout(600)
def test_the_largest_text_in_the_worst_shape_is_checked_in_one_pass_and_refused_by_name() -> None:
    check_json_text(unclosed_quotes(MAX_TEXT), "the request", ValueError)  # within the bounds: not JSON, though
    reply = json.loads(bridge.call(unclosed_quotes(MAX_TEXT)))
    assert reply["error"]["type"] == "BadRequest" and "not valid JSON" in reply["error"]["message"]
    with pytest.raises(pg.BadSave, match="not valid JSON"):
        pg.load_game(unclosed_quotes(2_000_000))
    reply = json.loads(bridge.call('{"op": "games", "x": "' + unclosed_quotes(2_000_000)))
    assert reply["error"]["type"] == "BadRequest"
    with pytest.raises(ValueError, match="too long"):
        check_json_text(unclosed_quotes(MAX_TEXT + 1), "the request", ValueError)


def test_brackets_after_a_quote_that_never_closes_still_count() -> None:
    # no string can hide them: a parser refuses the text at that quote, and the check never relies on it
    with pytest.raises(ValueError, match="nested too deep"):
        check_json_text('["a", "b\\"' + "[" * (MAX_DEPTH + 1), "a text", ValueError)
    check_json_text('["a\\"", "[[[\\\\"]' + "[" * (MAX_DEPTH - 1), "a text", ValueError)


def test_a_lone_surrogate_is_refused_with_the_callers_error() -> None:
    with pytest.raises(pg.BadSave, match="not valid Unicode"):
        pg.load_game('{"format": "pygames/save", "game": "\\ud800"}')
    with pytest.raises(pg.BadSetup, match="not valid Unicode"):
        pg.new_game("arsene", setup={"\ud800": 1})
    game = pg.new_game("arsene", seed=3)
    with pytest.raises(pg.IllegalAction, match="not valid Unicode"):
        game.apply({"type": "play", "card": "\udfff"})


def test_data_with_too_many_values_is_refused() -> None:
    with pytest.raises(pg.BadSetup, match="too large"):
        check_value({"cards": list(range(MAX_VALUES + 1))}, "the set-up", pg.BadSetup)
    check_value({"cards": list(range(1_000))}, "the set-up", pg.BadSetup)


def test_a_choice_option_is_one_of_its_declared_values_of_the_same_type() -> None:
    # 4.0 == 4 and True == 1 in Python; a save must say 4, as JSON and the page compare them
    with pytest.raises(pg.BadSetup, match=r"must be one of \[4, 8\], not 4.0"):
        pg.new_game("roller_derby", seed=1, options={"deals": 4.0})
    game = pg.new_game("roller_derby", seed=1, options={"deals": 8})
    assert type(game.options["deals"]) is int and '"deals":8' in game.to_json()
    with pytest.raises(pg.BadSetup, match="must be one of"):
        pg.new_game("chains", options={"mode": ["beginner"]})


@pytest.mark.parametrize("budget", [float("inf"), float("nan"), -1, "100", True])
def test_a_time_budget_that_is_not_a_finite_number_is_refused(budget: object) -> None:
    game = pg.new_game("arsene", seed=3)
    with pytest.raises(pg.PygamesError, match="time_budget_ms"):
        pg.bot_action(game, "hard", seed=1, time_budget_ms=budget)  # type: ignore[arg-type]


def test_a_huge_time_budget_is_capped_not_an_overflow() -> None:
    from pygames_core.ai.levels import MAX_BUDGET_MS, _budget

    assert _budget(1e300, 400) == MAX_BUDGET_MS and _budget(None, 400) == 400 and _budget(0, 400) == 1
