"""Scenarios: a position and a scripted line of play with captions, for a rules blog post.

A scenario is a small JSON document (the format is documented in docs/embed.md):

    {"format": "pygames/scenario", "version": 1,          optional; checked when present
     "game": "arsene", "players": 4, "seed": 7,           seed 0 when absent: the same cards every time
     "options": {...}, "setup": {...},                    the game's own options and explicit set-up
     "seat": 0,                                           whose view the reader sees (null: a spectator's)
     "title": {"en": "...", "ja": "..."}, "intro": {...}, optional texts, English and/or Japanese
     "steps": [{"action": {...}, "caption": {"en": "...", "ja": "..."}}, ...]}

Every step's action must be legal when it comes: a scenario is checked by playing it through the
rules, so an example in a blog post can never show a move the game would refuse.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pygames_core.engine.errors import IllegalAction, PygamesError
from pygames_core.engine.game import Game
from pygames_core.engine.rules import AnyRules
from pygames_core.games import find_rules

SCENARIO_FORMAT = "pygames/scenario"
SCENARIO_VERSION = 1
LANGUAGES = ("en", "ja")
_KEYS = {"format", "version", "game", "players", "seed", "options", "setup", "seat", "title", "intro", "steps"}
_STEP_KEYS = {"action", "caption"}


class BadScenario(PygamesError):
    """A scenario that is malformed, or whose position or steps the rules refuse."""


@dataclass(frozen=True)
class Step:
    action: dict[str, Any]
    caption: dict[str, str]


@dataclass(frozen=True)
class Scenario:
    game: str
    players: int | None
    seed: int | str  # an int, or its decimal digits (rng.check_seed): how a replay hands it to the page
    options: dict[str, Any] | None
    setup: dict[str, Any] | None
    seat: int | None
    title: dict[str, str]
    intro: dict[str, str]
    steps: tuple[Step, ...]

    def start(self, steps: int = 0) -> Game:
        """A live game at the scenario's position after its first `steps` steps."""
        if type(steps) is not int or not 0 <= steps <= len(self.steps):
            raise BadScenario(f"this scenario has steps 0 to {len(self.steps)}, not {steps!r}")
        game = Game.create(find_rules(self.game), self.players, self.seed, self.options, self.setup)
        if self.seat is not None and self.seat >= game.players:
            raise BadScenario(f"seat {self.seat} is not at a {game.players}-player table")
        for number, step in enumerate(self.steps[:steps], start=1):
            try:
                game.apply(step.action)
            except IllegalAction as error:
                raise BadScenario(f"step {number}: {error}") from None
        return game

    def frames(self, *, every_hand: bool = False) -> list[dict[str, Any]]:
        """What the reader sees at each point: frame 0 is the starting position (with the intro),
        frame k the position after step k (with its caption), each as the seat's snapshot. A step's
        frame also names its `mover` (the seat that took it), the `events` it caused and its `marks`:
        "trick" and/or "deal" when it ended one (the game's Rules name the event types that do), so
        a viewer can jump from trick to trick and deal to deal in any game. With `every_hand` (a
        finished game's replay, which has nothing secret left), each frame also holds `hands`: every
        seat's hand at that point, as that seat's own view has it (null for a game whose views have
        no hand)."""
        game = self.start()

        def frame(number: int, step: Step | None, mover: int | None, events: list[dict[str, Any]]) -> dict[str, Any]:
            shown: dict[str, Any] = {
                "step": number, "action": step and step.action, "caption": step.caption if step else self.intro,
                "mover": mover, "events": events, "marks": marks(game.rules, events),
                "snapshot": game.snapshot(self.seat, save=False)}
            if every_hand:
                shown["hands"] = [game.view(seat).get("hand") for seat in range(game.players)]
            return shown

        shown = [frame(0, None, None, [])]
        for number, step in enumerate(self.steps, start=1):
            mover = game.current_player
            try:
                events = game.apply(step.action)
            except IllegalAction as error:
                raise BadScenario(f"step {number}: {error}") from None
            shown.append(frame(number, step, mover, events))
        return shown


def marks(rules: AnyRules, events: list[dict[str, Any]]) -> list[str]:
    """Where a step stands in the game: "trick" when its events ended a trick, "deal" when they ended
    a deal (both at a deal's last trick)."""
    types = {event["type"] for event in events}
    return [mark for mark, ending in (("trick", rules.trick_end_events), ("deal", rules.deal_end_events))
            if types & ending]


def parse_scenario(data: Any) -> Scenario:
    """A Scenario from its JSON text or parsed document; anything malformed raises BadScenario
    naming the part that is wrong (the game, its set-up and steps are checked by `frames`/`start`)."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError as error:
            raise BadScenario(f"a scenario is JSON: {error}") from None
    if not isinstance(data, dict):
        raise BadScenario("a scenario is a JSON object")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise BadScenario(f"unknown scenario keys {unknown}; known: {sorted(_KEYS)}")
    if data.get("format", SCENARIO_FORMAT) != SCENARIO_FORMAT:
        raise BadScenario(f"format must be {SCENARIO_FORMAT!r}, not {data['format']!r}")
    if data.get("version", SCENARIO_VERSION) != SCENARIO_VERSION:
        raise BadScenario(f"this is scenario format version {SCENARIO_VERSION}, not {data['version']!r}")
    game = data.get("game")
    if not isinstance(game, str):
        raise BadScenario("a scenario names its game: \"game\": \"arsene\", …")
    find_rules(game)  # UnknownGame, with the list of games, before anything else
    for key in ("options", "setup"):
        if data.get(key) is not None and not isinstance(data[key], dict):
            raise BadScenario(f"{key} must be an object")
    seat = data.get("seat", 0)
    if seat is not None and (type(seat) is not int or seat < 0):
        raise BadScenario(f"seat is a seat number (0, 1, …) or null for a spectator, not {seat!r}")
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        raise BadScenario("steps is a list of {\"action\": …, \"caption\": …}")
    return Scenario(game=game, players=data.get("players"), seed=data.get("seed", 0), options=data.get("options"),
                    setup=data.get("setup"), seat=seat, title=_texts(data.get("title"), "title"),
                    intro=_texts(data.get("intro"), "intro"),
                    steps=tuple(_step(step, number) for number, step in enumerate(steps, start=1)))


def _step(step: Any, number: int) -> Step:
    if not isinstance(step, dict) or not isinstance(step.get("action"), dict):
        raise BadScenario(f"step {number} must be an object with an \"action\" object")
    unknown = sorted(set(step) - _STEP_KEYS)
    if unknown:
        raise BadScenario(f"step {number}: unknown keys {unknown}; known: {sorted(_STEP_KEYS)}")
    return Step(action=step["action"], caption=_texts(step.get("caption"), f"step {number}'s caption"))


def _texts(value: Any, what: str) -> dict[str, str]:
    """A text in English and/or Japanese: {"en": ..., "ja": ...}; a plain string counts as English."""
    if value is None:
        return {}
    if isinstance(value, str):
        return {"en": value}
    if not isinstance(value, dict) or not value or not all(
            lang in LANGUAGES and isinstance(text, str) for lang, text in value.items()):
        raise BadScenario(f"{what} is a text or {{\"en\": text, \"ja\": text}}, not {value!r}")
    return dict(value)
