// Where each seat sits for the person looking at a table, and what the table calls it, written once
// for every renderer. A table is drawn from the viewing seat's place (view.seat, the same as
// snapshot.seat): that seat at the bottom, the others clockwise from its left, each named by its
// place. A spectator's view (seat null) is drawn from seat 0's place and calls nobody "You".
// Only places and names turn with the viewer: seat numbers (data-seat, seat-N colours) stay absolute.
import { addStrings, t } from "./i18n.js";

// Places round a four-seat table, clockwise from the bottom.
const COMPASS = ["south", "west", "north", "east"];

addStrings({
  en: {
    seatYou: "You", seatYouInSentence: "you", seat_south: "South", seat_west: "West", seat_north: "North", seat_east: "East",
    seatShortYou: "Y", seatShort_south: "S", seatShort_west: "W", seatShort_north: "N", seatShort_east: "E",
    seatBot: "Bot {n}", seatNumber: "Seat {n}", seatPair: "{first} & {second}", seatList: ", ",
  },
  ja: {
    seatYou: "あなた", seatYouInSentence: "あなた", seat_south: "南", seat_west: "西", seat_north: "北", seat_east: "東",
    seatShortYou: "自", seatShort_south: "南", seatShort_west: "西", seatShort_north: "北", seatShort_east: "東",
    seatBot: "ボット{n}", seatNumber: "席{n}", seatPair: "{first}・{second}", seatList: "、",
  },
});

// `view` is anything with the viewer's `seat` (a number, or null for a spectator) and `players`:
// a game's view, or a snapshot's view.

export const isSpectator = (view) => view.seat === null || view.seat === undefined;

// The seat drawn at the bottom: the viewer's own, or seat 0's for a spectator.
export const bottomSeat = (view) => view.seat ?? 0;

// How many places clockwise from the bottom a seat sits: 0 at the bottom, 1 on its left, …
export const placeOf = (view, seat) => (seat - bottomSeat(view) + view.players) % view.players;

// The seat at a place.
export const seatAt = (view, place) => (bottomSeat(view) + place) % view.players;

// Every seat clockwise from the bottom one: the order of score lists and summary rows.
export const seatsFromBottom = (view) => Array.from({ length: view.players }, (_, place) => seatAt(view, place));

// The other seats, clockwise from the bottom one's left.
export const otherSeats = (view) => seatsFromBottom(view).slice(1);

// Every seat in the order a felt draws its panels: the others clockwise from the bottom one's left,
// then the bottom one, nearest the hand.
export const seatsAround = (view) => [...otherSeats(view), bottomSeat(view)];

// A four-seat table's place as a compass point ("south" … "east"): the felt's area and trick slot.
export const seatArea = (view, seat) => COMPASS[placeOf(view, seat)];

// A seat's name at a four-seat table: You at the bottom, West, North, East clockwise (a spectator's
// bottom seat is South). At other counts, the same as playerName.
export function seatName(view, seat) {
  if (view.players !== COMPASS.length) return playerName(view, seat);
  const place = placeOf(view, seat);
  return place === 0 && !isSpectator(view) ? t("seatYou") : t(`seat_${COMPASS[place]}`);
}

// seatName inside a sentence, where "You" is written "you" ("North pushed the trick onto you").
export function seatNameInSentence(view, seat) {
  return seat === view.seat ? t("seatYouInSentence") : seatName(view, seat);
}

// seatName's initial, for narrow columns and marks: Y, W, N, E (S for a spectator's bottom seat).
export function seatShort(view, seat) {
  const place = placeOf(view, seat);
  if (view.players !== COMPASS.length) return String(place);
  return place === 0 && !isSpectator(view) ? t("seatShortYou") : t(`seatShort_${COMPASS[place]}`);
}

// A seat's name at a table of any size: You, then Bot 1, Bot 2, … clockwise from your left. A
// spectator sees Seat 0, Seat 1, … clockwise from the bottom, which are the seats' own numbers.
export function playerName(view, seat) {
  const place = placeOf(view, seat);
  if (isSpectator(view)) return t("seatNumber", { n: place });
  return place === 0 ? t("seatYou") : t("seatBot", { n: place });
}

// Several seats' names as one list, in the order given ("West, East").
export const seatNames = (view, seats, name = seatName) => seats.map((seat) => name(view, seat)).join(t("seatList"));

// In a partnership game partners sit opposite: seats team and team + 2 (of four) form team 0 or 1.
export const teamOf = (seat) => seat % 2;
export const partnerOf = (seat) => (seat + 2) % 4;

// A team of partners named by its two seats, the one nearer the bottom first: "You & North",
// "West & East" (a spectator's: "South & North").
export function teamName(view, team) {
  const [first, second] = [team, partnerOf(team)].sort((a, b) => placeOf(view, a) - placeOf(view, b));
  return t("seatPair", { first: seatName(view, first), second: seatName(view, second) });
}

// CSS custom properties for marks that mean "yours" (the bottom seat's colour) and "your partner's"
// (the seat opposite): set them on a table's root element, whose CSS reads --own-color and
// --partner-color instead of a fixed seat's colour.
export const placeColors = (view) => `--own-color: var(--seat-${bottomSeat(view)}); `
  + `--partner-color: var(--seat-${seatAt(view, Math.floor(view.players / 2))})`;
