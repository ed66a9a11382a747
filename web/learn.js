// Learning a game in the app: its rules page (the "?" dialog and the picker's "How to play"), the
// hint's reason in words, and "Explain as we play" (the last steps in plain words, in the page's flow
// under the table's hand). The rules come from the game's how-to-play document (pygames_core/howto/, shipped
// by the build as howto/<game>.json so they are there before Python starts); the sentences about a
// game's moves come from its renderer (describeAction, narrate), those about the doubling cube from
// cube.js: the shell only arranges them.
import { cubeNarration } from "./cube.js";
import { h, keysSpoken, present, required, sentenceSpans } from "./dom.js";
import { OP } from "./generated/wire.js";
import { language, pick, t, tn } from "./i18n.js";

// How many steps "Explain as we play" keeps on screen, newest first.
const CAPTION_STEPS = 3;

// --- the documents --------------------------------------------------------------------------------

const documents = new Map(); // game id -> the promise of its how-to-play document

// The game's how-to-play document: the build's howto/<id>.json, or Python's own (the bridge's
// how_to_play) when that cannot be fetched. A failure is not kept: the next opening asks again.
export function howToPlay(gameId, bridge) {
  if (!documents.has(gameId)) {
    const loading = fetch(`howto/${gameId}.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      })
      .catch(async () => {
        const reply = await bridge.call(OP.how_to_play, { game: gameId });
        if (!reply.ok) throw new Error(reply.error.message);
        return reply.how_to_play;
      });
    loading.catch(() => documents.delete(gameId));
    documents.set(gameId, loading);
  }
  return documents.get(gameId);
}

// --- the rules dialog -----------------------------------------------------------------------------

// The example frames say how tall they are (docs/embed.md): each takes the height it needs, up to
// the room the dialog has under its title's bar, so that a step (its table, caption and buttons) is
// seen whole without scrolling; the frame scales its table to fit the height it is given.
window.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type !== "pygames:height" || typeof data.height !== "number") return;
  const frames = /** @type {NodeListOf<HTMLIFrameElement>} */ (document.querySelectorAll("iframe.rules-example-frame"));
  for (const frame of frames) {
    if (frame.contentWindow !== event.source || frame.dataset.frameId !== data.id) continue;
    const dialog = present(frame.closest("dialog"), "the rules' dialog"); // the frames are drawn in it (showRules)
    const bar = required(dialog, ".help-bar");
    const room = dialog.clientHeight - bar.offsetHeight - FRAME_MARGIN;
    const border = frame.offsetHeight - frame.clientHeight; // the height set is the border's too
    frame.style.height = `${Math.min(data.height + border, room)}px`;
  }
});
const FRAME_MARGIN = 16; // px between the frame and the dialog's bar and foot

// Shows `dialog` with `game`'s rules (game: a list_games entry) and then `keys()`, a list for each step
// of the game ({when: the step, lines: [{text, names: the keys it names}]}, texts in the current
// language; none on a touch screen alone, and then no Keys section), then `marks()`, the texts saying
// what the marks on the table mean (on any screen), and the offline line; `renderer` draws the sections'
// cards. Returns refresh() (a new language).
export function showRules(dialog, { game, renderer, keys, marks = () => [], bridge }) {
  /** @type {Record<string, any> | null} the game's how-to-play document, once read */
  let document_ = null;
  /** @type {string | null} why it could not be read */
  let failure = null;
  const fill = () => {
    const title = h("h2", { id: "help-title", tabindex: "-1", text: t("rulesTitle", { game: pick(game.title) }) });
    const sections = document_?.sections ?? [];
    const keysId = "rules-keys";
    const marksId = "rules-marks";
    const keyLists = keys();
    const markLines = marks();
    const contents = h("nav", { class: "rules-toc", "aria-label": t("rulesContents") },
      [...sections.map((section) => [`rules-${section.id}`, pick(section.title)]),
        ...keyLists.length > 0 ? [[keysId, t("keysTitle")]] : [],
        ...markLines.length > 0 ? [[marksId, t("marksTitle")]] : []]
        .map(([id, text]) => h("a", { href: `#${id}`, text, onclick: (event) => {
          event.preventDefault(); // the address is the shell's (shared deals): only the dialog scrolls
          dialog.querySelector(`#${id}`)?.scrollIntoView({ block: "start" });
        } })));
    dialog.replaceChildren(...[
      closingBar(dialog, title),
      h("header", { class: "rules-head" },
        document_ && h("p", { class: "rules-pitch", text: pick(document_.pitch) }),
        h("p", { class: "fine", text: playersAndLength(game, document_?.length ?? game.length) })),
      contents,
      document_ === null && h("p", { class: failure ? "rules-error" : "fine", role: failure ? "alert" : "status",
        text: failure ? t("rulesFailed", { message: failure }) : t("rulesLoading") }),
      sections.map((section) => rulesSection(section, renderer)),
      keyLists.length > 0 && h("section", { id: keysId, class: "rules-section" }, h("h3", { text: t("keysTitle") }),
        keyLists.flatMap(({ when, lines }) => [h("h4", { class: "keys-when", text: when }),
          h("ul", { class: "keys" }, lines.map(({ text, names }) => h("li", { "data-keys": names, text })))])),
      markLines.length > 0 && h("section", { id: marksId, class: "rules-section" }, h("h3", { text: t("marksTitle") }),
        h("ul", { class: "marks" }, markLines.map((text) => h("li", { text })))),
      h("p", { class: "fine", text: t("offline") }),
      h("form", { method: "dialog", class: "form-actions" }, h("button", { class: "primary", text: t("close") })),
    ].flat().filter(Boolean));
  };
  fill();
  openAtTop(dialog);
  howToPlay(game.id, bridge).then((loaded) => {
    document_ = loaded;
  }, (error) => {
    failure = error.message;
  }).then(() => {
    if (!dialog.open) return;
    const scrolled = dialog.scrollTop;
    fill();
    dialog.scrollTop = scrolled;
    // the title that had the focus was replaced: its successor takes it (a modal's focus stays in it)
    if (!dialog.contains(document.activeElement)) dialog.querySelector("#help-title").focus({ preventScroll: true });
  });
  return fill;
}

