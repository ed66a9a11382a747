"""Apples bots (legal at every level, no peeking, sensible bids, discards, targets and plays, the hard bot's
sampler and shortlist) and properties over many random games (cards conserved, the game ends, determinism)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise

import pytest
from helpers import fingerprint, last_card_played_both_ways, play_out
from test_apples import (
    ALL_CODES,
    ROUND_ROBIN,
    after_exchange,
    apples,
    calls,
    discard_all,
    exchange_position,
    last_trick,
)

import pygames_core as pg
from pygames_core.ai import sampling, search
from pygames_core.engine.rng import Rng
from pygames_core.games.apples import BOT, RULES
from pygames_core.games.apples.bot import search_actions
from pygames_core.games.apples.state import DECK, GOAL, rank_counts
from pygames_core.kit.cards import codes

LEVELS = ["easy", "normal", "hard"]


def positions() -> list[pg.Game]:
    """Copies of one game in every phase: bidding, exchange, target cards, early and late play."""
    game = apples(seed=3)
    found = {}
    while len(game.view(None)["deals"]) == 0:
        view = game.view(None)
        key = (view["phase"], view["trick_number"] > 6)
        found.setdefault(key, game.copy())
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    return list(found.values())


def test_positions_cover_every_phase():
    assert {p.view(None)["phase"] for p in positions()} == {"bid", "discard", "target", "play"}


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_action(level):
    for game in positions():
        action = pg.bot_action(game, level, seed=5, time_budget_ms=20)
        assert action in game.legal_actions()
        game.apply(action)


@pytest.fixture
def deterministic_search(monkeypatch):
    """The hard bot without the clock: a fixed number of samples whatever the machine's speed."""
    monkeypatch.setattr(search, "MAX_SAMPLES", 3)
    return 600_000


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_choice_depends_only_on_its_own_view(level, deterministic_search):
    """Seat 0 to lead the first trick; the others' hands and targets swap cards seat 0 cannot see."""
    mine = ROUND_ROBIN[0][:12]
    others = [c for c in ALL_CODES if c not in ROUND_ROBIN[0]]
    swapped = others[20:] + others[:20]

    def setup(hidden: list[str]) -> dict:
        hands = [mine, hidden[0:12], hidden[12:24], hidden[24:36]]
        return {"dealer": 3, "contract": {"declarer": 0, "count": 1, "suit": "S"}, "hands": hands,
                "targets": [ROUND_ROBIN[0][12], *hidden[36:39]]}

    one, two = apples(setup(others)), apples(setup(swapped))
    assert json.dumps(one.view(0)) == json.dumps(two.view(0)) and one.to_json() != two.to_json()
    for seed in range(3):
        assert pg.bot_action(one, level, seed=seed, time_budget_ms=deterministic_search) == \
            pg.bot_action(two, level, seed=seed, time_budget_ms=deterministic_search)


def test_a_bots_discards_and_target_are_not_seen_by_the_next_chooser(deterministic_search):
    choices = []
    for first in ("AS", "2S"):
        game = after_exchange([None] * 4, ROUND_ROBIN)
        game.apply({"type": "target", "card": first})
        choices.append([pg.bot_action(game, level, seed=1, time_budget_ms=deterministic_search)
                        for level in ("normal", "hard")])
    assert choices[0] == choices[1]


# --- the hard bot's sampler --------------------------------------------------------------------------------

