"""Roller Derby's bots: the normal policy (policy.py: a target-aware rough count of the tricks a hand
takes, used to name trump, buy jokers, exchange, declare and play towards the rolling team's goal), the
actions the hard bot's search compares, and the value of a finished deal. They decide from what the mover
could know only; the sampled states they play in come from knowledge.py.
"""

from __future__ import annotations

from pygames_core.ai.bot import Bot, Words
from pygames_core.ai.outcomes import trick_won
from pygames_core.engine.rng import Rng
from pygames_core.games.roller_derby.knowledge import sample_state
from pygames_core.games.roller_derby.messages import Action, Event, RollerDerbyView, deal_outcome
from pygames_core.games.roller_derby.policy import choose_play, policy_action
from pygames_core.games.roller_derby.rules import (
    ROLLER_DERBY,
    distinct_plays,
)
from pygames_core.games.roller_derby.state import (
    ALL_OR_NOTHING_POINTS,
    OVER,
    PLAY,
    PLAYERS,
    SUIT_LIST,
    Phase,
    RollerDerbyState,
    played_from,
    winning_team,
)
from pygames_core.kit.cards import CARDS
from pygames_core.kit.seats import team_of

# The phases whose every action the hard bot compares. A card to give the partner or to discard for a
# joker is one of up to 13, each judged by whole-deal play-outs from the few samples a move's budget
# allows: the best of so many noisy means beats the normal policy's choice by chance alone, so there
# the hard bot keeps the policy's choice (as Apples' does before its play).
SEARCHED_PHASES = frozenset({Phase.TRUMP, Phase.BUY, Phase.DECLARE, Phase.PLAY})


def search_actions(view: RollerDerbyView, legal: list[Action]) -> list[Action]:
    """The hard bot compares every legal action of the SEARCHED_PHASES (of the jokers' declarations
    those that differ in effect); elsewhere the normal policy's choice only, which reads the mover's
    hand and public facts (so any state sampled from the view gives the same)."""
    phase = Phase(view["phase"])
    if phase not in SEARCHED_PHASES:
        return [policy_action(sample_state(view, Rng(0)), Rng(0))]
    trump = view["trump"] if view["trump"] in SUIT_LIST else None
    if phase == Phase.PLAY:
        return distinct_plays(legal, view["trick"][0]["suit"] if view["trick"] else None, trump)
    return legal


def evaluate(state: RollerDerbyState, seat: int) -> float:
    """Value of a finished deal for `seat`'s team, in [0, 1]: the deal's points to the team (or against
    it, when the other team rolled), and the game's outcome once it is over."""
    if not state.summaries:
        return 0.5
    last = state.summaries[-1].thaw()
    sign = 1 if last["rolling_team"] == team_of(seat) else -1
    deal_value = 0.5 + sign * last["score"] / (2 * ALL_OR_NOTHING_POINTS)
    if state.phase == Phase.OVER:
        team = winning_team(state)
        outcome = 0.5 if team is None else float(team == team_of(seat))
        return 0.7 * outcome + 0.3 * deal_value
    return deal_value


class RollerDerbyBot(Bot[RollerDerbyState, Action, Event, RollerDerbyView]):
    """What Roller Derby's bots know of the game (the protocol: pygames_core/ai/bot.py)."""

    # a round of three hard bots holds three to four moves with a real choice: 330 ms keep it under a
    # second in the page (0.7 s at the median), and in them this engine settles 1.36 times the samples
    # 26a1bbc's drew in a second, with jokers, where it is slowest (docs/benchmarks.md, issue 48 item 5)
    hard_budget_ms = 330

    def sample_state(self, view: RollerDerbyView, rng: Rng) -> RollerDerbyState:
        return sample_state(view, rng)

    def policy_action(self, state: RollerDerbyState, rng: Rng) -> Action:
        return policy_action(state, rng)

    def playout_step(self, state: RollerDerbyState, rng: Rng) -> None:
        # a card play (nearly every step) without its action message and events; the rest as apply does it
        if state.phase == PLAY:
            trick = state.trick
            choice = choose_play(state, (trick.leader + len(trick.plays)) % PLAYERS)
            card = CARDS.get(choice["card"])  # played_from's most frequent case inline: a card, played as itself
            if card is not None:
                ROLLER_DERBY.play_quietly(state, card, card)
            else:
                ROLLER_DERBY.play_quietly(state, *played_from(choice))
        else:
            ROLLER_DERBY.apply(state, policy_action(state, rng))

    def search_actions(self, view: RollerDerbyView, legal: list[Action]) -> list[Action]:
        return search_actions(view, legal)

    def playout_done(self, start: RollerDerbyState, state: RollerDerbyState) -> bool:
        # a hard bot looks to the end of the deal: later deals are new shuffles and rolls (a deal settled by a
        # card play in a play-out does not deal the next: RollerDerbyRules.play_quietly)
        return state.phase == OVER or len(state.summaries) != len(start.summaries)

    def evaluate(self, state: RollerDerbyState, seat: int) -> float:
        return evaluate(state, seat)

    def effect(self, events: list[Event], seat: int) -> Words | None:
        return trick_won(events, seat, partners=True)

    def outcome(self, start: RollerDerbyState, end: RollerDerbyState, seat: int) -> Words | None:
        # the play-out ends with the deal: its summary has the rolling team's tricks against its target
        if len(end.summaries) == len(start.summaries):
            return None
        summary = end.summaries[-1].thaw()
        return deal_outcome(summary, summary["rolling_team"] == team_of(seat))


BOT = RollerDerbyBot(ROLLER_DERBY)
