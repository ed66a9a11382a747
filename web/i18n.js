// English and Japanese UI text: the words are in locale files, one a language (locales/en.json,
// locales/ja.json; the format: docs/words.md). The language defaults to navigator.language and is
// remembered.
import en from "./locales/en.json" with { type: "json" };
import ja from "./locales/ja.json" with { type: "json" };
import { storage } from "./storage.js";

const LANGUAGE_KEY = "pygames.lang";
export const LANGUAGES = { en: "English", ja: "日本語" };

// Every language's words, grouped by the module that shows them (one catalog: a key names one text
// on the whole page).
const catalog = Object.fromEntries(Object.entries({ en, ja })
  .map(([code, areas]) => [code, Object.assign({}, ...Object.values(areas))]));

function initialLanguage() {
  const saved = storage.get(LANGUAGE_KEY);
  if (saved !== null && Object.hasOwn(LANGUAGES, saved)) return saved; // own keys only: a stored "toString" is no language
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

let current = initialLanguage();

export function language() {
  return current;
}

// remember: false for a choice that is not the reader's (an embed's lang parameter, say).
export function setLanguage(next, { remember = true } = {}) {
  current = Object.hasOwn(LANGUAGES, next) ? next : "en";
  if (remember) storage.set(LANGUAGE_KEY, current);
  document.documentElement.lang = current;
}

export function t(key, values = {}) {
  const text = catalog[current][key] ?? catalog.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

// A text about a number of things: `${key}_one` when n is 1 and the language has that form ("1 chip"),
// else `key` ("3 chips"; Japanese has no singular form). The number is passed as {n}.
export function tn(key, n, values = {}) {
  const one = `${key}_one`;
  return t(n === 1 && one in catalog[current] ? one : key, { n, ...values });
}

// Several things as one list in a sentence: "North", "North and East", "West, North and East"
// (「北と東」「西、北と東」).
export function listText(items) {
  if (items.length < 2) return items.join("");
  return t("listLast", { rest: items.slice(0, -1).join(t("listComma")), last: items.at(-1) });
}

// A value under its label, "Trump: ♥" (「切り札：♥」), and a note after a text, " (to move)" (「（手番）」):
// the punctuation of the current language.
export const labelled = (label, value) => t("labelled", { label, value });
export const noted = (note) => t("noted", { note });

// The words of `key`, built from a value the engine or a worker gave, if the page has them; else `fallback`.
/** @param {string} key @param {string} fallback */
const wordsOr = (key, fallback) => (Object.hasOwn(catalog.en, key) ? t(key) : fallback);

// What is wrong with a save the engine could not open, in the reader's words: a BadSave names its
// problem (its `reason`, one of pygames_core's SAVE_PROBLEMS); any other error, or a reason this page has
// no words for (one kept in the home by another version), is said as the engine said it.
/** @param {{reason?: unknown, message: string}} error */
export const saveProblem = (error) => wordsOr(`saveProblem_${error.reason}`, error.message);

// Why the game engine could not start, in the reader's words: a worker names its cause (its `startCause`,
// one of client.js START_CAUSES); a failure that names none is said as the worker said it.
/** @param {{startCause?: unknown, message: string}} error */
export const startFailure = (error) => wordsOr(`startCause_${error.startCause}`, error.message);

// A text given in both languages by the engine (titles, option labels): {"en": ..., "ja": ...}.
export function pick(texts) {
  return texts?.[current] ?? texts?.en ?? "";
}

// Static markup names its text with data-i18n (content) and data-i18n-label (aria-label).
export function translatePage(root = document) {
  document.documentElement.lang = current;
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-label]"))) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
}
