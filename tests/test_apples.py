"""Apples rules from explicit set-ups: the bidding (strength, lengths, passing and bidding again, the
all-pass redeal), the exchange, the secret target cards, trick play, set scoring with the points table and
the target bonuses, the game to 250, and the set-up format."""

from __future__ import annotations

import json

import pytest
from helpers import json_strings, play

import pygames_core as pg
from pygames_core.games.apples.state import DECK, POINTS_TABLE, rank_counts, rank_points, score_sets
from pygames_core.kit.cards import card, cards, codes

ALL_CODES = codes(DECK)
# card i of the deck (suit by suit S H D C, 2 up to A) to seat i % 4: every seat holds every suit
ROUND_ROBIN = [ALL_CODES[s::4] for s in range(4)]
assert ROUND_ROBIN[0] == ["2S", "6S", "TS", "AS", "5H", "9H", "KH", "4D", "8D", "QD", "3C", "7C", "JC"]
SUIT_PER_SEAT = [[f"{r}{s}" for r in "23456789TJQKA"] for s in "SHDC"]  # seat 0 spades, 1 hearts, ...


def apples(setup: dict | None = None, *, seed: int = 0) -> pg.Game:
    return pg.new_game("apples", seed=seed, setup=setup)


def bid(count: int, suit: str) -> dict:
    return {"type": "bid", "count": count, "suit": suit}


PASS = {"type": "pass"}


def calls(game: pg.Game, *actions: dict) -> list[dict]:
    events = []
    for action in actions:
        events += game.apply(action)
    return events


def refused(game: pg.Game, action: dict) -> str:
    with pytest.raises(pg.IllegalAction) as info:
        game.apply(action)
    return str(info.value)


def bids_of(game: pg.Game) -> set[tuple[int, str]]:
    return {(a["count"], a["suit"]) for a in game.legal_actions() if a["type"] == "bid"}


def exchange_position(**extra) -> pg.Game:
    """Dealer 3, round-robin hands: seat 0 bids 2 spades, the others pass: seat 0 declares 2 in spades."""
    game = apples({"dealer": 3, "hands": ROUND_ROBIN, "bids": [{"count": 2, "suit": "S"}, "pass", "pass", "pass"],
                   **extra})
    assert game.view(None)["phase"] == "discard"
    return game


def discard_all(game: pg.Game) -> list[dict]:
    """Each seat in turn discards its first legal cards."""
    events = []
    while game.view(None)["phase"] == "discard":
        events += game.apply(game.legal_actions()[0])
    return events


def after_exchange(targets: list[str | None], hands: list[list[str]], **extra) -> pg.Game:
    return apples({"dealer": 3, "contract": {"declarer": 0, "count": 2, "suit": "S"}, "hands": hands,
                   "targets": targets, **extra})


def last_trick(captured: dict[int, list[str]], targets: list[str], last: list[str], leader: int,
               trump: str = "S", scores: list[int] | None = None) -> pg.Game:
    """The twelfth trick about to be led: seat s holds `last[s]`, has set `targets[s]` aside and
    captured `captured[s]` (seats 0-2 as given; every other card is seat 3's)."""
    named = set(targets) | set(last) | {c for cs in captured.values() for c in cs}
    rest = [c for c in ALL_CODES if c not in named]
    full = [captured.get(0, []), captured.get(1, []), captured.get(2, []), rest]
    assert all(len(c) % 4 == 0 for c in full) and sum(map(len, full)) == 44
    setup = {"dealer": 3, "contract": {"declarer": 0, "count": 1, "suit": trump}, "hands": [[c] for c in last],
             "targets": targets, "captured": full, "leader": leader}
    if scores is not None:
        setup["scores"] = scores
    return apples(setup)


def finish(game: pg.Game) -> tuple[dict, list[dict]]:
    """Play the last trick (each seat its one card) and return the deal's summary and the events."""
    events = []
    for _ in range(4):
        events += game.apply(game.legal_actions()[0])
    [summary] = [e["summary"] for e in events if e["type"] == "deal_over"]
    return summary, events


# --- the deal -------------------------------------------------------------------------------------------------

