"""Apples' explicit set-ups: a position given to `new_game(setup=...)`, checked key by key (the format is
in docs/games/apples.md). A set-up stands in the bidding (its bids replayed), in the exchange (a
contract and the discards so far) or after it (a contract, the target cards and the tricks taken);
anything impossible is a BadSetup and no state is made.
"""

from __future__ import annotations

from typing import Any

from pygames_core.engine.errors import BadSetup
from pygames_core.games.apples.state import (
    BID,
    DECK,
    DISCARD,
    GOAL,
    HAND_SIZE,
    PLAY,
    PLAYERS,
    TARGET,
    TRICKS,
    ApplesState,
    Call,
    call,
    deal_pile,
    exchange_order,
    is_bid_suit,
    legal_bids,
    reset_deal,
    set_captured,
    start_deal,
    suit_length,
)
from pygames_core.kit.cards import Card, card, cards, sort_hand
from pygames_core.kit.seats import mover
from pygames_core.kit.setup import check_setup_keys, setup_deal, setup_seat
from pygames_core.kit.tricks import Trick

SETUP_KEYS = frozenset({"dealer", "deal", "scores", "hands", "bids", "contract", "discards", "targets",
                        "captured", "leader"})


def apply_setup(state: ApplesState, setup: dict[str, Any]) -> None:
    check_setup_keys(setup, SETUP_KEYS)
    state.dealer = setup_seat(setup, "dealer", state.dealer, PLAYERS)
    state.deal = setup_deal(setup)
    scores = setup.get("scores", [0] * PLAYERS)
    if not isinstance(scores, list) or len(scores) != PLAYERS or any(type(s) is not int or s >= GOAL for s in scores):
        raise BadSetup(f"scores must be four whole numbers below {GOAL} (the game goes on)")
    state.scores = list(scores)
    if "hands" not in setup:
        needing = sorted(set(setup) & (SETUP_KEYS - {"dealer", "deal", "scores"}))
        if needing:
            raise BadSetup(f"{', '.join(needing)} need hands too")
        start_deal(state)
        return
    hands = _card_lists(setup["hands"], "hands")
    if "contract" not in setup:
        _setup_bidding(state, hands, setup)
    elif "targets" not in setup:
        _setup_exchange(state, hands, setup)
    else:
        _setup_after_exchange(state, hands, setup)


def _card_lists(value: object, name: str) -> list[list[Card]]:
    if not isinstance(value, list) or len(value) != PLAYERS or not all(isinstance(x, list) for x in value):
        raise BadSetup(f"{name} must be {PLAYERS} lists of cards")
    return [cards(x) for x in value]


def _check_all_cards(groups: list[list[Card]], what: str) -> None:
    every = [c for group in groups for c in group]
    if len(set(every)) != len(every):
        raise BadSetup("a card appears twice")
    if len(every) != len(DECK):
        raise BadSetup(f"{what} must hold all 52 cards between them, not {len(every)}")


def _refuse(setup: dict[str, Any], keys: set[str], reason: str) -> None:
    extra = sorted(set(setup) & keys)
    if extra:
        raise BadSetup(f"{', '.join(extra)}: {reason}")


def _setup_bidding(state: ApplesState, hands: list[list[Card]], setup: dict[str, Any]) -> None:
    _refuse(setup, {"discards", "targets", "captured", "leader"}, "these need a contract (the bidding's result)")
    if any(len(h) != HAND_SIZE for h in hands):
        raise BadSetup(f"before the exchange every hand holds {HAND_SIZE} cards")
    _check_all_cards(hands, "the hands")
    reset_deal(state, [sort_hand(h) for h in hands])
    bids = setup.get("bids", [])
    if not isinstance(bids, list):
        raise BadSetup('bids must be a list of bids ({"count": 2, "suit": "D"}) and "pass"')
    for number, made in enumerate(bids, 1):
        if state.phase != BID:
            raise BadSetup(f"bid {number}: the bidding is already over")
        seat = mover(state)
        if made == "pass":
            call(state, 0, "")
            continue
        if not isinstance(made, dict) or set(made) != {"count", "suit"}:
            raise BadSetup(f'bid {number} must be "pass" or {{"count": N, "suit": S}}, not {made!r}')
        if (made["count"], made["suit"]) not in legal_bids(state, seat) or type(made["count"]) is not int:
            raise BadSetup(f"bid {number} ({made['count']!r} {made['suit']!r} by seat {seat}) is not legal: it must "
                           "beat the standing bid and the bidder must hold that many cards of the suit")
        call(state, made["count"], made["suit"])


