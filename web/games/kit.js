// Pieces every table renderer may use: the legal actions of one kind, the pace of a trick game's
// bots, and two snapshots of the same step. They hold no state: each table keeps its own (createTable).

// The snapshot's legal actions of one type, in the engine's order (a spectator's snapshot has none).
export const legalOf = (snap, type) => (snap.legal ?? []).filter((action) => action.type === type);

// The same step of the same game: a redraw of it keeps what the player picked and the hint's mark.
export const sameStep = (a, b) => a !== undefined && a !== null && b !== undefined && b !== null
  && a.moves === b.moves && a.save === b.save;

// The bots' pace in a trick game (botDelay, in ms): a finished trick stays in view a moment
// (pace.trickShown); before the play, `beforePlay(snap, lastEvents)` gives the wait of the game's own
// steps (bidding, giving cards…) or null; in the play, bots wait longer while the human still has to
// play to the trick (pace.beforeHuman), so that the cards before theirs can be followed, than once
// the human has played (pace.humanDone).
/** @param {{trickShown: number, beforeHuman: number, humanDone: number}} pace
 *  @param {(snap: any, lastEvents: any[]) => number | null} [beforePlay] */
export function trickBotDelay(pace, beforePlay = () => null) {
  return (snap, lastEvents) => {
    if (lastEvents.some((event) => event.type === "trick_won")) return pace.trickShown;
    const own = beforePlay(snap, lastEvents);
    if (own !== null) return own;
    const view = snap.view;
    return view.trick.some((play) => play.seat === view.seat) ? pace.humanDone : pace.beforeHuman;
  };
}
