"""The one generic bridge between the page (JavaScript, in a Web Worker) and the rules.

The page sends a JSON request `{"op": ..., ...}` and gets a JSON reply: `{"ok": true, ...}` or
`{"ok": false, "error": {"type": "IllegalAction", "message": "..."}}`. Nothing game-specific
lives here: every game crosses the worker boundary through the same few operations.

Operations:
- `games`                                  -> {"games": list_games()}
- `how_to_play` {game}                     -> {"how_to_play": how_to_play(game)}: the game's rules for a
                                              newcomer (the page fetches howto/<game>.json first)
- `new`  {game, players?, seed?, options?, setup?, seat}   -> {"sid", "snapshot"}
- `load` {text, seat}                      -> {"sid", "snapshot"}
- `act`  {sid, action}                     -> {"events", "snapshot"}
- `bot`  {sid, level?, seed?, time_budget_ms?} -> {"action", "events", "snapshot"}
- `undo` {sid}                             -> {"action", "snapshot"}
- `hint` {sid, seed?, time_budget_ms?}     -> {"hint": {"action", "values", "samples", "reason"}} for the session's
                                              seat, from its own view, when it is that seat's turn (bots.hint)
- `analysis` {sid, time_budget_ms?}        -> {"analysis": dict or null}: hindsight once the game is over;
                                              "unfinished": true in it means asking again goes on
- `snapshot` {sid}                         -> {"snapshot"}
- `scenario` {scenario}                    -> {"title", "intro", "seat", "frames"}: a scenario (scenario.py)
                                              checked by playing it through, with the seat's snapshot
                                              after each step (no session is opened); a frame is
                                              {"step", "action", "caption", "mover", "events", "marks",
                                              "snapshot"}, its marks "trick" and/or "deal" when the
                                              step ended one (Rules.trick_end_events, deal_end_events)
- `play_scenario` {scenario, steps, seat?} -> {"sid", "snapshot"}: a live game from the scenario's
                                              position after `steps` steps (seat: the scenario's own)
- `replay` {text, seat?}                   -> {"scenario", "players", "frames"}: a finished game's save
                                              (to_json) as a scenario of its actions and its frames from
                                              `seat`'s view (default 0; frames as for `scenario`): once a
                                              game is over nothing in it is secret any more
- `close` {sid}                            -> {}

A snapshot (Game.snapshot) is what the page needs to draw one seat's table after every step:
{"game", "seat", "view", "current_player", "legal" (only when it is that seat's turn),
 "is_over", "result", "moves", "save" (the to_json text, stored by the page so nothing is lost on reload)}.
"""

from __future__ import annotations

import json
from typing import Any

from . import analysis, bot_action, hint, how_to_play, list_games, load_game, new_game
from .errors import PygamesError
from .game import Game
from .scenario import parse_scenario

_sessions: dict[int, tuple[Game, int | None]] = {}
_next_sid = 1


class BridgeError(PygamesError):
    """A request the bridge cannot understand (unknown op, missing field, unknown session)."""


def replay(text: Any, seat: Any) -> dict:
    game = load_game(text)
    if not game.is_over:
        raise BridgeError("only a finished game can be replayed: its hidden cards are still secret")
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
        raise BridgeError(f"no seat {seat!r} in a {game.players}-player game")
    document = {"game": game.game_id, "players": game.players, "seed": game.seed, "options": game.options,
                "setup": game.setup, "seat": seat, "steps": [{"action": action} for action in game.history]}
    return {"scenario": document, "players": game.players, "frames": parse_scenario(document).frames()}


def _open(game: Game, seat: Any) -> dict:
    global _next_sid
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < game.players):
        raise BridgeError(f"no seat {seat!r} in a {game.players}-player game")
    game.seat_people(() if seat is None else (seat,))  # the others are bots: the person decides for a team
    sid = _next_sid
    _next_sid += 1
    _sessions[sid] = (game, seat)
    return {"sid": sid, "snapshot": game.snapshot(seat)}


def _session(request: dict) -> tuple[Game, int | None]:
    try:
        return _sessions[request["sid"]]
    except (KeyError, TypeError):
        raise BridgeError(f"no open game with sid {request.get('sid')!r}") from None


def handle(request: dict) -> dict:
    if not isinstance(request, dict):
        raise BridgeError(f"a request is a JSON object with an 'op', not {request!r}")
    op = request.get("op")
    if op == "games":
        return {"games": list_games()}
    if op == "how_to_play":
        return {"how_to_play": how_to_play(request.get("game"))}
    if op == "new":
        game = new_game(request.get("game"), players=request.get("players"), seed=request.get("seed"),
                        options=request.get("options"), setup=request.get("setup"))
        return _open(game, request.get("seat"))
    if op == "load":
        return _open(load_game(request.get("text")), request.get("seat"))
    if op == "scenario":
        scenario = parse_scenario(request.get("scenario"))
        return {"title": scenario.title, "intro": scenario.intro, "seat": scenario.seat, "frames": scenario.frames()}
    if op == "play_scenario":
        scenario = parse_scenario(request.get("scenario"))
        return _open(scenario.start(request.get("steps", 0)), request.get("seat", scenario.seat))
    if op == "replay":
        return replay(request.get("text"), request.get("seat", 0))
    if op == "close":
        sid = request.get("sid")
        if isinstance(sid, int):  # an unhashable sid (a list, say) must not crash the worker
            _sessions.pop(sid, None)
        return {}
    game, seat = _session(request)
    if op == "act":
        events = game.apply(request.get("action"))
        return {"events": events, "snapshot": game.snapshot(seat)}
    if op == "bot":
        action = bot_action(game, request.get("level", "normal"), seed=request.get("seed"),
                            time_budget_ms=request.get("time_budget_ms"))
        events = game.apply(action)
        return {"action": action, "events": events, "snapshot": game.snapshot(seat)}
    if op == "hint":
        if seat is None or game.current_player != seat:
            raise BridgeError("a hint is for the seat whose turn it is")
        return {"hint": hint(game, seed=request.get("seed"), time_budget_ms=request.get("time_budget_ms"))}
    if op == "analysis":
        return {"analysis": analysis(game, time_budget_ms=request.get("time_budget_ms"))}
    if op == "undo":
        action = game.undo()
        return {"action": action, "snapshot": game.snapshot(seat)}
    if op == "snapshot":
        return {"snapshot": game.snapshot(seat)}
    raise BridgeError(f"unknown bridge operation {op!r}")


def call(request_text: str) -> str:
    """JSON in, JSON out: the single entry point the Web Worker uses."""
    try:
        request = json.loads(request_text)
        reply = {"ok": True, **handle(request)}
    except PygamesError as exc:
        reply = {"ok": False, "error": {"type": type(exc).__name__, "message": str(exc)}}
    except ValueError as exc:  # malformed JSON from the page
        reply = {"ok": False, "error": {"type": "BadRequest", "message": str(exc)}}
    return json.dumps(reply, ensure_ascii=False)
