"""Roller Derby rules from explicit set-ups: the roll, the exchange (secret, privilege), naming trump, All or
Nothing, following and trumping, jokers for sale, scoring (every line of the table), dealers, the end."""

from __future__ import annotations

import json

import pytest
from helpers import fingerprint, json_strings

import pygames_core as pg
from pygames_core.games.roller_derby.state import DECK, deal_score
from pygames_core.kit.cards import codes

ALL = codes(DECK)
SUIT_HANDS = [[r + s for r in "AKQJT98765432"] for s in "SHDC"]  # seat 0 spades, 1 hearts, 2 diamonds, 3 clubs


def derby(setup: dict | None = None, *, seed: int = 0, **options) -> pg.Game:
    return pg.new_game("roller_derby", seed=seed, options=options or None, setup=setup)


def auto_gave(hands: list[list[str]], discards: tuple[str, ...] = ()) -> list[list[str]]:
    """A consistent record of the exchange: each seat gave three cards now played, else in its partner's hand."""
    held = {c for h in hands for c in h}
    played = [c for c in ALL if c not in held and c not in discards]
    gave = []
    for seat in range(4):
        receiver = [c for c in hands[(seat + 2) % 4] if not c.startswith("JK")]
        gift = (played[:3] if len(played) >= 3 else receiver[:3])
        played = played[3:] if len(played) >= 3 else played
        gave.append(gift)
    return gave


def in_play(hands: list[list[str]], *, trump: str = "H", dice: list[int] | None = None, dealer: int = 3,
            all_or_nothing: bool = False, tricks: list[int] | None = None, leader: int | None = None,
            jokers: int | None = None, discards: list[str] | None = None, **extra) -> dict:
    """A set-up in the play, every step before it done (the roller is left of the dealer: seat 0)."""
    size = len(hands[0])
    setup = {"dealer": dealer, "hands": hands, "dice": dice or [3, 4], "trump": trump,
             "all_or_nothing": all_or_nothing, "gave": auto_gave(hands, tuple(discards or ())), **extra}
    if size < 13:
        setup["tricks"] = tricks if tricks is not None else spread(13 - size)
    if leader is not None:
        setup["leader"] = leader
    if jokers is not None:
        setup["jokers"] = jokers
        setup["discards"] = discards or []
    return setup


def spread(total: int) -> list[int]:
    out = [0, 0, 0, 0]
    for i in range(total):
        out[i % 4] += 1
    return out


def play(game: pg.Game, *plays) -> list[dict]:
    """Each play a card code, or (joker, suit, rank) for a joker, by whoever is to move."""
    events: list[dict] = []
    for item in plays:
        if isinstance(item, tuple):
            joker, suit, rank = item
            events += game.apply({"type": "play", "card": joker, "suit": suit, "rank": rank})
        else:
            events += game.apply({"type": "play", "card": item})
    return events


def trick_winner_of(events: list[dict]) -> int:
    [won] = [e for e in events if e["type"] == "trick_won"]
    return won["winner"]


def legal_cards(game: pg.Game) -> list:
    return [a["card"] if "suit" not in a else (a["card"], a["suit"], a["rank"]) for a in game.legal_actions()]


def give(game: pg.Game, *cards: str) -> list[dict]:
    events: list[dict] = []
    for c in cards:
        events += game.apply({"type": "give", "card": c})
    return events


# --- the deal and the roll ---------------------------------------------------------------------------------

def test_a_new_game_deals_thirteen_each_and_the_roller_rolls():
    game = derby(seed=5)
    view = game.view(None)
    assert view["hand_sizes"] == [13, 13, 13, 13] and view["phase"] == "roll"
    assert view["roller"] == (view["dealer"] + 1) % 4 == game.current_player
    assert view["rolling_team"] == view["roller"] % 2
    assert game.legal_actions() == [{"type": "roll"}]
    assert view["dice"] == [] and view["target"] is None
    hands = [set(game.view(s)["hand"]) for s in range(4)]
    assert set().union(*hands) == set(ALL) and sum(map(len, hands)) == 52


def test_the_view_tells_the_tricks_the_pass_and_the_jokers_price():
    """What the table shows comes from the view: thirteen tricks (a full hand), three cards to give
    a partner, nine points a joker."""
    view = derby(seed=5).view(None)
    assert view["tricks_per_deal"] == view["hand_sizes"][0] == 13
    assert view["pass_size"] == 3
    assert view["joker_price"] == 9


