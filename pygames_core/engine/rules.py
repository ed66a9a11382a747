"""The Rules protocol: what one game's rules define, and its options.

A `Rules` object (one per game) knows how to set up a state, list and apply actions, and show
per-seat views; it keeps no state itself. Everything the bots need beyond that (sampling hidden
cards, a quick policy, evaluation, hints) is the game's `Bot` (pygames_core/ai/bot.py).

`Rules[S, A, E, V]` is generic in the state `S` and in the messages it exchanges with the page: the
actions `A` it lists and applies, the events `E` an action causes and the view `V` a seat sees, each
a TypedDict or a union of them that the game declares in its messages.py. `Rules[S]` (as a plugin may
write it) leaves the messages plain JSON objects, `dict[str, Any]`: the type variables' defaults.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeGuard

from pygames_core.engine.errors import BadSetup
from pygames_core.engine.rng import Rng

# The messages' type variables default to a plain JSON object, so that `Rules[S]` and `Bot[S]` mean
# `Rules[S, dict[str, Any], dict[str, Any], dict[str, Any]]` (PEP 696). mypy reads the defaults from
# typing_extensions' stubs (no import at run time: Pyodide ships no typing_extensions); Python takes
# them only from 3.13, so at run time `with_json_messages` fills them in (Rules.__class_getitem__).
if TYPE_CHECKING:
    from typing_extensions import TypeVar

    A = TypeVar("A", bound=Mapping[str, object], default=dict[str, Any])  # an action
    E = TypeVar("E", bound=Mapping[str, object], default=dict[str, Any])  # an event
    V = TypeVar("V", bound=Mapping[str, object], default=dict[str, Any])  # a seat's view
else:
    from typing import TypeVar

    A = TypeVar("A", bound=Mapping[str, object])
    E = TypeVar("E", bound=Mapping[str, object])
    V = TypeVar("V", bound=Mapping[str, object])
S = TypeVar("S")
MESSAGES = 3  # A, E and V, after S


def with_json_messages(params: object) -> tuple[object, ...]:
    """The type arguments of `Rules[...]` or `Bot[...]` with the messages left out filled in as plain
    JSON objects: what the type variables' defaults say, for the Pythons without PEP 696 (3.11, 3.12)."""
    given = params if isinstance(params, tuple) else (params,)
    return given + (dict[str, Any],) * (1 + MESSAGES - len(given))


def is_seat(value: object, players: int) -> TypeGuard[int]:
    """A seat number: an int from 0 to players - 1 (not a bool, not 1.0, which `in range()` lets through)."""
    return type(value) is int and 0 <= value < players


@dataclass(frozen=True)
class Option:
    """One game option as `list_games()` describes it and `new_game(options=...)` accepts it."""

    name: str
    type: str  # "bool", "choice" or "int"
    default: Any
    label: dict[str, str]
    help: dict[str, str]
    choices: tuple[Any, ...] = ()
    choice_labels: tuple[dict[str, str], ...] = ()  # what each choice is called, {"en", "ja"}, in order
    minimum: int | None = None
    maximum: int | None = None
    # When the option matters: each name (the player count "players", or an option declared before
    # this one) with the values it must have, e.g. (("cube", (True,)),). A picker shows the option
    # only then, and otherwise leaves it out: the game gets its default.
    applies_when: tuple[tuple[str, tuple[Any, ...]], ...] = ()

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "label": dict(self.label),
            "help": dict(self.help),
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.choice_labels:
            out["choice_labels"] = [dict(label) for label in self.choice_labels]
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.applies_when:
            out["applies_when"] = {name: list(values) for name, values in self.applies_when}
        return out

    def check(self, given: Any) -> Any:
        value = given
        if self.type == "bool":
            if not isinstance(value, bool):
                raise BadSetup(f"option {self.name!r} must be true or false, not {value!r}")
        elif self.type == "choice":
            # one of the declared choices, of the same type: 4.0 == 4 and True == 1 in Python, but
            # JSON and the page tell them apart, so a game must never store deals 4.0
            value = next((c for c in self.choices if c == value and type(c) is type(value)), None)
            if value is None:
                raise BadSetup(f"option {self.name!r} must be one of {list(self.choices)}, not {given!r}")
        elif self.type == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise BadSetup(f"option {self.name!r} must be a whole number, not {value!r}")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise BadSetup(f"option {self.name!r} must be between {self.minimum} and {self.maximum}")
        return value


