"""The rules of Arsène, one rule at a time, from explicit set-ups (docs/games/arsene.md)."""

from __future__ import annotations

import json

import pytest
from helpers import (
    ALL_PLAY_CODES,
    BLACK_TABLE,
    FULL_STORES,
    RED_TABLE,
    arsene,
    deal_summary,
    finish_deal,
    full_deal_setup,
    json_strings,
    last_trick_setup,
    play,
    play_last_trick,
)

import pygames_core as pg
from pygames_core.engine.rng import Rng
from pygames_core.games.arsene.rules import settle_deal
from pygames_core.games.arsene.state import ArseneState

STORE_CODES = {"AD", "2D", "3D", "4D", "5D"}


# --- dealing ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2, 12345, 2**40])
def test_deal_gives_eleven_each_three_edge_cards_and_never_the_stores(seed):
    game = arsene(seed=seed)
    state = game._state
    hands = [game.view(seat)["hand"] for seat in range(4)]
    assert [len(h) for h in hands] == [11, 11, 11, 11]
    assert len(state.table) == 3
    dealt = [c for h in hands for c in h] + [c.code for c in state.table]
    assert len(dealt) == len(set(dealt)) == 47
    assert set(dealt) == set(ALL_PLAY_CODES)
    assert not STORE_CODES & set(dealt)
    assert game.view(None)["hand_sizes"] == [11, 11, 11, 11]