// The short help of the picker: what to do, the keys that work there, and each game's rules.
export function showGeneralHelp(dialog, { games, openRules }) {
  const fill = () => dialog.replaceChildren(
    closingBar(dialog, h("h2", { id: "help-title", tabindex: "-1", text: t("generalHelpTitle") })),
    h("p", { text: t("generalHelp") }),
    h("ul", { class: "rules-games" }, games.filter((game) => game.pitch).map((game) => h("li", {},
      h("button", { type: "button", class: "ghost", "data-rules": game.id, text: t("howToPlayLabel", { game: pick(game.title) }),
        onclick: () => openRules(game) })))),
    ...keysSpoken() ? [h("ul", { class: "keys" }, h("li", { text: t("keyHelp") }))] : [], // none on a touch screen alone
    h("p", { class: "fine", text: t("offline") }),
    h("form", { method: "dialog", class: "form-actions" }, h("button", { class: "primary", text: t("close") })));
  fill();
  openAtTop(dialog);
  return fill;
}

// The title with a × that closes the dialog: it stays at the top of the scrolling dialog, so that a
// phone's reader, far down a long page of rules, need not scroll to its end to close it.
function closingBar(dialog, title) {
  return h("div", { class: "help-bar" }, title,
    h("button", { type: "button", class: "ghost help-close", id: "help-close", text: "×", "aria-label": t("closeHelp"),
      title: t("closeHelp"), onclick: () => dialog.close() }));
}

// A tap on the backdrop (outside the dialog's box) closes it, as Escape does.
function closeOnBackdrop(event) {
  const box = event.currentTarget.getBoundingClientRect();
  const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top
    || event.clientY > box.bottom;
  if (event.target === event.currentTarget && outside) event.currentTarget.close();
}

// A long dialog opens at its top with its title in view and the focus on the dialog (not on its
// last button, which would scroll the title away).
function openAtTop(dialog) {
  dialog.addEventListener("click", closeOnBackdrop); // the same function: added once however often opened
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
  dialog.querySelector("#help-title").focus({ preventScroll: true });
}

// A paragraph's marks (pygames_core/engine/howto.py, at most one each): a decision taken where the original is
// silent, a rule lost from the original and rebuilt, something the project added; each with its label.
const MARK_LABELS = { decision: "ourDecision", reconstruction: "ourReconstruction", addition: "ourAddition" };

function rulesSection(section, renderer) {
  const frameId = `rules-${section.id}-example`;
  return h("section", { id: `rules-${section.id}`, class: "rules-section", "data-section": section.id },
    h("h3", { text: pick(section.title) }),
    section.paragraphs.map((paragraph) => {
      const mark = Object.keys(MARK_LABELS).find((name) => paragraph[name]);
      return h("p", { class: mark ? "decision" : null, "data-mark": mark ?? null },
        mark && h("strong", { class: "decision-mark", text: t(MARK_LABELS[mark]) }), pick(paragraph));
    }),
    section.cards?.length && renderer?.illustrate && h("div", { class: "rules-cards" }, renderer.illustrate(section.cards)),
    section.example && h("figure", { class: "rules-example" },
      h("iframe", { class: "rules-example-frame", "data-frame-id": frameId, "data-example": section.example,
        title: t("exampleTitle", { section: pick(section.title) }), loading: "lazy",
        src: `embed.html#${new URLSearchParams({ scenario: section.example, lang: language(), id: frameId })}` }),
      h("figcaption", { class: "fine", text: t("exampleHelp") })));
}

