"""Chains's bots (the Bot protocol, pygames_core/ai/bot.py): the value of an ending, where a hard
bot's play-out stops, the cube's estimate of the chance to win, and, for the solitaire, the
after-game analysis from the exact solver (solver.py). The quick policy is policy.py's, which
the solver shares; sampling a state from a view is knowledge.py's."""

from __future__ import annotations

import math
from typing import Any

from pygames_core.ai.bot import Bot, Words
from pygames_core.ai.cube import logistic
from pygames_core.ai.outcomes import finish
from pygames_core.engine.game import Game
from pygames_core.engine.rng import Rng
from pygames_core.games.chains import knowledge
from pygames_core.games.chains.messages import Action, ChainsView, Event, TableView, solitaire_outcome
from pygames_core.games.chains.policy import normal_action, policy_action, slot_for
from pygames_core.games.chains.rules import CHAINS
from pygames_core.games.chains.state import NUMBERS, POINTS, ChainsState, lowest_missing, score_of, winners
from pygames_core.kit.match import Match

# In the solitaire a play-out's win is worth half its value, the end cards taken the other half: the
# player wins a deal or not, but the normal policy's play-outs win few deals, and the share of end
# cards tells apart those that fall short. Scored by the share alone, the hard bot won 136 of beginner
# deals 0-199; with the win counted too, 153 (docs/games/chains.md).
SOLITAIRE_WIN_WEIGHT = 0.5


def evaluate(state: ChainsState, seat: int) -> float:
    """Solitaire: half for a win, plus half the share of end cards taken. Expansion: mostly the share
    of the win, plus the points as a tie-breaker between equal outcomes."""
    if state.solitaire:
        taken = len(state.tables[0].taken)
        won = taken == len(NUMBERS)
        return SOLITAIRE_WIN_WEIGHT * won + (1 - SOLITAIRE_WIN_WEIGHT) * taken / len(NUMBERS)
    if state.match is not None and state.new_game:
        # a play-out stopped at the end of a game of the match: the next game's tables are fresh
        return {None: 0.5, seat: 1.0}.get(state.match.results[-1]["side"], 0.0)
    share = 0.0
    if state.over:
        best = winners(state)
        share = 1 / len(best) if seat in best else 0.0
    rival = max(score_of(state, s) for s in range(state.players) if s != seat)
    margin = max(-1.0, min(1.0, (score_of(state, seat) - rival) / 10))
    return 0.7 * share + 0.3 * (0.5 + 0.5 * margin)


