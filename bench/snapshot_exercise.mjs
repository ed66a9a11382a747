// Every game once through the worker's bridge, as the site uses it: a whole game of bots, a hint on
// the player's first turn, the game saved and loaded again half-way, its how-to-play document, and the
// hindsight analysis at the end (for Chains solitaire that is the exact solver). Used by
// bench/snapshot.mjs (in Node, on a restored memory snapshot) and bench/snapshot.py (in Chromium,
// through window.pygamesBridge), so both check the same things. Throws on the first refused request.
//
// call(request) -> the bridge's reply as an object ({ok: true, ...} or {ok: false, error}).
const MOST_STEPS = 2000; // far more than any game here takes with easy bots; a loop that never ends fails

export async function exercise(call) {
  const ok = async (request) => {
    const reply = await call(request);
    if (!reply.ok) throw new Error(`${JSON.stringify(request).slice(0, 120)}: ${reply.error.type}: ${reply.error.message}`);
    return reply;
  };
  const report = {};
  const { games } = await ok({ op: "games" });
  // the multiplayer games at their smallest table, and Chains also alone (solitaire, where the solver runs)
  const tables = games.map((game) => ({ game: game.id, players: game.players[0] }));
  tables.push({ game: "chains", players: 2 });
  for (const { game, players } of tables) {
    await ok({ op: "how_to_play", game });
    let { sid, snapshot } = await ok({ op: "new", game, players, seed: "12345", seat: 0 });
    let hinted = false;
    let reloaded = false;
    let steps = 0;
    while (!snapshot.is_over) {
      if (++steps > MOST_STEPS) throw new Error(`${game}: not over after ${MOST_STEPS} steps`);
      if (!hinted && snapshot.current_player === 0 && snapshot.legal?.length) {
        const { hint } = await ok({ op: "hint", sid, seed: 1, time_budget_ms: 50 });
        await ok({ op: "act", sid, action: hint.action });
        hinted = true;
      } else {
        await ok({ op: "bot", sid, level: "easy", seed: steps }); // the snapshot is asked for below
      }
      if (!reloaded && steps === 10) {
        const saved = (await ok({ op: "snapshot", sid })).snapshot;
        await ok({ op: "close", sid });
        ({ sid, snapshot } = await ok({ op: "load", text: saved.save, seat: 0 }));
        if (snapshot.moves !== saved.moves) throw new Error(`${game}: the loaded game is not the saved one`);
        reloaded = true;
      }
      ({ snapshot } = await ok({ op: "snapshot", sid }));
    }
    const { analysis } = await ok({ op: "analysis", sid, time_budget_ms: 2000 });
    await ok({ op: "close", sid });
    report[`${game}/${players}`] = { steps, hinted, reloaded, analysis: analysis === null ? null : Object.keys(analysis) };
  }
  return report;
}
