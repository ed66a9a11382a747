"""The bot levels in the web come from Python (levels.json, which the build writes, else the bridge's
`levels` op; each game's levels by number of players in catalog.json, list_games' `levels`): the picker
offers each game only its levels, each explained in a line in the game's words (in English and
Japanese), the expert only in Chains from 3 players; a stored preference, a saved game, a link or an embed
that names the expert in a game that does not offer it opens at hard and plays; the embed names the
levels when given one it does not know."""

from __future__ import annotations

import base64
import json
import math
import urllib.parse
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from driver import HUMAN, LAPTOP, PHONE_IN_BROWSER, RECORD_REQUESTS, SAVE_KEY, open_site, wait_until
from playwright.sync_api import BrowserContext, Page, expect

import pygames_core as pg

THREE = ["easy", "normal", "hard"]


def level_lines(page: Page, game: str = "arsene", players: int | None = None) -> dict[str, str]:
    """Each level the picker offers `game` (at `players`), with the line that explains it once chosen."""
    page.click(f'.game-choice[data-game="{game}"]')
    if players is not None:
        page.fill("#option-players", str(players))
    lines = {}
    for value in page.locator("#level option").evaluate_all("(options) => options.map((o) => o.value)"):
        page.select_option("#level", value)
        lines[value] = page.inner_text("#level-help")
    return lines


def offered(game: str, players: int | None = None) -> list[str]:
    return [level["name"] for level in pg.list_levels(game, players)]


def seconds(game: str, level: str = "hard") -> str:
    """The level's time budget a move in `game` (the game's own for hard: Python's), as its line says it:
    to a tenth of a second, a half up (web/levels.js)."""
    budget = next(entry["budget_ms"] for entry in pg.list_levels(game, 3 if game == "chains" else None)
                  if entry["name"] == level)
    return f"{math.floor(budget / 100 + 0.5) / 10:g} s a move"


def test_the_picker_offers_arsene_its_three_levels_and_explains_each(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    lines = level_lines(page)
    assert list(lines) == offered("arsene") == THREE
    assert all(lines.values()) and len(set(lines.values())) == len(lines)
    assert seconds("arsene") == "0.3 s a move" and seconds("arsene") in lines["hard"]  # Python's 250 ms
    # each says what the level does (pygames_core/ai/levels.py), claiming no more than docs/benchmarks.md
    assert "at random" in lines["easy"] and "rules of thumb" in lines["normal"]
    assert "guesses at the cards it cannot see" in lines["hard"] and "the one that did best" in lines["hard"]
    assert "The strongest level of this game." in lines["hard"]  # no expert here
    assert not any("strongest" in lines[level] for level in ("easy", "normal"))


def test_chains_offers_the_expert_to_three_players_and_not_to_the_solitaire(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    alone = level_lines(page, "chains", 1)
    assert list(alone) == offered("chains", 1) == THREE
    assert "strongest" in alone["hard"]
    three = level_lines(page, "chains", 3)
    assert list(three) == offered("chains", 3) == list(pg.LEVELS)
    assert "strongest" not in three["hard"] and seconds("chains") in three["hard"]
    assert seconds("chains", "expert") == "3 s a move" and "3 s a move" in three["expert"]
    assert "Chains with 3 players" in three["expert"]
    assert "The strongest level of this game." in three["expert"]
    # the expert chosen, then one player: the solitaire's strongest; two: hard still (the expert did not
    # beat hard there); the expert again at four
    page.fill("#option-players", "1")
    expect(page.locator("#level")).to_have_value("hard")
    page.fill("#option-players", "2")
    expect(page.locator("#level")).to_have_value("hard")
    page.fill("#option-players", "4")
    expect(page.locator("#level")).to_have_value("expert")


def test_dominuxen_says_its_levels_in_tiles(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    lines = level_lines(page, "dominuxen")
    assert list(lines) == THREE
    assert "from its own tiles" in lines["normal"] and "guesses at the tiles it cannot see" in lines["hard"]


def test_without_levels_json_the_levels_come_from_python(page: Page, site_url: str) -> None:
    page.route("**/levels.json", lambda route: route.abort())
    open_site(page, site_url)
    assert list(level_lines(page)) == THREE
    assert list(level_lines(page, "chains", 3)) == list(pg.LEVELS)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE_IN_BROWSER), ("laptop", LAPTOP)])
