// web/seats.js: where each seat sits for the person looking at a table, and what the table calls it.
import "./browser.js";
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { setLanguage } from "../../web/i18n.js";
import {
  bottomSeat, initialRoles, otherSeats, placeColors, placeOf, playerName, seatArea, seatAt, seatName, seatNameInSentence,
  seatNames, seatsAround, seatsFromBottom, seatShort, setPeopleSeats, teamName,
} from "../../web/seats.js";

// A four-seat table seen from seat 2, the same seen by a spectator, and a three-seat table from seat 1.
const fromTwo = { seat: 2, players: 4 };
const spectator = { seat: null, players: 4 };
const ofThree = { seat: 1, players: 3 };

afterEach(() => {
  setPeopleSeats([]);
  setLanguage("en", { remember: false });
});

test("the viewer's seat is at the bottom, the others clockwise from its left", () => {
  assert.equal(bottomSeat(fromTwo), 2);
  assert.deepEqual(seatsFromBottom(fromTwo), [2, 3, 0, 1]);
  assert.deepEqual(otherSeats(fromTwo), [3, 0, 1]);
  assert.deepEqual(seatsAround(fromTwo), [3, 0, 1, 2], "the felt's panels: the others, then the bottom one");
  assert.deepEqual([0, 1, 2, 3].map((seat) => placeOf(fromTwo, seat)), [2, 3, 0, 1]);
  assert.deepEqual([0, 1, 2, 3].map((place) => seatAt(fromTwo, place)), [2, 3, 0, 1]);
  assert.deepEqual([0, 1, 2, 3].map((seat) => seatArea(fromTwo, seat)), ["north", "east", "south", "west"]);
  assert.deepEqual(seatsFromBottom(spectator), [0, 1, 2, 3], "a spectator sees the table from seat 0's place");
  assert.deepEqual(seatsFromBottom(ofThree), [1, 2, 0]);
});

test("a four-seat table names its places: You, West, North, East", () => {
  assert.deepEqual([2, 3, 0, 1].map((seat) => seatName(fromTwo, seat)), ["You", "West", "North", "East"]);
  assert.deepEqual([2, 3, 0, 1].map((seat) => seatShort(fromTwo, seat)), ["Y", "W", "N", "E"]);
  assert.equal(seatNameInSentence(fromTwo, 2), "you");
  assert.equal(seatNameInSentence(fromTwo, 0), "North");
  assert.equal(seatNames(fromTwo, [3, 1]), "West and East");
  assert.equal(seatNames(fromTwo, [0, 3, 1]), "North, West and East");
  assert.equal(teamName(fromTwo, 1), "West & East");
  assert.equal(teamName(fromTwo, 0), "You & North", "the team nearer the bottom first");
});

test("a spectator is nobody: the bottom seat is South", () => {
  assert.deepEqual([0, 1, 2, 3].map((seat) => seatName(spectator, seat)), ["South", "West", "North", "East"]);
  assert.equal(seatShort(spectator, 0), "S");
  assert.equal(teamName(spectator, 0), "South & North");
  assert.equal(playerName({ seat: null, players: 3 }, 2), "Seat 2", "at other counts, the seats' own numbers");
});

test("other tables: You, then Bot 1, Bot 2 clockwise", () => {
  assert.deepEqual([1, 2, 0].map((seat) => seatName(ofThree, seat)), ["You", "Bot 1", "Bot 2"]);
  assert.deepEqual([1, 2, 0].map((seat) => seatShort(ofThree, seat)), ["0", "1", "2"]);
});

test("in Japanese", () => {
  setLanguage("ja", { remember: false });
  assert.deepEqual([2, 3, 0, 1].map((seat) => seatName(fromTwo, seat)), ["あなた", "西", "北", "東"]);
  assert.equal(seatNames(fromTwo, [0, 3, 1]), "北、西と東");
  assert.equal(seatName(ofThree, 0), "ボット2");
});

test("pass-and-play: every seat keeps the picker's name on every table, and no one is You", () => {
  setPeopleSeats([0, 2]);
  assert.deepEqual([0, 1, 2, 3].map((seat) => seatName(fromTwo, seat)), ["South", "West", "North", "East"]);
  assert.deepEqual([0, 1, 2, 3].map((seat) => seatShort(fromTwo, seat)), ["S", "W", "N", "E"]);
  assert.equal(seatNameInSentence(fromTwo, 2), "you", "sentences still speak to whoever holds the device");
  assert.deepEqual([0, 1, 2].map((seat) => seatName(ofThree, seat)), ["Player 1", "Player 2", "Player 3"]);
  setPeopleSeats([2]);
  assert.equal(seatName(fromTwo, 2), "You", "one person at the device: the table speaks to them again");
});

test("the colours of yours and your partner's follow the viewer", () => {
  assert.equal(placeColors(fromTwo), "--own-color: var(--seat-2); --partner-color: var(--seat-0)");
});

test("the remembered seat roles are kept only when they still fit the table", () => {
  const remembered = ["bot", "you", "human"];
  const kept = initialRoles(3, remembered);
  assert.deepEqual(kept, remembered);
  assert.notEqual(kept, remembered, "a copy: the picker's changes are not the remembered list's");
  const fresh = ["you", "bot", "bot"];
  assert.deepEqual(initialRoles(3, ["bot", "you"]), fresh, "another table size");
  assert.deepEqual(initialRoles(3, ["you", "you", "bot"]), fresh, "two yous");
  assert.deepEqual(initialRoles(3, ["bot", "human", "bot"]), fresh, "no you");
  assert.deepEqual(initialRoles(3, ["you", "robot", "bot"]), fresh, "an unknown role");
  assert.deepEqual(initialRoles(3, "you,bot,bot"), fresh, "not a list");
  assert.deepEqual(initialRoles(3, undefined), fresh);
});
