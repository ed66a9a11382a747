"""An exact solver for a Chains solitaire deal whose deck order is known.

It answers: can this deal be won, what is the least possible penalty (end cards left), and which
line of play (as game actions) reaches it.

How it searches (depth first, over canonical states):
- A state is (cards drawn, top of the work pile, end cards left, slot piles); the memo key takes
  the piles as an unordered multiset (slots are interchangeable), and moves onto equal piles are
  tried once.
- The question asked is "can at least `need` more end cards be taken from here?", with `need`
  raised one at a time from 1: every answer but the last is found quickly, and only the last
  (the proof that one more is impossible) searches exhaustively. The memo keeps, per state, an
  upper bound on what it can still take, which tightens as searches fail.
- Pruning: the upper bound of a state is the exact value of a relaxed game in which every card
  still in the deck is already face up and free to play (as if each went to a slot of its own),
  while the cards already in the slots stay stacked as they are. A deal's trouble is the cards
  the slots bury, and this bound sees exactly those. The relaxed game is itself solved with a memo,
  playing a slot card rather than an identical free card (which only ever opens up more cards).
- Dominance: the end card 10 is taken whenever the work area is empty (it closes the run of length
  one and changes nothing else). Move order: close a run, extend it from a slot, then draw (to the
  work pile, then onto the next number up, an empty slot, a lower card, a higher card).

Run the table of random deals with
    python -m pygames_core.chains_solver --deals 1000 --mode beginner
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from .chains import (
    ADVANCED_SLOTS,
    BEGINNER_SLOTS,
    CHAINS,
    NUMBERS,
    ChainsState,
    Table,
    deck_cards,
    policy_action,
)
from .rng import Rng

Piles = tuple[tuple[int, ...], ...]
NODES_PER_MS = 3  # search nodes per millisecond of budget (CPython; a phone is slower, a safe side)


class SearchLimit(Exception):
    """The node limit was reached before the answer was proven."""


@dataclass
class Solution:
    """The best outcome of a position: `taken` end cards in all (those already taken included),
    `penalty` = 10 - taken, and the line of play (game actions) that reaches it. With a node limit,
    `exact` is False when the optimum was not proven: `penalty` is then the best found and
    `penalty_at_least` the best bound known."""

    taken: int
    penalty: int
    line: list[dict]
    exact: bool = True
    penalty_at_least: int = 0
    nodes: int = 0
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)

    @property
    def winnable(self) -> bool | None:
        if self.penalty == 0:
            return True
        return False if self.exact else None


def deal_deck(deal: int) -> list[int]:
    """The deck of solitaire deal number `deal` (top first): new_game("chains", seed=deal) deals it."""
    deck = deck_cards()
    Rng(deal).shuffle(deck)
    return deck


class _Search:
    def __init__(self, deck: list[int], slots: int, node_limit: int | None, deadline: float | None = None) -> None:
        self.deck = deck
        self.slots = slots
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self.memo: dict[tuple, int] = {}
        self.relaxed_memo: dict[tuple, int] = {}
        pools = [(0,) * 11]
        for card in reversed(deck):
            pool = list(pools[-1])
            pool[card] += 1
            pools.append(tuple(pool))
        self.pools = pools[::-1]  # pools[i]: the cards still in the deck after i draws

    # --- the relaxed game: deck cards all free, slot piles as they are ---------------------------
    def relaxed(self, piles: Piles, pool: tuple[int, ...], top: int, ends: int) -> int:
        key = (piles, pool, top, ends)
        known = self.relaxed_memo.get(key)
        if known is not None:
            return known
        best = 1 if ends >> 9 & 1 else 0  # the 10 (an upper bound: it needs an empty work area)
        low_ends = ends & 0x1FF
        if top >= 2 and low_ends >> (top - 2) & 1:
            best = 1 + self.relaxed(piles, pool, 0, ends & ~(1 << (top - 2)))
        want = top - 1 if top else 10
        if want >= 2 and best < bin(ends).count("1"):
            popped = False
            previous = None
            for k, pile in enumerate(piles):
                if pile and pile[-1] == want and pile != previous:
                    previous = pile
                    popped = True
                    best = max(best, self.relaxed(_canon(_pop(piles, k)), pool, want, ends))
            if not popped and pool[want]:
                fewer = list(pool)
                fewer[want] -= 1
                best = max(best, self.relaxed(piles, tuple(fewer), want, ends))
        self.relaxed_memo[key] = best
        return best

    # --- the real game --------------------------------------------------------------------------
    def can_take(self, i: int, top: int, ends: int, piles: Piles, need: int, line: list[dict]) -> bool:
        """Can `need` more end cards be taken from here? On success `line` holds the moves (reversed)."""
        if need <= 0:
            return True
        if top == 0 and ends >> 9 & 1:  # dominance: the 10 alone, at once
            if self.can_take(i, 0, ends & ~(1 << 9), piles, need - 1, line):
                line.append({"type": "close", "end": 10})
                return True
            return False
        key = (i, top, ends, _canon(piles))
        bound = self.memo.get(key)
        if bound is None:
            bound = self.relaxed(key[3], self.pools[i], top, ends)
            self.memo[key] = bound
        if bound < need:
            return False
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimit
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise SearchLimit
        if self._try_moves(i, top, ends, piles, need, line):
            return True
        self.memo[key] = need - 1
        return False

    def _try_moves(self, i: int, top: int, ends: int, piles: Piles, need: int, line: list[dict]) -> bool:
        want = top - 1 if top else 10
        if top >= 2 and ends >> (top - 2) & 1 and self.can_take(i, 0, ends & ~(1 << (top - 2)), piles, need - 1, line):
            line.append({"type": "close", "end": top - 1})
            return True
        tried: set[tuple[int, ...]] = set()
        for k, pile in enumerate(piles):
            if pile and pile[-1] == want and pile not in tried:
                tried.add(pile)
                if self.can_take(i, want, ends, _pop(piles, k), need, line):
                    line.append({"type": "move", "slot": k})
                    return True
        return self.try_draw(i, top, ends, piles, need, line)

    def try_draw(self, i: int, top: int, ends: int, piles: Piles, need: int, line: list[dict]) -> bool:
        """Turn up the next card and place it: on the work pile if it fits, or on a slot."""
        if i == len(self.deck):
            return False
        want = top - 1 if top else 10
        card = self.deck[i]
        if card == want and self.can_take(i + 1, card, ends, piles, need, line):
            line += [{"type": "place", "to": "work"}, {"type": "draw"}]
            return True
        for k in self._slot_order(piles, card):
            if self.can_take(i + 1, top, ends, _push(piles, k, card), need, line):
                line += [{"type": "place", "to": "slot", "slot": k}, {"type": "draw"}]
                return True
        return False

    @staticmethod
    def _slot_order(piles: Piles, card: int) -> list[int]:
        """One slot per distinct pile (one empty slot at most), most promising first."""
        seen: set[tuple[int, ...]] = set()
        order = []
        for k, pile in enumerate(piles):
            if pile in seen:
                continue
            seen.add(pile)
            if not pile:
                rank = 1
            elif pile[-1] == card - 1:
                rank = 0
            else:
                rank = 2 if pile[-1] < card else 3
            order.append((rank, k))
        order.sort()
        return [k for _, k in order]


def _canon(piles: Piles) -> Piles:
    return tuple(sorted(p for p in piles if p))


def _pop(piles: Piles, k: int) -> Piles:
    return (*piles[:k], piles[k][:-1], *piles[k + 1:])


def _push(piles: Piles, k: int, card: int) -> Piles:
    return (*piles[:k], piles[k] + (card,), *piles[k + 1:])


def solve(deck: list[int], slots: int = BEGINNER_SLOTS, *, work: list[int] | None = None,
          piles: list[list[int]] | None = None, ends: set[int] | None = None, drawn: int | None = None,
          node_limit: int | None = None, time_budget_ms: float | None = None) -> Solution:
    """The best outcome from a solitaire position with the deck order known (top first).

    `work` is the work pile (10 first), `piles` the slot piles (bottom first, by slot position),
    `ends` the end cards still in the area (default: all ten), `drawn` a card turned up but not yet
    placed. `line` starts with the placement of `drawn` when there is one."""
    started = time.perf_counter()
    ends = set(NUMBERS) if ends is None else set(ends)
    piles = [list(p) for p in (piles or [])]
    piles += [[] for _ in range(slots - len(piles))]
    mask = sum(1 << (n - 1) for n in ends)
    top = work[-1] if work else 0
    full_deck = ([drawn] if drawn is not None else []) + list(deck)
    deadline = None if time_budget_ms is None else started + time_budget_ms / 1000
    search = _Search(full_deck, slots, node_limit, deadline)
    start = tuple(tuple(p) for p in piles)
    already = len(NUMBERS) - len(ends)
    best, best_line = _policy_line(deck, slots, work or [], piles, ends, drawn)
    exact = True
    # the most that could be taken first (usually the answer: most deals are won), then upwards
    # from what the normal policy reaches
    ceiling = min(len(ends), search.relaxed(_canon(start), search.pools[0], top, mask))
    first = search.try_draw if drawn is not None else search.can_take  # a turned-up card is placed first
    need = ceiling
    try:
        while best < need <= ceiling:
            line: list[dict] = []
            if not first(0, top, mask, start, need, line):
                if need == ceiling and need > best + 1:
                    need = best + 1  # not all of it: climb from what is known instead
                    ceiling -= 1
                    continue
                break
            line.reverse()
            best, best_line = need, line[1:] if drawn is not None else line  # the turned-up card's draw is done
            need += 1
    except SearchLimit:
        exact = False
    upper = best if exact else max(best, ceiling)
    taken = already + best
    return Solution(taken=taken, penalty=10 - taken, line=best_line, exact=exact,
                    penalty_at_least=10 - (already + upper), nodes=search.nodes,
                    seconds=time.perf_counter() - started)


def _policy_line(deck: list[int], slots: int, work: list[int], piles: list[list[int]], ends: set[int],
                 drawn: int | None) -> tuple[int, list[dict]]:
    """What the normal policy takes from this position, and its line: the solver's starting point."""
    state = ChainsState(rng=Rng(0), tables=[Table(deck=list(deck), slots=[list(p) for p in piles], work=list(work),
                                                  drawn=drawn, ends=set(ends))])
    line = []
    while state.actions_for(0):
        action = policy_action(state, state.rng)
        line.append(action)
        CHAINS.apply(state, action)
    return len(ends) - len(state.tables[0].ends), line


