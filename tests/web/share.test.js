// web/share.js: the links that carry a deal or a whole finished game.
import "./browser.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  attributeText, dealParameters, iframeSnippet, jsonParameter, packText, ParameterFault, seedParameter, siteLink, unpackText,
  wholeNumber, wholeParameter,
} from "../../web/share.js";
import { recorded } from "./recorded.js";

const { save, game, seed, options, view } = recorded("on_schedule/4")["on_schedule/4"].finished[0];

test("a finished game's save travels in a link and comes back the same", async () => {
  const code = await packText(save);
  assert.match(code, /^[A-Za-z0-9_-]+$/, "base64url, with no padding: a URL fragment carries it as it is");
  assert.ok(code.length < save.length / 2, `deflated: ${code.length} characters for ${save.length}`);
  assert.equal(await unpackText(code), save);
});

test("a damaged code is refused, never read as another game", async () => {
  const code = await packText(save);
  await assert.rejects(unpackText(code.slice(0, code.length / 2)));
});

test("a deal's parameters carry the game, the table, the seed as its digits and the options", () => {
  const seed64 = "18446744073709551615"; // more than a JavaScript number holds exactly
  const params = dealParameters({ game, players: view.players, seed: seed64, options });
  assert.equal(params.get("game"), game);
  assert.equal(params.get("players"), String(view.players));
  assert.equal(params.get("seed"), seed64);
  assert.deepEqual(JSON.parse(params.get("options")), options);
  assert.equal(params.has("setup"), false);
  assert.equal(seedParameter(params), seed64);
  assert.equal(wholeParameter(params, "players"), view.players);
});

test("a deal with no options and a set-up", () => {
  const params = dealParameters({ game, players: 4, seed, options: {}, setup: { hands: [[1]] } });
  assert.equal(params.has("options"), false, "no options: no parameter");
  assert.deepEqual(JSON.parse(params.get("setup")), { hands: [[1]] });
});

test("an address without a seed or a whole number gives none", () => {
  const params = new URLSearchParams("game=apples&seed=&players=");
  assert.equal(seedParameter(params), undefined);
  assert.equal(seedParameter(new URLSearchParams("game=apples")), undefined);
  assert.equal(wholeParameter(params, "players"), undefined);
  assert.equal(wholeParameter(params, "seat"), undefined);
});

test("a whole number edited by hand is said, never read as the default", () => {
  for (const text of ["4x", "-1", "1.5", " 4", "12345678901234567"]) {
    assert.throws(() => wholeNumber(text, "seat"),
      { message: `seat must be a whole number, not “${text}”`, parameter: "seat", text, words: "paramWhole" });
  }
  assert.throws(() => wholeParameter(new URLSearchParams("players=four"), "players"), /players must be a whole number/);
  assert.equal(wholeNumber("0", "seat"), 0);
  assert.equal(wholeNumber("1234567890123456", "seed"), 1234567890123456);
});

test("a parameter's JSON edited by hand is said with its name, for the reader's words", () => {
  assert.deepEqual(jsonParameter("options", '{"advanced": true}'), { advanced: true });
  assert.throws(() => jsonParameter("options", "{advanced"),
    (error) => error instanceof ParameterFault && error.parameter === "options" && error.words === "errParamObject");
});

test("a link is to a page of this site, beside the page it is made on", () => {
  const params = new URLSearchParams({ game: "apples", seed: "7" });
  assert.equal(siteLink("embed.html", params), "https://pygames.test/games/embed.html#game=apples&seed=7");
});

test("a snippet's attributes stay text, whatever a game's title holds", () => {
  const title = 'Evil" onload="alert(1)" x=\'<script>&amp;';
  assert.equal(attributeText(title), "Evil&quot; onload=&quot;alert(1)&quot; x='&lt;script&gt;&amp;amp;");
  const snippet = iframeSnippet({ src: "https://example.org/embed.html#game=x&seed=1", title, loading: "lazy" });
  assert.equal(snippet, '<iframe src="https://example.org/embed.html#game=x&amp;seed=1" '
    + 'title="Evil&quot; onload=&quot;alert(1)&quot; x=\'&lt;script&gt;&amp;amp;" loading="lazy"></iframe>');
  assert.equal(snippet.match(/="/g).length, 3, "three attributes, no more");
});

test("a snippet's attribute can start a second line", () => {
  assert.equal(iframeSnippet({ src: "a", title: "t", style: "border:0" }, "style"),
    '<iframe src="a" title="t"\n        style="border:0"></iframe>');
});