def test_sampler_before_the_exchange_honours_bids_trump_discards_and_own_discards():
    """Seat 1 bid 4 hearts before seat 0 took the contract with 2 spades; seat 0 and seat 1 have discarded."""
    game = apples({"dealer": 3, "hands": ROUND_ROBIN,
                   "bids": [{"count": 1, "suit": "S"}, {"count": 4, "suit": "H"}, "pass", "pass",
                            {"count": 4, "suit": "S"}, "pass", "pass", "pass"]})
    calls(game, *[{"type": "discard", "card": c} for c in ("2S", "6S", "TS", "AS", "3S", "7S", "JS", "2H")])
    assert game.current_player == 2
    view = game.view(2)
    rng = Rng(4)
    varied = set()
    for _ in range(60):
        state = BOT.sample_state(view, rng)
        assert codes(state.hands[2]) == view["hand"]
        assert all(c.suit == "S" for c in state.discards[0]) and len(state.discards[0]) == 4
        assert len(state.discards[1]) == 4 and len(state.hands[1]) == 9
        hearts = sum(c.suit == "H" for c in state.hands[1] + state.discards[1])
        assert hearts >= 4  # its bid showed four hearts
        every = [c for h in state.hands for c in h] + [c for d in state.discards for c in d]
        assert sorted(codes(every)) == sorted(ALL_CODES)
        assert RULES.legal_actions(state) == game.legal_actions()
        varied.add(tuple(codes(state.discards[1])))
    assert len(varied) > 20
    # seat 0 sees its own discards in the pile, never in another hand
    own = game.view(0)
    for _ in range(20):
        state = BOT.sample_state(own, rng)
        assert codes(state.discards[0]) == ["2S", "6S", "TS", "AS"]
        assert not {"2S", "6S", "TS", "AS"} & {c.code for s in (1, 2, 3) for c in state.hands[s]}


def test_sampler_in_play_honours_voids_targets_and_shown_lengths():
    """Seat 1 declared clubs with a bid of 1 after bidding 6 clubs: it keeps at least five clubs after
    the exchange (in hand or as its target). Seat 2 has shown no clubs, though its target may be one."""
    targets = ["AS", "KS", "4C", "QS"]
    seat_1 = ["AC", "KC", "QC", "JC", "TC", "9C", "3H", "4H", "5H", "6H", "7H", "8H"]
    rest = [c for c in ALL_CODES if c not in seat_1 and c not in targets]
    game = apples({"dealer": 3, "contract": {"declarer": 1, "count": 1, "suit": "C"},
                   "hands": [rest[:12], seat_1, rest[12:24], rest[24:36]], "targets": targets})
    view = game.view(0)
    view["bids"] = [{"seat": 1, "type": "bid", "count": 6, "suit": "C"},
                    {"seat": 2, "type": "bid", "count": 2, "suit": "C"}]
    view["voids"][2] = ["C"]
    rng = Rng(1)
    club_targets = 0
    for _ in range(60):
        state = BOT.sample_state(view, rng)
        assert not any(c.suit == "C" for c in state.hands[2])
        assert sum(c.suit == "C" for c in [*state.hands[1], state.targets.choices[1]]) >= 5
        assert all(t is not None for t in state.targets.choices)
        assert [len(h) for h in state.hands] == [12, 12, 12, 12]
        club_targets += state.targets.choices[2].suit == "C"
    assert club_targets == 60  # two clubs shown, one exchanged at most, none in hand: its target is a club


def test_sampler_after_the_exchange_records_everyones_discards_consistent_with_the_pile():
    """Seat 0 declared 2 spades and put in two trumps; the pile of eight was dealt back two to each."""
    game = exchange_position()
    discard_all(game)
    assert game.view(None)["phase"] == "target"
    rng = Rng(5)
    for seat in range(4):
        view = game.view(seat)
        own_discards, own_received = view["discards"], view["received"]
        for _ in range(20):
            state = BOT.sample_state(view, rng)
            assert RULES.view(state, seat) == view
            assert all(len(d) == 2 for d in state.discards) and all(len(r) == 2 for r in state.received)
            assert codes(state.discards[seat]) == own_discards and codes(state.received[seat]) == own_received
            assert all(c.suit == "S" for c in state.discards[0])  # the declarer's are trumps
            pile = sorted(codes([c for d in state.discards for c in d]))
            assert pile == sorted(codes([c for r in state.received for c in r]))  # the pile, dealt back
            for other in range(4):
                assert set(state.received[other]) <= set(state.hands[other])  # no target or play yet


