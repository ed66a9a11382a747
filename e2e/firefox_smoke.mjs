// The Firefox smoke test: the built site played in Firefox ESR, driven over WebDriver BiDi by
// puppeteer-core, as a person plays it. Usage: node e2e/firefox_smoke.mjs <site url> [firefox binary]
// (e2e/test_firefox.py runs it against the site its fixture builds and serves). It prints what it
// checked, step by step, and exits 1 naming the step and the reason when something fails; an uncaught
// page error fails the step it happened in. The Chromium tests (Playwright, e2e/test_*.py) check the
// rules' details; this checks that the same pages work in a second engine: the picker, a few moves of
// each game, a reload resuming the position, and an embedded example stepped through and played on
// in a blog's frame on another origin.
import { mkdtemp, mkdir, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

// Pyodide starts in seconds, but several times slower on a loaded 2-core CI machine.
const TIMEOUT_MS = 120_000;
const DESKTOP = { width: 1280, height: 800 };
const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const FAILURE_SHOT = path.join(ARTIFACTS, "firefox-failure.png");
// Each game with a fixed deal (the bots' own choices vary from run to run: every decision the human
// may meet is handled, so no run depends on them) and how many of the human's decisions to take.
const GAMES = [
  { id: "arsene", seed: 3, decisions: 4 },
  { id: "chains", seed: 17, decisions: 6 },
  { id: "dominuxen", seed: 5, decisions: 3 },
  { id: "on_schedule", seed: 7, decisions: 5 },
  { id: "apples", seed: 7, decisions: 4 },
  { id: "roller_derby", seed: 0, decisions: 5 },
];
const SCENARIO = "roller-derby-all-or-nothing";
const TURN_OR_SUMMARY = "#summary[open], #game:not([hidden]) > [data-my-turn='true']";

const started = Date.now();
const errors = []; // uncaught errors of the pages, as Firefox reports them
let step = "launching Firefox";

function say(line) {
  console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s  ${line}`);
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

// A step's page errors fail it: what the page threw is named, with where.
function checkNoPageErrors() {
  check(errors.length === 0, `uncaught page error: ${errors.join(" | ")}`);
}

// The waits of the page (or a frame): each gives up after TIMEOUT_MS, saying what it waited for.
const within = `within ${TIMEOUT_MS / 1000} s`;

async function waitFor(target, selector, options = {}) {
  try {
    return await target.waitForSelector(selector, { timeout: TIMEOUT_MS, ...options });
  } catch (error) {
    throw new Error(`nothing matched ${selector} ${within} (${error.message})`, { cause: error });
  }
}

// A click where a person would: on a point of the element that nothing else covers (the cards of a
// fanned hand overlap, and puppeteer itself would click the middle of the box, whatever is on top).
async function click(target, selector) {
  await waitFor(target, selector, { visible: true });
  const offset = await target.$eval(selector, (element) => {
    element.scrollIntoView({ block: "nearest", inline: "nearest" });
    const box = element.getBoundingClientRect();
    const spots = [[0.5, 0.5], [0.15, 0.5], [0.15, 0.15], [0.5, 0.15], [0.85, 0.5], [0.5, 0.85]];
    return spots.map(([x, y]) => ({ x: box.width * x, y: box.height * y })).find(({ x, y }) =>
      element.contains(document.elementFromPoint(box.left + x, box.top + y))) ?? null;
  });
  check(offset !== null, `${selector} is covered by other elements`);
  try {
    await target.locator(selector).setTimeout(TIMEOUT_MS).click({ offset });
  } catch (error) {
    throw new Error(`could not click ${selector} ${within} (${error.message})`, { cause: error });
  }
}

async function waitUntil(page, what, predicate, ...args) {
  try {
    await page.waitForFunction(predicate, { timeout: TIMEOUT_MS }, ...args);
  } catch (error) {
    throw new Error(`${what}: not ${within} (${error.message})`, { cause: error });
  }
}

// The save of the game last played, as the page's home holds it (web/home.js), as JSON text.
const savedText = (page) => page.evaluate(async () => JSON.stringify(await window.pygamesSaved()));

// Wait until the human has a decision to take or a summary is open; say which ("summary" or the phase).
async function waitForTurnOrSummary(page) {
  await waitFor(page, TURN_OR_SUMMARY);
  return page.evaluate(() => (document.querySelector("#summary[open]") ? "summary"
    : document.querySelector("#game > *").dataset.phase));
}

// The engine's refusals and failures are shown in the page's message bar: none may be.
async function checkNoMessage(page) {
  const message = await page.evaluate(() => {
    const bar = document.getElementById("message");
    return bar && !bar.hidden ? bar.textContent.trim() : null;
  });
  check(message === null, `the page shows a message: ${message}`);
}

// --- one decision of the human, per game: a click on what the table offers as legal -----------------

// A hand's cards the table marks as legal: a click on one plays (or gives, or discards) it.
const LEGAL_CARD = ".hand .card.legal";

const DECISIONS = {
  async arsene(page, phase) {
    if (phase === "choose") await click(page, ".choices .choice");
    else if (phase === "push") await click(page, ".action-keep");
    else if (phase === "play") await click(page, LEGAL_CARD);
    else return false;
    return true;
  },
  async chains(page, phase) {
    if (phase !== "place" && phase !== "move") return false;
    // every legal action has one target marked data-action; closing the line ends the deal, so a
    // person drawing, placing and moving first is what is played here
    const targets = await page.$$eval(".chains [data-action]:not(:disabled)", (elements) =>
      elements.map((element) => [element.dataset.target, JSON.parse(element.dataset.action).type]));
    check(targets.length > 0, "the Chains table offers no move on the player's turn");
    const [target] = targets.find(([, type]) => type !== "close") ?? targets[0];
    await click(page, `.chains [data-target="${target}"]`);
    return true;
  },
  async dominuxen(page, phase) {
    if (phase === "play") {
      // a number, which picks its biggest set, then Play
      await click(page, ".dx-num:not(:disabled)");
      await waitFor(page, "#dx-play:not(:disabled)");
      await click(page, "#dx-play");
    } else if (phase === "snatch") await click(page, ".action-take");
    else if (phase === "answer") await click(page, ".action-discard");
    else if (phase === "draw") await click(page, "[data-draw]");
    else return false;
    return true;
  },
  async on_schedule(page, phase) {
    if (phase === "vote") await click(page, ".vote-suit:not(:disabled)");
    else if (phase === "give") {
      const cards = await page.$$eval(".hand .card.pickable", (all) => all.map((card) => card.dataset.card));
      check(cards.length >= 2, `only ${cards.length} cards can be picked to give`);
      await click(page, `.hand .card[data-card="${cards[0]}"]`);
      await click(page, `.hand .card[data-card="${cards.at(-1)}"]`);
      await waitFor(page, "#give:not(:disabled)");
      await click(page, "#give");
    } else if (phase === "play") await click(page, LEGAL_CARD);
    else return false;
    return true;
  },
  async apples(page, phase, turn) {
    if (phase === "bid") {
      // the strongest bid offered at the first call (to hold the contract and meet the exchange), then passes
      const bids = await page.$$eval(".bid-box .bid:not(:disabled)", (all) => all.map((bid) => bid.dataset.bid));
      await click(page, turn === 0 && bids.length > 0 ? `.bid[data-bid="${bids.at(-1)}"]` : "#pass");
    } else if (["discard", "target", "play"].includes(phase)) await click(page, LEGAL_CARD);
    else return false;
    return true;
  },
  async roller_derby(page, phase) {
    if (phase === "roll") await click(page, ".rd-roll button");
    else if (phase === "trump") await click(page, ".rd-trump button");
    else if (phase === "buy") await click(page, ".rd-buy button");
    else if (phase === "declare") await click(page, '.rd-declare button[data-aon="false"]');
    else if (["exchange", "discard", "play"].includes(phase)) {
      const cards = await page.$$eval(LEGAL_CARD, (all) => all.map((card) => card.dataset.card));
      check(cards.length > 0, `no card is offered in the ${phase}`);
      // a natural card when there is one: a joker first asks what it stands for
      const card = cards.find((code) => !code.startsWith("JK")) ?? cards[0];
      await click(page, `.hand .card[data-card="${card}"]`);
      if (card.startsWith("JK")) await click(page, ".rd-joker .joker-choice"); // the first declaration offered
    } else return false;
    return true;
  },
};

// Take the human's decisions until `count` are done, closing any summary met on the way; each one is
// applied once the page has saved the game after it. Returns the phases decided in.
async function playDecisions(page, game, count) {
  const phases = [];
  while (phases.length < count) {
    const phase = await waitForTurnOrSummary(page);
    if (phase === "summary") {
      await click(page, "#summary-continue");
      await waitFor(page, "#summary:not([open])");
      phases.push("summary");
      continue;
    }
    const before = await savedText(page);
    check(await DECISIONS[game](page, phase, phases.length), `no way to play the ${phase} phase of ${game}`);
    await waitUntil(page, `the page saving the game after the ${phase} decision`,
      async (text) => JSON.stringify(await window.pygamesSaved()) !== text, before);
    await checkNoMessage(page);
    checkNoPageErrors();
    phases.push(phase);
  }
  return phases;
}

// What the table shows of a position: the stored game, the table's own marks, the hand and what is offered.
function position(page) {
  return page.evaluate(async () => {
    const table = document.querySelector("#game > [data-phase]");
    const codes = (selector) => [...table.querySelectorAll(selector)].map((e) => e.dataset.card ?? e.dataset.tile);
    return {
      save: JSON.stringify(await window.pygamesSaved()),
      table: { ...table.dataset },
      hand: codes('[data-region="hand"] [data-card], [data-region="hand"] [data-tile]'),
      offered: codes(".legal"),
    };
  });
}

// Wait for a position where the human decides (no summary open), as the page is after a reload.
async function settle(page) {
  while (await waitForTurnOrSummary(page) === "summary") {
    await click(page, "#summary-continue");
    await waitFor(page, "#summary:not([open])");
  }
}

// --- the steps ------------------------------------------------------------------------------------

async function openPicker(page, url) {
  await page.goto(`${url}?pace=0`);
  await waitFor(page, "#picker:not([hidden]) .game-choice");
  const offered = await page.$$eval(".game-choice", (all) => all.map((button) => button.dataset.game));
  const wanted = GAMES.map((game) => game.id);
  check(wanted.every((id) => offered.includes(id)), `the picker offers ${offered.join(", ")}; expected ${wanted.join(", ")}`);
  return offered;
}

async function startGame(page, { id, seed }) {
  if (await page.$("#game:not([hidden])")) {
    await click(page, "#new-game");
    await waitFor(page, "#picker:not([hidden])");
  }
  await click(page, `.game-choice[data-game="${id}"]`);
  await waitFor(page, `.game-choice[data-game="${id}"][aria-pressed="true"]`);
  await page.select("#level", "easy");
  await page.locator("#seed").fill(String(seed));
  if (await page.$eval("#explain-choice", (box) => box.checked)) await click(page, "#explain-choice");
  await click(page, "#start");
  await waitUntil(page, `the ${id} table, saved`, async (game) => document.querySelector("#game:not([hidden]) > [data-phase]")
    && (await window.pygamesSaved())?.game === game, id);
  await checkNoMessage(page);
}

async function reloadAndCompare(page) {
  await settle(page);
  const before = await position(page);
  await page.reload();
  await waitFor(page, "#game:not([hidden]) > [data-phase]");
  await settle(page);
  const after = await position(page);
  for (const part of ["save", "table", "hand", "offered"]) {
    check(JSON.stringify(after[part]) === JSON.stringify(before[part]),
      `after the reload the ${part} differs:\n  before ${JSON.stringify(before[part])}\n  after  ${JSON.stringify(after[part])}`);
  }
  await checkNoMessage(page);
  return before;
}

// A blog post on another origin (localhost, where the site is on 127.0.0.1) with the example in a
// frame, sized by the frame's height messages as docs/embed.md tells a blog to.
function startBlog(siteUrl) {
  const frameUrl = `${siteUrl}embed.html?pace=0#scenario=${SCENARIO}&id=example`;
  const post = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A rules blog</title></head><body>
<h1>All or nothing</h1>
<iframe id="example" src="${frameUrl}" style="width:100%;height:200px;border:0"></iframe>
<script>
  window.heights = [];
  addEventListener("message", (event) => {
    if (event.data?.type !== "pygames:height") return;
    window.heights.push(event.data.height);
    document.getElementById(event.data.id).style.height = event.data.height + "px";
  });
</script></body></html>`;
  const server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(post);
  });
  return new Promise((resolve) => server.listen(0, "localhost", () => resolve(server)));
}

async function embeddedExample(page, siteUrl) {
  const blog = await startBlog(siteUrl);
  try {
    await page.goto(`http://localhost:${blog.address().port}/post.html`);
    const frame = await (await waitFor(page, "#example")).contentFrame();
    await waitFor(frame, "#embed-step[data-step='0']");
    const last = Number(await frame.$eval("#embed-step", (counter) => counter.dataset.last));
    check(last >= 3, `the example has ${last} steps`);
    for (let k = 1; k <= last; k += 1) {
      await click(frame, "#embed-next");
      await waitFor(frame, `#embed-step[data-step='${k}']`);
      const caption = await frame.$eval("#embed-caption", (line) => line.textContent.trim());
      check(caption !== "", `step ${k} has no caption`);
    }
    await click(frame, "#embed-prev");
    await waitFor(frame, `#embed-step[data-step='${last - 1}']`);
    checkNoPageErrors();
    say(`ok  embedded example ${SCENARIO} (a frame on another origin): stepped through its ${last} steps`
      + " with captions and back one");
    step = "embed: play from here";
    await click(frame, "#embed-play-from-here");
    await waitFor(frame, "#embed-back-to-example");
    await waitFor(frame, "#embed-stage [data-my-turn='true'], #summary[open]");
    await waitUntil(page, "the blog sizing the frame to its last height message", () => window.heights.length > 0
      && document.getElementById("example").offsetHeight === window.heights.at(-1));
    const height = await page.evaluate(() => window.heights.at(-1));
    checkNoPageErrors();
    await page.screenshot({ path: path.join(ARTIFACTS, "firefox-embed.png"), fullPage: true });
    say(`ok  embed: played on from step ${last - 1} against the bots (Python in the frame);`
      + ` the blog sized the frame to ${height}px from its messages`);
  } finally {
    blog.close();
  }
}

