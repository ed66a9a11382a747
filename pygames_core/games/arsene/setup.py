"""Explicit Arsène set-ups (a position given to `new_game(setup=...)`; the format is in
docs/games/arsene.md): the stores and chips, the hands, the edge cards and the tricks so far, each
checked, and the state set to that position or a clear BadSetup."""

from __future__ import annotations

from typing import Any

from pygames_core.engine.errors import BadSetup
from pygames_core.games.arsene.state import (
    HAND_SIZE,
    PLAY,
    PLAY_DECK,
    PLAYERS,
    STORE_CARDS,
    STORE_GROUPS,
    TOTAL_CHIPS,
    TRUMP,
    ArseneState,
    hidden_cards,
    reset_deal,
    start_deal,
)
from pygames_core.kit.cards import cards, sort_hand
from pygames_core.kit.seats import left_of
from pygames_core.kit.setup import check_setup_keys, setup_deal, setup_seat


def apply_setup(state: ArseneState, setup: dict[str, Any]) -> None:
    """An explicit position; the format is documented in docs/games/arsene.md."""
    known = {"dealer", "deal", "hands", "table", "chosen", "tricks", "leader", "stores", "chips", "contest"}
    check_setup_keys(setup, known)
    state.dealer = setup_seat(setup, "dealer", state.dealer, PLAYERS)
    state.deal = setup_deal(setup)
    _setup_chips(state, setup)
    contest = setup.get("contest", False)
    if not isinstance(contest, bool) or (contest and not state.advanced):
        raise BadSetup("contest must be true or false, and true only with the advanced option")
    state.contest = contest
    if "hands" not in setup:
        if any(k in setup for k in ("table", "chosen", "tricks", "leader")):
            raise BadSetup("table, chosen, tricks and leader need hands too")
        start_deal(state)
        return
    _setup_cards(state, setup)


def _setup_chips(state: ArseneState, setup: dict[str, Any]) -> None:
    stores = setup.get("stores", [list(g) for g in STORE_GROUPS])
    if not isinstance(stores, list) or len(stores) != len(STORE_GROUPS):
        raise BadSetup("stores must list the remaining chip groups of all five stores")
    for number, (groups, full) in enumerate(zip(stores, STORE_GROUPS, strict=True), 1):
        # groups go smallest first, so what remains is always the tail of the starting groups
        if not isinstance(groups, list) or tuple(groups) != full[len(full) - len(groups):]:
            raise BadSetup(f"store {number} cannot hold groups {groups!r} (it starts as {list(full)}, "
                           "taken smallest first)")
    chips = setup.get("chips", [0] * PLAYERS)
    if (not isinstance(chips, list) or len(chips) != PLAYERS
            or any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in chips)):
        raise BadSetup("chips must be four whole numbers of at least 0")
    on_stores = sum(map(sum, stores))
    if on_stores + sum(chips) > TOTAL_CHIPS:
        raise BadSetup(f"{on_stores} chips on the stores and {sum(chips)} held is more than {TOTAL_CHIPS}")
    state.stores = [list(g) for g in stores]
    state.chips = list(chips)
    state.confiscated = TOTAL_CHIPS - on_stores - sum(chips)


def _setup_cards(state: ArseneState, setup: dict[str, Any]) -> None:
    hands_codes, table_codes = setup["hands"], setup.get("table")
    if not isinstance(hands_codes, list) or len(hands_codes) != PLAYERS or not all(
            isinstance(h, list) for h in hands_codes):
        raise BadSetup("hands must be four lists of cards")
    if not isinstance(table_codes, list) or len(table_codes) != 3:
        raise BadSetup("table must list the three edge cards")
    hands = [cards(h) for h in hands_codes]
    table = cards(table_codes)
    every = [c for h in hands for c in h] + table
    if len(set(every)) != len(every):
        raise BadSetup("a card appears twice in the set-up")
    if STORE_CARDS & set(every):
        raise BadSetup("the diamonds A-5 are the jewel stores, not playing cards")
    size = len(hands[0])
    if any(len(h) != size for h in hands) or not 1 <= size <= HAND_SIZE:
        raise BadSetup(f"hands must all hold the same number of cards, 1 to {HAND_SIZE}")
    tricks = setup.get("tricks", [0] * PLAYERS)
    if (not isinstance(tricks, list) or len(tricks) != PLAYERS
            or any(not isinstance(t, int) or isinstance(t, bool) or t < 0 for t in tricks)
            or sum(tricks) != HAND_SIZE - size):
        raise BadSetup(f"tricks must be four counts adding up to {HAND_SIZE - size} (tricks already played)")
    chosen = setup.get("chosen")
    if chosen is not None and not (type(chosen) is int and 0 <= chosen <= 2):
        raise BadSetup("chosen must be 0, 1 or 2 (the edge card turned up), or null")
    if chosen is None and size != HAND_SIZE:
        raise BadSetup("the edge card is chosen before the first trick: give chosen for a deal under way")
    leader = setup_seat(setup, "leader", left_of(state.dealer, PLAYERS), PLAYERS)
    state.hands = [sort_hand(h) for h in hands]
    state.table = table
    reset_deal(state, leader)
    state.tricks = list(tricks)
    state.out_of_play = set(PLAY_DECK) - set(every)
    if chosen is not None:
        state.chosen = chosen
        state.trump = None if table[chosen].is_red else TRUMP
        state.phase = PLAY
    state.hidden = hidden_cards(state)
