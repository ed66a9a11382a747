"""Random requests of every shape thrown at bridge.call across open sessions of several games: each
reply is valid JSON, either ok or an error of a named type (never InternalError: that would be a
bug), and a refused request leaves the session it names exactly as it was.

A quick run by default; PYGAMES_FUZZ_EXAMPLES=5000 (say) for a long nightly one.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames_core.app import bridge
from pygames_core.engine.errors import SAVE_PROBLEMS
from pygames_core.engine.limits import MAX_TEXT

EXAMPLES = int(os.environ.get("PYGAMES_FUZZ_EXAMPLES", "100"))
KNOWN_ERRORS = {"BadRequest", "BridgeError", "WrongSeat", "IllegalAction", "BadSetup", "UnknownGame", "BadSave",
                "BadScenario", "BadHowToPlay", "PygamesError"}
TABLES = {  # the sessions requests are aimed at: (game, players, options, seat)
    "arsene": ("arsene", None, None, 0),
    "chains": ("chains", 1, None, 0),
    "chains_cube": ("chains", 2, {"cube": True}, 1),
    "on_schedule": ("on_schedule", None, {"cube": True}, 0),
    "dominuxen_spectator": ("dominuxen", 4, None, None),
    "apples": ("apples", None, None, 2),
}
DEEP = "__deep__"  # stands for a value nested this many levels: written into the text, json.dumps would recurse
# the worst shape for finding the strings of a text: a quote, then escaped quotes, never closed, up to
# the longest text the bridge reads (a scan that started again at each quote would take hours)
UNCLOSED_QUOTES = st.integers(min_value=1, max_value=(MAX_TEXT - 1) // 2).map(lambda n: '"' + '\\"' * n)


def strict_json(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in a reply: not JSON")

    return json.loads(text, parse_constant=refuse)


def call(request: dict) -> dict:
    return strict_json(bridge.call(json.dumps(request)))


@pytest.fixture(scope="module")
def sessions(deterministic_search_module):
    opened: dict[str, int] = {}
    yield opened
    for sid in opened.values():
        call({"op": "close", "sid": sid})


@pytest.fixture(scope="module")
def deterministic_search_module():
    """The hard bot and hints without the clock (as tests/conftest.py's deterministic_search): a time
    budget the fuzzer makes up, up to ten minutes, must not make a hard bot think for that long."""
    from pygames_core.ai import search

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "MAX_SAMPLES", 3)
        yield


def ensure_open(opened: dict[str, int]) -> None:
    """Every table open and not over (a request may have closed one or played it to the end)."""
    for name, (game, players, options, seat) in TABLES.items():
        sid = opened.get(name)
        if sid in bridge._sessions and not bridge._sessions[sid][0].is_over:
            continue
        reply = call({"op": "new", "game": game, "players": players, "seed": str(len(opened) + 17),
                      "options": options, "seat": seat})
        assert reply["ok"], reply
        opened[name] = reply["sid"]


scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=2**53, max_value=2**70)
           | st.floats() | st.text(max_size=8)
           | st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=3)
           | st.integers(min_value=25, max_value=3_000).map(lambda depth: f"{DEEP}{depth}"))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
PLAUSIBLE = {
    "seat": [0, 1, 3, None, 4, -1, True, False, "0", 1.0],
    "game": ["arsene", "chains", "on_schedule", "dominuxen", "apples", "roller_derby", "chess", ""],
    "players": [None, 1, 2, 4, 5, 0, True, "4", 2.0],
    "seed": [None, 0, 7, "7", "007", str(2**64 - 1), 2**64 - 1, 2**64, "abc", "9" * 400, -1, 1.5, True, "1e3"],
    "options": [None, {}, {"cube": True}, {"advanced": True}, {"mode": "advanced"}, {"cube": 1}],
    "setup": [None, {}, {"dealer": 7}, {"deck": [2, 2]}],
    "level": ["easy", "normal", "hard", "genius", 1, None],
    "time_budget_ms": [None, 1, 5, 0, -1, True, "5", 1e300, float("inf"), float("nan")],
    "steps": [0, 1, 3, 99, -1, True, 1.0],
    "scenario": [{"game": "arsene", "steps": []}, {"game": "chains", "players": 1, "seed": "5"}, "{", "no-such",
                 {"game": "arsene", "steps": [{"action": {"type": "fly"}}]}],
}
FIELDS = sorted({name for required, optional in bridge._FIELDS.values() for name in required | optional})


def field_value(data: st.DataObject, name: str, opened: dict[str, int]) -> Any:
    sid = opened[data.draw(st.sampled_from(sorted(opened)), label="table")]
    game = bridge._sessions[sid][0]
    plausible = {
        "sid": [sid, sid, sid, 0, -1, 10**30, True, str(sid), [sid]],
        "action": (game.legal_actions() or [{"type": "play"}]) + [{"type": "play", "card": "AS"}, {"type": 5}, "keep"],
        "text": [game.to_json(), game.to_json()[:-5], game.to_json().replace('"seed":', '"seed":1'), ""],
    }.get(name, PLAUSIBLE.get(name, []))
    if plausible and data.draw(st.booleans(), label=f"plausible {name}"):
        return data.draw(st.sampled_from(plausible), label=name)
    return data.draw(values, label=name)


def request_text(request: Any) -> str:
    """The JSON text of `request`, with each DEEP marker written out as a list nested that deep."""
    text = json.dumps(request)  # NaN and Infinity as Python writes them: the bridge must refuse them
    while DEEP in text:
        start = text.index(f'"{DEEP}')
        end = text.index('"', start + 1) + 1
        depth = int(text[start + 1 + len(DEEP):end - 1])
        text = text[:start] + "[" * depth + "]" * depth + text[end:]
    return text


def state_of(sid: int) -> dict:
    reply = call({"op": "snapshot", "sid": sid})
    assert reply["ok"], reply
    return reply["snapshot"]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_request_gets_a_named_reply_and_a_refusal_changes_nothing(sessions: dict[str, int],
                                                                      data: st.DataObject) -> None:
    ensure_open(sessions)
    already = set(bridge._sessions)
    shape = data.draw(st.sampled_from(["request", "request", "request", "raw text", "not an object"]), label="shape")
    if shape == "raw text":
        text = data.draw(st.text(max_size=40) | st.sampled_from(['{"op": "games"', '{"op": NaN}', "[" * 50_000])
                         | UNCLOSED_QUOTES | UNCLOSED_QUOTES.map(lambda quotes: '{"op": "games", "text": ' + quotes))
        request: Any = None
    else:
        if shape == "request":
            op = data.draw(st.sampled_from(sorted(bridge._FIELDS)) | values, label="op")
            required, optional = bridge._FIELDS.get(op, (frozenset(), frozenset())) if isinstance(op, str) else (
                frozenset(), frozenset())
            names = [name for name in sorted(required | optional) if data.draw(st.integers(0, 9), label=name) > 0]
            names += data.draw(st.lists(st.sampled_from([*FIELDS, "op2", "sed"]), max_size=2), label="other fields")
            request = {"op": op, **{name: field_value(data, name, sessions) for name in names}}
        else:
            request = data.draw(values, label="request")
        text = request_text(request)
    sid = request.get("sid") if isinstance(request, dict) else None
    named = type(sid) is int and sid in bridge._sessions
    before = state_of(sid) if named else None

    reply = strict_json(bridge.call(text))

    assert isinstance(reply, dict) and isinstance(reply["ok"], bool)
    if not reply["ok"]:
        said = {"type", "message", "reason"} if reply["error"]["type"] == "BadSave" else {"type", "message"}
        assert set(reply) == {"ok", "error"} and set(reply["error"]) == said
        assert reply["error"]["type"] in KNOWN_ERRORS, reply
        assert reply["error"]["type"] != "BadSave" or reply["error"]["reason"] in SAVE_PROBLEMS
        assert isinstance(reply["error"]["message"], str) and reply["error"]["message"]
        if named and sid in bridge._sessions:
            assert state_of(sid) == before, (request, reply)
    for opened in set(bridge._sessions) - already:  # sessions the request opened: not to pile up
        call({"op": "close", "sid": opened})