def test_thirteen_cards_each_and_the_dealers_left_bids_first():
    for seed in range(4):
        game = apples(seed=seed)
        view = game.view(None)
        assert view["hand_sizes"] == [13, 13, 13, 13] and view["phase"] == "bid"
        assert game.current_player == (view["dealer"] + 1) % 4
        every = [c for s in range(4) for c in game.view(s)["hand"]]
        assert sorted(every) == sorted(ALL_CODES)
    assert {apples(seed=s).view(None)["dealer"] for s in range(12)} == {0, 1, 2, 3}  # drawn from the seed


def test_the_view_tells_the_deals_tricks_and_the_bidding_suits():
    """Thirteen cards each, one kept back as the target: twelve tricks, as the table shows them; the
    bidding box's suits in their order."""
    view = apples(seed=2).view(None)
    assert view["tricks_per_deal"] == view["hand_sizes"][0] - 1 == 12
    assert view["bid_suits"] == ["D", "H", "C", "S"]  # weakest to strongest at an equal number


# --- bidding --------------------------------------------------------------------------------------------------

def test_a_higher_number_or_an_equal_number_in_a_stronger_suit_beats_a_bid():
    """The original's example: over 2 in a suit, 2 in a stronger suit or 3 in the same suit."""
    game = apples({"dealer": 3, "hands": ROUND_ROBIN, "bids": [{"count": 2, "suit": "D"}]})
    assert game.current_player == 1
    # seat 1 holds 3 spades, 4 hearts, 3 diamonds, 3 clubs (♦ < ♥ < ♣ < ♠)
    assert bids_of(game) == {(2, "H"), (2, "C"), (2, "S"), (3, "D"), (3, "H"), (3, "C"), (3, "S"), (4, "H")}
    assert not game.can_apply(bid(2, "D")) and not game.can_apply(bid(1, "S"))
    calls(game, bid(2, "H"))
    assert (2, "H") not in bids_of(game) and (2, "C") in bids_of(game)


def test_over_three_spades_only_a_higher_number_bids():
    """The original's example: after 3 spades (the strongest suit) a bid must name more cards."""
    game = apples({"dealer": 3, "hands": SUIT_PER_SEAT, "bids": [{"count": 3, "suit": "S"}]})
    assert bids_of(game) == {(n, "H") for n in range(4, 14)}
    message = refused(game, bid(3, "H"))
    assert "beat 3S" in message


def test_a_bid_needs_as_many_cards_of_the_suit():
    """The original's example: holding only 2 hearts, you cannot bid 3 hearts."""
    hand = ["AS", "KS", "QS", "JS", "AH", "KH", "AD", "KD", "QD", "AC", "KC", "QC", "JC"]
    rest = [c for c in ALL_CODES if c not in hand]
    game = apples({"dealer": 3, "hands": [hand, rest[:13], rest[13:26], rest[26:]]})
    assert (2, "H") in bids_of(game) and (3, "H") not in bids_of(game)
    assert max(n for n, s in bids_of(game) if s == "C") == 4
    message = refused(game, bid(3, "H"))
    assert "only 2 cards of H" in message


def test_bidding_ends_when_all_but_one_have_passed_since_the_last_bid():
    game = apples({"dealer": 3, "hands": ROUND_ROBIN})
    events = calls(game, bid(1, "D"), bid(1, "S"), PASS, PASS)
    assert game.view(None)["phase"] == "bid" and game.current_player == 0  # only two passes since 1S
    events = calls(game, PASS)
    assert events[-1] == {"type": "declarer", "seat": 1, "count": 1, "suit": "S"}
    view = game.view(None)
    assert (view["phase"], view["declarer"], view["trump"], view["count"]) == ("discard", 1, "S", 1)
    assert [b["type"] for b in view["bids"]] == ["bid", "bid", "pass", "pass", "pass"]
    assert view["standing_bid"] == {"seat": 1, "type": "bid", "count": 1, "suit": "S"}


def test_a_player_who_passed_may_bid_again():
    """Decision: passing does not shut a player out of the bidding."""
    game = apples({"dealer": 3, "hands": ROUND_ROBIN})
    calls(game, PASS, bid(1, "C"), PASS, PASS)
    assert game.current_player == 0
    assert (2, "S") in bids_of(game)
    calls(game, bid(2, "S"), PASS, PASS)
    assert game.view(None)["phase"] == "bid"  # seat 3 has not passed since 2S yet
    events = calls(game, PASS)
    assert events[-1] == {"type": "declarer", "seat": 0, "count": 2, "suit": "S"}


