// The On Schedule table's strips: the schedule row (card i names trick i's trump, the special tricks
// marked) and its slots, which the vote stacks share, and the victory points as pips.
import { cardName, cardText, suitName } from "../../cards.js";
import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { seatName, seatNameInSentence, seatShort } from "../../seats.js";

export function vpPips(vp, target) {
  return h("span", { class: "vp-pips", "aria-hidden": "true" },
    Array.from({ length: target }, (_, i) => h("span", { class: `pip-vp ${i < vp ? "won" : ""}` })));
}

// One slot of a 13-card strip: the vote stack (cards in the order cast) or the schedule row
// (card i names trick i's trump). Its colour and initial say who cast the card; a row card the table
// has turned face down (its trick is over) shows its back.
/** @param {import("../../generated/messages").OnSchedule.View} view @param {number} number
 *  @param {{seat: number, suit: string, card: string, face_down?: boolean} | null} entry the card, or null for an empty slot
 *  @param {{label: string, classes?: string, attributes?: Record<string, unknown>, marks?: (Node | false)[]}} options */
export function slot(view, number, entry, { label, classes = "", attributes = {}, marks = [] }) {
  const shown = entry && !entry.face_down;
  return h("li", {
    class: `slot ${!entry ? "empty" : shown ? `seat-${entry.seat} suit-${entry.suit}` : "face-down"} ${classes}`,
    "aria-label": label, ...attributes,
  },
  h("span", { class: "slot-number", "aria-hidden": "true", text: number }),
  h("span", { class: "slot-card", "aria-hidden": "true", text: shown ? cardText(entry.card) : entry ? "" : "·" }),
  h("span", { class: "slot-owner", "aria-hidden": "true", text: shown ? seatShort(view, entry.seat) : "" }),
  marks.length > 0 && h("span", { class: "slot-marks", "aria-hidden": "true" }, marks));
}

// The seat whose special trick `trick` is, or null: the card turned sideways stays sideways face down.
export function specialOwner(special, trick) {
  const seat = special.indexOf(trick);
  return seat === -1 ? null : seat;
}

// Whose special trick a slot is: "North's special trick", "your special trick".
export const specialTrickOf = (view, owner) => (owner === view.seat ? t("osSlotSpecialYou")
  : t("osSlotSpecial", { owner: seatName(view, owner) }));

function rowSlotLabel(view, entry, special, winner, current) {
  const parts = [entry.face_down ? t("osSlotFaceDown", { n: entry.trick })
    : t("osSlot", { n: entry.trick, suit: suitName(entry.suit), card: cardName(entry.card),
      owner: seatNameInSentence(view, entry.seat) })];
  const owner = specialOwner(special, entry.trick);
  if (owner !== null) parts.push(specialTrickOf(view, owner));
  if (entry.trick === view.tricks_per_deal) parts.push(t("osSlotLast"));
  if (winner !== undefined) parts.push(t("osSlotDone", { winner: seatNameInSentence(view, winner) }));
  if (current) parts.push(t("osSlotCurrent"));
  return parts.join(t("osList"));
}

// The schedule row; `current` is the trick being played (highlighted), `winners` the finished ones.
export function scheduleRow(view, row, special, { current, compact = false }) {
  const winners = new Map(compact ? [] : view.played.map((trick) => [trick.trick, trick.winner]));
  const slots = row.length === 0
    ? Array.from({ length: view.tricks_per_deal }, (_, i) => slot(view, i + 1, null, { label: t("osSlotEmpty", { n: i + 1 }) }))
    : row.map((entry) => {
      const owner = specialOwner(special, entry.trick);
      const winner = winners.get(entry.trick);
      const isCurrent = entry.trick === current;
      return slot(view, entry.trick, entry, {
        label: rowSlotLabel(view, entry, special, winner, isCurrent),
        classes: `${owner !== null ? "special" : ""} ${isCurrent ? "current" : ""} ${winner !== undefined ? "done" : ""}`,
        attributes: {
          "data-trick": entry.trick, "data-suit": entry.suit, "data-owner": entry.seat, "data-face-down": entry.face_down,
          "data-special-of": owner, "aria-current": isCurrent ? "step" : null,
          "data-winner": winner,
        },
        marks: [
          owner !== null && h("span", { class: `mark-special seat-${owner}`, text: "★" }),
          entry.trick === view.tricks_per_deal && h("span", { class: "mark-double", title: t("osSlotLast"), text: t("osDoubled") }),
        ],
      });
    });
  return h("section", { class: `schedule ${compact ? "compact" : ""} ${row.length === 0 ? "unset" : ""}`,
    "aria-label": t("osSchedule") },
    !compact && h("h2", { class: "strip-title" }, t("osSchedule"),
      row.length === 0 && h("small", { text: ` · ${t("osScheduleHint")}` })),
    h("ol", { class: "strip schedule-row" }, slots));
}
