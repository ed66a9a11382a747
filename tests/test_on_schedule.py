"""On Schedule rules from explicit set-ups: piles, the vote order, the schedule row and special tricks,
the secret card pass, trick play with scheduled trumps, scoring and its doublings, deals and the match."""

from __future__ import annotations

import json

import pytest
from helpers import json_strings, play

import pygames_core as pg
from pygames_core.engine.rng import Rng
from pygames_core.games.on_schedule.state import (
    DECK,
    ROLE_RANKS,
    VOTE_ROLES,
    special_tricks,
    trick_multiplier,
)
from pygames_core.kit.cards import card, cards, codes

ALL_CODES = codes(DECK)
# A schedule row for dealer 0 (seat 0 casts A-4, seat 1 5-7, seat 2 8-10, seat 3 J-K). Trick 1 is
# diamonds and trick 2 spades, as in the original's example. The latest cards: seat 1 trick 10,
# seat 2 trick 11, seat 3 trick 12; seat 0 owns card 13, so it marks its second-latest, trick 9.
ROW = ["AD", "5S", "8H", "JC", "2D", "6H", "9S", "QD", "3C", "7C", "TD", "KH", "4S"]
ROW_SPECIAL = [9, 10, 11, 12]
EVERY_SUIT_13 = [[f"{r}{s}" for r in "23456789TJQKA"] for s in "SHDC"]  # seat 0 spades, 1 hearts, ...


def schedule(setup: dict | None = None, *, seed: int = 0) -> pg.Game:
    return pg.new_game("on_schedule", seed=seed, setup=setup)


