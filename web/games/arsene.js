// The Arsène table: it draws snapshot.view for the viewing seat and offers snapshot.legal only.
// Seats sit clockwise from the bottom: the viewer at the bottom, then West, North, East (seats.js).
import { cardBack, cardFace, cardName, SUIT_SYMBOL } from "../cards.js";
import { arrowFocus, h } from "../dom.js";
import { addStrings, t } from "../i18n.js";
import { placeOf, seatArea, seatName, seatNames, seatsAround, seatShort, seatsFromBottom } from "../seats.js";

const TRICKS_PER_DEAL = 11;
const STORE_CARD = ["A", "2", "3", "4", "5"];
const DELAY = { trickShown: 1100, beforeHuman: 800, humanDone: 450 };

addStrings({
  en: {
    dealN: "Deal {n}", dealerIs: "Dealer: {name}",
    trumpDiamonds: "Trump ♦", noTrump: "No trump", trumpPending: "Trump: not chosen yet",
    contestOn: "Contest mode", contestLater: "Contest rule on",
    confiscated: "Police hold {n}",
    edgeCards: "Edge cards",
    edgeHidden: "Edge card {n}, face down",
    edgeRed: "Edge card {n}: {card}, seen and turned back down (no trump)",
    edgeBlack: "Edge card {n}: {card}, face up (diamonds are trump)",
    storesTitle: "Jewel stores",
    storeName: "Store {n}", storeAria: "Store {n}: {chips} chips left", storeEmpty: "Police!",
    robbed: "{name} took {chips} in deal {deal}",
    tricksShort: "Tricks", chipsShort: "Chips",
    seatAria: "{name}: {cards} cards, {tricks} tricks, {chips} chips",
    dealer: "Dealer", toMove: "to move",
    trickN: "Trick {n}/11",
    trickKept: "{winner} took the trick", trickPushed: "{winner} won and pushed it to {taker}",
    trickWon: "{winner} won the trick",
    yourPlay: "Your turn: play a highlighted card.", yourLead: "Your lead: play any card.",
    yourChoose: "Pick one of the three face-down edge cards (keys 1–3).",
    yourPush: "You won the trick: keep it (K) or push it to {target} (P)?",
    waitPlay: "{name} is playing…", waitChoose: "{name} is picking an edge card…",
    waitPush: "{name} won the trick and decides whether to push it…",
    keep: "Keep", pushTo: "Push to {name}",
    chooseEdge: "Edge card {n}",
    notPlayable: "{card} (not playable now)",
    yourHand: "Your hand",
    gameOverStatus: "The game is over.",
    summaryTitle: "Deal {n} is over",
    voidDeal: "All four were caught by the police: this deal does not count.",
    colPlayer: "Player", colTricks: "Tricks", colResult: "Result", colChips: "Chips",
    resultTake: "Store {store}: +{chips}", resultCollision: "Collision", resultCaught: "Caught by the police",
    resultNothing: "Nothing",
    exchange: "{names} exchanged chips: {before} → {after}",
    finalTitle: "Game over", youWin: "You win with {chips} chips!", winsOne: "{name} wins with {chips} chips.",
    winsShared: "Shared win: {names} with {chips} chips each.",
    reasonPolice: "Caught by the police: {names}.", reasonStores: "Every store is empty.",
  },
  ja: {
    dealN: "第{n}ディール", dealerIs: "ディーラー: {name}",
    trumpDiamonds: "切り札 ♦", noTrump: "切り札なし", trumpPending: "切り札: 未決定",
    contestOn: "争奪モード", contestLater: "上級ルールあり",
    confiscated: "警察が没収 {n}",
    edgeCards: "場札",
    edgeHidden: "場札{n}（伏せ）",
    edgeRed: "場札{n}: {card}（赤なので伏せ直し・切り札なし）",
    edgeBlack: "場札{n}: {card}（黒なので表向き・ダイヤが切り札）",
    storesTitle: "宝石店",
    storeName: "店{n}", storeAria: "店{n}: 残りチップ{chips}枚", storeEmpty: "警察！",
    robbed: "{name}が第{deal}ディールで{chips}枚",
    tricksShort: "トリック", chipsShort: "チップ",
    seatAria: "{name}: 手札{cards}枚、トリック{tricks}、チップ{chips}枚",
    dealer: "ディーラー", toMove: "手番",
    trickN: "トリック {n}/11",
    trickKept: "{winner}がトリックを取りました", trickPushed: "{winner}が勝って{taker}に押し付けました",
    trickWon: "{winner}がトリックに勝ちました",
    yourPlay: "あなたの番: 光っているカードを出してください。", yourLead: "あなたのリード: 好きなカードを出せます。",
    yourChoose: "伏せられた場札を1枚選んでください（キー 1〜3）。",
    yourPush: "トリックに勝ちました。取る（K）か、{target}に押し付ける（P）か？",
    waitPlay: "{name}が考え中…", waitChoose: "{name}が場札を選んでいます…",
    waitPush: "{name}がトリックに勝ち、押し付けるか考え中…",
    keep: "取る", pushTo: "{name}に押し付ける",
    chooseEdge: "場札{n}",
    notPlayable: "{card}（今は出せません）",
    yourHand: "あなたの手札",
    gameOverStatus: "ゲーム終了です。",
    summaryTitle: "第{n}ディール終了",
    voidDeal: "4人全員が警察に捕まったので、このディールは無効です。",
    colPlayer: "プレイヤー", colTricks: "トリック", colResult: "結果", colChips: "チップ",
    resultTake: "店{store}: +{chips}", resultCollision: "バッティング", resultCaught: "警察に逮捕",
    resultNothing: "なし",
    exchange: "{names}がチップを交換: {before} → {after}",
    finalTitle: "ゲーム終了", youWin: "あなたの勝ち（チップ{chips}枚）！", winsOne: "{name}の勝ち（チップ{chips}枚）。",
    winsShared: "同点優勝: {names}（各チップ{chips}枚）。",
    reasonPolice: "警察に逮捕: {names}", reasonStores: "すべての店が空になりました。",
  },
});

