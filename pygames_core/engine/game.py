"""The game/state split shared by every game.

A `Rules` object (engine/rules.py, one per game) knows how to set up a state, list and apply
actions, and show per-seat views; it keeps no state itself. A `Game` is one game being played: the public
contract object, which owns a state, checks every action against the legal list before touching
anything (so a rejected action leaves the state exactly as it was), logs actions for replay and
undo, and writes and reads saves.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, Generic, NotRequired, TypedDict

from pygames_core.engine.errors import BadSave, BadSetup, IllegalAction, PygamesError
from pygames_core.engine.limits import check_json_text, check_value
from pygames_core.engine.rng import Rng, check_seed, fresh_seed
from pygames_core.engine.rules import A, AnyRules, V, is_seat

SAVE_FORMAT = "pygames/save"
SAVE_VERSION = 1


class Snapshot(TypedDict, Generic[A, V]):
    """What a page needs to draw one seat's table (Game.snapshot), for a game whose actions are `A` and
    whose view is `V` (the bridge's snapshots; web/generated/messages.d.ts has it as each game's)."""

    game: str
    seat: int | None  # None: a spectator's
    options: dict[str, Any]  # the game's options, as checked (any JSON: each game declares its own)
    seed: str  # decimal digits: a JavaScript number holds 53 bits exactly, a seed 64
    deal: str | None  # the seed, unless the game started from an explicit set-up
    view: V
    current_player: int | None
    legal: list[A]  # only on that seat's turn
    is_over: bool
    result: dict[str, Any]  # Rules.result's, with "over" (any JSON: each game says more)
    moves: int
    can_undo: bool
    save: NotRequired[str]  # the to_json text the page keeps


# json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)'s encoder, made once: dumps makes
# one at every call given any keyword, and every action applied is written out twice (Game.verify)
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _canonical(data: Any) -> str:
    return _CANONICAL.encode(data)


def _check_text(payload: dict[str, Any]) -> str:
    return hashlib.sha256(_canonical(payload).encode()).hexdigest()[:32]


# What Game.result adds to the rules' own result: whether the game is over and, once it is, the game's
# declared scoring. A game's game_over event carries the rules' result, which may leave these out.
RESULT_ADDITIONS = frozenset({"over", "score_name", "higher_score_wins", "places"})


@dataclass
class Game:
    """One game being played: the object `pygames_core.new_game` returns."""

    rules: AnyRules
    players: int
    seed: int
    options: dict[str, Any]
    setup: dict[str, Any] | None
    _state: Any = field(repr=False)
    _history: list[dict[str, Any]] = field(default_factory=list, repr=False)
    _people: frozenset[int] = field(default=frozenset(), repr=False)
    # the seat that was to move at each action of the history: who may take it back (has_moved)
    _movers: list[int] = field(default_factory=list, repr=False)

    @classmethod
    def create(cls, rules: AnyRules, players: int | None, seed: int | str | None, options: dict[str, Any] | None,
               setup: dict[str, Any] | None) -> Game:
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
    def history(self) -> list[dict[str, Any]]:
        return copy.deepcopy(self._history)

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.is_over:
            return []
        # copies: the rules may share their actions with later calls (Rules.legal_actions)
        return [_copied(action) for action in self.rules.legal_actions(self._state)]

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

    def apply(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        self.verify(action)
        action = _deep_copy(action)
        mover = self.current_player
        assert mover is not None  # verify refuses every action once the game is over
        events = self.rules.apply(self._state, action)
        self._history.append(action)
        self._movers.append(mover)
        return [_copied(event) for event in events]  # a game may share parts of its events (Rules.apply)

    def undo(self) -> dict[str, Any]:
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

    def undo_turn(self, seat: int) -> list[dict[str, Any]]:
        """Take back `seat`'s last move and every move after it (the bots' answers), so that `seat` is
        to decide again where it last decided; return the actions taken back, oldest first. One replay
        from the start, however many moves go (undo would replay once a move)."""
        if seat not in self._movers:
            raise IllegalAction(f"seat {seat} has no move to take back")
        cut = len(self._movers) - 1 - self._movers[::-1].index(seat)
        kept, taken = self._history[:cut], self._history[cut:]
        rebuilt = Game.create(self.rules, self.players, self.seed, self.options, self.setup)
        for action in kept:
            rebuilt.rules.apply(rebuilt._state, action)
        rebuilt.seat_people(self._people)
        self._state, self._history, self._movers = rebuilt._state, kept, self._movers[:cut]
        return taken

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

    def view(self, player: int | None = None) -> dict[str, Any]:
        if player is not None and (not isinstance(player, int) or not 0 <= player < self.players):
            raise PygamesError(f"no seat {player!r} in a {self.players}-player game")
        shown: dict[str, Any] = self.rules.view(self._state, player)  # a view is a JSON object
        return shown

    def remembered_view(self, player: int) -> dict[str, Any]:
        """What the bots and hints decide from: `player`'s view with everything its seat has seen
        (Rules.remembered_view)."""
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise PygamesError(f"no seat {player!r} in a {self.players}-player game")
        remembered: dict[str, Any] = self.rules.remembered_view(self._state, player)
        return remembered

    def result(self) -> dict[str, Any]:
        """The rules' result, with what the game adds to it (RESULT_ADDITIONS)."""
        out = self.rules.result(self._state)
        out["over"] = self.is_over
        if self.is_over:  # the game's declared scoring (Rules.score_name, higher_score_wins), said where its end is
            if self.rules.score_name is not None:
                out["score_name"] = dict(self.rules.score_name)
            places = self.rules.places(out)
            if places is not None:
                out["higher_score_wins"] = self.rules.higher_score_wins
                out["places"] = places
        return out

    def snapshot(self, seat: int | None, *, save: bool = True) -> Snapshot:
        """Everything a page needs to draw `seat`'s table now (None: a spectator's): the view, the
        legal actions when it is that seat's turn, the result, the game's options, its seed and its deal
        (the seed, unless the game started from an explicit set-up: a solitaire's deal number), both
        as decimal strings (a JavaScript number holds 53 bits exactly, a seed 64), whether the seat has
        a move to take back (`can_undo`, see has_moved), and (with `save`) the to_json text the page
        keeps so nothing is lost on reload."""
        current = self.current_player
        shown: Snapshot = {
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


def _copied(value: Any) -> Any:
    """A copy of a JSON value, as deep as its lists and objects go (copy.deepcopy's result, several times
    quicker); anything else, immutable, is shared as it is (a tuple too: the contract suite names one)."""
    if type(value) is dict:
        return {key: _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


# the types copy.deepcopy returns as they are, which JSON writes as scalars; and a plain key's
_SCALARS = frozenset({str, int, float, bool, type(None)})
_KEYS = frozenset({str})


def _deep_copy(action: dict[str, Any]) -> dict[str, Any]:
    """copy.deepcopy(action); a plain dict of scalars under plain string keys (most actions: a card, a suit)
    copied by dict(), which is then the same copy (deepcopy returns each scalar itself) in a fraction of the time."""
    if type(action) is dict and _SCALARS.issuperset(map(type, action.values())) and _KEYS.issuperset(map(type, action)):
        return dict(action)
    copied: dict[str, Any] = copy.deepcopy(action)
    return copied


def _generic_reason(action: dict[str, Any], legal: list[dict[str, Any]]) -> str:
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


def load(text: Any, find_rules: Callable[[str], AnyRules]) -> Game:
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
        raise BadSave("this is not a pygames save", "not_a_save")
    if set(payload) != expected:
        raise BadSave(f"the save has the wrong fields: {sorted(set(payload) ^ expected)}", "not_a_save")
    if payload["version"] != SAVE_VERSION:
        raise BadSave(f"save version {payload['version']!r} is not supported (this build reads {SAVE_VERSION})",
                      "version")
    check = payload.pop("check")
    if check != _check_text(payload):
        raise BadSave("the save was altered: its check does not match its contents", "altered")
    if not isinstance(payload["actions"], list):
        raise BadSave("the save's actions are not a list", "not_a_save")
    if type(payload["seed"]) is not int:  # a save writes its seed as a JSON number, read exactly here
        raise BadSave(f"the save's seed is not a whole number: {payload['seed']!r}", "not_a_save")
    try:
        game = Game.create(find_rules(payload["game"]), payload["players"], payload["seed"],
                           payload["options"], payload["setup"])
    except BadSetup as exc:
        raise BadSave(f"the saved game cannot be set up: {exc}", "does_not_replay") from None
    for number, action in enumerate(payload["actions"], 1):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise BadSave(f"action {number} does not replay: {exc}", "does_not_replay") from None
    return game
