"""The hint in every game: on random seeded positions of all six games (and their main options), covering
every kind of decision each game has, the hint suggests a legal action, values only legal actions,
gives a well-formed reason (pygames_core.hint) that names what the move does in the game's own terms in English
and Japanese (never a bare value), and says the same from two states that look the same from the player's seat (no
peeking: the second state is dealt by the game's own sampler from that seat's view). Then the reason's parts: "about
as good as", the outcome that tells two moves apart, a blind choice, the trick a card completes, the cube's
threshold."""

from __future__ import annotations

import itertools
import json
import re
import time

import pytest

import pygames_core as pg
from pygames_core.ai import cube, levels, search
from pygames_core.ai.bot import Words
from pygames_core.ai.levels import HINT_BUDGET_MS, find_level, hint_level
from pygames_core.engine.game import Game
from pygames_core.engine.rng import Rng
from pygames_core.games import find_entry
from pygames_core.games.chains.bot import ChainsBot
from pygames_core.games.chains.rules import CHAINS
from pygames_core.kit.match import CUBE_ACTIONS

# (game, players, options) -> every kind of decision (action type) the game offers there
CONFIGS: dict[str, tuple[str, int, dict, set[str]]] = {
    "arsene": ("arsene", 4, {"advanced": True}, {"choose", "play", "keep", "push"}),
    "chains solitaire beginner": ("chains", 1, {"mode": "beginner"}, {"draw", "place", "move", "close"}),
    "chains solitaire advanced": ("chains", 1, {"mode": "advanced"}, {"draw", "place", "move", "close"}),
    "chains 3 players": ("chains", 3, {}, {"draw", "place", "move", "close"}),
    "chains 2 players with the cube": ("chains", 2, {"cube": True, "match_to": 3},
                                       {"draw", "place", "move", "close", "double", "take", "pass"}),
    "dominuxen 3 players": ("dominuxen", 3, {}, {"play", "take", "decline", "take_back", "discard", "draw"}),
    "dominuxen 4 players with doubles": ("dominuxen", 4, {"doubles": True},
                                         {"play", "take", "decline", "take_back", "discard", "draw"}),
    "dominuxen 5 players": ("dominuxen", 5, {}, {"play", "take", "decline", "take_back", "discard", "draw"}),
    "on schedule": ("on_schedule", 4, {}, {"vote", "give", "play"}),
    "on schedule with the cube": ("on_schedule", 4, {"cube": True, "match_to": 3},
                                  {"vote", "give", "play", "double", "take", "pass"}),
    "apples": ("apples", 4, {}, {"bid", "pass", "discard", "target", "play"}),
    "roller derby": ("roller_derby", 4, {}, {"roll", "give", "trump", "declare", "play"}),
    "roller derby with jokers": ("roller_derby", 4, {"jokers": True, "privilege": True},
                                 {"roll", "give", "trump", "buy", "discard", "declare", "play"}),
}
MAX_STEPS = 400  # random moves per game searched for positions
# The view fields a game's sampler does not rebuild exactly, so a sampled state's view differs there:
# Apples' leaves the other seats' discard piles empty after the exchange (the view counts them; the
# hint does not read the counts then).
SAMPLER_GAPS = {"apples": {"discarded"}}


@pytest.fixture
def one_sample(monkeypatch: pytest.MonkeyPatch) -> int:
    """Hints from exactly one sampled deal (or deck order) whatever the machine's speed, so that two can
    be compared, and quick: a clock that moves a second at every look ends every budget after the
    first sample. Returns the budget to ask for (ms)."""
    clock = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    monkeypatch.setattr(search, "MIN_SAMPLES", 1)
    monkeypatch.setattr(cube, "MIN_SAMPLES", 1)
    return 1


def decision_positions(game_id: str, players: int, options: dict, seed: int, seen: set[str],
                       wanted: set[str]) -> list[Game]:
    """Positions from random (easy) play, each the first to offer a kind of decision (an action type)
    not in `seen`, which grows, until every kind `wanted` is seen: copies, safe to use."""
    game = pg.new_game(game_id, players=players, seed=seed, options=options)
    found = []
    for step in range(MAX_STEPS):
        if game.is_over or seen >= wanted:
            break
        kinds = {a["type"] for a in game.legal_actions()}
        if not kinds <= seen:
            seen |= kinds
            found.append(game.copy())
        game.apply(pg.bot_action(game, "easy", seed=seed * 1000 + step))
    return found


