"""What an Apples seat knows: its view of the state (`seat_view`), and the inverse the bots need,
`sample_state`, a full state consistent with a view (hidden hands, face-down discards and target cards
dealt at random). They stand side by side so that a reader can check one against the other:
sample_state reads only the view, and a sampled state shows the seat that view again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pygames_core.ai.sampling import deal_unseen, deal_unseen_with_minimums
from pygames_core.engine.rng import Rng
from pygames_core.games.apples.messages import ApplesView, CallView
from pygames_core.games.apples.state import (
    BID,
    BID_SUITS,
    DECK,
    DISCARD,
    GAME_ID,
    PLAYERS,
    TRICKS,
    ApplesState,
    Call,
    Phase,
    scoring_rules,
    set_captured,
)
from pygames_core.kit.cards import Card, card, cards, codes, sort_hand
from pygames_core.kit.records import Frozen
from pygames_core.kit.tricks import CompletedTrick, Trick

QUICK_DEAL_TRIES = 8  # plain shuffles tried before the matching deal (ai/sampling.py's deal_unseen)
Holder = tuple[int, Literal["hand", "pile", "target"]]  # where a sampled card goes: (seat, place)


def seat_view(state: ApplesState, seat: int | None) -> ApplesView:
    """What `seat` sees: its own hand, discards, received cards and target card, who has chosen, and
    everything on the table; the others' hands, discards and targets stay hidden until the deal's end."""
    standing = state.standing_bid
    own_target = state.targets.choices[seat] if seat is not None else None
    return {
        "game": GAME_ID,
        "seat": seat,
        "players": PLAYERS,
        "phase": str(state.phase),  # the plain string: a view is JSON data
        "current_player": state.current,
        "deal": state.deal,
        "dealer": state.dealer,
        "scores": list(state.scores),
        "scoring": scoring_rules(),
        "bids": [c.to_view() for c in state.calls],
        "bid_suits": list(BID_SUITS),
        "standing_bid": standing.to_view() if standing else None,
        "declarer": state.declarer,
        "count": state.count,
        "trump": state.trump,
        "hand": codes(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "discarded": [len(d) for d in state.discards],
        "discards": codes(state.discards[seat]) if seat is not None else None,
        "received": codes(state.received[seat]) if seat is not None else None,
        "targets_set": state.targets.chosen_by(),
        "target": own_target.code if own_target is not None else None,
        "leader": state.trick.leader,
        "trick": state.trick.to_view(),
        "trick_number": state.trick_number,
        "tricks_per_deal": TRICKS,
        "tricks": [len(c) // PLAYERS for c in state.captured],
        "captured": [codes(sort_hand(c)) for c in state.captured],
        "played": [t.to_view() for t in state.completed],
        "voids": [sorted(v) for v in state.voids],
        "deals": [s.thaw() for s in state.summaries],  # fresh copies, not the state's records
    }


def shown_lengths(calls: list[CallView], seat: int) -> dict[str, int]:
    """The suit lengths `seat`'s bids showed at the time: a bid of N in S shows at least N cards of S."""
    shown: dict[str, int] = {}
    for made in calls:
        if made["seat"] == seat and made["type"] == "bid":
            shown[made["suit"]] = max(shown.get(made["suit"], 0), made["count"])
    return shown


