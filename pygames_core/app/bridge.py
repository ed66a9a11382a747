"""The one generic bridge between the page (JavaScript, in a Web Worker) and the rules.

The page sends a JSON request `{"op": ..., ...}` and gets a JSON reply: `{"ok": true, ...}` or
`{"ok": false, "error": {"type": "IllegalAction", "message": "..."}}` (a BadSave's also names its
"reason", one of SAVE_PROBLEMS, for the page to say in its reader's words). Nothing game-specific
lives here: every game crosses the worker boundary through the same few operations.

Operations, each declared once in the registry `OPS` (its fields and the function that carries it out;
`?`: the field may be left out or null; every other field is required, and a field an operation does
not name is refused):
- `games`                                  -> {"games": list_games()}
- `levels` {game?, players?}               -> {"levels": list_levels(game, players)}: the bot levels, weakest
                                              first, with each searching level's default time budget (ms) and
                                              sample budget; with a game, those it offers at `players` (its
                                              fewest by default); the page reads them per game in `games`
- `how_to_play` {game}                     -> {"how_to_play": how_to_play(game)}: the game's rules for a
                                              newcomer (the page fetches howto/<game>.json first)
- `new`  {game, players?, seed?, options?, setup?, seat, people?}   -> {"sid", "snapshot"}
- `load` {text, seat, people?}             -> {"sid", "snapshot"}
- `act`  {sid, action}                     -> {"events", "snapshot"}
- `bot`  {sid, level?, seed?, time_budget_ms?, samples?, reproducible?} -> {"action", "events", "snapshot"}
                                              (`samples`: a searching level's sample budget instead of
                                              its time budget; `reproducible`: true for the seed derived
                                              from the game's and the move number and the level's own
                                              sample budget, where not given: ai/levels.bot_action)
- `undo` {sid}                             -> {"action", "snapshot"}
- `undo_turn` {sid}                        -> {"actions", "snapshot"}: the session's seat's last move and
                                              every move after it taken back (Game.undo_turn)
- `hint` {sid, seed?, time_budget_ms?, samples?, reproducible?} -> {"hint": {"action", "values", "samples",
                                              "reason"}} for the session's seat, from its own view, when
                                              it is that seat's turn (ai/levels.hint)
- `analysis` {sid, time_budget_ms?}        -> {"analysis": dict or null}: hindsight once the game is over;
                                              "unfinished": true in it means asking again goes on
- `snapshot` {sid}                         -> {"snapshot"}
- `hand_over` {sid, seat}                  -> {"snapshot"}: pass-and-play, the device passed to another of
                                              the session's people: the session speaks for `seat` from
                                              now on, and the snapshot is that seat's
- `scenario` {scenario}                    -> {"title", "intro", "seat", "frames"}: a scenario (scenario.py)
                                              checked by playing it through, with the seat's snapshot
                                              after each step (no session is opened); a frame is
                                              {"step", "action", "caption", "mover", "events", "marks",
                                              "snapshot"}, its marks "trick" and/or "deal" when the
                                              step ended one (Rules.trick_end_events, deal_end_events)
- `play_scenario` {scenario, steps?, seat?} -> {"sid", "snapshot"}: a live game from the scenario's
                                              position after `steps` steps (default 0; seat: the scenario's own)
- `replay` {text, seat?}                   -> {"scenario", "players", "frames"}: a finished game's save
                                              (to_json) as a scenario of its actions (its seed as a
                                              decimal string) and its frames from `seat`'s view
                                              (default 0; frames as for `scenario`): once a game is
                                              over nothing in it is secret any more, so a spectator's
                                              frames (seat null) also hold every seat's `hands`
- `close` {sid}                            -> {} (a sid that is no longer open: nothing to close)

Seats, sids and seeds. `seat` is a seat number (0, 1, ...) or null for a spectator, `sid` the number
`new` or `load` answered, `steps` a number of steps: JSON numbers, never true or false (Python would
take true for 1). A game's `seed` is a whole number from 0 to 2^64 - 1, given as a JSON number or,
as the page always gives it (a JavaScript number holds 53 bits exactly), as a string of decimal
digits: "18446744073709551615"; anything else (`"abc"`, 400 digits, -1, 1.5, true) is a BadSetup
saying what a seed is. Without a seed a game gets a fresh 64-bit one. A bot's or hint's `seed` is a
whole number (ai/levels.py).

A session speaks for its own seat only. It is opened for one seat (the person's; the other seats are
bots, Game.seat_people), or for none (a spectator). Several people may share one device (pass-and-play):
`people` lists every seat played by a person there (a list of distinct seat numbers holding `seat`;
left out, just `seat`), and `hand_over` moves the session's seat from one of them to another, so that
each person's table shows only their own seat's view. A spectator's session has no people.
- `act` plays only when the session's seat is to move. In a team game that includes a decision the
  rules hand to the person for their bot partner (On Schedule: the answer to a double): the game then
  names the person's seat as the one to move. A spectator never acts.
- `bot` moves whichever seat is to move (the page drives the bots' seats with it; asked on the
  session's own turn, a bot plays the person's move: it sees only that seat's view).
- `hint` is for the session's seat, on its turn.
- `undo_turn` (the page's Undo) takes back the session's seat's last move and the bots' moves after
  it in one request; `undo` takes back the last move only, whoever made it. Both only while the
  session's seat has a move in the history (Game.has_moved; the snapshot's `can_undo`): never the
  bots' moves from before the seat's first.
A request against these rules is a WrongSeat error.

Errors. Every reply is valid JSON, and a refused request changes nothing: a session's game is as it
was before the request (a move that failed half-way is put back). The error types:
- the library's (engine/errors.py): IllegalAction, BadSetup (UnknownGame), BadSave, BadScenario (app/scenario.py),
  BadHowToPlay (engine/howto.py), PygamesError (a bad bot level, seed, time or sample budget: ai/levels.py);
- BadRequest: the request itself is malformed: not JSON text, longer or nested deeper than the bounds
  of engine/limits.py (checked before it is parsed), text with a lone surrogate, NaN or Infinity, not an
  object, an unknown operation, a missing or unknown field, a `sid`, `seat` or `steps` of the wrong type
  or a seat the game does not have;
- BridgeError: no open game with that sid; a replay of a game that is not over;
- WrongSeat: see above;
- InternalError: anything else (a bug, or the runtime running short: RecursionError, MemoryError); its
  message names the Python exception, and its `trace` (an extension of the error object, found only
  on an InternalError) lists the traceback's last frames beneath the bridge, innermost last, each
  `my_game/rules.py, line 14, in apply: return hand[9]` (engine/errors.py last_frames): where a game's
  designer finds the bug (the page logs them to the browser's console). The session is kept as it was.

A snapshot (Game.snapshot) is what the page needs to draw one seat's table after every step:
{"game", "seat", "options", "seed" and "deal" (decimal strings), "view", "current_player", "legal"
 (only when it is that seat's turn), "is_over", "result", "moves", "can_undo", "save" (the to_json
 text, stored by the page so nothing is lost on reload; its seed is a JSON number, for Python only)}.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from pygames_core import analysis, bot_action, hint, how_to_play, list_games, list_levels, load_game, new_game
from pygames_core.app.scenario import parse_scenario
from pygames_core.engine.errors import BadSave, PygamesError, last_frames
from pygames_core.engine.game import Game
from pygames_core.engine.limits import check_json_text, check_value


class Session(NamedTuple):
    """An open game, the seat it speaks for now, and every seat played by a person at this device."""

    game: Game
    seat: int | None
    people: frozenset[int]


_sessions: dict[int, Session] = {}
_next_sid = 1

Request = dict[str, Any]  # a request as the page sent it: a JSON object whose fields _checked has checked
Reply = dict[str, Any]  # what `call` answers after "ok": a JSON object


class Op(NamedTuple):
    """One operation of the bridge: its fields (besides "op"), required and optional, what carries it
    out, and whether it changes a session's game (which `_kept` then puts back when it fails)."""

    required: frozenset[str]
    optional: frozenset[str]
    handler: Callable[[Request], Reply]
    changes: bool


