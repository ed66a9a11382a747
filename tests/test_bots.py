"""The bots: legal choices, no peeking, the hard bot's sampler and budget, and strength."""

from __future__ import annotations

import itertools
import json
import time

import pytest
from helpers import arsene, last_trick_setup, play

import pygames_core as pg
from pygames_core.ai import search
from pygames_core.ai.levels import HINT_SAMPLES, bot_decision, decision_seed
from pygames_core.engine.game import Game
from pygames_core.engine.rng import Rng
from pygames_core.games.arsene import BOT as ARSENE_BOT
from pygames_core.games.arsene import RULES as ARSENE
from pygames_core.games.arsene.bot import NORMAL_SEARCH_SAMPLES, NORMAL_SEARCH_TRICKS
from pygames_core.games.arsene.state import HAND_SIZE

LEVELS = list(pg.LEVELS)


def positions(count: int = 12, seed: int = 0):
    """Game positions of every phase, reached by easy play (copies, so they can be used freely)."""
    game = arsene(seed=seed, advanced=True)
    found, step = [], 0
    while not game.is_over and len(found) < count:
        phase = game.view(None)["phase"]
        if step % 23 == 0 or (phase == "push" and not any(p.view(None)["phase"] == "push" for p in found)):
            found.append(game.copy())
        game.apply(pg.bot_action(game, "easy", seed=step))
        step += 1
    return found


def test_positions_cover_every_phase():
    assert {p.view(None)["phase"] for p in positions()} == {"choose", "play", "push"}


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_action(level):
    for game in positions():
        action = pg.bot_action(game, level, seed=3, time_budget_ms=20)
        assert action in game.legal_actions()
        game.apply(action)  # and the game takes it


@pytest.mark.parametrize("level", LEVELS)
def test_bots_play_through_deal_ends(level):
    game = arsene(last_trick_setup([3, 3, 3, 1], winner=0))
    while not game.is_over and game.view(None)["deal"] <= 2:
        game.apply(pg.bot_action(game, level, seed=len(game.history), time_budget_ms=5))
    assert len(game.view(None)["deals"]) == 2 or game.is_over


def test_bot_errors():
    game = arsene(seed=1)
    with pytest.raises(pg.PygamesError, match="level"):
        pg.bot_action(game, "grandmaster")
    for seed in ("1", 1.0, -1, [1]):
        with pytest.raises(pg.PygamesError, match="seed"):
            pg.bot_action(game, "normal", seed=seed)
    for budget in ("100", [100], -5, float("nan")):
        with pytest.raises(pg.PygamesError, match="time_budget_ms"):
            pg.bot_action(game, "hard", seed=1, time_budget_ms=budget)
    over = arsene(seed=1)
    while not over.is_over:
        over.apply(pg.bot_action(over, "easy", seed=len(over.history)))
    for level in LEVELS:
        with pytest.raises(pg.IllegalAction, match="over"):
            pg.bot_action(over, level)


def test_bot_leaves_the_game_untouched():
    game = positions()[3]
    before = game.to_json(), json.dumps(game.view(None))
    for level in LEVELS:
        pg.bot_action(game, level, seed=1, time_budget_ms=10)
    assert (game.to_json(), json.dumps(game.view(None))) == before


def test_bots_with_a_seed_are_deterministic():
    game = positions()[2]
    for level in ("easy", "normal"):
        assert len({json.dumps(pg.bot_action(game, level, seed=9)) for _ in range(3)}) == 1


