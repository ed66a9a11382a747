// The table renderer of each game, by game id. A renderer module exports:
//   render(root, snapshot, context)   draw the table; context = {act(action), myTurn, keyboard}
//   onKey(event, snapshot, context)   handle a game key; true when it was used
//   botDelay(snapshot, lastEvents)    how long to wait before the next bot move, in ms
//   dealSummary(summary, snapshot), finalSummary(snapshot)   contents of the summary dialog
//   players (optional) = {default, max}   the player counts this table can show, when the game
//                                          allows a range (the picker then offers a choice)
// A game appears in the picker only once it has a renderer here.
import * as arsene from "./arsene.js";

export const renderers = { arsene };
