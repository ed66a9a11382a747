// English and Japanese UI text. The shell's strings live here; each game module and cards.js add
// their own with addStrings. The language defaults to navigator.language and is remembered.
import { storage } from "./storage.js";

const LANGUAGE_KEY = "pygames.lang";
export const LANGUAGES = { en: "English", ja: "日本語" };

const catalog = {
  en: {
    appTitle: "pygames",
    newGame: "New game",
    help: "Help",
    language: "Language",
    close: "Close",
    loadingRuntime: "Loading the Python runtime…",
    loadingRules: "Loading the game rules…",
    loadingStart: "Starting…",
    loadingLabel: "Loading",
    loadFailed: "The game engine could not start: {message}. Reload the page to try again.",
    pickGame: "Choose a game",
    playersCount: "{min}–{max} players",
    playersExact: "{count} players",
    gameOptions: "Options",
    botLevel: "Bots",
    players: "Players",
    level_easy: "Easy",
    level_normal: "Normal",
    level_hard: "Hard",
    level_expert: "Expert",
    levelHelp_easy: "Picks any legal move at random: for learning the rules.",
    levelHelp_normal: "Plays at once by the game's rules of thumb (like its First tips), from its own cards and what "
      + "everyone has seen.",
    levelHelp_hard: "Makes tens to hundreds of guesses at the cards it cannot see, plays each of its moves out to the "
      + "end in every guess and plays the one that did best (the rule-of-thumb move unless another is clearly "
      + "better): about {seconds} s a move.",
    levelHelp_expert: "Searches like Hard for longer, about {seconds} s a move, with room for more guesses: in our "
      + "measurements it beats Hard only slightly more often than it loses.",
    seed: "Seed (optional)",
    seedHelp: "The same seed deals the same cards.",
    start: "Start",
    backToGame: "Back to the game",
    resumeFailed: "Your saved game could not be opened ({message}). It is kept as it was, listed above the games to download or discard; start a new game meanwhile.",
    resumeNewer: "Your saved game was saved by a newer version of the site: reload the page to update it, and the game opens. It is kept as it was.",
    loadingSlow: "This is taking longer than it should.",
    loadingPicker: "Choose a game",
    loadingStats: "Statistics and your data",
    engineError: "Something went wrong: {message}",
    engineCause_silent: "it stopped responding",
    engineCause_slow: "it took far too long to answer",
    engineCause_crashed: "it crashed",
    engineCause_fatal: "Python failed",
    engineRestarting: "The game engine stopped ({cause}). Restarting it…",
    engineRestarted: "The game engine stopped ({cause}) and was restarted.",
    engineBack: "The game engine stopped ({cause}) and was restarted. Your game is back where it was.",
    engineBackMove: "The game engine stopped ({cause}) and was restarted. Your game is back where it was: your last move was not played, play it again.",
    engineBackUndo: "The game engine stopped ({cause}) and was restarted. Your game is back where it was: the undo was not done, press Undo again.",
    engineStoppedAgain: "The game engine stopped again at the same point of your game ({cause}). Your game is saved: reload the page to go on.",
    noRenderer: "This page cannot show the game “{game}” yet.",
    continue: "Continue",
    dismiss: "Dismiss",
    keyArrows: "← → ↑ ↓ move between the cards",
    keyEnter: "Enter or Space plays the focused card",
    keyNumbers: "1 2 3 pick one of the face-down cards",
    keyKeepPush: "K keeps the trick, P pushes it",
    keyCube: "Doubling cube (On Schedule, Chains for two, with the cube option): X doubles; T takes a double, P passes it",
    keyNew: "N starts a new game",
    keyHint: "H asks for a hint, on tables that offer one",
    hint: "Hint",
    hintThinking: "Thinking…",
    analysing: "Looking back at the game…",
    lookFurther: "Look further",
    keyHelp: "? opens this help",
    offline: "Works offline after the first visit.",
    listComma: ", ", listLast: "{rest} and {last}", labelled: "{label}: {value}", noted: " ({note})",
  },
  ja: {
    appTitle: "pygames",
    newGame: "新しいゲーム",
    help: "ヘルプ",
    language: "言語",
    close: "閉じる",
    loadingRuntime: "Python ランタイムを読み込み中…",
    loadingRules: "ゲームのルールを読み込み中…",
    loadingStart: "起動中…",
    loadingLabel: "読み込み中",
    loadFailed: "ゲームエンジンを起動できませんでした：{message}。ページを再読み込みしてください。",
    pickGame: "ゲームを選ぶ",
    playersCount: "{min}〜{max}人",
    playersExact: "{count}人",
    gameOptions: "オプション",
    botLevel: "ボットの強さ",
    players: "人数",
    level_easy: "やさしい",
    level_normal: "ふつう",
    level_hard: "つよい",
    level_expert: "達人",
    levelHelp_easy: "合法手の中からでたらめに選びます。ルールを覚えるときに向いています。",
    levelHelp_normal: "ゲームの定石（「はじめのコツ」のような考え方）に従い、自分の手札と全員に見えている情報だけからすぐに手を選びます。",
    levelHelp_hard: "見えないカードを何十〜何百通りも想定し、それぞれでゲームを最後まで進めてみて、一番良い結果になった手を選びます"
      + "（定石の手をはっきり上回る手がなければ定石どおり）。1手約{seconds}秒です。",
    levelHelp_expert: "「つよい」と同じ読みをより長く、より多くの想定で行います（1手約{seconds}秒）。私たちの測定では、"
      + "「つよい」と対戦して勝つ割合は半分をわずかに上回る程度です。",
    seed: "シード（任意）",
    seedHelp: "同じシードなら同じ配り方になります。",
    start: "はじめる",
    backToGame: "ゲームに戻る",
    resumeFailed: "保存されたゲームを開けませんでした（{message}）。ゲームはそのまま残っていて、ゲーム一覧の上でダウンロードや破棄ができます。その間に新しいゲームを始められます。",
    resumeNewer: "保存されたゲームは新しいバージョンのサイトで保存されています。ページを再読み込みしてサイトを更新すると開けます。ゲームはそのまま残っています。",
    loadingSlow: "思ったより時間がかかっています。",
    loadingPicker: "ゲームを選ぶ",
    loadingStats: "成績と保存データ",
    engineError: "エラーが発生しました：{message}",
    engineCause_silent: "応答しなくなりました",
    engineCause_slow: "応答に時間がかかりすぎました",
    engineCause_crashed: "クラッシュしました",
    engineCause_fatal: "Python が異常終了しました",
    engineRestarting: "ゲームエンジンが停止しました（{cause}）。再起動しています…",
    engineRestarted: "ゲームエンジンが停止したため（{cause}）、再起動しました。",
    engineBack: "ゲームエンジンが停止したため（{cause}）、再起動しました。ゲームは停止前の局面に戻っています。",
    engineBackMove: "ゲームエンジンが停止したため（{cause}）、再起動しました。ゲームは停止前の局面に戻っています。最後の手は行われていないので、もう一度行ってください。",
    engineBackUndo: "ゲームエンジンが停止したため（{cause}）、再起動しました。ゲームは停止前の局面に戻っています。「戻す」は行われていないので、もう一度押してください。",
    engineStoppedAgain: "ゲームの同じ局面でゲームエンジンがまた停止しました（{cause}）。ゲームは保存されています。ページを再読み込みして続けてください。",
    noRenderer: "このページはまだ「{game}」を表示できません。",
    continue: "続ける",
    dismiss: "閉じる",
    keyArrows: "← → ↑ ↓ でカードを移動",
    keyEnter: "Enter か Space で選んだカードを出す",
    keyNumbers: "1 2 3 で伏せ札を 1 枚選ぶ",
    keyKeepPush: "K でトリックを取る、P で押しつける",
    keyCube: "ダブリングキューブ（キューブありのオン・スケジュールと2人のチェーンズ）：X でダブル、ダブルされたら T でテイク、P でパス",
    keyNew: "N で新しいゲーム",
    keyHint: "H でヒント（ヒントのあるゲームで）",
    hint: "ヒント",
    hintThinking: "考え中…",
    analysing: "ゲームを振り返っています…",
    lookFurther: "さらに調べる",
    keyHelp: "? でこのヘルプ",
    offline: "一度開けばオフラインでも遊べます。",
    listComma: "、", listLast: "{rest}と{last}", labelled: "{label}：{value}", noted: "（{note}）",
  },
};

function initialLanguage() {
  const saved = storage.get(LANGUAGE_KEY);
  if (Object.hasOwn(LANGUAGES, saved ?? "")) return saved; // own keys only: a stored "toString" is no language
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

let current = initialLanguage();

export function addStrings(strings) {
  for (const language of Object.keys(LANGUAGES)) Object.assign(catalog[language], strings[language]);
}

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

// A text given in both languages by the engine (titles, option labels): {"en": ..., "ja": ...}.
export function pick(texts) {
  return texts?.[current] ?? texts?.en ?? "";
}

// Static markup names its text with data-i18n (content) and data-i18n-label (aria-label).
export function translatePage(root = document) {
  document.documentElement.lang = current;
  for (const element of root.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
}