def test_the_roll_is_two_dice_their_sum_the_target_shown_to_all():
    game = derby(seed=5)
    roller = game.current_player
    [event] = game.apply({"type": "roll"})
    assert event["type"] == "rolled" and event["seat"] == roller
    dice = event["dice"]
    assert len(dice) == 2 and all(1 <= d <= 6 for d in dice) and event["target"] == sum(dice)
    for seat in (None, 0, 1, 2, 3):
        assert game.view(seat)["dice"] == dice and game.view(seat)["target"] == sum(dice)
    again = derby(seed=5)
    assert again.apply({"type": "roll"}) == [event]  # seeded chance


def test_two_dice_give_every_target_from_2_to_12():
    seen = set()
    for seed in range(150):
        game = derby(seed=seed)
        game.apply({"type": "roll"})
        seen.add(tuple(game.view(None)["dice"]))
    assert {a for a, _ in seen} == set(range(1, 7)) and {a + b for a, b in seen} == set(range(2, 13))


def test_the_d12_variant_rolls_one_die_from_1_to_12():
    targets = set()
    for seed in range(150):
        game = derby(seed=seed, d12=True)
        [event] = game.apply({"type": "roll"})
        assert len(event["dice"]) == 1 and event["target"] == event["dice"][0]
        targets.add(event["target"])
    assert targets == set(range(1, 13))


# --- the exchange ------------------------------------------------------------------------------------------

def exchange_game(**options) -> pg.Game:
    """Dealer 3, so seat 0 rolls (target 7) with partner 2; seats 1 and 3 defend."""
    return derby({"dealer": 3, "hands": SUIT_HANDS, "dice": [3, 4]}, **options)


def test_the_rolling_team_exchanges_first_then_the_other_team():
    game = exchange_game()
    assert game.view(None)["phase"] == "exchange"
    order = []
    for _ in range(4):
        seat = game.current_player
        order.append(seat)
        give(game, *game.view(seat)["hand"][:3])
    assert order == [0, 2, 1, 3]
    assert game.view(None)["phase"] == "trump"


def test_each_partner_gets_the_others_three_cards():
    game = exchange_game()
    events = give(game, "AS", "KS", "QS")
    assert [e["type"] for e in events] == ["set_aside", "set_aside", "set_aside", "gave"]
    assert all(set(e) <= {"type", "seat", "count"} for e in events)  # no cards in the events
    assert game.view(0)["hand_sizes"][0] == 10
    events = give(game, "2D", "3D", "4D")
    assert events[-1] == {"type": "cards_passed", "team": 0}
    assert {"AS", "KS", "QS"} <= set(game.view(2)["hand"]) and {"2D", "3D", "4D"} <= set(game.view(0)["hand"])
    assert game.view(0)["received"] == ["2D", "3D", "4D"] and game.view(2)["received"] == ["AS", "KS", "QS"]
    assert game.view(0)["gave"] == ["AS", "KS", "QS"]
    assert game.view(None)["hand_sizes"] == [13, 13, 13, 13]


def test_the_partners_choices_are_secret_until_both_are_in():
    views = []
    for gift in (["AS", "KS", "QS"], ["2S", "3S", "4S"]):
        game = exchange_game()
        give(game, *gift)
        assert game.current_player == 2
        views.append(json.dumps(game.view(2), sort_keys=True))
        assert game.view(2)["chosen"] == [True, False, False, False] and game.view(2)["received"] is None
        assert not set(gift) & json_strings(game.view(2)) and not set(gift) & json_strings(game.view(None))
        assert game.view(0)["gave"] == gift
    assert views[0] == views[1]


def test_the_other_team_never_sees_the_rolling_teams_cards():
    game = exchange_game()
    give(game, "AS", "KS", "QS")
    give(game, "2D", "3D", "4D")
    give(game, "AH", "KH", "QH")
    assert game.view(3)["received"] is None and game.view(1)["received"] is None
    assert not {"AH", "KH", "QH"} & json_strings(game.view(3))
    give(game, "2C", "3C", "4C")
    assert game.view(1)["received"] == ["2C", "3C", "4C"] and game.view(3)["received"] == ["AH", "KH", "QH"]
    for defender in (1, 3):
        assert not {"AS", "KS", "QS", "2D", "3D", "4D"} & json_strings(game.view(defender))


def test_giving_a_card_not_in_hand_is_refused():
    game = exchange_game()
    for wrong in ("AH", "JK1", "XX", None, 3):
        with pytest.raises(pg.IllegalAction):
            game.apply({"type": "give", "card": wrong})
    give(game, "AS")
    with pytest.raises(pg.IllegalAction, match="not in your hand"):
        game.apply({"type": "give", "card": "AS"})
    assert game.view(0)["gave"] == ["AS"] and game.current_player == 0


