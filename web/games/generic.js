// The generic table: a game without a renderer of its own (a third-party game, build.py
// --game-wheel) plays from its snapshot alone. It draws what the view's `display` says — the hands
// (the player's cards face up, the others' as counts), the piles on the table, the scores and whose
// turn it is — and offers every legal action as a button captioned from the labels the game supplies
// in English and Japanese (the format: docs/adding-a-game.md). It holds no rule: an action it sends is
// one of the snapshot's legal actions, as given; a hand card is pressable when a legal action names it.
//   view.display = {
//     hands:  [{seat, cards: [code, …]} | {seat, count}],     the cards shown, or how many are hidden
//     piles:  [{name: {en, ja}, cards: [code | {seat, card}, …], count?}]   the table's piles, named
//             by the game; a card given with a seat (a trick's plays) is shown with who played it
//     scores: [number, …] (by seat),  score_name: {en, ja},
//     status: {en, ja}                                           (optional) a line about the game
//   }
//   view.labels = {
//     actions: {type: {en, ja}},  events: {type: {en, ja}},  cards: {code: {en, ja}} (optional)
//   }
// An action's or event's label may name the action's (event's) fields in braces: "Play {card}",
// "{seat} took the trick"; a card is written by its label (labels.cards) or, a French card code
// ("TD"), as 10♦; {seat} (and {player}, {winner}) by the seat's name at this table. A game that gives no
// display still plays: its actions are captioned by their type and fields.
import { cardFace, cardText } from "../cards.js";
import { arrowFocus, h, markHinted } from "../dom.js";
import { listText, pick, t } from "../i18n.js";
import { seatName, seatsFromBottom } from "../seats.js";

const BOT_DELAY_MS = 700; // one bot move after another, slow enough to follow
const SEAT_FIELDS = new Set(["seat", "player", "winner", "to", "from"]);
const FRENCH_CARD = /^(?:[2-9TJQKA])[SHDC]$/;

export const helpKeys = [{ when: "gn_keysWhen", keys: [{ text: "gn_keys", names: "← → Enter Space" }] }];

const display = (view) => view.display ?? {};
const labels = (view) => view.labels ?? {};

// A card in words: the game's own label, else a French card's index and suit, else its code.
function cardWords(view, code) {
  const own = labels(view).cards?.[code];
  if (own) return pick(own);
  return typeof code === "string" && FRENCH_CARD.test(code) ? cardText(code) : String(code);
}

// A field's value in words: a seat by its name, a card by cardWords, a list item by item.
function fieldWords(view, name, value) {
  if (Array.isArray(value)) return value.map((item) => fieldWords(view, name, item)).join(", ");
  if (SEAT_FIELDS.has(name) && Number.isInteger(value) && value >= 0 && value < view.players) return seatName(view, value);
  if (typeof value === "string" || typeof value === "number") return cardWords(view, value);
  return JSON.stringify(value);
}

// A label ({en, ja}, fields in braces) filled from an action's or event's fields; null without one.
function filled(view, label, fields) {
  if (!label) return null;
  return pick(label).replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? fieldWords(view, name, fields[name]) : whole));
}

// An action in words: its label, or its type and fields as a fallback.
function actionWords(view, action) {
  const { type, ...fields } = action;
  return filled(view, labels(view).actions?.[type], action)
    ?? [type, ...Object.entries(fields).map(([name, value]) => fieldWords(view, name, value))].join(" ");
}

// The one key of an action, to find its control again (the hint's mark, the focus across drawings).
const actionKey = (action) => JSON.stringify(action);

function cardChip(view, code, attributes = {}) {
  if (typeof code === "string" && FRENCH_CARD.test(code) && !labels(view).cards?.[code]) {
    return cardFace(code, { ...attributes, class: `gn-card ${attributes.class ?? ""}` });
  }
  const { tag = "span", class: extra = "", ...rest } = attributes;
  return h(tag, { ...rest, class: `gn-card gn-chip ${extra}`, text: cardWords(view, code) });
}

export function createTable(root, shell) {
  let hinted = null; // the hint's action key, kept while the same step is drawn

  function render(snap, context) {
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
      scores && h("span", { class: "gn-score", text: `${pick(shown.score_name) || t("gn_scores")} ${scores[seat]}` }));
    };
    const played = (item) => (item !== null && typeof item === "object"
      ? h("figure", { class: `gn-play seat-${item.seat}`, "data-seat": item.seat }, cardChip(view, item.card),
        h("figcaption", { text: seatName(view, item.seat) }))
      : cardChip(view, item));
    // a pile showing some of its cards (a stock's top card) says how many it holds
    const pileName = (entry) => (Number.isInteger(entry.count) && (entry.cards ?? []).length > 0
      ? `${pick(entry.name)} · ${cardCount(entry.count)}` : pick(entry.name));
    const pile = (entry) => h("section", { class: "gn-pile", "aria-label": pileName(entry) },
      h("h3", { text: pileName(entry) }),
      h("div", { class: "gn-cards" },
        (entry.cards ?? []).length > 0 ? entry.cards.map(played)
          : h("span", { class: "fine", text: entry.count ? cardCount(entry.count) : t("gn_empty") })));
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
      h("p", { class: "gn-status", role: "status", text: [pick(shown.status), turn].filter(Boolean).join(" ") }),
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

  function narrate(events, snap) {
    return events.map((event) => filled(snap.view, labels(snap.view).events?.[event.type], event)).filter(Boolean);
  }

  function scoreLines(snap, scores) {
    const { view } = snap;
    return h("ul", { class: "gn-final" }, seatsFromBottom(view).map((seat) => h("li", {},
      h("span", { text: seatName(view, seat) }), h("strong", { text: String(scores[seat]) }))));
  }

  return {
    render,
    onKey,
    botDelay: () => BOT_DELAY_MS,
    dealSummary: (summary, snap) => h("div", {}, h("h2", { text: t("gn_dealOver") }),
      narrate([summary], snap).map((line) => h("p", { text: line })),
      Array.isArray(display(snap.view).scores) && scoreLines(snap, display(snap.view).scores)),
    finalSummary: (snap) => {
      const { result, view } = snap;
      const winners = result?.winners ?? [];
      return h("div", {}, h("h2", { text: t("gn_final") }),
        Array.isArray(result?.scores) && scoreLines(snap, result.scores),
        h("p", { class: "gn-winners", text: winners.length > 0
          ? t("gn_winners", { names: listText(winners.map((seat) => seatName(view, seat))) }) : t("gn_noWinner") }));
    },
    showHint,
    describeAction: (action, snap) => actionWords(snap.view, action),
    narrate,
  };
}
