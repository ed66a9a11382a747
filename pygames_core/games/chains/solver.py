"""An exact solver for a Chains solitaire deal whose deck order is known.

It answers: can this deal be won, what is the least possible penalty (end cards left), and which
line of play (as game actions) reaches it.

How it searches (depth first, over canonical states):
- Junk. A card n can still be used only while some run can take it: an open end card e < n, and
  once the work pile's top t <= n one fewer (the run on the work pile already has its n). A card
  that no run can use is junk for the rest of the game, and a slot pile whose top is junk is
  exactly an empty slot (any card may go on either, and nothing in it will ever move: a junk card
  on the work pile would make it unscorable). So every pile is cut down to the part above its
  highest junk card, a junk card drawn while a slot is empty changes nothing, and many states
  merge.
- A state is (cards drawn, top of the work pile, end cards left, the cut piles as a sorted tuple:
  slots are interchangeable); moves onto equal piles are tried once.
- The question asked is "can at least `need` more end cards be taken from here?": first the most
  the bounds allow (most deals are won), then upward from what the normal policy reaches, so only
  the last question (the proof that one more is impossible) searches exhaustively. The memo keeps,
  per state, an upper bound on what it can still take, which tightens as searches fail.
- Randomized restarts: a depth-first search in one fixed order can spend minutes under an early
  wrong choice when a win lies elsewhere (beginner deal 30: 130,000 nodes). So each question gets
  a small allowance of nodes in the fixed order, then restarts in randomized orders with growing
  allowances. A restart loses nothing already proven (failures stay in the memo), and the
  allowances grow geometrically, so a question with no "yes" still ends in the full proof. A
  restart's order at a state is drawn from a seed made of the restart's number and the state, never
  from one random stream: a search stopped at a node limit or a deadline and gone on with goes down
  the same line again and on, exactly as one run would (see _Search.can_take).
- Upper bounds that prune: (1) counting: each run needs one card of every number above its end
  card, and the highest end cards need the fewest, so taking them greedily from the top against
  the live copies left (deck and piles) bounds what can still be taken; the run on the work pile
  closes on the highest open end card below its top, or never (then nothing more can be taken).
  (2) the relaxed game: every card still in the deck face up and free, the slot piles stacked as
  they are; solved exactly with its own memo (a deck copy of a number beyond the runs that could
  still use it changes nothing, so the counts are capped there).
- Dominance: the end card 10 is taken whenever the work area is empty (the run of length one);
  move order: close a run, extend it from a slot, then draw (to the work pile, then onto the next
  number up, an empty slot, a lower card, a higher card).

Run the table of random deals with
    python -m pygames_core.games.chains.solver --deals 1000 --mode beginner
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, TextIO

from pygames_core.engine.game import Game
from pygames_core.engine.rng import Rng
from pygames_core.games.chains.messages import Action
from pygames_core.games.chains.policy import policy_action
from pygames_core.games.chains.rules import CHAINS
from pygames_core.games.chains.state import ADVANCED_SLOTS, BEGINNER_SLOTS, NUMBERS, ChainsState, Table, deck_cards

Pile = tuple[int, ...]
Piles = tuple[Pile, ...]  # canonical: cut above their junk, empty ones left out, sorted
# the search's moves, last first: ("close",), ("move", pile), ("work",), ("slot", pile)
Path = list[tuple[Any, ...]]
# randomized restarts (see _Search._ask): the first allowance in nodes, its growth per restart, and
# how a randomized order differs from the fixed one (chances of trying a close or the work pile
# later, and how far the slots' ranks are blurred)
FIRST_ALLOWANCE = 200
ALLOWANCE_GROWTH = 1.1
CLOSE_LATER = 0.25
WORK_LATER = 0.1
RANK_BLUR = 2.5
RESTART_SEED = 0  # the randomized orders are the same in every run: a deal's answer is reproducible
# The relaxed game's memo is only a cache: it is emptied when it reaches this many entries, which
# keeps a long search (a minute of after-game analysis on a phone) to tens of megabytes. Measured
# in CPython: advanced deal 491 took 20 s and 101 MB with the limit, 28 s and 565 MB without.
RELAXED_MEMO_LIMIT = 200_000
ALL_ENDS = (1 << 10) - 1  # bit n-1 set: end card n still in the area
TEN = 1 << 9


class SearchLimit(Exception):
    """The node limit or the time budget ran out before the answer was proven."""


class _Restart(Exception):
    """A randomized search's own node allowance ran out: start again in another order."""


