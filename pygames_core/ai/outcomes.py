"""Words for the outcomes that several games share, for `Bot.outcome`: where a seat finishes among the
players by a score (a game's end: Dominuxen, the Chains expansion; a deal's points: Apples); and for
`Bot.effect`, who wins the trick a card completes (the trick-taking games)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pygames_core.ai.bot import Words
from pygames_core.kit.seats import partner_of

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


def trick_won(events: Sequence[Mapping[str, object]], seat: int, *, partners: bool,
              points: int | None = None) -> Words | None:
    """Who wins the trick an action completes (its `trick_won` event), as `seat` sees it, with the trick's
    `points` where the game scores them; None when the action completes no trick. `partners`: the
    game is played by teams of partners sitting opposite."""
    won = next((event for event in events if event["type"] == "trick_won"), None)
    if won is None:
        return None
    winner = won["winner"]
    if winner == seat:
        who = ("you win", "このトリックに勝")
    elif partners and winner == partner_of(seat):
        who = ("your partner wins", "パートナーがこのトリックに勝")
    elif partners:
        who = ("an opponent wins", "相手がこのトリックに勝")
    else:
        who = ("another player wins", "他のプレイヤーがこのトリックに勝")
    if not points:
        return Words(f"{who[0]} the trick", f"{who[1]}つ")
    unit = "point" if points == 1 else "points"
    return Words(f"{who[0]} the trick and its {points} {unit}", f"{who[1]}ち、{points}点を取る")
