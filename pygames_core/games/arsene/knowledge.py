"""What a seat of Arsène knows: the view of the table (`table_view`), and its inverse, a full state
consistent with a seat's view (`sample_state`, the bots' sampled state), side by side so that each can be
checked against the other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pygames_core.ai.sampling import deal_unseen
from pygames_core.engine.rng import Rng
from pygames_core.games.arsene.messages import ArseneView
from pygames_core.games.arsene.state import (
    GAME_ID,
    HAND_SIZE,
    PLAY_DECK,
    PLAYERS,
    PUSH,
    STORE_MARKS,
    ArseneState,
    ArseneTrick,
    Phase,
    copy_state,
)
from pygames_core.kit.cards import Card, card, cards, codes, sort_hand
from pygames_core.kit.records import Frozen
from pygames_core.kit.tricks import PlayedCard, Trick


def table_view(state: ArseneState, seat: int | None) -> ArseneView:
    """What `seat` (None: a spectator) sees: its own hand, the edge card once chosen (the other two stay
    face down), the tricks so far in full, the stores and everyone's chips."""
    return {
        "game": GAME_ID,
        "seat": seat,
        "players": PLAYERS,
        "phase": state.phase,
        "current_player": state.current,
        "deal": state.deal,
        "dealer": state.dealer,
        "advanced": state.advanced,
        "contest": state.contest,
        "trump": state.trump,
        "table": [
            {"card": c.code if i == state.chosen else None, "face_up": i == state.chosen and not c.is_red,
             "chosen": i == state.chosen}
            for i, c in enumerate(state.table)
        ],
        "hand": codes(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "leader": state.trick.leader,
        "trick": state.trick.to_view(),
        "trick_number": sum(state.tricks) + 1,
        "tricks_per_deal": HAND_SIZE,
        "tricks": list(state.tricks),
        "played": [t.taken_view() for t in state.completed],
        "out_of_play": codes(sort_hand(state.out_of_play)),
        "push": {"winner": state.push_from, "target": state.push_to} if state.phase == PUSH else None,
        "voids": [sorted(v) for v in state.voids],
        "stores": [
            {"store": i + 1, "card": STORE_MARKS[i], "groups": list(groups), "chips": sum(groups),
             "robbed": [{"seat": s, "chips": n, "deal": d} for s, n, d in state.robbed[i]]}
            for i, groups in enumerate(state.stores)
        ],
        "chips": list(state.chips),
        "confiscated": state.confiscated,
        "deals": [s.thaw() for s in state.summaries],
    }


@dataclass(frozen=True, slots=True)
class SeatKnowledge:
    """What a sampled state takes from one seat's view, read once: the state without the cards the seat
    has not seen (`public`: no other hand, the face-down edge cards None), the seat's own hand, the
    cards to deal and where each may go (deal_unseen's arguments)."""

    view: ArseneView  # the view read, kept so that its identity is not another's (read_view)
    public: ArseneState
    table: list[Card | None]
    unseen: list[Card]
    capacity: dict[int, int]  # by holder: the other seats, then PLAYERS for the face-down edge cards
    allowed: Callable[[int, Card], bool]


def read_view(view: ArseneView) -> SeatKnowledge:
    """`view` read as sample_state deals from it. The hard bot's search samples one view again and again in
    a decision (pygames_core/ai/search.py), so the last view's reading is kept and given again for that
    same view (the same object: a view is read, never changed): every sample then only deals."""
    global _last_read
    if _last_read is None or _last_read.view is not view:
        _last_read = _read_view(view)
    return _last_read


_last_read: SeatKnowledge | None = None


def _read_view(view: ArseneView) -> SeatKnowledge:
    seat, hand = view["seat"], view["hand"]
    if seat is None or hand is None:
        raise ValueError("a spectator's view has no hand to sample from")
    # its rng is never drawn from: every sample gets one of its own (sample_state)
    state = ArseneState(advanced=view["advanced"], rng=Rng(0), dealer=view["dealer"],
                        deal=view["deal"], phase=Phase(view["phase"]), chosen=None, trump=view["trump"],
                        summaries=[Frozen.of(s) for s in view["deals"]])
    own = cards(hand)
    trick = Trick(view["leader"], [(p["seat"], card(p["card"])) for p in view["trick"]])
    seen: set[PlayedCard] = set(own) | set(cards(view["out_of_play"])) | {c for _, c in trick.plays}
    table: list[Card | None] = []
    for i, edge in enumerate(view["table"]):
        shown = edge["card"]  # None while face down: all but the chosen one
        if shown is None:
            table.append(None)
        else:
            state.chosen = i
            face_up = card(shown)
            table.append(face_up)
            seen.add(face_up)
    unseen = [c for c in PLAY_DECK if c not in seen]
    holders = [s for s in range(PLAYERS) if s != seat]
    capacity = {s: view["hand_sizes"][s] for s in holders}
    capacity[PLAYERS] = table.count(None)  # the face-down edge cards, under a made-up holder
    voids = {s: set(view["voids"][s]) for s in holders}
    voids[PLAYERS] = set()
    state.hands = [list(own) if s == seat else [] for s in range(PLAYERS)]
    state.hidden = sum(c.bit for c in [*own, *unseen])  # every sample deals the unseen cards
    state.leader = view["leader"]
    state.trick = trick
    state.tricks = list(view["tricks"])
    before = sum(view["tricks"]) - len(view["played"])  # tricks of a set-up's deal before its record starts
    state.completed = [
        ArseneTrick(before + number, t["leader"], [(p["seat"], card(p["card"])) for p in t["plays"]], t["winner"],
                    t["taker"])
        for number, t in enumerate(view["played"], 1)
    ]
    state.out_of_play = set(cards(view["out_of_play"]))
    if view["push"]:
        state.push_from, state.push_to = view["push"]["winner"], view["push"]["target"]
    state.voids = [set(v) for v in view["voids"]]
    state.stores = [list(s["groups"]) for s in view["stores"]]
    state.robbed = [[(r["seat"], r["chips"], r["deal"]) for r in s["robbed"]] for s in view["stores"]]
    state.chips = list(view["chips"])
    state.confiscated = view["confiscated"]
    state.contest = view["contest"]
    return SeatKnowledge(view, state, table, unseen, capacity, lambda holder, c: c.suit not in voids[holder])


def sample_state(view: ArseneView, rng: Rng) -> ArseneState:
    """A full state consistent with one seat's view: the unseen cards dealt at random to the other
    hands and the face-down edge cards, never giving a player a suit they have shown to be out of."""
    known = read_view(view)
    state = copy_state(known.public)
    state.rng = Rng(rng.next_u64())
    dealt = deal_unseen(known.unseen, known.capacity, known.allowed, rng)
    seat = view["seat"]
    state.hands = [sort_hand(dealt[s]) if s != seat else hand for s, hand in enumerate(state.hands)]
    hidden = iter(dealt[PLAYERS])
    state.table = [c if c is not None else next(hidden) for c in known.table]
    return state
