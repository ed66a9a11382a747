"""What a seat of On Schedule knows: the view of the table (`table_view`), everything the seat has seen
and its bot remembers (`seen_view`), and their inverse, a full state consistent with what a seat has seen
(`sample_state`, the bots' sampled state), side by side so that each can be checked against the other."""

from __future__ import annotations

from pygames_core.ai.sampling import deal_unseen
from pygames_core.engine.rng import Rng
from pygames_core.games.on_schedule.messages import OnScheduleView
from pygames_core.games.on_schedule.state import (
    DECK,
    GAME_ID,
    GIFT_SIZE,
    PLAYERS,
    TRICKS,
    OnScheduleState,
    OnScheduleTrick,
    Phase,
    pile_of,
    row_view,
    unplayed_cards,
    voter,
)
from pygames_core.kit.cards import Card, card, cards, codes, sort_hand
from pygames_core.kit.match import Match, match_from_view
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import partner_of, team_of
from pygames_core.kit.tricks import Trick

QUICK_DEAL_TRIES = 8  # plain random deals the sampler tries before the constraint-solving one


def table_view(state: OnScheduleState, seat: int | None, may_double: bool) -> OnScheduleView:
    """What `seat` (None: a spectator) sees on the table now. As in the original rules, a finished
    trick is turned over: the last one stays in view until the next is finished, and of the earlier
    ones only their point cards show (`OnScheduleTrick.face_down_view`). Its card of the schedule row
    is turned face down with it (`{"trick": i, "face_down": true}`: which suit was trump, and whose
    card it was, are gone; the seats' special tricks stay in `special`, as a card turned sideways
    stays sideways). Which cards are gone and who is out of which suit are then for the players to
    remember, so the view leaves out `out_of_play` and `voids`. The `show_played` assist keeps every
    finished trick and row card face up, with both.
    `may_double`: whether the seat may double now (the rules know; the cube's view shows it)."""
    seen = seen_view(state, seat, may_double)
    if state.show_played:
        return seen
    del seen["out_of_play"], seen["voids"]
    earlier, last = state.completed[:-1], state.completed[-1:]
    seen["played"] = [t.face_down_view() for t in earlier] + [t.to_view() for t in last]
    seen["row"] = [{"trick": entry["trick"], "face_down": True} if entry["trick"] <= len(earlier) else entry
                   for entry in seen["row"]]
    return seen


