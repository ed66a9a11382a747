"""bench/strength.py, the duplicate tournaments, run tiny: the report's shape and its consistency (its
figures are measured, never asserted)."""

from __future__ import annotations

import argparse
import importlib
import json
import signal
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


@pytest.fixture(scope="module")
def strength() -> ModuleType:
    # imported by its name from bench/ on the path, as a pool's worker process imports it again where
    # it is not forked from this one (the spawn and forkserver start methods)
    if str(BENCH) not in sys.path:
        sys.path.append(str(BENCH))
    return importlib.import_module("strength")


def test_every_seating_gives_the_stronger_level_each_place_once(strength):
    assert strength.seatings(2, False, "hard", "normal") == [(["hard", "normal"], [0]), (["normal", "hard"], [1])]
    rotated = strength.seatings(4, False, "hard", "normal")
    assert [levels.index("hard") for levels, _ in rotated] == [0, 1, 2, 3]
    assert all(levels.count("hard") == 1 for levels, _ in rotated)
    teams = strength.seatings(4, True, "hard", "normal")
    assert teams == [(["hard", "normal", "hard", "normal"], [0]), (["normal", "hard", "normal", "hard"], [1])]
    assert strength.seatings(1, False, "hard", "normal") == [(["hard"], [0]), (["normal"], [])]


def consistent(figure):
    assert figure["low"] <= figure["mean"] <= figure["high"]


def test_a_tiny_tournament_reports_every_figure(strength):
    budgets = strength.level_budgets(("hard", "normal"), budget_ms=2)
    report = strength.tournament("dominuxen", 3, {}, "hard", "normal", 2, budgets, first_seed=5)
    assert (report["game"], report["players"], report["levels"]) == ("dominuxen", 3, ["hard", "normal"])
    assert report["games"] == 6  # 2 groups, each with the stronger level in each of the 3 seats
    for name in ("win_share", "deal_win_share"):
        assert report[name]["low"] >= 0 and report[name]["high"] <= 1
        consistent(report[name])
    consistent(report["margin"])
    consistent(report["deal_margin"])
    hard, normal = report["timing"]["hard"], report["timing"]["normal"]
    assert hard["moves"] > 0 and normal["moves"] > 0
    assert hard["median_ms"] <= hard["p95_ms"] <= hard["max_ms"]
    assert hard["samples_median"] >= 1 and normal["samples_median"] == 0  # the normal bot does not search
    table = strength.markdown([report]).splitlines()
    assert len(table) == 3 and table[2].startswith("| dominuxen (3p) | hard (2 ms) vs normal | 2 |")


def test_a_team_games_deals_compare_each_team_with_the_same_cards_at_either_level(strength):
    # only the team that rolls scores in a deal (Roller Derby): team 0 rolls the first deal, team 1 the
    # second, in both games; the stronger level makes more of its rolls and gives away less on the others'
    strong_at_0 = strength.Played([0], [10, 3], deal_gains=[[10, 0], [0, 3]])
    strong_at_1 = strength.Played([1], [4, 8], deal_gains=[[4, 0], [0, 8]])
    figures = strength.group_figures([strong_at_0, strong_at_1], [[0], [1]], True)
    assert figures["deal_win"] == 1.0  # compared within each game it would be 0.50: who rolled, not who played
    assert figures["deal_margin"] == (10 - 3 + 8 - 4) / 4
    assert figures["win"] == 1.0 and figures["margin"] == (7 + 4) / 2
    even = strength.Played([0], [10, 3], deal_gains=[[10, 0], [0, 3]])
    assert strength.group_figures([strong_at_0, even], [[0], [1]], True)["deal_win"] == 0.5


def test_a_solitaire_compares_the_two_levels_on_the_same_deal(strength):
    report = strength.tournament("chains", 1, {}, "normal", "easy", 1, strength.level_budgets(("normal", "easy")),
                                 first_seed=3)
    assert report["games"] == 2 and report["deal_win_share"] is None
    assert report["win_share"]["mean"] in (0.0, 0.5, 1.0) and report["win_share"]["low"] is None