export function playersText([min, max]) {
  return min === max ? t("playersExact", { count: min }) : t("playersCount", { min, max });
}

// "4 players · about 15 minutes" (the length when the game's document gives one)
export function playersAndLength(game, length) {
  const players = playersText(game.players);
  return length ? t("playersAndLength", { players, length: pick(length) }) : players;
}

// --- the hint in words ------------------------------------------------------------------------------

// One line for a hint reply ({action, reason}) on `snap`: the suggestion in the renderer's words and
// the reason (the kinds of pygames_core/ai/levels.py's `hint`: forced, search, cube, or text: a blind
// choice's, or a game's own; the samples are called orders of the unseen cards where the renderer's `sampled` is "orders",
// else deals). "" when neither can be said (a renderer without describeAction, a hint without a reason).
export function hintWords(hint, snap, renderer) {
  const say = (action) => renderer.describeAction?.(action, snap) || "";
  const suggestion = say(hint.action);
  const reason = reasonWords(hint.reason, say, renderer.sampled);
  const line = suggestion && reason ? `${suggestion} — ${reason}` : suggestion || reason;
  return line && line[0].toLocaleUpperCase(language()) + line.slice(1);
}

// `sampled`: what the search's samples were, as the renderer says ("orders" where the hidden part is
// only the order of known cards, a deck; "deals" otherwise). The reason's words in the game's terms
// (its outcome, a blind choice) and the chance a cube decision turns at come from Python; this only
// arranges them.
function reasonWords(reason, say, sampled) {
  if (!reason) return "";
  if (reason.text) return pick(reason.text);
  const percent = (chance) => Math.round(chance * 100);
  switch (reason.kind) {
    case "forced": return t("hintReasonForced");
    case "cube": return cubeWords(reason, percent);
    case "search": {
      // what the move does at once (the trick it completes), then what its play-outs end in
      const rest = searchWords(reason, say, sampled);
      return reason.effect ? t("hintEffect", { effect: pick(reason.effect), rest }) : rest;
    }
    default: return "";
  }
}

// A search's reason: what the move's play-outs end in, in the game's terms ("in 31 of 43 deals …, you rob
// store 3"), against the next best move, or about as good as it where the search cannot tell them apart.
function searchWords(reason, say, sampled) {
  const sampledWords = (samples) => tn(sampled === "orders" ? "hintSampledOrders" : "hintSampledDeals", samples,
    { samples });
  const runnerUp = reason.runner_up;
  const runner = runnerUp && (say(runnerUp.action) || t("hintNextBest"));
  const outcome = reason.outcome;
  if (!outcome) {
    if (!runnerUp) return t("hintSearchTried", { sampled: sampledWords(reason.samples) });
    return t(runnerUp.as_good ? "hintSearchAsGood" : "hintSearchBest", { runner, sampled: sampledWords(reason.samples) });
  }
  const told = t("hintOutcome", { count: outcome.count, sampled: sampledWords(outcome.of), outcome: pick(outcome.text) });
  if (!runnerUp) return told;
  if (runnerUp.as_good) return t("hintAsGood", { runner, told });
  // clearly better, though not by this outcome's count (the difference lies within it)
  if (!runnerUp.outcome) return t("hintOutcomeBetter", { told, runner });
  if (outcome.count === 0) { // an end this move never reaches, and the next best does (a failed All or Nothing)
    return t("hintOutcomeAvoided", { runner, count: runnerUp.outcome.count, sampled: sampledWords(runnerUp.outcome.of),
      outcome: pick(outcome.text) });
  }
  return t("hintOutcomeAgainst", { told, runner, count: runnerUp.outcome.count, of: runnerUp.outcome.of });
}

// A cube decision: the chance to win against the chance (from Python's cube logic) the decision turns at.
function cubeWords(reason, percent) {
  const words = { percent: percent(reason.win_chance), threshold: percent(reason.threshold) };
  switch (reason.decision) {
    case "take": return t("hintCubeTake", words);
    case "pass": return t("hintCubePass", words);
    case "double": return t(reason.threshold > 0 ? "hintCubeDouble" : "hintCubeDoubleAnyway", words);
    default: return t("hintCubePlayOn", words);
  }
}

