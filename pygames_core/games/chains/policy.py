"""Chains's normal play, from public facts only: the bots' quick policy (bot.py) and the solver's
starting line (solver.py), which both build on it."""

from __future__ import annotations

from typing import Any

from pygames_core.engine.rng import Rng
from pygames_core.games.chains.state import ChainsState, fits


def slot_for(slots: list[list[int]], card: int) -> int:
    """Where a card that cannot go onto the work pile hurts least: on the next number up (the two
    then leave in run order), else on a lower card (same run), else an empty slot, else on the
    shortest pile of higher cards (it starts a new run there)."""
    def cost(i: int) -> tuple[int, int]:
        pile = slots[i]
        if not pile:
            return (2, 0)
        top = pile[-1]
        if top == card - 1:
            return (0, 0)
        if top < card:
            return (1, card - top)
        return (3, len(pile))
    return min(range(len(slots)), key=cost)


def policy_action(state: ChainsState, rng: Rng) -> dict[str, Any]:
    """The 'normal' play, from public facts only: place a drawn card on the work pile when it fits,
    else on the slot where it hurts least; close a run as soon as an end card allows (points are a
    race in the expansion); otherwise extend the run from a slot; otherwise draw. With the cube it
    never doubles and always takes (the bots' cube decisions are pygames_core/ai/cube.py's)."""
    if state.match is not None and state.match.offered_by is not None:
        return {"type": "take"}
    table = state.tables[state.current]
    if table.drawn is not None:
        if fits(table.drawn, table.work):
            return {"type": "place", "to": "work"}
        return {"type": "place", "to": "slot", "slot": slot_for(table.slots, table.drawn)}
    legal = state.actions_for(state.current)
    for kind in ("close", "move", "draw"):
        for action in legal:
            if action["type"] == kind:
                return action
    return rng.choice(legal)