def test_four_passes_redeal_by_the_same_dealer():
    game = apples({"dealer": 2, "deal": 3, "hands": ROUND_ROBIN}, seed=7)
    events = calls(game, PASS, PASS, PASS)
    assert game.view(None)["phase"] == "bid"
    events = calls(game, PASS)
    assert events[-1] == {"type": "redeal", "dealer": 2}
    view = game.view(None)
    assert (view["dealer"], view["deal"], view["bids"], view["phase"]) == (2, 3, [], "bid")
    assert game.current_player == 3
    assert [game.view(s)["hand"] for s in range(4)] != [sorted(h) for h in ROUND_ROBIN]
    assert sorted(c for s in range(4) for c in game.view(s)["hand"]) == sorted(ALL_CODES)


def test_the_highest_bid_is_thirteen_spades():
    game = apples({"dealer": 3, "hands": SUIT_PER_SEAT, "bids": [{"count": 13, "suit": "S"}]})
    assert game.legal_actions() == [PASS]


# --- the exchange ---------------------------------------------------------------------------------------------

def test_the_declarer_puts_trumps_into_the_pile():
    game = exchange_position()
    assert game.current_player == 0
    assert [a["card"] for a in game.legal_actions()] == ["AS", "TS", "6S", "2S"]
    message = refused(game, {"type": "discard", "card": "KH"})
    assert "trumps" in message


def test_the_others_discard_any_cards_clockwise_after_the_declarer():
    game = exchange_position()
    order = []
    while game.view(None)["phase"] == "discard":
        seat = game.current_player
        order.append(seat)
        if seat != 0:
            assert len(game.legal_actions()) == len(game.view(seat)["hand"])  # any card, trumps or not
        game.apply(game.legal_actions()[-1])
    assert order == [0, 0, 1, 1, 2, 2, 3, 3]


def test_discards_are_face_down():
    game = exchange_position()
    events = calls(game, {"type": "discard", "card": "2S"}, {"type": "discard", "card": "6S"},
                   {"type": "discard", "card": "AH"})
    assert events == [{"type": "discarded", "seat": 0}] * 2 + [{"type": "discarded", "seat": 1}]
    for seat in (None, 1, 2, 3):
        view = game.view(seat)
        assert not {"2S", "6S"} & json_strings(view)
        assert view["discarded"] == [2, 1, 0, 0]
    assert game.view(0)["discards"] == ["2S", "6S"]
    assert game.view(1)["discards"] == ["AH"] and "AH" not in json_strings(game.view(2))
    assert game.view(None)["hand_sizes"] == [11, 12, 13, 13]


PILE = ("2S", "6S", "3S", "2H", "4S", "8S", "5S", "9S")  # seat 0's two trumps, then two from each seat


def test_the_pile_is_shuffled_and_dealt_back_n_to_each():
    game = exchange_position()
    events = calls(game, *[{"type": "discard", "card": c} for c in PILE])
    assert events[-1] == {"type": "pile_dealt", "count": 2}
    pile = set(PILE)
    received = [game.view(s)["received"] for s in range(4)]
    assert all(len(r) == 2 for r in received) and {c for r in received for c in r} == pile
    for seat in range(4):
        hand = game.view(seat)["hand"]
        assert len(hand) == 13 and set(received[seat]) <= set(hand)
    assert sorted(c for s in range(4) for c in game.view(s)["hand"]) == sorted(ALL_CODES)
    assert game.view(None)["phase"] == "target"
    # the shuffle is the seeded generator's: another seed deals the pile differently
    again = [exchange_position() for _ in range(2)]
    other = apples({"dealer": 3, "hands": ROUND_ROBIN, "bids": [{"count": 2, "suit": "S"}, "pass", "pass", "pass"]},
                   seed=99)
    for g in [*again, other]:
        calls(g, *[{"type": "discard", "card": c} for c in PILE])
    assert again[0].view(0)["received"] == again[1].view(0)["received"] == received[0]
    assert [other.view(s)["received"] for s in range(4)] != received


