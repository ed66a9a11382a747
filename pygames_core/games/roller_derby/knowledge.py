"""What a Roller Derby seat knows: its view of the state (`seat_view`), and the inverse the bots need,
`sample_state`, a full state consistent with a view (the cards the seat cannot see dealt at random).
They stand side by side so that a reader can check one against the other: sample_state reads only
the view, and a sampled state shows the seat that view again.
"""

from __future__ import annotations

from typing import Literal

from pygames_core.ai.sampling import deal_unseen
from pygames_core.engine.rng import Rng
from pygames_core.games.roller_derby.messages import RollerDerbyView
from pygames_core.games.roller_derby.state import (
    GAME_ID,
    JOKER_PRICE,
    PASS_SIZE,
    PLAYERS,
    TRICKS,
    DerbyTrick,
    Held,
    Phase,
    Played,
    RollerDerbyState,
    Variant,
    cards_in_game,
    held_card,
    play_view,
    played_from,
    sort_held,
    trick_view,
    unplayed_ranks,
)
from pygames_core.kit.cards import Card, Joker, card_or_joker
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import partner_of, team_of
from pygames_core.kit.tricks import Trick

QUICK_DEAL_TRIES = 8  # plain shuffles tried before the matching deal (ai/sampling.py's deal_unseen)
# where a sampled card goes: a seat's hand, its cards for the partner or set aside so far, the discards
Holder = int | tuple[int, Literal["gift", "aside"]] | Literal["discards"]


def received_by(state: RollerDerbyState, seat: int) -> tuple[Held, ...] | None:
    """The partner's three cards as `seat` may see them: once the team has exchanged, and for the
    roller with the roller's privilege as soon as the partner has chosen them."""
    gift = state.passes.choices[partner_of(seat)]
    if gift is None:
        return None
    if state.exchanged[team_of(seat)] or (state.variant.privilege and seat == state.roller):
        return gift
    return None


def seat_view(state: RollerDerbyState, seat: int | None) -> RollerDerbyView:
    """What `seat` sees: its own hand and gift, the partner's gift once it may see it, the roller's
    discards for the roller only, and everything on the table."""
    own_gift = state.passes.choices[seat] if seat is not None else None
    if seat is not None and seat == state.current and state.setting_aside:
        own_gift = tuple(state.setting_aside)
    received = received_by(state, seat) if seat is not None else None
    return {
        "game": GAME_ID,
        "seat": seat,
        "players": PLAYERS,
        "options": {"deals": state.variant.deals, "jokers": state.variant.jokers, "d12": state.variant.d12,
                    "privilege": state.variant.privilege},
        "phase": str(state.phase),  # the plain string: a view is JSON data
        "current_player": state.current,
        "deal": state.deal,
        "deals_total": state.variant.deals,
        "dealer": state.dealer,
        "roller": state.roller,
        "rolling_team": state.rolling_team,
        "dice": list(state.dice),
        "target": state.target,
        "trump": state.trump_call,
        "jokers_bought": state.jokers_bought,
        "joker_price": JOKER_PRICE,
        "discards": [c.code for c in state.discards] if seat == state.roller else None,
        "discard_count": len(state.discards),
        "all_or_nothing": state.all_or_nothing,
        "hand": [c.code for c in state.hands[seat]] if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "chosen": state.passes.chosen_by(),
        "exchanged": list(state.exchanged),
        "pass_size": PASS_SIZE,
        "gave": [c.code for c in own_gift] if own_gift is not None else None,
        "received": [c.code for c in received] if received is not None else None,
        "leader": state.trick.leader,
        "trick": [play_view(s, p) for s, p in state.trick.plays],
        "trick_number": state.tricks_played + 1,
        "tricks_per_deal": TRICKS,
        "tricks": list(state.tricks_won),
        "rolling_tricks": state.rolling_tricks,
        "played": [trick_view(t) for t in state.completed],
        "out_of_play": [c.code for c in sort_held(state.out_of_play)],
        "voids": [sorted(v) for v in state.voids],
        "team_scores": list(state.team_scores),
        "deals": [s.thaw() for s in state.summaries],  # fresh copies, not the state's records
    }