def jumping_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves a minute at every look: a machine so slow that any time budget is spent at once."""
    clock = itertools.count(step=60)
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))


def last_tricks_decisions(seed: int) -> list[Game]:
    """Arsène positions of normal play where the normal bot searches (its last four tricks, a choice)."""
    game, found = arsene(seed=seed), []
    while game.view(None)["deal"] == 1:
        view = game.remembered_view(game.current_player)
        if len(game.legal_actions()) > 1 and ARSENE_BOT.normal_search_samples(view):
            found.append(game.copy())
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    return found


def test_the_normal_bots_short_search_draws_its_samples_whatever_the_clock(monkeypatch):
    """A seed reproduces the normal bot on any machine: its short search counts samples, not time (it
    once stopped on a 300 ms clock, so CPython and the page parted ways in Arsène's last tricks)."""
    decisions = last_tricks_decisions(3)
    assert len(decisions) >= NORMAL_SEARCH_TRICKS
    steady = [bot_decision(ARSENE_BOT, game, "normal", seed=7) for game in decisions]
    assert max(samples for _, samples in steady) == NORMAL_SEARCH_SAMPLES
    for budget in (1, 10_000):
        assert [bot_decision(ARSENE_BOT, game, "normal", seed=7, time_budget_ms=budget) for game in decisions] == steady
    jumping_clock(monkeypatch)
    assert [bot_decision(ARSENE_BOT, game, "normal", seed=7) for game in decisions] == steady


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_a_sample_budget_draws_that_many_samples_whatever_the_clock(level, monkeypatch):
    game = next(p for p in positions() if p.view(None)["phase"] == "play" and len(p.legal_actions()) > 1)
    steady = bot_decision(ARSENE_BOT, game, level, seed=5, samples=24, time_budget_ms=10_000)
    # all 24, or fewer only where the race left a single move (it looks every RACE_EVERY samples)
    assert steady[1] == 24 or (steady[1] >= search.RACE_FROM and steady[1] % search.RACE_EVERY == 0)
    assert bot_decision(ARSENE_BOT, game, level, seed=5, samples=24, time_budget_ms=1) == steady
    jumping_clock(monkeypatch)
    assert bot_decision(ARSENE_BOT, game, level, seed=5, samples=24) == steady
    assert bot_decision(ARSENE_BOT, game, level, seed=5)[1] == 1  # the clock still rules without a sample budget


@pytest.mark.parametrize("level", pg.LEVELS)
def test_a_reproducible_decision_takes_the_games_decision_seed_and_the_levels_own_samples(level, monkeypatch):
    """What the page's bots do in a game started from a chosen seed (issue 48 item 2): the seed derived
    from the game's and the move number, the level's sample budget from list_levels, the clock unread."""
    game = last_tricks_decisions(3)[0]  # a choice the normal bot searches too
    own_samples = {known["name"]: known["samples"] for known in pg.list_levels()}[level]
    jumping_clock(monkeypatch)
    reproducible = bot_decision(ARSENE_BOT, game, level, reproducible=True)
    seed = decision_seed(game.seed, len(game.history))
    assert reproducible == bot_decision(ARSENE_BOT, game, level, seed=seed, samples=own_samples)
    assert (own_samples is None) == (level in ("easy", "normal"))
    if own_samples:  # all of them, or fewer where the race left a single move
        assert reproducible[1] == own_samples or reproducible[1] % search.RACE_EVERY == 0
    # what is given wins: a bug report's own seed or sample budget
    assert bot_decision(ARSENE_BOT, game, level, seed=seed + 1, samples=own_samples) == \
        bot_decision(ARSENE_BOT, game, level, seed=seed + 1, reproducible=True)


def test_a_reproducible_hint_takes_the_games_decision_seed_and_the_hints_own_samples(monkeypatch):
    game = last_tricks_decisions(3)[0]
    while game.current_player != 0 or len(game.legal_actions()) < 2:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    jumping_clock(monkeypatch)
    reproducible = pg.hint(game, reproducible=True)
    assert reproducible == pg.hint(game, seed=decision_seed(game.seed, len(game.history)), samples=HINT_SAMPLES)
    assert 0 < reproducible["samples"] <= HINT_SAMPLES


@pytest.mark.parametrize("flag", [1, 0, "yes", None])
def test_reproducible_is_true_or_false(flag):
    game = positions()[2]
    for ask in (lambda: pg.bot_action(game, "hard", reproducible=flag), lambda: pg.hint(game, reproducible=flag)):
        with pytest.raises(pg.PygamesError, match="reproducible is true or false"):
            ask()


@pytest.mark.parametrize("samples", [0, -3, 1601, 2.0, True, "8"])
def test_a_sample_budget_is_a_whole_number_the_expert_could_draw(samples):
    game = positions()[2]
    for ask in (lambda: pg.bot_action(game, "hard", samples=samples), lambda: pg.hint(game, samples=samples)):
        with pytest.raises(pg.PygamesError, match="samples is a whole number from 1 to 1600"):
            ask()


# --- no peeking ----------------------------------------------------------------------------------------------

def twin_games(hands_a, hands_b, table_a, table_b, **common):
    """Two games that differ only in cards seat 0 cannot see."""
    one = arsene({"hands": hands_a, "table": table_a, **common})
    two = arsene({"hands": hands_b, "table": table_b, **common})
    assert json.dumps(one.view(0)) == json.dumps(two.view(0))
    assert one.to_json() != two.to_json()
    return one, two


MY_HAND = ["KS", "7S", "QH", "5C"]
HIDDEN = ["AS", "2S", "JH", "9H", "3C", "AC", "KD", "8D", "TC", "4H", "6S", "QD"]  # 12 in the other hands
MID_DEAL = {"dealer": 3, "chosen": 0, "tricks": [2, 2, 2, 1], "stores": [[1], [2, 3], [1, 3, 5], [3], [1, 1, 1]],
            "chips": [2, 1, 1, 2]}


def spread(order):
    return [MY_HAND, order[0:4], order[4:8], order[8:12]]


@pytest.fixture
def deterministic_search(monkeypatch):
    """The hard bot without the clock: a fixed number of samples whatever the machine's speed."""
    monkeypatch.setattr(search, "MAX_SAMPLES", 6)
    return 600_000  # a budget that is never the limit


def test_the_search_plays_out_and_defaults_to_the_games_playout_policy():
    """`Bot.playout_action` (by default the normal bot's `policy_action`) plays the search's play-outs,
    and its choice is what the search keeps when no action is clearly better (here every play-out is
    worth the same, so none is)."""
    game = positions()[5]
    seat = game.current_player
    legal = game.legal_actions()
    state = ARSENE_BOT.sample_state(game.view(seat), Rng(3))
    assert ARSENE_BOT.playout_action(state, Rng(4)) == ARSENE_BOT.policy_action(state, Rng(4))
    played: list[str] = []

    class EvenBot(type(ARSENE_BOT)):
        def policy_action(self, state, rng):
            played.append("policy")
            return super().policy_action(state, rng)

        def playout_action(self, state, rng):
            played.append("playout")
            actions = self.rules.legal_actions(state)
            return legal[-1] if actions == legal else actions[0]

        def evaluate(self, state, seat):
            return 0.5

    action, stats = search.search_action(EvenBot(ARSENE), game.view(seat), legal, seat, Rng(1), 600_000, 12)
    assert action == legal[-1] and stats["samples"] == 12
    assert "playout" in played and "policy" not in played


def test_the_play_outs_move_by_the_games_playout_step():
    """`Bot.playout_step` makes every move of the search's play-outs (a game may make it without
    `apply`'s event records); by default it applies `playout_action`'s action, leaving the state and
    the rng as that would."""
    game = positions()[5]
    seat = game.current_player
    state = ARSENE_BOT.sample_state(game.view(seat), Rng(3))
    stepped, applied = ARSENE.copy_state(state), ARSENE.copy_state(state)
    step_rng, apply_rng = Rng(4), Rng(4)
    ARSENE_BOT.playout_step(stepped, step_rng)
    ARSENE.apply(applied, ARSENE_BOT.playout_action(applied, apply_rng))
    assert ARSENE.view(stepped, None) == ARSENE.view(applied, None) and step_rng.state == apply_rng.state
    steps: list[int] = []

    class CountingBot(type(ARSENE_BOT)):
        def playout_step(self, state, rng):
            steps.append(1)
            super().playout_step(state, rng)

    legal = game.legal_actions()
    plain = search.search_action(ARSENE_BOT, game.view(seat), legal, seat, Rng(1), None, 6)
    counted = search.search_action(CountingBot(ARSENE), game.view(seat), legal, seat, Rng(1), None, 6)
    assert steps and counted == plain


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_choice_depends_only_on_its_own_view(level, deterministic_search):
    swapped = HIDDEN[6:] + HIDDEN[:6]  # the same unseen cards, held by other players
    one, two = twin_games(spread(HIDDEN), spread(swapped), ["7H", "5S", "9C"], ["7H", "5S", "9C"], **MID_DEAL)
    for seed in range(4):
        a = pg.bot_action(one, level, seed=seed, time_budget_ms=deterministic_search)
        b = pg.bot_action(two, level, seed=seed, time_budget_ms=deterministic_search)
        assert a == b


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_choice_ignores_the_hidden_edge_cards(level, deterministic_search):
    # swap an opponent's card with an unchosen edge card: seat 0 cannot tell the difference
    hands_b = spread(HIDDEN)
    hands_b[2] = ["5S", *hands_b[2][1:]]
    one, two = twin_games(spread(HIDDEN), hands_b, ["7H", "5S", "9C"], ["7H", HIDDEN[4], "9C"], **MID_DEAL)
    for seed in range(4):
        assert pg.bot_action(one, level, seed=seed, time_budget_ms=deterministic_search) == \
            pg.bot_action(two, level, seed=seed, time_budget_ms=deterministic_search)


def test_bots_ask_only_for_their_own_seat_view(monkeypatch):
    asked = []

    def spy_on(method):
        original = getattr(Game, method)

        def spy(self, player=None):
            asked.append(player)
            return original(self, player)
        monkeypatch.setattr(Game, method, spy)

    game = positions()[1]
    seat = game.current_player
    spy_on("view")
    spy_on("remembered_view")
    for level in LEVELS:
        pg.bot_action(game, level, seed=2, time_budget_ms=10)
    assert asked and set(asked) == {seat}


# --- the hard bot's sampler -------------------------------------------------------------------------------------

def position_with_voids():
    """Seat 0 to move mid-trick; seat 2 has shown it has no spades nor hearts, seat 3 no hearts; a black
    card is up (diamonds trump)."""
    hands = [["KS", "7S", "QH", "5C"], ["AS", "2S", "JH", "9H"], ["3C", "AC", "KD", "8D"],
             ["TC", "6S", "QD", "3S"]]
    game = arsene({"dealer": 0, "hands": hands, "table": ["7C", "5S", "9C"], "chosen": 0,
                   "tricks": [2, 3, 1, 1], "leader": 1})
    play(game, "AS", "3C", "3S", "7S")  # seat 2 shows no spades; seat 1 wins and must keep
    play(game, "JH", "8D", "QD", "QH")  # seats 2 and 3 show no hearts; seat 3 trumps highest
    game.apply({"type": "keep"})
    play(game, "6S")
    assert game.current_player == 0
    return game


def test_sampler_respects_voids_and_known_cards():
    game = position_with_voids()
    seat = game.current_player
    view = game.view(seat)
    assert view["voids"][2] == ["H", "S"] and view["voids"][3] == ["H"]
    known = set(view["hand"]) | set(view["out_of_play"]) | {p["card"] for p in view["trick"]} | {"7C"}
    real_hidden = {c.code for s in range(4) if s != seat for c in game._state.hands[s]}
    real_hidden |= {c.code for i, c in enumerate(game._state.table) if i != 0}
    rng = Rng(4)
    seen_hidden = set()
    for _ in range(200):
        state = ARSENE_BOT.sample_state(view, rng)
        assert [c.code for c in state.hands[seat]] == view["hand"]
        for other in range(4):
            if other != seat:
                assert len(state.hands[other]) == view["hand_sizes"][other]
                assert not {c.suit for c in state.hands[other]} & set(view["voids"][other])
                assert not {c.code for c in state.hands[other]} & known
        assert state.table[0].code == "7C" and state.chosen == 0
        hidden = {c.code for s in range(4) if s != seat for c in state.hands[s]}
        hidden |= {c.code for i, c in enumerate(state.table) if i != 0}
        assert hidden == real_hidden  # the unseen cards, exactly
        seen_hidden |= {c.code for c in state.hands[1]}
        assert ARSENE.legal_actions(state) == game.legal_actions()
    assert len(seen_hidden) > len(game._state.hands[1])  # it really samples


def test_sampler_before_the_choice_hides_all_three_edge_cards():
    game = arsene(seed=6)
    seat = game.current_player
    view = game.view(seat)
    tables = {tuple(c.code for c in ARSENE_BOT.sample_state(view, Rng(s)).table) for s in range(20)}
    assert len(tables) > 10
    own = set(view["hand"])
    assert all(not own & set(t) for t in tables)


# --- the hard bot's budget and sense ------------------------------------------------------------------------------

def test_hard_bot_plays_a_legal_move_on_a_short_budget():
    """(That it stops on time is the fake clock's test below: a wall clock in a test fails on a busy machine.)"""
    game = arsene(seed=12)
    game.apply({"type": "choose", "index": 0})  # a full 11-card deal: the longest play-outs
    action = pg.bot_action(game, "hard", seed=1, time_budget_ms=100)
    assert action in game.legal_actions()


def test_search_stops_at_its_deadline_even_in_the_middle_of_a_sample(monkeypatch):
    """A clock that moves 10 ms at every look: the search reads it before every play-out, so it stops
    within one play-out of its deadline, and keeps only whole samples (every value paired)."""
    game = arsene(seed=12)
    game.apply({"type": "choose", "index": 0})
    seat = game.current_player
    legal = game.legal_actions()
    assert len(legal) > 3  # several play-outs a sample: the deadline can fall inside one
    now = [0.0]

    def clock() -> float:
        now[0] += 0.010
        return now[0]

    monkeypatch.setattr(time, "perf_counter", clock)
    values, _, _ = search.playout_values(ARSENE_BOT, game.view(seat), legal, seat, Rng(1), 95)
    assert now[0] <= 0.010 + 0.095 + 0.010  # started at the first look; at most one play-out late
    assert len({len(v) for v in values}) == 1 and len(values[0]) >= search.MIN_SAMPLES


def test_search_races_its_samples(monkeypatch):
    """An action clearly behind the leader is dropped (after RACE_FROM samples, at a look every
    RACE_EVERY samples); when one is left the search stops early, and the statistics say which is which."""
    monkeypatch.setattr(search, "MAX_SAMPLES", 40)
    game = positions()[5]
    seat = game.current_player
    legal = game.legal_actions()
    values, _, raced = search.playout_values(ARSENE_BOT, game.view(seat), legal, seat, Rng(1), 600_000)
    samples = max(len(v) for v in values)
    assert search.RACE_FROM <= samples < 40 and samples % search.RACE_EVERY == 0 and raced.count(True) == 1
    _, stats = search.search_action(ARSENE_BOT, game.view(seat), legal, seat, Rng(1), 600_000)
    assert stats["raced"] == raced and stats["samples"] == samples


def test_twins_leave_the_race_keeping_the_policys_choice_or_the_first():
    """Candidates whose play-out values have so far been exactly alike are one choice to the search: the
    play-out policy's choice (`default`) stays of twins, else the first; values that never varied do
    not make twins ("lost in every deal so far" says too little)."""
    alike, other, flat = [1.0, 0.0, 2.0], [0.0, 1.0, 2.0], [0.5, 0.5, 0.5]
    values = [alike, list(alike), other, flat, list(flat), list(alike)]
    assert search.without_twins([0, 1, 2, 3, 4, 5], values, None) == [0, 2, 3, 4]
    assert search.without_twins([0, 1, 2, 3, 4, 5], values, 5) == [2, 3, 4, 5]
    assert search.without_twins([1, 2, 5], values, -1) == [1, 2]


def test_the_search_stops_early_when_the_moves_left_are_twins(monkeypatch):
    """Two cards that end every sampled deal alike (in seeded Roller Derby play, the first decision
    between two moves whose first eight play-outs end exactly alike) are searched as one: the search
    stops at its first look at the race instead of drawing all its samples, and chooses as it did."""
    from pygames_core.games.roller_derby import BOT as DERBY_BOT

    for seed in range(20):
        game = pg.new_game("roller_derby", players=4, seed=seed)
        while not game.is_over:
            seat = game.current_player
            view, legal = game.remembered_view(seat), game.legal_actions()
            if len(DERBY_BOT.search_actions(view, legal)) == 2:
                values, default, raced = search.playout_values(DERBY_BOT, view, legal, seat, Rng(seed), None, 40)
                if values[0][:search.RACE_FROM] == values[1][:search.RACE_FROM] and len(set(values[0])) > 1:
                    assert [len(v) for v in values] == [search.RACE_FROM] * 2
                    assert raced == ([True, False] if default != 1 else [False, True])
                    chosen, _ = search.search_action(DERBY_BOT, view, legal, seat, Rng(seed), None, 40)
                    monkeypatch.setattr(search, "without_twins", lambda racing, values, default: racing)
                    assert search.search_action(DERBY_BOT, view, legal, seat, Rng(seed), None, 40)[0] == chosen
                    return
            game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    pytest.fail("no decision between two twins in 20 seeded games")


def test_search_reports_its_samples():
    game = positions()[4]
    seat = game.current_player
    legal = game.legal_actions()
    action, stats = search.search_action(ARSENE_BOT, game.view(seat), legal, seat, Rng(1), 30)
    assert action in legal and stats["samples"] >= search.MIN_SAMPLES
    assert len(stats["means"]) == len(legal) and all(0.0 <= m <= 1.0 for m in stats["means"])


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_push_the_trick_away_from_the_police(level):
    """Keeping the 11th trick makes 4 tricks at the empty store 4 (losing 5 chips); pushing makes seat 1
    the one caught and leaves seat 0 with its chips, the winner."""
    stores = [[1, 1, 1], [1, 2, 3], [1, 3, 5], [], [1, 1, 1]]
    game = arsene(last_trick_setup([3, 3, 3, 1], winner=0, stores=stores, chips=[5, 0, 1, 0]))
    for _ in range(4):
        play(game, game.view(game.current_player)["hand"][0])
    assert game.legal_actions() == [{"type": "keep"}, {"type": "push", "to": 1}]
    assert pg.bot_action(game, level, seed=1, time_budget_ms=50) == {"type": "push", "to": 1}


def test_normal_beats_easy():
    """Two normal bots against two easy ones, seats alternating, 30 seeded games; chance is 0.5. Measured
    win share of the normal pair on these seeds: 0.77 (chips 321 against 105); before the normal bot
    searched the last tricks, 0.60-0.75 over six batches of 30 (0.53-0.66 over batches of 60)."""
    share = chips_normal = chips_easy = 0.0
    games = 30
    for g in range(games):
        game = arsene(seed=g)
        normal = {g % 2, g % 2 + 2}
        while not game.is_over:
            level = "normal" if game.current_player in normal else "easy"
            game.apply(pg.bot_action(game, level, seed=len(game.history) + g * 1000))
        winners = game.result()["winners"]
        share += sum(1 / len(winners) for w in winners if w in normal)
        scores = game.result()["scores"]
        chips_normal += sum(scores[s] for s in normal)
        chips_easy += sum(scores) - sum(scores[s] for s in normal)
    rate = share / games
    print(f"normal pair win share {rate:.3f}; chips {chips_normal:.0f} vs {chips_easy:.0f}")
    assert rate > 0.5
    assert chips_normal > chips_easy


def test_normal_searches_only_the_last_four_tricks_of_a_deal():
    """Arsène's normal bot plays its policy (no sample drawn) until four tricks of the deal are left, then
    the search with its few samples."""
    game = arsene(seed=3)
    searched = []
    while game.view(None)["deal"] == 1:
        view = game.view(None)
        decision = len(game.legal_actions()) > 1 and view["phase"] in ("play", "push")
        action, samples = bot_decision(ARSENE_BOT, game, "normal", seed=len(game.history))
        if decision:
            searched.append((view["trick_number"], samples))
        game.apply(action)
    last = HAND_SIZE + 1 - NORMAL_SEARCH_TRICKS  # the number of the first of the last four tricks
    assert {n for n, _ in searched} >= set(range(1, last + 1))
    # the search may stop before its last sample once the race has left a single action
    assert all((0 < samples <= NORMAL_SEARCH_SAMPLES) if n >= last else samples == 0 for n, samples in searched)
