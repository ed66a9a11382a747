"""Records a game keeps of finished deals, frozen once written: a state's copy (the hard bot's
play-outs make thousands) shares them instead of copying them, and nothing can change them in place."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Generic, TypeVar

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Frozen(Generic[R]):
    """A JSON-like record (dicts, lists, strings, numbers, booleans, None) kept as its JSON text;
    `thaw` gives a fresh copy of it each time (for a view, an event or a bot to read)."""

    text: str

    @staticmethod
    def of(record: R) -> Frozen[R]:
        return Frozen(json.dumps(record))

    def thaw(self) -> R:
        thawed: R = json.loads(self.text)
        return thawed