def sample_state(view: RollerDerbyView, rng: Rng) -> RollerDerbyState:
    """A full state consistent with one seat's view: the cards it cannot see dealt at random to the other
    hands, to the face-down gifts of seats that have chosen but not yet exchanged, to the cards another
    seat choosing now has set aside so far (its hand holds 13 less those), and (for everyone but the
    roller) to the roller's discards. The cards it gave its partner stay in the partner's hand until
    played; jokers are only ever with the rolling team (bought by the roller, passed on only in its
    exchange, never discarded); no one holds a natural card of a suit they have shown to be out of (by
    not following, or by not trumping when out of the led suit)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view has no hand to sample from")
    options = view["options"]
    variant = Variant(options["deals"], options["jokers"], options["d12"], options["privilege"])
    state = RollerDerbyState(rng=Rng(rng.next_u64()), variant=variant, dealer=view["dealer"], deal=view["deal"],
                             phase=Phase(view["phase"]), dice=list(view["dice"]), trump_call=view["trump"],
                             jokers_bought=view["jokers_bought"], exchanged=list(view["exchanged"]),
                             all_or_nothing=view["all_or_nothing"], tricks_won=list(view["tricks"]),
                             voids=[set(v) for v in view["voids"]], team_scores=list(view["team_scores"]),
                             summaries=[Frozen.of(s) for s in view["deals"]])
    roller, partner = state.roller, partner_of(seat)
    state.trick = Trick(view["leader"], [(p["seat"], played_from(p)[0]) for p in view["trick"]])
    state.completed = [DerbyTrick(t["trick"], t["leader"], [(p["seat"], played_from(p)[0]) for p in t["plays"]],
                                  t["winner"]) for t in view["played"]]
    state.out_of_play = {card_or_joker(c) for c in view["out_of_play"]}
    state.unplayed_ranks = unplayed_ranks(state.out_of_play)
    on_table = state.out_of_play | {card_or_joker(p["card"]) for p in view["trick"]}

    def held(codes_: list[str] | None) -> tuple[Held, ...] | None:
        return None if codes_ is None else tuple(card_or_joker(c) for c in codes_)

    own, own_gift, received, known_discards = (held(view[k]) for k in ("hand", "gave", "received", "discards"))
    assert own is not None
    if own_gift is not None and not view["chosen"][seat]:  # choosing now: the cards set aside so far
        state.setting_aside = list(own_gift)
    my_team_exchanged = state.exchanged[team_of(seat)]
    # the cards this seat gave its partner are in the partner's hand until played
    pinned = [c for c in own_gift if c not in on_table] if own_gift and my_team_exchanged else []
    seen = set(own) | on_table | set(own_gift or ()) | set(received or ()) | set(known_discards or ())
    unseen = [c for c in cards_in_game(state.jokers_bought) if c not in seen]
    capacity: dict[Holder, int] = {}
    for other in range(PLAYERS):
        if other != seat:
            capacity[other] = view["hand_sizes"][other] - (len(pinned) if other == partner else 0)
            face_down = view["chosen"][other] and not state.exchanged[team_of(other)]
            if face_down and not (other == partner and received is not None):
                capacity[other, "gift"] = PASS_SIZE
            if other == view["current_player"] and state.phase == Phase.EXCHANGE and not view["chosen"][other]:
                # choosing now: the cards it has set aside so far are out of its hand, face down
                capacity[other, "aside"] = TRICKS - view["hand_sizes"][other]
    if known_discards is None and view["discard_count"]:
        capacity["discards"] = view["discard_count"]
    rolling_exchanged = state.exchanged[state.rolling_team]

    def allowed(holder: Holder, item: Held) -> bool:
        if isinstance(item, Joker):
            return holder in (roller, (roller, "gift"), (roller, "aside")) or (
                holder == partner_of(roller) and rolling_exchanged)
        if isinstance(holder, str):  # the discards
            return True
        owner = holder[0] if isinstance(holder, tuple) else holder  # a seat, alone or with "gift" or "aside"
        return item.suit not in state.voids[owner]

    dealt = deal_unseen(unseen, capacity, allowed, rng, quick_tries=QUICK_DEAL_TRIES)
    state.hands = [sort_held(own) if s == seat else sort_held([*dealt[s], *(pinned if s == partner else [])])
                   for s in range(PLAYERS)]
    to_move = view["current_player"]
    if to_move is not None and dealt.get((to_move, "aside")):
        state.setting_aside = list(dealt[to_move, "aside"])
    for other in range(PLAYERS):
        if not view["chosen"][other]:
            continue
        if other == seat:
            gift = own_gift
        elif other == partner and received is not None:
            gift = received
        elif (other, "gift") in dealt:
            gift = tuple(dealt[other, "gift"])
        else:  # the other team's exchange is over: its gifts are somewhere among the receiver's cards
            gift = _some_cards_of(state, partner_of(other), rng)
        assert gift is not None  # a seat that has chosen sees its own gift
        state.passes.choose(other, gift)
    discards = known_discards if known_discards is not None else dealt.get("discards", [])
    state.discards = [c for c in discards if isinstance(c, Card)]
    return state


def _some_cards_of(state: RollerDerbyState, seat: int, rng: Rng) -> tuple[Held, ...]:
    """Three cards `seat` holds or has played, at random: what it may have received, as far as
    another team can tell."""
    cards_of: list[Held] = list(state.hands[seat])
    tricks: list[Trick[Played] | DerbyTrick] = [*state.completed, state.trick]
    for trick in tricks:
        cards_of += [held_card(p) for s, p in trick.plays if s == seat]
    if len(cards_of) < PASS_SIZE:  # a set-up without its earlier tricks: any played card will do
        cards_of += sorted(state.out_of_play - set(cards_of), key=lambda c: c.code)
    rng.shuffle(cards_of)
    return tuple(cards_of[:PASS_SIZE])