def seen_view(state: OnScheduleState, seat: int | None, may_double: bool) -> OnScheduleView:
    """Everything `seat` has seen: each finished trick was in full view before it was turned over,
    so a bot, which remembers, decides from the full record whatever the table still shows.
    `may_double`: whether the seat may double now (the rules know; the cube's view shows it)."""
    own_gift = state.gifts.choices[seat] if seat is not None else None
    exchanged = state.phase in (Phase.PLAY, Phase.OVER)
    seen: OnScheduleView = {
        "game": GAME_ID,
        "seat": seat,
        "players": PLAYERS,
        "phase": state.phase,
        "current_player": state.current,
        "deal": state.deal,
        "dealer": state.dealer,
        "show_played": state.show_played,  # the assist: whether finished tricks stay face up
        "target": state.match.target,
        "victory_points": list(state.match.scores),
        "piles": [codes(pile_of(s, state.dealer, state.votes)) for s in range(PLAYERS)],
        "votes": [{"seat": voter(state.dealer, i), "card": c.code, "suit": c.suit}
                  for i, c in enumerate(state.votes)],
        "row": [*row_view(state)],
        "special": list(state.special),
        "trump": state.trump,
        "hand": codes(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "chosen": state.gifts.chosen_by() if state.phase == Phase.GIVE else None,
        "gave": codes(own_gift) if own_gift is not None else None,
        "received": codes(state.given[partner_of(seat)]) if seat is not None and exchanged else None,
        "leader": state.trick.leader,
        "trick": state.trick.to_view(),
        "trick_number": state.trick_number,
        "tricks_per_deal": TRICKS,
        "tricks": list(state.tricks_won),
        "points": list(state.points),
        "played": [t.to_view() for t in state.completed],
        "out_of_play": codes(sort_hand(state.out_of_play)),
        "voids": [sorted(v) for v in state.voids],
        "deals": [s.thaw() for s in state.summaries],
    }
    if state.match.cube:  # the cube and the match, only when the game is played with the cube
        seen["cube"] = state.match.cube_view(None if seat is None else team_of(seat), may_double)
        seen["match"] = state.match.match_view()
    return seen


def sample_state(view: OnScheduleView, rng: Rng) -> OnScheduleState:
    """A full state consistent with what one seat has seen (its remembered view: every finished trick in
    full, as the seat saw it before it was turned over): the cards it cannot see dealt at random to the
    other hands (and to the face-down gifts of seats that have already chosen theirs), keeping the
    cards it gave its partner in the partner's hand until played, and never giving a player a suit
    they have shown to be out of."""
    seat, hand = view["seat"], view["hand"]
    if seat is None or hand is None:
        raise ValueError("a spectator's view has no hand to sample from")
    if any("face_down" in entry for entry in [*view["row"], *view["played"]]):
        raise ValueError("a state is sampled from what the seat remembers (Rules.remembered_view), all face up")
    phase = Phase(view["phase"])
    state = OnScheduleState(rng=Rng(rng.next_u64()), dealer=view["dealer"], deal=view["deal"], phase=phase,
                            show_played=view["show_played"])
    own = cards(hand)
    own_gift = tuple(cards(view["gave"])) if view["gave"] is not None else None
    state.votes = [card(v["card"]) for v in view["votes"]]
    state.row = tuple(card(r["card"]) for r in view["row"] if "card" in r)  # all of them (face up: checked above)
    state.special = list(view["special"])
    state.trick = Trick(view["leader"], [(p["seat"], card(p["card"])) for p in view["trick"]])
    state.completed = [
        OnScheduleTrick(t["trick"], t["leader"], [(p["seat"], card(p["card"])) for p in t["plays"]], t["winner"],
                        t["points"], t["doubled"])
        for t in view["played"] if "plays" in t  # all of them (face up: checked above)
    ]
    state.out_of_play = set(cards(view["out_of_play"]))
    state.unplayed = unplayed_cards(state.out_of_play)
    on_table = state.out_of_play | {c for _, c in state.trick.plays}
    partner = partner_of(seat)
    # after the pass, the cards this seat gave are in its partner's hand until they are played
    pinned = [c for c in own_gift if c not in on_table] if phase == Phase.PLAY and own_gift else []
    seen = set(own) | on_table | set(own_gift or ())
    unseen = [c for c in DECK if c not in seen]
    capacity: dict[int | tuple[int, str], int] = {}
    chosen = view["chosen"]
    for other in range(PLAYERS):
        if other != seat:
            capacity[other] = view["hand_sizes"][other] - (len(pinned) if other == partner else 0)
            if chosen is not None and chosen[other]:  # while giving (chosen is None after)
                capacity[other, "gift"] = GIFT_SIZE
    voids = [set(v) for v in view["voids"]]

    def allowed(holder: int | tuple[int, str], c: Card) -> bool:
        owner = holder[0] if isinstance(holder, tuple) else holder  # a seat or (seat, "gift")
        return c.suit not in voids[owner]

    dealt = deal_unseen(unseen, capacity, allowed, rng, quick_tries=QUICK_DEAL_TRIES)
    state.hands = [list(own) if s == seat else sort_hand(dealt[s] + (pinned if s == partner else []))
                   for s in range(PLAYERS)]
    if phase == Phase.GIVE:
        for other in range(PLAYERS):
            gift = own_gift if other == seat else tuple(dealt.get((other, "gift"), ()))
            if gift:
                state.gifts.choose(other, gift)
    elif own_gift is not None:
        state.gifts.choices[seat] = own_gift
        state.given[seat] = own_gift
        state.given[partner] = tuple(cards(view["received"] or []))
    state.tricks_won = list(view["tricks"])
    state.points = list(view["points"])
    state.voids = voids
    plain = Match(view["target"], scores=list(view["victory_points"]), games=view["deal"] - 1)
    state.match = match_from_view(view["match"], view["cube"]) if "cube" in view else plain
    state.summaries = [Frozen.of(s) for s in view["deals"]]
    # whoever the view shows to move moves in the sample too (a person answering a double for the team)
    state.people = frozenset() if view["current_player"] is None else frozenset({view["current_player"]})
    return state

