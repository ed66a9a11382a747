"""Sevens' rules, its view (with the generic table's `display` and `labels`) and its bot.

Cards are French card codes, rank then suit ("TD" the ten of diamonds); aces are low, kings high. A
row of a suit is the run of its cards on the table, from its low end to its high end, started by its 7.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

from pygames_core.ai.bot import Bot
from pygames_core.ai.sampling import deal_unseen
from pygames_core.engine.errors import BadSetup
from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import Rules, is_seat

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
SEVEN = RANKS.index("7")
FIRST_CARD = "7D"  # its holder starts the game with it
SUIT_NAMES = {"S": {"en": "Spades", "ja": "スペード"}, "H": {"en": "Hearts", "ja": "ハート"},
              "D": {"en": "Diamonds", "ja": "ダイヤ"}, "C": {"en": "Clubs", "ja": "クラブ"}}

# What the generic table writes for each action and event; "you" is the sentence when the event's seat
# is the reader's own.
LABELS: dict[str, Any] = {
    "actions": {"play": {"en": "Play {card}", "ja": "{card}を出す"},
                "pass": {"en": "Pass", "ja": "パス"}},
    "events": {
        "played": {"en": "{seat} played {card}", "ja": "{seat}が{card}を出した",
                   "you": {"en": "You played {card}", "ja": "あなたが{card}を出した"}},
        "passed": {"en": "{seat} passed", "ja": "{seat}はパスした",
                   "you": {"en": "You passed", "ja": "あなたはパスした"}},
        "went_out": {"en": "{seat} played their last card and wins", "ja": "{seat}が最後の札を出して勝った",
                     "you": {"en": "You played your last card and win", "ja": "あなたが最後の札を出して勝った"}},
    },
}


def rank(card: str) -> int:
    return RANKS.index(card[0])


def sort_hand(hand: list[str]) -> list[str]:
    return sorted(hand, key=lambda card: (SUITS.index(card[1]), rank(card)))


@dataclass(slots=True)
class SevensState:
    """`rows[suit]` the lowest and highest rank on the table of each started suit; `turn` the seat to
    move, None once a player is out of cards."""

    hands: list[list[str]]
    rows: dict[str, list[int]]
    turn: int | None


def playable(state: SevensState, hand: list[str]) -> list[str]:
    """The cards of `hand` that fit: the 7 of diamonds first of all, then a 7 or a row's next card."""
    if not state.rows:
        return [card for card in hand if card == FIRST_CARD]

    def fits(card: str) -> bool:
        row = state.rows.get(card[1])
        return rank(card) == SEVEN if row is None else rank(card) in (row[0] - 1, row[1] + 1)

    return [card for card in hand if fits(card)]