def twin_from_view(game: Game) -> Game:
    """A game in a state dealt by the game's sampler from what the mover's seat has seen (its remembered
    view): it looks the same from that seat (but for the sampler's known gaps), whatever else differs
    (hands, decks, the dice to come)."""
    seat = game.current_player
    view = game.remembered_view(seat)
    twin = Game(game.rules, game.players, game.seed, game.options, game.setup,
                find_entry(game.game_id).bot.sample_state(view, Rng(99)))
    gaps = SAMPLER_GAPS.get(game.game_id, set())
    assert json.dumps({k: v for k, v in twin.remembered_view(seat).items() if k not in gaps}, sort_keys=True) == \
        json.dumps({k: v for k, v in view.items() if k not in gaps}, sort_keys=True)
    assert twin.legal_actions() == game.legal_actions()
    return twin


# Words of each game a reason's outcome must use (in both languages): what the move does in that game.
GAME_TERMS = {
    "arsene": (("store", "police", "trick"), ("店", "ポリス", "トリック")),
    "on_schedule": (("team", "victory point"), ("チーム", "勝利点")),
    "roller_derby": (("tricks", "All or Nothing"), ("トリック", "オール・オア・ナッシング")),
    "apples": (("points of the deal",), ("ディールで",)),
    "dominuxen": (("win", "finish"), ("勝", "位で終わる")),
    "chains": (("runs", "win", "finish"), ("組", "勝", "位で終わる")),
}
# A reason that is a bare number, as the hints said before they spoke the games' language.
BARE_NUMBERS = re.compile(r"out of 100|\d+ against \d+|100点満点|平均\d+点")


def check_words(words: dict, game_id: str) -> None:
    """`words` ({"en", "ja"}) name what happens in the game, in its terms, and are no bare number."""
    assert set(words) == {"en", "ja"}
    for language, terms in zip(("en", "ja"), GAME_TERMS[game_id], strict=True):
        said = words[language]
        assert said and not BARE_NUMBERS.search(said), said
        assert any(term in said for term in terms), f"{game_id} {language}: {said!r} names nothing of the game"


def check_reason(hint: dict, legal: list[dict], game_id: str) -> None:
    reason = hint["reason"]
    kind = reason["kind"]
    if "text" in reason:
        assert set(reason["text"]) == {"en", "ja"} and all(reason["text"].values())
    if kind == "forced":
        assert set(reason) <= {"kind", "text"}
        assert len(legal) == 1
        return
    if kind == "blind":  # nothing the player sees tells the actions apart: it says so, and no search ran
        assert set(reason) == {"kind", "text"} and hint["samples"] == 0
        assert all(v["value"] is None for v in hint["values"])
        return
    if kind == "cube":
        assert set(reason) <= {"kind", "win_chance", "threshold", "decision", "text"}
        assert 0 <= reason["win_chance"] <= 1 and reason["threshold"] in (cube.TAKE_FROM, cube.DOUBLE_AT, 0.0)
        enough = reason["win_chance"] >= reason["threshold"]
        expected = {"take": enough, "pass": not enough, "double": enough, "play_on": not enough}
        assert expected[reason["decision"]]
        assert any(a["type"] in CUBE_ACTIONS for a in legal)
        return
    assert kind == "search" and set(reason) <= {"kind", "samples", "value", "runner_up", "outcome", "effect", "text"}
    if "effect" in reason:  # what the move does at once: the trick its card completes
        assert "trick" in reason["effect"]["en"] and "トリック" in reason["effect"]["ja"]
    assert reason["samples"] >= 1 and 0 <= reason["value"] <= 1
    assert {"action": hint["action"], "value": reason["value"]} in hint["values"]
    # every built-in game says what the move's play-outs end in, in its own terms
    outcome = reason["outcome"]
    assert 0 <= outcome["count"] <= outcome["of"] <= reason["samples"]
    # the move's own most common outcome, unless one it avoids tells it from a clearly worse next best
    told_apart = reason["runner_up"] is not None and not reason["runner_up"]["as_good"]
    assert outcome["count"] >= 1 or told_apart
    check_words(outcome["text"], game_id)
    runner_up = reason["runner_up"]
    if runner_up is None:
        assert len(hint["values"]) == 1
    else:
        assert set(runner_up) <= {"action", "value", "as_good", "outcome"} and isinstance(runner_up["as_good"], bool)
        assert {"action": runner_up["action"], "value": runner_up["value"]} in hint["values"]
        assert runner_up["action"] != hint["action"]
        if "outcome" in runner_up:  # only where the outcome tells a clearly worse next best apart
            assert not runner_up["as_good"] and 0 <= runner_up["outcome"]["count"] <= runner_up["outcome"]["of"]
            assert runner_up["outcome"]["count"] * outcome["of"] != outcome["count"] * runner_up["outcome"]["of"]


