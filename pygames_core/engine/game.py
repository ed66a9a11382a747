"""The game/state split shared by every game.

A `Rules` object (one per game module) knows how to set up a state, list and apply actions, and
show per-seat views; it keeps no state itself. A `Game` is one game being played: the public
contract object, which owns a state, checks every action against the legal list before touching
anything (so a rejected action leaves the state exactly as it was), logs actions for replay and
undo, and writes and reads saves.
"""

from __future__ import annotations

import copy
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pygames_core.engine.errors import BadSave, BadSetup, IllegalAction, PygamesError
from pygames_core.engine.limits import check_json_text, check_value
from pygames_core.engine.rng import Rng, check_seed, fresh_seed
from pygames_core.kit.seats import is_seat

if TYPE_CHECKING:
    from pygames_core.kit.match import Match

S = TypeVar("S")

SAVE_FORMAT = "pygames/save"
SAVE_VERSION = 1


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

    def describe(self) -> dict:
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


class Rules(ABC, Generic[S]):
    """Everything one game's rules define. Subclasses are stateless singletons."""

    game_id: str
    title: ClassVar[dict[str, str]]
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    # The event types that end a trick and a deal (or, where a game is one of a series, a game of it):
    # a step that caused one is marked so, and a replay's reader can jump between them (scenario.py).
    trick_end_events: ClassVar[frozenset[str]] = frozenset({"trick_won"})
    deal_end_events: ClassVar[frozenset[str]] = frozenset({"deal_over"})

    def describe(self) -> dict:
        return {
            "id": self.game_id,
            "title": dict(self.title),
            "players": [self.min_players, self.max_players],
            "options": [o.describe() for o in self.options],
        }

    def check_options(self, options: dict | None) -> dict:
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
    def new_state(self, players: int, options: dict, rng: Rng, setup: dict | None) -> S:
        """The starting state; `setup` is an explicit position (raise BadSetup when impossible)."""

    @abstractmethod
    def current_player(self, state: S) -> int | None: ...

    @abstractmethod
    def legal_actions(self, state: S) -> list[dict]: ...

    @abstractmethod
    def apply(self, state: S, action: dict) -> list[dict]:
        """Apply an action already known to be legal, in place; return the events it caused."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict: ...

    @abstractmethod
    def result(self, state: S) -> dict:
        """{"scores", "winners", ...}; `winners` is empty while the game goes on."""

    def copy_state(self, state: S) -> S:
        return copy.deepcopy(state)

    def explain_illegal(self, state: S, action: dict) -> str | None:
        """A game-specific reason an action is illegal, or None for the generic one."""
        return None

    def seat_people(self, state: S, people: frozenset[int]) -> None:
        """Tell the state which seats people play (the others are bots; see Game.seat_people). Only a
        game whose rules let a person decide for a side shared with a bot keeps it (On Schedule: the
        answer to a double); the others play the same whoever sits where."""

    # --- hooks for the bots (see bots.py) -----------------------------------------------------
    def remembered_view(self, state: S, seat: int) -> dict:
        """Everything `seat` has seen so far, which its bot remembers and decides from: the view, plus
        what the table has shown and since hidden again (On Schedule turns finished tricks over). Never
        anything the seat did not see."""
        return self.view(state, seat)

    def sample_state(self, view: dict, rng: Rng) -> S:
        """A full state consistent with everything `view` shows (hidden cards dealt at random)."""
        raise NotImplementedError

    def policy_action(self, state: S, rng: Rng) -> dict:
        """A quick sensible action for the player to move, using only what that seat could know."""
        return rng.choice(self.legal_actions(state))

    def search_actions(self, view: dict, legal: list[dict]) -> list[dict]:
        """The actions the hard bot's search compares (from the mover's view): every legal one, unless
        a game has too many to try each and names representatives (they must all be legal)."""
        return legal

    def playout_done(self, start: S, state: S) -> bool:
        """Where a hard bot's play-out stops (default: the end of the game)."""
        return self.current_player(state) is None

    def evaluate(self, state: S, seat: int) -> float:
        """How good `state` is for `seat`, in [0, 1], at the end of a play-out."""
        winners = self.result(state)["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0

    # --- the doubling cube (cube.py), for games that offer it ----------------------------------------
    def cube_match(self, state: S) -> Match | None:
        """The match and doubling cube of this state; None when the game is played without the cube."""
        return None

    def side_of(self, seat: int) -> int:
        """The side (0 or 1) a seat plays for in a cube match: the seat itself, or its team."""
        return seat

    def win_chance(self, view: dict) -> float:
        """The normal bot's quick estimate, from `view` only, of the chance that the viewing seat's
        side wins the game being played (a tie counts half); games with the cube define it."""
        raise NotImplementedError

    # --- help for a human player (see bots.hint and the bridge's `hint` and `analysis`) ----------
    def hint(self, view: dict, legal: list[dict], budget_ms: int, rng: Rng) -> dict | None:
        """A game's own suggestion for the player whose `view` this is (it must read nothing else):
        {"action", "values", "samples", "reason"} like bots.hint (its reason may carry "text" in
        words), or None to let the hard bot's search answer."""
        return None

    def analysis(self, game: Game, budget_ms: int) -> dict | None:
        """After the game, what hindsight can say about it (e.g. the best a solitaire deal allowed),
        within about `budget_ms`; None when the game has nothing to say."""
        return None


# --- checks shared by every game's explicit set-ups ---------------------------------------------

def check_setup_keys(setup: dict, known: Collection[str]) -> None:
    unknown = sorted(set(setup) - set(known))
    if unknown:
        raise BadSetup(f"unknown set-up keys {unknown}; known: {sorted(known)}")


def setup_seat(setup: dict, key: str, default: int, players: int) -> int:
    seat = setup.get(key, default)
    if not is_seat(seat, players):
        raise BadSetup(f"{key} must be a seat 0-{players - 1}, not {seat!r}")
    return seat


def setup_deal(setup: dict) -> int:
    deal = setup.get("deal", 1)
    if type(deal) is not int or deal < 1:
        raise BadSetup(f"deal must be a number from 1, not {deal!r}")
    return deal


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _check_text(payload: dict) -> str:
    return hashlib.sha256(_canonical(payload).encode()).hexdigest()[:32]


@dataclass
class Game:
    """One game being played: the object `pygames_core.new_game` returns."""

    rules: Rules
    players: int
    seed: int
    options: dict
    setup: dict | None
    _state: Any = field(repr=False)
    _history: list[dict] = field(default_factory=list, repr=False)
    _people: frozenset[int] = field(default=frozenset(), repr=False)
    # the seat that was to move at each action of the history: who may take it back (has_moved)
    _movers: list[int] = field(default_factory=list, repr=False)

    @classmethod
    def create(cls, rules: Rules, players: int | None, seed: int | str | None, options: dict | None,
               setup: dict | None) -> Game:
        """A new game; `seed` is an int or the same number in decimal digits (rng.check_seed)."""
        check_value(options, "the options", BadSetup)  # first: a deep one would break what follows
        check_value(setup, "the set-up", BadSetup)
        if players is None:
            players = rules.min_players
        if not isinstance(players, int) or isinstance(players, bool) or not (
            rules.min_players <= players <= rules.max_players
        ):
            raise BadSetup(f"{rules.game_id} is for {rules.min_players}-{rules.max_players} players, not {players!r}")
        seed = fresh_seed() if seed is None else check_seed(seed, BadSetup)
        if setup is not None and not isinstance(setup, dict):
            raise BadSetup("setup must be an object (a dict)")
        checked = rules.check_options(options)
        state = rules.new_state(players, checked, Rng(seed), copy.deepcopy(setup))
        return cls(rules, players, seed, checked, copy.deepcopy(setup), state)

    # --- the contract -----------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.rules.game_id

    @property
    def current_player(self) -> int | None:
        return self.rules.current_player(self._state)

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def history(self) -> list[dict]:
        return copy.deepcopy(self._history)

    def legal_actions(self) -> list[dict]:
        if self.is_over:
            return []
        return self.rules.legal_actions(self._state)

    def verify(self, action: Any) -> None:
        """Raise IllegalAction, with the reason, unless `action` is legal now (PokerKit's verify)."""
        check_value(action, "an action", IllegalAction)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(f"an action is an object with a string 'type', not {action!r}")
        try:
            text = _canonical(action)
        except (TypeError, ValueError):
            raise IllegalAction(f"an action is plain JSON data, not {action!r}") from None
        if self.is_over:
            raise IllegalAction("the game is over: no more actions")
        legal = self.rules.legal_actions(self._state)
        # compare as JSON text, so 1.0 or true is not taken for the legal 1 (Python's == would); only
        # the few actions == finds are turned into text, which matters when a game has thousands
        if text in {_canonical(a) for a in legal if a == action}:
            return
        reason = self.rules.explain_illegal(self._state, action) or _generic_reason(action, legal)
        raise IllegalAction(f"{_canonical(action)} is not legal: {reason}")

    def can_apply(self, action: Any) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: dict) -> list[dict]:
        self.verify(action)
        action = copy.deepcopy(action)
        mover = self.current_player
        events = self.rules.apply(self._state, action)
        self._history.append(action)
        self._movers.append(mover)
        return events

    def undo(self) -> dict:
        """Take back the last action (by replaying the others from the start) and return it."""
        if not self._history:
            raise IllegalAction("nothing to undo")
        *kept, last = self._history
        rebuilt = Game.create(self.rules, self.players, self.seed, self.options, self.setup)
        for action in kept:
            rebuilt.rules.apply(rebuilt._state, action)
        rebuilt.seat_people(self._people)
        self._state, self._history, self._movers = rebuilt._state, kept, self._movers[:-1]
        return last

    def has_moved(self, seat: int) -> bool:
        """Whether an action of the history was `seat`'s to take (the seat to move then; a person who
        decided for a bot partner, Game.seat_people, counts for the person's seat when it was seated)."""
        return seat in self._movers

    def seat_people(self, seats: Collection[int]) -> None:
        """The seats played by people at this table; the others are played by bots (none named: every
        seat decides for itself). In a team game a person then decides for the team where the rules
        would ask their bot partner (On Schedule: the answer to a double, docs/games/on_schedule.md).
        The actions, and so the save, do not change: the people are the table's, not the game's."""
        people = frozenset(seats)
        for seat in people:
            if not is_seat(seat, self.players):
                raise PygamesError(f"no seat {seat!r} in a {self.players}-player game")
        self._people = people
        self.rules.seat_people(self._state, people)

    def view(self, player: int | None = None) -> dict:
        if player is not None and (not isinstance(player, int) or not 0 <= player < self.players):
            raise PygamesError(f"no seat {player!r} in a {self.players}-player game")
        return self.rules.view(self._state, player)

    def remembered_view(self, player: int) -> dict:
        """What the bots and hints decide from: `player`'s view with everything its seat has seen
        (Rules.remembered_view)."""
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise PygamesError(f"no seat {player!r} in a {self.players}-player game")
        return self.rules.remembered_view(self._state, player)

    def result(self) -> dict:
        out = self.rules.result(self._state)
        out["over"] = self.is_over
        return out

    def snapshot(self, seat: int | None, *, save: bool = True) -> dict:
        """Everything a page needs to draw `seat`'s table now (None: a spectator's): the view, the
        legal actions when it is that seat's turn, the result, the game's options, its seed and its deal
        (the seed, unless the game started from an explicit set-up: a solitaire's deal number), both
        as decimal strings (a JavaScript number holds 53 bits exactly, a seed 64), whether the seat has
        a move to take back (`can_undo`, see has_moved), and (with `save`) the to_json text the page
        keeps so nothing is lost on reload."""
        current = self.current_player
        shown = {
            "game": self.game_id,
            "seat": seat,
            "options": self.options,
            "seed": str(self.seed),
            "deal": str(self.seed) if self.setup is None else None,
            "view": self.view(seat),
            "current_player": current,
            "legal": self.legal_actions() if current is not None and current == seat else [],
            "is_over": self.is_over,
            "result": self.result(),
            "moves": len(self._history),
            "can_undo": seat is not None and self.has_moved(seat),
        }
        if save:
            shown["save"] = self.to_json()
        return shown

    def to_json(self) -> str:
        payload = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "setup": self.setup,
            "actions": self._history,
        }
        payload["check"] = _check_text(payload)
        return _canonical(payload)

    def copy(self) -> Game:
        return Game(self.rules, self.players, self.seed, dict(self.options), copy.deepcopy(self.setup),
                    self.rules.copy_state(self._state), copy.deepcopy(self._history), self._people,
                    list(self._movers))


