"""On Schedule turns each finished trick over, as the original does (its point cards face up in front of
the winner, the rest face down): what a seat's view shows of past tricks by default and with the
`show_played` assist, what the bots remember (every card their seat saw, nothing else), and the option
in saves and links."""

from __future__ import annotations

import json

import pytest
from test_on_schedule import private_strings

import pygames_core as pg
from pygames_core.engine.game import _check_text

POINT_RANKS = "TJQKA"  # 10, J, Q, K, A score (the rules' point cards)
ASSIST = {"show_played": True}


def deal_codes(game: pg.Game) -> set[str]:
    return {c.code for hand in game._state.hands for c in hand} | {c.code for c in game._state.out_of_play}


def played_this_deal(game: pg.Game) -> list[list[str]]:
    """The cards of each trick of this deal so far, the one being played last (it may be empty)."""
    state = game._state
    return [[c.code for _, c in t.plays] for t in state.completed] + [[c.code for _, c in state.trick.plays]]


def game_at(trick: int, cards_down: int, *, options: dict | None = None, seed: int = 21) -> pg.Game:
    """A game of random (easy) play stopped in deal 1 when `cards_down` cards of trick `trick` are down."""
    game = pg.new_game("on_schedule", seed=seed, options=options)
    while True:
        view = game.view(None)
        if view["phase"] == "play" and view["trick_number"] == trick and len(view["trick"]) == cards_down:
            return game
        assert view["deal"] == 1
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))


def test_by_default_past_tricks_show_only_their_point_cards():
    game = game_at(5, 1)
    completed = game._state.completed
    assert len(completed) == 4
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        assert "out_of_play" not in view and "voids" not in view
        *earlier, last = view["played"]
        assert last == completed[-1].to_view()  # the last trick, still in view, in full
        for shown, done in zip(earlier, completed, strict=False):
            point_cards = [c.code for _, c in done.plays if c.code[0] in POINT_RANKS]
            assert shown == {"trick": done.number, "winner": done.winner, "points": done.points,
                             "doubled": done.doubled, "point_cards": point_cards, "face_down": 4 - len(point_cards)}
        assert len(earlier) == 3


def test_the_last_trick_stays_in_view_until_the_next_one_is_finished():
    game = game_at(5, 3)
    assert [("plays" in t) for t in game.view(0)["played"]] == [False, False, False, True]
    game.apply(pg.bot_action(game, "easy", seed=1))  # the fourth card: trick 5 is finished
    assert [("plays" in t) for t in game.view(0)["played"]] == [False, False, False, False, True]
    assert game.view(0)["played"][-1]["trick"] == 5


def test_the_assist_shows_the_full_record_as_before():
    plain, assisted = game_at(6, 2), game_at(6, 2, options=ASSIST)
    assert plain.history == assisted.history  # the option changes what is shown, never the play
    for seat in (0, 1, 2, 3):
        full = assisted.view(seat)
        assert full["show_played"] and not plain.view(seat)["show_played"]  # the view says which table it is
        assert full == assisted.remembered_view(seat) == {**plain.remembered_view(seat), "show_played": True}
        assert all("plays" in t for t in full["played"]) and len(full["played"]) == 5
        assert full["out_of_play"] and len(full["voids"]) == 4
        rest = {k: v for k, v in full.items() if k not in ("out_of_play", "voids")}
        assert rest == {**plain.view(seat), "played": full["played"], "row": full["row"], "show_played": True}
        assert all("card" in entry for entry in full["row"])
    assert assisted.view(None)["played"] == [t.to_view() for t in assisted._state.completed]


def test_the_schedule_row_is_turned_face_down_trick_by_trick():
    # the original: 「切り札を示す列は1トリック終了する毎に一枚づつ裏向きにしていくこと」; the row card of the
    # last finished trick stays up while that trick is in view
    game = game_at(5, 3)
    full_row = game.remembered_view(0)["row"]
    for seat in (None, 0, 1, 2, 3):
        row = game.view(seat)["row"]
        assert row[:3] == [{"trick": n, "face_down": True} for n in (1, 2, 3)]
        assert row[3:] == full_row[3:] and row[4]["suit"] == game.view(seat)["trump"]
        assert game.view(seat)["special"] == game.remembered_view(0)["special"]  # the sideways cards stay sideways
    game.apply(pg.bot_action(game, "easy", seed=1))  # the fourth card: trick 5 is finished, trick 4's card turns
    assert [entry.get("face_down", False) for entry in game.view(0)["row"][:6]] == [True] * 4 + [False] * 2


