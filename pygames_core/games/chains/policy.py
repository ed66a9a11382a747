"""Chains's quick play, from public facts only: `policy_action`, the careful one (the searching bots'
play-outs and the solver's starting line, which build on it, and the normal bot in the solitaire), and
`normal_action`, the normal bot's (in the expansion a simpler play, which leaves the hard bot room to
be clearly stronger)."""

from __future__ import annotations

from collections.abc import Callable

from pygames_core.engine.rng import Rng
from pygames_core.games.chains.messages import Action
from pygames_core.games.chains.state import ChainsState, Table

NEVER = 1_000  # the wait of a number no run will want again: later than any card that is wanted


def slot_by_number(slots: list[list[int]], card: int) -> int:
    """The normal bot's slot in the expansion for a card that cannot go onto the work pile: on the next
    number up (the two then leave in run order), else on a lower card (same run), else an empty slot,
    else on the shortest pile of higher cards (it starts a new run there)."""
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
    """How many cards a player's work pile will take before it next wants a card of each number
    (indexed by the number; NEVER for one no run will want), if the run under way goes down as far as
    the open end cards allow and the later runs come shortest first (the highest open end card closes
    the next one). Slot piles give up their top card first, so a card wanted sooner should lie above
    one wanted later. In the expansion a number may sell out before its run comes; counting only the
    end cards that can still be taken played no better (3 players, seeds 5000-5499), so all are
    counted."""
    return list(_waits(table))


# _waits' answers by the work pile's top (0: none) and the end cards in the set's order: a few orders of
# each of the 1,024 sets of end cards (a set's order follows its size history), so at most some 30,000
WAITS: dict[tuple[int, ...], tuple[int, ...]] = {}


def _waits(table: Table) -> tuple[int, ...]:
    """`wait_for`, worked out once for each work pile top and set of end cards (a play-out asks at
    every card it lays in a slot, and the answers are few)."""
    top = table.work[-1] if table.work else 0
    key = (top, *table.ends)
    known = WAITS.get(key)
    if known is not None:
        return known
    order = sorted(table.ends, reverse=True)
    waits = [NEVER] * 11
    taken = 0
    below = [end for end in order if top and end < top]
    if below:
        deepest = below[-1]
        for wanted in range(top - 1, deepest, -1):
            waits[wanted] = taken
            taken += 1
        order.remove(deepest)
    lowest = 11  # the later runs want ever more numbers: each first wants those below the last one's
    for end in order:
        for wanted in range(lowest - 1, end, -1):
            if waits[wanted] == NEVER:
                waits[wanted] = taken + 10 - wanted
        lowest = min(lowest, end + 1)
        taken += 10 - end
    WAITS[key] = answer = tuple(waits)
    return answer


def slot_for(table: Table, card: int) -> int:
    """The slot for a drawn card that cannot go onto the work pile: on a pile whose top is
    the same number or the card wanted right after it (the two then leave one after the other); else
    in an empty slot, which keeps every pile free to be emptied soon; else on a pile whose top is
    wanted later than the card, the one wanted soonest, so that it holds nothing up; else, holding a
    card up, on the shortest pile. Preferring an empty slot to a pile whose top is wanted much later
    won 803 of beginner deals 5000-6999 and 352 advanced, against 431 and 297 for the pile."""
    wait = _waits(table)
    own = wait[card]

    # the costs (kind, then the wait or the height) as one number, kind * 2000 + a part below 2000 (a
    # wait is at most NEVER): the first slot of the lowest cost, as min() over the pairs would pick it
    best, lowest = 0, 4 * 2000
    for i, pile in enumerate(table.slots):
        if not pile:
            cost = 1 * 2000
        else:
            later = wait[pile[-1]] - own
            if pile[-1] == card or later == 1:
                if not later:  # the same number: nothing costs less
                    return i
                cost = later
            elif later > 0:
                cost = 2 * 2000 + later
            else:
                cost = 3 * 2000 + len(pile)
        if cost < lowest:
            best, lowest = i, cost
    return best


def policy_action(state: ChainsState, rng: Rng) -> Action:
    """The 'normal' play, from public facts only: place a drawn card on the work pile when it fits,
    else on the slot where it holds up least (`slot_for`); extend the run from a slot; otherwise close
    it when an end card allows; otherwise draw. Each run takes one card of every number above its end
    card, and a player's deck has exactly as many: in the solitaire a card in a slot always has an
    open end card below it, and a run closed early leaves it holding up its slot. In the expansion,
    where numbers sell out, a move also keeps the turn and a close ends it: moving first won 0.53 of
    3-player games (seeds 5000-5499) against `normal_action`, which closes at once and lays cards by
    number. With the cube it never doubles and always takes (the bots' cube decisions are
    pygames_core/ai/cube.py's)."""
    if state.match is not None and state.match.offered_by is not None:
        return {"type": "take"}
    return _quick_play(state, rng, slot_for, False)  # move before close


def normal_action(state: ChainsState, rng: Rng) -> Action:
    """The normal bot's play: `policy_action` in the solitaire; in the expansion a simpler one, which
    closes a run as soon as an end card allows and lays a card by its number (`slot_by_number`), then
    extends the run from a slot, then draws. With `policy_action` itself the normal bot was so close to
    the hard one that the levels meant little: the hard bot (its play-outs `policy_action`) won 0.59
    [0.49, 0.68] of 3-player games against it (16 groups), and 0.82 [0.75, 0.89] against this one (26
    groups; docs/games/chains.md, "The expansion's two policies")."""
    if state.solitaire or (state.match is not None and state.match.offered_by is not None):
        return policy_action(state, rng)
    return _quick_play(state, rng, lambda table, card: slot_by_number(table.slots, card), True)  # close first


def _quick_play(state: ChainsState, rng: Rng, slot: Callable[[Table, int], int], close_first: bool) -> Action:
    """A drawn card onto the work pile when it fits, else to the slot `slot` chooses; otherwise a card
    moved from a slot and a close, in that order or (`close_first`) the other way round; else a draw."""
    seat = state.current
    table = state.tables[seat]
    work = table.work
    need = work[-1] - 1 if work else 10  # wanted(work): the card that fits, the end card that closes
    if table.drawn is not None:
        if table.drawn == need:
            return {"type": "place", "to": "work"}
        return {"type": "place", "to": "slot", "slot": slot(table, table.drawn)}
    # the first of state.actions_for's actions of the first kind that has one, each kind asked in turn
    # (a play-out's every step comes here: no list of every action built)
    if close_first and need >= 1 and state.may_take(seat, need):  # state.closing_end
        return {"type": "close", "end": need}
    for i, pile in enumerate(table.slots):  # state.movable_slots' first
        if pile and pile[-1] == need:
            return {"type": "move", "slot": i}
    if not close_first and need >= 1 and state.may_take(seat, need):
        return {"type": "close", "end": need}
    if table.deck:
        return {"type": "draw"}
    return rng.choice(state.actions_for(seat))