def win_chance(view: ChainsView) -> float:
    """The normal bot's estimate, from a two-player view, that the viewing seat wins this game (a tie
    counts half). With two players each number sells out at its first end card taken, so the points
    still to come are the open numbers, each open to one or both players. Decided when one player
    leads by more than the other can still gain (p = 1 or 0); otherwise a logistic in the expected
    margin (the lead, plus each number open only to one player counted for them at 0.8, and the
    numbers open to both by who is closer to closing them) over 0.45·√(points still open) + 0.7."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("the chance to win is a seat's: a spectator's view has none")
    rival = 1 - seat
    tables = view["tables"]
    lead = tables[seat]["score"] - tables[rival]["score"]
    reach = [0, 0]
    expected = float(lead)
    for entry in view["end_cards"]:
        number, open_to = entry["number"], [s for s in entry["open"] if not tables[s]["left"]]
        for s in open_to:
            reach[s] += POINTS[number]
        if len(open_to) == 1:
            expected += (0.8 if open_to[0] == seat else -0.8) * POINTS[number]
        elif len(open_to) == 2:
            expected += 0.5 * POINTS[number] * (_closeness(tables[seat], number) - _closeness(tables[rival], number))
    if lead > reach[rival]:
        return 1.0
    if -lead > reach[seat]:
        return 0.0
    return logistic(expected / (0.45 * math.sqrt(reach[0] + reach[1]) + 0.7))


def _closeness(table: TableView, end: int) -> float:
    """How near a work pile is to closing with end card `end`, from 0 (not begun) to 1 (next card)."""
    work = table["work"]
    need = 10 - end  # cards 10 .. end+1 on the work pile
    if not work or work[-1] <= end:
        return 0.0
    return len(work) / need if need else 1.0


def solitaire_playout_step(state: ChainsState) -> None:
    """`CHAINS.play(state, policy_action(state, rng))` in the solitaire, written as one: the move the
    policy chooses (`_quick_play` with `slot_for`, moving before closing) made on the table at once, no
    action message built and read back. A solitaire play-out is nothing but these steps, and choosing and
    playing apart cost most of a sample. The policy never reaches its random fallback in the solitaire
    (with no card to draw, a move or a close is left, or the game ended), so the rng is not read.
    Tied to the plain form step for step by tests/test_chains_bots.py."""
    table = state.tables[0]
    state.new_game = state.turn_start = False
    work = table.work
    need = work[-1] - 1 if work else 10  # wanted(work)
    drawn = table.drawn
    if drawn is not None:  # place the card turned up: onto the work pile when it fits, else in slot_for's slot
        table.drawn = None
        if drawn == need:
            work.append(drawn)
        else:
            table.slots[slot_for(table, drawn)].append(drawn)
    else:
        for pile in table.slots:  # a move from the first slot whose top fits
            if pile and pile[-1] == need:
                work.append(pile.pop())
                break
        else:
            if need >= 1 and need in table.ends:  # a close (may_take: the solitaire locks no number)
                table.ends.discard(need)  # rules' _close; its recount leaves the solitaire's locked_bits 0
                table.taken.append(need)
                table.discard += [*work, need]
                table.work = []
            else:  # a draw: the policy draws when nothing else is left (and the game has not ended)
                table.drawn = table.deck.pop(0)
                return
    if table.deck:  # as in play(): the solitaire is settled only once the deck is empty
        return
    # _settle: the game ends when no action is left (no card is drawn now: has_actions' other half)
    need = table.work[-1] - 1 if table.work else 10
    if not any(pile and pile[-1] == need for pile in table.slots) and not (need >= 1 and need in table.ends):
        table.left = state.over = True


class ChainsBot(Bot[ChainsState, Action, Event, ChainsView]):
    """What Chains's bots know of the game (the protocol: pygames_core/ai/bot.py)."""

    # a round of three hard bots holds a median of three moves with a real choice: 300 ms each keep it
    # to about a second (docs/benchmarks.md, issue 48 item 5)
    hard_budget_ms = 300

    def strongest_level(self, players: int) -> str:
        # the expert beat hard (its interval above a half) in the 3-player game, not in the solitaire nor
        # in the 2-player game (0.54 [0.45, 0.64] over 40 groups: docs/benchmarks.md)
        return "expert" if players >= 3 else "hard"

    def sample_state(self, view: ChainsView, rng: Rng) -> ChainsState:
        return knowledge.sample_state(view, rng)

    def policy_action(self, state: ChainsState, rng: Rng) -> Action:
        return normal_action(state, rng)

    def playout_action(self, state: ChainsState, rng: Rng) -> Action:
        return policy_action(state, rng)

    def playout_step(self, state: ChainsState, rng: Rng) -> None:
        if len(state.tables) == 1:
            solitaire_playout_step(state)
        else:
            CHAINS.play(state, policy_action(state, rng))  # apply without writing the events

    def playout_done(self, start: ChainsState, state: ChainsState) -> bool:
        # in a match, a hard bot looks to the end of the game being played: the next is a new deal
        return state.over or (state.match is not None and start.match is not None
                              and state.match.games != start.match.games)

    def evaluate(self, state: ChainsState, seat: int) -> float:
        return evaluate(state, seat)

    def outcome(self, start: ChainsState, end: ChainsState, seat: int) -> Words | None:
        if end.solitaire:
            return solitaire_outcome(len(end.tables[0].taken))
        if end.match is not None and end.new_game:  # a game of the match settled, the next one dealt
            side = end.match.results[-1]["side"]
            return finish([1 if side in (None, s) else 0 for s in range(end.players)], seat)
        if not end.over:
            return None
        # the points, then the tie-break, as `winners` ranks them
        return finish([(score_of(end, s), lowest_missing(t)) for s, t in enumerate(end.tables)], seat)

    def cube_match(self, state: ChainsState) -> Match | None:
        return state.match

    def win_chance(self, view: ChainsView) -> float:
        return win_chance(view)

    def analysis(self, game: Game, budget_ms: int) -> dict[str, Any] | None:
        """The solitaire in hindsight: was the deal winnable, and its best possible penalty."""
        if game.players > 1:
            return None
        # imported on first use: the solver is also a command (`python -m ...chains.solver`), which
        # runs it apart from the package, and no game needs it before its end
        from pygames_core.games.chains.solver import best_outcome

        return best_outcome(game, time_budget_ms=budget_ms)


BOT = ChainsBot(CHAINS)
