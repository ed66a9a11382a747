// Where each seat sits for the person looking at a table, and what the table calls it, written once
// for every renderer. A table is drawn from the viewing seat's place (view.seat, the same as
// snapshot.seat): that seat at the bottom, the others clockwise from its left, each named by its
// place. A spectator's view (seat null) is drawn from seat 0's place and calls nobody "You".
// Only places and names turn with the viewer: seat numbers (data-seat, seat-N colours) stay absolute.
// Pass-and-play (two or more people at this device, setPeopleSeats): each person's table is still
// drawn from their own seat's place (their hand at the bottom), but the seats' names no longer turn
// with the viewer. Every seat keeps the name the picker's seat choice (seatRoles) gave it — South,
// West, North, East at four seats, Player 1, 2, … otherwise — on every person's table, the hand-over
// screen and the summaries, and no seat is called "You": at a device passed from hand to hand, "You"
// would name whoever holds it, South on one table and West on the next, so that the friends would
// not agree on who did what. Sentences still say "you" to the person holding the device ("Your turn").
import { h } from "./dom.js";
import { listText, t } from "./i18n.js";

// Places round a four-seat table, clockwise from the bottom.
const COMPASS = ["south", "west", "north", "east"];

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

// The seats played by people at this device (pass-and-play); the table sets them as it draws.
let peopleSeats = new Set();

export function setPeopleSeats(seats) {
  peopleSeats = new Set(seats);
}

// Two or more people at this device: every seat is named as the picker names it, for every viewer.
const passAndPlay = () => peopleSeats.size > 1;

// A seat's name in the picker (as seat 0 sees the table: South, West, North, East at four seats, else
// Player 1, 2, …), and at a pass-and-play table.
const pickerSeatName = (players, seat) => (players === COMPASS.length ? t(`seat_${COMPASS[seat]}`)
  : t("seatPerson", { n: seat + 1 }));

// A seat's name at a four-seat table: You at the bottom, West, North, East clockwise (a spectator's
// bottom seat is South). At other counts, the same as playerName.
export function seatName(view, seat) {
  if (passAndPlay()) return pickerSeatName(view.players, seat);
  if (view.players !== COMPASS.length) return playerName(view, seat);
  const place = placeOf(view, seat);
  return place === 0 && !isSpectator(view) ? t("seatYou") : t(`seat_${COMPASS[place]}`);
}

// seatName inside a sentence, where "You" is written "you" ("North pushed the trick onto you").
export function seatNameInSentence(view, seat) {
  return seat === view.seat ? t("seatYouInSentence") : seatName(view, seat);
}

// seatName's initial, for narrow columns and marks: Y, W, N, E (S for a spectator's bottom seat; at a
// pass-and-play table, S, W, N, E by seat for everyone).
export function seatShort(view, seat) {
  if (passAndPlay()) return view.players === COMPASS.length ? t(`seatShort_${COMPASS[seat]}`) : String(seat + 1);
  const place = placeOf(view, seat);
  if (view.players !== COMPASS.length) return String(place);
  return place === 0 && !isSpectator(view) ? t("seatShortYou") : t(`seatShort_${COMPASS[place]}`);
}

// A seat's name at a table of any size: You, then Bot 1, Bot 2, … clockwise from your left. A spectator
// sees Seat 0, Seat 1, … clockwise from the bottom, which are the seats' own numbers. At a
// pass-and-play table, the picker's names.
export function playerName(view, seat) {
  if (passAndPlay()) return pickerSeatName(view.players, seat);
  const place = placeOf(view, seat);
  if (isSpectator(view)) return t("seatNumber", { n: place });
  return place === 0 ? t("seatYou") : t("seatBot", { n: place });
}

// Several seats' names as one list, in the order given ("West and East", "North, West and East").
export const seatNames = (view, seats, name = seatName) => listText(seats.map((seat) => name(view, seat)));

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

// --- the picker's seat choice: who plays each seat (pass-and-play) ------------------------------

export const ROLES = ["you", "human", "bot"];
const ROLE_LABELS = { you: "seatRoleYou", human: "seatRoleHuman", bot: "seatRoleBot" };

// Each seat's role, kept whole: exactly one seat is "you" (the person who starts the game holds the
// device first). Choosing "you" for a seat makes the old one "human"; taking "you" away from a seat
// passes it to the first other human seat, and is refused where there is none.
function withRole(roles, seat, role) {
  const next = [...roles];
  const you = roles.indexOf("you");
  next[seat] = role;
  if (role === "you" && you !== seat) next[you] = "human";
  if (seat === you && role !== "you") {
    const other = next.findIndex((each, index) => index !== seat && each === "human");
    if (other === -1) return roles;
    next[other] = "you";
  }
  return next;
}

// The roles remembered for a table of `players` seats (an array of ROLES with one "you"), else you in
// seat 0 and bots around you.
export function initialRoles(players, remembered) {
  const fits = Array.isArray(remembered) && remembered.length === players
    && remembered.every((role) => ROLES.includes(role)) && remembered.filter((role) => role === "you").length === 1;
  return fits ? [...remembered] : Array.from({ length: players }, (_, seat) => (seat === 0 ? "you" : "bot"));
}

// The seat choice: a row per seat of three radio buttons (You / Human / Bot): arrow keys move within
// a row, Tab between rows, a tap picks. onChange(roles) after each change. Returns the element and
// roles(), the current choice.
/** @param {number} players @param {string[]} initial @param {(roles: string[]) => void} [onChange] */
export function seatRoles(players, initial, onChange = () => {}) {
  let roles = initial;
  const rows = Array.from({ length: players }, (_, seat) => {
    const inputs = ROLES.map((role) => h("input", { type: "radio", name: `seat-role-${seat}`, value: role,
      id: `seat-role-${seat}-${role}`, "data-seat": seat, "data-role": role }));
    return { inputs, row: h("div", { class: "seat-role", id: `seat-role-${seat}`, role: "radiogroup",
      "aria-labelledby": `seat-role-${seat}-name` },
      h("span", { class: "seat-role-name", id: `seat-role-${seat}-name`, text: pickerSeatName(players, seat) }),
      inputs.map((input) => h("label", { class: "seat-role-choice", for: input.id },
        input, h("span", { text: t(ROLE_LABELS[input.value]) })))) };
  });
  const sync = () => rows.forEach(({ inputs }, seat) => inputs.forEach((input) => {
    input.checked = input.value === roles[seat];
  }));
  const element = h("fieldset", { class: "seat-roles", id: "seat-roles", onchange: (event) => {
    const { seat, role } = event.target.dataset;
    roles = withRole(roles, Number(seat), role);
    sync();
    onChange(roles);
  } }, h("legend", { text: t("seatRolesTitle") }), rows.map(({ row }) => row),
  h("p", { class: "fine", id: "seat-roles-help", text: t("seatRolesHelp") }));
  sync();
  return { element, roles: () => roles };
}