@dataclass
class Solution:
    """The best outcome of a position: `taken` end cards in all (those already taken included),
    `penalty` = 10 - taken, and the line of play (game actions) that reaches it. With a node limit
    or a time budget, `exact` is False when the optimum was not proven: `penalty` is then the best
    found and `penalty_at_least` the best bound known."""

    taken: int
    penalty: int
    line: list[Action]
    exact: bool = True
    penalty_at_least: int = 0
    nodes: int = 0
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

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


def _junk_mask(top: int, ends: int) -> int:
    """Bit n set: no run can use a card n any more (see the module's docstring)."""
    mask = 0
    below = 0  # open end cards e < n
    for n in range(2, 11):
        below += ends >> (n - 2) & 1
        if below - (0 < top <= n) <= 0:
            mask |= 1 << n
    return mask


JUNK = {(top, ends): _junk_mask(top, ends) for top in range(11) for ends in range(ALL_ENDS + 1)}


def _cut(piles: list[Pile] | Piles, junk: int) -> Piles:
    """The canonical piles: each cut above its highest junk card, empty ones left out, sorted."""
    out = []
    for pile in piles:
        j = len(pile)
        while j and not junk >> pile[j - 1] & 1:
            j -= 1
        if j < len(pile):
            out.append(pile[j:] if j else pile)
    out.sort()
    return tuple(out)


