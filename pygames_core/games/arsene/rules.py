"""Arsène (アルセーヌ): four thieves, five jewel stores, one police trap. Rules: docs/games/arsene.md.

A deal is a no-bid trick-taker: diamonds are trump when the blind edge card turned up is black,
no trump when it is red. The winner of a trick may push it onto the nearest player clockwise who
has as many tricks (at least one). After 11 tricks each player's trick count names the store they
rob; collisions take nothing, and an empty store means the police: the game ends after that deal.

Decisions followed (docs/games/arsene.md): the deal is settled as takes and police, then contest-mode
exchanges, then the "all four caught" check, then the end checks. The push decision is asked for
only when a push is possible; otherwise the winner keeps the trick at once.

This module is the rules proper: legal actions, applying them, a deal's settlement and the result. The
state is in state.py beside it, explicit set-ups in setup.py, what a seat sees (and its inverse, the
bots' sampled state) in knowledge.py, the bots in bot.py.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import Option, Rules
from pygames_core.games.arsene.knowledge import table_view
from pygames_core.games.arsene.messages import Action, ArseneView, DealSummary, Event, Exchange, Take
from pygames_core.games.arsene.setup import apply_setup
from pygames_core.games.arsene.state import (
    CHOOSE,
    GAME_ID,
    OVER,
    PLAY,
    PLAY_DECK,
    PLAYERS,
    PUSH,
    STORE_GROUPS,
    TRUMP,
    ArseneState,
    ArseneTrick,
    copy_state,
    start_deal,
)
from pygames_core.kit.cards import CARDS, Card, codes
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import left_of, mover
from pygames_core.kit.tricks import Trick, end_game, next_deal, play_actions, winning_play


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


def settle_deal(state: ArseneState) -> DealSummary:
    """Chips after a deal, in the order the rules give (docs/games/arsene.md); returns the deal's summary."""
    counts = list(state.tricks)
    by_count: dict[int, list[int]] = {}
    for seat, t in enumerate(counts):
        by_count.setdefault(t, []).append(seat)
    before = (list(state.chips), [list(s) for s in state.stores], [list(r) for r in state.robbed],
              state.confiscated)
    takes: list[Take] = []
    caught: list[int] = []
    exchanges: list[Exchange] = []
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
    summary: DealSummary = {
        "deal": state.deal, "dealer": state.dealer, "tricks": counts, "takes": takes,
        "collisions": collisions, "caught": sorted(caught), "exchanges": exchanges,
        "void_deal": void_deal, "chips_after": list(state.chips), "contest": state.contest,
    }
    state.summaries.append(Frozen.of(summary))
    return summary



# a card's play action, made once and shared by every list of legal actions (Rules.legal_actions: nobody
# changes them), so that the bots' play-outs do not build them again at every step
# (typed as any action: legal_actions returns play_actions' list as it is, not a copy)
PLAY_ACTIONS: dict[Card, Action] = {c: {"type": "play", "card": c.code} for c in PLAY_DECK}


def take_trick(state: ArseneState, taker: int) -> None:
    """The finished trick goes to `taker` (its winner, or the seat it is pushed onto), who leads the next."""
    winner = state.push_from
    assert winner is not None
    state.tricks[taker] += 1
    state.completed.append(ArseneTrick(sum(state.tricks), state.trick.leader, state.trick.plays, winner, taker))
    state.out_of_play.update(c for _, c in state.trick.plays)
    state.push_from = state.push_to = None
    state.phase = PLAY
    state.leader = taker
    state.trick = Trick(taker)


def play_card(state: ArseneState, played: Card) -> int | None:
    """A legal card played by the seat to play; once the trick is complete, its winner (returned) keeps it
    when there is no one to push it onto, and otherwise decides (the push phase). What `apply` does to the
    state for a card play, without its events."""
    # kit/tricks.py's play_to_trick, inline (every step of the bots' play-outs comes here; a test ties the
    # two): the card moves from the hand to the trick, a card that does not follow shows a void
    trick = state.trick
    plays = trick.plays
    seat = (trick.leader + len(plays)) % PLAYERS  # the mover's (state.current), without a call
    if plays:
        led = plays[0][1].suit
        if played.suit != led:
            state.voids[seat].add(led)
    state.hands[seat].remove(played)
    plays.append((seat, played))
    state.hidden -= played.bit
    if len(plays) < PLAYERS:
        return None
    winner = winning_play(plays, state.trump)[0]
    target = push_target(state.tricks, winner)
    state.push_from, state.push_to = winner, target
    if target is None:  # nowhere to push it: kept
        take_trick(state, winner)
    else:
        state.phase = PUSH
    return winner