@pytest.mark.parametrize("name", list(CONFIGS))
def test_the_hint_on_random_positions_of_every_kind_of_decision(name, one_sample):
    game_id, players, options, decisions = CONFIGS[name]
    reached: set[str] = set()
    reasons: set[str] = set()
    for seed in range(3):
        for position in decision_positions(game_id, players, options, seed, reached, decisions):
            legal = position.legal_actions()
            before = position.to_json()
            hint = pg.hint(position, seed=seed, time_budget_ms=one_sample)
            assert position.to_json() == before  # a hint changes nothing
            assert hint["action"] in legal
            assert hint["values"] and all(v["action"] in legal for v in hint["values"])
            check_reason(hint, legal, game_id)
            reasons.add(hint["reason"]["kind"])
            # no built-in game has a hint of its own, in words: only a blind choice says so in words
            assert ("text" in hint["reason"]) == (hint["reason"]["kind"] == "blind")
            json.dumps(hint)
            assert pg.hint(twin_from_view(position), seed=seed, time_budget_ms=one_sample) == hint
        if reached >= decisions:
            break
    assert reached == decisions
    assert "search" in reasons and ("cube" in reasons) == ("double" in decisions)
    assert ("blind" in reasons) == ("choose" in decisions)  # Arsène's face-down edge cards


def test_the_hint_searches_as_the_strongest_level_that_fits_its_budget():
    assert hint_level(HINT_BUDGET_MS) == find_level("hard")  # no level's budget fits: the first that searches
    assert hint_level(1000) == find_level("hard")
    assert hint_level(2999) == find_level("hard")
    assert hint_level(3000) == find_level("expert")
    assert [level["name"] for level in pg.list_levels() if level["budget_ms"]] == ["hard", "expert"]


def test_a_game_with_a_hint_of_its_own_answers_in_its_own_words():
    # no built-in game gives one (the Chains solitaire's was the solver's until the search hinted
    # better), but a designer's may (Bot.hint): its answer, with its reason in words, is the hint
    class WordyBot(ChainsBot):
        def hint(self, view, legal, budget_ms, rng):
            seen.append(view)
            reason = {"kind": "search", "samples": 0, "value": 0.5, "runner_up": None,
                      "text": {"en": "Draw first.", "ja": "まず引きます。"}}
            return {"action": legal[-1], "values": [{"action": legal[-1], "value": 0.5}], "samples": 0,
                    "reason": reason}

    seen: list[dict] = []
    game = pg.new_game("chains", seed=7)
    game.apply({"type": "close", "end": 10})
    game.apply({"type": "draw"})
    assert len(game.legal_actions()) > 1  # a choice: a forced move is hinted without asking the game
    answer = levels.hint(WordyBot(CHAINS), game, seed=1)
    assert answer["action"] == game.legal_actions()[-1] and answer["reason"]["text"]["en"] == "Draw first."
    assert seen == [game.remembered_view(0)]  # it is given the seat's view only


# --- the reason's parts: "about as good as", the telling outcome, a blind choice, the cube's threshold ------

STORE_2 = Words("you end on 2 tricks and rob store 2", "2トリックで終わり、店2から盗む")
CAUGHT = Words("you end on 3 tricks and are caught by the police at empty store 3",
               "3トリックで終わり、空の店3でポリスに捕まる")
PLAY = [{"type": "play", "card": "9C"}, {"type": "play", "card": "TS"}]


