"""Roller Derby bots (legal at every level, no peeking, target-aware choices, the hard bot's sampler) and
properties over many random games in every combination of variants (cards conserved, no leaks, the end,
determinism)."""

from __future__ import annotations

import json
from itertools import product

import pytest
from helpers import json_strings
from test_roller_derby import SUIT_HANDS, derby, give, in_play, play

import pygames_core as pg
from pygames_core.ai import levels
from pygames_core.engine.rng import Rng
from pygames_core.games.roller_derby import BOT, RULES
from pygames_core.games.roller_derby.policy import policy_action
from pygames_core.games.roller_derby.state import DECK, DeclaredJoker
from pygames_core.kit.cards import codes

LEVELS = ["easy", "normal", "hard"]
ALL = codes(DECK)
VARIANTS = [dict(zip(("jokers", "d12", "privilege"), combo, strict=True)) for combo in product((False, True), repeat=3)]


def positions(**options) -> list[pg.Game]:
    """Copies of one game at every kind of decision of a deal."""
    game = derby(seed=3, **options)
    found: dict[str, pg.Game] = {}
    while not game.is_over and len(game.view(None)["deals"]) == 0:
        phase = game.view(None)["phase"]
        trick = game.view(None)["trick_number"]
        key = phase if phase != "play" else f"play{trick}"
        found.setdefault(key, game.copy())
        if phase == "buy":  # buy one, so that a discard comes too
            game.apply({"type": "buy", "jokers": 1})
        else:
            game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
    return [found[k] for k in found if not k.startswith("play") or k in ("play1", "play6", "play12")]


def test_positions_cover_every_phase():
    phases = {p.view(None)["phase"] for p in positions(jokers=True, privilege=True)}
    assert phases == {"roll", "trump", "buy", "discard", "exchange", "declare", "play"}
    assert {p.view(None)["phase"] for p in positions()} == {"roll", "exchange", "trump", "declare", "play"}


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_action(level):
    for options in ({}, {"jokers": True, "privilege": True}):
        for game in positions(**options):
            action = pg.bot_action(game, level, seed=5, time_budget_ms=15)
            assert action in game.legal_actions()
            game.apply(action)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_choice_depends_only_on_its_own_view(level, deterministic_search):
    # seat 1 (a defender) to play to trick 10; the hands it cannot see swap cards
    mine = ["AS", "KH", "QD", "5C"]
    others = ["2S", "JH", "9H", "3C", "AC", "KD", "8D", "TC", "4H", "6S", "QC", "7S"]
    swapped = others[6:] + others[:6]

    def setup(hidden):
        return in_play([hidden[0:4], mine, hidden[4:8], hidden[8:12]], trump="H", tricks=[3, 2, 2, 2], leader=1)

    one, two = derby(setup(others)), derby(setup(swapped))
    assert json.dumps(one.view(1)) == json.dumps(two.view(1)) and one.to_json() != two.to_json()
    for seed in range(3):
        assert pg.bot_action(one, level, seed=seed, time_budget_ms=deterministic_search) == \
            pg.bot_action(two, level, seed=seed, time_budget_ms=deterministic_search)


def test_a_bots_gift_does_not_depend_on_the_partners_secret_choice(deterministic_search):
    choices = []
    for gift in (["AS", "KS", "QS"], ["2S", "3S", "4S"]):
        game = derby({"dealer": 3, "hands": SUIT_HANDS, "dice": [3, 4]})
        give(game, *gift)
        choices.append([pg.bot_action(game, level, seed=1, time_budget_ms=deterministic_search)
                        for level in ("normal", "hard")])
    assert choices[0] == choices[1]


# --- the hard bot's sampler ---------------------------------------------------------------------------------

def sampled_hands(game: pg.Game, seat: int, count: int = 60) -> list:
    view = game.view(seat)
    rng = Rng(2)
    states = []
    for _ in range(count):
        state = BOT.sample_state(view, rng)
        assert [c.code for c in state.hands[seat]] == view["hand"]
        assert [len(h) for h in state.hands] == view["hand_sizes"]
        assert RULES.legal_actions(state) == game.legal_actions()
        assert RULES.view(state, seat) == view
        states.append(state)
    return states