def test_roller_privilege_the_partner_gives_first_and_the_roller_sees_it():
    game = exchange_game(privilege=True)
    assert game.current_player == 2
    give(game, "AD", "KD", "QD")
    assert game.current_player == 0
    view = game.view(0)
    assert view["received"] == ["AD", "KD", "QD"]
    assert "AD" not in view["hand"] and len(view["hand"]) == 13  # seen, not yet in hand
    assert {a["card"] for a in game.legal_actions()} == set(SUIT_HANDS[0])
    assert game.view(1)["received"] is None and not {"AD", "KD", "QD"} & json_strings(game.view(1))
    give(game, "2S", "3S", "4S")
    assert game.view(2)["received"] == ["2S", "3S", "4S"] and {"AD", "KD", "QD"} <= set(game.view(0)["hand"])
    assert game.current_player == 1  # the other team as usual


def test_without_the_privilege_the_roller_does_not_see_the_partners_cards_first():
    game = exchange_game()
    assert game.current_player == 0 and game.view(0)["received"] is None


# --- trump and All or Nothing ------------------------------------------------------------------------------

def after_exchange(**options) -> pg.Game:
    game = exchange_game(**options)
    for _ in range(4):
        give(game, *game.view(game.current_player)["hand"][-3:])
    return game


def test_the_roller_names_a_suit_or_no_trump_after_the_exchange():
    game = after_exchange()
    assert game.current_player == 0
    assert game.legal_actions() == [{"type": "trump", "suit": s} for s in ["S", "H", "D", "C", "NT"]]
    assert game.apply({"type": "trump", "suit": "NT"}) == [{"type": "trump_named", "seat": 0, "trump": "NT"}]
    assert game.view(1)["trump"] == "NT"


def test_then_the_roller_may_declare_all_or_nothing_and_leads():
    game = after_exchange()
    game.apply({"type": "trump", "suit": "S"})
    assert game.current_player == 0
    assert game.legal_actions() == [{"type": "declare", "all_or_nothing": False},
                                    {"type": "declare", "all_or_nothing": True}]
    events = game.apply({"type": "declare", "all_or_nothing": True})
    assert events == [{"type": "declared", "seat": 0, "all_or_nothing": True}]
    view = game.view(None)
    assert view["phase"] == "play" and view["all_or_nothing"] is True and view["leader"] == 0
    assert game.current_player == 0


# --- following and trumping ------------------------------------------------------------------------------

def test_must_follow_suit():
    game = derby(in_play([["KS", "2D"], ["3S", "AH"], ["5S", "5C"], ["6C", "7C"]], trump="H"))
    play(game, "KS")
    assert legal_cards(game) == ["3S"]
    with pytest.raises(pg.IllegalAction, match="follow suit"):
        play(game, "AH")


def test_out_of_the_led_suit_must_trump():
    game = derby(in_play([["KS", "2D"], ["AC", "2H"], ["5S", "5C"], ["6C", "7C"]], trump="H"))
    play(game, "KS")
    assert legal_cards(game) == ["2H"]
    with pytest.raises(pg.IllegalAction, match="must trump"):
        play(game, "AC")


def test_out_of_the_led_suit_and_of_trumps_any_card():
    game = derby(in_play([["KS", "2D"], ["AC", "3D"], ["5S", "5C"], ["6C", "7C"]], trump="H"))
    play(game, "KS")
    assert sorted(legal_cards(game)) == ["3D", "AC"]


def test_at_no_trump_out_of_the_led_suit_any_card():
    game = derby(in_play([["KS", "2D"], ["AC", "2H"], ["5S", "5C"], ["6C", "7C"]], trump="NT"))
    play(game, "KS")
    assert sorted(legal_cards(game)) == ["2H", "AC"]


def test_the_highest_trump_wins_and_leads_next():
    game = derby(in_play([["KS", "2D"], ["AC", "2H"], ["5S", "5C"], ["3H", "7C"]], trump="H"))
    events = play(game, "KS", "2H", "5S", "3H")
    assert trick_winner_of(events) == 3 and game.current_player == 3
    assert game.view(None)["tricks"][3] == 1 + spread(11)[3]


def test_without_trumps_the_highest_of_the_led_suit_wins_not_a_higher_other_card():
    game = derby(in_play([["KS", "2D"], ["AC", "3D"], ["5S", "5C"], ["AS", "7C"]], trump="H"))
    events = play(game, "KS", "AC", "5S", "AS")
    assert trick_winner_of(events) == 3


