// Learning a game in the app: its rules page (the "?" dialog and the picker's "How to play"), the
// hint's reason in words, and "Explain as we play" (the last steps in plain words, in the page's flow
// under the table's hand). The rules come from the game's how-to-play document (pygames_core/howto/, shipped
// by the build as howto/<game>.json so they are there before Python starts); the sentences about a
// game's moves come from its renderer (describeAction, narrate), those about the doubling cube from
// cube.js: the shell only arranges them.
import { cubeNarration } from "./cube.js";
import { h } from "./dom.js";
import { addStrings, language, pick, t } from "./i18n.js";

// How many steps "Explain as we play" keeps on screen, newest first.
const CAPTION_STEPS = 3;

addStrings({
  en: {
    howToPlay: "How to play", howToPlayLabel: "How to play {game}", rulesTitle: "How to play {game}",
    rulesLoading: "Loading the rules…", rulesFailed: "The rules could not be loaded ({message}).",
    rulesContents: "Contents", ourDecision: "Our decision", keysTitle: "Keys",
    exampleTitle: "Example: {section}", exampleHelp: "Step through the example with its Next and Back buttons.",
    playersAndLength: "{players} · {length}",
    generalHelpTitle: "Help", generalHelp: "Choose a game, its options and the bots' level, then Start. Each game's "
      + "“How to play” shows its rules with examples to step through; on the table, ? shows them again.",
    explain: "Explain as we play", explainHelp: "After each move, says what happened in plain words; on your turn, "
      + "suggests a move and says why.",
    explainTitle: "Explaining as we play", explainOff: "Stop explaining",
    hintReasonForced: "it is your only legal move",
    hintSampledDeals: "{samples} deals dealt from what you can see",
    hintSampledOrders: "{samples} possible orders of the cards you cannot see",
    hintReasonSearch: "it did best in {sampled} ({value} against {runnerValue} for {runner})",
    hintReasonSearchTied: "in {sampled}, no other did better ({runner} did as well: {value})",
    hintReasonSearchKept: "the steady move: in {sampled}, no other did clearly better ({runner}: {runnerValue} "
      + "against {value})",
    hintNextBest: "the next best",
    hintReasonSearchAlone: "in {sampled}, it scored {value} out of 100",
    hintReasonCube: "your side's chance of winning this game is about {percent}%",
    keyShare: "S shares the game", keyHelpRules: "? opens this page: the game's rules and its keys",
  },
  ja: {
    howToPlay: "遊び方", howToPlayLabel: "{game}の遊び方", rulesTitle: "{game}の遊び方",
    rulesLoading: "ルールを読み込み中…", rulesFailed: "ルールを読み込めませんでした（{message}）。",
    rulesContents: "目次", ourDecision: "このサイトの決定", keysTitle: "キー操作",
    exampleTitle: "例: {section}", exampleHelp: "例は「次へ」「戻る」で一手ずつ進められます。",
    playersAndLength: "{players}・{length}",
    generalHelpTitle: "ヘルプ", generalHelp: "ゲームを選び、オプションとボットの強さを決めて「はじめる」を押します。"
      + "各ゲームの「遊び方」でルールと一手ずつ進められる例が見られます。ゲーム中は ? でいつでも開けます。",
    explain: "解説しながら遊ぶ", explainHelp: "一手ごとに何が起きたかを言葉で説明し、あなたの番では手を提案して理由を示します。",
    explainTitle: "解説しながらプレイ中", explainOff: "解説をやめる",
    hintReasonForced: "打てる手はこれだけです",
    hintSampledDeals: "見えている情報から配った{samples}通り",
    hintSampledOrders: "見えていないカードの並び{samples}通り",
    hintReasonSearch: "{sampled}で最も良い結果（{value}点、{runner}は{runnerValue}点）",
    hintReasonSearchTied: "{sampled}で、これを上回る手はありません（{runner}も同じ{value}点）",
    hintReasonSearchKept: "堅実な手: {sampled}で、はっきり上回る手はありません（{runner}は{runnerValue}点、この手は{value}点）",
    hintNextBest: "次点の手",
    hintReasonSearchAlone: "{sampled}で平均{value}点（100点満点）",
    hintReasonCube: "この勝負にあなたの側が勝つ見込みは約{percent}%です",
    keyShare: "S でゲームを共有", keyHelpRules: "? でこのページ（ゲームのルールとキー操作）を開く",
  },
});

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
        const reply = await bridge.call({ op: "how_to_play", game: gameId });
        if (!reply.ok) throw new Error(reply.error.message);
        return reply.how_to_play;
      });
    loading.catch(() => documents.delete(gameId));
    documents.set(gameId, loading);
  }
  return documents.get(gameId);
}

// --- the rules dialog -----------------------------------------------------------------------------

// The example frames say how tall they are (docs/embed.md): each takes the height it needs.
window.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type !== "pygames:height" || typeof data.height !== "number") return;
  for (const frame of document.querySelectorAll("iframe.rules-example-frame")) {
    if (frame.contentWindow === event.source && frame.dataset.frameId === data.id) frame.style.height = `${data.height}px`;
  }
});