OPS: dict[str, Op] = {}  # every operation by name, in the module docstring's order: @_op declares them


def _op(name: str, required: tuple[str, ...] = (), optional: tuple[str, ...] = (), *,
        changes: bool = False) -> Callable[[Callable[[Request], Reply]], Callable[[Request], Reply]]:
    """Declare the operation `name`, carried out by the function below, with its fields."""
    def declare(handler: Callable[[Request], Reply]) -> Callable[[Request], Reply]:
        OPS[name] = Op(frozenset(required), frozenset(optional), handler, changes)
        return handler
    return declare


MAX_MESSAGE = 1_000  # characters of an error message: one that quotes a huge input is cut short
TRACE_FRAMES = 4  # frames of an InternalError's trace: the failing line and the calls that led to it
INTERNAL_ERROR = "InternalError"


class BridgeError(PygamesError):
    """A request the bridge cannot carry out: no open game with that sid, a replay of an unfinished game."""


class BadRequest(BridgeError):
    """A malformed request: not JSON text within the bounds, not an object, an unknown operation, a
    missing or unknown field, or a sid, seat or steps that is not what it must be."""


class WrongSeat(BridgeError):
    """A request that is not the session's seat's to make (see the module's docstring)."""


def shown(value: Any) -> str:
    """`value` as JSON spells it (true, null), cut short when long: for error messages."""
    text = json.dumps(value)
    return text if len(text) <= 60 else f"{text[:60]}…"