# --- target cards ---------------------------------------------------------------------------------------------

def test_target_cards_are_chosen_clockwise_from_the_declarer_and_stay_hidden():
    game = exchange_position()
    discard_all(game)
    order, chosen = [], {}
    while game.view(None)["phase"] == "target":
        seat = game.current_player
        order.append(seat)
        legal = game.legal_actions()
        assert len(legal) == 13  # any card of the hand
        events = game.apply(legal[0])
        chosen[seat] = legal[0]["card"]
        assert events[0] == {"type": "target_set", "seat": seat}
        for other in (None, 0, 1, 2, 3):
            view = game.view(other)
            # a seat's own discards may be another's target now: it knows them, not where they went
            hidden = {c for s, c in chosen.items() if s != other} - set(view["discards"] or [])
            assert not hidden & json_strings(view), (other, hidden)
    assert order == [0, 1, 2, 3]
    assert events[-1] == {"type": "play_started", "leader": 0}
    for seat in range(4):
        view = game.view(seat)
        assert view["target"] == chosen[seat] and chosen[seat] not in view["hand"] and len(view["hand"]) == 12
    assert game.view(None)["targets_set"] == [True] * 4


def test_a_trump_may_be_the_target_card():
    """Decision: the original lets any card of the hand be the target; trumps included."""
    hands = [h[:] for h in ROUND_ROBIN]
    game = after_exchange([None, None, None, None], hands)
    assert {"type": "target", "card": "AS"} in game.legal_actions()
    game.apply({"type": "target", "card": "AS"})
    assert game.view(0)["target"] == "AS"


def test_a_later_chooser_cannot_learn_an_earlier_target():
    one, two = (after_exchange([None] * 4, ROUND_ROBIN) for _ in range(2))
    one.apply({"type": "target", "card": "AS"})
    two.apply({"type": "target", "card": "2S"})
    assert json.dumps(one.view(1)) == json.dumps(two.view(1))


# --- trick play -----------------------------------------------------------------------------------------------

def play_position() -> pg.Game:
    """Every target set (seat 0 declared spades): the 12 cards each after setting ROUND_ROBIN's last aside."""
    targets = [h[-1] for h in ROUND_ROBIN]
    return after_exchange(targets, [h[:-1] for h in ROUND_ROBIN])


def test_the_declarer_leads_and_players_must_follow_suit():
    game = play_position()
    assert game.current_player == 0 and game.view(None)["phase"] == "play"
    play(game, "KH")
    assert sorted(a["card"] for a in game.legal_actions()) == sorted(["2H", "6H", "TH", "AH"])  # seat 1's hearts
    message = refused(game, {"type": "play", "card": "3S"})
    assert "follow suit" in message


def test_no_duty_to_trump_and_the_highest_trump_wins():
    hands = [["AH", "2C"], ["3S", "4D"], ["KH", "5C"], ["2S", "6D"]]
    targets = ["7D", "8D", "9D", "TD"]
    rest = [c for c in ALL_CODES if c not in {c for h in hands for c in h} | set(targets)]
    game = after_exchange(targets, hands, captured=[rest[:40], [], [], []], leader=0)
    play(game, "AH")
    # seat 1 has no hearts: it may play its trump or throw the diamond
    assert sorted(a["card"] for a in game.legal_actions()) == ["3S", "4D"]
    events = play(game, "3S", "KH", "2S")
    assert events[-1]["type"] == "trick_won" and events[-1]["winner"] == 1
    assert game.view(None)["captured"][1] == ["3S", "2S", "AH", "KH"]
    assert game.current_player == 1


def test_without_trumps_the_highest_card_of_the_led_suit_wins():
    hands = [["9C", "2C"], ["AD", "4D"], ["TC", "5C"], ["KH", "6D"]]
    targets = ["7D", "8D", "9D", "TD"]
    rest = [c for c in ALL_CODES if c not in {c for h in hands for c in h} | set(targets)]
    game = after_exchange(targets, hands, captured=[rest[:40], [], [], []], leader=0)
    events = play(game, "9C", "AD", "TC", "KH")
    assert events[-1]["winner"] == 2