def test_sampler_falls_back_when_shown_lengths_cannot_all_be_met():
    game = exchange_position()
    view = game.view(1)
    view["bids"].append({"seat": 2, "type": "bid", "count": 13, "suit": "H"})  # impossible: seat 1 holds hearts
    state = BOT.sample_state(view, Rng(3))
    assert sorted(codes([c for h in state.hands for c in h])) == sorted(ALL_CODES)


def test_before_the_play_the_hard_bot_keeps_the_normal_policys_choice():
    long_spades = ["AS", "KS", "QS", "9S", "7S", "5S", "AH", "3H", "2D", "3D", "4D", "2C", "3C"]
    rest = [c for c in ALL_CODES if c not in long_spades]
    for hands in (ROUND_ROBIN, [long_spades, rest[:13], rest[13:26], rest[26:]]):
        game = apples({"dealer": 3, "hands": hands})
        assert search_actions(game.view(0), game.legal_actions()) == [pg.bot_action(game, "normal", seed=1)]
    assert search_actions(game.view(0), game.legal_actions()) == [{"type": "bid", "count": 1, "suit": "S"}]
    game = exchange_position()
    calls(game, {"type": "discard", "card": "2S"})
    assert search_actions(game.view(0), game.legal_actions()) == [pg.bot_action(game, "normal", seed=1)]
    discard_all(game)
    assert search_actions(game.view(0), game.legal_actions()) == [pg.bot_action(game, "normal", seed=1)]
    play_position = positions()[-1]
    assert play_position.view(None)["phase"] == "play"
    seat = play_position.current_player
    assert search_actions(play_position.view(seat), play_position.legal_actions()) == play_position.legal_actions()


def test_a_single_candidate_is_taken_without_spending_the_budget():
    game = exchange_position()
    action, stats = search.search_action(BOT, game.view(0), game.legal_actions(), 0, Rng(1), 60_000)
    assert action == pg.bot_action(game, "normal", seed=1) and stats["samples"] == 0 and stats["means"] == []


# --- sensible choices ---------------------------------------------------------------------------------------

def seat_0_holds(hand: list[str]) -> list[list[str]]:
    rest = [c for c in ALL_CODES if c not in hand]
    return [hand, rest[:13], rest[13:26], rest[26:]]


def test_normal_bids_its_long_strong_suit_and_passes_a_flat_hand():
    long_hand = seat_0_holds(["AS", "KS", "QS", "9S", "7S", "5S", "AH", "3H", "2D", "3D", "4D", "2C", "3C"])
    assert pg.bot_action(apples({"dealer": 3, "hands": long_hand}), "normal", seed=1) == \
        {"type": "bid", "count": 1, "suit": "S"}
    flat = seat_0_holds(["AS", "KS", "5S", "AH", "KH", "9H", "3H", "2D", "3D", "4D", "2C", "3C", "4C"])
    assert pg.bot_action(apples({"dealer": 3, "hands": flat}), "normal", seed=1) == {"type": "pass"}


def test_normal_declarer_discards_low_trumps():
    game = exchange_position()
    assert pg.bot_action(game, "normal", seed=1) == {"type": "discard", "card": "6S"}


def test_normal_aims_its_target_at_a_high_rank_it_holds_twice():
    hands = [["AS", "AH", "AD", "7S", "5S", "9H", "3H", "2D", "3D", "4D", "2C", "3C", "JC"]]
    rest = [c for c in ALL_CODES if c not in hands[0]]
    game = after_exchange([None] * 4, [hands[0], rest[:13], rest[13:26], rest[26:]])
    action = pg.bot_action(game, "normal", seed=1)
    assert action["card"][0] == "A" and action["card"] != "AS"  # an ace, keeping the trump ace to win with


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_take_a_trick_that_completes_a_pair_of_aces(level):
    """Seat 0 holds the ace of spades (trump) and captured an ace; the ace of hearts is led to it."""
    hands = [["AS", "2S"], ["AH", "5D"], ["3H", "6D"], ["4H", "7D"]]
    named = {c for h in hands for c in h} | {"TH", "JH", "QH", "KH", "AD", "9C", "8D", "7H"}
    rest = [c for c in ALL_CODES if c not in named]
    game = apples({"dealer": 3, "contract": {"declarer": 0, "count": 1, "suit": "S"}, "hands": hands,
                   "targets": ["TH", "JH", "QH", "KH"], "captured": [["AD", "9C", "8D", "7H"], rest, [], []],
                   "leader": 1})
    calls(game, {"type": "play", "card": "AH"}, {"type": "play", "card": "3H"}, {"type": "play", "card": "4H"})
    assert pg.bot_action(game, level, seed=1, time_budget_ms=50) == {"type": "play", "card": "AS"}


