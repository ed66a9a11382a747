"""Properties over many random games (seeded loops) and fuzzed inputs (hypothesis)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from helpers import ALL_PLAY_CODES, FULL_STORES, arsene, fingerprint, play_out
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygames_core as pg
from pygames_core.games.arsene.state import STORE_GROUPS


class Invariants:
    """Checks an Arsène game after every step and remembers what it needs across deals."""

    def __init__(self, game: pg.Game) -> None:
        self.advanced = game.options["advanced"]
        self.store_empty_after: list[bool] = []  # after each finished deal
        self.check(game)

    def check(self, game: pg.Game) -> None:
        state = game._state
        # the 47 cards, each exactly once
        places = [c.code for h in state.hands for c in h] + [c.code for c in state.table]
        places += [c.code for _, c in state.trick.plays] + [c.code for c in state.out_of_play]
        assert Counter(places) == Counter(ALL_PLAY_CODES)
        # the 27 chips
        view = game.view(None)
        on_stores = sum(s["chips"] for s in view["stores"])
        assert on_stores + sum(view["chips"]) + view["confiscated"] == 27
        assert min(view["chips"]) >= 0 and view["confiscated"] >= 0
        for store, full in zip(view["stores"], FULL_STORES, strict=True):
            assert store["groups"] == full[len(full) - len(store["groups"]):]
        # tricks and hands agree
        if not game.is_over:
            done = sum(view["tricks"])
            assert done == len(view["played"]) <= 10
            played_now = {p["seat"] for p in view["trick"]}
            assert view["hand_sizes"] == [11 - done - (s in played_now) for s in range(4)]
        assert view["contest"] is False or self.advanced
        # deal summaries
        summaries = view["deals"]
        while len(self.store_empty_after) < len(summaries):
            k = len(self.store_empty_after)
            summary = summaries[k]
            assert sum(summary["tricks"]) == 11
            assert summary["contest"] == (self.advanced and any(self.store_empty_after))
            if not summary["contest"] or summary["void_deal"]:
                assert summary["exchanges"] == []
            else:
                assert [e["seats"] for e in summary["exchanges"]] == summary["collisions"]
            if k:
                assert summary["dealer"] == (summaries[k - 1]["dealer"] + 1) % 4
            self.store_empty_after.append(any(not s["groups"] for s in view["stores"]))
        if game.is_over:
            result = game.result()
            assert result["winners"] == [s for s in range(4) if result["scores"][s] == max(result["scores"])]
            last = summaries[-1]
            if result["reason"] == "police":
                assert result["caught"] and not last["void_deal"]
                assert all(result["scores"][s] == 0 for s in result["caught"])
            else:
                assert result["reason"] == "stores_empty"
                assert all(not s["groups"] for s in view["stores"])


EASY_GAMES = [(seed, advanced) for seed in range(25) for advanced in (False, True)]


@pytest.mark.parametrize(("seed", "advanced"), EASY_GAMES)
def test_random_easy_games_keep_every_invariant(seed, advanced):
    game = arsene(seed=seed, advanced=advanced)
    invariants = Invariants(game)
    steps = play_out(game, "easy", seed=seed, on_step=invariants.check)
    assert game.is_over and steps >= 48
    replay = arsene(seed=seed, advanced=advanced)
    for action in game.history:
        replay.apply(action)
    assert fingerprint(replay) == fingerprint(game)


@pytest.mark.parametrize(("seed", "advanced"), [(s, a) for s in range(5) for a in (False, True)])
def test_random_normal_games_keep_every_invariant(seed, advanced):
    game = arsene(seed=1000 + seed, advanced=advanced)
    invariants = Invariants(game)
    play_out(game, "normal", seed=seed, on_step=invariants.check)
    again = arsene(seed=1000 + seed, advanced=advanced)
    play_out(again, "normal", seed=seed)
    assert fingerprint(again) == fingerprint(game)


def test_random_games_reach_every_ending_and_contest_exchanges():
    """Across the seeded batch, the interesting branches are really exercised."""
    reasons, exchanges, voids, pushes = Counter(), 0, 0, 0
    for seed in range(100):
        game = arsene(seed=seed, advanced=True)
        play_out(game, "easy", seed=seed)
        reasons[game.result()["reason"]] += 1
        deals = game.view(None)["deals"]
        exchanges += sum(len(d["exchanges"]) for d in deals)
        voids += sum(d["void_deal"] for d in deals)
        pushes += sum(a["type"] == "push" for a in game.history)
    assert reasons["police"] > 0 and exchanges > 0 and pushes > 0
    assert set(reasons) <= {"police", "stores_empty"}
    del voids  # all-four-caught deals are rare in random play; test_arsene covers them


# --- fuzzing ---------------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False, width=32)
    | st.sampled_from(["AS", "2H", "AD", "x", "", "TD"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)
SETUP_KEYS = ["dealer", "deal", "hands", "table", "chosen", "tricks", "leader", "stores", "chips", "contest",
              "other"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(SETUP_KEYS), json_values, max_size=5), st.booleans())
def test_fuzzed_setups_are_refused_with_bad_setup_or_playable(setup, advanced):
    try:
        game = arsene(setup, advanced=advanced)
    except pg.BadSetup:
        return
    assert game.legal_actions()
    json.dumps(game.view(None))


@st.composite
def near_setups(draw):
    """Set-ups close to valid ones: a real last-trick position with one field perturbed."""
    hands = [["AS"], ["2S"], ["3S"], ["4S"]]
    setup = {"dealer": 3, "hands": hands, "table": ["2H", "3H", "4H"], "chosen": 0, "tricks": [3, 3, 3, 1],
             "stores": [list(g) for g in STORE_GROUPS], "chips": [0, 0, 0, 0]}
    key = draw(st.sampled_from(sorted(setup)))
    setup[key] = draw(json_values)
    return setup


@settings(max_examples=150, deadline=None)
@given(near_setups())
def test_near_valid_setups_never_crash(setup):
    try:
        game = arsene(setup)
    except pg.BadSetup:
        return
    play_out(game, "easy", seed=1)


actions = st.dictionaries(st.sampled_from(["type", "card", "index", "to"]),
                          json_values | st.sampled_from(["play", "choose", "push", "keep"]), max_size=3)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 150), st.lists(actions, min_size=1, max_size=5))
def test_fuzzed_actions_are_legal_or_refused_without_change(steps, attempts):
    game = arsene(seed=steps)
    for i in range(steps):
        if game.is_over:
            break
        game.apply(pg.bot_action(game, "easy", seed=i))
    for action in attempts:
        before = fingerprint(game)
        legal = json.dumps(action, sort_keys=True) in {json.dumps(a, sort_keys=True) for a in game.legal_actions()}
        try:
            game.apply(action)
        except pg.IllegalAction:
            assert not legal
            assert fingerprint(game) == before
        else:
            assert legal


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["format", "version", "game", "players", "seed", "options", "setup", "actions"]),
       json_values)
def test_fuzzed_saves_load_or_raise_bad_save(field, value):
    from pygames_core.engine import game as game_module

    game = arsene(seed=3)
    for i in range(6):
        game.apply(pg.bot_action(game, "easy", seed=i))
    payload = json.loads(game.to_json())
    del payload["check"]
    payload[field] = value
    payload["check"] = game_module._check_text(payload)
    try:
        loaded = pg.load_game(json.dumps(payload))
    except pg.BadSave:
        return
    assert loaded.to_json() == pg.load_game(loaded.to_json()).to_json()
