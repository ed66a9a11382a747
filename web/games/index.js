// The table renderer of each game, by game id. A renderer module exports:
//   createTable(root, shell)   one table of the game, drawn into the element `root`; `shell` is what the
//                              page offers it: {act(action)} sends one of the snapshot's legal actions
//                              (a replay's shell ignores it). Everything the table remembers between
//                              drawings (the cards picked for a gift, the hint's mark, a drag, the
//                              event log) lives in the returned table, never in the module: two
//                              tables of one game on a page share nothing. The table is an object:
//     render(snapshot, context)        draw the snapshot; context = {myTurn, keyboard, events: the last
//                                      reply's events}
//     onKey(event, snapshot, context)  handle a game key; true when it was used
//     botDelay(snapshot, lastEvents)   how long to wait before the next bot move, in ms (the shell
//                                      scales it by the page's pace, ?pace=0 in tests)
//     dealSummary(summary, snapshot), finalSummary(snapshot)   contents of the summary dialog
//     summaryEvent (optional)   the event type whose `summary` (or, without one, the event itself) the
//                               dialog shows ("deal_over" if unset)
//     showHint(action, snapshot, {auto})   mark a suggested action on the table (the hint: button and
//                                      key H on the human's turn, and "Explain as we play"). auto: the
//                                      explanations asked for it, not the player, and it may come while
//                                      they are choosing: it only marks, and what the player has picked
//                                      (a gift's cards, a set being built, an open choice) stays as it is;
//                                      the player's own hint may pick for them (Enter then does it)
//     describeAction(action, snapshot) the action in plain words, in the current language, as the
//                                      snapshot's seat would say it ("play the 7♠", "bid 3 hearts",
//                                      "push the trick onto North"); the hint's reason, replay and
//                                      explanation captions use it
//     narrate(events, snapshot)        the last step's events in plain words for the snapshot's seat,
//                                      in the current language: a list of sentences ("North won the
//                                      trick and pushed it to you: you now have 3 tricks, the same as
//                                      West"), [] when there is nothing worth saying ("Explain as we play")
//     analysisSummary(analysis, snapshot, {searching}) (optional)   the bridge's after-game `analysis`
//                                      (not null) in the final summary; the shell asks for it, and
//                                      while an unfinished one goes on, `searching` is true
//     replayLabel(snapshot) (optional) label of a summary button replaying the same game from its
//                                      start (same seed and options), or null for none
//     sampled (optional)               "orders" where what a player cannot see is only the order of
//                                      cards whose numbers are all known (a deck): the hint's reason
//                                      then counts orders tried, not deals dealt
// and, for the pages that show the game without a table (the picker, the rules page):
//   helpKeys                     the table's own keys, listed in its "?" help by the step they act in
//                                (so that a key means one thing in each list): a list of
//                                {when: i18n key of the step's name, keys: [{text: i18n key of a line,
//                                names: the keys it names, spaced ("P D Esc"; a range "1–5")}]}
//   handPieces (optional)        i18n key of the word for the pieces in a hand, where they are not
//                                cards ("tiles", 手牌): the pass-and-play hand-over's "show my tiles"
//   legend (optional)            i18n keys saying what the table's compact marks mean ("4×12", "W✓"),
//                                listed after its keys in the "?" help
//   illustrate(cards) (optional) the game's own drawing of a few cards or tiles (codes as in the
//                                view), for its rules page
//   players (optional) = {default, max}   the player counts this table can show, when the game
//                                          allows a range (the picker then offers a choice)
//   seedField (optional) = {label, help}   i18n keys naming the picker's seed field for this game
//   progress(snapshot) (optional)  how far the game is, in a few words of the table's own ("Deal 3"):
//                                  the picker's line for a saved game in progress (home.js)
// A renderer draws the view and offers the legal actions: sizes, shapes and choices come from the
// snapshot, never from a copy of a rule's numbers. Pieces several renderers share are in kit.js.
// Every renderer marks what a player must see without scrolling: data-region="hand" (the player's
// cards or tiles), "trick" (the current trick, or the part of the table the move is about) and
// "actions" (the buttons of the decision at hand). The e2e tests check those boxes against the
// viewport at phone and desktop sizes (e2e/driver.py, assert_play_in_view).
// A game without a renderer here (a third-party game, build.py --game-wheel) is drawn by generic.js
// from its view's `display` and `labels` (docs/adding-a-game.md).
import * as apples from "./apples.js";
import * as arsene from "./arsene.js";
import * as chains from "./chains.js";
import * as dominuxen from "./dominuxen.js";
import * as generic from "./generic.js";
import * as on_schedule from "./on_schedule.js";
import * as roller_derby from "./roller_derby.js";

export const renderers = { apples, arsene, chains, dominuxen, on_schedule, roller_derby };

// The renderer of a game: its own, or the generic table.
export const rendererOf = (gameId) => (Object.hasOwn(renderers, gameId) ? renderers[gameId] : generic);