def test_sampler_keeps_gifts_with_the_partner_and_respects_must_trump_voids():
    # dealer 3: seat 0 rolls and gave 2S 3S 4S to its partner, seat 2; hearts are trump
    hands = [[*SUIT_HANDS[0][:10], "2D", "3D", "4D"], SUIT_HANDS[3], ["2S", "3S", "4S", *SUIT_HANDS[2][:10]],
             SUIT_HANDS[1]]
    gave = [["2S", "3S", "4S"], ["2H", "3H", "4H"], ["2D", "3D", "4D"], ["2C", "3C", "4C"]]
    game = derby({"dealer": 3, "hands": hands, "dice": [5, 5], "trump": "H", "all_or_nothing": False,
                  "gave": gave})
    play(game, "AS", "AC", "2S", "2H")  # seat 1 shows no spades and no hearts; seat 3 trumps
    assert game.view(None)["voids"] == [[], ["H", "S"], [], ["S"]] and game.current_player == 3
    for state in sampled_hands(game, 3):
        assert not any(c.suit in "HS" for c in state.hands[1]) and not any(c.suit == "S" for c in state.hands[3])
    view = game.view(0)
    assert view["gave"] == ["2S", "3S", "4S"]
    seen_with_1 = set()
    for state in (BOT.sample_state(view, Rng(s)) for s in range(40)):
        assert {"3S", "4S"} <= {c.code for c in state.hands[2]}  # the gift not yet played stays with the partner
        assert not any(c.suit in "HS" for c in state.hands[1])
        seen_with_1 |= {c.code for c in state.hands[1]}
    assert len(seen_with_1) > 12  # the hidden cards do vary


def test_sampler_puts_jokers_only_with_the_rolling_team_and_deals_the_discards():
    game = derby({"dealer": 3, "hands": SUIT_HANDS, "dice": [6, 6], "trump": "S"}, jokers=True)
    game.apply({"type": "buy", "jokers": 2})
    game.apply({"type": "discard", "card": "2S"})
    game.apply({"type": "discard", "card": "3S"})
    give(game, "JK1", "4S", "5S")
    give(game, "2D", "3D", "4D")
    assert game.current_player == 1
    partner_has_joker = roller_has_joker = 0
    for state in sampled_hands(game, 1):
        holders = {s for s, h in enumerate(state.hands) for c in h if c.code.startswith("JK")}
        assert holders <= {0, 2} and len(state.discards) == 2
        assert not any(c.code.startswith("JK") for c in state.discards)
        partner_has_joker += any(c.code == "JK1" for c in state.hands[2])
        roller_has_joker += any(c.code == "JK1" for c in state.hands[0])
    assert partner_has_joker and roller_has_joker  # seat 1 cannot tell who holds it
    for state in sampled_hands(game, 1, 5):
        assert state.passes.choices[0] is not None and state.passes.choices[2] is not None


def test_sampler_with_the_roller_privilege_knows_the_partners_face_down_cards():
    game = derby({"dealer": 3, "hands": SUIT_HANDS, "dice": [3, 4]}, privilege=True)
    give(game, "AD", "KD", "QD")
    for state in sampled_hands(game, 0, 20):
        assert [c.code for c in state.passes.choices[2]] == ["AD", "KD", "QD"]
        assert not {"AD", "KD", "QD"} & {c.code for h in state.hands for c in h}


def test_sampler_during_the_exchange_gives_face_down_cards_to_those_who_chose():
    game = derby({"dealer": 3, "hands": SUIT_HANDS, "dice": [3, 4]})
    give(game, "AS", "KS", "QS")
    for state in sampled_hands(game, 2, 20):
        assert state.passes.choices[0] is not None and len(state.passes.choices[0]) == 3
        assert len(state.hands[0]) == 10


def test_sampler_for_another_seat_puts_the_choosers_set_aside_cards_out_of_its_hand():
    game = derby({"dealer": 3, "hands": SUIT_HANDS, "dice": [3, 4]})
    give(game, "AS", "KS")  # seat 0 is choosing: two of its three cards are set aside so far
    assert game.current_player == 0 and game.view(1)["hand_sizes"][0] == 11
    view, rng = game.view(1), Rng(2)
    for state in (BOT.sample_state(view, rng) for _ in range(20)):
        assert len(state.setting_aside) == 2 and len(state.hands[0]) == 11
        assert not set(state.setting_aside) & {c for h in state.hands for c in h}
        assert RULES.view(state, 1) == game.view(1)