def test_voids_shown_include_trumps_when_a_player_could_not_trump():
    game = derby(in_play([["KS", "2D"], ["AC", "3D"], ["5S", "5C"], ["4S", "7C"]], trump="H"))
    play(game, "KS", "AC")
    assert game.view(None)["voids"][1] == ["H", "S"]
    game = derby(in_play([["KS", "2D"], ["AC", "2H"], ["5S", "5C"], ["4S", "7C"]], trump="H"))
    play(game, "KS", "2H")
    assert game.view(None)["voids"][1] == ["S"]  # trumped: out of spades only


# --- scoring: every line of the table ---------------------------------------------------------------------

def finish_deal(target: int, rolling_tricks: int, *, all_or_nothing: bool = False, deal: int = 1,
                scores: list[int] | None = None, **options) -> tuple[pg.Game, dict]:
    """Seat 0 rolls with partner 2 (dealer 3); one trick is left and the rolling team ends with `rolling_tricks`."""
    dice = [target] if options.get("d12") else [min(6, target - 1), target - min(6, target - 1)]
    wins_last = rolling_tricks > 0
    before = rolling_tricks - 1 if wins_last else 0
    tricks = [before, 12 - before, 0, 0]
    hands = [["AS"], ["2S"], ["3S"], ["4S"]] if wins_last else [["2S"], ["AS"], ["3S"], ["4S"]]
    setup = in_play(hands, trump="H", dice=dice, all_or_nothing=all_or_nothing, tricks=tricks, leader=0,
                    deal=deal, scores=scores or [0, 0])
    game = derby(setup, **options)
    events = play(game, hands[0][0], hands[1][0], hands[2][0], hands[3][0])
    [summary] = [e["summary"] for e in events if e["type"] == "deal_over"]
    assert summary["tricks"] == rolling_tricks
    return game, summary


@pytest.mark.parametrize(("off", "points"), [(0, 100), (1, 90), (2, 80), (3, 70), (4, 60), (5, 50), (6, 40)])
def test_each_trick_off_the_target_costs_ten(off, points):
    for tricks in {8 - off, 8 + off} & set(range(14)):
        _, summary = finish_deal(8, tricks)
        assert (summary["target"], summary["points"], summary["score"]) == (8, points, points)


def test_the_seeds_example_target_8_with_5_tricks_scores_70():
    game, summary = finish_deal(8, 5)
    assert summary["score"] == 100 - 10 * (8 - 5) == 70
    assert game.view(None)["team_scores"] == [70, 0]


def test_the_score_never_goes_below_0():
    for target, tricks in ((2, 13), (12, 1), (2, 12), (12, 2)):
        _, summary = finish_deal(target, tricks)
        assert summary["score"] == 0


@pytest.mark.parametrize(("tricks", "points"), [(13, 150), (0, 150), (5, 0), (12, 0), (1, 0), (7, 0)])
def test_all_or_nothing_made_with_13_or_0_else_nothing(tricks, points):
    _, summary = finish_deal(7, tricks, all_or_nothing=True)
    assert summary["all_or_nothing"] is True and summary["score"] == points


def test_the_defenders_never_score():
    game, summary = finish_deal(8, 3, scores=[10, 20])
    assert summary["rolling_team"] == 0 and summary["team_scores"] == [10 + 50, 20]
    assert game.view(None)["team_scores"] == [60, 20]


def test_deal_score_table():
    for target in range(1, 13):
        for tricks in range(14):
            assert deal_score(target, tricks, False) == max(0, 100 - 10 * abs(tricks - target))
            assert deal_score(target, tricks, True) == (150 if tricks in (0, 13) else 0)


# --- dealers, deals and the end ---------------------------------------------------------------------------

def test_the_dealer_and_the_roller_move_clockwise_each_deal():
    game, summary = finish_deal(8, 8)
    view = game.view(None)
    assert (summary["dealer"], summary["roller"]) == (3, 0)
    assert (view["deal"], view["dealer"], view["roller"], view["phase"]) == (2, 0, 1, "roll")
    assert game.current_player == 1 and view["hand_sizes"] == [13] * 4 and view["team_scores"] == [100, 0]
    assert view["tricks"] == [0, 0, 0, 0] and view["dice"] == [] and view["trump"] is None


def test_the_game_ends_after_four_deals_by_default_and_the_higher_total_wins():
    game, _ = finish_deal(8, 8, deal=4, scores=[50, 120])
    assert game.is_over and game.current_player is None
    result = game.result()
    assert result["team_scores"] == [150, 120] and result["winners"] == [0, 2] and result["winning_team"] == 0
    assert result["scores"] == [150, 120, 150, 120] and result["draw"] is False and result["deals"] == 4