def sample_state(view: ApplesView, rng: Rng) -> ApplesState:
    """A full state consistent with one seat's view: hidden hands, face-down discards and target cards
    dealt at random, honouring what the seat saw — the suit lengths each bid showed (before the
    exchange: at least N of S in the bidder's hand and discards; after it: at least N less the N cards
    exchanged, and for the declarer, who gave trumps only, the full length of its other bid suits), the
    declarer's trump discards, the seat's own discards (in the pile, not in any hand), and the suits
    each player has shown to be out of (a target card, never played, may still be of such a suit).
    After the exchange the others' discards and received cards are recorded too (`_record_the_exchange`)."""
    seat = view["seat"]
    hand, discards, received = view["hand"], view["discards"], view["received"]
    if seat is None or hand is None or discards is None or received is None:
        raise ValueError("a spectator's view has no hand to sample from")
    phase = Phase(view["phase"])
    state = ApplesState(rng=Rng(rng.next_u64()), dealer=view["dealer"], deal=view["deal"], phase=phase,
                        hands=[[] for _ in range(PLAYERS)])
    state.calls = [Call(c["seat"], c["count"], c["suit"]) if c["type"] == "bid" else Call(c["seat"])
                   for c in view["bids"]]
    state.declarer, state.count, state.trump = view["declarer"], view["count"], view["trump"]
    own = cards(hand)
    state.discards[seat] = cards(discards)
    state.received[seat] = cards(received)
    own_target = card(view["target"]) if view["target"] is not None else None
    state.trick = Trick(view["leader"], [(p["seat"], card(p["card"])) for p in view["trick"]])
    state.completed = [CompletedTrick(t["trick"], t["leader"], [(p["seat"], card(p["card"])) for p in t["plays"]],
                                      t["winner"]) for t in view["played"]]
    set_captured(state, [cards(c) for c in view["captured"]])
    state.voids = [set(v) for v in view["voids"]]
    state.scores = list(view["scores"])
    state.summaries = [Frozen.of(s) for s in view["deals"]]
    played_by: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for t in state.completed:
        for who, c in t.plays:
            played_by[who].append(c)
    for who, c in state.trick.plays:
        played_by[who].append(c)
    before_exchange = phase in (BID, DISCARD)
    seen = set(own) | {c for group in (*played_by, *state.captured) for c in group}
    if before_exchange:  # after the exchange the seat's discards are in hands it cannot see
        seen |= set(state.discards[seat])
    if own_target is not None:
        seen.add(own_target)
    unseen = [c for c in DECK if c not in seen]
    others = [s for s in range(PLAYERS) if s != seat]
    capacity: dict[Holder, int] = {}
    for other in others:
        capacity[other, "hand"] = view["hand_sizes"][other]
        if before_exchange:
            capacity[other, "pile"] = view["discarded"][other]
        elif view["targets_set"][other]:
            capacity[other, "target"] = 1

    def allowed(holder: Holder, c: Card) -> bool:
        other, place = holder
        if place == "hand":
            return c.suit not in state.voids[other]
        return place != "pile" or other != state.declarer or c.suit == state.trump

    minimums: list[tuple[tuple[Holder, ...], Callable[[Card], bool], int]] = []
    for other in others:
        for suit, length in shown_lengths(view["bids"], other).items():
            if before_exchange:
                holders: tuple[Holder, ...] = ((other, "hand"), (other, "pile"))
                if other == state.declarer and suit == state.trump:
                    holders = holders[::-1]  # its trump discards count towards the trumps it showed
            else:
                exchanged = 0 if other == state.declarer and suit != state.trump else state.count
                length -= exchanged + sum(1 for c in played_by[other] if c.suit == suit)
                holders = ((other, "hand"), (other, "target"))
            holders = tuple(h for h in holders if h in capacity)
            if length > 0:
                minimums.append((holders, _of_suit(suit), length))
    try:
        dealt = deal_unseen_with_minimums(unseen, capacity, allowed, rng, minimums, QUICK_DEAL_TRIES)
    except ValueError:  # the shown lengths are lower bounds only: fall back to the hard constraints
        dealt = deal_unseen(unseen, capacity, allowed, rng, QUICK_DEAL_TRIES)
    for other in others:
        state.hands[other] = sort_hand(dealt[other, "hand"])
        if before_exchange:
            state.discards[other] = dealt[other, "pile"]
        elif (other, "target") in dealt:
            state.targets.choose(other, dealt[other, "target"][0])
    state.hands[seat] = list(own)
    if own_target is not None:
        state.targets.choose(seat, own_target)
    if not before_exchange and any(view["discarded"]):
        held_by = {other: [*dealt[other, "hand"], *dealt.get((other, "target"), []), *played_by[other]]
                   for other in others}
        _record_the_exchange(state, seat, held_by, rng)
    return state


def _record_the_exchange(state: ApplesState, seat: int, held_by: dict[int, list[Card]], rng: Rng) -> None:
    """The other seats' discards and received cards after the exchange, consistent with where the pile
    went: the pile (everyone's N discards) was dealt back N to each seat, so each other seat received N
    of the cards it holds, has set aside or has played — among them every card `seat` put in and did not
    get back — and the others' discards are the cards they received plus the ones `seat` received and
    did not put in itself; the declarer's N of them are trumps. `held_by` says where each other seat's
    cards are in the sampled state."""
    count, own_discards = state.count, state.discards[seat]
    from_others = [c for c in state.received[seat] if c not in own_discards]
    trumps_short = 0
    if state.declarer is not None and state.declarer != seat:  # its N discards must be trumps
        trumps_short = count - sum(1 for c in from_others if c.suit == state.trump)
    pile: list[Card] = []
    for other, held in held_by.items():
        given_by_seat = [c for c in held if c in own_discards]
        free = [c for c in held if c not in own_discards]
        rng.shuffle(free)
        needed = [c for c in free if c.suit == state.trump][:max(trumps_short, 0)]  # the pile needs them
        taken = [*needed, *(c for c in free if c not in needed)][:count - len(given_by_seat)]
        trumps_short -= sum(1 for c in taken if c.suit == state.trump)
        state.received[other] = sort_hand([*given_by_seat, *taken])
        pile += taken
    pile += from_others
    rng.shuffle(pile)
    if state.declarer is not None and state.declarer != seat:
        pile.sort(key=lambda c: c.suit != state.trump)  # the declarer's trumps first
        state.discards[state.declarer] = pile[:count]
        pile = pile[count:]
    for other in held_by:
        if other != state.declarer:
            state.discards[other], pile = pile[:count], pile[count:]


def _of_suit(suit: str) -> Callable[[Card], bool]:
    return lambda c: c.suit == suit