async function main(siteUrl, firefox) {
  const profile = await mkdtemp(path.join(tmpdir(), "pygames-firefox-"));
  const browser = await puppeteer.launch({
    browser: "firefox", protocol: "webDriverBiDi", executablePath: firefox, headless: true, userDataDir: profile,
  });
  let page;
  try {
    say(`ok  ${await browser.version()} started (headless, WebDriver BiDi, fresh profile)`);
    page = await browser.newPage();
    await page.setViewport(DESKTOP);
    page.setDefaultTimeout(TIMEOUT_MS); // navigations and the few actions not waited for above
    page.on("pageerror", (error) => {
      const where = error.stack?.split("\n").slice(1).find((line) => line.trim() !== "");
      errors.push(where ? `${error.message} at ${where.trim()}` : error.message);
    });
    page.on("console", (message) => {
      if (message.type() === "error") say(`    console error: ${message.text()}`);
    });

    await mkdir(ARTIFACTS, { recursive: true });
    await rm(FAILURE_SHOT, { force: true }); // a failed run's, which this run's result replaces
    step = "picker";
    const offered = await openPicker(page, siteUrl);
    checkNoPageErrors();
    say(`ok  picker offers ${offered.join(", ")}`);

    for (const game of GAMES) {
      step = `${game.id}: start (seed ${game.seed})`;
      await startGame(page, game);
      step = `${game.id}: play`;
      const phases = await playDecisions(page, game.id, game.decisions);
      say(`ok  ${game.id} (seed ${game.seed}): ${phases.length} decisions by clicks on what the table`
        + ` offers (${phases.join(", ")})`);
      step = `${game.id}: reload`;
      const shown = await reloadAndCompare(page);
      checkNoPageErrors();
      const shot = path.join(ARTIFACTS, `firefox-${game.id}.png`);
      await page.screenshot({ path: shot });
      say(`ok  ${game.id}: the reload resumed the same position (phase ${shown.table.phase},`
        + ` ${shown.hand.length} in hand, ${shown.offered.length} offered); screenshot ${path.relative(process.cwd(), shot)}`);
    }

    step = `embed: ${SCENARIO}`;
    await embeddedExample(page, siteUrl);
    checkNoPageErrors();
    say("ok  no uncaught page errors");
  } catch (error) {
    if (page) {
      await page.screenshot({ path: FAILURE_SHOT }).then(() => say(`    screenshot of the page: ${FAILURE_SHOT}`), () => {});
    }
    throw error;
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const [siteUrl, firefox = "/usr/bin/firefox-esr"] = process.argv.slice(2);
if (!siteUrl) {
  console.error("usage: node e2e/firefox_smoke.mjs <site url, e.g. http://127.0.0.1:8000/> [firefox binary]");
  process.exit(2);
}
try {
  await main(siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`, firefox);
  say("passed");
} catch (error) {
  console.error(`FAILED at ${step}: ${error.message}`);
  process.exit(1);
}
