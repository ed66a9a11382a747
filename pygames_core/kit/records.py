"""Records a game keeps of finished deals, frozen once written: a state's copy (the hard bot's
play-outs make thousands) shares them instead of copying them, and nothing can change them in place."""

from __future__ import annotations

import marshal
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Frozen(Generic[R]):
    """A JSON record (dicts with string keys, lists, strings, numbers, booleans, None) kept as marshal's
    bytes of it; `thaw` gives a fresh copy of it each time (for a view, an event or a bot to read).
    Every play-out freezes the summary of the deal it ends and its score thaws it: marshal writes and
    reads such a record in a third of the time JSON text takes (both are in CPython and in Pyodide),
    and gives back exactly the record written, as JSON would (no tuples in it, no other keys)."""

    data: bytes

    @staticmethod
    def of(record: R) -> Frozen[R]:
        written: Any = record  # a TypedDict of JSON, which typeshed's marshal does not list as marshallable
        return Frozen(marshal.dumps(written))

    def thaw(self) -> R:
        thawed: R = marshal.loads(self.data)
        return thawed