def test_first_dealer_is_seeded_and_varies():
    dealers = {arsene(seed=s).view(None)["dealer"] for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert arsene(seed=7).view(None)["dealer"] == arsene(seed=7).view(None)["dealer"]


def test_starting_stores_and_chips():
    view = arsene(seed=3).view(None)
    assert [s["groups"] for s in view["stores"]] == [[1, 1, 1], [1, 2, 3], [1, 3, 5], [1, 2, 3], [1, 1, 1]]
    assert sum(s["chips"] for s in view["stores"]) == 27
    assert view["chips"] == [0, 0, 0, 0]
    assert view["contest"] is False


def test_the_view_names_each_stores_card_and_the_deals_tricks():
    """What the table shows comes from the view: store n's card (the n of diamonds, the ace for 1)
    and how many tricks a deal has (one per card in a full hand)."""
    view = arsene(seed=3).view(None)
    assert [s["card"] for s in view["stores"]] == ["AD", "2D", "3D", "4D", "5D"]
    assert {s["card"] for s in view["stores"]} == STORE_CODES
    assert view["tricks_per_deal"] == view["hand_sizes"][0] == 11


# --- the blind choice ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_player_left_of_dealer_chooses_the_edge_card(dealer):
    game = arsene(full_deal_setup(RED_TABLE, dealer=dealer))
    assert game.current_player == (dealer + 1) % 4
    assert game.legal_actions() == [{"type": "choose", "index": i} for i in range(3)]
    assert game.view(None)["phase"] == "choose"


@pytest.mark.parametrize(("table", "index", "trump", "face_up"), [
    (["2C", "3H", "4H"], 0, "D", True),  # club: diamonds trump
    (["3H", "4H", "KS"], 2, "D", True),  # spade: diamonds trump
    (["2C", "3H", "4H"], 1, None, False),  # heart: no trump
    (["2C", "3H", "6D"], 2, None, False),  # diamond: no trump
])
def test_chosen_card_colour_sets_trump_and_is_public(table, index, trump, face_up):
    game = arsene(full_deal_setup(table, dealer=1))
    events = game.apply({"type": "choose", "index": index})
    assert events[0]["card"] == table[index] and events[0]["trump"] == trump
    others = {c for i, c in enumerate(table) if i != index}
    for seat in [None, 0, 1, 2, 3]:
        view = game.view(seat)
        assert view["trump"] == trump
        shown = view["table"][index]
        assert shown == {"card": table[index], "face_up": face_up, "chosen": True}
        assert all(view["table"][i] == {"card": None, "face_up": False, "chosen": False}
                   for i in range(3) if i != index)
        assert not others & json_strings(view), f"seat {seat} sees an unchosen edge card"


def test_unchosen_edge_cards_hidden_before_the_choice():
    game = arsene(full_deal_setup(BLACK_TABLE))
    for seat in [None, 0, 1, 2, 3]:
        assert not set(BLACK_TABLE) & json_strings(game.view(seat))
        assert game.view(seat)["trump"] is None


@pytest.mark.parametrize("dealer", range(4))
def test_player_left_of_dealer_leads_the_first_trick(dealer):
    game = arsene(full_deal_setup(RED_TABLE, dealer=dealer))
    game.apply({"type": "choose", "index": 0})
    leader = (dealer + 1) % 4
    assert game.current_player == leader
    assert game.view(None)["leader"] == leader
    assert game.view(None)["trick_number"] == 1


# --- trick play ---------------------------------------------------------------------------------------

def two_card_deal(hands, table=RED_TABLE, leader=0, tricks=(3, 3, 2, 1)):
    return arsene({"dealer": (leader - 1) % 4, "hands": hands, "table": table, "chosen": 0,
                   "tricks": list(tricks), "leader": leader})


def test_must_follow_suit_when_able():
    game = two_card_deal([["KS", "2C"], ["3S", "AH"], ["5H", "5C"], ["6C", "7C"]])
    play(game, "KS")
    assert game.legal_actions() == [{"type": "play", "card": "3S"}]
    with pytest.raises(pg.IllegalAction, match="follow suit"):
        game.apply({"type": "play", "card": "AH"})
    play(game, "3S")
    # seat 2 has no spade: anything goes
    assert sorted(a["card"] for a in game.legal_actions()) == ["5C", "5H"]
    play(game, "5C")
    assert game.view(None)["voids"][2] == ["S"]


def test_leader_may_lead_anything():
    game = two_card_deal([["KS", "2C"], ["3S", "AH"], ["5H", "5C"], ["6C", "7C"]])
    assert sorted(a["card"] for a in game.legal_actions()) == ["2C", "KS"]


def test_highest_of_led_suit_wins_off_suit_aces_do_not():
    game = two_card_deal([["2S", "3C"], ["AH", "4C"], ["KS", "5C"], ["QS", "6C"]])
    events = play(game, "2S", "AH", "KS", "QS")
    won = next(e for e in events if e["type"] == "trick_won")
    assert won["winner"] == 2


def test_trump_beats_the_led_suit_when_a_black_card_was_chosen():
    hands = [["AS", "3C"], ["6D", "4C"], ["KS", "5C"], ["QS", "6C"]]
    game = two_card_deal(hands, table=BLACK_TABLE)
    assert game.view(None)["trump"] == "D"
    events = play(game, "AS", "6D", "KS", "QS")
    assert next(e for e in events if e["type"] == "trick_won")["winner"] == 1


def test_diamonds_are_not_trump_when_a_red_card_was_chosen():
    hands = [["AS", "3C"], ["6D", "4C"], ["KS", "5C"], ["QS", "6C"]]
    game = two_card_deal(hands, table=RED_TABLE)
    assert game.view(None)["trump"] is None
    events = play(game, "AS", "6D", "KS", "QS")
    assert next(e for e in events if e["type"] == "trick_won")["winner"] == 0


def test_highest_trump_wins_among_trumps():
    hands = [["AS", "3C"], ["6D", "4C"], ["9D", "5C"], ["QS", "6C"]]
    game = two_card_deal(hands, table=BLACK_TABLE)
    events = play(game, "AS", "6D", "9D", "QS")
    assert next(e for e in events if e["type"] == "trick_won")["winner"] == 2


# --- the push rule -------------------------------------------------------------------------------------

def seed_example(pushed_to=None):
    """The seed's example: A,B,C,D (seats 0-3) hold 1,2,1,1 after five tricks; A wins trick 6."""
    hands = [["AS", "2C", "3C", "4C", "5C", "6C"],
             ["2S", "7C", "8C", "9C", "TC", "JC"],
             ["3S", "QC", "KC", "AC", "2H", "3H"],
             ["4S", "4H", "5H", "6H", "7H", "8H"]]
    game = arsene({"dealer": 3, "hands": hands, "table": ["9H", "TH", "JH"], "chosen": 0,
                   "tricks": [1, 2, 1, 1], "leader": 0})
    events = play(game, "AS", "2S", "3S", "4S")
    return game, events


def test_seed_example_winner_may_keep_or_push_to_c_only():
    game, events = seed_example()
    won = next(e for e in events if e["type"] == "trick_won")
    assert (won["winner"], won["trick"], won["push_to"]) == (0, 6, 2)
    assert game.current_player == 0
    assert game.legal_actions() == [{"type": "keep"}, {"type": "push", "to": 2}]
    for wrong in (1, 3):  # B has 2 tricks; D has 1 but C is nearer clockwise
        with pytest.raises(pg.IllegalAction, match="only onto seat 2"):
            game.apply({"type": "push", "to": wrong})
    assert game.view(None)["push"] == {"winner": 0, "target": 2}


def test_seed_example_push_to_c_gives_c_the_trick_and_the_lead():
    game, _ = seed_example()
    events = game.apply({"type": "push", "to": 2})
    assert events == [{"type": "pushed", "from": 0, "to": 2}]
    view = game.view(None)
    assert view["tricks"] == [1, 2, 2, 1]
    assert game.current_player == 2 and view["leader"] == 2
    assert view["played"][-1]["winner"] == 0 and view["played"][-1]["taker"] == 2


def test_seed_example_keep():
    game, _ = seed_example()
    game.apply({"type": "keep"})
    assert game.view(None)["tricks"] == [2, 2, 1, 1]
    assert game.current_player == 0


def test_push_target_nearest_clockwise_with_wrap():
    hands = [["2S", "3C"], ["3S", "4C"], ["AS", "5C"], ["4S", "6C"]]
    game = arsene({"dealer": 1, "hands": hands, "table": RED_TABLE, "chosen": 0,
                   "tricks": [3, 3, 3, 0], "leader": 2})
    play(game, "AS", "4S", "2S", "3S")
    assert game.legal_actions() == [{"type": "keep"}, {"type": "push", "to": 0}]
    with pytest.raises(pg.IllegalAction):
        game.apply({"type": "push", "to": 1})
    game.apply({"type": "push", "to": 0})
    assert game.view(None)["tricks"] == [4, 3, 3, 0] and game.current_player == 0


@pytest.mark.parametrize("tricks", [(0, 0, 0, 9), (0, 3, 3, 3), (1, 2, 3, 3), (4, 2, 0, 3)])
def test_no_push_at_zero_or_when_nobody_has_the_same_count(tricks):
    game = two_card_deal([["AS", "3C"], ["3S", "4C"], ["2S", "5C"], ["4S", "6C"]], tricks=tricks)
    events = play(game, "AS", "3S", "2S", "4S")
    won = next(e for e in events if e["type"] == "trick_won")
    assert won["push_to"] is None
    assert events[-1] == {"type": "kept", "seat": 0, "forced": True}
    assert game.view(None)["phase"] == "play" and game.current_player == 0
    assert game.view(None)["tricks"][0] == tricks[0] + 1


def test_push_on_the_eleventh_trick_counts_for_the_receiver():
    game = arsene(last_trick_setup([3, 3, 3, 1], winner=0))
    play_last_trick(game)
    assert game.legal_actions() == [{"type": "keep"}, {"type": "push", "to": 1}]
    events = game.apply({"type": "push", "to": 1})
    summary = deal_summary(events)
    assert summary["tricks"] == [3, 4, 3, 1]
    # seats 0 and 2 collide on store 3; seat 1 robs store 4, seat 3 store 1
    assert summary["takes"] == [{"seat": 3, "store": 1, "chips": 1}, {"seat": 1, "store": 4, "chips": 1}]
    assert summary["collisions"] == [[0, 2]]


# --- chips after a deal ---------------------------------------------------------------------------------

def counts_with(t, seat=0):
    """Trick counts in which `seat` has t and the others have distinct counts, none equal to t."""
    for a in range(12):
        for b in range(a + 1, 12):
            c = 11 - t - a - b
            if c > b and t not in (a, b, c):
                others = iter((a, b, c))
                return [t if s == seat else next(others) for s in range(4)]
    raise AssertionError(t)


STEPS = [(1, [1, 1, 1], 1), (1, [1, 1], 1), (1, [1], 1),
         (5, [1, 1, 1], 1), (5, [1, 1], 1), (5, [1], 1),
         (2, [1, 2, 3], 1), (2, [2, 3], 2), (2, [3], 3),
         (4, [1, 2, 3], 1), (4, [2, 3], 2), (4, [3], 3),
         (3, [1, 3, 5], 1), (3, [3, 5], 3), (3, [5], 5)]


@pytest.mark.parametrize(("store", "groups", "take"), STEPS)
def test_each_chip_group_step_of_every_store(store, groups, take):
    stores = [list(g) for g in FULL_STORES]
    stores[store - 1] = list(groups)
    held = 27 - sum(map(sum, stores))  # the chips already taken, held by seat 0
    final = counts_with(store, seat=0)
    game, events = finish_deal(final, stores=stores, chips=[held, 0, 0, 0])
    summary = deal_summary(events)
    assert {"seat": 0, "store": store, "chips": take} in summary["takes"]
    assert summary["chips_after"][0] == held + take
    view = game.view(None)
    assert view["stores"][store - 1]["groups"] == groups[1:]
    assert view["stores"][store - 1]["robbed"] == [{"seat": 0, "chips": take, "deal": 1}]
    assert view["chips"][0] == held + take


def test_a_full_store_is_emptied_in_three_deals_smallest_group_first():
    taken = []
    stores = [list(g) for g in FULL_STORES]
    for _ in range(3):
        game, events = finish_deal(counts_with(3, seat=1), stores=stores)
        taken += [t["chips"] for t in deal_summary(events)["takes"] if t["seat"] == 1]
        stores = [s["groups"] for s in game.view(None)["stores"]]
    assert taken == [1, 3, 5]
    assert stores[2] == []


@pytest.mark.parametrize("final", [[0, 6, 3, 2], [7, 0, 1, 3], [0, 11, 0, 0], [6, 5, 0, 0]])
def test_zero_and_six_or_more_tricks_take_nothing(final):
    _, events = finish_deal(final)
    summary = deal_summary(events)
    takers = {t["seat"] for t in summary["takes"]}
    for seat, t in enumerate(final):
        if t == 0 or t >= 6:
            assert seat not in takers
        elif final.count(t) == 1:
            assert seat in takers


def test_a_collision_takes_nothing_and_leaves_the_store():
    game, events = finish_deal([2, 2, 3, 4])
    summary = deal_summary(events)
    assert summary["collisions"] == [[0, 1]]
    assert summary["takes"] == [{"seat": 2, "store": 3, "chips": 1}, {"seat": 3, "store": 4, "chips": 1}]
    view = game.view(None)
    assert view["chips"] == [0, 0, 1, 1]
    assert view["stores"][1]["groups"] == [1, 2, 3]
    assert summary["exchanges"] == []


def test_three_way_collision_takes_nothing():
    game, events = finish_deal([3, 3, 3, 2])
    summary = deal_summary(events)
    assert summary["collisions"] == [[0, 1, 2]]
    assert summary["takes"] == [{"seat": 3, "store": 2, "chips": 1}]
    assert game.view(None)["stores"][2]["groups"] == [1, 3, 5]


# --- the police -------------------------------------------------------------------------------------------

STORE4_EMPTY = [[1, 1, 1], [1, 2, 3], [1, 3, 5], [], [1, 1, 1]]  # 21 chips on the stores


def test_police_without_collision_confiscates_and_ends_after_the_deal():
    game, events = finish_deal([4, 0, 2, 5], stores=STORE4_EMPTY, chips=[4, 2, 0, 0])
    summary = deal_summary(events)
    assert summary["caught"] == [0]
    # the others still take their chips this deal
    assert summary["takes"] == [{"seat": 2, "store": 2, "chips": 1}, {"seat": 3, "store": 5, "chips": 1}]
    assert game.is_over and game.current_player is None
    result = game.result()
    assert result["scores"] == [0, 2, 1, 1]
    assert result["winners"] == [1]
    assert result["reason"] == "police" and result["caught"] == [0]
    view = game.view(None)
    assert view["confiscated"] == 4
    assert sum(s["chips"] for s in view["stores"]) + sum(view["chips"]) + view["confiscated"] == 27
    assert events[-1]["type"] == "game_over"


def test_police_with_collision_catches_everyone_at_that_count():
    game, events = finish_deal([4, 4, 1, 2], stores=STORE4_EMPTY, chips=[3, 2, 1, 0])
    summary = deal_summary(events)
    assert summary["caught"] == [0, 1]
    assert summary["takes"] == [{"seat": 2, "store": 1, "chips": 1}, {"seat": 3, "store": 2, "chips": 1}]
    assert game.is_over
    assert game.result()["scores"] == [0, 0, 2, 1]
    assert game.result()["winners"] == [2]
    assert game.view(None)["confiscated"] == 5


def test_police_catch_a_player_holding_no_chips_still_ends_the_game():
    game, events = finish_deal([4, 0, 2, 5], stores=STORE4_EMPTY, chips=[0, 2, 0, 0])
    assert deal_summary(events)["caught"] == [0]
    assert game.is_over and game.result()["reason"] == "police"


def test_all_four_caught_voids_the_deal_and_the_next_is_played():
    stores = [[], [], [], [1, 2, 3], []]  # 6 chips on store 4
    chips = [5, 5, 5, 6]
    game, events = finish_deal([1, 2, 3, 5], winner=3, stores=stores, chips=chips, dealer=2)
    summary = deal_summary(events)
    assert summary["void_deal"] is True
    assert summary["caught"] == [0, 1, 2, 3]
    assert summary["chips_after"] == chips
    assert not game.is_over
    view = game.view(None)
    assert view["chips"] == chips
    assert [s["groups"] for s in view["stores"]] == stores
    assert view["confiscated"] == 0
    assert view["deal"] == 2 and view["dealer"] == 3
    assert view["phase"] == "choose" and game.current_player == 0
    assert view["hand_sizes"] == [11] * 4 and view["tricks"] == [0] * 4


def test_all_stores_emptied_without_a_catch_ends_the_game():
    stores = [[], [], [], [], [1]]
    game, events = finish_deal([5, 6, 0, 0], stores=stores, chips=[10, 6, 5, 5])
    summary = deal_summary(events)
    assert summary["takes"] == [{"seat": 0, "store": 5, "chips": 1}]
    assert summary["caught"] == []
    assert game.is_over
    result = game.result()
    assert result["reason"] == "stores_empty" and result["caught"] == []
    assert result["scores"] == [11, 6, 5, 5] and result["winners"] == [0]


def test_equal_chips_share_the_win():
    game, _ = finish_deal([5, 6, 0, 0], stores=[[], [], [], [], [1]], chips=[9, 10, 3, 4])
    assert game.result()["scores"] == [10, 10, 3, 4]
    assert game.result()["winners"] == [0, 1]


def test_winners_empty_while_the_game_goes_on():
    game, _ = finish_deal([2, 2, 3, 4])
    assert not game.is_over
    assert game.result()["winners"] == [] and game.result()["over"] is False


# --- rotation ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_dealer_moves_clockwise_and_all_47_are_redealt(dealer):
    game, events = finish_deal([2, 2, 3, 4], dealer=dealer, leader=0)
    assert events[-1] == {"type": "deal_started", "deal": 2, "dealer": (dealer + 1) % 4}
    view = game.view(None)
    assert view["dealer"] == (dealer + 1) % 4
    assert game.current_player == (dealer + 2) % 4
    state = game._state
    dealt = [c.code for h in state.hands for c in h] + [c.code for c in state.table]
    assert sorted(dealt) == sorted(ALL_PLAY_CODES)
    assert view["out_of_play"] == [] and view["played"] == []


def test_summaries_accumulate_over_deals():
    game, _ = finish_deal([2, 2, 3, 4], dealer=1)
    summaries = game.view(None)["deals"]
    assert len(summaries) == 1
    assert summaries[0]["tricks"] == [2, 2, 3, 4] and summaries[0]["dealer"] == 1


# --- contest mode (advanced rule) -------------------------------------------------------------------------

def test_contest_mode_starts_in_the_deal_after_a_store_empties_not_the_same_deal():
    stores = [[1], [1, 2, 3], [1, 3, 5], [1, 2, 3], [1, 1, 1]]  # one chip left on store 1
    game, events = finish_deal([1, 3, 3, 4], advanced=True, stores=stores, chips=[1, 1, 0, 0])
    summary = deal_summary(events)
    assert summary["contest"] is False
    assert summary["exchanges"] == []  # the collision at 3 in this deal does not exchange
    view = game.view(None)
    assert view["chips"] == [2, 1, 0, 1]
    assert view["stores"][0]["groups"] == []
    assert view["contest"] is True and view["deal"] == 2  # ... but from the next deal on it does


def test_contest_mode_holds_for_the_rest_of_the_game():
    stores = [[1], [1, 2, 3], [1, 3, 5], [1, 2, 3], [1, 1, 1]]
    game, _ = finish_deal([1, 3, 3, 4], advanced=True, stores=stores, seed=5)
    while game.view(None)["deal"] == 2 and not game.is_over:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    second = game.view(None)["deals"][1]
    assert second["contest"] is True
    assert len(second["exchanges"]) == len(second["collisions"])


def test_without_the_advanced_option_contest_mode_never_starts():
    stores = [[1], [1, 2, 3], [1, 3, 5], [1, 2, 3], [1, 1, 1]]
    game, _ = finish_deal([1, 3, 3, 4], advanced=False, stores=stores, chips=[1, 1, 0, 0])
    assert game.view(None)["contest"] is False


def test_contest_without_advanced_is_a_bad_setup():
    with pytest.raises(pg.BadSetup, match="advanced"):
        arsene(last_trick_setup([2, 2, 3, 3], 0, contest=True), advanced=False)


CONTEST_STORES = [[], [1, 2, 3], [1, 3, 5], [1, 2, 3], [1, 1, 1]]  # 24 chips on the stores


def test_contest_two_way_collision_swaps_holdings():
    game, events = finish_deal([2, 2, 3, 4], advanced=True, stores=CONTEST_STORES, contest=True,
                               chips=[1, 2, 0, 0])
    summary = deal_summary(events)
    assert summary["exchanges"] == [{"seats": [0, 1], "before": [1, 2], "after": [2, 1]}]
    assert game.view(None)["chips"] == [2, 1, 1, 1]


@pytest.mark.parametrize(("final", "chips", "after"), [
    ([3, 3, 3, 2], [1, 2, 0, 0], [0, 1, 2, 1]),  # 0->1, 1->2, 2->0; seat 3 takes 1 from store 2
    ([3, 2, 3, 3], [1, 0, 2, 0], [0, 1, 1, 2]),  # seats 0,2,3: 0->2, 2->3, 3->0; seat 1 takes 1
])
def test_contest_three_way_collision_passes_to_the_next_of_the_three_clockwise(final, chips, after):
    game, events = finish_deal(final, advanced=True, stores=CONTEST_STORES, contest=True, chips=chips)
    [exchange] = deal_summary(events)["exchanges"]
    assert exchange["seats"] == [s for s in range(4) if final[s] == 3]
    assert game.view(None)["chips"] == after


def test_contest_collision_at_zero_tricks_exchanges_too():
    game, events = finish_deal([0, 0, 5, 6], advanced=True, stores=CONTEST_STORES, contest=True,
                               chips=[3, 0, 0, 0], winner=2)
    summary = deal_summary(events)
    assert summary["collisions"] == [[0, 1]]
    assert game.view(None)["chips"] == [0, 3, 1, 0]


def test_contest_exchange_happens_before_the_game_ends():
    stores = [[1, 1, 1], [1, 2, 3], [1, 3, 5], [1, 2, 3], []]  # store 5 empty: 24 on the stores
    game, events = finish_deal([5, 3, 3, 0], advanced=True, stores=stores, contest=True, chips=[1, 0, 2, 0])
    summary = deal_summary(events)
    assert summary["caught"] == [0]
    assert summary["exchanges"] == [{"seats": [1, 2], "before": [0, 2], "after": [2, 0]}]
    assert game.is_over
    assert game.result()["scores"] == [0, 2, 0, 0]
    assert game.result()["winners"] == [1]


def test_contest_collision_on_an_empty_store_confiscates_both():
    game, events = finish_deal([1, 1, 4, 5], advanced=True, stores=CONTEST_STORES, contest=True,
                               chips=[2, 1, 0, 0], winner=2)
    summary = deal_summary(events)
    assert summary["caught"] == [0, 1]
    assert game.is_over
    assert game.result()["scores"][:2] == [0, 0]
    assert game.view(None)["confiscated"] == 3


def test_contest_all_four_caught_undoes_the_exchange_too():
    game, events = finish_deal([1, 1, 4, 5], advanced=True, stores=[[], [1, 2, 3], [], [], []], contest=True,
                               chips=[5, 7, 2, 0], winner=2)
    summary = deal_summary(events)
    assert summary["void_deal"] and summary["exchanges"] == []
    assert game.view(None)["chips"] == [5, 7, 2, 0]
    assert not game.is_over and game.view(None)["deal"] == 2


def test_advanced_off_never_exchanges():
    game, events = finish_deal([2, 2, 3, 4], advanced=False, stores=CONTEST_STORES, chips=[1, 2, 0, 0])
    summary = deal_summary(events)
    assert summary["exchanges"] == [] and summary["contest"] is False
    assert game.view(None)["chips"] == [1, 2, 1, 1]


def test_two_separate_collisions_are_exchanged_separately():
    # Two pairs cannot happen in a real deal (2a + 2b is never 11), so settle a state directly.
    state = ArseneState(advanced=True, rng=Rng(0), dealer=0, contest=True)
    state.tricks = [1, 3, 1, 3]
    state.chips = [4, 1, 7, 2]
    summary = settle_deal(state)
    assert summary["exchanges"] == [
        {"seats": [0, 2], "before": [4, 7], "after": [7, 4]},
        {"seats": [1, 3], "before": [1, 2], "after": [2, 1]},
    ]
    assert state.chips == [7, 2, 4, 1]
    assert [list(g) for g in state.stores] == FULL_STORES


# --- set-ups -------------------------------------------------------------------------------------------------

def test_setup_round_trips_through_the_views():
    setup = last_trick_setup([3, 3, 3, 1], winner=0, chips=[1, 2, 1, 1], dealer=3,
                             stores=[[1, 1], [2, 3], [3, 5], [2, 3], [1, 1]])
    game = arsene(setup)
    view = game.view(0)
    assert view["hand"] == ["AS"] and view["tricks"] == [3, 3, 3, 1]
    assert view["chips"] == [1, 2, 1, 1] and view["dealer"] == 3
    assert view["confiscated"] == 0
    assert view["trump"] is None and view["phase"] == "play"
    assert len(view["out_of_play"]) == 40
    assert json.loads(game.to_json())["setup"] == setup
