"""Arsène (アルセーヌ): four thieves, five jewel stores, one police trap. Rules: docs/games/arsene.md.

A deal is a no-bid trick-taker: diamonds are trump when the blind edge card turned up is black,
no trump when it is red. The winner of a trick may push it onto the nearest player clockwise who
has as many tricks (at least one). After 11 tricks each player's trick count names the store they
rob; collisions take nothing, and an empty store means the police: the game ends after that deal.

Decisions followed (from the digest): the deal is settled as takes and police, then contest-mode
exchanges, then the "all four caught" check, then the end checks. The push decision is asked for
only when a push is possible; otherwise the winner keeps the trick at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from .cards import Card, card, cards, codes, deal_clockwise, french_deck, sort_hand
from .errors import BadSetup
from .game import Option, Rules, check_setup_keys, setup_deal
from .rng import Rng
from .search import deal_unseen
from .seats import is_seat, left_of
from .tricks import Trick, end_game, next_deal, play_to_trick, playable_cards, trick_winner

PLAYERS = 4
HAND_SIZE = 11
TRUMP = "D"
# The five stores are the diamonds A..5; their chip groups are taken smallest first.
STORE_GROUPS: tuple[tuple[int, ...], ...] = ((1, 1, 1), (1, 2, 3), (1, 3, 5), (1, 2, 3), (1, 1, 1))
TOTAL_CHIPS = sum(map(sum, STORE_GROUPS))  # 27
STORE_CARDS = frozenset(card(code) for code in ("AD", "2D", "3D", "4D", "5D"))
PLAY_DECK = tuple(c for c in french_deck() if c not in STORE_CARDS)  # 47 cards


@dataclass(slots=True)
class CompletedTrick:
    leader: int
    plays: list[tuple[int, Card]]
    winner: int
    taker: int

    def to_view(self) -> dict:
        return {"leader": self.leader, "plays": [{"seat": s, "card": c.code} for s, c in self.plays],
                "winner": self.winner, "taker": self.taker}


@dataclass(slots=True)
class ArseneState:
    advanced: bool
    rng: Rng
    dealer: int
    deal: int = 1
    phase: str = "choose"  # choose | play | push | over
    hands: list[list[Card]] = field(default_factory=list)
    table: list[Card] = field(default_factory=list)  # the three edge cards
    chosen: int | None = None
    trump: str | None = None
    leader: int = 0
    trick: Trick = field(default_factory=lambda: Trick(0))
    tricks: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    completed: list[CompletedTrick] = field(default_factory=list)
    out_of_play: set[Card] = field(default_factory=set)  # cards in finished tricks this deal
    push_from: int | None = None
    push_to: int | None = None
    voids: list[set[str]] = field(default_factory=lambda: [set() for _ in range(PLAYERS)])
    stores: list[list[int]] = field(default_factory=lambda: [list(g) for g in STORE_GROUPS])
    robbed: list[list[tuple[int, int, int]]] = field(default_factory=lambda: [[] for _ in STORE_GROUPS])
    chips: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    confiscated: int = 0
    contest: bool = False  # contest mode in force for this deal
    summaries: list[dict] = field(default_factory=list)
    end_reason: str | None = None  # "police" or "stores_empty"
    caught: list[int] = field(default_factory=list)

    @property
    def current(self) -> int | None:
        if self.phase == "choose":
            return left_of(self.dealer, PLAYERS)
        if self.phase == "play":
            return (self.trick.leader + len(self.trick.plays)) % PLAYERS
        if self.phase == "push":
            return self.push_from
        return None


def push_target(tricks: list[int], winner: int) -> int | None:
    """The only player the winner may push onto: nearest clockwise with the same count, at least 1."""
    own = tricks[winner]
    if own < 1:
        return None
    for step in range(1, PLAYERS):
        seat = left_of(winner, PLAYERS, step)
        if tricks[seat] == own:
            return seat
    return None


def settle_deal(state: ArseneState) -> dict:
    """Chips after a deal, in the digest's order; returns the deal's summary."""
    counts = list(state.tricks)
    by_count: dict[int, list[int]] = {}
    for seat, t in enumerate(counts):
        by_count.setdefault(t, []).append(seat)
    before = (list(state.chips), [list(s) for s in state.stores], [list(r) for r in state.robbed],
              state.confiscated)
    takes, caught, exchanges = [], [], []
    collisions = [seats for t, seats in sorted(by_count.items()) if len(seats) > 1]
    for t, seats in sorted(by_count.items()):
        if not 1 <= t <= len(STORE_GROUPS):
            continue
        store = state.stores[t - 1]
        if not store:  # the police wait at an empty store: everyone who came loses everything
            for seat in seats:
                caught.append(seat)
                state.confiscated += state.chips[seat]
                state.chips[seat] = 0
        elif len(seats) == 1:
            chips = store.pop(0)
            state.chips[seats[0]] += chips
            state.robbed[t - 1].append((seats[0], chips, state.deal))
            takes.append({"seat": seats[0], "store": t, "chips": chips})
    if state.contest:
        for seats in collisions:
            old = [state.chips[s] for s in seats]
            # two swap; three each pass to the next of them clockwise (seats are in clockwise order)
            for i, seat in enumerate(seats):
                state.chips[seat] = old[i - 1]
            exchanges.append({"seats": seats, "before": old, "after": [state.chips[s] for s in seats]})
    void_deal = len(caught) == PLAYERS
    if void_deal:
        state.chips, stores, state.robbed, state.confiscated = before
        state.stores = stores
        takes, exchanges = [], []
    summary = {
        "deal": state.deal, "dealer": state.dealer, "tricks": counts, "takes": takes,
        "collisions": collisions, "caught": sorted(caught), "exchanges": exchanges,
        "void_deal": void_deal, "chips_after": list(state.chips), "contest": state.contest,
    }
    state.summaries.append(summary)
    return summary


def start_deal(state: ArseneState) -> None:
    deck = list(PLAY_DECK)
    state.rng.shuffle(deck)
    first = left_of(state.dealer, PLAYERS)
    state.hands = deal_clockwise(deck, first, PLAYERS, HAND_SIZE)
    state.table = deck[PLAYERS * HAND_SIZE:]
    reset_deal(state, first)


def reset_deal(state: ArseneState, leader: int) -> None:
    state.phase = "choose"
    state.chosen = None
    state.trump = None
    state.leader = leader
    state.trick = Trick(leader)
    state.tricks = [0] * PLAYERS
    state.completed = []
    state.out_of_play = set()
    state.push_from = state.push_to = None
    state.voids = [set() for _ in range(PLAYERS)]


class ArseneRules(Rules[ArseneState]):
    game_id = "arsene"
    title: ClassVar[dict[str, str]] = {"en": "Arsène", "ja": "アルセーヌ"}
    min_players = max_players = PLAYERS
    options = (
        Option(
            name="advanced", type="bool", default=False,
            label={"en": "Advanced rule (contest mode)", "ja": "上級ルール(争奪モード)"},
            help={
                "en": "From the deal after a store first runs empty, players in a collision also "
                      "exchange their chips.",
                "ja": "空の宝石店が現れた次のディールから、"
                      "バッティングしたプレイヤー同士で所持チップを交換します。",
            },
        ),
    )

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict, rng: Rng, setup: dict | None) -> ArseneState:
        dealer = rng.below(PLAYERS)  # drawn even with a set-up dealer, so the deck stream is the same
        state = ArseneState(advanced=options["advanced"], rng=rng, dealer=dealer)
        if setup is None:
            start_deal(state)
            return state
        apply_setup(state, setup)
        return state

    # --- the rules ----------------------------------------------------------------------------
    def current_player(self, state: ArseneState) -> int | None:
        return state.current

    def legal_actions(self, state: ArseneState) -> list[dict]:
        if state.phase == "choose":
            return [{"type": "choose", "index": i} for i in range(len(state.table))]
        if state.phase == "play":
            hand = state.hands[state.current]
            return [{"type": "play", "card": c.code} for c in playable_cards(hand, state.trick.led_suit)]
        if state.phase == "push":
            return [{"type": "keep"}, {"type": "push", "to": state.push_to}]
        return []

    def explain_illegal(self, state: ArseneState, action: dict) -> str | None:
        if state.phase == "play" and action.get("type") == "play":
            hand = state.hands[state.current]
            code = action.get("card")
            if code not in codes(hand):
                return f"{code!r} is not in your hand"
            return f"you must follow suit ({state.trick.led_suit})"
        if state.phase == "push" and action.get("type") == "push":
            return f"you may push only onto seat {state.push_to} (nearest clockwise with as many tricks)"
        return None

    def apply(self, state: ArseneState, action: dict) -> list[dict]:
        kind = action["type"]
        if kind == "choose":
            return self._choose(state, action["index"])
        if kind == "play":
            return self._play(state, card(action["card"]))
        return self._take_trick(state, state.push_to if kind == "push" else state.push_from)

    def _choose(self, state: ArseneState, index: int) -> list[dict]:
        seat = state.current
        state.chosen = index
        revealed = state.table[index]
        state.trump = None if revealed.is_red else TRUMP
        state.phase = "play"
        return [{"type": "chosen", "seat": seat, "index": index, "card": revealed.code, "trump": state.trump}]

    def _play(self, state: ArseneState, played: Card) -> list[dict]:
        seat = state.current
        winner = play_to_trick(state.trick, seat, played, state.hands[seat], state.voids[seat], PLAYERS, state.trump)
        events = [{"type": "played", "seat": seat, "card": played.code}]
        if winner is None:
            return events
        target = push_target(state.tricks, winner)
        events.append({"type": "trick_won", "winner": winner, "trick": sum(state.tricks) + 1,
                       "cards": state.trick.to_view(), "push_to": target})
        state.push_from, state.push_to = winner, target
        if target is None:
            events += self._take_trick(state, winner, forced=True)
        else:
            state.phase = "push"
        return events

    def _take_trick(self, state: ArseneState, taker: int, forced: bool = False) -> list[dict]:
        winner = state.push_from
        assert winner is not None
        state.tricks[taker] += 1
        state.completed.append(CompletedTrick(state.trick.leader, state.trick.plays, winner, taker))
        state.out_of_play.update(c for _, c in state.trick.plays)
        if taker == winner:
            events = [{"type": "kept", "seat": winner, "forced": forced}]
        else:
            events = [{"type": "pushed", "from": winner, "to": taker}]
        state.push_from = state.push_to = None
        state.phase = "play"
        state.leader = taker
        state.trick = Trick(taker)
        if not any(state.hands):
            events += self._end_deal(state)
        return events

    def _end_deal(self, state: ArseneState) -> list[dict]:
        summary = settle_deal(state)
        deal_over = {"type": "deal_over", "summary": summary}
        caught = [] if summary["void_deal"] else summary["caught"]
        all_empty = not any(state.stores)
        if state.advanced and not state.contest and any(not s for s in state.stores):
            state.contest = True  # contest mode holds from the next deal on
        if caught or all_empty:
            state.end_reason = "police" if caught else "stores_empty"
            state.caught = caught
            return [deal_over, end_game(state, self.result)]
        return [deal_over, next_deal(state, PLAYERS, start_deal)]

    # --- what each seat sees ------------------------------------------------------------------
    def view(self, state: ArseneState, seat: int | None) -> dict:
        return {
            "game": self.game_id,
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
            "played": [t.to_view() for t in state.completed],
            "out_of_play": codes(sort_hand(state.out_of_play)),
            "push": {"winner": state.push_from, "target": state.push_to} if state.phase == "push" else None,
            "voids": [sorted(v) for v in state.voids],
            # each store is marked by the diamond of its number, the ace for store 1
            "stores": [
                {"store": i + 1, "card": f"{'A' if i == 0 else i + 1}D", "groups": list(groups), "chips": sum(groups),
                 "robbed": [{"seat": s, "chips": n, "deal": d} for s, n, d in state.robbed[i]]}
                for i, groups in enumerate(state.stores)
            ],
            "chips": list(state.chips),
            "confiscated": state.confiscated,
            "deals": [dict(s) for s in state.summaries],
        }

    def result(self, state: ArseneState) -> dict:
        over = state.phase == "over"
        best = max(state.chips)
        return {
            "scores": list(state.chips),
            "winners": [s for s in range(PLAYERS) if state.chips[s] == best] if over else [],
            "reason": state.end_reason,
            "caught": list(state.caught),
            "deals": state.deal,
        }

    def copy_state(self, state: ArseneState) -> ArseneState:
        return ArseneState(
            advanced=state.advanced, rng=state.rng.copy(), dealer=state.dealer, deal=state.deal,
            phase=state.phase, hands=[list(h) for h in state.hands], table=list(state.table),
            chosen=state.chosen, trump=state.trump, leader=state.leader, trick=state.trick.copy(),
            tricks=list(state.tricks), completed=list(state.completed), out_of_play=set(state.out_of_play),
            push_from=state.push_from, push_to=state.push_to, voids=[set(v) for v in state.voids],
            stores=[list(s) for s in state.stores], robbed=[list(r) for r in state.robbed],
            chips=list(state.chips), confiscated=state.confiscated, contest=state.contest,
            summaries=list(state.summaries), end_reason=state.end_reason, caught=list(state.caught),
        )

    # --- bots ---------------------------------------------------------------------------------
    def sample_state(self, view: dict, rng: Rng) -> ArseneState:
        return sample_state(view, rng)

    def policy_action(self, state: ArseneState, rng: Rng) -> dict:
        return policy_action(state, rng)

    def playout_done(self, start: ArseneState, state: ArseneState) -> bool:
        # a hard bot looks to the end of the deal: later deals are new shuffles it cannot foresee
        return state.phase == "over" or state.deal != start.deal

    def evaluate(self, state: ArseneState, seat: int) -> float:
        return evaluate(state, seat)


def apply_setup(state: ArseneState, setup: dict) -> None:
    """An explicit position; the format is documented in docs/games/arsene.md."""
    known = {"dealer", "deal", "hands", "table", "chosen", "tricks", "leader", "stores", "chips", "contest"}
    check_setup_keys(setup, known)
    dealer = setup.get("dealer", state.dealer)
    if not is_seat(dealer, PLAYERS):
        raise BadSetup(f"dealer must be a seat 0-3, not {dealer!r}")
    state.dealer = dealer
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


def _setup_chips(state: ArseneState, setup: dict) -> None:
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


def _setup_cards(state: ArseneState, setup: dict) -> None:
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
    leader = setup.get("leader", left_of(state.dealer, PLAYERS))
    if not is_seat(leader, PLAYERS):
        raise BadSetup(f"leader must be a seat 0-3, not {leader!r}")
    state.hands = [sort_hand(h) for h in hands]
    state.table = table
    reset_deal(state, leader)
    state.tricks = list(tricks)
    state.out_of_play = set(PLAY_DECK) - set(every)
    if chosen is not None:
        state.chosen = chosen
        state.trump = None if table[chosen].is_red else TRUMP
        state.phase = "play"


# --- bots: sampling the unseen cards, a quick policy, and the value of a finished deal -----------

def sample_state(view: dict, rng: Rng) -> ArseneState:
    """A full state consistent with one seat's view: the unseen cards dealt at random to the other
    hands and the face-down edge cards, never giving a player a suit they have shown to be out of."""
    seat = view["seat"]
    state = ArseneState(advanced=view["advanced"], rng=Rng(rng.next_u64()), dealer=view["dealer"],
                        deal=view["deal"], phase=view["phase"], chosen=None, trump=view["trump"])
    own = cards(view["hand"])
    trick = Trick(view["leader"], [(p["seat"], card(p["card"])) for p in view["trick"]])
    seen = set(own) | set(cards(view["out_of_play"])) | {c for _, c in trick.plays}
    table: list[Card | None] = []
    for i, edge in enumerate(view["table"]):
        if edge["chosen"]:
            state.chosen = i
            table.append(card(edge["card"]))
            seen.add(table[-1])
        else:
            table.append(None)
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
    state.completed = [
        CompletedTrick(t["leader"], [(p["seat"], card(p["card"])) for p in t["plays"]], t["winner"], t["taker"])
        for t in view["played"]
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


def _target_count(state: ArseneState, seat: int) -> int:
    """The trick count this seat should aim for: a store with chips that nobody else is heading to,
    never an empty store (the police), weighing what is still reachable."""
    have = state.tricks[seat]
    left = len(state.hands[seat])
    best, best_value = have, -1e9
    for t in range(have, have + left + 1):
        if t == 0 or t > len(STORE_GROUPS):
            value = 0.0
        elif not state.stores[t - 1]:
            value = -3.0 - state.chips[seat]  # caught: lose everything
        else:
            value = float(state.stores[t - 1][0])
        # others on or just below t are likely to collide with us there
        rivals = sum(1 for s in range(PLAYERS) if s != seat and t - 1 <= state.tricks[s] <= t)
        value -= 0.6 * rivals * max(value, 0.5)
        value -= 0.15 * (t - have)  # every extra trick is harder to steer
        if value > best_value:
            best, best_value = t, value
    return best


def policy_action(state: ArseneState, rng: Rng) -> dict:
    """The 'normal' play of Arsène, from the mover's hand and public facts only: aim at a good
    store, win tricks while below the target, duck (or dump high cards) once there."""
    seat = state.current
    assert seat is not None
    if state.phase == "choose":
        return {"type": "choose", "index": rng.below(len(state.table))}
    if state.phase == "push":
        target = _target_count(state, seat)
        return {"type": "keep"} if state.tricks[seat] < target else {"type": "push", "to": state.push_to}
    hand = state.hands[seat]
    options = playable_cards(hand, state.trick.led_suit)
    if len(options) == 1:
        return {"type": "play", "card": options[0].code}
    want = state.tricks[seat] < _target_count(state, seat)
    trump = state.trump

    def strength(c: Card) -> int:
        return c.rank + (20 if c.suit == trump else 0)

    if not state.trick.plays:  # leading
        chosen = max(options, key=strength) if want else min(options, key=strength)
        return {"type": "play", "card": chosen.code}
    winners = [c for c in options if trick_winner([*state.trick.plays, (seat, c)], trump) == seat]
    losers = [c for c in options if c not in winners]
    last_to_play = len(state.trick.plays) == PLAYERS - 1
    if want and winners:
        # last to play: the cheapest winner is enough; otherwise win firmly
        chosen = min(winners, key=strength) if last_to_play else max(winners, key=strength)
    elif want:
        chosen = min(options, key=strength)
    elif losers:
        chosen = max(losers, key=strength)  # duck, shedding the most dangerous card that still loses
    else:
        chosen = max(options, key=strength)  # forced to win: at least get rid of a high card
    return {"type": "play", "card": chosen.code}


def evaluate(state: ArseneState, seat: int) -> float:
    """Value of a finished deal for `seat`, in [0, 1]: a share of the win if the game ended,
    otherwise the chip margin over the best rival."""
    if state.phase == "over":
        best = max(state.chips)
        winners = [s for s in range(PLAYERS) if state.chips[s] == best]
        won = 1.0 / len(winners) if seat in winners else 0.0
        return 0.8 * won + 0.2 * state.chips[seat] / TOTAL_CHIPS
    rival = max(state.chips[s] for s in range(PLAYERS) if s != seat)
    return 0.5 + 0.5 * max(-1.0, min(1.0, (state.chips[seat] - rival) / 10))


ARSENE = ArseneRules()
