"""Chains's normal play, from public facts only: the bots' quick policy (bot.py) and the solver's
starting line (solver.py), which both build on it."""

from __future__ import annotations

from typing import Any

from pygames_core.engine.rng import Rng
from pygames_core.games.chains.state import ChainsState, Table, fits

NEVER = 1_000  # the wait of a number no run will want again: later than any card that is wanted


def wait_for(table: Table) -> list[int]:
    """How many cards a player's work pile will take before it next wants a card of each number
    (indexed by the number; NEVER for one no run will want), if the run under way goes down as far as
    the open end cards allow and the later runs come shortest first (the highest open end card closes
    the next one). Slot piles give up their top card first, so a card wanted sooner should lie above
    one wanted later. In the expansion a number may sell out before its run comes; counting only the
    end cards that can still be taken played no better (3 players, seeds 5000-5499), so all are
    counted."""
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


def slot_for(table: Table, card: int) -> int:
    """The slot for a drawn card that cannot go onto the work pile: on a pile whose top is
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
    else on the slot where it holds up least (`slot_for`); extend the run from a slot; otherwise close
    it when an end card allows; otherwise draw. Each run takes one card of every number above its end
    card, and a player's deck has exactly as many: in the solitaire a card in a slot always has an
    open end card below it, and a run closed early leaves it holding up its slot. In the expansion,
    where numbers sell out, a move also keeps the turn and a close ends it: moving first won 0.53 of
    3-player games (seeds 5000-5499) against a policy that closed at once and laid cards by number.
    With the cube it never doubles and always takes (the bots' cube decisions are
    pygames_core/ai/cube.py's)."""
    if state.match is not None and state.match.offered_by is not None:
        return {"type": "take"}
    table = state.tables[state.current]
    if table.drawn is not None:
        if fits(table.drawn, table.work):
            return {"type": "place", "to": "work"}
        return {"type": "place", "to": "slot", "slot": slot_for(table, table.drawn)}
    legal = state.actions_for(state.current)
    for kind in ("move", "close", "draw"):
        for action in legal:
            if action["type"] == kind:
                return action
    return rng.choice(legal)
