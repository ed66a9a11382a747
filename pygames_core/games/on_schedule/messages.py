"""On Schedule's words for the hint (pygames_core/ai/bot.py, `Bot.outcome`): how a deal ends for a
player's team, in the terms of its summary (the team's points against the other team's, the victory
point they decide)."""

from __future__ import annotations

from pygames_core.ai.bot import Words
from pygames_core.games.on_schedule.state import DealSummary
from pygames_core.kit.seats import team_of


def deal_outcome(summary: DealSummary, seat: int) -> Words:
    """Which team the deal of `summary` went to, as `seat`'s team sees it."""
    if summary["winner_team"] is None:
        return Words("the teams tie on points: no victory point", "両チーム同点で、勝利点はどちらにも入らない")
    if summary["winner_team"] == team_of(seat):
        return Words("your team takes more points and wins the deal's victory point",
                     "あなたのチームが多く得点し、このディールの勝利点を取る")
    return Words("the other team takes more points and wins the deal's victory point",
                 "相手チームが多く得点し、このディールの勝利点を取る")
