// The embed's steps: a scenario's or a replay's frames, stepped forward and back with their captions,
// played one after another (autoplay), and, for a replay, every seat's view and every hand.
import { renderCube } from "../cube.js";
import { $, h, keysSpoken, sentenceSpans } from "../dom.js";
import { rendererOf } from "../games/index.js";
import { OP } from "../generated/wire.js";
import { pick, t } from "../i18n.js";
import { seatName, seatsFromBottom } from "../seats.js";
import { dealSummaryOf, PACE } from "../table.js";
import { handPieces } from "../table-screens.js";


// Autoplay: the pause between two steps at each speed, in ms (times ?pace=, so pace=0 runs through).
const SPEEDS = { slow: 2500, normal: 1200, fast: 500 };
const SPEED_NAMES = { slow: "emSlow", normal: "emNormal", fast: "emFast" };

// The steps that ended a trick or a deal (the frames' marks, set by the rules' own events).
const markedSteps = (frames, mark) => frames.filter((frame) => frame.marks.includes(mark)).map((frame) => frame.step);

// Where a jump back (direction -1) or on (+1) from `step` lands among `stops` (the start counts as
// one): the end of the previous trick is where the current one began. Undefined when there is none.
function jumpTarget(stops, step, direction) {
  const all = [0, ...stops];
  return direction < 0 ? all.filter((stop) => stop < step).at(-1) : all.find((stop) => stop > step);
}

// What a step says under the table: the scenario's own caption; else the game's own account of the
// step where its renderer narrates it (which tells the move itself: "North played the 2 of spades."),
// said once; else who moved, named as the table names them, with the move in the game's words.
// Its sentences, a list (empty: nothing to say).
function captionOf(renderer, frames, step) {
  const frame = frames[step];
  const own = pick(frame.caption);
  if (own || step === 0) return [own].filter(Boolean);
  const told = renderer.narrate?.(frame.events, frame.snapshot) ?? [];
  if (told.length > 0) return told;
  const name = seatName(frame.snapshot.view, frame.mover);
  const what = renderer.describeAction?.(frame.action, frames[step - 1].snapshot);
  return [t(what ? "emMoveDoes" : "emMoveBy", { name, what })];
}

// A step is drawn, not played: the table's status line ("Your turn: play a highlighted card", "West is
// playing…") would wait for a move no one makes here. It says what Next shows instead, and at a
// scenario's end how to go on; a finished game keeps the game's own line.
function scriptedStatus(frames, step) {
  const status = $("embed-stage").querySelector("#status");
  const { view, is_over: over } = frames[step].snapshot;
  if (!status || over) return;
  const mover = frames[step + 1]?.mover;
  if (step === frames.length - 1) status.textContent = t("emExampleEnd");
  else if (mover === null || mover === undefined) status.textContent = t("emNextStep");
  else status.textContent = mover === view.seat ? t("emNextYours") : t("emNextMove", { name: seatName(view, mover) });
}


// A spectator's replay (its frames hold `hands`): under the table, every seat's hand face up at this
// step, as that seat held it, drawn as the game draws cards or tiles (its renderer's illustrate). The
// table itself keeps the spectator's view; a finished game has nothing secret left to hide.
function showEveryHand(game, frame) {
  const box = $("embed-hands");
  const { illustrate } = rendererOf(game);
  box.hidden = !frame.hands || !illustrate;
  if (box.hidden) return;
  const { view } = frame.snapshot;
  const hand = (seat) => h("li", { class: "embed-hand", "data-seat": seat, "data-hand": frame.hands[seat].join(" ") },
    h("span", { class: "embed-hand-name", text: seatName(view, seat) }),
    frame.hands[seat].length ? illustrate(frame.hands[seat]) : h("span", { class: "fine", text: t("emHandEmpty") }));
  box.replaceChildren(h("h2", { class: "embed-hands-title", text: t("emEveryHand", { pieces: handPieces(game) }) }),
    h("ul", {}, seatsFromBottom(view).filter((seat) => frame.hands[seat]).map(hand)));
}

// The seats of a replay, named as the game's table names them from the seat the game was played
// from (You, West, North, East; You, Bot 1, …), and a spectator's view. A solitaire has no one else
// to be.
// `home`: the seat the game was played from, and the number of players.
function seatChooser(home, shown, onChoose) {
  if (home.players < 2) return null;
  return h("label", { class: "embed-seat" }, t("emViewAs"),
    h("select", { id: "embed-seat", onchange: (event) => onChoose(/** @type {HTMLSelectElement} */ (event.target).value === "" ? null : Number(/** @type {HTMLSelectElement} */ (event.target).value)) },
      seatsFromBottom(home).map((seat) => h("option", { value: seat, text: seatName(home, seat), selected: seat === shown })),
      h("option", { value: "", text: t("emSpectator"), selected: shown === null })));
}