def test_a_long_game_has_eight_deals():
    game, _ = finish_deal(8, 8, deal=4, deals=8)
    assert not game.is_over and game.view(None)["deal"] == 5
    game, _ = finish_deal(8, 8, deal=8, deals=8)
    assert game.is_over
    with pytest.raises(pg.BadSetup, match="deal"):
        derby({"deal": 5})


def test_equal_totals_draw():
    game, _ = finish_deal(8, 8, deal=4, scores=[0, 100])
    result = game.result()
    assert game.is_over and result["draw"] is True and result["winning_team"] is None
    assert result["winners"] == [0, 1, 2, 3] and result["team_scores"] == [100, 100]


def test_the_result_has_no_winners_while_the_game_goes_on():
    result = derby(seed=1).result()
    assert result["winners"] == [] and result["over"] is False and result["draw"] is False


# --- jokers for sale ----------------------------------------------------------------------------------------

def test_with_jokers_the_order_is_roll_trump_buy_exchange_declare_play():
    game = derby({"dealer": 3, "hands": SUIT_HANDS}, jokers=True)
    phases = []
    for action in ({"type": "roll"}, {"type": "trump", "suit": "S"}, {"type": "buy", "jokers": 1},
                   {"type": "discard", "card": "2S"}):
        phases.append(game.view(None)["phase"])
        game.apply(action)
    phases.append(game.view(None)["phase"])
    assert phases == ["roll", "trump", "buy", "discard", "exchange"]
    for _ in range(4):
        give(game, *game.view(game.current_player)["hand"][-3:])
    assert game.view(None)["phase"] == "declare"
    game.apply({"type": "declare", "all_or_nothing": False})
    assert game.view(None)["phase"] == "play"


def test_buying_jokers_costs_a_discard_each_hidden_from_the_others():
    game = derby({"dealer": 3, "hands": SUIT_HANDS, "dice": [6, 6], "trump": "S"}, jokers=True)
    assert game.legal_actions() == [{"type": "buy", "jokers": n} for n in (0, 1, 2)]
    assert game.apply({"type": "buy", "jokers": 2}) == [{"type": "jokers_bought", "seat": 0, "jokers": 2, "cost": 18}]
    assert game.view(0)["hand"][:2] == ["JK1", "JK2"] and len(game.view(0)["hand"]) == 15
    assert "JK1" not in {a["card"] for a in game.legal_actions()}
    with pytest.raises(pg.IllegalAction, match="joker cannot be discarded"):
        game.apply({"type": "discard", "card": "JK1"})
    for wrong in (["2S"], {"card": "2S"}, "AH", None):
        with pytest.raises(pg.IllegalAction):
            game.apply({"type": "discard", "card": wrong})
    assert game.apply({"type": "discard", "card": "2S"}) == [{"type": "discarded", "seat": 0}]
    game.apply({"type": "discard", "card": "3S"})
    assert game.view(0)["discards"] == ["2S", "3S"] and len(game.view(0)["hand"]) == 13
    for seat in (None, 1, 2, 3):
        view = game.view(seat)
        assert view["discards"] is None and view["discard_count"] == 2 and view["jokers_bought"] == 2
        assert not {"2S", "3S"} & json_strings(view)
    assert game.view(None)["phase"] == "exchange"


def test_buying_no_joker_goes_straight_to_the_exchange():
    game = derby({"dealer": 3, "hands": SUIT_HANDS, "dice": [6, 6], "trump": "S"}, jokers=True)
    game.apply({"type": "buy", "jokers": 0})
    assert game.view(None)["phase"] == "exchange" and game.current_player == 0


def test_a_joker_may_be_passed_to_the_partner():
    hands = [["JK1", *SUIT_HANDS[0][:-1]], *SUIT_HANDS[1:]]  # the two of spades discarded for the joker
    game = derby({"dealer": 3, "hands": hands, "dice": [6, 6], "trump": "S", "jokers": 1, "discards": ["2S"]},
                 jokers=True)
    assert game.view(0)["hand"][0] == "JK1"
    give(game, "JK1", "3S", "4S")
    give(game, "2D", "3D", "4D")
    assert "JK1" in game.view(2)["hand"] and "JK1" not in game.view(0)["hand"]


