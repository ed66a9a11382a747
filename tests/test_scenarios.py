"""The example scenarios shipped for rules blog posts (web/scenarios/*.json): each plays through the rules,
is captioned in English and Japanese, stays a live game at every step, and shows its rule happening."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import pygames_core as pg
from pygames_core.app.scenario import LANGUAGES, Scenario, parse_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "web" / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SENTENCE_END = re.compile(r"[.!?](?:\s|$)|[。!?]")
SEAT_NUMBER = re.compile(r"\bseat \d|席\d", re.IGNORECASE)  # the tables say You/West/North/East or Bot n
BOT_MOVES_AFTER_THE_END = 6


def load(name: str) -> Scenario:
    return parse_scenario((SCENARIOS / name).read_text(encoding="utf-8"))


def events_of_each_step(scenario: Scenario) -> tuple[pg.Game, list[list[dict]]]:
    """The game after the last step, and the events each step caused (index 0 is step 1)."""
    game = scenario.start()
    return game, [game.apply(step.action) for step in scenario.steps]


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [event for event in events if event["type"] == kind]


# --- every scenario ------------------------------------------------------------------------------------------

def test_the_five_examples_of_the_seeds_are_shipped():
    assert {path.name for path in FILES} >= set(KEY_MOMENTS)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_file_is_a_pretty_printed_versioned_scenario(path):
    text = path.read_text(encoding="utf-8")
    document = json.loads(text)
    assert list(document)[:2] == ["format", "version"]
    assert (document["format"], document["version"]) == ("pygames/scenario", 1)
    assert text.startswith('{\n  "format": "pygames/scenario",\n  "version": 1,\n') and text.endswith("}\n")
    assert all(not line.startswith("\t") and (len(line) - len(line.lstrip(" "))) % 2 == 0
               for line in text.splitlines())
    assert isinstance(document.get("setup"), dict), "a blog example starts from an explicit set-up"


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_plays_through_with_a_frame_per_step(path):
    scenario = load(path.name)
    frames = scenario.frames()
    assert 4 <= len(scenario.steps) <= 12
    assert [frame["step"] for frame in frames] == list(range(len(scenario.steps) + 1))
    assert all(frame["snapshot"]["seat"] == scenario.seat for frame in frames)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_title_intro_and_every_caption_in_english_and_japanese(path):
    scenario = load(path.name)
    texts = {"title": scenario.title, "intro": scenario.intro}
    texts.update({f"step {number}": step.caption for number, step in enumerate(scenario.steps, start=1)})
    for where, text in texts.items():
        assert set(text) == set(LANGUAGES), f"{where} needs en and ja"
        assert text["en"].strip() and not JAPANESE.search(text["en"]), f"{where}: en"
        assert JAPANESE.search(text["ja"]), f"{where}: ja is Japanese"
        assert not any(SEAT_NUMBER.search(words) for words in text.values()), f"{where}: name players as the table does"
    for number, step in enumerate(scenario.steps, start=1):
        for language, caption in step.caption.items():
            assert len(SENTENCE_END.findall(caption)) <= 2, f"step {number} {language}: one or two sentences"


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_every_step_starts_a_live_game_that_offers_the_next_action(path):
    scenario = load(path.name)
    for done, step in enumerate(scenario.steps):
        game = scenario.start(done)
        assert not game.is_over and step.action in game.legal_actions(), f"step {done + 1}"


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_play_from_the_last_step_goes_on_with_the_bots(path):
    scenario = load(path.name)
    game = scenario.start(len(scenario.steps))
    assert not game.is_over and game.result()["winners"] == []
    for number in range(BOT_MOVES_AFTER_THE_END):
        if game.is_over:
            break
        game.apply(pg.bot_action(game, "normal", seed=number))
    assert len(game.history) == len(scenario.steps) + BOT_MOVES_AFTER_THE_END


# --- the key moment of each example -----------------------------------------------------------------------

def arsene_push(scenario: Scenario) -> None:
    """The seed's example: A, B, C, D (seats 0-3) hold 1, 2, 1, 1 after five tricks; A wins trick 6 and
    may push it only onto C, and does."""
    game, events = events_of_each_step(scenario)
    push_step = next(i for i, step in enumerate(scenario.steps) if step.action["type"] == "push")
    before = scenario.start(push_step)
    view = before.view(scenario.seat)
    assert view["tricks"] == [1, 2, 1, 1] and view["trick_number"] == 6 and view["phase"] == "push"
    assert before.current_player == scenario.seat == 0
    assert before.legal_actions() == [{"type": "keep"}, {"type": "push", "to": 2}]
    [won] = of_type(events[push_step - 1], "trick_won")
    assert (won["winner"], won["trick"], won["push_to"]) == (0, 6, 2)
    assert events[push_step] == [{"type": "pushed", "from": 0, "to": 2}]
    assert game.view(None)["tricks"] == [1, 2, 2, 1]


def arsene_stores(scenario: Scenario) -> None:
    """The end of a deal: seat 0 keeps trick 10 (a push was possible) and robs store 3's next stack of 3,
    East robs store 4, West and North collide at store 2 and take nothing; the police's store 1 stays
    unvisited and the game goes on."""
    game, events = events_of_each_step(scenario)
    start = scenario.start().view(None)
    assert [store["chips"] for store in start["stores"]] == [0, 5, 8, 6, 2]
    keep_step = next(i for i, step in enumerate(scenario.steps) if step.action["type"] == "keep")
    assert scenario.start(keep_step).legal_actions() == [{"type": "keep"}, {"type": "push", "to": 1}]
    [over] = of_type(events[-1], "deal_over")
    summary = over["summary"]
    assert summary["tricks"] == [3, 2, 2, 4]
    assert summary["takes"] == [{"seat": 0, "store": 3, "chips": 3}, {"seat": 3, "store": 4, "chips": 1}]
    assert (summary["collisions"], summary["caught"]) == ([[1, 2]], [])
    chips = start["chips"]
    assert summary["chips_after"] == [chips[0] + 3, chips[1], chips[2], chips[3] + 1]
    assert not game.is_over and game.view(None)["deal"] == start["deal"] + 1


def apples_exchange(scenario: Scenario) -> None:
    """The declarer of 2 hearts puts two trumps into the pile, the others any two cards each; the pile is
    dealt back two to each (seat 0 gets the ace of diamonds that West put in), then seat 0 sets the ace of
    spades aside as its target, holding the other three aces."""
    game, events = events_of_each_step(scenario)
    discards = [step.action["card"] for step in scenario.steps if step.action["type"] == "discard"]
    assert discards[:2] == ["3H", "4H"] and len(discards) == 8
    assert scenario.start(1).legal_actions() == [{"type": "discard", "card": card} for card in ("AH", "KH", "9H", "4H")]
    assert [e["seat"] for step_events in events for e in of_type(step_events, "discarded")] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert of_type(events[7], "pile_dealt") == [{"type": "pile_dealt", "count": 2}]
    view = game.view(scenario.seat)
    assert view["received"] == ["2H", "AD"] and view["discards"] == ["3H", "4H"]
    assert view["target"] == "AS" and {"AH", "AC", "AD"} <= set(view["hand"])
    assert view["phase"] == "target" and view["targets_set"] == [True, False, False, False]


def apples_scoring(scenario: Scenario) -> None:
    """The last two tricks: seat 0's third ace makes a triple (40), its captured king pairs with its target
    king (15), three 7s score 20: 75; West wins the last trick and its three 5s lose 30."""
    _, events = events_of_each_step(scenario)
    [over] = of_type(events[-1], "deal_over")
    summary = over["summary"]
    assert summary["sets"][0] == [{"rank": "A", "count": 3, "target": False, "points": 40},
                                  {"rank": "K", "count": 1, "target": True, "points": 15},
                                  {"rank": "7", "count": 3, "target": False, "points": 20}]
    assert summary["points"][0] == 75
    assert {"rank": "5", "count": 3, "target": False, "points": -30} in summary["sets"][1]
    won = [event["winner"] for step_events in events for event in of_type(step_events, "trick_won")]
    assert won == [0, 1]
    assert summary["scores"] == [start + points for start, points in zip([95, 120, 60, 140], summary["points"],
                                                                       strict=True)]


def chains_sold_out(scenario: Scenario) -> None:
    """Three players: the second 4 taken sells the 4s out, and the last one (seat 2's) is locked."""
    game, events = events_of_each_step(scenario)
    assert game.view(None)["threshold"] == 2
    sold = [(number, event) for number, step_events in enumerate(events) for event in of_type(step_events, "sold_out")]
    assert sold == [(len(events) - 1, {"type": "sold_out", "number": 4, "locked": [2]})]
    assert of_type(events[-1], "chain")[0]["seat"] == scenario.seat == 0
    fours = game.view(None)["end_cards"][3]
    assert fours == {"number": 4, "open": [], "taken_by": [0, 1], "locked": True}
    # seat 2 had passed up closing with its 5, reaching for the 4: the 5 is still open to it
    assert game.view(None)["end_cards"][4]["open"] == [0, 1, 2]


def dominuxen_snatch(scenario: Scenario) -> None:
    """One set hits two players, settled one after the other clockwise; the player between is safe."""
    _, events = events_of_each_step(scenario)
    hits = [event for step_events in events for event in of_type(step_events, "hit")]
    assert [(hit["attacker"], hit["victim"]) for hit in hits] == [(0, 1), (0, 3)]
    assert all(hit["set"]["number"] == 5 and hit["set"]["size"] == 2 for hit in hits)
    plays = [event for step_events in events for event in of_type(step_events, "played")]
    assert [play["seat"] for play in plays] == [3, 0]  # both hits come from seat 0's one play
    settled = [event["type"] for step_events in events for event in step_events
               if event["type"] in ("hit", "taken", "drew", "refilled", "declined", "taken_back")]
    assert settled == ["hit", "taken", "drew", "drew", "refilled", "hit", "declined", "taken_back"]


def chains_scoring(scenario: Scenario) -> None:
    """Each taken end card scores by its number (1: 5, 2-4: 3, 5-7: 2, 8-10: 1), the 10 alone only once
    one of the player's 1-9 is taken."""
    start = scenario.start()
    assert [table["score"] for table in start.view(None)["tables"]] == [0, 0, 0]
    game, events = events_of_each_step(scenario)
    chains = [(event["seat"], event["end"], event["points"]) for step_events in events
              for event in of_type(step_events, "chain")]
    assert chains == [(0, 1, 5), (1, 7, 2), (2, 4, 3), (0, 10, 1)]
    assert [table["score"] for table in game.view(None)["tables"]] == [6, 2, 3]
    ten = scenario.start(len(scenario.steps) - 1)
    assert ten.view(None)["tables"][0]["work"] == [] and {"type": "close", "end": 10} in ten.legal_actions()
    # tens last: the same empty work area, before the 1 was taken, offers no 10
    before = pg.new_game("chains", players=3, seed=0, setup={"tables": [{}, {}, {}], "current": 0})
    assert {"type": "close", "end": 10} not in before.legal_actions()


def dominuxen_zero_beats_twelve(scenario: Scenario) -> None:
    """Two 0s hit two 12s; two 12s do not hit two 0s; two 1s do. Rows score +1 and hands -1 per tile."""
    game, events = events_of_each_step(scenario)
    hits = [(hit["attacker"], hit["victim"], hit["set"]["number"]) for step_events in events
            for hit in of_type(step_events, "hit")]
    assert hits == [(0, 2, 12), (2, 0, 0)]
    twelves = next(i for i, step in enumerate(scenario.steps) if step.action.get("number") == 12)
    assert of_type(events[twelves], "hit") == [] and scenario.start(twelves).view(None)["rows"][0][-1]["number"] == 0
    view = game.view(0)
    assert view["rows"][0] == [] and sorted(view["hand"]) == sorted(
        ["0-3", "0-7", "2-9", "4-8", "5-12", "6-10", "10-12", "11-12"])
    assert view["row_points"] == [0, 4, 3]  # Bot 1: two 6s and two 12s; Bot 2: one 3 and two 1s


def on_schedule_special_trick(scenario: Scenario) -> None:
    """Seat 0 wins its own special trick (trick 9): the points count double."""
    game, events = events_of_each_step(scenario)
    assert scenario.start().view(scenario.seat)["special"][0] == 9
    tricks = {event["trick"]: event for step_events in events for event in of_type(step_events, "trick_won")}
    assert (tricks[8]["winner"], tricks[8]["doubled"]) == (3, False)
    assert (tricks[9]["winner"], tricks[9]["points"], tricks[9]["doubled"]) == (0, 4, True)
    assert game.view(None)["points"][0] == scenario.start().view(None)["points"][0] + 4


def roller_derby_all_or_nothing(scenario: Scenario) -> None:
    """The roller, with a target of 11, declares All or Nothing, then starts taking every trick."""
    game, events = events_of_each_step(scenario)
    start = scenario.start()
    assert start.view(None)["target"] == 11 and start.view(None)["roller"] == scenario.seat == 0
    declared = [event for step_events in events for event in of_type(step_events, "declared")]
    assert declared == [{"type": "declared", "seat": 0, "all_or_nothing": True}]
    view = game.view(None)
    assert view["all_or_nothing"] is True and view["rolling_tricks"] == view["trick_number"] - 1 == 2


def on_schedule_last_trick(scenario: Scenario) -> None:
    """Trick 13 doubles for everyone (North, whose special trick it is not, scores 6 for 3 points), and the
    team with more points at the end (17 against 13) takes the deal's victory point."""
    _, events = events_of_each_step(scenario)
    start = scenario.start().view(None)
    assert start["special"][2] != 13 and start["special"][3] == 12
    tricks = {event["trick"]: event for step_events in events for event in of_type(step_events, "trick_won")}
    assert (tricks[12]["winner"], tricks[12]["points"], tricks[12]["doubled"]) == (0, 2, False)
    assert (tricks[13]["winner"], tricks[13]["points"], tricks[13]["doubled"]) == (2, 6, True)
    [over] = of_type(events[-1], "deal_over")
    assert over["summary"]["team_points"] == [17, 13]
    assert (over["summary"]["winner_team"], over["summary"]["victory_points"]) == (0, [1, 0])


def roller_derby_exact_target(scenario: Scenario) -> None:
    """The rolling team, on its target of 7 with two tricks left, ducks both and scores exactly 100; winning
    trick 12 with the king instead would have left it leading its last spade, which no one can follow or
    trump: 9 tricks and 80 points."""
    _, events = events_of_each_step(scenario)
    start = scenario.start().view(None)
    assert (start["target"], start["rolling_tricks"], start["rolling_team"]) == (7, 7, 0)
    [over] = of_type(events[-1], "deal_over")
    assert (over["summary"]["tricks"], over["summary"]["points"], over["summary"]["score"]) == (7, 100, 100)
    duck = next(i for i, step in enumerate(scenario.steps) if step.action == {"type": "play", "card": "3S"})
    overtaken = scenario.start(duck)
    overtaken.apply({"type": "play", "card": "KS"})
    while overtaken.view(None)["deal"] == 1:
        overtaken.apply(pg.bot_action(overtaken, "normal", seed=0))
    [summary] = overtaken.view(None)["deals"]
    assert (summary["tricks"], summary["points"]) == (9, 80)


def dominuxen_scoring(scenario: Scenario) -> None:
    """Game 1 of a two-game match: seat 0 takes a set it was offered, then Bot 2 plays its last tile and
    the game ends at once: rows +1 and hands -1 a tile, so the two taken tiles cost seat 0 two points."""
    game, events = events_of_each_step(scenario)
    assert [step.action["type"] for step in scenario.steps[:2]] == ["play", "take"]
    assert of_type(events[1], "taken") == [{"type": "taken", "attacker": 0, "victim": 1, "tiles": ["5-6", "5-9"]}]
    assert all(not of_type(step_events, "game_ended") for step_events in events[:-1])
    [ended] = of_type(events[-1], "game_ended")
    summary = ended["summary"]
    assert (summary["reason"], summary["ended_by"], summary["game"]) == ("hand_empty", 2, 1)
    assert summary["rows"] == [3, 2, 4] and [len(hand) for hand in summary["hands"]] == [3, 2, 0]
    assert summary["scores"] == [row - len(hand) for row, hand in zip(summary["rows"], summary["hands"], strict=True)]
    assert summary["scores"] == [0, 0, 4]
    # leaving the 5s instead: seat 0 would end on 2 (its hand the 1-3 alone), two points more
    declined = scenario.start(1)
    declined.apply({"type": "decline"})
    assert declined.view(0)["hand"] == ["1-3"]
    assert not game.is_over and game.view(None)["game_number"] == 2  # the match goes on: "Play from here"


KEY_MOMENTS: dict[str, Callable[[Scenario], None]] = {
    "arsene-push.json": arsene_push,
    "apples-exchange.json": apples_exchange,
    "apples-scoring.json": apples_scoring,
    "arsene-stores.json": arsene_stores,
    "chains-scoring.json": chains_scoring,
    "chains-sold-out.json": chains_sold_out,
    "dominuxen-scoring.json": dominuxen_scoring,
    "dominuxen-snatch.json": dominuxen_snatch,
    "dominuxen-zero-beats-twelve.json": dominuxen_zero_beats_twelve,
    "on-schedule-last-trick.json": on_schedule_last_trick,
    "on-schedule-special-trick.json": on_schedule_special_trick,
    "roller-derby-all-or-nothing.json": roller_derby_all_or_nothing,
    "roller-derby-exact-target.json": roller_derby_exact_target,
}


@pytest.mark.parametrize("name", sorted(KEY_MOMENTS))
def test_the_key_moment_happens(name):
    KEY_MOMENTS[name](load(name))


@pytest.mark.parametrize("game_id", [game["id"] for game in pg.list_games() if pg.how_to_play(game["id"])])
def test_each_example_illustrates_one_section_of_the_rules(game_id):
    """A section's example shows that section's rule: no example stands for two sections (Dominuxen's
    scoring once showed its first example again), and each one named is shipped."""
    examples = [section["example"] for section in pg.how_to_play(game_id)["sections"] if "example" in section]
    assert len(examples) == len(set(examples)), f"{game_id}: an example shown under two sections"
    assert all((SCENARIOS / f"{name}.json").exists() for name in examples)
