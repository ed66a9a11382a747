// The Dominuxen table: it draws snapshot.view for the viewing seat and offers snapshot.legal only.
// A set is built by choosing a number and then tiles among those the legal plays list for it; the
// Play button sends the one listed action that matches the selection, and is off when none does.
// Seats go clockwise from the viewer and are named as every table names them (seats.js: You, West,
// North, East at four; You, Bot 1, Bot 2, … at three or five); the snatch check runs from the
// player's left, seat + 1.
import { arrowFocus, focusInView, h, keysSpoken, present, required } from "../dom.js";
import { noted, t } from "../i18n.js";
import { bottomSeat, otherSeats, placeOf, seatName } from "../seats.js";
import { legalOf } from "./kit.js";
import {
  counted, describe, describeAction, narrate, numbersOf, sameTiles, setAria, setSay, setText, tileName, tx,
} from "./dominuxen/words.js";
import { dealSummary, finalSummary } from "./dominuxen/summaries.js";

export const players = { default: 4, max: 5 };
// The shell shows the game's summary when an event of this type comes in (one per game of a match).
const summaryEvent = "game_ended";

const NUMBER_KEYS = { a: 10, b: 11, c: 12 }; // digits pick 0–9, letters the numbers above
const LOG_LINES = 3;
const DELAY = { hit: 1500, settled: 1200, drew: 750, play: 950 };

// --- dominoes ------------------------------------------------------------------------------------

// A tile with its two numbers as numerals (more readable than 0–12 pips on a phone). `stand` marks
// the number it stands for (the other half is dimmed); `standFirst` lays that number on top, as a
// played tile is laid with it facing away; `crosswise` turns a double played as two.
/** @param {string} code @param {import("../cards.js").Attributes} [options] */
function domino(code, { tag = "span", stand = null, standFirst = false, crosswise = false, class: extra = "",
  label = tileName(code), ...attributes } = {}) {
  const [low, high] = numbersOf(code);
  const halves = standFirst && stand === high ? [high, low] : [low, high];
  const halfClass = (n) => (stand === null ? "half" : n === stand ? "half stand" : "half ignored");
  return h(tag, {
    role: tag === "span" ? "img" : null, "aria-label": label, ...attributes,
    class: `domino ${crosswise ? "crosswise" : ""} ${extra}`, "data-tile": code,
  }, halves.map((n) => h("span", { class: halfClass(n), "aria-hidden": "true", text: n })));
}

function tileBack(attributes = {}) {
  return h("span", { role: "img", "aria-label": tx("faceDown"), ...attributes, class: "domino back" });
}

/** @param {string | null} [region] the box the set is marked as (data-region), if any */
function setTiles(set, extra, region = null) {
  return h("span", { class: `set ${extra}`, role: "img", "aria-label": setAria(set), "data-region": region },
    set.tiles.map((code) => domino(code, { stand: set.number, standFirst: true, crosswise: set.doubled.includes(code),
      role: null, label: null, "aria-hidden": "true" })));
}

// One table of the game on `root`: everything it remembers between drawings lives here, so two
// tables of the game on one page share nothing (games/index.js).
/** @typedef {import("../generated/messages").Dominuxen.Snapshot} Snapshot  a seat's table, as the bridge sends it */