def solve_state(state: ChainsState, node_limit: int | None = None, time_budget_ms: float | None = None) -> Solution:
    """The best outcome from a solitaire game state (its deck order is read: not for the player)."""
    table = state.tables[0]
    return solve(table.deck, len(table.slots), work=table.work, piles=table.slots, ends=table.ends,
                 drawn=table.drawn, node_limit=node_limit, time_budget_ms=time_budget_ms)


def solitaire_hint(view: dict, legal: list[dict], budget_ms: int, rng: Rng) -> dict:
    """The solitaire's hint from the player's view only: deck orders are sampled from the unseen
    counts (public), each legal move is solved in each sampled order, and the move with the best
    mean share of end cards taken is suggested."""
    from .chains import CHAINS, sample_state

    deadline = time.perf_counter() + budget_ms / 1000
    totals = [0.0] * len(legal)
    samples = 0
    while samples == 0 or time.perf_counter() < deadline:
        state = sample_state(view, rng)
        for k, action in enumerate(legal):
            child = CHAINS.copy_state(state)
            CHAINS.apply(child, action)
            share = budget_ms / (4 * len(legal))
            totals[k] += (10 - solve_state(child, time_budget_ms=share).penalty) / 10
        samples += 1
    ranked = sorted(range(len(legal)), key=lambda k: (-totals[k], k))
    return {"action": legal[ranked[0]], "samples": samples,
            "values": [{"action": legal[k], "value": round(totals[k] / samples, 4)} for k in ranked]}


