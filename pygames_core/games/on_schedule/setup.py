"""Explicit On Schedule set-ups (a position given to `new_game(setup=...)`; the format is in
docs/games/on_schedule.md): every key checked against the piles, the vote order, the row, the hands
and the pass, and the state set to that position or a clear BadSetup."""

from __future__ import annotations

from typing import Any

from pygames_core.engine.errors import BadSetup
from pygames_core.games.on_schedule.state import (
    DECK,
    GIFT_SIZE,
    PILE_NAMES,
    PLAYERS,
    ROLE_NAMES,
    ROLE_OF_RANK,
    TRICKS,
    VOTE_ROLES,
    VOTES_PER_ROLE,
    OnScheduleState,
    Phase,
    card_points,
    lay_out_schedule,
    reset_deal,
    special_tricks,
    start_deal,
    unplayed_cards,
)
from pygames_core.kit.cards import Card, cards, codes, sort_hand
from pygames_core.kit.match import check_scores, setup_cube
from pygames_core.kit.seats import left_of, partner_of, team_of
from pygames_core.kit.setup import check_setup_keys, setup_deal, setup_seat
from pygames_core.kit.tricks import Trick

SETUP_KEYS = frozenset({"dealer", "deal", "victory_points", "hands", "votes", "row", "gave", "tricks",
                        "points", "leader", "cube", "crawford_done"})


def apply_setup(state: OnScheduleState, setup: dict[str, Any]) -> None:
    check_setup_keys(setup, SETUP_KEYS)
    state.dealer = setup_seat(setup, "dealer", state.dealer, PLAYERS)
    state.deal = setup_deal(setup)
    state.match.scores = check_scores(state.match, setup.get("victory_points", [0, 0]), "victory_points")
    state.match.games = state.deal - 1
    if "hands" not in setup:
        needing = sorted(set(setup) & {"votes", "row", "gave", "tricks", "points", "leader"})
        if needing:
            raise BadSetup(f"{', '.join(needing)} need hands too")
        start_deal(state)
    else:
        _setup_cards(state, setup)
    doubler = team_of(state.to_play) if state.phase == Phase.PLAY else None
    setup_cube(state.match, setup.get("cube"), setup.get("crawford_done"), doubler)


def _card_lists(value: object, name: str, count: int) -> list[list[Card]]:
    if not isinstance(value, list) or len(value) != count or not all(isinstance(x, list) for x in value):
        raise BadSetup(f"{name} must be {count} lists of cards")
    return [cards(x) for x in value]


def _four_counts(value: object, name: str) -> list[int]:
    if not isinstance(value, list) or len(value) != PLAYERS or any(type(n) is not int or n < 0 for n in value):
        raise BadSetup(f"{name} must be four whole numbers of at least 0")
    return list(value)


def _setup_schedule(setup: dict[str, Any]) -> tuple[list[Card], list[Card] | None]:
    """The votes cast so far and the row, checked against the piles and the vote order."""
    row = cards(setup["row"]) if isinstance(setup.get("row"), list) else None
    if "row" in setup and row is None:
        raise BadSetup("row must be a list of 13 schedule cards")
    if row is not None:
        if len(row) != TRICKS or len(set(row)) != TRICKS:
            raise BadSetup(f"row must be {TRICKS} different schedule cards")
        by_role = [sum(ROLE_OF_RANK[c.rank] == role for c in row) for role in range(PLAYERS)]
        if by_role != list(VOTES_PER_ROLE):
            raise BadSetup(f"row must hold {VOTES_PER_ROLE[0]} cards A-4 (the dealer's) and 3 each of 5-7, "
                           f"8-10 and J-K (votes per seat), not {by_role}")
    if "votes" not in setup:
        # without a record of the votes, each seat's row cards are taken as cast in row order
        votes = [] if row is None else _votes_from_row(row)
    else:
        if not isinstance(setup["votes"], list):
            raise BadSetup("votes must be a list of schedule cards in the order cast")
        votes = cards(setup["votes"])
    if len(votes) > TRICKS or len(set(votes)) != len(votes):
        raise BadSetup(f"votes must be at most {TRICKS} different schedule cards")
    for number, vote in enumerate(votes):
        role = VOTE_ROLES[number]
        if ROLE_OF_RANK[vote.rank] != role:
            raise BadSetup(f"vote {number + 1} is cast by the {ROLE_NAMES[role]}, whose pile is "
                           f"{PILE_NAMES[role]}: {vote.code} is not in it")
    if row is not None and sorted(votes, key=DECK.index) != sorted(row, key=DECK.index):
        raise BadSetup("the row must be the 13 votes, shuffled")
    return votes, row