def test_twelve_tricks_are_played_then_the_next_deal_starts():
    game = play_position()
    events = []
    while game.view(None)["deal"] == 1:
        events += game.apply(game.legal_actions()[0])
    assert sum(e["type"] == "trick_won" for e in events) == 12
    summary = next(e["summary"] for e in events if e["type"] == "deal_over")
    assert sum(map(len, summary["captured"])) == 48
    assert summary["targets"] == [h[-1] for h in ROUND_ROBIN]
    started = events[-1]
    assert started == {"type": "deal_started", "deal": 2, "dealer": 0}  # the dealer moves clockwise
    assert game.current_player == 1 and game.view(None)["phase"] == "bid"


# --- scoring --------------------------------------------------------------------------------------------------

TABLE_ROWS = [(rank, count, points) for ranks, row in POINTS_TABLE for rank in (ranks[0], ranks[-1])
              for count, points in zip((2, 3, 4), row, strict=True)]


@pytest.mark.parametrize(("rank", "count", "points"), TABLE_ROWS)
def test_points_table_sets(rank, count, points):
    captured = cards([f"{'23456789TJQKA'[rank - 2]}{s}" for s in "SHDC"][:count])
    assert rank_points(rank, count, False) == points
    assert score_sets(rank_counts(captured), None) == [{"rank": captured[0].code[0], "count": count, "target": False,
                                           "points": points}]


def test_the_reconstructed_table():
    """Decision (reconstructed): 2-5 lose 15 a card in a set, 6-10 score 10, J-K 15, aces 20."""
    expected = {2: (-15, -30, -45), 5: (-15, -30, -45), 6: (10, 20, 30), 10: (10, 20, 30), 11: (15, 30, 45),
                13: (15, 30, 45), 14: (20, 40, 60)}
    for rank, row in expected.items():
        assert tuple(rank_points(rank, n, False) for n in (2, 3, 4)) == row
        assert rank_points(rank, 1, False) == 0 == rank_points(rank, 0, False)


def test_a_single_card_scores_nothing():
    assert score_sets(rank_counts(cards(["AS", "KS", "7H", "2D"])), None) == []


def test_target_rank_bonuses():
    assert [rank_points(14, n, True) for n in (0, 1, 2, 3)] == [0, 20, 40, 80]
    assert [rank_points(3, n, True) for n in (0, 1, 2, 3)] == [0, -15, 40, 80]  # one low card pairs badly


def test_end_of_deal_scores_sets_and_a_pair_with_the_target():
    """Seat 0 captured two aces and three 7s; its target is a king and it captured one king: a pair of
    kings. Seat 1 captured four 2s. Seat 2 captured a single of each rank."""
    captured = {0: ["AS", "AH", "7S", "7H", "7D", "KS", "3D", "9C"],
                1: ["2S", "2H", "2D", "2C"],
                2: ["4S", "5H", "6D", "8C"]}
    game = last_trick(captured, targets=["KH", "TD", "JD", "QD"], last=["AD", "TC", "JC", "QC"], leader=0,
                      trump="D")
    summary, _ = finish(game)
    # seat 0 wins the last trick with the ace of trumps: three aces now
    assert summary["sets"][0] == [
        {"rank": "A", "count": 3, "target": False, "points": 40},
        {"rank": "K", "count": 1, "target": True, "points": 15},
        {"rank": "7", "count": 3, "target": False, "points": 20},
    ]
    assert summary["points"][:3] == [75, -45, 0]
    assert summary["targets"] == ["KH", "TD", "JD", "QD"]
    assert game.view(None)["scores"][:3] == [75, -45, 0]


@pytest.mark.parametrize(("captured_of_target", "points"), [(1, 15), (2, 40), (3, 80)])
def test_end_of_deal_target_bonus(captured_of_target, points):
    mine = ["QS", "QH", "QC"][:captured_of_target] + ["9S", "8H", "7C"][captured_of_target - 1:]
    game = last_trick({0: mine}, targets=["QD", "TH", "JH", "KH"], last=["2S", "3S", "4S", "AS"], leader=0)
    summary, _ = finish(game)  # seat 3 takes the last trick
    assert summary["points"][0] == points
    assert {"rank": "Q", "count": captured_of_target, "target": True, "points": points} in summary["sets"][0]


