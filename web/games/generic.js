// The generic table: a game without a renderer of its own (a third-party game, build.py
// --game-wheel) plays from its snapshot alone. It draws what the view's `display` says — the hands
// (the player's cards face up, the others' as counts), the piles on the table, the scores and whose
// turn it is — and offers every legal action as a button captioned from the labels the game supplies
// in English and Japanese (the format: docs/adding-a-game.md). It holds no rule: an action it sends is
// one of the snapshot's legal actions, as given; a hand card is pressable when a legal action names it.
//   view.display = {
//     hands:  [{seat, cards: [code, …]} | {seat, count}],     the cards shown, or how many are hidden
//     piles:  [{name: {en, ja}, cards: [code | {seat, card}, …], count?}]   the table's piles, named
//             by the game; a card given with a seat (a trick's plays) is shown with who played it; a
//             pile of more than COMPACT_ABOVE cards shows its two ends and how many lie between, all
//             of them once tapped (a phone has no room for six players' rows drawn whole)
//     scores: [number, …] (by seat),  score_name: {en, ja},
//     status: {en, ja}                                           (optional) a line about the game
//   }
//   view.labels = {
//     actions: {type: {en, ja}},  events: {type: {en, ja}},  cards: {code: {en, ja}} (optional)
//   }
// An action's or event's label may name the action's (event's) fields in braces: "Play {card}",
// "{seat} took the trick"; a card is written by its label (labels.cards) or, a French card code
// ("TD"), as 10♦; {seat} (and {player}, {winner}) by the seat's name at this table ("you" inside a
// sentence). A label may add the sentence for the reader's own seat, `you: {en, ja}` ("You win" where
// "{seat} wins" would say "You wins"), used when the event's (action's) `seat` is the reader's. Each
// event is told as a sentence of its own. A game that gives no display still plays: its actions are
// captioned by their type and fields. The final summary ranks the seats by the places a finished
// game's result gives (Rules.score_name and higher_score_wins, declared by the game), under the
// score's name.
import { cardFace, cardText } from "../cards.js";
import { arrowFocus, h, markHinted, present } from "../dom.js";
import { labelled, language, listText, pick, t } from "../i18n.js";
import { seatName, seatNameInSentence, seatsFromBottom } from "../seats.js";

const BOT_DELAY_MS = 700; // one bot move after another, slow enough to follow
const SEAT_FIELDS = new Set(["seat", "player", "winner", "to", "from"]);
const FRENCH_CARD = /^(?:[2-9TJQKA])[SHDC]$/;
const COMPACT_ABOVE = 3; // a pile of more cards is drawn by its ends and a count, until the player opens it
const SENTENCE_END = /[.!?…。！？]$/;

export const helpKeys = [{ when: "gn_keysWhen", keys: [{ text: "gn_keys", names: "← → Enter Space" }] }];

const display = (view) => view.display ?? {};
const labels = (view) => view.labels ?? {};

// A card in words: the game's own label, else a French card's index and suit, else its code.
function cardWords(view, code) {
  const own = labels(view).cards?.[code];
  if (own) return pick(own);
  return typeof code === "string" && FRENCH_CARD.test(code) ? cardText(code) : String(code);
}

// A field's value in words: a seat by its name ("you" inside a sentence), a card by cardWords, a list
// item by item.
function fieldWords(view, name, value, atStart) {
  if (Array.isArray(value)) return value.map((item) => fieldWords(view, name, item, false)).join(", ");
  if (SEAT_FIELDS.has(name) && Number.isInteger(value) && value >= 0 && value < view.players) {
    return atStart ? seatName(view, value) : seatNameInSentence(view, value);
  }
  if (typeof value === "string" || typeof value === "number") return cardWords(view, value);
  return JSON.stringify(value);
}