def best_outcome(game: object, node_limit: int | None = None, time_budget_ms: float | None = None) -> dict:
    """After a solitaire (or at any time): was this deal winnable, and its best possible penalty,
    from the game's own starting position (its seed or set-up), with a line of play reaching it.
    `game` is a pygames_core Game of "chains" with one player."""
    from .game import Game

    if not isinstance(game, Game) or game.game_id != "chains" or game.players != 1:
        raise ValueError("best_outcome needs a Chains solitaire game")
    start = Game.create(game.rules, game.players, game.seed, game.options, game.setup)
    solution = solve_state(start._state, node_limit, time_budget_ms)
    out = {"winnable": solution.winnable, "best_penalty": solution.penalty, "exact": solution.exact,
           "line": solution.line, "seconds": round(solution.seconds, 3)}
    if game.is_over:
        out["your_penalty"] = game.result()["penalty"]
    if not solution.exact:
        out["best_penalty_at_least"] = solution.penalty_at_least
    return out


# --- the table of random deals -----------------------------------------------------------------------

def table(deals: int, mode: str, first: int = 0, node_limit: int | None = None, out=sys.stdout) -> dict:
    slots = ADVANCED_SLOTS if mode == "advanced" else BEGINNER_SLOTS
    penalties: Counter[int] = Counter()
    times = []
    unresolved = []
    for deal in range(first, first + deals):
        solution = solve(deal_deck(deal), slots, node_limit=node_limit)
        times.append(solution.seconds)
        if solution.exact:
            penalties[solution.penalty] += 1
        else:
            unresolved.append((deal, solution.penalty_at_least, solution.penalty))
        print(f"deal {deal}: penalty {solution.penalty}{'' if solution.exact else ' (not proven)'} "
              f"nodes {solution.nodes} {solution.seconds:.3f}s", file=out, flush=True)
    solved = sum(penalties.values())
    summary = {
        "mode": mode, "deals": deals, "first": first, "solved": solved,
        "winnable": penalties[0], "winnable_share": round(penalties[0] / deals, 4),
        "penalties": dict(sorted(penalties.items())),
        "unresolved": unresolved,
        "median_seconds": round(statistics.median(times), 4), "worst_seconds": round(max(times), 3),
        "mean_seconds": round(statistics.fmean(times), 4),
    }
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygames_core.chains_solver",
                                     description="Solve random Chains solitaire deals exactly and tabulate them.")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deal number")
    parser.add_argument("--mode", choices=("beginner", "advanced"), default="beginner")
    parser.add_argument("--node-limit", type=int, default=None, help="give up a proof after this many nodes")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    args = parser.parse_args(argv)
    import io
    import json

    summary = table(args.deals, args.mode, args.first, args.node_limit, io.StringIO() if args.quiet else sys.stdout)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
