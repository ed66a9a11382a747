"""bench/speed.py, run tiny: every variant reported in both tables, against a baseline checkout (its
figures are measured, never asserted)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from digest import VARIANTS  # noqa: E402  (the variants bench/speed.py measures)

TINY = ["--rounds", "1", "--seconds", "0.01", "--warmup", "0", "--samples", "1", "--positions", "1"]


def run_speed(*options: str, pythonpath: str = str(ROOT)) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "speed.py"), *TINY, *options], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, env={**os.environ, "PYTHONPATH": pythonpath})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_variant_is_measured_against_the_baseline_commit():
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: there is no baseline commit to export")
    out = run_speed("--baseline", "HEAD")
    if importlib.util.find_spec("pyspiel") is None:
        assert "OpenSpiel's Hearts: skipped (pyspiel is not installed" in out
    else:
        assert "OpenSpiel hearts" in out
    random_table, _, search_table = out.partition("the hard bot:")
    for label, *_ in VARIANTS:
        assert label in random_table
        line = next(line for line in search_table.splitlines() if line.startswith(label))
        assert line.endswith(("yes", "NO: play changed")), line  # compared with the baseline's choices
    assert out.startswith("load average before:") and "load average after:" in out


def test_without_pyspiel_the_hearts_part_is_skipped_with_its_reason(tmp_path):
    (tmp_path / "pyspiel.py").write_text("raise ImportError('no pyspiel here')\n")  # as if not installed
    out = run_speed("--no-baseline", "--only", "dominuxen 3", pythonpath=f"{tmp_path}:{ROOT}")
    assert "OpenSpiel's Hearts: skipped (pyspiel is not installed: pip install -r requirements-bench.txt)" in out
    assert "OpenSpiel hearts" not in out and "× Hearts" not in out
    assert "dominuxen 3 players" in out and "baseline" not in out


def test_only_names_a_variant_by_its_label_or_its_game_id_and_nothing_named_is_an_error():
    import speed

    assert speed.chosen_variants(VARIANTS, "roller_derby") == speed.chosen_variants(VARIANTS, "roller derby")
    assert [label for label, *_ in speed.chosen_variants(VARIANTS, "on_schedule")] == [
        "on schedule", "on schedule with the cube"]
    with pytest.raises(SystemExit, match="--only 'sevens' names no variant; the variants: 'arsene' "):
        speed.chosen_variants(VARIANTS, "sevens")
