"""Cards, decks and tiles: the value objects every game shares.

Outside the package cards travel as short strings (`"AS"`, `"TD"`, dominoes `"3-12"`, Pairs
cards as ints); inside they are interned immutable objects, so comparisons and hashing are cheap
on the bots' hot paths.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pygames_core.engine.errors import BadSetup

SUITS = "SHDC"
RANKS = "23456789TJQKA"  # index + 2 is the rank's value: 2..14, the ace high
SUIT_BITS = 16  # the bits of a suit's lane in a set of cards held as one int (Card.bit)
SUIT_LANE = (1 << SUIT_BITS) - 1
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A French-suited card. `rank` is 2..14 (ace 14), `suit` one of S H D C.

    Interned: there is one object per card (`card`), made only here, so a card equals itself alone and
    hashes by identity, in C: the bots' play-outs compare and look up cards millions of times, and a
    dataclass's generated __eq__ and __hash__ (Python calls building tuples) were much of their time. A
    copy or an unpickled card is the interned one again (`__reduce__`). Its code and colour are worked
    out once, when it is made."""

    rank: int
    suit: str
    code: str = field(init=False, repr=False)
    is_red: bool = field(init=False, repr=False)
    # its bit in a set of cards held as one int: a lane of SUIT_BITS bits per suit (SUITS order), the card
    # at bit `rank` of its suit's lane, so that a lane read out is the suit's ranks as a bit mask
    bit: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", RANKS[self.rank - 2] + self.suit)
        object.__setattr__(self, "is_red", self.suit in "HD")
        object.__setattr__(self, "bit", 1 << (SUIT_BITS * SUITS.index(self.suit) + self.rank))

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return card, (self.code,)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


# every card by its code (what `card` reads; the rules' hot paths read it straight, without the call)
CARDS: dict[str, Card] = {r + s: Card(RANKS.index(r) + 2, s) for s in SUITS for r in RANKS}
# as sets of cards (Card.bit), for the trick-taking bots' policies, which count the unseen cards that
# could beat a card with one `&` and a bit count: a suit's cards (its lane), and a card's higher ones
SUIT_CARDS: dict[str, int] = {suit: SUIT_LANE << SUIT_BITS * lane for lane, suit in enumerate(SUITS)}
HIGHER_CARDS: dict[Card, int] = {c: SUIT_CARDS[c.suit] & ~((c.bit << 1) - 1) for c in CARDS.values()}


def card(code: str) -> Card:
    """The card for a code such as `"TD"`; raises BadSetup for anything else."""
    try:
        return CARDS[code]
    except (KeyError, TypeError):
        raise BadSetup(f"{code!r} is not a card (expected rank 2-9/T/J/Q/K/A then suit S/H/D/C)") from None


@dataclass(frozen=True, slots=True)
class Joker:
    """One of the two jokers some games add to the French deck: `"JK1"`, `"JK2"`. It has no suit or rank
    of its own; a game that lets it stand for a card says how."""

    number: int

    @property
    def code(self) -> str:
        return f"JK{self.number}"

    def __str__(self) -> str:
        return self.code


JOKERS = (Joker(1), Joker(2))
_JOKERS_BY_CODE = {j.code: j for j in JOKERS}


def card_or_joker(code: str) -> Card | Joker:
    """The card or joker for a code such as `"TD"` or `"JK2"`; raises BadSetup for anything else."""
    found = _JOKERS_BY_CODE.get(code) if isinstance(code, str) else None
    return found if found is not None else card(code)


def cards(codes: Iterable[str]) -> list[Card]:
    return [card(c) for c in codes]


def codes(items: Iterable[Card]) -> list[str]:
    return [c.code for c in items]


def french_deck() -> list[Card]:
    """The 52 cards in a fixed order (suit by suit, 2 up to ace)."""
    return list(CARDS.values())


HAND_SUITS = "SHCD"  # how players group their suits: alternating colours


def sort_hand(hand: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit (HAND_SUITS, alternating colours), high to low inside a suit: how players hold
    them."""
    return sorted(hand, key=_HAND_PLACE.__getitem__)


# each card's place in a sorted hand, worked out once: every deal of every play-out sorts its hands
_HAND_PLACE = {c: place for place, c in enumerate(sorted(CARDS.values(),
                                                          key=lambda c: (HAND_SUITS.index(c.suit), -c.rank)))}


def deal_clockwise(deck: list[Card], first: int, players: int, size: int) -> list[list[Card]]:
    """Deal `size` cards to each seat in turn from `first` clockwise, as sorted hands indexed by seat;
    the first `players * size` cards of `deck` are used."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(players):
        hands[(first + i) % players] = sort_hand(deck[i * size:(i + 1) * size])
    return hands


def pairs_deck() -> list[int]:
    """The Pairs deck: one 1, two 2s, ... ten 10s (55 cards)."""
    return [n for n in range(1, 11) for _ in range(n)]


@dataclass(frozen=True, slots=True, order=True)
class Domino:
    """A domino tile, smaller number first: `Domino(3, 12)` is `"3-12"`."""

    low: int
    high: int

    @property
    def code(self) -> str:
        return f"{self.low}-{self.high}"

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def __str__(self) -> str:
        return self.code


def domino_set(max_pips: int = 12) -> list[Domino]:
    """Every pair of numbers 0..max_pips once: 91 tiles for double-12."""
    return [Domino(a, b) for a in range(max_pips + 1) for b in range(a, max_pips + 1)]


def domino(code: str, max_pips: int = 12) -> Domino:
    try:
        low, high = (int(part) for part in code.split("-"))
    except (AttributeError, ValueError):
        raise BadSetup(f"{code!r} is not a domino (expected two numbers like '3-12')") from None
    if not (0 <= low <= high <= max_pips):
        raise BadSetup(f"{code!r} is not a double-{max_pips} domino (smaller number first)")
    return Domino(low, high)
