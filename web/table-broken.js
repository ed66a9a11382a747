// A table whose game's own code failed: the bridge answered InternalError (a bug in the rules or the
// bot of a game, most likely an added one: pygames_core/app/bridge.py). Its player gets a way out in
// view instead of a table frozen on "… to play": take back their last move (the bug may lie on
// another path), a new game, or back to the games. The game's designer gets the traceback's last
// frames (the error's `trace`) in the browser's console. A reload of that table draws the same way
// out again when the saved game fails again: the table life (table-life.js) shows it on any table.
import { focusInView, h } from "./dom.js";
import { ERROR } from "./generated/wire.js";
import { t } from "./i18n.js";

// An error of the engine as the console shows it: its type and message, then, for a bug, where it
// happened, innermost last (file, line, function and code), as Python prints a traceback.
export function logEngineError(error) {
  if (!Array.isArray(error?.trace)) return;
  console.error(`${error.type}: ${error.message}\n${error.trace.map((frame) => `  ${frame}`).join("\n")}`);
}

// Whether `error` is a bug in a game's code, for which the table offers its way out.
export const isGameFailure = (error) => error?.type === ERROR.InternalError;

/**
 * The way out above `table`'s root, in view, its first button focused. `ways`: what the shell offers
 * besides Undo: a new game of the same kind (null: none), and back to where the player came from (its
 * words' key).
 * @param {import("./table.js").LiveTable} table @param {any} error
 * @param {{newGame: (() => void) | null, back: () => void, backLabel: string}} ways
 */
export function drawWayOut(table, error, { newGame, back, backLabel }) {
  removeWayOut(table.root);
  table.stopped = true;
  sayStopped(table);
  const undo = table.undoOffered({ afterFailure: true }) && h("button", { type: "button", class: "primary",
    id: "way-out-undo", text: t("wayOutUndo"), onclick: () => {
      removeWayOut(table.root);
      table.stopped = false; // the undo's table is drawn as it is (a failure again draws the way out again)
      table.undoTurn({ afterFailure: true });
    } });
  const section = h("section", { class: "way-out", id: "way-out", role: "alert", "aria-labelledby": "way-out-title" },
    h("h2", { id: "way-out-title", text: t("wayOutTitle") }),
    h("p", { text: t("wayOutText", { message: error.message }) }),
    h("p", { class: "fine", text: t("wayOutConsole") }),
    h("div", { class: "form-actions" }, undo,
      newGame && h("button", { type: "button", class: undo ? "ghost" : "primary", id: "way-out-new",
        text: t("newGame"), onclick: newGame }),
      h("button", { type: "button", class: "ghost", id: "way-out-back", text: t(backLabel), onclick: back })));
  table.root.before(section);
  focusInView(section.querySelector("button"));
}

// The table's status line (each renderer's #status) says the game stopped, not whose turn it is, and no
// seat is marked as the one to play (a built-in renderer's `turn` class, the generic one's aria-current):
// under the way out nobody is to play. The table draws it again with itself while it is `stopped`
// (table.js).
/** @param {import("./table.js").LiveTable} table */
export function sayStopped(table) {
  table.root.querySelector("#status")?.replaceChildren(t("wayOutStatus"));
  for (const seat of table.root.querySelectorAll("[data-seat].turn")) seat.classList.remove("turn");
  for (const seat of table.root.querySelectorAll("[data-seat][aria-current]")) seat.removeAttribute("aria-current");
}

// The way out gone: the table went on, or it closed.
export function removeWayOut(root) {
  root.parentElement?.querySelector(":scope > .way-out")?.remove();
}