class _Search:
    def __init__(self, deck: list[int], slots: int) -> None:
        self.deck = tuple(deck)
        self.slots = slots
        self.node_limit: int | None = None
        self.deadline: float | None = None
        self.nodes = 0
        # the node a SearchLimit stopped at: go_on goes down the line to it again without counting
        self.resume_at: tuple[int, int, int, Piles] | None = None
        self.restart_at: int | None = None  # a randomized search's node allowance (see _ask)
        self.restarts = 0  # randomized restarts begun so far: the next one's number
        self.shuffle: int | None = None  # set: the number of the randomized restart under way
        self.order: int | None = None
        self._next_question()
        self.memo: dict[tuple[int, int, int, Piles], int] = {}
        self.relaxed_memo: dict[tuple[Piles, tuple[int, ...], int, int], int] = {}
        counts: list[tuple[int, ...]] = [(0,) * 11]
        for card in reversed(deck):
            more = list(counts[-1])
            more[card] += 1
            counts.append(tuple(more))
        self.pools = counts[::-1]  # pools[i][n]: copies of n still in the deck after i draws

    # --- upper bounds ----------------------------------------------------------------------------
    def bound(self, i: int, top: int, ends: int, piles: Piles, need: int) -> int:
        live = list(self.pools[i])
        for pile in piles:
            for card in pile:
                live[card] += 1
        taken = 0
        others = ends
        if top:
            end = top - 1  # the run on the work pile closes on the highest open end below its top
            while end and not ends >> (end - 1) & 1:
                end -= 1
            if not end:
                return 0
            for n in range(end + 1, top):
                if not live[n]:
                    return 0
                live[n] -= 1
            taken = 1
            others &= ~(1 << (end - 1))
        for end in range(10, 0, -1):  # the other runs, the highest end cards (the fewest cards) first
            if others >> (end - 1) & 1:
                if not all(live[n] for n in range(end + 1, 11)):
                    break
                for n in range(end + 1, 11):
                    live[n] -= 1
                taken += 1
        if taken < need:
            return taken
        pool = [0, 0]  # a deck copy beyond the runs that could still use it changes nothing
        below = 0
        for n in range(2, 11):
            below += ends >> (n - 2) & 1
            pool.append(min(self.pools[i][n], max(0, below - (0 < top <= n))))
        return min(taken, self.relaxed(piles, tuple(pool), top, ends))

    def relaxed(self, piles: Piles, pool: tuple[int, ...], top: int, ends: int) -> int:
        """The exact value of the relaxed game: deck cards free, slot piles as stacked."""
        key = (piles, pool, top, ends)
        known = self.relaxed_memo.get(key)
        if known is not None:
            return known
        best = 1 if ends & TEN else 0  # the 10 (an upper bound: it needs an empty work area)
        if top >= 2 and ends >> (top - 2) & 1:
            best = 1 + self.relaxed(piles, pool, 0, ends & ~(1 << (top - 2)))
        want = top - 1 if top else 10
        if want >= 2 and best < ends.bit_count():
            popped = False
            previous = None
            for k, pile in enumerate(piles):
                if pile[-1] == want and pile != previous:
                    previous = pile
                    popped = True  # a slot card rather than an identical free one: it uncovers more
                    rest = pile[:-1]
                    fewer = piles[:k] + piles[k + 1:]
                    if rest:
                        fewer = tuple(sorted((*fewer, rest)))
                    best = max(best, self.relaxed(fewer, pool, want, ends))
            if not popped and pool[want]:
                less = list(pool)
                less[want] -= 1
                best = max(best, self.relaxed(piles, tuple(less), want, ends))
        if len(self.relaxed_memo) >= RELAXED_MEMO_LIMIT:
            self.relaxed_memo.clear()
        self.relaxed_memo[key] = best
        return best

    # --- the real game ---------------------------------------------------------------------------
    def can_take(self, i: int, top: int, ends: int, piles: Piles, need: int, path: Path) -> bool:
        """Can `need` more end cards be taken from here? On success `path` holds the moves, last first."""
        if need <= 0:
            return True
        if not top and ends & TEN:  # dominance: the 10 alone, at once (no junk changes: no card is above 10)
            if self.can_take(i, 0, ends & ~TEN, piles, need - 1, path):
                path.append(("close",))
                return True
            return False
        key = (i, top, ends, piles)
        bound = self.memo.get(key)
        if bound is None:
            bound = self.memo[key] = self.bound(i, top, ends, piles, need)
        if bound < need:
            return False
        # Going on after a SearchLimit (go_on), the search goes down the line it stopped on again:
        # every subtree it finished is a memo hit and the orders are drawn afresh from the same seeds,
        # so it comes to the same nodes, which were counted already. From the node it stopped at on,
        # it counts and checks as one run would: a search in slices does exactly one run's work.
        if self.resume_at is None:
            self.nodes += 1
            if ((self.node_limit is not None and self.nodes > self.node_limit)
                    or (self.deadline is not None and time.perf_counter() > self.deadline)):
                self.resume_at = key
                raise SearchLimit
        elif key == self.resume_at:
            self.resume_at = None
        if self.resume_at is None and self.restart_at is not None and self.nodes > self.restart_at:
            raise _Restart
        if self._moves(i, top, ends, piles, need, path, self._order_at(key)):
            return True
        self.memo[key] = need - 1
        return False

    def _order_at(self, key: tuple[int, int, int, Piles]) -> random.Random | None:
        """The random draws that perturb the move order at state `key` in the randomized restart under
        way (None in the fixed order): seeded by the restart's number and the state alone, so that
        going down a line again draws the same (a string seed: the same on every platform)."""
        return None if self.shuffle is None else random.Random(f"{RESTART_SEED}/{self.shuffle}/{key}")

    def _moves(self, i: int, top: int, ends: int, piles: Piles, need: int, path: Path,
               order: random.Random | None) -> bool:
        closing = top >= 2 and bool(ends >> (top - 2) & 1)
        # a randomized search sometimes keeps the run going before it tries closing it
        close_last = closing and order is not None and order.random() < CLOSE_LATER
        if closing and not close_last and self._close(i, top, ends, piles, need, path):
            return True
        want = top - 1 if top else 10
        junk = JUNK[want, ends]
        previous = None
        for k, pile in enumerate(piles):
            if pile[-1] == want and pile != previous:
                previous = pile
                if self.can_take(i, want, ends, _cut((*piles[:k], pile[:-1], *piles[k + 1:]), junk), need, path):
                    path.append(("move", pile))
                    return True
        if self.place(i, top, ends, piles, need, path, order):
            return True
        return close_last and self._close(i, top, ends, piles, need, path)

    def _close(self, i: int, top: int, ends: int, piles: Piles, need: int, path: Path) -> bool:
        fewer = ends & ~(1 << (top - 2))
        if self.can_take(i, 0, fewer, _cut(piles, JUNK[0, fewer]), need - 1, path):
            path.append(("close",))
            return True
        return False

    def place(self, i: int, top: int, ends: int, piles: Piles, need: int, path: Path,
              order: random.Random | None) -> bool:
        """Turn up card i and place it: on the work pile if it fits, or on a slot (`order`: the
        draws of a randomized order, see _order_at)."""
        if i == len(self.deck):
            return False
        card = self.deck[i]
        want = top - 1 if top else 10
        fits = card == want
        # a randomized search sometimes tries the slots before the work pile
        work_last = fits and order is not None and order.random() < WORK_LATER
        if fits and not work_last and self._onto_work(i, want, ends, piles, need, path):
            return True
        junk = JUNK[top, ends]
        free = len(piles) < self.slots
        if free and junk >> card & 1:  # junk on an empty slot changes nothing: anywhere else it buries
            if self.can_take(i + 1, top, ends, piles, need, path):
                path.append(("slot", ()))
                return True
            return work_last and self._onto_work(i, want, ends, piles, need, path)
        for pile in self._slot_order(piles, card, free, order):
            if pile:
                k = piles.index(pile)
                after = _cut((*piles[:k], (*pile, card), *piles[k + 1:]), junk)
            else:
                after = tuple(sorted((*piles, (card,))))
            if self.can_take(i + 1, top, ends, after, need, path):
                path.append(("slot", pile))
                return True
        return work_last and self._onto_work(i, want, ends, piles, need, path)

    def _onto_work(self, i: int, want: int, ends: int, piles: Piles, need: int, path: Path) -> bool:
        if self.can_take(i + 1, want, ends, _cut(piles, JUNK[want, ends]), need, path):
            path.append(("work",))
            return True
        return False

    def _slot_order(self, piles: Piles, card: int, free: bool, order: random.Random | None) -> list[Pile]:
        """One choice per distinct pile (and one empty slot), most promising first: onto the next
        number up, an empty slot, a lower card, a higher card (a randomized search blurs the ranks)."""
        ranked: list[tuple[float, Pile]] = [(1.0, ())] if free else []
        previous = None
        for pile in piles:
            if pile != previous:
                previous = pile
                top = pile[-1]
                ranked.append((0.0 if top == card - 1 else 2.0 if top < card else 3.0, pile))
        if order is not None:
            ranked = [(rank + order.random() * RANK_BLUR, pile) for rank, pile in ranked]
        ranked.sort(key=lambda pair: pair[0])
        return [pile for _, pile in ranked]

    def best(self, i: int, top: int, ends: int, piles: Piles, at_least: int, placing: bool,
             restarts: bool = False) -> None:
        """The most end cards that can still be taken, with a path, into `found` (and `ceiling`, the
        best upper bound, kept current should the search run out of time): the most the bounds
        allow is asked first, then upward from `at_least` (known reachable), so only one proof
        searches exhaustively. `placing`: card i is already turned up and must be placed first.
        `restarts`: each question is first tried in randomized orders (see `_ask`). A SearchLimit
        leaves the search where it stopped: `go_on` continues it."""
        if not top and ends & TEN:
            self.ceiling = 1 + self.bound(i, 0, ends & ~TEN, piles, 0)
        else:
            self.ceiling = self.bound(i, top, ends, piles, 0)
        self.found: tuple[int, Path] = (at_least, [])
        self.question = (i, top, ends, piles, placing, restarts)
        self.need = self.ceiling
        self._next_question()
        self.go_on()

    def go_on(self) -> None:
        """Answer the questions `best` set, from the one a SearchLimit stopped: the memo, the
        answers so far and the restart under way (its number and its allowance) are all kept. The
        restart goes on from its start, but every subtree it finished is a memo hit: only the line
        it was on is gone down again, uncounted (see can_take), so a search in slices does the work
        of one run, node for node, and ends in the same answer and line."""
        i, top, ends, piles, placing, restarts = self.question
        while self.found[0] < self.need <= self.ceiling:
            path: Path = []
            if self._ask(i, top, ends, piles, self.need, placing, path, restarts):
                self.found = (self.need, path)
                self.need += 1
            elif self.need > self.found[0] + 1:  # not the most: climb from what is known instead
                self.ceiling = self.need - 1
                self.need = self.found[0] + 1
            else:
                self.ceiling = self.need - 1
            self._next_question()

    def _next_question(self) -> None:
        """The next question (see _ask) starts in the fixed order, with the first allowance (and all
        of it left)."""
        self.allowance = self.left = FIRST_ALLOWANCE
        self.order = None

    def _ask(self, i: int, top: int, ends: int, piles: Piles, need: int, placing: bool, path: Path,
             restarts: bool) -> bool:
        """Can `need` more be taken? Answered exhaustively. With `restarts`, the fixed order gets
        FIRST_ALLOWANCE nodes, then randomized orders get ever larger allowances: a win the fixed
        order would reach only after a long detour is often found at once in another order. No
        restart's finished work is lost (the memo keeps every proven failure), so the allowances
        growing geometrically still end in the full proof when there is no win. The allowance and
        order in use are kept on the search, for `go_on` after a SearchLimit."""
        def ask() -> bool:
            if placing:  # card i is turned up already: no node of its own (see can_take)
                return self.place(i, top, ends, piles, need, path, self._order_at((i, top, ends, piles)))
            return self.can_take(i, top, ends, piles, need, path)

        if not restarts:
            return ask()
        try:
            while True:
                self.restart_at, self.shuffle = self.nodes + self.left, self.order
                try:
                    return ask()
                except _Restart:
                    path.clear()
                    self.order = self.restarts
                    self.restarts += 1
                    self.allowance = max(self.allowance + 1, int(self.allowance * ALLOWANCE_GROWTH))  # always grows
                    self.left = self.allowance
                except SearchLimit:
                    # what is left of the allowance, counted from the node it stopped at (none, when
                    # that node used it up: going on, the restart then ends there, as in one run)
                    self.left = self.restart_at - self.nodes
                    raise
        finally:
            self.restart_at = self.shuffle = None