export function createTable(root, shell) {
  // --- state kept between renders: the set being built, the recent events ---------------------------
  /** @type {HTMLElement | null} */
  let table = null;
  /** @type {{snap: Snapshot, context: Record<string, any>} | null} to redraw when the selection changes */
  let lastRender = null;
  let selection = { moves: -1, number: null, tiles: new Set(), doubled: false };
  let log = [];
  let loggedMoves = -1;
  /** @type {{moves: number, action: import("../generated/messages").Dominuxen.Action} | null} the hint shown for
   *  this position, kept across redraws */
  let hinted = null;

  function clearSelection(moves) {
    selection = { moves, number: null, tiles: new Set(), doubled: false };
  }

  function redraw() {
    const focusKey = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.focusKey;
    const { snap, context } = present(lastRender, "the table's last render");
    render(snap, context);
    focusInView(present(table, "the table").querySelector(`[data-focus-key="${focusKey}"]`));
  }

  // The listed play that is exactly the current selection, or undefined.
  function selectedPlay(snap) {
    const { number, tiles, doubled } = selection;
    const asTwo = doubled && tiles.has(doubleOf(number)) ? [doubleOf(number)] : [];
    return legalOf(snap, "play").find((action) => action.number === number && sameTiles(action.tiles, tiles)
      && (!snap.view.doubles || sameTiles(action.doubled, new Set(asTwo))));
  }

  // Whether the selection is also listed with its double played as two.
  function doubleChoice(snap) {
    const { number, tiles } = selection;
    return snap.view.doubles && tiles.has(doubleOf(number)) && legalOf(snap, "play").some((action) =>
      action.number === number && sameTiles(action.tiles, tiles) && action.doubled.length > 0);
  }

  // Choosing a number starts from the biggest listed set of it (the whole group): one tap then plays it.
  function chooseNumber(snap, number) {
    const plays = legalOf(snap, "play").filter((action) => action.number === number);
    if (plays.length === 0) return false;
    const biggest = plays.reduce((best, action) => (action.tiles.length > best.tiles.length ? action : best));
    selection = { moves: snap.moves, number, tiles: new Set(biggest.tiles), doubled: false };
    return true;
  }

  function toggleTile(code) {
    if (selection.tiles.has(code)) selection.tiles.delete(code);
    else selection.tiles.add(code);
  }

  // --- the table -----------------------------------------------------------------------------------

  /** @param {Snapshot} snap @param {object} drawn */
  function render(snap, drawn) {
    const context = { ...drawn, act: shell.act };
    const view = snap.view;
    lastRender = { snap, context };
    if (selection.moves !== snap.moves) clearSelection(snap.moves);
    recordEvents(snap, context.events ?? []);
    table = h("div", {
      class: "dominuxen", "data-phase": view.phase, "data-my-turn": String(context.myTurn),
      "data-players": view.players, "data-supply": view.supply_size, "data-hand-size": view.hand?.length ?? null,
      "data-game-number": view.game_number,
    },
    infoBar(view),
    h("div", { class: "dx-board" },
      h("div", { class: "dx-players", "data-region": playersAreTheTrick(view, context) ? "trick" : null },
        otherSeats(view).map((seat) => playerPanel(view, seat))),
      middle(view, snap, context)),
    prompt(view, snap, context),
    h("div", { class: "dx-mine" },
      playerPanel(view, bottomSeat(view)),
      builder(view, snap, context),
      handRow(view, snap, context)));
    root.replaceChildren(table);
    if (hinted?.moves === snap.moves) markHint(hinted.action, snap);
  }

  function prompt(view, snap, context) {
    const mover = view.current_player;
    const snatch = view.snatch;
    const names = snatch && {
      attacker: seatName(view, snatch.attacker), victim: seatName(view, snatch.victim), played: setSay(snatch.played),
      target: snatch.target ? setSay(snatch.target) : "", n: snatch.draws_left || snatch.target?.tiles.length,
    };
    const actions = [];
    let status;
    if (snap.is_over) status = tx("over");
    else if (mover !== view.seat) {
      status = view.phase === "play" ? tx("waitPlay", { name: seatName(view, mover) })
        : tx(view.phase === "snatch" && snatch.victim === view.seat ? "waitSnatchYou"
          : { snatch: "waitSnatch", answer: "waitAnswer", draw: "waitDraw" }[view.phase], names);
    } else if (view.phase === "play") {
      if (selection.number === null) status = tx("pickNumber");
      else status = tx(selection.tiles.size ? "pickTiles" : "pickNone", { n: selection.number });
    } else if (view.phase === "snatch") {
      status = tx("yourSnatch", names);
      actions.push(setTiles(snatch.target, "prompt-set", "trick"),
        actionButton(legalOf(snap, "take")[0], tx("take"), "T", context, { "data-autofocus": true }),
        actionButton(legalOf(snap, "decline")[0], tx("decline"), "D", context, {}));
    } else if (view.phase === "answer") {
      status = tx("yourAnswer", names);
      actions.push(setTiles(snatch.target, "prompt-set", "trick"),
        actionButton(legalOf(snap, "take_back")[0], tx("takeBack"), "B", context, { "data-autofocus": true }),
        actionButton(legalOf(snap, "discard")[0], tx("discardIt", names), "X", context, {}));
    } else status = tx(keysSpoken() ? "yourDrawKeys" : "yourDraw", { n: snatch.draws_left });
    return h("div", { class: "prompt dx-prompt" },
      h("p", { class: "status", id: "status", role: "status", text: status }),
      actions.length > 0 && h("div", { class: "actions", "data-region": "actions" }, actions),
      log.length > 0 && h("ol", { class: "dx-log", "aria-label": tx("logTitle") },
        log.map((line) => h("li", { text: line }))));
  }

  // The number bar and the Play button: shown while the human has a set to play.
  function builder(view, snap, context) {
    const byNumber = playableTiles(snap);
    if (byNumber.size === 0) return null;
    const play = selectedPlay(snap);
    const chosen = selection.number;
    const canDouble = doubleChoice(snap);
    return h("div", { class: "dx-builder", "data-region": "actions" },
      h("div", { class: "dx-numbers", role: "group", "aria-label": tx("numbers") },
        Array.from({ length: view.highest_number + 1 }, (_, n) => {
          const count = byNumber.get(n)?.size ?? 0;
          return h("button", {
            type: "button", class: "dx-num", "data-number": n, "data-nav": count ? "" : null,
            "data-focus-key": `num-${n}`, "aria-pressed": String(n === chosen), disabled: !count || !context.myTurn,
            "data-autofocus": (chosen === null && n === Math.min(...byNumber.keys())) || null,
            "aria-label": count ? tx("numberAria", { n, count }) : tx("numberNone", { n }),
            "aria-keyshortcuts": String(Object.entries(NUMBER_KEYS).find(([, v]) => v === n)?.[0] ?? n).toUpperCase(),
            onclick: () => { chooseNumber(snap, n); redraw(); },
          }, h("span", { class: "dx-num-value", text: n }), count > 0 && h("small", { text: `×${count}` }));
        })),
      chosen !== null && h("div", { class: "dx-builder-actions" },
        canDouble && h("button", {
          type: "button", class: "dx-as-two", "aria-pressed": String(selection.doubled), "data-nav": "",
          "data-focus-key": "as-two", "aria-keyshortcuts": "D", disabled: !context.myTurn,
          onclick: () => { selection.doubled = !selection.doubled; redraw(); },
        }, tx("asTwo", { tile: tileName(doubleOf(chosen)) }), h("kbd", { "aria-hidden": "true", text: "D" })),
        h("button", {
          type: "button", class: "ghost dx-clear", "data-nav": "", "data-focus-key": "clear",
          onclick: () => { clearSelection(snap.moves); redraw(); },
        }, tx("clear"), h("kbd", { "aria-hidden": "true", text: "Esc" })),
        h("button", {
          type: "button", class: "primary dx-play", id: "dx-play", "data-nav": "", "data-focus-key": "play",
          "aria-keyshortcuts": "P", disabled: !play || !context.myTurn, "data-autofocus": (play && chosen !== null) || null,
          onclick: () => play && context.act(play),
        }, play ? tx("play", { set: setSay({ size: play.tiles.length + (play.doubled?.length ?? 0), number: chosen }) })
          : tx("playNothing"), h("kbd", { "aria-hidden": "true", text: "P" }))));
  }

  // A spectator sees no hand: every player's panel shows its count of tiles instead.
  function handRow(view, snap, context) {
    if (view.hand === null) return null;
    const byNumber = playableTiles(snap);
    const chosen = selection.number;
    const pickable = chosen === null ? new Set() : byNumber.get(chosen) ?? new Set();
    return h("div", { class: "hand dx-hand", role: "group", "aria-label": tx("yourHand"), "data-region": "hand" },
      view.hand.map((code) => {
        const usable = pickable.has(code) && context.myTurn;
        const picked = selection.tiles.has(code);
        if (chosen === null) return domino(code, { "data-focus-key": `tile-${code}` });
        return domino(code, {
          tag: "button", type: "button", stand: numbersOf(code).includes(chosen) ? chosen : null,
          class: `${usable ? "legal" : "idle"} ${picked ? "picked" : ""}`, "data-nav": usable ? "" : null,
          "data-focus-key": `tile-${code}`, "aria-pressed": usable ? String(picked) : null,
          "aria-disabled": String(!usable),
          label: usable ? tx("tileStands", { tile: tileName(code), n: chosen }) : tx("notInSet", { tile: tileName(code), n: chosen }),
          onclick: () => {
            if (!usable) return;
            toggleTile(code);
            redraw();
          },
        });
      }));
  }

  // --- the recent events, in words -----------------------------------------------------------------

  // Each reply's events are logged once (the shell redraws the same snapshot several times); the log
  // starts afresh when the move count goes back (a new game).
  function recordEvents(snap, events) {
    if (snap.moves === loggedMoves) return;
    if (snap.moves < loggedMoves) log = [];
    loggedMoves = snap.moves;
    const lines = events.map((event) => describe(snap.view, event)).filter(Boolean);
    if (lines.length) log = [...log, lines.join(" · ")].slice(-LOG_LINES);
  }

  // --- keys, pacing, summaries ---------------------------------------------------------------------

  function onKey(event, snap, asked) {
    const context = { ...asked, act: shell.act };
    const key = event.key.toLowerCase();
    if (arrowFocus(table, key)) return true;
    if (!context.myTurn) return false;
    const phase = snap.view.phase;
    if (phase === "play") return playKey(key, snap, context);
    const wanted = { snatch: { t: "take", d: "decline" }, answer: { b: "take_back", x: "discard" } }[phase]?.[key];
    if (wanted) {
      context.act(legalOf(snap, wanted)[0]);
      return true;
    }
    if (phase !== "draw") return false;
    const draws = legalOf(snap, "draw");
    const tile = snap.view.display[Number(key) - 1];
    const action = key === "s" ? draws.find((draw) => draw.source === "supply")
      : /^[1-6]$/.test(key) ? draws.find((draw) => draw.source === "display" && draw.tile === tile) : undefined;
    if (!action) return false;
    context.act(action);
    return true;
  }

  function playKey(key, snap, context) {
    const number = /^\d$/.test(key) ? Number(key) : NUMBER_KEYS[key];
    if (number !== undefined) {
      if (!chooseNumber(snap, number)) return false;
    } else if (key === "escape") {
      clearSelection(snap.moves);
    } else if (key === "d" && doubleChoice(snap)) {
      selection.doubled = !selection.doubled;
    } else if (key === "p" && selectedPlay(snap)) {
      context.act(selectedPlay(snap));
      return true;
    } else return false;
    redraw();
    return true;
  }

  // The suggested action stands out and takes the focus (Enter or Space then does it): a set is
  // chosen in the builder (its number, its tiles, the Play button) for the player who asked (the
  // explanations' own hint only marks: the player may be building a set of their own), a snatch or
  // answer button, a display tile or the supply.
  function showHint(action, snap, { auto }) {
    hinted = { moves: snap.moves, action };
    if (action.type === "play" && !auto) {
      selection = { moves: snap.moves, number: action.number, tiles: new Set(action.tiles), doubled: (action.doubled ?? []).length > 0 };
    }
    redraw();
    focusInView(hintTargets(action).at(-1));
  }

  // The elements of the table that carry the action, the one to press last.
  function hintTargets(action) {
    const drawn = present(table, "the table");
    const find = (selector) => drawn.querySelector(selector);
    let found;
    if (action.type === "play") {
      found = [find(`.dx-num[data-number="${action.number}"]`), ...action.tiles.map((code) => find(`.dx-hand [data-tile="${code}"]`)),
        (action.doubled ?? []).length > 0 && find(".dx-as-two"), find(".dx-play")];
    } else if (action.type === "draw") {
      found = [find(action.source === "supply" ? '[data-draw="supply"]' : `[data-draw="${action.tile}"]`)];
    } else {
      found = [find(`.action-${action.type}`)];
    }
    return found.filter(Boolean);
  }

  function markHint(action, snap) {
    for (const element of hintTargets(action)) element.classList.add("dx-hinted");
    const drawn = present(table, "the table");
    drawn.dataset.hint = JSON.stringify(action);
    // in place of the status line: on a phone the table has no room for one more line
    const status = required(drawn, "#status");
    status.textContent = tx("hint", { move: describeAction(action, snap) });
    status.classList.add("dx-hint-text");
  }

  return { render, onKey, showHint, botDelay, dealSummary, finalSummary, describeAction, narrate, summaryEvent };
}

