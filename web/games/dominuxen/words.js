// The Dominuxen table's words: its keys (dx_…), tiles and sets in a sentence, the events of a step and an
// action in plain words for the viewer (the log, the hint, "Explain as we play").
import { language, listText, t } from "../../i18n.js";
import { seatName } from "../../seats.js";

export const tx = (key, values) => t(`dx_${key}`, values);
export const numbersOf = (code) => code.split("-").map(Number);
export const sameTiles = (listed, chosen) => listed.length === chosen.size && listed.every((code) => chosen.has(code));

export function tileName(code) {
  const [a, b] = numbersOf(code);
  return a === b ? tx("tileDouble", { n: a }) : tx("tile", { a, b });
}

export const setText = (set) => tx("set", { size: set.size, n: set.number });
// English says "1 tile" but "2 tiles": a key ending in One is the text for exactly one.
export const counted = (key, n, values = {}) => tx(n === 1 ? `${key}One` : key, { n, ...values });
const COUNT_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
// A set in a sentence: "two 9s", "one 5" ("9の2枚セット").
export const setSay = (set) => (set.size === 1 ? tx("setSayOne", { n: set.number })
  : tx("setSay", { n: set.number, count: (language() === "en" && COUNT_WORDS[set.size]) || set.size }));
// Tiles in a sentence: "3–5 and 5–6", "3–5, 5–6 and 5–8".
const tilesSay = (codes) => listText(codes.map(tileName));
export const setAria = (set) => tx("setAria", { size: set.size, n: set.number, tiles: set.tiles.map(tileName).join(t("dx_listSeparator")) });

export function describe(view, event) {
  switch (event.type) {
    case "played": return tx("evPlayed", { name: seatName(view, event.seat), set: setSay(event.set) });
    case "hit": return event.victim === view.seat ? tx("evHitYou", { set: setSay(event.set) })
      : tx("evHit", { name: seatName(view, event.victim), set: setSay(event.set) });
    case "taken": return tx("evTaken", { name: seatName(view, event.attacker) });
    case "declined": return tx("evDeclined", { name: seatName(view, event.attacker) });
    case "taken_back": return tx("evTakenBack", { name: seatName(view, event.seat) });
    case "discarded": return tx("evDiscarded", { name: seatName(view, event.seat) });
    case "drew": return event.source === "display" ? tx("evDrewDisplay", { name: seatName(view, event.seat), tile: tileName(event.tile) })
      : tx("evDrewSupply", { name: seatName(view, event.seat) });
    case "refilled": return tx("evRefilled", { n: event.tiles.length });
    case "game_started": return tx("evGameStarted", { n: event.game });
    default: return null;
  }
}

// --- the hint, actions and events in words -------------------------------------------------------

// The action as its player would say it: "play 4–9 and 9–10 as two 9s", "take West's two 5s into
// your hand", "draw the 6–6 from the display".
export function describeAction(action, snap) {
  const view = snap.view;
  const snatch = view.snatch;
  const target = snatch?.target ? setSay(snatch.target) : "";
  switch (action.type) {
    case "play": {
      const size = action.tiles.length + (action.doubled?.length ?? 0);
      const values = { tiles: tilesSay(action.tiles), n: action.number, set: setSay({ size, number: action.number }) };
      return action.doubled?.length ? tx("doPlayDoubled", { ...values, double: tileName(action.doubled[0]) }) : tx("doPlay", values);
    }
    case "take": return tx("doTake", { victim: seatName(view, snatch.victim), set: target });
    case "decline": return tx("doDecline", { victim: seatName(view, snatch.victim), set: target });
    case "take_back": return tx("doTakeBack", { set: target });
    case "discard": return tx("doDiscard", { set: target, n: snatch.target.tiles.length });
    case "draw": return action.source === "supply" ? tx("doDrawSupply") : tx("doDrawDisplay", { tile: tileName(action.tile) });
    default: return "";
  }
}

// Whose words: "You …" for the viewer's own seat, "{name} …" for another's.
const byWhom = (view, seat, key, values) => (seat === view.seat ? tx(`${key}You`, values) : tx(key, { name: seatName(view, seat), ...values }));

// The three ways to tell a snatch step: done by the viewer, to the viewer, or between others.
function snatchSay(view, key, event, values) {
  const names = { attacker: seatName(view, event.attacker), victim: seatName(view, event.victim), ...values };
  if (event.attacker === view.seat) return tx(`${key}Yours`, names);
  if (event.victim === view.seat) return tx(`${key}You`, names);
  return tx(key, names);
}

// The last step's events as sentences for the viewer ("West snatched your 3–5 and 5–6: you draw 2
// to replace them, …"); the log above keeps its shorter lines.
export function narrate(events, snap) {
  const view = snap.view;
  const said = [];
  for (const event of events) {
    switch (event.type) {
      case "played":
        said.push(byWhom(view, event.seat, "nPlayed", { set: setSay(event.set), tiles: tilesSay(event.set.tiles) }));
        break;
      case "hit": said.push(snatchSay(view, "nHit", event, { set: setSay(event.set) })); break;
      case "taken": said.push(snatchSay(view, "nTaken", event, { tiles: tilesSay(event.tiles), n: event.tiles.length })); break;
      case "declined": said.push(snatchSay(view, "nDeclined", event, {})); break;
      case "taken_back": said.push(byWhom(view, event.seat, "nTakenBack", { tiles: tilesSay(event.tiles) })); break;
      case "discarded":
        said.push(byWhom(view, event.seat, "nDiscarded", { tiles: tilesSay(event.tiles), n: event.tiles.length }));
        break;
      case "drew": {
        const drew = byWhom(view, event.seat, event.source === "display" ? "nDrewDisplay" : "nDrewSupply",
          { tile: event.tile ? tileName(event.tile) : "" });
        said.push(event.forced ? `${drew} ${tx("nForced")}` : drew);
        break;
      }
      case "refilled": said.push(counted("nRefilled", event.tiles.length)); break;
      case "turn": if (event.seat === view.seat) said.push(tx("nYourTurn")); break;
      case "game_ended": said.push(...endSay(view, event.summary)); break;
      case "game_started": said.push(tx("nGameStarted", { n: event.game, name: seatName(view, event.first_player) })); break;
      default: break;
    }
  }
  return said;
}

function endSay(view, summary) {
  const ending = summary.reason === "hand_empty" ? byWhom(view, summary.ended_by, "nEndHand", {}) : tx("nEndMiddle");
  if (view.seat === null || view.seat === undefined) return [ending];
  const seat = view.seat;
  const row = summary.rows[seat];
  const score = summary.scores[seat];
  return [ending, tx("nScore", { score, row, hand: row - score })];
}
