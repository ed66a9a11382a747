"""The command line (`pygames`, `python -m pygames_core`): listing, and simulating bot games."""

from __future__ import annotations

import json

import pytest

from pygames_core.app.cli import main, simulate


def test_a_simulated_solitaire_counts_a_lost_deal_as_no_win():
    """A Chains solitaire has no winner when the deal is lost: the summary says so, it does not crash."""
    summary = simulate("chains", 6, ["normal"], seed=1, players=1)
    assert summary["games"] == 6
    assert 0.0 <= summary["win_rate_by_seat"][0] < 1.0  # the normal bot loses some of six deals


def test_simulate_prints_a_json_summary_and_list_names_every_game(capsys: pytest.CaptureFixture[str]):
    assert main(["simulate", "arsene", "-n", "1", "--seed", "3", "--levels", "normal,easy", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "arsene" and summary["games"] == 1
    assert sum(summary["win_rate_by_seat"]) == pytest.approx(1.0)
    assert main(["list"]) == 0
    listed = capsys.readouterr().out
    assert all(game in listed for game in ("arsene", "chains", "dominuxen", "on_schedule", "apples", "roller_derby"))