def test_the_row_before_the_play_and_in_the_first_two_tricks_is_face_up():
    for trick in (1, 2):
        game = game_at(trick, 0)
        assert game.view(0)["row"] == game.remembered_view(0)["row"]


@pytest.mark.parametrize("seed", [4, 9])
def test_no_view_shows_a_card_the_table_has_turned_over(seed):
    """Through a whole deal: of the finished tricks, a seat without the assist sees the last one and
    the point cards of the others; any other playing card in its view is its own (hand, gift, the
    cards received) or in the trick being played."""
    game = pg.new_game("on_schedule", seed=seed)
    while game.view(None)["deal"] == 1:
        *finished, current = played_this_deal(game)
        on_table = set(current) | set(finished[-1] if finished else []) | {
            code for trick in finished for code in trick if code[0] in POINT_RANKS}
        for seat in (None, 0, 1, 2, 3):
            view = game.view(seat)
            own = set(view["hand"] or []) | set(view["gave"] or []) | set(view["received"] or [])
            shown = private_strings(view) & deal_codes(game)
            assert shown <= on_table | own, f"seat {seat} sees {sorted(shown - on_table - own)}"
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))


@pytest.mark.parametrize("seed", [4, 9])
def test_a_bot_remembers_every_card_its_seat_saw_and_nothing_more(seed):
    game = pg.new_game("on_schedule", seed=seed)
    while game.view(None)["deal"] == 1:
        seen_played = {code for trick in played_this_deal(game) for code in trick}
        for seat in range(4):
            memory = game.remembered_view(seat)
            own = set(memory["hand"]) | set(memory["gave"] or []) | set(memory["received"] or [])
            remembered = private_strings(memory) & deal_codes(game)
            assert remembered <= seen_played | own, f"seat {seat} knows {sorted(remembered - seen_played - own)}"
            assert set(memory["out_of_play"]) == {c.code for c in game._state.out_of_play}
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_bots_play_as_well_without_the_assist(level, deterministic_search):
    """A bot remembers the turned-over tricks: with or without the assist it makes the same choices,
    and its hints are the same."""
    for trick, cards_down in ((4, 0), (7, 2), (11, 3)):
        plain, assisted = game_at(trick, cards_down), game_at(trick, cards_down, options=ASSIST)
        for seed in range(2):
            assert pg.bot_action(plain, level, seed=seed, time_budget_ms=deterministic_search) == \
                pg.bot_action(assisted, level, seed=seed, time_budget_ms=deterministic_search)
        if level == "hard":
            assert pg.hint(plain, seed=3, time_budget_ms=deterministic_search) == \
                pg.hint(assisted, seed=3, time_budget_ms=deterministic_search)


def old_save(game: pg.Game) -> str:
    """`game`'s save as a version without the option wrote it: no show_played among the options."""
    payload = json.loads(game.to_json())
    del payload["check"], payload["options"]["show_played"]
    payload["check"] = _check_text(payload)
    return json.dumps(payload)


def test_a_save_from_before_the_option_opens_without_the_assist():
    game = game_at(6, 1)
    text = old_save(game)
    assert "show_played" not in text
    opened = pg.load_game(text)
    assert opened.options["show_played"] is False and opened.history == game.history
    assert opened.view(0) == game.view(0) and "plays" not in opened.view(0)["played"][0]
    opened.apply(pg.bot_action(opened, "normal", seed=1))  # it plays on


@pytest.mark.parametrize("show_played", [True, False])
def test_the_option_goes_through_saves_and_links(show_played):
    game = game_at(6, 1, options={"show_played": show_played})
    opened = pg.load_game(game.to_json())
    assert opened.options["show_played"] is show_played
    assert opened.view(2) == game.view(2)
    # a link carries the deal's options as JSON (web/share.js): the same game, the same view
    linked = pg.new_game("on_schedule", seed=21, options=json.loads(json.dumps(game.options)))
    for action in game.history:
        linked.apply(action)
    assert linked.view(2) == game.view(2) and linked.options == game.options
    with pytest.raises(pg.BadSetup, match="show_played"):
        pg.new_game("on_schedule", options={"show_played": "yes"})