def _generic_reason(action: dict, legal: list[dict]) -> str:
    kinds = sorted({a["type"] for a in legal})
    same_kind = [a for a in legal if a["type"] == action["type"]]
    if not same_kind:
        return f"expected an action of type {' or '.join(kinds)}"
    for key in sorted(set().union(*same_kind) | set(action)):
        allowed = {_canonical(a.get(key)) for a in same_kind}
        if _canonical(action.get(key)) not in allowed:
            shown = sorted(json.loads(v) for v in allowed if v != "null")
            return f"{key}={action.get(key)!r} is not allowed now (allowed: {shown})"
    return "that combination is not allowed now"


def load(text: Any, find_rules: Callable[[str], Rules]) -> Game:
    """Rebuild a game from `Game.to_json()` text, or raise BadSave."""
    if not isinstance(text, str):
        raise BadSave("a save is a text (JSON string)")
    check_json_text(text, "the save", BadSave)
    try:
        payload = json.loads(text)
    except ValueError:
        raise BadSave("the save is not valid JSON (is the file complete?)") from None
    check_value(payload, "the save", BadSave)
    expected = {"format", "version", "game", "players", "seed", "options", "setup", "actions", "check"}
    if not isinstance(payload, dict) or payload.get("format") != SAVE_FORMAT:
        raise BadSave("this is not a pygames save")
    if set(payload) != expected:
        raise BadSave(f"the save has the wrong fields: {sorted(set(payload) ^ expected)}")
    if payload["version"] != SAVE_VERSION:
        raise BadSave(f"save version {payload['version']!r} is not supported (this build reads {SAVE_VERSION})")
    check = payload.pop("check")
    if check != _check_text(payload):
        raise BadSave("the save was altered: its check does not match its contents")
    if not isinstance(payload["actions"], list):
        raise BadSave("the save's actions are not a list")
    if type(payload["seed"]) is not int:  # a save writes its seed as a JSON number, read exactly here
        raise BadSave(f"the save's seed is not a whole number: {payload['seed']!r}")
    try:
        game = Game.create(find_rules(payload["game"]), payload["players"], payload["seed"],
                           payload["options"], payload["setup"])
    except BadSetup as exc:
        raise BadSave(f"the saved game cannot be set up: {exc}") from None
    for number, action in enumerate(payload["actions"], 1):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise BadSave(f"action {number} does not replay: {exc}") from None
    return game