def test_low_target_rank_with_one_capture_loses_as_a_pair():
    game = last_trick({0: ["3S", "9D", "8C", "JH"]}, targets=["3H", "TH", "QH", "KH"],
                      last=["2S", "4S", "5S", "AS"], leader=0)
    summary, _ = finish(game)
    assert summary["points"][0] == -15


# --- the game to 250 ------------------------------------------------------------------------------------------

def test_the_game_ends_after_a_deal_reaching_250_and_the_highest_wins():
    game = last_trick({0: ["AH", "AD", "9C", "8D"]}, targets=["TH", "JH", "QH", "KH"],
                      last=["2S", "3S", "4S", "AS"], leader=0, scores=[235, 240, 0, -300])
    summary, events = finish(game)
    assert summary["points"][0] == 20 and summary["points"][1] == 0
    assert game.is_over and events[-1]["type"] == "game_over"
    assert game.result()["scores"][:2] == [255, 240] and game.result()["winners"] == [0]
    assert game.current_player is None and game.legal_actions() == []


def test_equal_highest_totals_share_the_win():
    game = last_trick({0: ["AH", "AD", "9C", "8D"], 1: ["KS", "KD", "7C", "6D"]},
                      targets=["TH", "JH", "QH", "TC"], last=["2S", "3S", "4S", "5S"], leader=0,
                      scores=[240, 245, 0, -300])
    summary, _ = finish(game)
    assert summary["points"][:2] == [20, 15]
    assert game.result()["scores"][:2] == [260, 260] and summary["scores"][3] < 260
    assert game.result()["winners"] == [0, 1]


def test_below_250_the_game_goes_on():
    game = last_trick({0: ["AH", "AD", "9C", "8D"]}, targets=["TH", "JH", "QH", "KH"],
                      last=["2S", "3S", "4S", "5S"], leader=0, scores=[200, 0, 0, 0])
    finish(game)
    assert not game.is_over and game.result()["winners"] == []
    assert game.view(None)["deal"] == 2 and game.view(None)["scores"][0] == 220


# --- the points table for the in-game rules --------------------------------------------------------------------

def test_the_scoring_rules_are_in_the_view_and_the_description():
    info = next(g for g in pg.list_games() if g["id"] == "apples")
    assert info["scoring"] == apples().view(None)["scoring"]
    assert info["scoring"]["sets"][0] == {"ranks": ["2", "3", "4", "5"], "pair": -15, "triple": -30, "four": -45}
    assert info["scoring"]["target"] == {"1": "pair", "2": 40, "3": 80}
    assert info["scoring"]["reconstructed"] is True and info["scoring"]["goal"] == 250


# --- set-ups --------------------------------------------------------------------------------------------------

def test_a_setup_part_way_through_the_exchange():
    game = apples({"dealer": 3, "contract": {"declarer": 0, "count": 2, "suit": "S"},
                   "hands": [ROUND_ROBIN[0][2:], ROUND_ROBIN[1][1:], ROUND_ROBIN[2], ROUND_ROBIN[3]],
                   "discards": [ROUND_ROBIN[0][:2], ROUND_ROBIN[1][:1], [], []]})
    assert game.current_player == 1 and game.view(None)["discarded"] == [2, 1, 0, 0]
    assert game.view(0)["discards"] == ["2S", "6S"]