def test_normal_beats_easy():
    """One deal per seed, the normal bot at a rotating seat. Measured: +61 points a deal over the mean."""
    ahead = 0
    for seed in range(8):
        game = apples(seed=seed)
        seat = seed % 4
        while not game.view(None)["deals"]:
            level = "normal" if game.current_player == seat else "easy"
            game.apply(pg.bot_action(game, level, seed=len(game.history)))
        points = game.view(None)["deals"][0]["points"]
        ahead += points[seat] > sum(points) / 4
    assert ahead >= 6


# --- properties over random games ---------------------------------------------------------------------------

class Invariants:
    """Checks an Apples game after every step."""

    def __init__(self) -> None:
        self.deals_seen = 0

    def check(self, game: pg.Game) -> None:
        state = game._state
        places = [c for h in state.hands for c in h] + [c for _, c in state.trick.plays]
        places += [c for group in state.captured for c in group]
        places += [t for t in state.targets.choices if t is not None]
        if state.phase in ("bid", "discard"):
            places += [c for d in state.discards for c in d]
        assert Counter(codes(places)) == Counter(ALL_CODES)  # the 52 cards, each once
        view = game.view(None)
        if view["phase"] == "play":
            assert sum(view["tricks"]) == view["trick_number"] - 1 <= 11
            assert all(len(h) == 12 - (view["trick_number"] - 1) - (s in {p["seat"] for p in view["trick"]})
                       for s, h in enumerate(state.hands))
        bids = [b for b in view["bids"] if b["type"] == "bid"]
        assert all((a["count"], "DHCS".index(a["suit"])) < (b["count"], "DHCS".index(b["suit"]))
                   for a, b in pairwise(bids))
        for summary in view["deals"][self.deals_seen:]:
            assert sum(map(len, summary["captured"])) == 48
            assert all(t is not None for t in summary["targets"])
            assert summary["points"] == [sum(s["points"] for s in sets) for sets in summary["sets"]]
        self.deals_seen = len(view["deals"])
        if game.is_over:
            result = game.result()
            assert max(result["scores"]) >= GOAL
            assert result["winners"] == [s for s in range(4) if result["scores"][s] == max(result["scores"])]


@pytest.mark.parametrize("seed", range(6))
def test_random_easy_games_keep_every_invariant(seed):
    game = apples(seed=seed)
    invariants = Invariants()
    play_out(game, "easy", seed=seed, on_step=invariants.check)
    assert game.is_over
    replay = apples(seed=seed)
    for action in game.history:
        replay.apply(action)
    assert fingerprint(replay) == fingerprint(game)


def test_a_random_normal_game_keeps_every_invariant_and_repeats():
    game = apples(seed=100)
    invariants = Invariants()
    play_out(game, "normal", seed=1, on_step=invariants.check)
    again = apples(seed=100)
    play_out(again, "normal", seed=1)
    assert fingerprint(again) == fingerprint(game)