def replay(text: Any, seat: Any) -> dict[str, Any]:
    game = load_game(text)
    if not game.is_over:
        raise BridgeError("only a finished game can be replayed: its hidden cards are still secret")
    _check_seat(seat, game.players)
    document = {"game": game.game_id, "players": game.players, "seed": str(game.seed), "options": game.options,
                "setup": game.setup, "seat": seat, "steps": [{"action": action} for action in game.history]}
    frames = parse_scenario(document).frames(every_hand=seat is None)
    return {"scenario": document, "players": game.players, "frames": frames}


def _check_seat(seat: Any, players: int) -> None:
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise BadRequest(f"seat is a seat number from 0 to {players - 1} (or null for a spectator), not {shown(seat)}")


def _people(people: Any, seat: int | None, players: int) -> frozenset[int]:
    """The seats played by people at this device (a request's `people`), checked: distinct seat
    numbers, the session's own `seat` among them; left out (None), just `seat`."""
    if people is None:
        return frozenset() if seat is None else frozenset((seat,))
    if seat is None:
        raise BadRequest(f"a spectator's session has no people, not {shown(people)}")
    if not isinstance(people, list):
        raise BadRequest(f"people is a list of the seats played by people, not {shown(people)}")
    for person in people:
        _check_seat(person, players)
        if person is None:
            raise BadRequest("people lists seat numbers, not null")
    if len(set(people)) != len(people) or seat not in people:
        raise BadRequest(f"people lists distinct seats, the session's seat {seat} among them, not {shown(people)}")
    return frozenset(people)


def _open(game: Game, seat: Any, people: Any = None) -> dict[str, Any]:
    global _next_sid
    _check_seat(seat, game.players)
    seated = _people(people, seat, game.players)
    game.seat_people(seated)  # the others are bots: a person decides for their team
    sid = _next_sid
    _next_sid += 1
    _sessions[sid] = Session(game, seat, seated)
    return {"sid": sid, "snapshot": game.snapshot(seat)}


def _sid(request: dict[str, Any]) -> int:
    sid = request["sid"]
    if type(sid) is not int:
        raise BadRequest(f"sid is the number new or load answered, not {shown(sid)}")
    return sid


def _session(request: dict[str, Any]) -> Session:
    sid = _sid(request)
    if sid not in _sessions:
        raise BridgeError(f"no open game with sid {sid}")
    return _sessions[sid]


def _on_turn(game: Game, seat: int | None, what: str) -> None:
    """Raise WrongSeat unless the session's `seat` may `what` now: the game is over (the library then
    says so) or that seat is to move."""
    if game.is_over or game.current_player == seat:
        return
    if seat is None:
        raise WrongSeat(f"a spectator's session cannot {what}")
    raise WrongSeat(f"seat {game.current_player} is to move, not this session's seat {seat}: it cannot {what} "
                    "(a bot's seat moves with the bot operation)")


