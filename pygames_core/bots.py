"""Bots at three levels, each choosing from its own seat's view only (no peeking).

- easy: a legal action at random.
- normal: the game's own quick policy (sensible play of that game) applied to a state sampled
  from the view; the policy reads only the mover's hand and public facts, so the sampled hidden
  cards do not change its choice.
- hard: the generic determinized search in search.py, within a time budget.
"""

from __future__ import annotations

from .errors import IllegalAction, PygamesError
from .game import Game
from .rng import Rng, fresh_seed
from .search import search_action

LEVELS = ("easy", "normal", "hard")
DEFAULT_BUDGET_MS = 1000


def bot_action(game: Game, level: str = "normal", *, seed: int | None = None,
               time_budget_ms: int | None = None) -> dict:
    """A legal action for `game.current_player`, chosen from that seat's view."""
    if level not in LEVELS:
        raise PygamesError(f"bot level must be one of {', '.join(LEVELS)}, not {level!r}")
    if seed is not None and (type(seed) is not int or seed < 0):
        raise PygamesError(f"a bot seed is a whole number of at least 0, not {seed!r}")
    if time_budget_ms is not None and (type(time_budget_ms) not in (int, float) or not time_budget_ms >= 0):
        raise PygamesError(f"time_budget_ms is a number of milliseconds, not {time_budget_ms!r}")
    seat = game.current_player
    if seat is None:
        raise IllegalAction("the game is over: no one is to move")
    legal = game.legal_actions()
    rng = Rng(fresh_seed() if seed is None else seed)
    if len(legal) == 1:
        return legal[0]
    if level == "easy":
        return rng.choice(legal)
    rules = game.rules
    view = game.view(seat)
    if level == "normal":
        return rules.policy_action(rules.sample_state(view, rng), rng)
    budget = DEFAULT_BUDGET_MS if time_budget_ms is None else max(1, int(time_budget_ms))
    action, _ = search_action(rules, view, legal, seat, rng, budget)
    return action