const legalOf = (snap, type) => snap.legal.filter((action) => action.type === type);

let table = null; // the rendered .arsene element, for keyboard navigation

export function render(root, snap, context) {
  const view = snap.view;
  table = h("div", {
    class: "arsene", "data-phase": view.phase, "data-my-turn": String(context.myTurn),
    "data-deal": view.deal, "data-hand-size": view.hand?.length ?? null,
  },
  infoBar(view),
  h("div", { class: "board" }, felt(view, snap), storesPanel(view)),
  prompt(view, snap, context),
  handRow(view, snap, context));
  root.replaceChildren(table);
}

// --- the parts of the table ----------------------------------------------------------------------

function infoBar(view) {
  const trump = view.trump === "D" ? t("trumpDiamonds") : view.table.some((edge) => edge.chosen) ? t("noTrump")
    : t("trumpPending");
  return h("div", { class: "info" },
    h("span", { class: "badge", text: t("dealN", { n: view.deal }) }),
    h("span", { class: "badge", text: t("dealerIs", { name: seatName(view, view.dealer) }) }),
    h("span", { class: `badge trump ${view.trump === "D" ? "on" : ""}`, id: "trump", text: trump }),
    view.contest ? h("span", { class: "badge contest", text: t("contestOn") })
      : view.advanced && h("span", { class: "badge", text: t("contestLater") }),
    view.confiscated > 0 && h("span", { class: "badge police", text: t("confiscated", { n: view.confiscated }) }),
    edgeCards(view));
}

function edgeCards(view) {
  return h("span", { class: "edge", role: "group", "aria-label": t("edgeCards") },
    h("span", { class: "edge-label", "aria-hidden": "true", text: t("edgeCards") }),
    view.table.map((edge, index) => {
      const n = index + 1;
      if (!edge.chosen) return cardBack({ class: "mini", "aria-label": t("edgeHidden", { n }) });
      const label = t(edge.face_up ? "edgeBlack" : "edgeRed", { n, card: cardName(edge.card) });
      return cardFace(edge.card, { class: `mini ${edge.face_up ? "" : "seen"}`, "aria-label": label });
    }));
}

function storesPanel(view) {
  return h("section", { class: "stores", "aria-label": t("storesTitle") },
    view.stores.map((store) => h("div", {
      class: `store ${store.chips === 0 ? "empty" : ""}`, role: "group",
      "aria-label": t("storeAria", { n: store.store, chips: store.chips }),
    },
    h("span", { class: "store-card suit-D", "aria-hidden": "true", text: `${STORE_CARD[store.store - 1]}♦` }),
    h("span", { class: "store-chips", "aria-hidden": "true", text: store.chips }),
    h("span", { class: "groups", "aria-hidden": "true" },
      store.chips === 0 ? h("span", { class: "police-tag", text: t("storeEmpty") })
        : store.groups.map((chips, i) => h("span", { class: `group ${i === 0 ? "next" : ""}`, text: chips }))),
    h("ul", { class: "robbed" }, store.robbed.map((theft) => h("li", {
      class: `seat-${theft.seat}`, title: t("robbed", { name: seatName(view, theft.seat), ...theft }),
      "aria-label": t("robbed", { name: seatName(view, theft.seat), ...theft }),
    }, h("span", { "aria-hidden": "true", text: `${seatShort(view, theft.seat)}+${theft.chips}` })))))));
}

