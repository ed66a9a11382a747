"""The games and the variants of them that play differently, for the suites that play each one: the
committed playthroughs (test_playthroughs.py), the shared contract suite (test_game_contracts.py) and
the hidden-information test. A variant is a player count whose state differs in shape and the options
that change play or the state (list_games() lists every option); an option that only lengthens a game
(Roller Derby's 8 deals, a longer match) is left out, and so are Chains' larger tables, slow to check
at every step (a view shows every chain to each seat): a suite adds those it can afford."""

from __future__ import annotations

from typing import Any, NamedTuple


class Variant(NamedTuple):
    game_id: str
    players: int
    options: dict[str, Any]

    @property
    def name(self) -> str:
        """The variant as a test id and a file name: `chains-2p-cube=true-match_to=3`."""
        shown = "".join(f"-{key}={str(value).lower()}" for key, value in self.options.items())
        return f"{self.game_id}-{self.players}p{shown}"


VARIANTS = [
    Variant("arsene", 4, {}),
    Variant("arsene", 4, {"advanced": True}),
    Variant("chains", 1, {"mode": "beginner"}),
    Variant("chains", 1, {"mode": "advanced"}),
    Variant("chains", 2, {}),
    Variant("chains", 2, {"cube": True, "match_to": 3}),
    Variant("chains", 2, {"cube": True, "match_to": 3, "crawford": False}),
    Variant("chains", 3, {}),
    Variant("on_schedule", 4, {}),
    Variant("on_schedule", 4, {"cube": True}),
    Variant("on_schedule", 4, {"cube": True, "crawford": False}),
    Variant("on_schedule", 4, {"show_played": True}),
    Variant("dominuxen", 3, {}),
    Variant("dominuxen", 4, {}),
    Variant("dominuxen", 4, {"doubles": True}),
    Variant("dominuxen", 5, {"games": 2}),
    Variant("apples", 4, {}),
    Variant("roller_derby", 4, {}),
    Variant("roller_derby", 4, {"jokers": True}),
    Variant("roller_derby", 4, {"d12": True}),
    Variant("roller_derby", 4, {"privilege": True}),
    Variant("roller_derby", 4, {"jokers": True, "d12": True, "privilege": True}),
]