// A label ({en, ja}, fields in braces; its `you` form when the fields' seat is the reader's) filled
// from an action's or event's fields; null without one.
function filled(view, label, fields) {
  if (!label) return null;
  const own = label.you && Number.isInteger(fields.seat) && fields.seat === view.seat ? label.you : label;
  return pick(own).replace(/\{(\w+)\}/g, (whole, name, at) => (name in fields ? fieldWords(view, name, fields[name], at === 0) : whole));
}

// A label's words as a sentence: a capital first letter and the language's full stop, unless the game
// ended it itself ("North played 7♠" → "North played 7♠.", 「北が7♠を出した」→「北が7♠を出した。」).
function sentence(text) {
  const said = text.trim();
  const opened = said.charAt(0).toLocaleUpperCase(language()) + said.slice(1);
  return SENTENCE_END.test(opened) ? opened : `${opened}${t("gn_fullStop")}`;
}

// An action in words: its label, or its type and fields as a fallback.
function actionWords(view, action) {
  const { type, ...fields } = action;
  return filled(view, labels(view).actions?.[type], action)
    ?? [type, ...Object.entries(fields).map(([name, value]) => fieldWords(view, name, value))].join(" ");
}

// The one key of an action, to find its control again (the hint's mark, the focus across drawings).
const actionKey = (action) => JSON.stringify(action);

// A card as the table draws it: a French card's face, else a chip with its name. (`view` gives the
// game's card names; {} for none.)
function cardChip(view, code, attributes = {}) {
  if (typeof code === "string" && FRENCH_CARD.test(code) && !labels(view).cards?.[code]) {
    return cardFace(code, { ...attributes, class: `gn-card ${attributes.class ?? ""}` });
  }
  const { tag = "span", class: extra = "", ...rest } = attributes;
  return h(tag, { ...rest, class: `gn-card gn-chip ${extra}`, text: cardWords(view, code) });
}

// A result's scores as a table, the seats in their places (1 the best) where the result gives them (a
// finished game that declares which way its scores rank), else clockwise from the reader; the column of
// scores under the score's name, with which way it ranks.
function resultTable(view, result, scoreName) {
  const places = Array.isArray(result.places) ? result.places : null;
  const winners = result.winners ?? [];
  const seats = seatsFromBottom(view);
  if (places) seats.sort((one, other) => places[one] - places[other]); // stable: tied seats stay clockwise
  const order = typeof result.higher_score_wins === "boolean" && places
    && labelled(scoreName, t(result.higher_score_wins ? "gn_moreIsBetter" : "gn_fewerIsBetter"));
  return h("table", { class: "gn-final" },
    order && h("caption", { class: "gn-order", text: order }),
    h("thead", {}, h("tr", {}, places && h("th", { scope: "col", text: t("gn_place") }),
      h("th", { scope: "col", text: t("gn_player") }), h("th", { scope: "col", class: "gn-score-name", text: scoreName }))),
    h("tbody", {}, seats.map((seat) => h("tr", { "data-seat": seat, "data-place": places?.[seat] ?? null,
      class: winners.includes(seat) ? "gn-winner" : null },
    places && h("td", { class: "gn-place", text: t("gn_placeN", { n: places[seat] }) }),
    h("th", { scope: "row", text: seatName(view, seat) }),
    h("td", { class: "gn-final-score", text: String(result.scores[seat]) })))));
}

// Who won, in a sentence: "You win!" for the reader alone, else the winners by name ("Won by North and you.").
function winnersLine(view, winners) {
  if (winners.length === 0) return t("gn_noWinner");
  if (winners.length === 1 && winners[0] === view.seat) return t("gn_youWin");
  return t("gn_winners", { names: listText(winners.map((seat) => seatNameInSentence(view, seat))) });
}