// The tiles each number's legal plays use: only numbers and tiles in this map can be chosen.
function playableTiles(snap) {
  const byNumber = new Map();
  for (const action of legalOf(snap, "play")) {
    const tiles = byNumber.get(action.number) ?? new Set();
    for (const code of action.tiles) tiles.add(code);
    byNumber.set(action.number, tiles);
  }
  return byNumber;
}

const doubleOf = (n) => `${n}-${n}`;

// The part of the table a decision is about (data-region="trick"): the opponents' topmost sets while
// a set is chosen or someone else decides; the set at stake when the human snatches or answers; the
// display and supply (the decision's own buttons) when the human draws.
function playersAreTheTrick(view, context) {
  return !context.myTurn || view.phase === "play";
}

function infoBar(view) {
  return h("div", { class: "info" },
    view.games > 1 && h("span", { class: "badge", text: tx("gameN", { n: view.game_number, of: view.games }) }),
    h("span", { class: "badge", text: tx("turnN", { n: view.turn_number }) }),
    view.doubles && h("span", { class: "badge dx-doubles", text: tx("doublesOn") }),
    view.discard.length > 0 && h("span", { class: "badge dx-discard", text: tx("discard", { n: view.discard.length }) }));
}

function playerPanel(view, seat) {
  const row = view.rows[seat];
  const top = row.at(-1);
  const earlier = row.slice(0, -1).reverse();
  const snatch = view.snatch;
  const role = snatch?.attacker === seat ? "attacker" : snatch?.victim === seat ? "victim" : "";
  const turn = view.current_player === seat;
  const known = seat === view.seat ? [] : view.known[seat];
  const label = tx("playerAria", { name: seatName(view, seat), hand: view.hand_sizes[seat], points: view.row_points[seat] })
    + (turn ? noted(tx("toMove")) : "") + (role ? noted(tx(role)) : "");
  return h("section", {
    class: `dx-player seat seat-${seat} ${turn ? "turn" : ""} ${role}`, "data-seat": seat,
    "data-place": placeOf(view, seat), "data-hand-size": view.hand_sizes[seat], "data-row-points": view.row_points[seat],
    "data-sets": row.length, "data-top": top ? `${top.number}x${top.size}` : "", "aria-label": label,
  },
  h("header", { class: "dx-head", "aria-hidden": "true" },
    h("span", { class: "seat-name", text: seatName(view, seat) }),
    role && h("span", { class: `dx-role ${role}`, text: tx(role) }),
    h("span", { class: "dx-stat", text: tx("handCount", { n: view.hand_sizes[seat] }) }),
    h("span", { class: "dx-stat dx-points", text: tx("rowPoints", { n: view.row_points[seat] }) })),
  h("div", { class: "dx-sets" },
    h("div", { class: `dx-top ${role === "victim" && snatch.target ? "hit" : ""}`, title: tx("topSet") },
      top ? [h("span", { class: "dx-number", "aria-hidden": "true", text: top.number }), setTiles(top, "top")]
        : h("span", { class: "fine", text: tx("noSet") })),
    earlier.length > 0 && h("ol", { class: "dx-earlier", "aria-label": tx("earlier") },
      earlier.map((set) => h("li", { "aria-label": setAria(set), title: setAria(set), text: setText(set) })))),
  known.length > 0 && h("div", { class: "dx-known", role: "group", "aria-label": tx("known") },
    h("span", { class: "fine", "aria-hidden": "true", text: tx("known") }),
    known.map((code) => domino(code, { class: "flat" }))));
}

