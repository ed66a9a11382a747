// The Chains table's words: its keys (ch_…), counts and lists, the events of a step and an action in
// plain words for the viewer (the log, the hint, "Explain as we play").
import { listText, t } from "../../i18n.js";
import { bottomSeat, seatName } from "../../seats.js";

export const tx = (key, values) => t(`ch_${key}`, values);
// Seats are named from the viewer's place as every table names them (seats.js): You, West, North,
// East at four; You, Bot 1, Bot 2, … clockwise at other counts; the end-card chips by initial.
// English says "1 card" but "2 cards": a key ending in One is the text for exactly one.
export const counted = (key, n, values = {}) => tx(n === 1 ? `${key}One` : key, { n, ...values });
// Numbers and scores in a line ("1, 4, 8"); names in a sentence are listText's ("North and East").
export const listed = (items) => (items.length ? items.join(t("ch_listSeparator")) : tx("none"));
// A card turned up in a sentence: "a 6", "an 8" (Japanese: the number alone).
const aCard = (n) => tx(/^(8|11|18)/.test(String(n)) ? "anCard" : "aCard", { n });
export const pileText = (cards) => (cards.length ? cards.join(" ") : tx("empty"));

// The deal number (null for a set-up position) and the mode come with the snapshot, not the view.
export function dealOf(snap) {
  return { deal: snap.deal, mode: snap.options.mode };
}

// --- what to do now, and what just happened ----------------------------------------------------------------

export function describe(view, event) {
  const name = seatName(view, event.seat);
  switch (event.type) {
    case "drawn": return tx("evDrawn", { name, card: aCard(event.card) });
    case "placed": return event.to === "work" ? tx("evWork", { name, card: event.card })
      : tx("evSlot", { name, card: event.card, n: event.slot + 1 });
    case "moved": return tx("evMoved", { name, card: event.card, n: event.slot + 1 });
    case "chain": return event.points ? tx("evChainPoints", { name, end: event.end, points: event.points })
      : tx("evChain", { name, end: event.end });
    case "sold_out": return tx("evSoldOut", { n: event.number });
    case "dead_pile": return byWhom(view, event.seat, "evDead", { cards: event.cards.join(" ") });
    case "left": return tx("evLeft", { name });
    case "turn": return event.seat === view.seat ? tx("evYourTurn") : tx("evTurn", { name });
    case "game_over": return tx("evOver");
    default: return null;
  }
}

// The action as its player would say it: "put the 6 on the work pile", "close the run with end card 4".
export function describeAction(action, snap) {
  const mine = snap.view.tables[snap.view.current_player ?? bottomSeat(snap.view)];
  switch (action.type) {
    case "draw": return tx("doDraw");
    case "place": return action.to === "work" ? tx("doWork", { card: mine.drawn }) : tx("doSlot", { card: mine.drawn, n: action.slot + 1 });
    case "move": return tx("doMove", { card: mine.slots[action.slot].at(-1), n: action.slot + 1 });
    case "close": return mine.work.length ? tx("doClose", { n: action.end }) : tx("doCloseTen");
    case "double": return tx("doDouble");
    case "take": return tx("doTake");
    case "pass": return tx("doPass");
    default: return "";
  }
}

const runText = (cards) => (cards.length > 1 ? `${cards[0]}…${cards.at(-1)}` : String(cards[0] ?? ""));

// Sentences the solitaire says its own way (no turns, no points).
const SOLITAIRE_WORDS = new Set(["nWork", "nSlot", "nChain"]);

// Whose words: "You …" for the viewer's own seat, "{name} …" for another's; the solitaire's own.
function byWhom(view, seat, key, values) {
  if (view.solitaire && SOLITAIRE_WORDS.has(key)) return tx(`${key}Solo`, values);
  return seat === view.seat ? tx(`${key}You`, values) : tx(key, { name: seatName(view, seat), ...values });
}

// The last step's events as sentences for the viewer ("Your run reached 5: the end card 4 is yours,
// +3 points."). The cube's events are the cube bar's to tell.
export function narrate(events, snap) {
  const view = snap.view;
  const said = [];
  for (const event of events) {
    const seen = event.seat === undefined ? null : view.tables[event.seat];
    switch (event.type) {
      case "drawn": said.push(byWhom(view, event.seat, "nDrawn", { card: aCard(event.card) })); break;
      case "placed":
        said.push(byWhom(view, event.seat, event.to === "work" ? "nWork" : "nSlot",
          { card: event.card, n: event.slot + 1, run: runText(seen.work) }));
        break;
      case "moved": said.push(byWhom(view, event.seat, "nMoved", { card: event.card, n: event.slot + 1, run: runText(seen.work) })); break;
      case "chain":
        if (event.cards.length === 1) said.push(tx("nChainTen"));
        else {
          said.push(byWhom(view, event.seat, "nChain", { end: event.end, low: event.cards.at(-2), count: event.cards.length,
            points: counted("points", event.points) }));
        }
        break;
      case "sold_out":
        said.push(event.locked.includes(view.seat) ? tx("nSoldOutYou", { n: event.number })
          : tx("nSoldOut", { n: event.number, names: listText(event.locked.map((seat) => seatName(view, seat))) }));
        break;
      case "dead_pile": said.push(byWhom(view, event.seat, "nDead", { run: runText(event.cards) })); break;
      case "left":
        if (!view.solitaire) said.push(byWhom(view, event.seat, event.reason === "no_end_cards" ? "nLeftEnds" : "nLeftStuck", {}));
        break;
      case "turn": said.push(byWhom(view, event.seat, "nTurn", {})); break;
      case "game_over":
        if (!view.solitaire) said.push(tx("nOver"));
        else said.push(event.result.won ? tx("nWon") : tx("nLost", { n: event.result.penalty }));
        break;
      default: break;
    }
  }
  return said;
}