def end_of_deal(hands: list[list[str]], leader: int, **extra) -> pg.Game:
    """The last tricks of a deal with the row ROW (dealer 0): `hands` hold one or two cards each."""
    played = 13 - len(hands[0])
    tricks = extra.pop("tricks", [played // 4 + (s < played % 4) for s in range(4)])
    return schedule({"dealer": 0, "hands": hands, "row": ROW, "tricks": tricks, "leader": leader, **extra})


def vote_all(game: pg.Game, suits: str = "SHDCSHDCSHDCS") -> list[dict]:
    events = []
    for suit in suits:
        events += game.apply({"type": "vote", "suit": suit})
    return events


def give_all(game: pg.Game) -> list[dict]:
    """Each seat in turn gives its first two cards."""
    events = []
    while game.view(None)["phase"] == "give":
        seat = game.current_player
        events += game.apply({"type": "give", "cards": game.view(seat)["hand"][:2]})
    return events


def deal_over(events: list[dict]) -> dict:
    [summary] = [e["summary"] for e in events if e["type"] == "deal_over"]
    return summary


# --- schedule piles and the vote order ---------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_schedule_piles_follow_the_roles(dealer):
    piles = schedule({"dealer": dealer}).view(None)["piles"]
    for role, ranks in enumerate(ROLE_RANKS):
        pile = cards(piles[(dealer + role) % 4])
        assert sorted({c.rank for c in pile}) == sorted(ranks)
        assert len(pile) == 4 * len(ranks) and {c.suit for c in pile} == set("SHDC")
    assert [len(piles[(dealer + role) % 4]) for role in range(4)] == [16, 12, 12, 12]


def test_the_view_tells_how_many_tricks_a_deal_has():
    """As many tricks as cards in a hand, and as many votes: the schedule row is that long."""
    game = schedule(seed=4)
    assert game.view(None)["tricks_per_deal"] == game.view(None)["hand_sizes"][0] == 13
    vote_all(game)
    view = game.view(None)
    assert len(view["row"]) == view["tricks_per_deal"]


@pytest.mark.parametrize("dealer", range(4))
def test_vote_order_for_each_dealer(dealer):
    """Dealer and clockwise; from the dealer's right counter-clockwise; dealer and clockwise; the dealer."""
    game = schedule({"dealer": dealer})
    d, left, across, right = dealer, (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
    expected = [d, left, across, right, right, across, left, d, d, left, across, right, d]
    order = []
    for _ in range(13):
        order.append(game.current_player)
        game.apply({"type": "vote", "suit": "H"})
    assert order == expected
    assert [order.count(s) for s in (d, left, across, right)] == [4, 3, 3, 3]
    assert [(dealer + r) % 4 for r in VOTE_ROLES] == expected
    assert game.view(None)["phase"] == "give"


def test_a_vote_casts_the_next_card_of_that_suit_from_the_voters_pile():
    game = schedule({"dealer": 2})
    events = game.apply({"type": "vote", "suit": "S"})
    assert events == [{"type": "voted", "seat": 2, "vote": 1, "suit": "S", "card": "AS"}]
    game.apply({"type": "vote", "suit": "S"})  # seat 3, the dealer's left: 5-7
    game.apply({"type": "vote", "suit": "D"})  # seat 0: 8-10
    game.apply({"type": "vote", "suit": "D"})  # seat 1, the dealer's right: J-K
    game.apply({"type": "vote", "suit": "D"})  # seat 1 again: the dealer's right votes twice in a row
    view = game.view(3)
    assert [(v["seat"], v["card"]) for v in view["votes"]] == [(2, "AS"), (3, "5S"), (0, "8D"), (1, "JD"), (1, "QD")]
    assert "AS" not in view["piles"][2] and "2S" in view["piles"][2]
    assert "JD" not in view["piles"][1] and "KD" in view["piles"][1] and len(view["piles"][1]) == 10
    assert game.legal_actions() == [{"type": "vote", "suit": s} for s in "SHDC"]
    for seat in (None, 0, 1, 2, 3):  # votes are public
        assert game.view(seat)["votes"] == view["votes"]


def test_the_dealer_can_vote_one_suit_four_times():
    game = schedule({"dealer": 0})
    vote_all(game, "HSSSSSSHHSSSH")  # the dealer casts votes 1, 8, 9 and 13
    dealer_votes = [v["card"] for v in game.view(0)["votes"] if v["seat"] == 0]
    assert dealer_votes == ["AH", "2H", "3H", "4H"]
    assert not any(c.endswith("H") for c in game.view(0)["piles"][0])


def test_illegal_votes():
    game = schedule({"dealer": 1})
    for wrong in ({"type": "vote", "suit": "X"}, {"type": "vote", "suit": "s"}, {"type": "vote"},
                  {"type": "vote", "suit": "S", "card": "AS"}, {"type": "give", "cards": ["AS", "KS"]},
                  {"type": "play", "card": "AS"}):
        with pytest.raises(pg.IllegalAction):
            game.apply(wrong)


# --- the row and the special tricks ------------------------------------------------------------------------

def test_the_row_is_the_votes_shuffled_by_the_seeded_rng():
    rows = set()
    for seed in range(6):
        game = schedule({"dealer": 0, "hands": EVERY_SUIT_13}, seed=seed)
        events = vote_all(game)
        view = game.view(None)
        row = [r["card"] for r in view["row"]]
        assert sorted(row) == sorted(v["card"] for v in view["votes"])
        assert [r["trick"] for r in view["row"]] == list(range(1, 14))
        assert all(r["seat"] == caster_for_dealer_0(r["card"]) for r in view["row"])
        assert events[-1] == {"type": "schedule", "row": view["row"], "special": view["special"]}
        rows.add(tuple(row))
        again = schedule({"dealer": 0, "hands": EVERY_SUIT_13}, seed=seed)
        vote_all(again)
        assert again.view(None)["row"] == view["row"]  # the same seed, the same shuffle
    assert len(rows) == 6


def caster_for_dealer_0(code: str) -> int:
    """The caster of a schedule card when seat 0 deals: the rank names the role."""
    return next(role for role, ranks in enumerate(ROLE_RANKS) if card(code).rank in ranks)


def test_special_tricks_of_the_standard_row():
    assert special_tricks(cards(ROW), 0) == ROW_SPECIAL
    game = end_of_deal([["2S"], ["3S"], ["4S"], ["5S"]], leader=0)
    assert game.view(2)["special"] == ROW_SPECIAL


def test_the_owner_of_card_13_marks_its_second_latest_card():
    # seat 3 (J-K) owns card 13 and cards 2 and 11: it marks 11, not 13
    row = ["AD", "QS", "8H", "5C", "2D", "6H", "9S", "7D", "3C", "TC", "JD", "4H", "KS"]
    assert special_tricks(cards(row), 0) == [12, 8, 10, 11]
    # the dealer owns card 13 and its other three cards are all early: it marks the latest of those
    row = ["AD", "2S", "3H", "5C", "6D", "7H", "8S", "9D", "TC", "JH", "QS", "KD", "4C"]
    assert special_tricks(cards(row), 0) == [3, 6, 9, 12]


def test_a_seat_never_owns_only_card_13():
    """Every seat casts three or four votes, so the owner of card 13 always has another card to mark,
    and trick 13 is never anyone's special trick: its doubling never stacks with a special one."""
    rng = Rng(7)
    for _ in range(300):
        row = list(cards(ROW))
        rng.shuffle(row)
        dealer = rng.below(4)
        special = special_tricks(row, dealer)
        assert 13 not in special and len(set(special)) == 4
        for seat, trick in enumerate(special):
            owner = (dealer + next(r for r, ranks in enumerate(ROLE_RANKS) if row[trick - 1].rank in ranks)) % 4
            assert owner == seat
    for seat in range(4):
        assert trick_multiplier(13, seat, [1, 2, 3, 4]) == 2


def test_a_row_owning_too_few_cards_is_refused():
    # only one J-K card: seat 3 could own only card 13, which the rules never allow
    row = ["AD", "2S", "3H", "4C", "5D", "6H", "7S", "8D", "9C", "TH", "5S", "8S", "KD"]
    with pytest.raises(pg.BadSetup, match="row must hold"):
        schedule({"dealer": 0, "hands": EVERY_SUIT_13, "row": row})


@pytest.mark.parametrize("dealer", range(4))
def test_the_row_names_the_voters_for_every_dealer(dealer):
    game = schedule({"dealer": dealer, "hands": EVERY_SUIT_13}, seed=dealer)
    vote_all(game)
    view = game.view(None)
    for entry in view["row"]:
        caster = next(v["seat"] for v in view["votes"] if v["card"] == entry["card"])
        assert entry["seat"] == caster
    for seat, trick in enumerate(view["special"]):
        mine = [r["trick"] for r in view["row"] if r["seat"] == seat]
        assert trick == (mine[-2] if mine[-1] == 13 else mine[-1])


# --- the secret card pass ----------------------------------------------------------------------------------

def pass_position() -> pg.Game:
    """Votes done (the standard row, now cast with dealer 3), the pass to come."""
    game = schedule({"dealer": 3, "hands": EVERY_SUIT_13, "row": ROW})
    assert game.view(None)["phase"] == "give"
    return game


def private_strings(data: dict) -> set[str]:
    """The strings of a view or event outside the schedule cards (piles, votes, the row), which are
    public and share their codes with playing cards."""
    public_keys = {"piles", "votes", "row"}

    def strip(item):
        if isinstance(item, dict):
            return {k: strip(v) for k, v in item.items() if k not in public_keys}
        if isinstance(item, list):
            return [strip(x) for x in item]
        return item

    if data.get("type") in ("voted", "schedule"):
        return set()
    return json_strings(strip(data))


def test_the_pass_is_taken_one_seat_at_a_time_and_kept_secret():
    game = pass_position()
    assert game.current_player == 0  # the dealer's left first, the dealer last
    events = game.apply({"type": "give", "cards": ["AS", "KS"]})
    assert events == [{"type": "gave", "seat": 0}]
    assert game.current_player == 1
    for seat in (None, 1, 2, 3):
        view = game.view(seat)
        assert not {"AS", "KS"} & private_strings(view), f"seat {seat} sees the gift"
        assert view["chosen"] == [True, False, False, False]
        assert view["hand_sizes"] == [11, 13, 13, 13]
    assert game.view(0)["gave"] == ["AS", "KS"] and "AS" not in game.view(0)["hand"]
    game.apply({"type": "give", "cards": ["AH", "2H"]})
    game.apply({"type": "give", "cards": ["TD", "9D"]})
    assert not {"AS", "KS", "AH", "2H", "TD", "9D"} & private_strings(game.view(3))
    events = game.apply({"type": "give", "cards": ["3C", "2C"]})
    assert events == [{"type": "gave", "seat": 3}, {"type": "cards_passed", "leader": 0}]
    hands = [set(game.view(s)["hand"]) for s in range(4)]
    assert {"TD", "9D"} <= hands[0] and {"AS", "KS"} <= hands[2]
    assert {"3C", "2C"} <= hands[1] and {"AH", "2H"} <= hands[3]
    assert all(len(h) == 13 for h in hands)
    assert game.view(0)["received"] == ["TD", "9D"] and game.view(0)["gave"] == ["AS", "KS"]
    assert game.view(None)["received"] is None and game.view(None)["gave"] is None
    assert not {"TD", "9D", "AS", "KS"} & private_strings(game.view(1))
    assert game.view(None)["phase"] == "play" and game.current_player == 0


def test_gifts_name_two_different_cards_of_the_hand_in_hand_order():
    game = pass_position()
    assert len(game.legal_actions()) == 78
    assert game.legal_actions()[0] == {"type": "give", "cards": ["AS", "KS"]}
    for wrong, reason in ((["KS", "AS"], "hand order"), (["AS", "AH"], "not in your hand"),
                          (["AS"], "2 cards"), (["AS", "AS"], "different"), (["AS", "KS", "QS"], "2 cards"),
                          ("AS", "2 cards")):
        with pytest.raises(pg.IllegalAction, match=reason):
            game.apply({"type": "give", "cards": wrong})
    with pytest.raises(pg.IllegalAction):
        game.apply({"type": "play", "card": "AS"})


# --- trick play with scheduled trumps ------------------------------------------------------------------------

def test_seed_example_trick_1_diamonds_trick_2_spades():
    """The original's example: trick 1's trump is diamonds, trick 2's spades (the row's first two cards)."""
    full = schedule({"dealer": 0, "hands": [list(h) for h in EVERY_SUIT_13], "row": ROW,
                     "gave": [["2D", "3D"], ["2C", "3C"], ["2S", "3S"], ["2H", "3H"]]})
    view = full.view(None)
    assert view["trick_number"] == 1 and view["trump"] == "D" and full.current_player == 1
    events = play(full, "AH", "AD", "AC", "AS")  # hearts led; seat 2 trumps with a diamond
    assert events[-1]["winner"] == 2 and events[-1]["trick"] == 1
    assert full.view(None)["trump"] == "S" and full.current_player == 2
    events = play(full, "KD", "KC", "KS", "KH")  # diamonds led; seat 0's spade is trump in trick 2
    assert events[-1]["winner"] == 0


def test_must_follow_suit_else_anything():
    hands = [["2C", "AH"], ["3C", "5D"], ["KH", "9S"], ["4C", "QD"]]
    game = end_of_deal(hands, leader=0)
    assert game.legal_actions() == [{"type": "play", "card": "AH"}, {"type": "play", "card": "2C"}]
    play(game, "2C")
    assert game.legal_actions() == [{"type": "play", "card": "3C"}]
    with pytest.raises(pg.IllegalAction, match="follow suit"):
        game.apply({"type": "play", "card": "5D"})
    play(game, "3C")
    assert {a["card"] for a in game.legal_actions()} == {"KH", "9S"}  # no clubs: anything


def test_the_leader_of_trick_1_is_left_of_the_dealer_and_the_winner_leads_next():
    for dealer in range(4):
        for setup in ({"dealer": dealer, "hands": EVERY_SUIT_13}, {"dealer": dealer}):
            game = schedule(setup, seed=dealer)
            vote_all(game)
            give_all(game)
            assert game.current_player == (dealer + 1) % 4
    game = end_of_deal([["2C", "AH"], ["3C", "5D"], ["KC", "9S"], ["4C", "QD"]], leader=0)
    play(game, "2C", "3C", "KC", "4C")  # trick 12 (hearts trump), no heart: the high club wins
    assert game.current_player == 2 and game.view(None)["leader"] == 2


# --- scoring --------------------------------------------------------------------------------------------------

def test_points_are_ten_to_ace_and_trick_13_doubles_for_everyone():
    # trick 13, spades trump: seat 1 ruffs the ace of hearts (AH, KH, TH count; 9H not)
    game = end_of_deal([["AH"], ["3S"], ["KH"], ["TH"]], leader=0)
    events = play(game, "AH", "3S", "KH", "TH")
    [won] = [e for e in events if e["type"] == "trick_won"]
    assert (won["trick"], won["winner"], won["points"], won["doubled"]) == (13, 1, 6, True)
    summary = deal_over(events)
    assert summary["points"] == [0, 6, 0, 0] and summary["team_points"] == [0, 6]
    assert summary["winner_team"] == 1


def test_points_in_your_own_special_trick_are_doubled():
    # trick 12 is seat 3's special (hearts trump): seat 3 ruffs in, 3 points doubled
    game = end_of_deal([["QC", "2S"], ["KC", "3S"], ["2C", "4S"], ["AH", "5S"]], leader=0)
    events = play(game, "QC", "KC", "2C", "AH")
    assert events[-1] == {"type": "trick_won", "trick": 12, "leader": 0, "winner": 3, "points": 6, "doubled": True,
                          "plays": [{"seat": 0, "card": "QC"}, {"seat": 1, "card": "KC"}, {"seat": 2, "card": "2C"},
                                    {"seat": 3, "card": "AH"}]}
    assert game.view(None)["points"] == [0, 0, 0, 6]


def test_the_partners_special_trick_does_not_double():
    # trick 12 is seat 3's special; its partner seat 1 wins it: single points
    game = end_of_deal([["QC", "2S"], ["AH", "3S"], ["2C", "4S"], ["KC", "5S"]], leader=0)
    events = play(game, "QC", "AH", "2C", "KC")
    assert (events[-1]["winner"], events[-1]["points"], events[-1]["doubled"]) == (1, 3, False)


def test_an_opponents_special_trick_does_not_double():
    # trick 12 is seat 3's special; seat 0 (its opponent) wins it: single points
    game = end_of_deal([["AH", "2S"], ["KC", "3S"], ["QC", "4S"], ["2C", "5S"]], leader=1)
    events = play(game, "KC", "QC", "2C", "AH")
    assert (events[-1]["winner"], events[-1]["points"], events[-1]["doubled"]) == (0, 3, False)


@pytest.mark.parametrize("winner", range(4))
def test_each_seat_doubles_in_its_own_special_trick_only(winner):
    """Tricks 9-13 of the standard row (trumps C, C, D, H, S): trick 9 is seat 0's special, 10 seat 1's,
    11 seat 2's, 12 seat 3's. One seat takes all five tricks with top cards (no other seat has a club);
    only its own special trick and trick 13 double."""
    others = iter([["KD", "QD", "JD", "TD", "9D"], ["KH", "QH", "JH", "TH", "9H"], ["KS", "QS", "JS", "TS", "9S"]])
    hands = [["AC", "KC", "AD", "AH", "AS"] if seat == winner else next(others) for seat in range(4)]
    game = end_of_deal(hands, leader=winner, tricks=[2, 2, 2, 2])
    won = []
    for lead in ("AC", "KC", "AD", "AH", "AS"):
        events = game.apply({"type": "play", "card": lead})
        for _ in range(3):
            events += game.apply(game.legal_actions()[0])
        [trick] = [e for e in events if e["type"] == "trick_won"]
        raw = sum(1 for p in trick["plays"] if p["card"][0] in "TJQKA")
        assert trick["winner"] == winner and trick["points"] == raw * (2 if trick["doubled"] else 1)
        won.append(trick)
    assert [t["trick"] for t in won if t["doubled"]] == [ROW_SPECIAL[winner], 13]


def test_a_tied_deal_gives_no_victory_point():
    game = end_of_deal([["2H"], ["3S"], ["4H"], ["5H"]], leader=0, points=[4, 3, 2, 3], victory_points=[1, 2])
    events = play(game, "2H", "3S", "4H", "5H")
    summary = deal_over(events)
    assert summary["team_points"] == [6, 6] and summary["winner_team"] is None
    assert summary["victory_points"] == [1, 2]
    assert game.view(None)["victory_points"] == [1, 2] and not game.is_over
    assert game.view(None)["deal"] == 2


def test_the_higher_team_gets_one_victory_point_and_the_next_deal_rotates():
    game = end_of_deal([["2H"], ["3S"], ["4H"], ["5H"]], leader=0, points=[4, 3, 3, 3], deal=3)
    events = play(game, "2H", "3S", "4H", "5H")
    assert deal_over(events)["winner_team"] == 0
    assert events[-1] == {"type": "deal_started", "deal": 4, "dealer": 1}
    view = game.view(None)
    assert view["victory_points"] == [1, 0] and view["dealer"] == 1 and view["phase"] == "vote"
    assert game.current_player == 1  # the new dealer casts the first vote
    # the piles move with the roles: the new dealer holds A-4
    assert {card(c).rank for c in view["piles"][1]} == {14, 2, 3, 4}
    assert {card(c).rank for c in view["piles"][0]} == {11, 12, 13}
    assert view["votes"] == [] and view["row"] == [] and view["points"] == [0, 0, 0, 0]
    assert view["hand_sizes"] == [13, 13, 13, 13]
    assert view["deals"][-1]["points"] == [4, 3, 3, 3] and view["deals"][-1]["deal"] == 3


@pytest.mark.parametrize(("winning_team", "over"), [(0, True), (1, False)])
def test_the_first_team_to_three_victory_points_wins_the_match(winning_team, over):
    points = [5, 0, 0, 0] if winning_team == 0 else [0, 5, 0, 0]
    game = end_of_deal([["2H"], ["3S"], ["4H"], ["5H"]], leader=0, points=points, victory_points=[2, 1])
    events = play(game, "2H", "3S", "4H", "5H")
    assert game.is_over is over
    result = game.result()
    if over:
        assert events[-1]["type"] == "game_over"
        assert result["winners"] == [0, 2] and result["scores"] == [3, 1, 3, 1]
        assert result["team_scores"] == [3, 1] and result["winning_team"] == 0
        assert game.current_player is None and game.legal_actions() == []
    else:
        assert result["winners"] == [] and result["scores"] == [2, 2, 2, 2]


def test_a_whole_deal_conserves_cards_and_points():
    game = schedule({"dealer": 2}, seed=4)
    while game.view(None)["deal"] == 1:
        game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    summary = game.view(None)["deals"][0]
    assert sum(summary["tricks"]) == 13
    played = [t for t in game.history if t["type"] == "play"]
    assert sorted(a["card"] for a in played) == sorted(ALL_CODES)
    # 20 point cards, each counted once or twice
    assert 20 <= sum(summary["points"]) <= 40


# --- views ------------------------------------------------------------------------------------------------

def hidden_from(game: pg.Game, seat: int | None) -> set[str]:
    """Cards `seat` must not see: other hands and face-down gifts, except the cards it gave its partner."""
    state = game._state
    hidden = {c.code for s, hand in enumerate(state.hands) if s != seat for c in hand}
    if state.phase == "give":
        hidden |= {c.code for s, gift in enumerate(state.gifts.choices) if gift and s != seat for c in gift}
    elif seat is not None and state.gifts.choices[seat]:
        hidden -= {c.code for c in state.gifts.choices[seat]}
    return hidden - {c.code for c in state.out_of_play}


@pytest.mark.parametrize("seed", [13, 14])
def test_views_and_events_never_leak_hidden_cards(seed):
    game = schedule(seed=seed)
    while not game.is_over and len(game.history) < 200:
        for seat in (None, 0, 1, 2, 3):
            view = game.view(seat)
            leaked = hidden_from(game, seat) & private_strings(view)
            assert not leaked, f"seat {seat} sees {sorted(leaked)} in phase {view['phase']}"
            if seat is not None:
                assert sorted(view["hand"]) == sorted(c.code for c in game._state.hands[seat])
        hidden = hidden_from(game, None)
        events = game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
        played = {e["card"] for e in events if e["type"] == "played"}
        for event in events:
            assert not (hidden - played) & private_strings(event)


def test_view_fields():
    game = end_of_deal([["2C", "AH"], ["3C", "5D"], ["KC", "9S"], ["4C", "QD"]], leader=0, points=[1, 2, 0, 3])
    view = game.view(1)
    assert view["hand"] == ["3C", "5D"] and view["hand_sizes"] == [2, 2, 2, 2]
    assert view["trick_number"] == 12 and view["trump"] == "H" and view["special"] == ROW_SPECIAL
    assert view["points"] == [1, 2, 0, 3] and view["tricks"] == [3, 3, 3, 2] and view["target"] == 3
    assert view["current_player"] == 0 and view["chosen"] is None
    json.dumps(view)


# --- set-ups ----------------------------------------------------------------------------------------------

GOOD_HANDS = [["2C", "AH"], ["3C", "5D"], ["KC", "9S"], ["4C", "QD"]]


def end_setup(**changes) -> dict:
    setup = {"dealer": 0, "hands": GOOD_HANDS, "row": ROW, "tricks": [3, 3, 3, 2], "leader": 0}
    setup.update(changes)
    return {k: v for k, v in setup.items() if v is not ...}


BAD_SETUPS = {
    "unknown key": end_setup(score=[1, 2]),
    "a card twice": end_setup(hands=[["2C", "AH"], ["2C", "5D"], ["KC", "9S"], ["4C", "QD"]]),
    "not a card": end_setup(hands=[["2C", "1H"], ["3C", "5D"], ["KC", "9S"], ["4C", "QD"]]),
    "unequal hands": end_setup(hands=[["2C"], ["3C", "5D"], ["KC", "9S"], ["4C", "QD"]]),
    "three hands": end_setup(hands=GOOD_HANDS[:3]),
    "empty hands": end_setup(hands=[[], [], [], []], tricks=[4, 3, 3, 3]),
    "fourteen cards": {"hands": [[*h, "AS"] for h in EVERY_SUIT_13]},
    "short hands without a row": end_setup(row=...),
    "row of 12": end_setup(row=ROW[:12]),
    "row with a card twice": end_setup(row=[*ROW[:12], "AD"]),
    "row with five dealer cards": end_setup(row=["AD", "5S", "8H", "JC", "2D", "6H", "9S", "QD", "3C", "AC", "TD",
                                                 "KH", "4S"]),
    "row not a list": end_setup(row="AD"),
    "votes not matching the row": end_setup(votes=["AS", "5S", "8S", "JS", "QS", "9S", "6S", "2S", "3S", "7S",
                                                   "TS", "KS", "4S"]),
    "vote from the wrong pile": {"dealer": 0, "hands": EVERY_SUIT_13, "votes": ["5S"]},
    "votes not a list": {"dealer": 0, "hands": EVERY_SUIT_13, "votes": "AS"},
    "a vote twice": {"dealer": 0, "hands": EVERY_SUIT_13, "votes": ["AS", "5S", "8S", "JS", "JS"]},
    "tricks not adding up": end_setup(tricks=[3, 3, 3, 3]),
    "negative tricks": end_setup(tricks=[-1, 4, 4, 4]),
    "tricks not a list": end_setup(tricks=11),
    "points too many": end_setup(points=[99, 0, 0, 0]),
    "negative points": end_setup(points=[-1, 0, 0, 0]),
    "points as floats": end_setup(points=[1.0, 0, 0, 0]),
    "leader 4": end_setup(leader=4),
    "leader true": end_setup(leader=True),
    "dealer 1.0": end_setup(dealer=1.0),
    "dealer 4 without hands": {"dealer": 4},
    "deal 0": end_setup(deal=0),
    "victory points at the target": end_setup(victory_points=[3, 0]),
    "victory points for three teams": end_setup(victory_points=[0, 0, 0]),
    "votes without hands": {"votes": ["AS"]},
    "play details during the vote": {"dealer": 0, "hands": EVERY_SUIT_13, "votes": ["AS"], "leader": 1},
    "gave not in the partner's hand": end_setup(hands=[list(h) for h in EVERY_SUIT_13], tricks=...,
                                                leader=..., gave=[["AS", "KS"], ["AH", "KH"], ["AD", "KD"],
                                                                  ["AC", "KC"]]),
    "gave one card": end_setup(gave=[["2S"], ["3S"], ["4S"], ["5S"]]),
    "gave a card twice": end_setup(gave=[["2S", "3S"], ["2S", "4S"], ["5S", "6S"], ["7S", "8S"]]),
}


@pytest.mark.parametrize("name", list(BAD_SETUPS))
def test_bad_setups(name):
    with pytest.raises(pg.BadSetup) as info:
        schedule(BAD_SETUPS[name])
    assert len(str(info.value)) > 10


def test_good_setup_variants():
    assert schedule({"dealer": 2, "deal": 3, "victory_points": [2, 2]}).view(None)["deal"] == 3
    game = schedule({"dealer": 0, "hands": EVERY_SUIT_13, "votes": ["AS", "5S", "8S"]})
    assert game.current_player == 3 and game.view(None)["phase"] == "vote"
    game = schedule({"dealer": 0, "hands": EVERY_SUIT_13,
                     "votes": ["AS", "5S", "8S", "JS", "QS", "9S", "6S", "2S", "3S", "7S", "TS", "KS", "4S"]})
    assert game.view(None)["phase"] == "give" and len(game.view(None)["row"]) == 13
    # the row without votes: each seat's row cards taken as cast in row order
    game = schedule(end_setup())
    votes = game.view(None)["votes"]
    assert [v["seat"] for v in votes] == [(0 + r) % 4 for r in VOTE_ROLES]
    assert sorted(v["card"] for v in votes) == sorted(ROW)
    # gave with full hands: the pass is done, trick 1 is next
    hands = [list(h) for h in EVERY_SUIT_13]
    game = schedule({"dealer": 0, "hands": hands, "row": ROW,
                     "gave": [["2D", "3D"], ["2C", "3C"], ["2S", "3S"], ["2H", "3H"]]})
    assert game.view(None)["phase"] == "play" and game.view(0)["received"] == ["2S", "3S"]
    assert game.view(0)["gave"] == ["2D", "3D"] and game.current_player == 1