def _setup_contract(state: ApplesState, setup: dict[str, Any]) -> None:
    contract = setup["contract"]
    if not isinstance(contract, dict) or set(contract) != {"declarer", "count", "suit"}:
        raise BadSetup('contract must be {"declarer": seat, "count": N, "suit": S}')
    declarer = setup_seat(contract, "declarer", 0, PLAYERS)
    count, suit = contract["count"], contract["suit"]
    if type(count) is not int or not 1 <= count <= HAND_SIZE or not is_bid_suit(suit):
        raise BadSetup(f"a contract is 1-{HAND_SIZE} cards of a suit S H D C, not {count!r} {suit!r}")
    state.declarer, state.count, state.trump = declarer, count, suit
    state.calls = [Call(declarer, count, suit)]
    state.trick = Trick(declarer)


def _setup_exchange(state: ApplesState, hands: list[list[Card]], setup: dict[str, Any]) -> None:
    _refuse(setup, {"bids", "captured", "leader"}, "give these before the contract, or targets after the exchange")
    reset_deal(state, [sort_hand(h) for h in hands])
    _setup_contract(state, setup)
    discards = _card_lists(setup.get("discards", [[] for _ in range(PLAYERS)]), "discards")
    _check_all_cards(hands + discards, "the hands and discards")
    order = exchange_order(state)
    sizes = [len(discards[s]) for s in order]
    started = [n for n in sizes if n]
    if any(n > state.count for n in sizes) or sizes != sorted(sizes, reverse=True) or \
            any(n != state.count for n in started[:-1]):
        raise BadSetup(f"discards are made clockwise from the declarer, {state.count} cards each, one seat after "
                       f"another: {sizes} is not such a point")
    for seat in range(PLAYERS):
        if len(hands[seat]) + len(discards[seat]) != HAND_SIZE:
            raise BadSetup(f"seat {seat}'s hand and discards must make {HAND_SIZE} cards")
    declarer, trump = state.declarer, state.trump
    assert declarer is not None and trump is not None  # set by _setup_contract
    if any(c.suit != state.trump for c in discards[declarer]):
        raise BadSetup(f"the declarer's discards must be trumps ({state.trump})")
    if suit_length(hands[declarer] + discards[declarer], trump) < state.count:
        raise BadSetup(f"the declarer must hold at least {state.count} cards of {state.trump} to have bid it")
    state.discards = [list(d) for d in discards]
    state.phase = DISCARD
    if state.current is None:
        deal_pile(state)


def _setup_after_exchange(state: ApplesState, hands: list[list[Card]], setup: dict[str, Any]) -> None:
    _refuse(setup, {"bids", "discards"}, "the exchange is over once targets are given")
    reset_deal(state, [sort_hand(h) for h in hands])
    _setup_contract(state, setup)
    targets = setup["targets"]
    if not isinstance(targets, list) or len(targets) != PLAYERS:
        raise BadSetup("targets must be four cards (null for a seat still to choose)")
    chosen = [card(t) if t is not None else None for t in targets]
    captured = _card_lists(setup.get("captured", [[] for _ in range(PLAYERS)]), "captured")
    set_aside = [[t] for t in chosen if t is not None]
    _check_all_cards(hands + set_aside + captured, "the hands, targets and captured cards")
    if any(len(c) % PLAYERS for c in captured):
        raise BadSetup("each seat's captured cards are whole tricks (a multiple of 4)")
    played = sum(map(len, captured)) // PLAYERS
    if None in chosen:
        _refuse(setup, {"captured", "leader"}, "tricks come after every target card is set")
        for seat in range(PLAYERS):
            if len(hands[seat]) != HAND_SIZE - (chosen[seat] is not None):
                raise BadSetup(f"seat {seat} holds {HAND_SIZE} cards, less its target card once set")
    elif played >= TRICKS or any(len(h) != TRICKS - played for h in hands):
        raise BadSetup(f"after {played} tricks every hand holds {TRICKS - played} cards (at least one)")
    state.targets.choices = chosen
    set_captured(state, [list(c) for c in captured])
    state.phase = TARGET if None in chosen else PLAY
    state.trick = Trick(setup_seat(setup, "leader", state.declarer if state.declarer is not None else 0, PLAYERS))
