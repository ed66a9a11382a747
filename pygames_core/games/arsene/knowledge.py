"""What a seat of Arsène knows: the view of the table (`table_view`), and its inverse, a full state
consistent with a seat's view (`sample_state`, the bots' sampled state), side by side so that each can be
checked against the other."""

from __future__ import annotations

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


def sample_state(view: ArseneView, rng: Rng) -> ArseneState:
    """A full state consistent with one seat's view: the unseen cards dealt at random to the other
    hands and the face-down edge cards, never giving a player a suit they have shown to be out of."""
    seat, hand = view["seat"], view["hand"]
    if seat is None or hand is None:
        raise ValueError("a spectator's view has no hand to sample from")
    state = ArseneState(advanced=view["advanced"], rng=Rng(rng.next_u64()), dealer=view["dealer"],
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
    dealt = deal_unseen(unseen, capacity, lambda holder, c: c.suit not in voids[holder], rng)
    state.hands = [sort_hand(dealt[s]) if s != seat else list(own) for s in range(PLAYERS)]
    hidden = iter(dealt[PLAYERS])
    state.table = [c if c is not None else next(hidden) for c in table]
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
    return state