class SevensRules(Rules[SevensState]):
    game_id = "sevens"
    title: ClassVar[dict[str, str]] = {"en": "Sevens", "ja": "七並べ"}
    min_players = 3
    max_players = 6
    score_name: ClassVar[dict[str, str] | None] = {"en": "Cards left", "ja": "残り札"}
    higher_score_wins: ClassVar[bool | None] = False

    def new_state(self, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None) -> SevensState:
        if setup:
            raise BadSetup(f"unknown set-up keys {sorted(setup)}: Sevens starts from a shuffled deck only")
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [sort_hand(deck[seat::players]) for seat in range(players)]
        return SevensState(hands, {}, next(seat for seat, hand in enumerate(hands) if FIRST_CARD in hand))

    def current_player(self, state: SevensState) -> int | None:
        return state.turn

    def legal_actions(self, state: SevensState) -> list[dict[str, Any]]:
        if state.turn is None:
            return []
        cards = playable(state, state.hands[state.turn])
        return [{"type": "play", "card": card} for card in cards] if cards else [{"type": "pass"}]

    def apply(self, state: SevensState, action: dict[str, Any]) -> list[dict[str, Any]]:
        seat = state.turn
        assert seat is not None
        if action["type"] == "pass":
            state.turn = (seat + 1) % len(state.hands)
            return [{"type": "passed", "seat": seat}]
        card = action["card"]
        state.hands[seat].remove(card)
        row = state.rows.setdefault(card[1], [rank(card), rank(card)])
        row[0], row[1] = min(row[0], rank(card)), max(row[1], rank(card))
        events: list[dict[str, Any]] = [{"type": "played", "seat": seat, "card": card}]
        if state.hands[seat]:
            state.turn = (seat + 1) % len(state.hands)
        else:
            state.turn = None
            events.append({"type": "went_out", "seat": seat})
            # the game's end, said as its last event (docs/api.md; testing.check_game_over checks it)
            events.append({"type": "game_over", "result": self.result(state)})
        return events

    def view(self, state: SevensState, seat: int | None) -> dict[str, Any]:
        if seat is not None and not is_seat(seat, len(state.hands)):
            raise BadSetup(f"Sevens has seats 0 to {len(state.hands) - 1}, not {seat!r}")
        rows = {suit: [RANKS[low] + suit, RANKS[high] + suit] for suit, (low, high) in state.rows.items()}
        return {
            "game": "sevens",
            "players": len(state.hands),
            "seat": seat,
            "hand": None if seat is None else list(state.hands[seat]),
            "hand_sizes": [len(hand) for hand in state.hands],
            "rows": rows,
            "turn": state.turn,
            "display": display(state, seat),
            "labels": copy.deepcopy(LABELS),  # a copy: a caller changing its view must not change every later one
        }

    def result(self, state: SevensState) -> dict[str, Any]:
        over = state.turn is None
        return {"scores": [len(hand) for hand in state.hands],
                "winners": [seat for seat, hand in enumerate(state.hands) if not hand] if over else [],
                "over": over}

    def copy_state(self, state: SevensState) -> SevensState:
        return SevensState([list(hand) for hand in state.hands], {s: list(r) for s, r in state.rows.items()},
                           state.turn)


def display(state: SevensState, seat: int | None) -> dict[str, Any]:
    """The generic table's drawing: the hands, a pile a suit (its row, low to high), the cards left."""
    hands = [{"seat": s, "cards": list(hand)} if s == seat else {"seat": s, "count": len(hand)}
             for s, hand in enumerate(state.hands)]
    piles = [{"name": SUIT_NAMES[suit],
              "cards": [RANKS[r] + suit for r in range(state.rows[suit][0], state.rows[suit][1] + 1)]
              if suit in state.rows else []}
             for suit in SUITS]
    return {"hands": hands, "piles": piles,
            "status": {"en": "Play a 7 or a card next to a row; pass only when nothing fits.",
                       "ja": "7か、列の端に続く札を出す。出せる札がないときだけパス。"}}


class SevensBot(Bot[SevensState]):
    def sample_state(self, view: dict[str, Any], rng: Rng) -> SevensState:
        """The other hands dealt at random from the cards the seat has neither in hand nor on the table."""
        seat = view["seat"]
        rows = {suit: [rank(low), rank(high)] for suit, (low, high) in view["rows"].items()}
        on_table = {RANKS[r] + suit for suit, (low, high) in rows.items() for r in range(low, high + 1)}
        unseen = [card for card in DECK if card not in on_table and card not in view["hand"]]
        others: dict[Hashable, int] = {other: size for other, size in enumerate(view["hand_sizes"]) if other != seat}
        dealt = deal_unseen(unseen, others, lambda holder, card: True, rng)
        hands = [list(view["hand"]) if other == seat else sort_hand(dealt[other]) for other in range(view["players"])]
        return SevensState(hands, rows, view["turn"])

    def policy_action(self, state: SevensState, rng: Rng) -> dict[str, Any]:
        """The card that opens the way to most of the player's own cards beyond it in its row."""
        seat = state.turn
        assert seat is not None
        hand = state.hands[seat]
        cards = playable(state, hand)
        if not cards:
            return {"type": "pass"}

        def opened(card: str) -> int:
            beyond = [rank(other) for other in hand if other[1] == card[1] and other != card]
            if rank(card) <= SEVEN:
                return sum(r < rank(card) for r in beyond)
            return sum(r > rank(card) for r in beyond)

        return {"type": "play", "card": max(cards, key=opened)}