def test_a_move_the_search_cannot_tell_from_the_next_best_is_about_as_good_as_it():
    # paired play-outs whose differences are within their noise: the search cannot tell them apart
    played = [[1.0, 0.0, 1.0, 0.0, 1.0], [0.0, 1.0, 1.0, 0.0, 1.0]]
    outcomes = [[STORE_2, CAUGHT, STORE_2, CAUGHT, STORE_2], [CAUGHT, STORE_2, STORE_2, CAUGHT, STORE_2]]
    reason = levels.search_reason(0, 1, PLAY, played, outcomes, 5)
    assert reason["runner_up"]["as_good"] is True
    # then the move's most common outcome is said, with nothing to tell the other move apart by
    assert reason["outcome"] == {"text": STORE_2.to_json(), "count": 3, "of": 5}
    assert "outcome" not in reason["runner_up"]


def test_a_clearly_better_move_is_told_by_the_outcome_it_reaches_more_often_than_the_next_best():
    played = [[1.0, 1.0, 0.9, 1.0, 0.0, 1.0], [0.0, 0.1, 0.0, 0.0, 0.0, 0.0]]
    # the move is mostly caught too (CAUGHT is its most common outcome), but it robs store 2 where the
    # other never does: that is what tells them apart
    outcomes = [[STORE_2, STORE_2, CAUGHT, CAUGHT, CAUGHT, CAUGHT], [CAUGHT] * 6]
    reason = levels.search_reason(0, 1, PLAY, played, outcomes, 6)
    assert reason["runner_up"]["as_good"] is False
    assert reason["outcome"] == {"text": STORE_2.to_json(), "count": 2, "of": 6}
    assert reason["runner_up"]["outcome"] == {"count": 0, "of": 6}
    # a game that names no outcomes: the reason still compares the moves, with no outcome to tell
    unnamed = levels.search_reason(0, 1, PLAY, played, [[None] * 6, [None] * 6], 6)
    assert "outcome" not in unnamed and "outcome" not in unnamed["runner_up"]


def test_a_choice_among_face_down_cards_is_said_to_be_blind_and_no_search_runs(monkeypatch):
    game = pg.new_game("arsene", seed=5)
    assert game.view(game.current_player)["phase"] == "choose"

    def no_search(*args, **kwargs):
        raise AssertionError("nothing to search: the three cards are face down")

    monkeypatch.setattr(levels, "search_action", no_search)
    hint = pg.hint(game, seed=1)
    assert hint["action"] == game.legal_actions()[0] and hint["samples"] == 0
    assert hint["reason"]["kind"] == "blind"
    assert "face down" in hint["reason"]["text"]["en"] and "伏せ" in hint["reason"]["text"]["ja"]
    assert [v["value"] for v in hint["values"]] == [None] * 3


def on_schedule_cube(victory_points: list[int], *, doubled: bool) -> Game:
    """On Schedule with the cube, tricks 12 and 13 to come, seat 0 to lead: its double offered, or,
    `doubled`, seat 3 (who leads) has doubled and seat 0, on its left, answers."""
    hands = [["AH", "2C"], ["KH", "3C"], ["QH", "4C"], ["JH", "5C"]]
    row = ["AD", "5S", "8H", "JC", "2D", "6H", "9S", "QD", "3C", "7C", "TD", "KH", "4S"]
    setup = {"dealer": 0, "hands": hands, "row": row, "tricks": [3, 3, 3, 2], "leader": 3 if doubled else 0,
             "victory_points": victory_points}
    game = pg.new_game("on_schedule", seed=0, options={"cube": True, "match_to": 7, "crawford": False}, setup=setup)
    if doubled:
        game.apply({"type": "double"})
    assert game.current_player == 0
    return game


@pytest.mark.parametrize(("victory_points", "doubled", "threshold"), [
    ([0, 0], True, cube.TAKE_FROM),  # answering a double: the chance from which a take beats a pass
    ([0, 0], False, cube.DOUBLE_AT),  # whether to double
    ([0, 6], False, 0.0),  # the other team wins the match by winning this deal anyway: double at any chance
])
def test_a_cube_hint_gives_the_chance_the_decision_turns_at(victory_points, doubled, threshold, one_sample):
    game = on_schedule_cube(victory_points, doubled=doubled)
    assert any(a["type"] in CUBE_ACTIONS for a in game.legal_actions())
    reason = pg.hint(game, seed=1, time_budget_ms=one_sample)["reason"]
    assert reason["kind"] == "cube" and reason["threshold"] == threshold
    enough = reason["win_chance"] >= threshold
    assert reason["decision"] == ({True: "take", False: "pass"}[enough] if doubled
                                  else {True: "double", False: "play_on"}[enough])


