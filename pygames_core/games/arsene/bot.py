"""Arsène's bots: a quick policy that aims at a good store (a trick count nobody else heads for, never
the police), steering its tricks there, and the value of a finished deal. The sampled states they decide
from are in knowledge.py."""

from __future__ import annotations

from typing import Any

from pygames_core.ai.bot import Bot
from pygames_core.engine.rng import Rng
from pygames_core.games.arsene.knowledge import sample_state
from pygames_core.games.arsene.state import PLAYERS, STORE_GROUPS, TOTAL_CHIPS, ArseneState, Phase
from pygames_core.kit.cards import Card
from pygames_core.kit.seats import mover
from pygames_core.kit.tricks import playable_cards, trick_winner


def _target_count(state: ArseneState, seat: int) -> int:
    """The trick count this seat should aim for: a store with chips that nobody else is heading to,
    never an empty store (the police), weighing what is still reachable."""
    have = state.tricks[seat]
    left = len(state.hands[seat])
    best, best_value = have, -1e9
    for t in range(have, have + left + 1):
        if t == 0 or t > len(STORE_GROUPS):
            value = 0.0
        elif not state.stores[t - 1]:
            value = -3.0 - state.chips[seat]  # caught: lose everything
        else:
            value = float(state.stores[t - 1][0])
        # others on or just below t are likely to collide with us there
        rivals = sum(1 for s in range(PLAYERS) if s != seat and t - 1 <= state.tricks[s] <= t)
        value -= 0.6 * rivals * max(value, 0.5)
        value -= 0.15 * (t - have)  # every extra trick is harder to steer
        if value > best_value:
            best, best_value = t, value
    return best


def policy_action(state: ArseneState, rng: Rng) -> dict[str, Any]:
    """The 'normal' play of Arsène, from the mover's hand and public facts only: aim at a good
    store, win tricks while below the target, duck (or dump high cards) once there."""
    seat = mover(state)
    if state.phase == Phase.CHOOSE:
        return {"type": "choose", "index": rng.below(len(state.table))}
    if state.phase == Phase.PUSH:
        target = _target_count(state, seat)
        return {"type": "keep"} if state.tricks[seat] < target else {"type": "push", "to": state.push_to}
    hand = state.hands[seat]
    options = playable_cards(hand, state.trick.led_suit)
    if len(options) == 1:
        return {"type": "play", "card": options[0].code}
    want = state.tricks[seat] < _target_count(state, seat)
    trump = state.trump

    def strength(c: Card) -> int:
        return c.rank + (20 if c.suit == trump else 0)

    if not state.trick.plays:  # leading
        chosen = max(options, key=strength) if want else min(options, key=strength)
        return {"type": "play", "card": chosen.code}
    winners = [c for c in options if trick_winner([*state.trick.plays, (seat, c)], trump) == seat]
    losers = [c for c in options if c not in winners]
    last_to_play = len(state.trick.plays) == PLAYERS - 1
    if want and winners:
        # last to play: the cheapest winner is enough; otherwise win firmly
        chosen = min(winners, key=strength) if last_to_play else max(winners, key=strength)
    elif want:
        chosen = min(options, key=strength)
    elif losers:
        chosen = max(losers, key=strength)  # duck, shedding the most dangerous card that still loses
    else:
        chosen = max(options, key=strength)  # forced to win: at least get rid of a high card
    return {"type": "play", "card": chosen.code}


def evaluate(state: ArseneState, seat: int) -> float:
    """Value of a finished deal for `seat`, in [0, 1]: a share of the win if the game ended,
    otherwise the chip margin over the best rival."""
    if state.phase == Phase.OVER:
        best = max(state.chips)
        winners = [s for s in range(PLAYERS) if state.chips[s] == best]
        won = 1.0 / len(winners) if seat in winners else 0.0
        return 0.8 * won + 0.2 * state.chips[seat] / TOTAL_CHIPS
    rival = max(state.chips[s] for s in range(PLAYERS) if s != seat)
    return 0.5 + 0.5 * max(-1.0, min(1.0, (state.chips[seat] - rival) / 10))



class ArseneBot(Bot[ArseneState]):
    """What Arsène's bots know of the game: the hooks of pygames_core/ai/bot.py."""

    def sample_state(self, view: dict[str, Any], rng: Rng) -> ArseneState:
        return sample_state(view, rng)

    def policy_action(self, state: ArseneState, rng: Rng) -> dict[str, Any]:
        return policy_action(state, rng)

    def playout_done(self, start: ArseneState, state: ArseneState) -> bool:
        # a hard bot looks to the end of the deal: later deals are new shuffles it cannot foresee
        return state.phase == Phase.OVER or state.deal != start.deal

    def evaluate(self, state: ArseneState, seat: int) -> float:
        return evaluate(state, seat)