# --- the normal bot: target-aware ----------------------------------------------------------------------------

STRONG_SPADES = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "AH", "KH", "AD", "KD", "AC", "KC"]
TOP = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "AH", "KH", "AD", "KD", "AC"]


def normal(game: pg.Game) -> dict:
    return pg.bot_action(game, "normal", seed=1)


def around(hand: list[str]) -> list[list[str]]:
    """Seat 0 holds `hand`; the other 39 cards go to seats 1-3 in deck order."""
    rest = [c for c in ALL if c not in hand]
    return [hand, rest[0:13], rest[13:26], rest[26:39]]


def exchanged(hands: list[list[str]]) -> list[list[str]]:
    """A record of the exchange consistent with `hands`: each seat gave three cards its partner now holds."""
    return [hands[(seat + 2) % 4][:3] for seat in range(4)]


def test_normal_names_trump_for_the_target():
    def named(dice: list[int]) -> str:
        game = derby({"dealer": 3, "hands": around(STRONG_SPADES), "dice": dice}, jokers=True)
        assert game.view(None)["phase"] == "trump"
        return normal(game)["suit"]

    assert named([6, 6]) == "S"  # a long strong suit for a high target
    assert named([1, 1]) != "S"  # not for a low one


def test_normal_declares_all_or_nothing_only_with_a_hand_that_takes_everything():
    def declares(hand: list[str]) -> bool:
        hands = around(hand)
        game = derby({"dealer": 3, "hands": hands, "dice": [3, 4], "gave": exchanged(hands), "trump": "S"})
        assert game.view(None)["phase"] == "declare"
        return normal(game)["all_or_nothing"]

    assert declares(TOP) is True
    assert declares([*STRONG_SPADES[:7], "2H", "3H", "2D", "3D", "2C", "3C"]) is False


def test_normal_at_its_target_loses_the_trick_and_short_of_it_wins():
    # seat 0, last to play to trick 12, can take it with the ace or lose it with the two
    hands = [["AS", "2S"], ["5S", "5D"], ["3S", "6D"], ["4S", "7D"]]
    at_target = derby(in_play(hands, dice=[3, 4], tricks=[7, 4, 0, 0], leader=1))
    play(at_target, "5S", "3S", "4S")
    assert normal(at_target) == {"type": "play", "card": "2S"}
    short = derby(in_play(hands, dice=[4, 4], tricks=[6, 5, 0, 0], leader=1))
    play(short, "5S", "3S", "4S")
    assert normal(short) == {"type": "play", "card": "AS"}  # it needs both tricks


def test_normal_defender_pushes_the_rolling_team_off_its_target():
    # seat 1 defends; the rolling team (0, 2) has 6 tricks with two to play
    hands = [["9S", "2D"], ["AS", "2S"], ["KS", "3D"], ["4S", "7D"]]
    game = derby(in_play(hands, dice=[3, 4], tricks=[6, 5, 0, 0], leader=0))
    play(game, "9S")
    assert normal(game) == {"type": "play", "card": "AS"}  # short of 7: deny it the trick
    game = derby(in_play(hands, dice=[3, 3], tricks=[6, 5, 0, 0], leader=0))
    play(game, "9S")
    assert normal(game) == {"type": "play", "card": "2S"}  # at its 6 already: feed it another


def test_normal_gives_its_partner_cards_that_fit_the_target():
    mixed = ["AS", "KS", "QS", "JS", "TS", "9S", "AH", "2H", "3H", "4H", "5H", "6H", "2D"]
    hands = around(mixed)
    high = derby({"dealer": 3, "hands": hands, "dice": [6, 6]})
    picks = []
    for _ in range(3):
        action = normal(high)
        picks.append(action["card"])
        high.apply(action)
    assert picks[0] == "2D" and not any(c.endswith("S") for c in picks)  # void a short suit, keep the long one
    low = derby({"dealer": 3, "hands": hands, "dice": [1, 1]})
    first = normal(low)["card"]
    assert first in ("AH", "AS")  # a low target: hand over an unguarded high card