function seatPanel(view, seat) {
  const turn = view.current_player === seat;
  return h("div", {
    class: `seat seat-${seat} area-${seatArea(view, seat)} ${turn ? "turn" : ""}`, "data-seat": seat,
    "data-place": placeOf(view, seat), role: "group",
    "aria-label": t("seatAria", { name: seatName(view, seat), cards: view.hand_sizes[seat], tricks: view.tricks[seat],
      chips: view.chips[seat] }) + (turn ? ` (${t("toMove")})` : ""),
  },
  h("span", { class: "seat-name", "aria-hidden": "true" }, seatName(view, seat),
    view.dealer === seat && h("span", { class: "dealer-chip", title: t("dealer"), text: "D" })),
  h("span", { class: "seat-stats", "aria-hidden": "true" },
    seat !== view.seat && h("span", { class: "stat cards-left" }, cardBack({ class: "micro", role: null }),
      `×${view.hand_sizes[seat]}`),
    h("span", { class: "stat tricks", "data-tricks": view.tricks[seat] },
      h("small", { text: t("tricksShort") }), ` ${view.tricks[seat]}`),
    h("span", { class: "stat chips", "data-chips": view.chips[seat] },
      h("small", { text: t("chipsShort") }), ` ${view.chips[seat]}`)));
}

// The trick in play, or (between tricks) the last completed one with who took it.
function trickArea(view) {
  const last = view.played.at(-1);
  const showing = view.trick.length > 0 ? view.trick : last?.plays ?? [];
  const done = view.trick.length === 0 && last !== undefined;
  let caption = t("trickN", { n: Math.min(view.trick_number, TRICKS_PER_DEAL) });
  if (view.push) caption = t("trickWon", { winner: seatName(view, view.push.winner) });
  else if (done) {
    caption = last.taker === last.winner ? t("trickKept", { winner: seatName(view, last.winner) })
      : t("trickPushed", { winner: seatName(view, last.winner), taker: seatName(view, last.taker) });
  }
  const winner = view.push?.winner ?? (done ? last.winner : null);
  return h("div", { class: `trick ${done ? "done" : ""}`, "aria-live": "polite" },
    showing.map((play) => cardFace(play.card, {
      class: `slot-${seatArea(view, play.seat)} ${play.seat === winner ? "winner" : ""}`,
      "aria-label": `${seatName(view, play.seat)}: ${cardName(play.card)}`,
    })),
    h("span", { class: "trick-caption", text: caption }));
}

function felt(view) {
  return h("div", { class: "felt" }, seatsAround(view).map((seat) => seatPanel(view, seat)), trickArea(view));
}

function prompt(view, snap, context) {
  const mover = view.current_player;
  let status;
  const actions = [];
  if (snap.is_over) status = t("gameOverStatus");
  else if (mover !== view.seat) {
    status = t({ choose: "waitChoose", play: "waitPlay", push: "waitPush" }[view.phase], { name: seatName(view, mover) });
  } else if (view.phase === "choose") {
    status = t("yourChoose");
    actions.push(h("div", { class: "choices", role: "group", "aria-label": t("edgeCards") },
      legalOf(snap, "choose").map((action, i) => cardBack({
        tag: "button", type: "button", class: "choice", "data-nav": "", "data-key": String(action.index + 1),
        "data-focus-key": `choose-${action.index}`, "data-autofocus": i === 0 || null,
        "aria-label": t("chooseEdge", { n: action.index + 1 }), disabled: !context.myTurn,
        onclick: () => context.act(action),
      }))));
  } else if (view.phase === "push") {
    const push = legalOf(snap, "push")[0];
    status = t("yourPush", { target: seatName(view, push.to) });
    actions.push(
      actionButton(legalOf(snap, "keep")[0], t("keep"), "K", context, { "data-autofocus": true }),
      actionButton(push, t("pushTo", { name: seatName(view, push.to) }), "P", context, {}),
    );
  } else status = t(view.trick.length === 0 ? "yourLead" : "yourPlay");
  return h("div", { class: "prompt" },
    h("p", { class: "status", id: "status", role: "status", text: status }),
    actions.length > 0 && h("div", { class: "actions" }, actions));
}

function actionButton(action, label, key, context, attributes) {
  return h("button", {
    type: "button", class: `action action-${action.type}`, "aria-keyshortcuts": key,
    "data-focus-key": `action-${action.type}`, disabled: !context.myTurn, onclick: () => context.act(action),
    ...attributes,
  }, label, h("kbd", { "aria-hidden": "true", text: key }));
}

