"""Chains's normal play, from public facts only: the bots' quick policy (bot.py) and the solver's
starting line (solver.py), which both build on it."""

from __future__ import annotations

from typing import Any

from pygames_core.engine.rng import Rng
from pygames_core.games.chains.state import ChainsState, Table, fits

NEVER = 1_000  # the wait of a number no run will want again: later than any card that is wanted


def slot_for(slots: list[list[int]], card: int) -> int:
    """The expansion's slot for a card that cannot go onto the work pile, where it hurts least: on the
    next number up (the two then leave in run order), else on a lower card (same run), else an empty
    slot, else on the shortest pile of higher cards (it starts a new run there)."""
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


def wait_for(table: Table) -> list[int]:
    """How many cards the solitaire's work pile will take before it next wants a card of each number
    (indexed by the number; NEVER for one no run will want), if the run under way goes down as far as
    the open end cards allow and the later runs come shortest first (the highest open end card closes
    the next one). Slot piles give up their top card first, so a card wanted sooner should lie above
    one wanted later."""
    ends = sorted(table.ends, reverse=True)
    waits = [NEVER] * 11
    taken = 0
    below = [end for end in ends if table.work and end < table.work[-1]]
    if below:
        deepest = below[-1]
        for wanted in range(table.work[-1] - 1, deepest, -1):
            waits[wanted] = taken
            taken += 1
        ends.remove(deepest)
    lowest = 11  # the later runs want ever more numbers: each first wants those below the last one's
    for end in ends:
        for wanted in range(lowest - 1, end, -1):
            if waits[wanted] == NEVER:
                waits[wanted] = taken + 10 - wanted
        lowest = min(lowest, end + 1)
        taken += 10 - end
    return waits


def solitaire_slot_for(table: Table, card: int) -> int:
    """The solitaire's slot for a drawn card that cannot go onto the work pile: on a pile whose top is
    the same number or the card wanted right after it (the two then leave one after the other); else
    in an empty slot, which keeps every pile free to be emptied soon; else on a pile whose top is
    wanted later than the card, the one wanted soonest, so that it holds nothing up; else, holding a
    card up, on the shortest pile. Preferring an empty slot to a pile whose top is wanted much later
    won 803 of beginner deals 5000-6999 and 352 advanced, against 431 and 297 for the pile."""
    wait = wait_for(table)
    own = wait[card]

    def cost(i: int) -> tuple[int, int]:
        pile = table.slots[i]
        if not pile:
            return (1, 0)
        later = wait[pile[-1]] - own
        if pile[-1] == card or later == 1:
            return (0, later)
        if later > 0:
            return (2, later)
        return (3, len(pile))
    return min(range(len(table.slots)), key=cost)


def policy_action(state: ChainsState, rng: Rng) -> dict[str, Any]:
    """The 'normal' play, from public facts only: place a drawn card on the work pile when it fits,
    else on the slot where it hurts least; close a run as soon as an end card allows (points are a
    race in the expansion); otherwise extend the run from a slot; otherwise draw. The solitaire
    extends the run from a slot before it closes it: a card in a slot always has an open end card
    below it to close its run (each run takes one card of every number above its end card, and there
    are no more), and a run closed early would leave it holding up its slot. With the cube it never
    doubles and always takes (the bots' cube decisions are pygames_core/ai/cube.py's)."""
    if state.match is not None and state.match.offered_by is not None:
        return {"type": "take"}
    table = state.tables[state.current]
    if table.drawn is not None:
        if fits(table.drawn, table.work):
            return {"type": "place", "to": "work"}
        slot = solitaire_slot_for(table, table.drawn) if state.solitaire else slot_for(table.slots, table.drawn)
        return {"type": "place", "to": "slot", "slot": slot}
    legal = state.actions_for(state.current)
    for kind in ("move", "close", "draw") if state.solitaire else ("close", "move", "draw"):
        for action in legal:
            if action["type"] == kind:
                return action
    return rng.choice(legal)
