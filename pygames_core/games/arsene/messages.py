"""Arsène's words for the hint (pygames_core/ai/bot.py, `Bot.outcome` and `Bot.blind_choice`): how a
deal ends for a player, in the terms of its summary (the store robbed with the tricks taken, a
collision, the police), and the edge card chosen blind."""

from __future__ import annotations

from pygames_core.ai.bot import Words
from pygames_core.games.arsene.state import DealSummary

# the three edge cards lie face down: nothing the chooser sees tells them apart
BLIND_EDGE_CARD = Words("any of the three will do: they are face down, and you cannot see them",
                        "3枚とも伏せられていて見えないので、どれを選んでも同じです")


def deal_outcome(summary: DealSummary, seat: int) -> Words:
    """How the deal of `summary` ended for `seat`: the store its trick count named, and what came of it."""
    if summary["void_deal"]:
        return Words("all four are caught by the police: the deal does not count",
                     "4人全員がポリスに捕まり、このディールはノーカウントになる")
    tricks = summary["tricks"][seat]
    on = f"you end on {tricks_en(tricks)}"
    if seat in summary["caught"]:
        return Words(f"{on} and are caught by the police at empty store {tricks}",
                     f"{tricks}トリックで終わり、空の店{tricks}でポリスに捕まる")
    if any(take["seat"] == seat for take in summary["takes"]):
        return Words(f"{on} and rob store {tricks}", f"{tricks}トリックで終わり、店{tricks}から盗む")
    if any(seat in seats for seats in summary["collisions"]) and tricks:
        return Words(f"{on} with another thief: a collision at store {tricks}, nothing taken",
                     f"{tricks}トリックで他の泥棒とバッティングし、店{tricks}から何も取れない")
    if tricks == 0:
        return Words("you take no trick and rob nothing", "トリックを1つも取らず、何も盗めない")
    return Words(f"{on}, more than any store's number, and rob nothing",
                 f"{tricks}トリックで終わり、どの店の番号より多いので何も盗めない")


def tricks_en(count: int) -> str:
    return "1 trick" if count == 1 else f"{count} tricks"