def _line(path: Path, deck: list[int], top: int, ends: int, piles: list[list[int]],
          placing: bool) -> list[Action]:
    """The search's path as game actions, slots by their real positions."""
    piles = [list(p) for p in piles]
    line: list[Action] = []
    i = 0
    for step in reversed(path):
        junk = JUNK[top, ends]
        cut = [_cut([tuple(p)], junk) or ((),) for p in piles]
        kind = step[0]
        if kind == "close":
            end = top - 1 if top else 10
            line.append({"type": "close", "end": end})
            ends &= ~(1 << (end - 1))
            top = 0
            continue
        if kind == "move":
            k = next(k for k, c in enumerate(cut) if c[0] == step[1])
            piles[k].pop()
            line.append({"type": "move", "slot": k})
            top = top - 1 if top else 10
            continue
        if not (placing and i == 0):
            line.append({"type": "draw"})
        card = deck[i]
        i += 1
        if kind == "work":
            line.append({"type": "place", "to": "work"})
            top = card
        else:
            k = next(k for k, c in enumerate(cut) if c[0] == step[1])
            piles[k].append(card)
            line.append({"type": "place", "to": "slot", "slot": k})
    return line


class Solver:
    """The search for one solitaire position's best outcome, which may run in slices: a run that
    stops at its node limit or time budget keeps all it has learnt, and the next run goes on from
    there (the browser's after-game analysis asks in slices, so the page's worker stays free).

    `deck` is the deck order (top first), `work` the work pile (10 first), `piles` the slot piles
    (bottom first, by slot position), `ends` the end cards still in the area (default: all ten),
    `drawn` a card turned up but not yet placed. The line starts with the placement of `drawn`
    when there is one."""

    def __init__(self, deck: list[int], slots: int = BEGINNER_SLOTS, *, work: list[int] | None = None,
                 piles: list[list[int]] | None = None, ends: set[int] | None = None,
                 drawn: int | None = None) -> None:
        ends = set(NUMBERS) if ends is None else set(ends)
        self.piles = [list(p) for p in (piles or [])]
        self.piles += [[] for _ in range(slots - len(self.piles))]
        self.mask = sum(1 << (n - 1) for n in ends)
        self.top = work[-1] if work else 0
        self.placing = drawn is not None
        self.already = len(NUMBERS) - len(ends)
        self.full_deck = ([drawn] if drawn is not None else []) + list(deck)
        self.search = _Search(self.full_deck, slots)
        self.policy_takes, self.policy_line = _policy_line(deck, slots, work or [], self.piles, ends, drawn)
        self.begun = False
        self.seconds = 0.0  # over all runs

    @classmethod
    def for_table(cls, table: Table) -> Solver:
        """The search from a solitaire table as the game holds it (its deck order is read: not for the player)."""
        return cls(table.deck, len(table.slots), work=table.work, piles=table.slots, ends=table.ends, drawn=table.drawn)

    def run(self, node_limit: int | None = None, time_budget_ms: float | None = None) -> Solution:
        """Search on, within `node_limit` more nodes and `time_budget_ms`; the answer is inexact
        (see Solution) when they run out first."""
        started = time.perf_counter()
        search = self.search
        search.node_limit = None if node_limit is None else search.nodes + node_limit
        search.deadline = None if time_budget_ms is None else started + time_budget_ms / 1000
        exact = True
        try:
            if self.begun:
                # the line it stopped on is gone down again first, uncounted: the limits apply
                # beyond it, so that every run gets at least a node further, however small its slice
                search.go_on()
            else:
                self.begun = True
                search.best(0, self.top, self.mask, _cut([tuple(p) for p in self.piles], JUNK[self.top, self.mask]),
                            self.policy_takes, self.placing, restarts=True)
        except SearchLimit:
            exact = False
        self.seconds += time.perf_counter() - started
        best, path = search.found
        line = _line(path, self.full_deck, self.top, self.mask, self.piles, self.placing) if path else self.policy_line
        taken = self.already + best
        return Solution(taken=taken, penalty=10 - taken, line=line, exact=exact,
                        penalty_at_least=10 - (self.already + max(best, search.ceiling)), nodes=search.nodes,
                        seconds=self.seconds)


