"""Sevens (tests/games/sevens), the test plugin of the generic table: a game of 3 to 6 players that is not
trick-taking, installed here as a plugin, passes the contract suite at its smallest and largest tables; and
a game's declared scoring (Rules.score_name, higher_score_wins) reaches the catalog and a finished game's
result, with each seat's place, while a game that declares none (German Whist, written before them) keeps
its catalog entry and result as they were."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers import fake_distribution

import pygames_core as pg
from pygames_core import testing
from pygames_core.engine.game import Game
from pygames_core.games import Entry, discover, find_entry

ROOT = Path(__file__).resolve().parents[1]
SEVENS = ROOT / "tests" / "games" / "sevens"
EXAMPLE = ROOT / "examples" / "german_whist"


@pytest.fixture
def installed(plugins: Path) -> None:
    """Sevens and the example game installed as plugins (their packages and entry points on sys.path)."""
    shutil.copytree(SEVENS / "sevens", plugins / "sevens")
    shutil.copytree(EXAMPLE / "german_whist", plugins / "german_whist")
    fake_distribution(plugins, "pygames-sevens", {"sevens": "sevens:ENTRY"})
    fake_distribution(plugins, "pygames-german-whist", {"german_whist": "german_whist:ENTRY"})
    discover()


def sevens() -> Entry:
    return find_entry("sevens")


def secrets(game: Game, seat: int | None) -> set[str]:
    """The cards in the other hands."""
    return {card for other, hand in enumerate(game._state.hands) if other != seat for card in hand}


def finished(players: int, seed: int = 5) -> Game:
    game = pg.new_game("sevens", players=players, seed=seed)
    while not game.is_over:
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
    return game


def test_sevens_passes_the_contract_suite(installed: None) -> None:
    # every check at 3 players (its legal actions and bots at every count), what a seat sees at 6 too
    testing.check_game(sevens(), installed=True, secrets=secrets)
    testing.check_views_hide(sevens(), secrets, players=6)
    testing.check_sample_state(sevens(), players=6)


def test_a_pass_comes_only_when_no_card_fits(installed: None) -> None:
    game = finished(6)
    passes = [step for step in range(len(game.history)) if game.history[step]["type"] == "pass"]
    assert passes, "six players pass now and then"
    replay = pg.new_game("sevens", players=6, seed=5)
    for step, action in enumerate(game.history):
        legal = replay.legal_actions()
        assert (action["type"] == "pass") == (legal == [{"type": "pass"}]), step
        replay.apply(action)


def test_the_declared_scoring_is_in_the_catalog_and_a_finished_games_result(installed: None) -> None:
    listed = {game["id"]: game for game in pg.list_games()}
    assert listed["sevens"]["score_name"] == {"en": "Cards left", "ja": "残り札"}
    assert listed["sevens"]["higher_score_wins"] is False
    game = finished(6)
    result: dict[str, Any] = game.result()
    assert result["score_name"] == {"en": "Cards left", "ja": "残り札"} and result["higher_score_wins"] is False
    (winner,) = result["winners"]
    assert result["scores"][winner] == 0 and result["places"][winner] == 1
    # fewest cards left is best; a tie shares the better place
    for seat, score in enumerate(result["scores"]):
        better = sum(other < score for other in result["scores"])
        assert result["places"][seat] == 1 + better, (result["scores"], result["places"])
    # while the game goes on, the result names no places
    assert "places" not in pg.new_game("sevens", players=6, seed=5).result()


def test_the_winners_come_first_whatever_their_scores() -> None:
    rules = find_entry("arsene").rules  # any game's rules: places reads only the declaration and the result
    type(rules).higher_score_wins = True
    try:
        assert rules.places({"scores": [9, 2, 9, 5], "winners": [1]}) == [2, 1, 2, 4]
    finally:
        del type(rules).higher_score_wins
    assert rules.places({"scores": [9, 2, 9, 5], "winners": [1]}) is None


def test_a_game_written_before_the_declarations_is_described_as_before(installed: None) -> None:
    listed = next(game for game in pg.list_games() if game["id"] == "german_whist")
    assert set(listed) == {"id", "title", "players", "options", "pitch", "length", "levels"}
    assert listed["levels"] == {"2": ["easy", "normal", "hard"]}  # a plugin's bot offers the default levels
    game = pg.new_game("german_whist", seed=3)
    while not game.is_over:
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
    assert set(game.result()) == {"scores", "winners", "over"}


HALF_DECLARED = [("score_name", {"en": "Cards left"}), ("score_name", {"en": "", "ja": "残り札"}),
                 ("higher_score_wins", "fewest")]


@pytest.mark.parametrize(("name", "value"), HALF_DECLARED)
def test_the_contract_suite_refuses_a_scoring_half_declared(installed: None, monkeypatch: pytest.MonkeyPatch,
                                                             name: str, value: Any) -> None:
    monkeypatch.setattr(type(sevens().rules), name, value)
    with pytest.raises(AssertionError):
        testing.check_catalog(sevens())