def test_a_run_stopped_by_sigint_reports_its_groups_even_when_started_in_the_background():
    script = Path(__file__).resolve().parents[1] / "bench" / "strength.py"
    # a shell's background job starts with SIGINT ignored; the script must stop on it all the same
    run = subprocess.Popen([sys.executable, str(script), "--game", "dominuxen", "--levels", "normal,easy",
                            "--pairs", "100000", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        assert run.stderr is not None
        assert run.stderr.readline().startswith("dominuxen: group 1/100000 win ")
        run.send_signal(signal.SIGINT)
        out, _ = run.communicate(timeout=60)
    finally:
        run.kill()
    assert run.returncode == 0
    report = json.loads(out)[0]
    assert report["pairs"] >= 1 and report["games"] == 3 * report["pairs"]


def test_the_searching_levels_get_sample_budgets_unless_time_is_asked_for(strength):
    assert strength.level_budgets(("expert", "hard")) == strength.Budgets({"expert": 300, "hard": 100},
                                                                          {"expert": None, "hard": None})
    assert strength.level_budgets(("hard", "normal"), budget_scale=0.1).samples == {"hard": 10, "normal": None}
    given = strength.level_budgets(("expert", "hard"), samples={"hard": 40}, budget_scale=0.5)
    assert given.samples == {"expert": 150, "hard": 40}  # the scale is the defaults', not a number given
    timed = strength.level_budgets(("expert", "hard"), time_budgets=True, budget_scale=0.1)
    assert timed == strength.Budgets({"expert": None, "hard": None}, {"expert": 300, "hard": 100})
    assert strength.level_budgets(("hard", "easy"), budget_ms=50).ms == {"hard": 50, "easy": None}
    assert strength.sample_budgets("64") == {"hard": 64, "expert": 64}
    assert strength.sample_budgets("hard=50,expert=150") == {"hard": 50, "expert": 150}
    for wrong in ("normal=4", "0", "hard=x", "hard=5000"):
        with pytest.raises(argparse.ArgumentTypeError):
            strength.sample_budgets(wrong)


def test_a_level_meets_itself_at_another_budget(strength):
    """--levels hard@40,hard@100: each side its own budget, what the defaults say for the other kinds."""
    assert strength.sides("hard@40,hard@100") == ("hard@40", "hard@100")
    assert strength.level_budgets(("hard@40", "hard")) == strength.Budgets({"hard@40": 40, "hard": 100},
                                                                          {"hard@40": None, "hard": None})
    timed = strength.level_budgets(("hard@300ms", "hard"), time_budgets=True)
    assert timed == strength.Budgets({"hard@300ms": None, "hard": None}, {"hard@300ms": 300, "hard": 1000})
    assert strength.Budgets({"hard@40": 40}, {"hard@40": None}).shown("hard@40") == "hard (40 samples)"
    for wrong in ("hard,hard", "hard", "normal@5,easy", "hard@0,normal", "hard@x,normal", "hard@9999999ms,normal",
                  "master,easy"):
        with pytest.raises(argparse.ArgumentTypeError):
            strength.sides(wrong)
    budgets = strength.level_budgets(("hard@2", "hard@1"))
    report = strength.tournament("chains", 1, {}, "hard@2", "hard@1", 1, budgets, 3)
    assert report["levels"] == ["hard@2", "hard@1"] and report["timing"]["hard@2"]["samples_median"] <= 2
    assert "| hard (2 samples) vs hard (1 sample) |" in strength.markdown([report])


def reproducible(report: dict[str, Any]) -> dict[str, Any]:
    """A report less what depends on the machine: how it ran, when, its load and the decisions' times."""
    machine = {"ran", "seconds", "load_average", "load_average_after"}
    figures = {name: value for name, value in report.items() if name not in machine}
    figures["timing"] = {level: {name: value for name, value in timing.items() if not name.endswith("_ms")}
                         for level, timing in report["timing"].items()}
    return figures


def tiny_tournament(strength: ModuleType, run_groups: Any = None, ran: str = "1 process") -> dict[str, Any]:
    """Two groups of hard (two samples a move) against normal in a 3-player Dominuxen: the search and
    the sampling of hidden tiles are in every move of the stronger side."""
    budgets = strength.level_budgets(("hard", "normal"), samples={"hard": 2})
    return strength.tournament("dominuxen", 3, {}, "hard", "normal", 2, budgets, 5,
                               run_groups or strength.in_process, ran)


def test_the_same_seeds_give_the_same_table_in_one_process_and_on_a_process_pool(strength):
    alone = tiny_tournament(strength)
    with strength.on_pool(2) as run:
        pooled = tiny_tournament(strength, run, "2 processes")
    assert (alone["ran"], pooled["ran"]) == ("1 process", "2 processes")
    assert alone["timing"]["hard"]["samples_median"] == 2
    assert reproducible(pooled) == reproducible(alone)
    assert strength.markdown([pooled]).splitlines()[2].startswith("| dominuxen (3p) | hard (2 samples) vs normal | 2 |")


def test_the_same_seeds_give_the_same_table_on_a_local_ray_instance(strength):
    pytest.importorskip("ray", reason="Ray is a bench-only dependency (requirements-bench.txt): ./dev bench and "
                        "./dev nightly install it, ./dev test does not")
    with strength.on_ray("local") as run:
        on_ray = tiny_tournament(strength, run, "Ray (local)")
    assert reproducible(on_ray) == reproducible(tiny_tournament(strength))