def _checked(request: Any) -> Op:
    """The request's operation, once its fields are those the operation takes."""
    if not isinstance(request, dict):
        raise BadRequest(f"a request is a JSON object with an \"op\", not {shown(request)}")
    name = request.get("op")
    if not isinstance(name, str) or name not in OPS:
        raise BadRequest(f"unknown bridge operation {shown(name)}; the operations are {', '.join(OPS)}")
    op = OPS[name]
    missing = sorted(op.required - request.keys())
    if missing:
        raise BadRequest(f"{name} needs the field {', '.join(missing)}")
    unknown = sorted(request.keys() - op.required - op.optional - {"op"})
    if unknown:
        known = ", ".join(sorted(op.required | op.optional)) or "none"
        raise BadRequest(f"{name} has no field {', '.join(map(shown, unknown))} (its fields: {known})")
    return op


def handle(request: Any) -> Reply:
    return _checked(request).handler(request)


# --- the operations, in the module docstring's order ----------------------------------------------------

@_op("games")
def _games(request: Request) -> Reply:
    return {"games": list_games()}


@_op("levels", (), ("game", "players"))
def _levels(request: Request) -> Reply:
    return {"levels": list_levels(request.get("game"), request.get("players"))}


@_op("how_to_play", ("game",))
def _how_to_play(request: Request) -> Reply:
    return {"how_to_play": how_to_play(request["game"])}


@_op("new", ("game", "seat"), ("players", "seed", "options", "setup", "people"))
def _new(request: Request) -> Reply:
    game = new_game(request["game"], players=request.get("players"), seed=request.get("seed"),
                    options=request.get("options"), setup=request.get("setup"))
    return _open(game, request["seat"], request.get("people"))


@_op("load", ("text", "seat"), ("people",))
def _load(request: Request) -> Reply:
    return _open(load_game(request["text"]), request["seat"], request.get("people"))


@_op("act", ("sid", "action"), changes=True)
def _act(request: Request) -> Reply:
    game, seat, _ = _session(request)
    _on_turn(game, seat, "act")
    events = game.apply(request["action"])
    return {"events": events, "snapshot": game.snapshot(seat)}


@_op("bot", ("sid",), ("level", "seed", "time_budget_ms", "samples", "reproducible"), changes=True)
def _bot(request: Request) -> Reply:
    game, seat, _ = _session(request)
    action = bot_action(game, request.get("level", "normal"), seed=request.get("seed"),
                        time_budget_ms=request.get("time_budget_ms"), samples=request.get("samples"),
                        reproducible=_flag(request, "reproducible"))
    events = game.apply(action)
    return {"action": action, "events": events, "snapshot": game.snapshot(seat)}


@_op("undo", ("sid",), changes=True)
def _undo(request: Request) -> Reply:
    game, seat = _taking_back(request)
    action = game.undo()
    return {"action": action, "snapshot": game.snapshot(seat)}


@_op("undo_turn", ("sid",), changes=True)
def _undo_turn(request: Request) -> Reply:
    game, seat = _taking_back(request)
    return {"actions": game.undo_turn(seat), "snapshot": game.snapshot(seat)}


def _taking_back(request: Request) -> tuple[Game, int]:
    """The session's game and seat, once the seat has a move of its own to take back."""
    game, seat, _ = _session(request)
    if seat is None or not game.has_moved(seat):
        raise WrongSeat(f"this session's seat has no move to take back ({'a spectator' if seat is None else seat}"
                        " may not take back the bots' moves from before its own)")
    return game, seat


@_op("hint", ("sid",), ("seed", "time_budget_ms", "samples", "reproducible"))
def _hint(request: Request) -> Reply:
    game, seat, _ = _session(request)
    _on_turn(game, seat, "ask for a hint")
    return {"hint": hint(game, seed=request.get("seed"), time_budget_ms=request.get("time_budget_ms"),
                         samples=request.get("samples"), reproducible=_flag(request, "reproducible"))}


def _flag(request: Request, name: str) -> Any:
    """An optional true-or-false field: false when left out or null; anything else as given, for the
    function it goes to to judge."""
    given = request.get(name)
    return False if given is None else given


@_op("analysis", ("sid",), ("time_budget_ms",))
def _analysis(request: Request) -> Reply:
    game, _, _ = _session(request)
    return {"analysis": analysis(game, time_budget_ms=request.get("time_budget_ms"))}


@_op("snapshot", ("sid",))
def _snapshot(request: Request) -> Reply:
    game, seat, _ = _session(request)
    return {"snapshot": game.snapshot(seat)}


