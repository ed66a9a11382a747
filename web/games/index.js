// The table renderer of each game, by game id. A renderer module exports:
//   render(root, snapshot, context)   draw the table; context = {act(action), myTurn, keyboard,
//                                     events: the last reply's events}
//   onKey(event, snapshot, context)   handle a game key; true when it was used
//   botDelay(snapshot, lastEvents)    how long to wait before the next bot move, in ms
//   dealSummary(summary, snapshot), finalSummary(snapshot)   contents of the summary dialog
//   summaryEvent (optional)   the event type whose `summary` (or, without one, the event itself) the
//                             dialog shows ("deal_over" if unset)
//   players (optional) = {default, max}   the player counts this table can show, when the game
//                                          allows a range (the picker then offers a choice)
//   seedField (optional) = {label, help}   i18n keys naming the picker's seed field for this game
//   showHint(root, action, snapshot) (optional)   show a suggested action; the shell then offers a
//                                          Hint button (key H) on the human's turn
//   analysisSummary(analysis, snapshot, {searching}) (optional)   the bridge's after-game `analysis`
//                                          (not null) in the final summary; the shell asks for it, and
//                                          while an unfinished one goes on, `searching` is true
//   replayLabel(snapshot) (optional)   label of a summary button replaying the same game from its
//                                      start (same seed and options), or null for none
// A game appears in the picker only once it has a renderer here.
import * as apples from "./apples.js";
import * as arsene from "./arsene.js";
import * as chains from "./chains.js";
import * as dominuxen from "./dominuxen.js";
import * as on_schedule from "./on_schedule.js";
import * as roller_derby from "./roller_derby.js";

export const renderers = { apples, arsene, chains, dominuxen, on_schedule, roller_derby };