function middle(view, snap, context) {
  const draws = context.myTurn ? legalOf(snap, "draw") : [];
  const supplyDraw = draws.find((action) => action.source === "supply");
  const firstDisplayDraw = draws.find((action) => action.source === "display");
  const supplyLabel = counted("supplyCount", view.supply_size);
  return h("section", { class: "dx-middle", "aria-label": tx("display"), "data-region": draws.length ? "actions" : null },
    h("div", { class: "dx-display", role: "group", "aria-label": tx("display") },
      view.display.map((code, index) => {
        const action = draws.find((draw) => draw.source === "display" && draw.tile === code);
        if (!action) return domino(code);
        return domino(code, {
          tag: "button", type: "button", class: "legal", "data-nav": "", "data-key": String(index + 1),
          "data-draw": code, "data-focus-key": `draw-${code}`, "data-autofocus": action === firstDisplayDraw || null,
          "aria-keyshortcuts": String(index + 1), label: tx("drawDisplay", { tile: tileName(code) }),
          onclick: () => context.act(action),
        });
      })),
    h(supplyDraw ? "button" : "div", {
      class: `dx-supply ${supplyDraw ? "legal" : ""}`, type: supplyDraw ? "button" : null,
      "data-nav": supplyDraw ? "" : null, "data-focus-key": "draw-supply", "data-draw": supplyDraw ? "supply" : null,
      "aria-keyshortcuts": supplyDraw ? "S" : null, role: supplyDraw ? null : "img",
      "aria-label": supplyDraw ? tx("drawSupply", { n: view.supply_size }) : supplyLabel,
      onclick: supplyDraw ? () => context.act(supplyDraw) : null,
    }, h("small", { "aria-hidden": "true", text: tx("supply") }), tileBack({ role: null, "aria-label": null }),
    h("span", { class: "dx-supply-count", "aria-hidden": "true", text: view.supply_size })));
}

