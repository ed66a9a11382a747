"""Chains' words for the hint (pygames_core/ai/bot.py, `Bot.outcome`): how a game ends for a player —
in the solitaire the runs closed or the penalty (the end cards left); with several players the
placing by points (pygames_core/ai/outcomes.py)."""

from __future__ import annotations

from pygames_core.ai.bot import Words

RUNS = 10  # a deal is ten runs, closed by the end cards 1 to 10


def solitaire_outcome(end_cards_taken: int) -> Words:
    """The solitaire's end: every run closed (a win), or the penalty of the end cards left."""
    left = RUNS - end_cards_taken
    if left == 0:
        return Words("you close all ten runs and win", "10組すべてを締めて勝つ")
    cards = "1 end card is" if left == 1 else f"{left} end cards are"
    return Words(f"you close {end_cards_taken} of the ten runs: {cards} left, a penalty of {left}",
                 f"10組のうち{end_cards_taken}組を締め、終端カードが{left}枚残る（失点{left}）")