def _votes_from_row(row: list[Card]) -> list[Card]:
    left = [[c for c in row if ROLE_OF_RANK[c.rank] == role] for role in range(PLAYERS)]
    return [left[role].pop(0) for role in VOTE_ROLES]


def _setup_cards(state: OnScheduleState, setup: dict[str, Any]) -> None:
    hands = _card_lists(setup["hands"], "hands", PLAYERS)
    every = [c for h in hands for c in h]
    if len(set(every)) != len(every):
        raise BadSetup("a card appears twice in the hands")
    size = len(hands[0])
    if any(len(h) != size for h in hands) or not 1 <= size <= TRICKS:
        raise BadSetup(f"hands must all hold the same number of cards, 1 to {TRICKS}")
    votes, row = _setup_schedule(setup)
    played = TRICKS - size
    if played and row is None:
        raise BadSetup("tricks have been played (hands are short): give the row too")
    if len(votes) < TRICKS:
        extra = sorted(set(setup) & {"gave", "tricks", "points", "leader"})
        if extra:
            raise BadSetup(f"{', '.join(extra)} come after the voting: give all 13 votes or the row")
    gave = None
    if setup.get("gave") is not None:
        gave = [tuple(g) for g in _card_lists(setup["gave"], "gave", PLAYERS)]
        held_or_gone = set(DECK) - set(every)
        for seat, gift in enumerate(gave):
            receiver = partner_of(seat)
            if len(gift) != GIFT_SIZE or len(set(gift)) != GIFT_SIZE:
                raise BadSetup(f"gave lists {GIFT_SIZE} different cards for each seat")
            if any(c not in hands[receiver] and c not in held_or_gone for c in gift):
                raise BadSetup(f"seat {seat} gave {codes(gift)}: they must be in seat {receiver}'s hand or played")
        if len({c for g in gave for c in g}) != PLAYERS * GIFT_SIZE:
            raise BadSetup("a card was given twice")
    tricks = _four_counts(setup.get("tricks", [0] * PLAYERS), "tricks")
    if sum(tricks) != played:
        raise BadSetup(f"tricks must be four counts adding up to {played} (tricks already played)")
    points = _four_counts(setup.get("points", [0] * PLAYERS), "points")
    out_of_play = set(DECK) - set(every)
    if sum(points) > 2 * sum(map(card_points, out_of_play)):
        raise BadSetup("more points than the point cards already played could have scored")
    leader = setup_seat(setup, "leader", left_of(state.dealer, PLAYERS), PLAYERS)
    reset_deal(state, [sort_hand(h) for h in hands])
    state.votes = votes
    state.trick = Trick(leader)
    if len(votes) < TRICKS:
        return
    if row is None:
        lay_out_schedule(state)
    else:
        state.row = tuple(row)
        state.special = special_tricks(row, state.dealer)
        state.phase = Phase.GIVE
    if gave is not None or played:
        state.phase = Phase.PLAY
        if gave is not None:
            state.given = list(gave)
            state.gifts.choices = list(gave)
        state.tricks_won = tricks
        state.points = points
        state.out_of_play = out_of_play
        state.unplayed = unplayed_cards(out_of_play)