function actionButton(action, label, key, context, attributes) {
  return h("button", {
    type: "button", class: `action action-${action.type}`, "aria-keyshortcuts": key,
    "data-nav": "", "data-focus-key": `action-${action.type}`, disabled: !context.myTurn,
    onclick: () => context.act(action), ...attributes,
  }, label, h("kbd", { "aria-hidden": "true", text: key }));
}

// How far a game is, for the picker's line of a game in progress (index.js).
export const progress = (snap) => t("dx_gameN", { n: snap.view.game_number, of: snap.view.games });

// The table's keys by the step they act in (the help lists each step's apart: a key means one thing
// in each list): the step's name, then each line of keys and the keys it names (index.js).
export const helpKeys = [
  { when: "dx_keysWhenPlay", keys: [{ text: "dx_keyNumbers", names: "0–9 A B C Enter Space" },
    { text: "dx_keyPlay", names: "P D Esc" }] },
  { when: "dx_keysWhenSnatch", keys: [{ text: "dx_keySnatch", names: "T D" }] },
  { when: "dx_keysWhenAnswer", keys: [{ text: "dx_keyAnswer", names: "B X" }] },
  { when: "dx_keysWhenDraw", keys: [{ text: "dx_keyDraw", names: "1–6 S" }] },
];
export const legend = ["dx_legendSets", "dx_legendCounts"];
// The hand's pieces in the shell's sentences (the pass-and-play hand-over: "show my tiles").
export const handPieces = "dx_handPieces";

// A few tiles drawn as the table draws them, for the rules page.
export function illustrate(codes) {
  return h("span", { class: "dominuxen dx-illustration" }, codes.map((code) => domino(code)));
}

// Snatches are the moments to follow: a hit waits longest (the attacker decides next), then the
// settling steps; single draws go quicker.
function botDelay(snap, lastEvents) {
  const types = new Set(lastEvents.map((event) => event.type));
  if (types.has("hit")) return DELAY.hit;
  if (["taken", "declined", "taken_back", "discarded"].some((type) => types.has(type))) return DELAY.settled;
  if (types.has("drew")) return DELAY.drew;
  return DELAY.play;
}