// A step's events in words, in the order they came: the game's by its renderer's narrate, the doubling
// cube's and the match's by cube.js (a pass that ends a deal is said before the deal's end).
function stepSentences(renderer, { events, snap }) {
  const runs = []; // the events in runs of the game's and of the cube's
  for (const event of events) {
    const cube = cubeNarration(snap, [event]).length > 0;
    if (runs.at(-1)?.cube === cube) runs.at(-1).events.push(event);
    else runs.push({ cube, events: [event] });
  }
  return runs.flatMap((run) => (run.cube ? cubeNarration(snap, run.events) : renderer.narrate?.(run.events, snap) ?? []));
}

// --- "Explain as we play" and the hint line: the caption area under the table's hand ---------------

// `root`: the caption area (in the page's flow, never over the table). The table (a LiveTable with
// the shell's fields: explain, hint) is drawn into it after every step and in a new language. Its
// parts are made once: a live region announces changes only to an element that was already there.
export class Captions {
  constructor(root, { onSwitchOff }) {
    this.root = root;
    this.steps = []; // the last steps that had something to say: {events, snap}, newest first
    this.title = h("span", { class: "explain-title" });
    this.switchOff = h("button", { type: "button", class: "ghost explain-off", id: "explain-off", onclick: onSwitchOff });
    this.head = h("div", { class: "explain-head" }, this.title, this.switchOff);
    this.hintLine = h("p", { id: "hint-line", class: "hint-line", "aria-live": "polite" });
    this.log = h("ol", { id: "explain-log", class: "explain-log", "aria-live": "polite" });
    root.replaceChildren(this.head, this.hintLine, this.log);
    this.table = null; // the table last drawn
    // a table that grows under its own redraw (a joker's choices, cards picked) pushes the captions down
    new ResizeObserver(() => this.keepInView()).observe(root.parentElement);
  }

  clear() {
    this.steps = [];
  }

  // A step was taken on the table: remember it when there is something to say about it.
  record(table) {
    if (!table.explain || table.events.length === 0) return;
    const step = { events: table.events, snap: table.snap };
    if (stepSentences(table.renderer, step).length === 0) return;
    this.steps = [step, ...this.steps].slice(0, CAPTION_STEPS);
  }

  draw(table) {
    this.table = table;
    const hint = table?.hint;
    // the hand-over screen (pass-and-play) says nothing of anyone's seat: the explanations wait with it
    const explaining = Boolean(table?.explain) && !table.handingOver;
    // a hint asked for by the explanations goes with them when they are switched off
    const hintLine = hint?.action && hint.moves === table.snap.moves && (explaining || !hint.auto)
      ? hintWords(hint, table.snap, table.renderer) : "";
    this.root.hidden = !explaining && !hintLine;
    this.head.hidden = !explaining;
    this.log.hidden = !explaining;
    this.title.textContent = t("explainTitle");
    this.switchOff.textContent = t("explainOff");
    let said = false;
    if (this.hintLine.textContent !== hintLine) {
      this.hintLine.textContent = hintLine;
      said = Boolean(hintLine);
    }
    this.hintLine.hidden = !hintLine;
    const told = explaining ? this.steps.map((step) => stepSentences(table.renderer, step)) : [];
    if (told.map((sentences) => sentences.join(" ")).join("\n")
      !== [...this.log.children].map((item) => item.textContent).join("\n")) {
      this.log.replaceChildren(...told.map((sentences, index) => h("li", { class: index === 0 ? "newest" : null },
        sentenceSpans(sentences))));
      said ||= told.length > 0;
    }
    if (said) this.keepInView();
  }

  // The suggestion and the newest caption, under the table's hand, come onto the screen when they end
  // below it (a phone, a tall table), the page scrolled no further than keeps the play in view above
  // them (the table's marked regions, below a cube bar kept at the top).
  keepInView() {
    if (this.root.hidden || !this.table?.root) return;
    const said = [this.hintLine, this.log.querySelector(".newest")].filter((part) => part && !part.hidden);
    const below = Math.max(...said.map((part) => part.getBoundingClientRect().bottom)) - innerHeight;
    if (!(below > 0)) return;
    const keptAtTop = document.querySelector("#cube-bar[data-asking]:not([hidden])");
    const top = keptAtTop ? keptAtTop.getBoundingClientRect().bottom : 0;
    const play = [...this.table.root.querySelectorAll("[data-region]")].map((region) => region.getBoundingClientRect())
      .filter((box) => box.height > 0);
    const room = Math.min(...play.map((box) => box.top - top));
    if (room > 0) scrollBy(0, Math.min(below, room));
  }
}