BASE = {"dealer": 3, "hands": ROUND_ROBIN}
CONTRACT = {"declarer": 0, "count": 2, "suit": "S"}
BAD_SETUPS = {
    "unknown key": {**BASE, "trump": "S"},
    "bids without hands": {"bids": ["pass"]},
    "a card twice": {**BASE, "hands": [ROUND_ROBIN[0], ROUND_ROBIN[0], ROUND_ROBIN[2], ROUND_ROBIN[3]]},
    "twelve cards": {**BASE, "hands": [h[:12] for h in ROUND_ROBIN]},
    "three hands": {**BASE, "hands": ROUND_ROBIN[:3]},
    "not a card": {**BASE, "hands": [["1S", *ROUND_ROBIN[0][1:]], *ROUND_ROBIN[1:]]},
    "bid too long": {**BASE, "bids": [{"count": 5, "suit": "S"}]},
    "bid too weak": {**BASE, "bids": [{"count": 2, "suit": "S"}, {"count": 2, "suit": "H"}]},
    "bid as float": {**BASE, "bids": [{"count": 2.0, "suit": "S"}]},
    "bid of nothing": {**BASE, "bids": [{"count": 0, "suit": "S"}]},
    "bid with extra": {**BASE, "bids": [{"count": 1, "suit": "S", "seat": 0}]},
    "bidding over": {**BASE, "bids": [{"count": 1, "suit": "S"}, "pass", "pass", "pass", "pass"]},
    "bids not a list": {**BASE, "bids": "pass"},
    "discards without contract": {**BASE, "discards": [[], [], [], []]},
    "dealer 4": {**BASE, "dealer": 4},
    "dealer true": {**BASE, "dealer": True},
    "deal 0": {**BASE, "deal": 0},
    "scores reach 250": {**BASE, "scores": [250, 0, 0, 0]},
    "scores as floats": {**BASE, "scores": [1.0, 0, 0, 0]},
    "contract and bids": {**BASE, "contract": CONTRACT, "bids": []},
    "contract suit": {**BASE, "contract": {**CONTRACT, "suit": "X"}},
    "contract zero": {**BASE, "contract": {**CONTRACT, "count": 0}},
    "contract seat": {**BASE, "contract": {**CONTRACT, "declarer": 5}},
    "contract too long": {**BASE, "contract": {**CONTRACT, "count": 5}},
    "declarer discards a non-trump": {"dealer": 3, "contract": CONTRACT,
                                      "hands": [ROUND_ROBIN[0][:-1], *ROUND_ROBIN[1:]],
                                      "discards": [ROUND_ROBIN[0][-1:], [], [], []]},
    "discards out of order": {"dealer": 3, "contract": CONTRACT, "hands": [ROUND_ROBIN[0], ROUND_ROBIN[1][1:],
                                                                         *ROUND_ROBIN[2:]],
                              "discards": [[], ROUND_ROBIN[1][:1], [], []]},
    "targets and discards": {**BASE, "contract": CONTRACT, "targets": [None] * 4, "discards": [[], [], [], []]},
    "targets wrong size": {**BASE, "contract": CONTRACT, "targets": [None] * 3},
    "target also in hand": {**BASE, "contract": CONTRACT, "targets": ["2S", None, None, None]},
    "captured before targets": {**BASE, "contract": CONTRACT, "targets": [None] * 4, "captured": [[], [], [], []]},
    "captured not whole tricks": {"dealer": 3, "contract": CONTRACT, "targets": [h[-1] for h in ROUND_ROBIN],
                                  "hands": [ROUND_ROBIN[0][1:-1], *(h[:-1] for h in ROUND_ROBIN[1:])],
                                  "captured": [ROUND_ROBIN[0][:1], [], [], []]},
    "hands not matching tricks": {"dealer": 3, "contract": CONTRACT, "targets": [h[-1] for h in ROUND_ROBIN],
                                  "hands": [ROUND_ROBIN[0][4:-1], *(h[:-1] for h in ROUND_ROBIN[1:])],
                                  "captured": [ROUND_ROBIN[0][:4], [], [], []]},
    "leader 1.0": {"dealer": 3, "contract": CONTRACT, "targets": [h[-1] for h in ROUND_ROBIN],
                   "hands": [h[:-1] for h in ROUND_ROBIN], "leader": 1.0},
}


@pytest.mark.parametrize("name", list(BAD_SETUPS))
def test_bad_setups(name):
    with pytest.raises(pg.BadSetup) as info:
        apples(BAD_SETUPS[name])
    assert len(str(info.value)) > 10


def test_good_setups():
    assert apples({"dealer": 2, "deal": 5, "scores": [-40, 100, 249, 0]}).view(None)["scores"] == [-40, 100, 249, 0]
    game = apples({"dealer": 3, "hands": ROUND_ROBIN, "bids": ["pass", {"count": 1, "suit": "D"}]})
    assert game.current_player == 2
    assert card("AS") in DECK
