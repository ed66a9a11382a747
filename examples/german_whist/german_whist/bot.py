"""German Whist's bot: the hooks pygames_core's bots need (pygames_core/ai/bot.py). The easy, normal
and hard levels and the hints are pygames_core's own; the hard bot searches through `sample_state`."""

from __future__ import annotations

from typing import Any

from german_whist import knowledge
from german_whist.state import WhistState, playable, rank, trick_winner
from pygames_core.ai.bot import Bot
from pygames_core.engine.rng import Rng

WORTH_WINNING = 9  # a face-up card from the jack up (or any trump) is worth a trick in the first half


class WhistBot(Bot[WhistState]):
    def sample_state(self, view: dict[str, Any], rng: Rng) -> WhistState:
        return knowledge.sample_state(view, rng)

    def policy_action(self, state: WhistState, rng: Rng) -> dict[str, Any]:
        """Try for the trick when it is worth having (the face-up card is good, or the stock is out),
        with the cheapest card that wins it; otherwise throw the cheapest card."""
        seat = state.to_move
        assert seat is not None
        led = state.trick[0][1][1] if state.trick else None
        cards = playable(state.hands[seat], led)
        cheapest = sorted(cards, key=lambda card: (card[1] == state.trump, rank(card)))
        top = state.stock[0] if state.stock else None
        wanted = top is None or top[1] == state.trump or rank(top) >= WORTH_WINNING
        if not state.trick:
            return {"type": "play", "card": cheapest[-1] if wanted else cheapest[0]}
        winning = [card for card in cheapest if trick_winner([*state.trick, (seat, card)], state.trump) == seat]
        return {"type": "play", "card": winning[0] if wanted and winning else cheapest[0]}