def solve(deck: list[int], slots: int = BEGINNER_SLOTS, *, work: list[int] | None = None,
          piles: list[list[int]] | None = None, ends: set[int] | None = None, drawn: int | None = None,
          node_limit: int | None = None, time_budget_ms: float | None = None) -> Solution:
    """The best outcome from a solitaire position with the deck order known, in one run (the
    arguments as for Solver). With `node_limit` or `time_budget_ms` the answer may be inexact."""
    return Solver(deck, slots, work=work, piles=piles, ends=ends, drawn=drawn).run(node_limit, time_budget_ms)


def _policy_line(deck: list[int], slots: int, work: list[int], piles: list[list[int]], ends: set[int],
                 drawn: int | None) -> tuple[int, list[Action]]:
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
    return Solver.for_table(state.tables[0]).run(node_limit, time_budget_ms)


# The last after-game analysis that ran out of time, to be continued by the next call for the same
# position (the browser asks in slices of a second or two; a hard deal takes a minute or more).
_unfinished: dict[tuple[object, ...], Solver] = {}


def best_outcome(game: object, node_limit: int | None = None, time_budget_ms: float | None = None) -> dict[str, Any]:
    """After a solitaire (or at any time): was this deal winnable, and its best possible penalty,
    from the game's own starting position (its seed or set-up), with a line of play reaching it.
    `game` is a pygames_core Game of "chains" with one player. When the limits run out first the
    answer has "unfinished": True, and the next call for the same deal goes on with that search."""
    if not isinstance(game, Game) or game.game_id != "chains" or game.players != 1:
        raise ValueError("best_outcome needs a Chains solitaire game")
    table = Game.create(game.rules, game.players, game.seed, game.options, game.setup)._state.tables[0]
    position = (tuple(table.deck), len(table.slots), tuple(table.work), tuple(map(tuple, table.slots)),
                frozenset(table.ends), table.drawn)
    solver = _unfinished.pop(position, None) or Solver.for_table(table)
    solution = solver.run(node_limit, time_budget_ms)
    out = {"winnable": solution.winnable, "best_penalty": solution.penalty, "exact": solution.exact,
           "line": solution.line, "seconds": round(solution.seconds, 3)}
    if game.is_over:
        out["your_penalty"] = game.result()["penalty"]
    if not solution.exact:
        out["best_penalty_at_least"] = solution.penalty_at_least
        out["unfinished"] = True
        _unfinished.clear()  # only the latest: a search's memo can be large
        _unfinished[position] = solver
    return out