def test_each_joker_costs_9_points_even_below_zero():
    hands = [["AS"], ["2S"], ["3S"], ["JK1"]]
    with pytest.raises(pg.BadSetup, match="roller"):
        derby(in_play(hands, jokers=1, discards=["2C"], tricks=[7, 5, 0, 0], leader=0), jokers=True)
    hands = [["AS"], ["2S"], ["JK1"], ["4S"]]
    game = derby(in_play(hands, jokers=1, discards=["2C"], tricks=[6, 6, 0, 0], leader=0), jokers=True)
    events = play(game, "AS", "2S", ("JK1", "S", "low"), "4S")
    [summary] = [e["summary"] for e in events if e["type"] == "deal_over"]
    assert (summary["tricks"], summary["points"], summary["joker_cost"], summary["score"]) == (7, 100, 9, 91)
    hands = [["AS", "JK1"], ["2S", "2D"], ["3S", "JK2"], ["4S", "4D"]]
    game = derby(in_play(hands, jokers=2, discards=["2C", "3C"], tricks=[5, 6, 0, 0], leader=0,
                         all_or_nothing=True), jokers=True)
    play(game, "AS", "2S", "3S", "4S")
    events = play(game, ("JK1", "D", "high"), "2D", ("JK2", "D", "low"), "4D")
    [summary] = [e["summary"] for e in events if e["type"] == "deal_over"]
    assert (summary["points"], summary["score"], summary["team_scores"]) == (0, -18, [-18, 0])


# --- jokers in play ---------------------------------------------------------------------------------------

def joker_game(hands: list[list[str]], trump: str = "H", **extra) -> pg.Game:
    bought = sum(c.startswith("JK") for h in hands for c in h)
    discards = ["2C", "3C"][:bought]
    return derby(in_play(hands, trump=trump, jokers=bought, discards=discards, leader=0, **extra), jokers=True)


def test_a_joker_declared_as_the_led_suit_follows_and_highest_beats_the_ace():
    game = joker_game([["KS", "5D"], ["AS", "6D"], ["JK1", "3S"], ["4S", "7D"]])
    play(game, "KS", "AS")
    assert legal_cards(game) == ["3S", ("JK1", "S", "high"), ("JK1", "S", "low")]
    events = play(game, ("JK1", "S", "high"), "4S")
    assert trick_winner_of(events) == 2
    assert events[0] == {"type": "played", "seat": 2, "card": "JK1", "suit": "S", "rank": "high"}
    assert game.view(None)["played"][0]["plays"][2] == {"seat": 2, "card": "JK1", "suit": "S", "rank": "high"}
    assert game.view(None)["voids"][2] == []  # it followed


def test_a_joker_declared_lowest_of_the_led_suit_loses_even_to_the_two():
    game = joker_game([["3S", "5D"], ["2S", "6D"], ["JK1", "8D"], ["4D", "7D"]])
    events = play(game, "3S", "2S", ("JK1", "S", "low"), "4D")
    assert trick_winner_of(events) == 0


def test_a_joker_declared_as_trump_trumps_and_highest_beats_the_trump_ace():
    game = joker_game([["KS", "5D"], ["QS", "6D"], ["JK1", "2H"], ["AH", "7D"]])
    play(game, "KS", "QS")
    assert legal_cards(game) == ["2H", ("JK1", "S", "high"), ("JK1", "S", "low"),
                                 ("JK1", "H", "high"), ("JK1", "H", "low")]
    events = play(game, ("JK1", "H", "high"), "AH")
    assert trick_winner_of(events) == 2
    assert game.view(None)["voids"][2] == ["S"]


def test_a_joker_declared_lowest_trump_still_beats_the_led_suit_but_not_another_trump():
    game = joker_game([["AS", "5D"], ["KS", "6D"], ["JK1", "8D"], ["2S", "7D"]])
    events = play(game, "AS", "KS", ("JK1", "H", "low"), "2S")
    assert trick_winner_of(events) == 2
    game = joker_game([["AS", "5D"], ["KS", "6D"], ["JK1", "8D"], ["2H", "7D"]])
    events = play(game, "AS", "KS", ("JK1", "H", "low"), "2H")
    assert trick_winner_of(events) == 3


def test_two_jokers_declared_the_same_suit_and_highest_the_first_played_wins():
    game = joker_game([["JK1", "5D"], ["AS", "6D"], ["JK2", "8D"], ["2S", "7D"]])
    events = play(game, ("JK1", "S", "high"), "AS", ("JK2", "S", "high"), "2S")
    assert trick_winner_of(events) == 0
    game = joker_game([["JK1", "5D"], ["2H", "6D"], ["JK2", "8D"], ["3H", "7D"]], trump="H")
    events = play(game, ("JK1", "H", "low"), "2H", ("JK2", "H", "low"), "3H")
    assert trick_winner_of(events) == 3  # both lowest: below every natural trump


