"""bench/page_speed.py, run tiny: the page's two figures beside CPython's against a baseline checkout, and a
round of three hard bots in the page (its figures are measured, never asserted)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pygames_core as pg

ROOT = Path(__file__).resolve().parents[1]
TINY = ["--only", "dominuxen 3", "--rounds", "1", "--seconds", "0.01", "--samples", "2", "--positions", "1",
        "--bot-rounds", "1", "--seeded-rounds", "1", "--games", "arsene"]


# two minutes of a benchmark's own check: in the nightly run (./dev nightly), not in every run's budget
@pytest.mark.skipif(os.environ.get("PYGAMES_E2E") != "full", reason="nightly only (./dev nightly): runs the page "
                    "benchmark for about two minutes")
def test_the_page_and_cpython_are_measured_against_the_baseline_commit_and_a_round_is_timed():
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: there is no baseline commit to export")
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "page_speed.py"), *TINY, "--baseline", "HEAD"],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    random_table, _, rest = out.partition("the hard bot:")
    search_table, _, rounds_table = rest.partition("a round of three hard bots")
    figures = r"( +[\d,.]+)" * 4 + r"( +[\d.]+×)" * 3  # page and CPython, this and baseline; three ratios
    assert re.search(r"^dominuxen 3 players" + figures + "$", random_table, re.MULTILINE), random_table
    # a seeded search with a sample budget chooses alike in CPython and in the page, and HEAD as HEAD
    assert re.search(r"^dominuxen 3 players" + figures + "  same as CPython: yes  same as baseline: yes$",
                     search_table, re.MULTILINE), search_table
    assert re.search(r"^page this: Chromium had \d+% to \d+% of a core while measured \(its rates are per second",
                     search_table, re.MULTILINE), search_table
    # one round at the default budget (its choices, the game's hard budget a move and what it allows them,
    # median and 90th percentile), one seeded (its sample budget a move, median, 90th percentile)
    hard = next(level for level in pg.list_levels("arsene", 4) if level["name"] == "hard")
    line = rf"^arsene +1 +\d+ +{hard['budget_ms']:,} +[\d,]+ +[\d,]+ +[\d,]+ +1 +{hard['samples']} +[\d,]+ +[\d,]+$"
    assert re.search(line, rounds_table, re.MULTILINE), rounds_table
    assert out.startswith("load average before:") and "load average after:" in out
