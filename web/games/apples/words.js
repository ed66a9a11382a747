// The Apples table's words: calls and bids, the game's winners, the events of a step and an action in
// plain words for the viewer (the hint, "Explain as we play").
import { cardName, SUIT_SYMBOL, suitName, suitOf } from "../../cards.js";
import { t, tn } from "../../i18n.js";
import { seatName, seatNameInSentence, seatNames, seatsFromBottom } from "../../seats.js";

export const bidText = (count, suit) => t("apBidText", { count, symbol: SUIT_SYMBOL[suit] });
export const callText = (call) => (call.type === "bid" ? bidText(call.count, call.suit) : t("apPass"));
// A bid in words: "3 hearts", "1 heart" (Japanese "♥3", as the original writes bids).
const bidName = (count, suit) => tn("apBidName", count,
  { suits: suitName(suit), suit: suitName(suit, 1), symbol: SUIT_SYMBOL[suit] });

// Who won the game, and with how many points.
export function headline(view, { scores, winners }) {
  const best = scores[winners[0]];
  if (winners.includes(view.seat)) return t(winners.length > 1 ? "apYouShare" : "apYouWin", { score: best });
  return tn("apTheyWin", winners.length, { names: seatNames(view, winners), score: best });
}

const DO_WITH_CARD = { discard: "apDoDiscard", target: "apDoTarget", play: "apDoPlay" };

export function describeAction(action) {
  if (action.type === "pass") return t("apDoPass");
  if (action.type === "bid") return t("apDoBid", { bid: bidName(action.count, action.suit) });
  return t(DO_WITH_CARD[action.type], { card: cardName(action.card) });
}

// A played card in words: following suit, or out of the suit led (and trumping, or not).
function playedWords(view, event, led, trump) {
  const suit = suitOf(event.card);
  const key = led === null || suit === led ? "apSaidPlayed" : suit === trump ? "apSaidTrumped" : "apSaidDiscardedSuit";
  return t(key, { name: seatName(view, event.seat), card: cardName(event.card), suit: led && suitName(led) });
}

function dealOverWords(view, summary) {
  return [t("apSaidDealOver", { n: summary.deal }), ...seatsFromBottom(view).map((seat) => t("apSaidPoints", {
    name: seatName(view, seat), points: tn("apNPoints", summary.points[seat]), total: summary.scores[seat],
  }))];
}

export function narrate(events, snap) {
  const view = snap.view;
  // after a deal's last trick the view shows the next deal: the trump is the ended deal's
  const trump = events.find((event) => event.type === "deal_over")?.summary.bid.suit ?? view.trump;
  const finished = events.find((event) => event.type === "trick_won");
  const led = (finished?.plays ?? view.trick).map((play) => suitOf(play.card))[0] ?? null;
  const said = [];
  for (const event of events) {
    const name = "seat" in event ? seatName(view, event.seat) : null;
    if (event.type === "bid") said.push(t("apSaidBid", { name, bid: bidName(event.count, event.suit) }));
    else if (event.type === "passed") said.push(t("apSaidPass", { name }));
    else if (event.type === "redeal") said.push(t("apSaidRedeal", { name: seatNameInSentence(view, event.dealer) }));
    else if (event.type === "declarer") {
      said.push(t("apSaidDeclarer", { name, bid: bidName(event.count, event.suit), suit: suitName(event.suit),
        cards: tn("apNCards", event.count) }));
    } else if (event.type === "discarded") said.push(t("apSaidDiscarded", { name }));
    else if (event.type === "pile_dealt") {
      said.push(t("apSaidPileDealt", { cards: tn("apNCards", event.count) }));
      if (view.received?.length > 0) said.push(t("apSaidYouGot", { cards: view.received.map(cardName).join(t("apList")) }));
    } else if (event.type === "target_set") said.push(t("apSaidTargetSet", { name }));
    else if (event.type === "play_started") said.push(t("apSaidPlayStarted", { name: seatNameInSentence(view, event.leader) }));
    else if (event.type === "played") said.push(playedWords(view, event, led, trump));
    else if (event.type === "trick_won") said.push(t("apSaidTrickWon", { name: seatName(view, event.winner), trick: event.trick }));
    else if (event.type === "deal_over") said.push(...dealOverWords(view, event.summary));
    else if (event.type === "deal_started") {
      said.push(t("apSaidDealStarted", { n: event.deal, name: seatNameInSentence(view, event.dealer) }));
    }
    else if (event.type === "game_over") said.push(t("apOver"), headline(view, event.result));
  }
  return said;
}