def test_views_never_show_another_seats_hidden_cards():
    game = apples(seed=8)

    def no_leaks(g: pg.Game) -> None:
        state = g._state
        for seat in (None, 0, 1, 2, 3):
            view = json.dumps(g.view(seat))
            hidden = {c.code for s, h in enumerate(state.hands) if s != seat for c in h}
            hidden |= {t.code for s, t in enumerate(state.targets.choices) if t is not None and s != seat}
            if state.phase in ("bid", "discard"):
                hidden |= {c.code for s, d in enumerate(state.discards) if s != seat for c in d}
            if seat is not None:
                hidden -= set(codes(state.discards[seat]))  # its own discards, wherever they went
            assert not {c for c in hidden if f'"{c}"' in view}, (seat, state.phase)

    steps = 0
    while not game.view(None)["deals"] or steps < 5:
        no_leaks(game)
        game.apply(pg.bot_action(game, "easy", seed=steps))
        steps += 1
    assert steps > 60


def test_deal_unseen_with_minimums_meets_each_minimum_or_says_it_cannot():
    """The shared helper behind the bid constraints (ai/sampling.py)."""
    items = list(range(20))
    capacity = {"a": 5, "b": 5, "c": 10}
    is_even = lambda n: n % 2 == 0  # noqa: E731
    for seed in range(30):
        dealt = sampling.deal_unseen_with_minimums(items, capacity, lambda holder, n: holder != "c" or n < 18,
                                                   Rng(seed), [(("a",), is_even, 4), (("b", "c"), is_even, 3)])
        assert sorted(n for held in dealt.values() for n in held) == items
        assert {h: len(held) for h, held in dealt.items()} == capacity
        assert sum(map(is_even, dealt["a"])) >= 4 and sum(map(is_even, dealt["b"] + dealt["c"])) >= 3
        assert all(n < 18 for n in dealt["c"])
    with pytest.raises(ValueError, match="minimums"):
        sampling.deal_unseen_with_minimums(items, capacity, lambda holder, n: True, Rng(1), [(("a",), is_even, 6)])


def test_the_masks_kept_beside_the_captured_cards_match_them():
    """The cards not captured yet (one int) and each seat's captured cards by rank (kept in the state for the
    play policy) match the captured cards, through play, in a sampled state and in a set-up."""
    def check(state):
        taken = {c for cards in state.captured for c in cards}
        assert state.unplayed == sum(c.bit for c in DECK if c not in taken)
        assert state.captured_ranks == [rank_counts(taken) for taken in state.captured]

    checked = 0
    for seed in range(3):
        state = RULES.new_state(4, {}, Rng(seed), None)
        policy_rng = Rng(seed)
        while RULES.current_player(state) is not None:
            check(state)
            if state.phase == "play" and len(state.trick.plays) == 1:
                seat = RULES.current_player(state)
                check(BOT.sample_state(RULES.remembered_view(state, seat), Rng(seed)))
                checked += 1
            RULES.apply(state, BOT.policy_action(state, policy_rng))
    check(last_trick({0: ["AH", "AD", "2C", "3C"]}, targets=["KH", "TD", "JD", "QD"], last=["AS", "TC", "JC", "QC"],
                     leader=0)._state)
    assert checked > 50


def test_a_play_outs_last_card_ends_its_play_out_with_the_value_and_outcome_of_the_deal_apply_settles():
    """The last card of a deal played by `playout_step` (a play-out's move) and by `apply` of the policy's action:
    the play-out leaves the deal unsettled (no summary, the next deal not dealt: apply settles and deals it), ends
    there, and values and tells it as apply's settled deal."""
    start, stepped, applied = last_card_played_both_ways(RULES, BOT, {})
    assert stepped.summaries == start.summaries and stepped.deal == start.deal and not any(stepped.hands)
    assert len(applied.summaries) == len(start.summaries) + 1 and applied.deal == start.deal + 1
    assert BOT.playout_done(start, stepped)
    assert [BOT.evaluate(stepped, s) for s in range(4)] == [BOT.evaluate(applied, s) for s in range(4)]
    assert [BOT.outcome(start, stepped, s) for s in range(4)] == [BOT.outcome(start, applied, s) for s in range(4)]