def test_a_led_joker_sets_the_led_suit():
    game = joker_game([["JK1", "5D"], ["AS", "6D"], ["QS", "8D"], ["2S", "7C"]])
    play(game, ("JK1", "D", "low"))
    assert legal_cards(game) == ["6D"]
    events = play(game, "6D", "8D", "7C")
    assert trick_winner_of(events) == 2  # 8D beats 6D and the lowest diamond; 7C neither follows nor trumps


def test_must_trump_with_a_joker_in_hand():
    # out of spades, holding a natural trump: a trump (natural, or the joker as trump) or the joker as a spade
    game = joker_game([["KS", "5D"], ["QS", "6D"], ["JK1", "2H"], ["4S", "7D"]])
    play(game, "KS", "QS")
    assert [c for c in legal_cards(game) if isinstance(c, str)] == ["2H"]
    assert {c[1] for c in legal_cards(game) if isinstance(c, tuple)} == {"S", "H"}
    with pytest.raises(pg.IllegalAction, match="may be"):
        game.apply({"type": "play", "card": "JK1", "suit": "D", "rank": "high"})


def test_a_joker_is_never_forced_out_of_the_hand():
    # out of spades and of natural trumps: any card, the joker as any suit (not obliged to trump with it)
    game = joker_game([["KS", "5D"], ["QS", "6D"], ["JK1", "9C"], ["4S", "7D"]])
    play(game, "KS", "QS")
    legal = legal_cards(game)
    assert legal[0] == "9C" and {c[1] for c in legal[1:]} == {"S", "H", "D", "C"}
    play(game, "9C", "4S")
    assert game.view(None)["voids"][2] == ["H", "S"]


def test_a_joker_declared_as_another_suit_cannot_win():
    game = joker_game([["KS", "5D"], ["QS", "6D"], ["JK1", "9C"], ["4S", "7D"]])
    events = play(game, "KS", "QS", ("JK1", "C", "high"), "4S")
    assert trick_winner_of(events) == 0
    assert game.view(None)["voids"][2] == ["H", "S"]


def test_a_joker_play_needs_a_suit_and_a_rank():
    game = joker_game([["JK1", "5D"], ["AS", "6D"], ["QS", "8D"], ["2S", "7C"]])
    for wrong in ({"type": "play", "card": "JK1"}, {"type": "play", "card": "JK1", "suit": "X", "rank": "high"},
                  {"type": "play", "card": "JK1", "suit": "S", "rank": "top"},
                  {"type": "play", "card": "5D", "suit": "S", "rank": "high"}):
        before = fingerprint(game)
        with pytest.raises(pg.IllegalAction):
            game.apply(wrong)
        assert fingerprint(game) == before


# --- set-ups ------------------------------------------------------------------------------------------------

BAD_SETUPS = {
    "unknown key": ({"nonsense": 1}, {}, "unknown"),
    "dealer": ({"dealer": 4}, {}, "dealer"),
    "deal past the end": ({"deal": 5}, {}, "deal"),
    "scores": ({"scores": [1]}, {}, "scores"),
    "short hands before play": ({"hands": [h[:12] for h in SUIT_HANDS], "dice": [1, 2]}, {}, "13 cards"),
    "card twice": ({"hands": [SUIT_HANDS[0], SUIT_HANDS[0], SUIT_HANDS[2], SUIT_HANDS[3]]}, {}, "twice"),
    "not a card": ({"hands": [["ZZ"] * 13] * 4}, {}, "not a card"),
    "bad dice": ({"hands": SUIT_HANDS, "dice": [7, 1]}, {}, "dice"),
    "one die without d12": ({"hands": SUIT_HANDS, "dice": [7]}, {}, "dice"),
    "two dice with d12": ({"hands": SUIT_HANDS, "dice": [3, 4]}, {"d12": True}, "dice"),
    "trump before the exchange": ({"hands": SUIT_HANDS, "dice": [3, 4], "trump": "S"}, {}, "give gave"),
    "gave before the roll": ({"hands": SUIT_HANDS, "gave": [None] * 4}, {}, "give dice"),
    "bad trump": (in_play([["AS"], ["2S"], ["3S"], ["4S"]], trump="X"), {}, "trump"),
    "jokers without the option": ({"jokers": 1}, {}, "jokers option"),
    "discards without jokers": ({"discards": ["2S"]}, {"jokers": True}, "discards need jokers"),
    "tricks before the play": ({"hands": SUIT_HANDS, "dice": [3, 4], "tricks": [0, 0, 0, 0]}, {}, "play"),
    "tricks wrong total": (in_play([["AS"], ["2S"], ["3S"], ["4S"]], tricks=[1, 1, 1, 1]), {}, "add up"),
    "joker not bought": (in_play([["JK1"], ["2S"], ["3S"], ["4S"]]), {}, "bought"),
    "too many jokers": ({"hands": SUIT_HANDS, "dice": [3, 4], "trump": "S", "jokers": 3}, {"jokers": True}, "0 to 2"),
    "discard count": ({"hands": SUIT_HANDS, "dice": [3, 4], "trump": "S", "jokers": 1}, {"jokers": True},
                      "discards"),
    "discard in a hand": ({"hands": SUIT_HANDS, "dice": [3, 4], "trump": "S", "jokers": 1, "discards": ["2S"]},
                          {"jokers": True}, "in a hand"),
    "gift not with the partner": ({"hands": SUIT_HANDS, "dice": [3, 4], "dealer": 3,
                                   "gave": [["AH", "KH", "QH"], None, ["2D", "3D", "4D"], None]}, {}, "hand or played"),
    "defenders before the rollers": ({"hands": SUIT_HANDS, "dice": [3, 4], "dealer": 3,
                                      "gave": [None, ["AH", "KH", "QH"], None, ["2C", "3C", "4C"]]}, {}, "first"),
    "all_or_nothing not a bool": (in_play([["AS"], ["2S"], ["3S"], ["4S"]], all_or_nothing=1), {}, "true or false"),
}