def last_card_of_a_trick(game_id: str, seed: int) -> Game:
    """A position of random play where the mover plays the last card of a trick, with a choice of cards."""
    game = pg.new_game(game_id, seed=seed)
    for step in range(MAX_STEPS):
        view = game.view(game.current_player)
        legal = game.legal_actions()
        if len(view.get("trick") or []) == 3 and len(legal) > 1 and all(a["type"] == "play" for a in legal):
            return game
        game.apply(pg.bot_action(game, "easy", seed=step))
    raise AssertionError(f"no last card of a trick in {game_id} seed {seed}")


@pytest.mark.parametrize("game_id", ["arsene", "on_schedule", "roller_derby", "apples"])
def test_a_card_that_completes_a_trick_is_said_to_win_it_or_not(game_id, one_sample):
    game = last_card_of_a_trick(game_id, 2)
    seat = game.current_player
    hint = pg.hint(game, seed=1, time_budget_ms=one_sample)
    won = next(e for e in game.copy().apply(hint["action"]) if e["type"] == "trick_won")
    effect = hint["reason"]["effect"]
    assert effect["en"].startswith("you win the trick") == (won["winner"] == seat)
    assert ("このトリックに勝" in effect["ja"] and not effect["ja"].startswith(("パートナー", "相手", "他の"))) == \
        (won["winner"] == seat)
    if won["winner"] != seat:
        partner = game_id in ("on_schedule", "roller_derby") and won["winner"] == (seat + 2) % 4
        assert effect["en"].startswith("your partner wins" if partner else ("an opponent wins", "another player wins"))


@pytest.fixture
def twenty_samples(monkeypatch: pytest.MonkeyPatch) -> int:
    """Hints from a fixed number of samples whatever the machine's speed: a clock that moves a
    millisecond at every look, and a budget of 20 play-outs of two actions. Returns the budget (ms)."""
    clock = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: next(clock) / 1000)
    return 40


def test_a_move_clearly_better_than_the_next_best_says_what_it_avoids(twenty_samples):
    # Roller Derby's roller declaring All or Nothing (all 13 tricks or none) or the dice's target: the
    # search tells them apart, and the reason says what the chosen one reaches more often than the other
    game = next(position for position in decision_positions("roller_derby", 4, {}, 0, set(), {"declare"})
                if position.legal_actions()[0]["type"] == "declare")
    reason = pg.hint(game, seed=1, time_budget_ms=twenty_samples)["reason"]
    runner_up, outcome = reason["runner_up"], reason["outcome"]
    assert runner_up["as_good"] is False and outcome["of"] >= 8
    # the telling end: a failed All or Nothing, which the move never reaches and the declaration always does
    assert outcome["text"]["en"] == "your team fails its All or Nothing"
    assert outcome["count"] == 0 and runner_up["outcome"]["count"] == runner_up["outcome"]["of"]
    check_words(outcome["text"], "roller_derby")


@pytest.mark.parametrize("position", ["move", "cube"])
def test_a_hint_with_a_sample_budget_is_the_same_whatever_the_clock(position, monkeypatch):
    """Given `samples`, the hint's search (and its cube estimate) draws exactly that many and never reads
    the clock: the same seed gives the same hint on a fast machine and on one whose budget is spent at once."""
    game = on_schedule_cube([0, 0], doubled=True) if position == "cube" else pg.new_game("arsene", seed=5)
    while len(game.legal_actions()) == 1 or game.view(None).get("phase") == "choose":
        game.apply(pg.bot_action(game, "easy", seed=len(game.history)))
    steady = pg.hint(game, seed=2, samples=24, time_budget_ms=10_000)
    assert 0 < steady["samples"] <= 24
    assert pg.hint(game, seed=2, samples=24, time_budget_ms=1) == steady
    clock = itertools.count(step=60)
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    assert pg.hint(game, seed=2, samples=24) == steady
    assert pg.hint(game, seed=2)["samples"] < steady["samples"]  # without a sample budget the clock rules