export function createTable(root, shell) {
  /** @type {string | null} the hint's action key, kept while the same step is drawn */
  let hinted = null;
  const opened = new Set(); // the piles (by their place in the display) the player opened whole
  /** @type {{snap: import("../generated/messages").Common.Snapshot<any, any>, context: Record<string, any>} | null}
   *  the last drawing's snapshot and context: a pile opened is drawn again with them */
  let drawn = null;

  function render(snap, context) {
    drawn = { snap, context };
    const { view } = snap;
    const shown = display(view);
    const legal = context.myTurn ? snap.legal : [];
    if (hinted && !legal.some((action) => actionKey(action) === hinted)) hinted = null;
    // a hand card is pressable for the one legal action naming it
    const byCard = new Map();
    const ownHand = (shown.hands ?? []).find((hand) => hand.seat === view.seat && Array.isArray(hand.cards));
    for (const action of legal) {
      const named = Object.values(action).filter((value) => ownHand?.cards.includes(value));
      if (named.length === 1 && !byCard.has(named[0])) byCard.set(named[0], action);
      else if (named.length === 1) byCard.set(named[0], null); // two actions on one card: the buttons say which
    }
    const onCards = new Set([...byCard.values()].filter(Boolean));
    const control = (action, element) => {
      // the focus key goes into a CSS selector (table.js): written without quotes
      Object.assign(element.dataset, { nav: "", focusKey: encodeURIComponent(actionKey(action)), hintKey: actionKey(action) });
      element.addEventListener("click", () => shell.act(action));
      return element;
    };

    const turn = snap.is_over ? t("gn_over")
      : snap.current_player === view.seat ? t("gn_yourTurn")
        : snap.current_player === null || snap.current_player === undefined ? ""
          : t("gn_waiting", { name: seatName(view, snap.current_player) });
    const scores = Array.isArray(shown.scores) ? shown.scores : null;
    const cardCount = (n) => (n === 1 ? t("gn_cardsOne") : t("gn_cards", { n }));
    const seatRow = (seat) => {
      const hand = (shown.hands ?? []).find((entry) => entry.seat === seat);
      const count = hand ? hand.count ?? hand.cards?.length : null;
      return h("li", { class: `gn-seat seat-${seat}`, "data-seat": seat,
        "aria-current": snap.current_player === seat ? "true" : null },
      h("span", { class: "gn-seat-name", text: seatName(view, seat) }),
      count !== null && count !== undefined && seat !== view.seat
        && h("span", { class: "gn-count", text: cardCount(count) }),
      scores && h("span", { class: "gn-score", text: `${pick(shown.score_name) || t("gn_score")} ${scores[seat]}` }));
    };
    const played = (item) => (item !== null && typeof item === "object"
      ? h("figure", { class: `gn-play seat-${item.seat}`, "data-seat": item.seat }, cardChip(view, item.card),
        h("figcaption", { text: seatName(view, item.seat) }))
      : cardChip(view, item));
    // a pile showing some of its cards (a stock's top card) or folded to its ends says how many it holds
    const foldable = (entry) => (entry.cards ?? []).length > COMPACT_ABOVE;
    const pileName = (entry) => {
      const count = Number.isInteger(entry.count) ? entry.count : foldable(entry) ? entry.cards.length : null;
      return count !== null && (entry.cards ?? []).length > 0 ? `${pick(entry.name)} · ${cardCount(count)}` : pick(entry.name);
    };
    const fold = (index, between) => {
      const open = opened.has(index);
      return h("button", { type: "button", class: "ghost gn-fold", "data-pile": index, "aria-expanded": String(open),
        "aria-label": t(open ? "gn_foldPile" : "gn_openPile", { n: between }), text: open ? "−" : `+${between}`,
        onclick: () => {
          if (open) opened.delete(index);
          else opened.add(index);
          const last = present(drawn, "the table's last render"); // the button pressed is on it
          render(last.snap, last.context);
          root.querySelector(`.gn-fold[data-pile="${index}"]`)?.focus();
        } });
    };
    const pileCards = (entry, index) => {
      const cards = entry.cards ?? [];
      if (cards.length === 0) return h("span", { class: "fine", text: entry.count ? cardCount(entry.count) : t("gn_empty") });
      if (!foldable(entry)) return cards.map(played);
      const between = cards.length - 2;
      return opened.has(index) ? [...cards.map(played), fold(index, between)]
        : [played(cards[0]), fold(index, between), played(cards.at(-1))];
    };
    const pile = (entry, index) => h("section", { class: "gn-pile", "aria-label": pileName(entry) },
      h("h3", { text: pileName(entry) }),
      h("div", { class: "gn-cards" }, pileCards(entry, index)));
    const hand = ownHand && h("section", { class: "gn-hand", "data-region": "hand", "aria-label": t("gn_yourHand") },
      h("div", { class: "gn-cards" }, ownHand.cards.map((code) => {
        const action = byCard.get(code);
        if (!action) return cardChip(view, code, { class: legal.length > 0 ? "gn-unplayable" : "" });
        return control(action, cardChip(view, code, { tag: "button", type: "button", class: "gn-playable",
          "aria-label": actionWords(view, action) }));
      })));
    const buttons = legal.filter((action) => !onCards.has(action));
    const actions = h("section", { class: "gn-actions", "data-region": "actions", "aria-label": t("gn_actions") },
      buttons.map((action) => control(action, h("button", { type: "button", class: "ghost gn-action",
        text: actionWords(view, action) }))));

    root.replaceChildren(h("div", { class: "gn-table", "data-game": snap.game,
      "data-phase": view.phase ?? (snap.is_over ? "over" : "play"), "data-my-turn": String(legal.length > 0) },
      h("ul", { class: "gn-seats" }, seatsFromBottom(view).map(seatRow)),
      // (#status: a replay's steps say there what Next shows, embed/steps.js)
      h("p", { class: "gn-status", id: "status", role: "status", text: [pick(shown.status), turn].filter(Boolean).join(" ") }),
      h("div", { class: "gn-piles", "data-region": "trick" }, (shown.piles ?? []).map(pile)),
      hand, actions));
    const first = root.querySelector("[data-nav]");
    if (first) first.dataset.autofocus = "";
    if (hinted) markHinted(root, hinted, { focus: false });
  }

  function onKey(event) {
    return arrowFocus(root, event.key.toLowerCase());
  }

  function showHint(action) {
    hinted = actionKey(action);
    markHinted(root, hinted);
  }

  // one sentence an event, in the order they came
  function narrate(events, snap) {
    return events.map((event) => filled(snap.view, labels(snap.view).events?.[event.type], event)).filter(Boolean)
      .map(sentence);
  }

  // the score's name: the finished game's declared one, else the one its table shows, else "Score"
  const scoreName = (snap) => pick(snap.result?.score_name) || pick(display(snap.view).score_name) || t("gn_score");

  return {
    render,
    onKey,
    botDelay: () => BOT_DELAY_MS,
    dealSummary: (summary, snap) => h("div", {}, h("h2", { text: t("gn_dealOver") }),
      narrate([summary], snap).map((line) => h("p", { text: line })),
      Array.isArray(display(snap.view).scores)
        && resultTable(snap.view, { scores: display(snap.view).scores }, scoreName(snap))),
    finalSummary: (snap) => {
      const { result, view } = snap;
      return h("div", {}, h("h2", { text: t("gn_final") }),
        h("p", { class: "gn-winners", text: winnersLine(view, result?.winners ?? []) }),
        Array.isArray(result?.scores) && resultTable(view, result, scoreName(snap)));
    },
    showHint,
    describeAction: (action, snap) => actionWords(snap.view, action),
    narrate,
  };
}

// Cards as the table draws them, for the rules page (a how-to-play section's `cards`): without a view
// there, a French card is drawn as its face and any other code as written.
export function illustrate(cards) {
  return h("div", { class: "gn-cards" }, cards.map((code) => cardChip({}, code)));
}