export class Steps {
  /** @param {import("../embed.js").Embed} embed */
  constructor(embed) {
    this.embed = embed;
    this.speed = "normal"; // the reader's choice, kept while they switch seats or languages
    /** @type {ReturnType<typeof setTimeout> | null} the timer of the next automatic step, while the steps play */
    this.autoplay = null;
  }

  stopAutoplay() {
    clearTimeout(this.autoplay ?? undefined);
    this.autoplay = null;
  }

  // Step through frames (a scenario's or a replay's) with their captions: start and end, back and
  // next, autoplay, the keyboard; a replay (`chooseSeat(seat, step)` given) also has a slider, jumps
  // from deal to deal and trick to trick where the game has them, and every seat's view, since a
  // finished game has no secrets left. A scenario is short: it keeps to the first few.
  /** @param {any} scenario @param {any} compiled @param {number} [at] @param {((seat: number | null, step: number) => void) | null} [chooseSeat] */
  show(scenario, compiled, at = 0, chooseSeat = null) {
    const { embed } = this;
    this.stopAutoplay();
    const frames = compiled.frames;
    const last = frames.length - 1;
    // the steps are drawn, never played: the table acts on nothing
    const renderer = rendererOf(scenario.game).createTable($("embed-stage"), { act: () => {} });
    const stops = chooseSeat ? { deal: markedSteps(frames, "deal"), trick: markedSteps(frames, "trick") }
      : { deal: [], trick: [] };
    let step = Math.min(at, last);
    let controls = {};

    const go = (target) => {
      if (target === undefined) return;
      step = Math.max(0, Math.min(last, target));
      if (this.autoplay) advanceLater();
      show();
    };
    const jump = (mark, direction) => go(jumpTarget(stops[mark], step, direction));
    // the next automatic step; the last one stops the autoplay
    const advanceLater = () => {
      this.stopAutoplay();
      this.autoplay = setTimeout(() => {
        step = Math.min(step + 1, last);
        if (step === last) this.stopAutoplay();
        else advanceLater();
        show();
      }, SPEEDS[this.speed] * PACE);
    };
    const togglePlay = () => {
      if (this.autoplay) this.stopAutoplay();
      else {
        if (step === last) step = 0; // played through: again from the start
        advanceLater();
      }
      show();
    };

    const build = () => {
      const button = (id, text, label, onclick) => h("button", { type: "button", class: "ghost", id, text,
        "aria-label": label, title: label, onclick });
      const jumps = (mark, label, previous, next) => {
        if (stops[mark].length === 0) return false;
        controls[`prev-${mark}`] = button(`embed-prev-${mark}`, "◀", t(previous), () => jump(mark, -1));
        controls[`next-${mark}`] = button(`embed-next-${mark}`, "▶", t(next), () => jump(mark, 1));
        return h("span", { class: "embed-jump" }, controls[`prev-${mark}`], h("span", { text: t(label) }),
          controls[`next-${mark}`]);
      };
      const keyHelp = [t("emKeysStep"), t("emKeysEnds"), stops.deal.length > 0 && t("emKeysDeal"),
        stops.trick.length > 0 && t("emKeysTrick"), t("emKeysPlay")].filter(Boolean);
      controls = {
        first: button("embed-first", "|◀", t("emFirst"), () => go(0)),
        prev: h("button", { type: "button", class: "ghost", id: "embed-prev", text: t("emBack"), onclick: () => go(step - 1) }),
        counter: h("span", { class: "embed-step", id: "embed-step", "aria-live": "polite" }),
        next: h("button", { type: "button", class: "ghost", id: "embed-next", text: t("emNext"), onclick: () => go(step + 1) }),
        end: button("embed-last", "▶|", t("emLast"), () => go(last)),
        slider: chooseSeat && h("input", { type: "range", class: "embed-slider", id: "embed-slider", min: 0, max: last,
          step: 1, "aria-label": t("emSlider"), oninput: (event) => go(Number(event.target.value)) }),
        play: h("button", { type: "button", class: "ghost", id: "embed-autoplay", title: t("emAutoplayLabel"),
          onclick: togglePlay }),
        seat: chooseSeat && seatChooser({ seat: embed.params.seat ?? 0, players: compiled.players }, compiled.seat, (seat) => {
          this.stopAutoplay();
          chooseSeat(seat, step);
        }),
        fromHere: h("button", { type: "button", class: "primary", id: "embed-play-from-here", text: t("emPlayFromHere"),
          onclick: () => {
            this.stopAutoplay();
            embed.play.playLive(() => embed.ask(OP.play_scenario, { scenario, steps: step, seat: compiled.seat ?? 0 }),
              () => this.show(scenario, compiled, step, chooseSeat)).catch((error) => embed.showError(error));
          } }),
      };
      const speedChoice = h("select", { id: "embed-speed", "aria-label": t("emSpeed"), title: t("emSpeed"),
        onchange: (event) => { this.speed = event.target.value; if (this.autoplay) advanceLater(); } },
      Object.entries(SPEED_NAMES).map(([value, key]) => h("option", { value, text: t(key), selected: value === this.speed })));
      $("embed-controls").replaceChildren(...[
        // Back and Next beside the counter: one short row, whatever the frame's width
        h("div", { class: "embed-row" }, controls.prev, controls.counter, controls.next),
        controls.slider,
        (stops.deal.length > 0 || stops.trick.length > 0) && h("div", { class: "embed-row embed-jumps" },
          jumps("deal", "emDeal", "emPrevDeal", "emNextDeal"), jumps("trick", "emTrick", "emPrevTrick", "emNextTrick")),
        h("div", { class: "embed-row" }, controls.first, controls.play, speedChoice, controls.end, controls.seat,
          controls.fromHere),
        keysSpoken() && h("p", { class: "fine embed-keys", id: "embed-keys", text: t("emKeys", { keys: keyHelp.join(" · ") }) }),
      ].filter(Boolean));
      $("embed-controls").hidden = false;
    };

    const show = () => {
      const frame = frames[step];
      const snap = frame.snapshot;
      renderer.render(snap, { myTurn: false, keyboard: false, events: frame.events });
      showEveryHand(scenario.game, frame);
      scriptedStatus(frames, step);
      // a deal's end shows its summary; the game's end its final one, after a game whose rules send no
      // deal's end too (an added game's, say)
      const summary = dealSummaryOf(renderer, frame.events);
      embed.showOnStage({ stepping: true, summary: (summary || snap.is_over) && h("div", { id: "embed-deal-summary" },
        summary && renderer.dealSummary(summary, snap), snap.is_over && renderer.finalSummary(snap)) });
      renderCube($("embed-cube"), snap, null);
      const caption = captionOf(renderer, frames, step);
      $("embed-caption").replaceChildren(...sentenceSpans(caption));
      $("embed-caption").hidden = caption.length === 0;
      controls.first.disabled = controls.prev.disabled = step === 0;
      controls.next.disabled = controls.end.disabled = step === last;
      Object.assign(controls.counter.dataset, { step, last });
      controls.counter.textContent = step === 0 ? t("emStart", { n: last }) : t("emStep", { k: step, n: last });
      if (controls.slider) controls.slider.value = step;
      for (const mark of ["deal", "trick"]) {
        if (!controls[`prev-${mark}`]) continue;
        controls[`prev-${mark}`].disabled = jumpTarget(stops[mark], step, -1) === undefined;
        controls[`next-${mark}`].disabled = jumpTarget(stops[mark], step, 1) === undefined;
      }
      controls.play.textContent = this.autoplay ? t("emPause") : t("emAutoplay");
      controls.play.setAttribute("aria-pressed", String(this.autoplay !== null));
      controls.fromHere.hidden = frame.snapshot.is_over;
      embed.frame.postHeight();
    };

    const keys = {
      ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1), Home: () => go(0), End: () => go(last),
      PageUp: () => jump("deal", -1), PageDown: () => jump("deal", 1),
      "[": () => jump("trick", -1), "]": () => jump("trick", 1), p: togglePlay, P: togglePlay,
    };
    document.onkeydown = (event) => {
      const key = keys[event.key];
      if (!key || embed.life.table || event.ctrlKey || event.metaKey || event.altKey
        || /** @type {Element} */ (event.target).closest("select, textarea, input:not([type=range])")) return;
      if ((event.key.startsWith("Page") && !stops.deal.length) || ("[]".includes(event.key) && !stops.trick.length)) return;
      event.preventDefault(); // the slider's own keys would step a second time
      key();
    };
    embed.redraw = () => {
      build();
      show();
    };
    embed.redraw();
  }
}
