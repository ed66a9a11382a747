"""A seeded random number generator that gives identical results on every Python.

`random.Random` is stable in practice, but its algorithms are not promised across versions and
its state is bulky to copy. SplitMix64 is 64-bit integer arithmetic only, so CPython 3.11 and
Pyodide's 3.14 produce the same numbers from the same seed, and the whole state is one int.
"""

from __future__ import annotations

import operator
import re
import sys
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
# A seed is any 64-bit state: too many to find a deal by trying every seed against one's own hand. A
# JavaScript number holds only 53 bits exactly, so the page carries a seed as a string of digits.
MAX_SEED = _MASK64
_SEED_DIGITS = re.compile(r"[0-9]{1,20}")  # ASCII digits only: str.isdigit() would also take "١٢"
_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's step and its two mixing multipliers
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def _limit(n: int) -> int:
    """The largest multiple of `n` that fits in 64 bits: a draw at or above it is drawn again, so that
    `draw % n` is uniform (no modulo bias)."""
    return (1 << 64) - ((1 << 64) % n)


# below()'s and shuffle()'s limits for the bounds that games use (a deck, a domino set), worked out
# once: a modulo of a 65-bit int at every draw was a good part of a shuffle's time
_TABLED = 257  # bounds below this are in the table
_LIMITS = tuple(_limit(n) if n else 0 for n in range(_TABLED))

# A shuffle of 12 to 512 items works out all its draws at once, side by side in one big int: draw d in
# the bits from _LANE * d on, wide enough for a 64-bit value times a 64-bit multiplier. Each step of
# SplitMix64 is then one operation on the big int instead of one per draw (the draws are the same: a
# draw's state is the state before the shuffle plus d + 1 times _GOLDEN). The bytes of the big int are
# read as 64-bit words in the machine's order, so this is done on little-endian machines only (every
# one Python and the page run on); below 12 items the set-up costs as much as it saves.
_LANE = 128
_SIDE_BY_SIDE = range(12, 513) if sys.byteorder == "little" else range(0)
_LANES: dict[int, tuple[int, int, int]] = {}  # draws -> (a 1 in each lane, each draw's step, each lane's mask)


def _lanes(draws: int) -> tuple[int, int, int]:
    """The constants of `draws` draws side by side, worked out once per number of draws."""
    found = _LANES.get(draws)
    if found is None:
        ones = sum(1 << (_LANE * d) for d in range(draws))
        steps = sum((((d + 1) * _GOLDEN) & _MASK64) << (_LANE * d) for d in range(draws))
        found = _LANES[draws] = (ones, steps, _MASK64 * ones)
    return found


class Rng:
    """SplitMix64 (Steele, Lea, Flood 2014): small, fast, and good enough to shuffle cards."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), without modulo bias (rejection sampling: a draw at or above the
        largest multiple of n below 2^64 is drawn again)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _LIMITS[n] if n < _TABLED else _limit(n)
        state = self.state
        while True:  # next_u64, written out
            state = (state + _GOLDEN) & _MASK64
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place: item i swapped with item below(i + 1), from the last down. (The bots'
        samples shuffle a deck or the unseen cards each time, so the draws are worked out side by side
        where that is quicker, `_side_by_side`, and next_u64 and below are written out here otherwise,
        the state in a local. The draws are the same.)"""
        if len(items) in _SIDE_BY_SIDE and self._side_by_side(items):
            return
        state, limits, mask, golden, mix1, mix2 = self.state, _LIMITS, _MASK64, _GOLDEN, _MIX1, _MIX2
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _TABLED else _limit(n)
            while True:
                state = (state + golden) & mask
                z = ((state ^ (state >> 30)) * mix1) & mask
                z = ((z ^ (z >> 27)) * mix2) & mask
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def _side_by_side(self, items: MutableSequence[T]) -> bool:
        """`shuffle`, its next_u64 draws worked out all at once (see _LANE), when none of them is drawn
        again: False, with nothing changed, when one may be (a draw of 2^64 - len(items) or more, once in
        about 2^56 draws), for the one at a time loop to draw them. A draw for below(n) is drawn again
        from 2^64 - 2^64 % n on, never below 2^64 - n + 1."""
        size = len(items)
        draws = size - 1
        ones, steps, lanes = _lanes(draws)
        z = (self.state * ones + steps) & lanes  # each draw's state
        z = (((z ^ (z >> 30)) & lanes) * _MIX1) & lanes
        z = (((z ^ (z >> 27)) & lanes) * _MIX2) & lanes
        z ^= z >> 31  # the next lane's bits it brings down land past the 64 bits read of each lane
        drawn = memoryview(z.to_bytes(_LANE // 8 * draws, "little")).cast("Q")[::2].tolist()
        if max(drawn) > _MASK64 + 1 - size:
            return False
        for i, j in zip(range(draws, 0, -1), map(operator.mod, drawn, range(size, 1, -1)), strict=True):
            items[i], items[j] = items[j], items[i]
        self.state = (self.state + draws * _GOLDEN) & _MASK64
        return True

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one and `salt` (this one does not advance)."""
        return Rng(Rng(self.state ^ ((salt * 0xD1B54A32D192ED03) & _MASK64)).next_u64())

    def copy(self) -> Rng:
        return Rng(self.state)


def fresh_seed() -> int:
    """A new seed from the operating system's entropy (crypto.getRandomValues under Pyodide)."""
    import secrets

    return secrets.randbits(64)


def check_seed(value: Any, error: type[Exception]) -> int:
    """The seed `value` stands for, as an int: an int from 0 to MAX_SEED, or the same number written
    in decimal digits (as the page and its links carry it); anything else raises `error`."""
    if isinstance(value, str) and _SEED_DIGITS.fullmatch(value):
        value = int(value)
    if type(value) is not int or not 0 <= value <= MAX_SEED:
        raise error(f"a seed is a whole number from 0 to {MAX_SEED} (2^64 - 1), in digits, not {value!r}")
    return value