@pytest.mark.parametrize("name", list(BAD_SETUPS))
def test_bad_setups(name):
    setup, options, match = BAD_SETUPS[name]
    with pytest.raises(pg.BadSetup, match=match):
        derby(setup, **options)


def test_an_exchange_under_way_can_be_set_up():
    hands = [list(h) for h in SUIT_HANDS]
    hands[0] = [*hands[0][3:], "2D", "3D", "4D"]
    hands[2] = [*hands[2][:10], "AS", "KS", "QS"]
    game = derby({"dealer": 3, "hands": hands, "dice": [3, 4],
                  "gave": [["AS", "KS", "QS"], None, ["2D", "3D", "4D"], None]})
    assert game.view(None)["phase"] == "exchange" and game.current_player == 1
    assert game.view(0)["received"] == ["2D", "3D", "4D"] and game.view(1)["received"] is None


def test_the_setup_example_in_the_docs():
    game = derby({"dealer": 3, "dice": [4, 4], "trump": "H", "all_or_nothing": False,
                  "hands": [["AS", "2D"], ["KS", "3D"], ["QS", "4D"], ["JS", "5D"]],
                  "gave": [["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"], ["2H", "3H", "4H"]],
                  "tricks": [3, 4, 2, 2], "leader": 0})
    view = game.view(0)
    assert (view["phase"], view["target"], view["rolling_tricks"], view["trick_number"]) == ("play", 8, 5, 12)


# --- variants together ---------------------------------------------------------------------------------------

def test_all_three_variants_together():
    game = derby({"dealer": 3, "hands": SUIT_HANDS}, jokers=True, d12=True, privilege=True)
    [rolled] = game.apply({"type": "roll"})
    assert len(rolled["dice"]) == 1 and 1 <= rolled["target"] <= 12
    game.apply({"type": "trump", "suit": "S"})
    game.apply({"type": "buy", "jokers": 1})
    game.apply({"type": "discard", "card": "2S"})
    assert game.view(None)["phase"] == "exchange" and game.current_player == 2  # the partner first
    give(game, "AD", "KD", "QD")
    assert game.view(0)["received"] == ["AD", "KD", "QD"] and game.view(0)["hand"][0] == "JK1"
    give(game, "JK1", "3S", "4S")  # the roller passes its joker after seeing the partner's cards
    assert "JK1" in game.view(2)["hand"] and {"AD", "KD", "QD"} <= set(game.view(0)["hand"])
    give(game, "AH", "KH", "QH")
    give(game, "AC", "KC", "QC")
    game.apply({"type": "declare", "all_or_nothing": False})
    assert game.view(None)["phase"] == "play" and game.current_player == 0


def test_d12_with_privilege_without_jokers_keeps_the_base_order():
    game = derby({"dealer": 3, "hands": SUIT_HANDS, "dice": [9]}, d12=True, privilege=True)
    assert (game.view(None)["phase"], game.view(None)["target"], game.current_player) == ("exchange", 9, 2)
