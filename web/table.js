// A live game on a table: the loop the site and the embeds share. It draws the snapshot the bridge
// returns with the game's renderer, sends back one of the snapshot's legal actions when the player
// picks it, and lets the bots move one at a time, paced so a person can follow, until it is the
// player's turn again or the game ends. It never decides what is legal: the rules (Python) do.
import { onCubeKey, renderCube } from "./cube.js";
import { focusInView } from "./dom.js";
import { renderers } from "./games/index.js";

// Bot moves are slowed down so a person can follow them; ?pace=0 (tests, demos) removes the waits.
export const PACE = Math.max(0, Number(new URLSearchParams(location.search).get("pace") ?? 1) || 0);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms * PACE));

export class LiveTable {
  // reply: the bridge's {sid, snapshot} for the opened game. Callbacks: onChange(table) after every
  // step (save it, resize the frame), onSummary(table, summary) -> Promise (the deal's or the
  // game's summary; resolves when the player closes it), onError(error). cubeRoot (optional): where
  // the doubling cube and match score go, for a game played with the cube (cube.js).
  constructor({ root, cubeRoot = null, bridge, reply, level, onChange, onSummary, onError }) {
    Object.assign(this, { root, cubeRoot, bridge, level, onChange, onSummary, onError });
    this.sid = reply.sid;
    this.snap = reply.snapshot;
    this.events = [];
    this.renderer = renderers[this.snap.game];
    this.busy = false; // a request is on its way: no second action meanwhile
    this.closed = false;
    this.keyboard = false;
  }

  context() {
    return {
      act: (action) => this.act(action),
      myTurn: !this.busy && this.snap.legal.length > 0,
      keyboard: this.keyboard,
      events: this.events,
    };
  }

  // Redraw, keeping keyboard focus on the same control when it is still there.
  draw() {
    const focusKey = document.activeElement?.dataset?.focusKey;
    const context = this.context();
    this.renderer.render(this.root, this.snap, context);
    if (this.cubeRoot) renderCube(this.cubeRoot, this.snap, context);
    const find = (selector) => this.cubeRoot?.querySelector(selector) ?? this.root.querySelector(selector);
    const again = focusKey && find(`[data-focus-key="${focusKey}"]`);
    if (again) focusInView(again);
    else if (this.keyboard && document.activeElement === document.body) focusInView(find("[data-autofocus]"));
  }

  onKey(event) {
    this.keyboard = true;
    const context = this.context();
    return onCubeKey(event, this.snap, context) || this.renderer.onKey(event, this.snap, context);
  }

  async start() {
    this.draw();
    this.onChange(this);
    if (this.snap.is_over) await this.onSummary(this, null);
    else await this.drive();
  }

  async act(action) {
    if (this.busy || this.closed) return;
    this.busy = true;
    this.draw();
    const reply = await this.bridge.call({ op: "act", sid: this.sid, action });
    this.busy = false;
    if (this.closed) return;
    if (!reply.ok) {
      this.onError(reply.error);
      this.draw();
      return;
    }
    await this.advance(reply);
    await this.drive(reply.events);
  }

  async drive(lastEvents = []) {
    let events = lastEvents;
    while (!this.closed && !this.snap.is_over && this.snap.current_player !== this.snap.seat) {
      await sleep(this.renderer.botDelay(this.snap, events));
      if (this.closed) return;
      const reply = await this.bridge.call({ op: "bot", sid: this.sid, level: this.level });
      if (this.closed) return;
      if (!reply.ok) {
        this.onError(reply.error);
        return;
      }
      await this.advance(reply);
      events = reply.events;
    }
  }

  async advance(reply) {
    this.snap = reply.snapshot;
    this.events = reply.events;
    this.draw();
    this.onChange(this);
    const summaryType = this.renderer.summaryEvent ?? "deal_over";
    const dealOver = reply.events.find((event) => event.type === summaryType);
    // the event's own `summary`, or the event itself when it is the summary (a cube game's stake_won)
    if (dealOver || this.snap.is_over) await this.onSummary(this, dealOver ? dealOver.summary ?? dealOver : null);
  }

  // stopped: the worker that held the session has stopped, so there is nothing to close (and its sid
  // may already name another game in the new worker)
  close({ stopped = false } = {}) {
    if (this.closed) return;
    this.closed = true;
    if (!stopped) this.bridge.call({ op: "close", sid: this.sid });
  }
}
