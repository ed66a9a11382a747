"""Two tables of one game on one page share nothing (web/games/index.js, createTable): each renderer
keeps what it remembers between drawings (the hint's mark, the cards picked, the selection, the
event log) in the table it returns, and acts through the shell it was given."""

from __future__ import annotations

import pytest
from driver import open_site
from playwright.sync_api import Page

import pygames_core as pg

GAMES = [game["id"] for game in pg.list_games()]

# Two tables of `game` on the page, drawing the same snapshot: seat 0's first decision of a new game
# (seed 3), the bots' moves before it played through the page's bridge. Table A is shown the hint
# (the snapshot's first legal action) and its marked control is pressed; then both are drawn again.
# What table B draws before and after, how many marks each shows, and which shell heard an action.
_TWO_TABLES_JS = """async (game) => {
  const HINTED = '[class*="hinted"]'; // .hinted, or a game's own (.ch-hinted, .dx-hinted)
  const module = await import(`./src/games/${game}.js`);
  let reply = await window.pygamesBridge({ op: "new", game, seat: 0, seed: 3 });
  if (!reply.ok) throw new Error(reply.error.message);
  const sid = reply.sid;
  let snap = reply.snapshot;
  while (!snap.is_over && snap.current_player !== snap.seat) {
    reply = await window.pygamesBridge({ op: "bot", sid, level: "easy", seed: 1 });
    if (!reply.ok) throw new Error(reply.error.message);
    snap = reply.snapshot;
  }
  await window.pygamesBridge({ op: "close", sid });
  const heard = [[], []];
  const roots = [0, 1].map(() => document.body.appendChild(document.createElement("div")));
  const [a, b] = roots.map((root, i) => module.createTable(root, { act: (action) => heard[i].push(action) }));
  const context = { myTurn: true, keyboard: false, events: [] };
  a.render(snap, context);
  b.render(snap, context);
  const before = roots[1].innerHTML;
  a.showHint(snap.legal[0], snap, { auto: false }); // the player's own hint
  roots[0].querySelector(HINTED)?.click();
  const pressed = roots[0].innerHTML !== before || heard[0].length > 0;
  b.render(snap, context);
  const after = roots[1].innerHTML;
  a.render(snap, context);
  return {
    marks: roots.map((root) => root.querySelectorAll(HINTED).length),
    bUnchanged: before === after,
    pressed,
    heardByB: heard[1].length,
  };
}"""


@pytest.mark.parametrize("game", GAMES)
def test_two_tables_of_one_game_share_nothing(page: Page, site_url: str, game: str) -> None:
    open_site(page, site_url)
    shown = page.evaluate(_TWO_TABLES_JS, game)
    assert shown["marks"][0] > 0, "table A lost its own hint's mark"
    assert shown["marks"][1] == 0, "table B shows the hint given to table A"
    assert shown["pressed"], "pressing table A's marked control did nothing"
    assert shown["bUnchanged"], "table B changed when table A was used"
    assert shown["heardByB"] == 0, "table B's shell heard table A's action"