# --- the table of random deals -----------------------------------------------------------------------

def table(deals: int, mode: str, first: int = 0, node_limit: int | None = None, time_limit: float | None = None,
          out: TextIO = sys.stdout) -> dict[str, Any]:
    # imported here, for the command line only: the site ships only the modules its rules import
    import statistics

    slots = ADVANCED_SLOTS if mode == "advanced" else BEGINNER_SLOTS
    penalties: Counter[int] = Counter()
    times = []
    unresolved = []
    for deal in range(first, first + deals):
        solution = solve(deal_deck(deal), slots, node_limit=node_limit,
                         time_budget_ms=None if time_limit is None else time_limit * 1000)
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
    import argparse  # the command line only, as table's statistics

    parser = argparse.ArgumentParser(prog="python -m pygames_core.games.chains.solver",
                                     description="Solve random Chains solitaire deals exactly and tabulate them.")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deal number")
    parser.add_argument("--mode", choices=("beginner", "advanced"), default="beginner")
    parser.add_argument("--node-limit", type=int, default=None, help="give up a proof after this many nodes")
    parser.add_argument("--time-limit", type=float, default=None, help="give up a proof after this many seconds")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    args = parser.parse_args(argv)
    import io
    import json

    out = io.StringIO() if args.quiet else sys.stdout
    summary = table(args.deals, args.mode, args.first, args.node_limit, args.time_limit, out)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
