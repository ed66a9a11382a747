// French-suited cards drawn with CSS, named in the current language. Codes are rank + suit
// ("AS", "TD": T is the ten), as the engine writes them.
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";

/** @typedef {{[name: string]: any}} Attributes  an element's tag and attributes as h() takes them (dom.js) */

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
// The four suits, in the order the engine lists them.
export const SUITS = Object.keys(SUIT_SYMBOL);
// The ranks, low to high (the ace high), as the engine's deck lists them.
export const RANKS = "23456789TJQKA";
const RANK_LABEL = { T: "10" };

export const suitOf = (code) => code.slice(-1);
export const rankOf = (code) => code.slice(0, -1);

// A rank as a card's corner shows it ("10" for the ten's T), and a card in a line of text ("10♥").
export const rankLabel = (rank) => RANK_LABEL[rank] ?? rank;
export const cardText = (code) => `${rankLabel(rankOf(code))}${SUIT_SYMBOL[suitOf(code)]}`;

// A suit's name for `count` cards of it: "spades", and "spade" for one where the language has the form.
export function suitName(suit, count = 2) {
  return tn(`suit_${suit}`, count);
}

export function cardName(code) {
  const rank = rankOf(code);
  return t("cardName", { rank: /^\d$/.test(rank) ? rank : t(`rank_${rank}`), suit: suitName(suitOf(code)) });
}

// The visible face: corner index plus a large pip. Screen readers get the card's name instead (or the
// caller's aria-label, which names the card and what pressing it does).
/**
 * @typedef {{tag?: string, class?: string, "aria-label"?: string, [attribute: string]: unknown}} CardAttributes
 *   the drawn card's element (a span unless said), its classes besides the card's own, its name for
 *   assistive technology, and any other attributes as h takes them
 */
/** @param {string} code @param {CardAttributes} [attributes] */
export function cardFace(code, { tag = "span", class: extra = "", "aria-label": label, ...attributes } = {}) {
  const rank = rankOf(code);
  const suit = suitOf(code);
  const index = rankLabel(rank);
  const name = label ?? cardName(code);
  return h(tag, { ...cardRole(tag, tag === "button" ? pressableName(index, name) : name), ...attributes,
    class: `card face suit-${suit} ${extra}` },
    h("span", { class: "index", "aria-hidden": "true" },
      h("span", { class: "rank", text: index }),
      h("span", { class: "suit", text: SUIT_SYMBOL[suit] })),
    h("span", { class: "pip", "aria-hidden": "true", text: SUIT_SYMBOL[suit] }));
}

/** @param {CardAttributes} [attributes] */
export function cardBack({ tag = "span", class: extra = "", ...attributes } = {}) {
  return h(tag, { ...cardRole(tag, t("faceDown")), ...attributes, class: `card back ${extra}` });
}

// A drawn card is an image to assistive technology unless it is a button.
function cardRole(tag, name) {
  return { role: tag === "span" ? "img" : null, "aria-label": name };
}

// A card one presses is named starting with the index it shows ("K, King of hearts"), so that a person
// who speaks to their device can say what they see (WCAG 2.5.3, label in name); a number card's name
// holds its index already ("7 of hearts", "Not playable: 7 of hearts").
function pressableName(index, name) {
  return /^\d+$/.test(index) ? name : t("cardIndexed", { index, name });
}