class ArseneRules(Rules[ArseneState, Action, Event, ArseneView]):
    game_id = GAME_ID
    title: ClassVar[dict[str, str]] = {"en": "Arsène", "ja": "アルセーヌ"}
    min_players = max_players = PLAYERS
    options = (
        Option(
            name="advanced", type="bool", default=False,
            label={"en": "Advanced rule (contest mode)", "ja": "上級ルール（争奪モード）"},
            help={
                "en": "From the deal after a store first runs empty, players in a collision also "
                      "exchange their chips.",
                "ja": "空の宝石店が現れた次のディールから、"
                      "バッティングしたプレイヤー同士で所持チップを交換します。",
            },
        ),
    )

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], rng: Rng,
                  setup: dict[str, Any] | None) -> ArseneState:
        dealer = rng.below(PLAYERS)  # drawn even with a set-up dealer, so the deck stream is the same
        state = ArseneState(advanced=options["advanced"], rng=rng, dealer=dealer)
        if setup is None:
            start_deal(state)
            return state
        apply_setup(state, setup)
        return state

    # --- the rules ----------------------------------------------------------------------------
    def current_player(self, state: ArseneState) -> int | None:
        if state.phase == PLAY:  # state.current's most frequent case, inline
            trick = state.trick
            return (trick.leader + len(trick.plays)) % PLAYERS
        return state.current

    def legal_actions(self, state: ArseneState) -> list[Action]:
        phase = state.phase
        if phase == PLAY:
            trick = state.trick
            plays = trick.plays
            hand = state.hands[(trick.leader + len(plays)) % PLAYERS]  # the mover's (state.current)
            return play_actions(hand, plays[0][1].suit if plays else None, PLAY_ACTIONS)
        if phase == CHOOSE:
            return [{"type": "choose", "index": i} for i in range(len(state.table))]
        if phase == PUSH and state.push_to is not None:  # a trick is pushed only where it can go
            return [{"type": "keep"}, {"type": "push", "to": state.push_to}]
        return []

    def explain_illegal(self, state: ArseneState, action: dict[str, Any]) -> str | None:
        if state.phase == PLAY and action.get("type") == "play":
            hand = state.hands[mover(state)]
            code = action.get("card")
            if code not in codes(hand):
                return f"{code!r} is not in your hand"
            return f"you must follow suit ({state.trick.led_suit})"
        if state.phase == PUSH and action.get("type") == "push":
            return f"you may push only onto seat {state.push_to} (nearest clockwise with as many tricks)"
        return None

    def apply(self, state: ArseneState, action: Action) -> list[Event]:
        if action["type"] == "play":  # the most frequent first
            return self._play(state, CARDS[action["card"]])
        if action["type"] == "choose":
            return self._choose(state, action["index"])
        # the trick's winner keeps it or pushes it on
        return self._take_trick(state, action["to"] if action["type"] == "push" else mover(state))

    def _choose(self, state: ArseneState, index: int) -> list[Event]:
        seat = mover(state)
        state.chosen = index
        revealed = state.table[index]
        state.hidden -= revealed.bit
        state.trump = None if revealed.is_red else TRUMP
        state.phase = PLAY
        return [{"type": "chosen", "seat": seat, "index": index, "card": revealed.code, "trump": state.trump}]

    def _play(self, state: ArseneState, played: Card) -> list[Event]:
        trick = state.trick
        seat = (trick.leader + len(trick.plays)) % PLAYERS  # the mover's (state.current), without a call
        number = sum(state.tricks) + 1  # read before the trick is taken
        winner = play_card(state, played)
        events: list[Event] = [{"type": "played", "seat": seat, "card": played.code}]
        if winner is None:
            return events
        # the trick's own plays: it has been taken already when it could not be pushed
        events.append({"type": "trick_won", "winner": winner, "trick": number, "cards": trick.to_view(),
                       "push_to": state.push_to})
        if state.phase == PUSH:
            return events
        events.append({"type": "kept", "seat": winner, "forced": True})
        if not any(state.hands):
            events += self.end_deal(state)
        return events

    def _take_trick(self, state: ArseneState, taker: int, *, deal_next: bool = True) -> list[Event]:
        winner = state.push_from
        assert winner is not None  # a trick waits to be kept or pushed
        take_trick(state, taker)
        if taker == winner:
            events: list[Event] = [{"type": "kept", "seat": winner, "forced": False}]
        else:
            events = [{"type": "pushed", "from": winner, "to": taker}]
        if not any(state.hands):
            events += self.end_deal(state, deal_next=deal_next)
        return events

    def play_quietly(self, state: ArseneState, played: Card) -> None:
        """A card play as `apply` makes it, without its events: the hard bot's play-outs move by it
        (Bot.playout_step). After a deal's last trick the deal is settled but the next one is not dealt: a
        play-out ends with its deal (ArseneBot.playout_done), and the next deal's shuffle was a good part
        of a play-out's time."""
        if play_card(state, played) is not None and state.phase == PLAY and not any(state.hands):
            self.end_deal(state, deal_next=False)

    def take_quietly(self, state: ArseneState, action: Action) -> None:
        """A keep or a push as `apply` makes it, the next deal not dealt after the last trick (play_quietly)."""
        self._take_trick(state, action["to"] if action["type"] == "push" else mover(state), deal_next=False)

    def end_deal(self, state: ArseneState, *, deal_next: bool = True) -> list[Event]:
        """Settle the deal; then the game is over, or (unless `deal_next` is false) the next deal is dealt."""
        summary = settle_deal(state)
        deal_over: Event = {"type": "deal_over", "summary": summary}
        caught = [] if summary["void_deal"] else summary["caught"]
        all_empty = not any(state.stores)
        if state.advanced and not state.contest and any(not s for s in state.stores):
            state.contest = True  # contest mode holds from the next deal on
        if caught or all_empty:
            state.end_reason = "police" if caught else "stores_empty"
            state.caught = caught
            return [deal_over, end_game(state, self.result)]
        if not deal_next:
            return [deal_over]
        return [deal_over, next_deal(state, PLAYERS, start_deal)]

    # --- what each seat sees (knowledge.py) -----------------------------------------------------
    def view(self, state: ArseneState, seat: int | None) -> ArseneView:
        return table_view(state, seat)

    def result(self, state: ArseneState) -> dict[str, Any]:
        over = state.phase == OVER
        best = max(state.chips)
        return {
            "scores": list(state.chips),
            "winners": [s for s in range(PLAYERS) if state.chips[s] == best] if over else [],
            "reason": state.end_reason,
            "caught": list(state.caught),
            "deals": state.deal,
        }

    def copy_state(self, state: ArseneState) -> ArseneState:
        return copy_state(state)


ARSENE = ArseneRules()
