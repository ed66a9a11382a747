// What a table (table.js) draws besides the game's own drawing: the line above a starting table, the
// hint's mark, and the hand-over screen of a pass-and-play table.
//
// The hand-over screen is drawn in place of the table: no hand of any seat is on the page. The seat
// is named as the picker named it, the same for everyone at a pass-and-play table (seats.js); the
// hand's pieces in the game's own word (a renderer's handPieces: tiles in a domino game). Bots moving
// first (no seat to hand to): the screen says so, with nothing to tap yet.
import { focusInView, h, keysSpoken } from "./dom.js";
import { rendererOf } from "./games/index.js";
import { t } from "./i18n.js";
import { seatName } from "./seats.js";

const CUBE_ACTIONS = ["double", "take", "pass"];

// The word for the pieces in a hand of `game` (cards, or the renderer's own: tiles), in the current
// language: "show my tiles".
export const handPieces = (game) => t(rendererOf(game).handPieces ?? "handPieces");

/**
 * The screen on `root` for the device handed to `seat` (null: the bots move first); onReady when the
 * person there taps that they have it.
 * @param {HTMLElement} root @param {any} snap @param {number | null} seat @param {() => void} onReady
 */
export function drawHandOver(root, snap, seat, onReady) {
  const pieces = handPieces(snap.game);
  const section = (...children) => h("section", { class: "hand-over", id: "hand-over",
    "data-seat": seat, "aria-labelledby": "hand-over-title" }, ...children);
  if (seat === null) {
    root.replaceChildren(section(h("h2", { id: "hand-over-title", text: t("handOverBots") }),
      h("p", { text: t("handOverBotsText", { pieces }) })));
    return;
  }
  const name = seatName(snap.view, seat);
  const ready = h("button", { type: "button", class: "primary hand-over-ready", id: "hand-over-ready",
    "data-autofocus": "", text: t("handOverReady", { name, pieces }), onclick: onReady });
  root.replaceChildren(section(h("h2", { id: "hand-over-title", text: t("handOverTitle", { name }) }),
    h("p", { text: t(keysSpoken() ? "handOverTextKeys" : "handOverText", { name, pieces }) }), ready));
  ready.focus({ preventScroll: true });
}

// The line above a starting table saying what waits for the engine; gone once the game is loaded.
// The table's root carries data-starting meanwhile (for the tests and the benchmark).
/**
 * @param {HTMLElement} root
 * @param {{starting: boolean, queued: any, snap: any, renderer: any}} table
 */
export function drawStartingLine(root, { starting, queued, snap, renderer }) {
  const drawn = /** @type {HTMLElement | null | undefined} */ (root.parentElement?.querySelector(":scope > .table-starting"));
  root.toggleAttribute("data-starting", starting);
  if (!starting) {
    drawn?.remove();
    return;
  }
  /** @type {HTMLElement} */
  const line = drawn ?? h("p", { class: "table-starting", id: "table-starting", role: "status" });
  if (!drawn) root.before(line);
  line.dataset.queued = String(queued !== null);
  // the waiting move in words, where the game has words for it: the table itself shows it no more
  const what = queued && renderer.describeAction(queued, snap);
  line.textContent = queued ? (what ? t("tableStartingQueuedWhat", { what }) : t("tableStartingQueued"))
    : snap.is_over ? t("tableStartingOver")
      : snap.current_player !== snap.seat && snap.current_player !== null
        ? t("tableStartingBot", { name: seatName(snap.view, snap.current_player) })
        : t("tableStarting");
}

/**
 * The hint's `action` marked on the table (auto: asked for by the explanations, not the player).
 * @param {{cubeRoot: HTMLElement | null, renderer: any, snap: any}} table @param {any} action @param {boolean} auto
 */
export function showHint({ cubeRoot, renderer, snap }, action, auto) {
  // a doubling-cube decision is shown on the cube bar's own button, not on the game's table (a game's
  // own action of the same name, Apples' pass in the bidding, has no cube button: the table shows it).
  const cubeButton = CUBE_ACTIONS.includes(action.type) ? cubeRoot?.querySelector(`#cube-${action.type}`) : null;
  if (cubeButton) {
    cubeButton.classList.add("hinted");
    if (!auto) focusInView(cubeButton);
    return;
  }
  // a renderer focuses what it marks, for the player who asked; a suggestion the explanations
  // asked for leaves the focus, and so the page's scroll, where they were
  const [focused, scrolled] = [/** @type {HTMLElement | null} */ (document.activeElement), [scrollX, scrollY]];
  renderer.showHint(action, snap, { auto });
  if (!auto) return;
  if (focused && focused !== document.body) focused.focus({ preventScroll: true });
  else /** @type {HTMLElement | null} */ (document.activeElement)?.blur();
  scrollTo(scrolled[0], scrolled[1]);
}