// Shows `dialog` with `game`'s rules (game: a list_games entry) and then `keys()` (texts in the current
// language) and the offline line; `renderer` draws the sections' cards. Returns refresh() (a new language).
export function showRules(dialog, { game, renderer, keys, bridge }) {
  let document_ = null;
  let failure = null;
  const fill = () => {
    const title = h("h2", { id: "help-title", tabindex: "-1", text: t("rulesTitle", { game: pick(game.title) }) });
    const sections = document_?.sections ?? [];
    const keysId = "rules-keys";
    const contents = h("nav", { class: "rules-toc", "aria-label": t("rulesContents") },
      [...sections.map((section) => [`rules-${section.id}`, pick(section.title)]), [keysId, t("keysTitle")]]
        .map(([id, text]) => h("a", { href: `#${id}`, text, onclick: (event) => {
          event.preventDefault(); // the address is the shell's (shared deals): only the dialog scrolls
          dialog.querySelector(`#${id}`)?.scrollIntoView({ block: "start" });
        } })));
    dialog.replaceChildren(...[
      h("header", { class: "rules-head" }, title,
        document_ && h("p", { class: "rules-pitch", text: pick(document_.pitch) }),
        h("p", { class: "fine", text: playersAndLength(game, document_?.length ?? game.length) })),
      contents,
      document_ === null && h("p", { class: failure ? "rules-error" : "fine", role: failure ? "alert" : "status",
        text: failure ? t("rulesFailed", { message: failure }) : t("rulesLoading") }),
      sections.map((section) => rulesSection(section, renderer)),
      h("section", { id: keysId, class: "rules-section" }, h("h3", { text: t("keysTitle") }),
        h("ul", { class: "keys" }, keys().map((text) => h("li", { text })))),
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
    h("h2", { id: "help-title", tabindex: "-1", text: t("generalHelpTitle") }),
    h("p", { text: t("generalHelp") }),
    h("ul", { class: "rules-games" }, games.filter((game) => game.pitch).map((game) => h("li", {},
      h("button", { type: "button", class: "ghost", "data-rules": game.id, text: t("howToPlayLabel", { game: pick(game.title) }),
        onclick: () => openRules(game) })))),
    h("ul", { class: "keys" }, h("li", { text: t("keyHelp") })),
    h("p", { class: "fine", text: t("offline") }),
    h("form", { method: "dialog", class: "form-actions" }, h("button", { class: "primary", text: t("close") })));
  fill();
  openAtTop(dialog);
  return fill;
}

// A long dialog opens at its top with its title in view and the focus on the dialog (not on its
// last button, which would scroll the title away).
function openAtTop(dialog) {
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
  dialog.querySelector("#help-title").focus({ preventScroll: true });
}

function rulesSection(section, renderer) {
  const frameId = `rules-${section.id}-example`;
  return h("section", { id: `rules-${section.id}`, class: "rules-section", "data-section": section.id },
    h("h3", { text: pick(section.title) }),
    section.paragraphs.map((paragraph) => h("p", { class: paragraph.decision ? "decision" : null },
      paragraph.decision && h("strong", { class: "decision-mark", text: t("ourDecision") }),
      pick(paragraph))),
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
// the reason (the kinds of pygames_core/ai/levels.py's `hint`: forced, search, cube, or the game's own
// text; the samples are called orders of the unseen cards where the renderer's `sampled` is "orders",
// else deals). "" when neither can be said (a renderer without describeAction, a hint without a reason).
export function hintWords(hint, snap, renderer) {
  const say = (action) => renderer.describeAction?.(action, snap) || "";
  const suggestion = say(hint.action);
  const reason = reasonWords(hint.reason, say, renderer.sampled);
  const line = suggestion && reason ? `${suggestion} — ${reason}` : suggestion || reason;
  return line && line[0].toLocaleUpperCase(language()) + line.slice(1);
}

// `sampled`: what the search's samples were, as the renderer says ("orders" where the hidden part is
// only the order of known cards, a deck; "deals" otherwise)
function reasonWords(reason, say, sampled) {
  if (!reason) return "";
  if (reason.text) return pick(reason.text);
  const points = (value) => Math.round(value * 100);
  switch (reason.kind) {
    case "forced": return t("hintReasonForced");
    case "cube": return t("hintReasonCube", { percent: points(reason.win_chance) });
    case "search": {
      const words = {
        sampled: t(sampled === "orders" ? "hintSampledOrders" : "hintSampledDeals", { samples: reason.samples }),
        value: points(reason.value),
      };
      const runnerUp = reason.runner_up;
      if (!runnerUp) return t("hintReasonSearchAlone", words);
      const runnerValue = points(runnerUp.value);
      // the search keeps the normal bot's move unless another beats it by more than the noise, so the
      // runner-up may have scored a little more: then the move is the steady one, not the best seen;
      // and a runner-up that scored as much (as rounded) did as well, not worse
      const key = runnerValue > words.value ? "hintReasonSearchKept"
        : runnerValue === words.value ? "hintReasonSearchTied" : "hintReasonSearch";
      return t(key, { ...words, runnerValue, runner: say(runnerUp.action) || t("hintNextBest") });
    }
    default: return "";
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
    const told = explaining ? this.steps.map((step) => stepSentences(table.renderer, step).join(" ")) : [];
    if (told.join("\n") !== [...this.log.children].map((item) => item.textContent).join("\n")) {
      this.log.replaceChildren(...told.map((text, index) => h("li", { class: index === 0 ? "newest" : null, text })));
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