def test_normal_buys_jokers_when_far_from_the_target():
    hands = around(["2S", "3S", "4S", "5S", "2H", "3H", "4H", "5H", "2D", "3D", "4D", "2C", "3C"])
    game = derby({"dealer": 3, "hands": hands, "dice": [6, 6], "trump": "S"}, jokers=True)
    assert normal(game) == {"type": "buy", "jokers": 2}
    game = derby({"dealer": 3, "hands": hands, "dice": [2, 3], "trump": "S"}, jokers=True)
    assert normal(game) == {"type": "buy", "jokers": 0}


def test_normal_keeps_a_joker_unless_it_is_needed():
    hands = [["JK1", "AS", "2D"], ["5S", "5D", "6C"], ["3S", "6D", "7C"], ["4S", "7D", "8C"]]
    game = derby(in_play(hands, dice=[3, 4], tricks=[5, 5, 0, 0], leader=3, jokers=1, discards=["2C"]), jokers=True)
    play(game, "4S")
    assert normal(game) == {"type": "play", "card": "AS"}  # short of 7: the ace wins, the joker waits


# --- the hard bot --------------------------------------------------------------------------------------------

def test_hard_compares_each_distinct_joker_declaration_once():
    hands = [["JK1", "JK2", "9C"], ["5S", "5D", "6C"], ["3S", "6D", "7C"], ["4S", "7D", "8C"]]
    game = derby(in_play(hands, dice=[3, 4], tricks=[4, 6, 0, 0], leader=3, jokers=2, discards=["2C", "3C"]),
                 jokers=True)
    play(game, "4S")
    legal = game.legal_actions()
    kept = BOT.search_actions(game.view(0), legal)
    assert all(a in legal for a in kept)
    assert [(a["card"], a.get("suit"), a.get("rank")) for a in kept] == [
        ("9C", None, None), ("JK1", "S", "high"), ("JK1", "S", "low"), ("JK1", "H", "high"), ("JK1", "H", "low"),
        ("JK1", "D", "high")]
    assert len(legal) == 1 + 16


def test_hard_searches_trump_and_keeps_the_policy_card_to_give():
    game = pg.new_game("roller_derby", seed=4, options={"jokers": True})
    every_action_compared = {}
    while game.view(None)["phase"] != "play":
        phase, seat, legal = game.view(None)["phase"], game.current_player, game.legal_actions()
        kept = BOT.search_actions(game.view(seat), legal)
        every_action_compared[phase] = kept == legal
        if phase == "exchange":
            assert kept == [pg.bot_action(game, "normal", seed=1)]
        game.apply(legal[0])
    assert every_action_compared == {"roll": True, "trump": True, "buy": True, "exchange": False, "declare": True}


def test_hard_evaluates_a_deal_from_its_team_side():
    game = derby(in_play([["AS"], ["2S"], ["3S"], ["4S"]], dice=[3, 4], tricks=[6, 6, 0, 0], leader=0))
    play(game, "AS", "2S", "3S", "4S")
    state = game._state
    assert BOT.evaluate(state, 0) > 0.5 > BOT.evaluate(state, 1)