class Rules(ABC, Generic[S, A, E, V]):
    """Everything one game's rules define. Subclasses are stateless singletons."""

    if not TYPE_CHECKING:
        def __class_getitem__(cls, params):
            """`Rules[S]`: the messages plain JSON objects (the type variables' defaults, above)."""
            return super().__class_getitem__(with_json_messages(params) if cls is Rules else params)

    game_id: str
    title: ClassVar[dict[str, str]]
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    # The event types that end a trick and a deal (or, where a game is one of a series, a game of it):
    # a step that caused one is marked so, and a replay's reader can jump between them (app/scenario.py).
    trick_end_events: ClassVar[frozenset[str]] = frozenset({"trick_won"})
    deal_end_events: ClassVar[frozenset[str]] = frozenset({"deal_over"})
    # What `result`'s scores count, {"en", "ja"} ("Cards left", "残り札"), and which way they rank:
    # True when the highest score is best, False when the lowest is. A finished game's result then says
    # them with each seat's place (`places`), and the generic table's summary ranks the seats by it.
    # None: not said (the result's scores stand alone, as before these were declared).
    score_name: ClassVar[dict[str, str] | None] = None
    higher_score_wins: ClassVar[bool | None] = None

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.game_id,
            "title": dict(self.title),
            "players": [self.min_players, self.max_players],
            "options": [o.describe() for o in self.options],
        }
        if self.score_name is not None:
            out["score_name"] = dict(self.score_name)
        if self.higher_score_wins is not None:
            out["higher_score_wins"] = self.higher_score_wins
        return out

    def places(self, result: Mapping[str, Any]) -> list[int] | None:
        """Each seat's place in a finished game's `result` (1 the best), or None when the game does not
        say which way its scores rank: the winners first, then the others by score, best first as
        `higher_score_wins` says; seats that tie share the better place. Scores [3, 0, 5, 3], seat 1 the
        winner, fewest best: places [2, 1, 4, 2]."""
        if self.higher_score_wins is None:
            return None
        winners = set(result["winners"])
        keys = [(seat not in winners, -score if self.higher_score_wins else score)
                for seat, score in enumerate(result["scores"])]
        return [1 + sum(other < key for other in keys) for key in keys]

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        if options is not None and not isinstance(options, dict):
            raise BadSetup(f"options must be an object (a dict), not {options!r}")
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise BadSetup(f"{self.game_id} has no option {', '.join(map(repr, unknown))}; known: {sorted(known)}")
        return {name: o.check(given[name]) if name in given else o.default for name, o in known.items()}

    # --- the rules proper -------------------------------------------------------------------
    @abstractmethod
    def new_state(self, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None) -> S:
        """The starting state; `setup` is an explicit position (raise BadSetup when impossible)."""

    @abstractmethod
    def current_player(self, state: S) -> int | None: ...

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """The actions the seat to act may take, in a list of its own. The actions in it may be shared
        with later calls (a game may keep the actions it lists, as Dominuxen does, so that the bots'
        play-outs do not build them again): whoever asks reads them and never changes them, and
        `Game.legal_actions` hands out copies."""

    @abstractmethod
    def apply(self, state: S, action: A) -> list[E]:
        """Apply an action already known to be legal (one of legal_actions'), in place; return the
        events it caused, in a list of its own. Parts of the events may be shared with other calls' (a
        game may keep what they show, as Dominuxen keeps each set's view): whoever asks reads them and
        never changes them, and `Game.apply` hands out copies."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V: ...

    @abstractmethod
    def result(self, state: S) -> dict[str, Any]:
        """{"scores", "winners", ...}; `winners` is empty while the game goes on."""

    def copy_state(self, state: S) -> S:
        return copy.deepcopy(state)

    def explain_illegal(self, state: S, action: dict[str, Any]) -> str | None:
        """A game-specific reason an action is illegal, or None for the generic one. `action` is what
        the caller sent, any JSON object (Game.verify checked only its string "type"), not an `A`."""
        return None

    def seat_people(self, state: S, people: frozenset[int]) -> None:
        """Tell the state which seats people play (the others are bots; see Game.seat_people). Only a
        game whose rules let a person decide for a side shared with a bot keeps it (On Schedule: the
        answer to a double); the others play the same whoever sits where."""

    # --- what a seat knows -------------------------------------------------------------------
    def remembered_view(self, state: S, seat: int) -> V:
        """Everything `seat` has seen so far, which its bot remembers and decides from: the view, plus
        what the table has shown and since hidden again (On Schedule turns finished tricks over). Never
        anything the seat did not see."""
        return self.view(state, seat)


AnyRules = Rules[Any, Any, Any, Any]  # any game's rules, whatever its state and messages (Game, the catalog)
