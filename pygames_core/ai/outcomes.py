"""Words for the outcomes that several games share, for `Bot.outcome`: where a seat finishes among the
players by a score (a game's end: Dominuxen, the Chains expansion; a deal's points: Apples)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pygames_core.ai.bot import Words

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def placing(scores: Sequence[Any], seat: int) -> tuple[int, bool, bool]:
    """`seat`'s place by `scores` (numbers, or tuples whose later items break ties; 1 for the highest),
    whether another seat has the same score, and whether it is last (no one lower, and not first)."""
    mine = scores[seat]
    place = 1 + sum(1 for score in scores if score > mine)
    shared = sum(1 for score in scores if score == mine) > 1
    return place, shared, place > 1 and not any(score < mine for score in scores)


def finish(scores: Sequence[Any], seat: int) -> Words:
    """Where `seat` finishes a game by its final `scores` (the highest wins, equal scores share)."""
    place, shared, last = placing(scores, seat)
    if place == 1:
        if shared:
            return Words("you share the win", "同点で勝ちを分け合う")
        return Words("you win the game", "ゲームに勝つ")
    if last:
        return Words("you finish last" + (", shared" if shared else ""), ("同点" if shared else "") + "最下位で終わる")
    return Words(f"you finish {ORDINALS[place - 1]}" + (", shared" if shared else ""),
                 ("同点" if shared else "") + f"{place}位で終わる")