// A spectator sees no hand: every seat's panel shows its count of cards instead.
function handRow(view, snap, context) {
  if (view.hand === null) return null;
  const playable = new Set(legalOf(snap, "play").map((action) => action.card));
  const firstLegal = view.hand.find((code) => playable.has(code));
  return h("div", { class: "hand-row" },
    h("div", { class: "hand", role: "group", "aria-label": t("yourHand") },
      view.hand.map((code) => {
        const legal = playable.has(code) && context.myTurn;
        return cardFace(code, {
          tag: "button", type: "button", class: legal ? "legal" : "idle", "data-card": code, "data-nav": "",
          "data-focus-key": `card-${code}`, "data-autofocus": code === firstLegal || null,
          "aria-disabled": String(!legal),
          "aria-label": legal ? cardName(code) : t("notPlayable", { card: cardName(code) }),
          onclick: () => legal && context.act({ type: "play", card: code }),
        });
      })));
}

// --- keys, pacing, summaries ---------------------------------------------------------------------

export function onKey(event, snap, context) {
  const key = event.key.toLowerCase();
  if (arrowFocus(table, key)) return true;
  if (!context.myTurn) return false;
  const wanted = { k: "keep", p: "push" }[key];
  const action = wanted ? legalOf(snap, wanted)[0]
    : legalOf(snap, "choose").find((choice) => String(choice.index + 1) === key);
  if (!action) return false;
  context.act(action);
  return true;
}

// A finished trick stays in view a moment; bots wait longer while the human still has to play
// in this trick (so the cards before theirs can be followed) than when only bots are left.
export function botDelay(snap, lastEvents) {
  if (lastEvents.some((event) => event.type === "trick_won")) return DELAY.trickShown;
  const view = snap.view;
  return view.trick.some((play) => play.seat === view.seat) ? DELAY.humanDone : DELAY.beforeHuman;
}

function seatResult(summary, seat) {
  if (summary.caught.includes(seat)) return t("resultCaught");
  const take = summary.takes.find((entry) => entry.seat === seat);
  if (take) return t("resultTake", take);
  const count = summary.tricks[seat];
  const collided = count >= 1 && count <= STORE_CARD.length && summary.collisions.some((seats) => seats.includes(seat));
  return collided ? t("resultCollision") : t("resultNothing");
}

export function dealSummary(summary, snap) {
  const view = snap.view;
  return h("section", { class: "deal-summary", "data-deal": summary.deal },
    h("h2", { id: "summary-title", text: t("summaryTitle", { n: summary.deal }) }),
    summary.void_deal && h("p", { class: "notice", text: t("voidDeal") }),
    h("table", {},
      h("thead", {}, h("tr", {}, ["colPlayer", "colTricks", "colResult", "colChips"].map((key) =>
        h("th", { scope: "col", text: t(key) })))),
      h("tbody", {}, seatsFromBottom(view).map((seat) => h("tr", {
        class: `seat-${seat}`, "data-seat": seat, "data-tricks": summary.tricks[seat], "data-chips": summary.chips_after[seat],
      },
      h("th", { scope: "row", text: seatName(view, seat) }),
      h("td", { class: "num", text: summary.tricks[seat] }),
      h("td", { text: seatResult(summary, seat) }),
      h("td", { class: "num", text: summary.chips_after[seat] }))))),
    summary.exchanges.map((exchange) => h("p", { class: "exchange", text: t("exchange", {
      names: seatNames(view, exchange.seats), before: exchange.before.join(" / "), after: exchange.after.join(" / "),
    }) })),
    summary.contest && h("p", { class: "fine", text: t("contestOn") }));
}

export function finalSummary(snap) {
  const view = snap.view;
  const { scores, winners, reason, caught } = snap.result;
  const best = scores[winners[0]];
  let headline;
  if (winners.length > 1) headline = t("winsShared", { names: seatNames(view, winners), chips: best });
  else if (winners[0] === snap.seat) headline = t("youWin", { chips: best });
  else headline = t("winsOne", { name: seatName(view, winners[0]), chips: best });
  return h("section", { class: "final-summary" },
    h("h2", { id: "final-title", text: t("finalTitle") }),
    h("p", { class: "headline", text: headline }),
    h("p", { text: reason === "police" ? t("reasonPolice", { names: seatNames(view, caught) }) : t("reasonStores") }),
    h("ul", { class: "scores" }, seatsFromBottom(view).map((seat) => h("li", {
      class: `seat-${seat} ${winners.includes(seat) ? "winner" : ""}`, "data-seat": seat,
    }, `${seatName(view, seat)}: ${scores[seat]}`))));
}