def test_level_screenshots(new_context: Callable[..., BrowserContext], site_url: str, artifacts: Path,
                           language: str, name: str, viewport: dict) -> None:
    page = new_context(viewport, "ja-JP" if language == "ja" else "en-US").new_page()
    open_site(page, site_url)
    for game, players, strongest in (("arsene", None, "hard"), ("chains", 3, "expert")):
        lines = level_lines(page, game, players)
        if language == "ja":
            assert all(any("\u3040" <= char <= "\u30ff" for char in line) for line in lines.values()), lines
            assert "このゲームで一番強いレベルです" in lines[strongest]
            assert all("一番強い" not in line for level, line in lines.items() if level != strongest)
        page.select_option("#level", strongest)
        page.locator("#level-help").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"{name}-{language}-levels-{game}.png"))
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert "3人のチェーンズ" in lines["expert"] if language == "ja" else "Chains with 3 players" in lines["expert"]


def bot_levels_asked(page: Page) -> list[str]:
    """The levels of the bot moves the page has asked its worker for, once it has asked for one."""
    wait_until(page, "() => window.sentRequests.some((request) => request.op === 'bot')")
    return [r["level"] for r in page.evaluate("window.sentRequests") if r["op"] == "bot"]


def a_bots_turn() -> pg.Game:
    """Arsène at a bot's turn (seat 1), two moves in."""
    game = pg.new_game("arsene", seed=7)
    while game.current_player == HUMAN:
        game.apply(pg.bot_action(game, "easy", seed=1))
    return game


def packed(text: str) -> str:
    """A game's text as share.js packText packs it for a link: deflated, base64url without padding."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(deflate.compress(text.encode()) + deflate.flush()).decode().rstrip("=")


def said_nothing(page: Page) -> None:
    expect(page.locator("#message")).to_be_hidden()


def test_a_remembered_expert_opens_arsene_at_hard_and_plays(page: Page, site_url: str) -> None:
    page.add_init_script(RECORD_REQUESTS)
    page.goto(f"{site_url}build.json")  # the origin's storage, without starting the page
    remembered = {"game": "arsene", "level": "expert", "roles": ["bot", "you", "bot", "bot"]}
    page.evaluate("(value) => localStorage.setItem('pygames.prefs', value)", json.dumps(remembered))
    open_site(page, site_url)
    expect(page.locator("#level")).to_have_value("hard")
    said_nothing(page)
    page.fill("#seed", "7")  # a deal that seat 0, a bot, opens (at random, the player's seat opened 2 in 11)
    page.click("#start")
    assert set(bot_levels_asked(page)) == {"hard"}  # seat 0's bot moves first, at hard


def test_a_saved_expert_game_of_arsene_resumes_at_hard_and_plays(page: Page, site_url: str) -> None:
    page.add_init_script(RECORD_REQUESTS)
    page.goto(f"{site_url}build.json")
    game = a_bots_turn()
    stored = json.dumps({"game": "arsene", "text": game.to_json(), "seat": HUMAN, "level": "expert"})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, stored])
    open_site(page, site_url)
    assert set(bot_levels_asked(page)) == {"hard"}
    said_nothing(page)


def test_a_link_of_an_expert_game_of_arsene_opens_at_hard_and_plays(page: Page, site_url: str) -> None:
    page.add_init_script(RECORD_REQUESTS)
    link = urllib.parse.urlencode({"game": "arsene", "save": packed(a_bots_turn().to_json()), "level": "expert",
                                   "seat": HUMAN})
    page.goto(f"{site_url}?pace=0#{link}")
    assert set(bot_levels_asked(page)) == {"hard"}
    said_nothing(page)


def embed(site_url: str, **params: str) -> str:
    return f"{site_url}embed.html?pace=0#{urllib.parse.urlencode(params)}"


def test_the_embed_takes_the_expert_and_plays_arsene_at_hard(page: Page, site_url: str) -> None:
    page.add_init_script(RECORD_REQUESTS)
    # seed 7: a deal that seat 0, a bot, opens (at random, the player's seat 1 opened about 2 deals in 11)
    page.goto(embed(site_url, game="arsene", level="expert", seat="1", seed="7"))
    page.click("#embed-play")
    assert set(bot_levels_asked(page)) == {"hard"}
    expect(page.locator("#embed-error")).to_be_hidden()


def test_the_embed_names_the_levels_when_given_one_it_does_not_know(page: Page, site_url: str) -> None:
    page.goto(embed(site_url, game="arsene", level="grandmaster"))
    expect(page.locator("#embed-error")).to_contain_text(
        f"level is {', '.join(pg.LEVELS)}, not grandmaster")
    page.goto(embed(site_url, game="arsene", level="grandmaster", lang="ja"))
    page.reload()
    expect(page.locator("#embed-error")).to_have_text(
        "この埋め込みのアドレスが正しくありません："
        f"level には {', '.join(pg.LEVELS)} のどれかを書きます（grandmaster ではなく）")
