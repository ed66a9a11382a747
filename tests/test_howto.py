"""The how-to-play documents (pygames_core/howto/<game>.json): the loader's checks, and every shipped
document against the format a newcomer's rules page needs (both languages, the required sections,
examples that are shipped scenarios of the same game, cards the game knows, its decisions marked)."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

import pygames_core as pg
from pygames_core.app.bridge import call
from pygames_core.app.scenario import parse_scenario
from pygames_core.engine import howto

SCENARIOS = Path(__file__).resolve().parent.parent / "web" / "scenarios"
GAME_IDS = [game["id"] for game in pg.list_games()]
DOCUMENTED = [game_id for game_id in GAME_IDS if howto.is_shipped(game_id)]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SEEDS = range(6)
PLAYED_STEPS = 40  # enough for every card to be offered: jokers are bought before the first trick


def texts(document: dict) -> list[dict]:
    """Every {"en", "ja"} text of a document: pitch, length, section titles and paragraphs."""
    found = [document["pitch"], document["length"]]
    for section in document["sections"]:
        found.append(section["title"])
        found.extend(section["paragraphs"])
    return found


def scalars(value: object) -> set:
    """Every text and whole number inside a view, where its cards and tiles are written."""
    found: set = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str) or (isinstance(item, int) and not isinstance(item, bool)):
            found.add(item)
    return found


def known_codes(game_id: str) -> set:
    """What the game writes: every seat's view of new games (every player count, each yes/no or choice
    option), so every card of the deck appears; the legal actions along a short game of easy bots
    (cards that come into play later, such as Roller Derby's jokers); its shipped scenarios' positions."""
    info = next(game for game in pg.list_games() if game["id"] == game_id)
    low, high = info["players"]
    choices = [[False, True] if option["type"] == "bool" else option.get("choices", [option["default"]])
               for option in info["options"]]
    codes: set = set()
    for players in range(low, min(high, 6) + 1):
        for values in itertools.product(*choices):
            options = {option["name"]: value for option, value in zip(info["options"], values, strict=True)}
            for seed in SEEDS:
                try:
                    game = pg.new_game(game_id, players=players, seed=seed, options=options)
                except pg.BadSetup:  # an option that does not apply to this player count
                    break
                for seat in range(players):
                    codes |= scalars(game.view(seat))
                if players == low and seed == 0:
                    for step in range(PLAYED_STEPS):
                        if game.is_over:
                            break
                        codes |= scalars(game.legal_actions())
                        game.apply(pg.bot_action(game, "easy", seed=step))
    for path in SCENARIOS.glob("*.json"):
        example = parse_scenario(path.read_text(encoding="utf-8"))
        if example.game == game_id:
            codes |= scalars([frame["snapshot"]["view"] for frame in example.frames()])
    return codes


def scenario(name: str) -> dict | None:
    path = SCENARIOS / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


# --- every listed game: its document is shipped ------------------------------------------------------

def test_every_listed_game_has_a_how_to_play_document():
    """Expects all six documents: each game branch of issue 14 brings its own two; passes once merged."""
    assert [game_id for game_id in GAME_IDS if not howto.is_shipped(game_id)] == []


def test_list_games_carries_each_documents_pitch_and_length():
    for game in pg.list_games():
        if game["id"] in DOCUMENTED:
            document = pg.how_to_play(game["id"])
            assert (game["pitch"], game["length"]) == (document["pitch"], document["length"])
        else:
            assert (game["pitch"], game["length"]) == (None, None)


# --- each shipped document ---------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_document_is_read_and_checked(game_id):
    document = pg.how_to_play(game_id)
    ids = [section["id"] for section in document["sections"]]
    assert set(ids) >= set(howto.REQUIRED_SECTIONS)
    reply = json.loads(call(json.dumps({"op": "how_to_play", "game": game_id})))
    assert reply == {"ok": True, "how_to_play": document}


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_both_languages_everywhere_and_the_japanese_is_japanese(game_id):
    for text in texts(pg.how_to_play(game_id)):
        assert text["en"].strip() and text["ja"].strip()
        assert JAPANESE.search(text["ja"]), f"not Japanese: {text['ja']!r}"
        assert not JAPANESE.search(text["en"]), f"Japanese in the English text: {text['en']!r}"


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_at_least_two_examples_each_a_shipped_scenario_of_this_game(game_id):
    examples = [section["example"] for section in pg.how_to_play(game_id)["sections"] if "example" in section]
    assert len(examples) >= 2
    for name in examples:
        document = scenario(name)
        assert document is not None, f"web/scenarios/{name}.json is not shipped"
        assert document["game"] == game_id


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_cards_are_codes_the_game_writes(game_id):
    shown = [code for section in pg.how_to_play(game_id)["sections"] for code in section.get("cards", [])]
    # a card that is a number (Chains') may be written as its text, "10": the format's codes are texts
    known = {str(code) for code in known_codes(game_id)} if shown else set()
    assert [code for code in shown if str(code) not in known] == []


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_the_games_decisions_are_marked(game_id):
    paragraphs = [p for section in pg.how_to_play(game_id)["sections"] for p in section["paragraphs"]]
    assert any(paragraph.get("decision") for paragraph in paragraphs)


def paragraphs_of(game_id: str) -> list[dict]:
    return [p for section in pg.how_to_play(game_id)["sections"] for p in section["paragraphs"]]


def marks(paragraph: dict) -> list[str]:
    return [mark for mark in howto.MARKS if paragraph.get(mark)]


# Rules the original posts state themselves (checked against each post): plain rules, never marked.
# Each is a piece of the English paragraph that states it.
STATED_BY_THE_ORIGINAL = [
    ("arsene", "the choice is blind"),  # the player left of the dealer chooses one of the three
    ("arsene", "the dealer moves one seat to the left"),
    ("arsene", "If all four are caught in the same deal"),
    ("arsene", "From the deal after the first store runs empty"),
    ("arsene", "Collisions at 0 tricks exchange too"),
    ("on_schedule", "The owner of the 13th card marks their second-latest card"),
    ("on_schedule", "the schedule piles with the roles, move one seat clockwise"),
    ("roller_derby", "The player left of the dealer is the roller"),
    ("roller_derby", "Equal totals: a draw"),
    ("roller_derby", "Roller's privilege: the roller sees"),
    ("chains", "the multiplayer game always has 5 holding slots"),
    ("chains", "you may take your end card 10 only after"),
    ("chains", "On a tie, compare the lowest end card"),
    ("chains", "The first player is drawn at random"),
    ("dominuxen", "A double played as two counts 2"),
    ("dominuxen", "In scoring, a double counts 2"),
    ("apples", "the same dealer deals again"),
    ("apples", "The bidding ends when all but one have passed"),
    ("dominuxen", "its owner chooses: take the set back"),  # Abluxxen's own rule, which the post plays by
    ("apples", "The first dealer is chosen at random"),
]


@pytest.mark.parametrize(("game_id", "words"), STATED_BY_THE_ORIGINAL)
def test_a_rule_the_original_states_is_a_plain_rule(game_id, words):
    found = [p for p in paragraphs_of(game_id) if words in p["en"]]
    assert len(found) == 1, f"{words!r} is in {len(found)} paragraphs"
    assert marks(found[0]) == []


# Rules rebuilt where the original is lost (Apples' post lost its points table, an image, and two suits
# of its bid order), and what this project added to the games: each marked as such.
MARKED = [
    ("apples", "From weakest to strongest the suits are ♦ ♥ ♣ ♠", "reconstruction"),
    ("apples", "Sets: 2 to 5 lose 15 for a pair", "reconstruction"),
    ("apples", "1 captured card of your target rank pairs with the target card", "reconstruction"),
    ("on_schedule", "The doubling cube is our addition", "addition"),
    ("on_schedule", "Crawford rule", "addition"),
    ("on_schedule", "The match length is an option of ours", "addition"),
    ("chains", "The doubling cube is our addition", "addition"),
    ("chains", "Crawford rule", "addition"),
    ("roller_derby", "The number of deals is an option of ours", "addition"),
    ("dominuxen", "A match of several games is an option of ours", "addition"),
]


@pytest.mark.parametrize(("game_id", "words", "mark"), MARKED)
def test_reconstructions_and_our_additions_are_marked(game_id, words, mark):
    found = [p for p in paragraphs_of(game_id) if words in p["en"]]
    assert len(found) == 1, f"{words!r} is in {len(found)} paragraphs"
    assert marks(found[0]) == [mark]


@pytest.mark.parametrize("game_id", [game["id"] for game in pg.list_games()
                                     if any(option["name"] == "crawford" for option in game["options"])])
def test_a_game_with_the_cube_explains_it_and_the_crawford_rule(game_id):
    """The cube and its Crawford rule (an option, on by default) are the project's additions: the
    how-to of every game that offers them says what they do, in both languages."""
    section = next(s for s in pg.how_to_play(game_id)["sections"] if s["id"] == "cube")
    crawford = [p for p in section["paragraphs"] if "Crawford" in p["en"]]
    assert len(crawford) == 1 and "クロフォード" in crawford[0]["ja"] and marks(crawford[0]) == ["addition"]
    assert "without doubling" in crawford[0]["en"] and "ダブルなし" in crawford[0]["ja"]
    assert marks(section["paragraphs"][0]) == ["addition"]


# --- first tips: the plan a good player follows ----------------------------------------------------

@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_each_game_has_first_tips_after_its_rules(game_id):
    sections = pg.how_to_play(game_id)["sections"]
    ids = [section["id"] for section in sections]
    tips = sections[ids.index("tips")]
    assert (tips["title"]["en"], tips["title"]["ja"]) == ("First tips", "はじめのコツ")
    assert ids.index("tips") > ids.index("end")  # read once the rules are known
    assert 4 <= len(tips["paragraphs"]) <= 6
    for paragraph in tips["paragraphs"]:
        assert marks(paragraph) == []  # advice, not a rule
        assert paragraph["ja"].endswith("。") and len(paragraph["en"]) < 400


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_the_games_doc_gives_the_same_first_tips(game_id):
    doc = (Path(__file__).resolve().parent.parent / "docs" / "games" / f"{game_id}.md").read_text(encoding="utf-8")
    tips = next(s for s in pg.how_to_play(game_id)["sections"] if s["id"] == "tips")
    listed = doc.split("## First tips\n", 1)[1].split("\n## ", 1)[0]
    assert [line[2:] for line in listed.splitlines() if line.startswith("- ")] == [p["en"] for p in tips["paragraphs"]]


# --- Chains: what its text says matches its rules -----------------------------------------------------

def chains_section(section_id: str) -> dict:
    return next(s for s in pg.how_to_play("chains")["sections"] if s["id"] == section_id)


def test_chains_sold_out_counts_are_the_rules_for_every_player_count():
    from pygames_core.games.chains.state import sold_out_threshold
    low, high = next(game for game in pg.list_games() if game["id"] == "chains")["players"]
    expected = {players: sold_out_threshold(players) for players in range(max(low, 2), high + 1)}
    paragraph = chains_section("sold_out")["paragraphs"][0]
    english = {int(p): int(n) for p, n in re.findall(r"(\d+) players: (\d+)", paragraph["en"])}
    japanese = {int(p): int(n) for p, n in re.findall(r"(\d+)人なら(\d+)枚", paragraph["ja"])}
    assert english == expected
    assert japanese == expected


def test_chains_multiplayer_only_rules_say_so():
    for section_id in ("tens_last", "dead_pile"):
        section = chains_section(section_id)
        assert "(multiplayer)" in section["title"]["en"] and "多人数戦" in section["title"]["ja"]
        assert section["paragraphs"][0]["en"].startswith("In the multiplayer game only")


def test_chains_solitaire_is_ten_runs_of_ten_different_lengths():
    """The goal says so, and the rules agree: end card k closes the run 10 … k + 1 (with itself, 11 - k
    cards), and the deck holds for each number exactly one card per run that needs it."""
    from pygames_core.games.chains.state import NUMBERS, deck_cards
    goal = chains_section("goal")["paragraphs"][1]
    assert "ten runs of ten different lengths" in goal["en"] and "長さの違う10個の組" in goal["ja"]
    lengths = sorted(11 - end for end in NUMBERS)
    assert lengths == list(range(1, 11)) and sum(lengths) == len(deck_cards()) + len(NUMBERS)
    for number in NUMBERS:
        assert deck_cards().count(number) == sum(1 for end in NUMBERS if end < number)


# --- the loader's checks -------------------------------------------------------------------------------

VALID = {
    "pitch": {"en": "Push the trick you do not want.", "ja": "いらないトリックは押し付けよう。"},
    "length": {"en": "about 15 minutes", "ja": "約15分"},
    "sections": [{"id": section_id, "title": {"en": section_id, "ja": "見出し"},
                  "paragraphs": [{"en": "A sentence.", "ja": "一文。"}]}
                 for section_id in howto.REQUIRED_SECTIONS],
}


@pytest.fixture
def document_file(tmp_path, monkeypatch):
    """Points the loader at a file of the test's own, for the game "arsene"."""
    path = tmp_path / "arsene.json"
    monkeypatch.setattr(howto, "_document_file", lambda game_id, package: tmp_path / f"{game_id}.json")

    def write(document: object) -> None:
        path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")

    return write


def broken(change) -> dict:
    document = json.loads(json.dumps(VALID))
    change(document)
    return document


def test_a_paragraph_may_carry_any_one_mark(document_file):
    document = broken(lambda d: d["sections"][2]["paragraphs"].extend(
        [{"en": "Rebuilt.", "ja": "復元。", "reconstruction": True},
         {"en": "Ours.", "ja": "追加。", "addition": True}]))
    document_file(document)
    assert pg.how_to_play("arsene") == document


def test_a_valid_document_is_read(document_file):
    document_file(VALID)
    assert pg.how_to_play("arsene") == VALID
    assert next(g for g in pg.list_games() if g["id"] == "arsene")["pitch"] == VALID["pitch"]


@pytest.mark.parametrize(("document", "message"), [
    ("{not json", "not a JSON document"),
    ([], "a how-to-play document is a JSON object"),
    (broken(lambda d: d.pop("length")), "missing length"),
    (broken(lambda d: d.update(extra=1)), "unknown keys extra"),
    (broken(lambda d: d["pitch"].pop("ja")), "pitch must be"),
    (broken(lambda d: d["length"].update(ja=" ")), "length: the 'ja' text is empty"),
    (broken(lambda d: d.update(sections=[])), "sections must be a non-empty list"),
    (broken(lambda d: d["sections"].pop()), "missing the sections end"),
    (broken(lambda d: d["sections"].append(d["sections"][0])), "repeated: goal"),
    (broken(lambda d: d["sections"][1].update(paragraphs=[])), "section 'deal': paragraphs must be"),
    (broken(lambda d: d["sections"][2]["paragraphs"][0].update(decision="yes")), "decision must be true or false"),
    (broken(lambda d: d["sections"][2]["paragraphs"][0].update(addition=1)), "addition must be true or false"),
    (broken(lambda d: d["sections"][2]["paragraphs"][0].update(decision=True, reconstruction=True)),
     "one mark at most, not decision and reconstruction"),
    (broken(lambda d: d["sections"][2]["paragraphs"][0].pop("en")), "paragraph 1: missing en"),
    (broken(lambda d: d["sections"][0].update(cards="AS")), "cards must be a list"),
    (broken(lambda d: d["sections"][0].update(example="")), "example must name a shipped scenario"),
    (broken(lambda d: d["sections"][0].update(id="")), "section 1: id must be a non-empty text"),
])
def test_a_malformed_document_is_a_named_error(document_file, document, message):
    document_file(document)
    with pytest.raises(pg.BadHowToPlay, match=re.escape(message)) as raised:
        pg.how_to_play("arsene")
    assert "pygames_core/howto/arsene.json" in str(raised.value)


def test_a_missing_document_and_an_unknown_game_are_named_errors(document_file):
    with pytest.raises(pg.BadHowToPlay, match="arsene has no how-to-play document"):
        pg.how_to_play("arsene")
    with pytest.raises(pg.UnknownGame):
        pg.how_to_play("snap")
    reply = json.loads(call(json.dumps({"op": "how_to_play", "game": "snap"})))
    assert reply["ok"] is False and reply["error"]["type"] == "UnknownGame"