@_op("hand_over", ("sid", "seat"))
def _hand_over(request: Request) -> Reply:
    game, _, people = _session(request)
    if type(request["seat"]) is not int or request["seat"] not in people:
        raise WrongSeat(f"the device can be passed only to a seat played by a person here ({sorted(people)}),"
                        f" not {shown(request['seat'])}")
    _sessions[request["sid"]] = Session(game, request["seat"], people)
    return {"snapshot": game.snapshot(request["seat"])}


@_op("scenario", ("scenario",))
def _scenario(request: Request) -> Reply:
    scenario = parse_scenario(request["scenario"])
    return {"title": scenario.title, "intro": scenario.intro, "seat": scenario.seat, "frames": scenario.frames()}


@_op("play_scenario", ("scenario",), ("steps", "seat"))
def _play_scenario(request: Request) -> Reply:
    scenario = parse_scenario(request["scenario"])
    return _open(scenario.start(request.get("steps", 0)), request.get("seat", scenario.seat))


@_op("replay", ("text",), ("seat",))
def _replay(request: Request) -> Reply:
    return replay(request["text"], request.get("seat", 0))


@_op("close", ("sid",))
def _close(request: Request) -> Reply:
    _sessions.pop(_sid(request), None)
    return {}


# Each operation's required fields and optional ones, read from the registry: what tests/test_bridge_fuzz.py
# draws its requests from.
_FIELDS = {name: (op.required, op.optional) for name, op in OPS.items()}


def _parsed(request_text: Any) -> Any:
    """The request, parsed once its text is known to be within the bounds (json.loads recurses)."""
    if not isinstance(request_text, str):
        raise BadRequest(f"a request is JSON text, not {type(request_text).__name__}")
    check_json_text(request_text, "the request", BadRequest)
    try:
        request = json.loads(request_text, parse_constant=_refuse_constant)
    except ValueError as exc:  # malformed JSON, or a number of more than 4300 digits
        raise BadRequest(f"the request is not valid JSON: {exc}") from None
    check_value(request, "the request", BadRequest)
    return request


def _refuse_constant(name: str) -> Any:
    raise BadRequest(f"{name} is not a JSON value")


@contextmanager
def _kept(request: Any) -> Iterator[None]:
    """Put the session's game back as it was when what the block does to it fails, however it fails
    (a bug half-way through a move, a reply that cannot be written)."""
    name = request.get("op") if isinstance(request, dict) else None
    op = OPS.get(name) if isinstance(name, str) else None  # a list or a dict "op" cannot be looked up
    sid = request.get("sid") if op is not None and op.changes else None
    if type(sid) is not int or sid not in _sessions:
        yield
        return
    session = _sessions[sid]
    before = session.game.copy()
    try:
        yield
    except BaseException:
        _sessions[sid] = session._replace(game=before)
        raise


def _cut(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else f"{text[:MAX_MESSAGE]}…"


def _error_reply(kind: str, message: str, trace: list[str] | None = None, reason: str | None = None) -> str:
    error: dict[str, Any] = {"type": kind, "message": _cut(message)}
    if reason is not None:
        error["reason"] = reason
    if trace is not None:
        error["trace"] = [_cut(frame) for frame in trace]
    # ensure_ascii: a message quoting a lone surrogate is still written (as \\udxxx)
    return json.dumps({"ok": False, "error": error})


def call(request_text: str) -> str:
    """JSON in, JSON out: the single entry point the Web Worker uses. Never raises for any input: an
    error is a reply naming its type (see the module's docstring)."""
    try:
        request = _parsed(request_text)
        with _kept(request):
            return json.dumps({"ok": True, **handle(request)}, ensure_ascii=False, allow_nan=False)
    except BadSave as exc:
        return _error_reply(type(exc).__name__, str(exc), reason=exc.reason)
    except PygamesError as exc:
        return _error_reply(type(exc).__name__, str(exc))
    except Exception as exc:  # a bug or the runtime running short: named, and the worker lives on
        try:
            # (the file as tracebacks name it: in the page, the path its .pyc was compiled for)
            trace = last_frames(exc, TRACE_FRAMES, below=call.__code__.co_filename)
            return _error_reply(INTERNAL_ERROR, f"{type(exc).__name__}: {exc}", trace)
        except Exception:  # even the exception cannot be put into words (no memory left for them)
            return '{"ok": false, "error": {"type": "InternalError", "message": "an error that cannot be shown"}}'