def test_normal_moves_never_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The normal bot is quick because it plays its policy on one sampled deal: it never searches
    (its speed is bench/engine.py's to measure, not a test's)."""
    def no_search(*_: object, **__: object) -> None:
        raise AssertionError("the normal bot searched")

    monkeypatch.setattr(levels, "search_action", no_search)
    monkeypatch.setattr(levels, "playout_values", no_search)
    game = derby(seed=8, jokers=True)
    for move in range(120):
        game.apply(pg.bot_action(game, "normal", seed=move))


# --- properties over random games in every combination of variants --------------------------------------------

def cards_in_game(game: pg.Game) -> list[str]:
    """Every card and joker somewhere: hands, cards set aside, discards, the table, finished tricks."""
    state = game._state
    found = [c.code for h in state.hands for c in h]
    found += [c.code for c in state.setting_aside]
    found += [c.code for s, g in enumerate(state.passes.choices) if g is not None and not state.exchanged[s % 2]
              for c in g]
    found += [c.code for c in state.discards]
    for trick in (*state.completed, state.trick):
        found += [(p.joker if isinstance(p, DeclaredJoker) else p).code for _, p in trick.plays]
    return found


def hidden_from(game: pg.Game, seat: int | None) -> set[str]:
    state = game._state
    hidden = {c.code for s, h in enumerate(state.hands) if s != seat for c in h}
    hidden |= {c.code for c in state.discards} if seat != state.roller else set()
    for giver, gift in enumerate(state.passes.choices):
        if gift is None or giver == seat:
            continue
        visible = seat is not None and giver == (seat + 2) % 4 and (
            state.exchanged[seat % 2] or (state.variant.privilege and seat == state.roller))
        if not visible:
            hidden |= {c.code for c in gift if c.code not in
                       {x.code for t in (*state.completed, state.trick) for _, x in t.plays}}
    if seat != state.current:
        hidden |= {c.code for c in state.setting_aside}
    if seat is not None and state.passes.choices[seat] is not None:
        hidden -= {c.code for c in state.passes.choices[seat]}  # it gave them: it knows where they are
    return hidden


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(k for k, v in o.items() if v) or "base")
def test_random_games_conserve_cards_hide_them_and_end(options):
    for seed in range(2):
        game = derby(seed=seed, **options)
        steps = 0
        while not game.is_over:
            state = game._state
            found = cards_in_game(game)
            assert len(found) == len(set(found)) == 52 + state.jokers_bought
            if steps % 7 == 0:
                for seat in (None, 0, 1, 2, 3):
                    view = game.view(seat)
                    leaked = hidden_from(game, seat) & json_strings(view)
                    assert not leaked, (seat, leaked)
            level = "normal" if seed else "easy"
            game.apply(pg.bot_action(game, level, seed=steps))
            steps += 1
        result = game.result()
        deals = game.view(None)["deals"]
        assert len(deals) == 4 and result["deals"] == 4
        for team in (0, 1):
            assert result["team_scores"][team] == sum(d["score"] for d in deals if d["rolling_team"] == team)
        assert [d["dealer"] for d in deals] == [(deals[0]["dealer"] + i) % 4 for i in range(4)]
        for d in deals:
            assert len(d["dice"]) == (1 if options["d12"] else 2) and d["target"] == sum(d["dice"])
            assert options["jokers"] or d["jokers"] == 0


def test_the_same_seed_and_bots_give_the_same_game():
    def run() -> list[dict]:
        game = derby(seed=4, jokers=True, privilege=True)
        while not game.is_over:
            game.apply(pg.bot_action(game, "normal", seed=len(game.history)))
        return game.history

    assert run() == run()


def test_policy_reads_no_hidden_cards_of_a_sampled_state():
    """The normal policy applied to different samples of one view gives the same action."""
    game = derby(seed=6)
    for _ in range(40):
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
    seat = game.current_player
    view = game.view(seat)
    actions = {json.dumps(policy_action(BOT.sample_state(view, Rng(s)), Rng(0))) for s in range(10)}
    assert len(actions) == 1


def test_near_misses_of_legal_actions_are_refused_in_every_phase_of_every_variant():
    from test_contract import assert_illegal

    from pygames_core.testing import near_misses

    game = derby({"dealer": 3, "hands": SUIT_HANDS}, seed=2, jokers=True, privilege=True, d12=True)
    script = [{"type": "roll"}, {"type": "trump", "suit": "H"}, {"type": "buy", "jokers": 1},
              {"type": "discard", "card": "2S"}]
    seen = set()
    for step in range(40):
        phase = game.view(None)["phase"]
        if phase not in seen:
            seen.add(phase)
            legal = game.legal_actions()
            for action in legal:
                for wrong in near_misses(action):
                    if wrong not in legal:
                        assert_illegal(game, wrong)
        game.apply(script[step] if step < len(script) else pg.bot_action(game, "normal", seed=step))
    assert seen == {"roll", "trump", "buy", "discard", "exchange", "declare", "play"}
