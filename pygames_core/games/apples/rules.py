"""Apples' rules (アップルズ): bid for trump, exchange, set a secret target card aside, collect sets of ranks.
Rules and the project's decisions: docs/games/apples.md.

Four players, each for themselves. The highest bid (N cards of a suit, ♦ < ♥ < ♣ < ♠ at equal N)
names trump; the declarer puts N trumps into a pile, everyone else N cards of their choice, and the
shuffled pile is dealt back, N to each. Each player sets one card aside face down (the target card),
then the declarer leads 12 tricks (follow suit, no duty to trump). Captured cards score by rank: sets
of two, three or four of a rank by the points table; one card of your target rank scores as a pair of
it, two 40, three 80. The game ends after a deal in which anyone reaches 250.

Decisions followed (docs/games/apples.md): the points table is a reconstruction (POINTS_TABLE, state.py);
a player who passed may bid again later. Decisions taken here (see docs/games/apples.md): a bid is
at least 1 card; the exchange and the target are chosen one seat at a time clockwise from the
declarer, one card per `discard` action; the target card may be any card, trump included; the pile
is dealt back from the dealer's left; an all-pass redeal keeps the deal number.

The state, the points table and the steps set-ups replay are in state.py, explicit set-ups in setup.py,
the views in knowledge.py, the actions' and events' JSON in messages.py.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import Rules
from pygames_core.games.apples.knowledge import seat_view
from pygames_core.games.apples.messages import Action, ApplesView, CardAction, DealSummary, Event
from pygames_core.games.apples.setup import apply_setup
from pygames_core.games.apples.state import (
    BID,
    BID_SUITS,
    DECK,
    DISCARD,
    GAME_ID,
    GOAL,
    HAND_SIZE,
    OVER,
    PLAY,
    PLAYERS,
    TRICKS,
    ApplesState,
    bid_strength,
    call,
    capture,
    deal_pile,
    is_bid_suit,
    leaders,
    legal_bids,
    score_sets,
    scoring_rules,
    start_deal,
    suit_length,
)
from pygames_core.kit.cards import CARDS, Card, codes, sort_hand
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import mover
from pygames_core.kit.tricks import CompletedTrick, Trick, end_game, next_deal, winning_play

# the card actions legal_actions lists, made once and shared by every list (Rules.legal_actions: nobody
# changes them), so that the bots' play-outs do not build them again at every step
# (typed as any action: legal_actions returns play_actions' list as it is, not a copy)
PLAY_ACTIONS: dict[Card, Action] = {c: {"type": "play", "card": c.code} for c in DECK}
DISCARD_ACTIONS: dict[Card, CardAction] = {c: {"type": "discard", "card": c.code} for c in DECK}
TARGET_ACTIONS: dict[Card, CardAction] = {c: {"type": "target", "card": c.code} for c in DECK}
PASS_ACTION: Action = {"type": "pass"}
BID_ACTIONS: dict[tuple[int, str], Action] = {
    (n, s): {"type": "bid", "count": n, "suit": s} for n in range(1, HAND_SIZE + 1) for s in BID_SUITS}


def settle_deal(state: ApplesState) -> DealSummary:
    """The end of a deal: each player's sets scored (target cards revealed), added to the totals."""
    targets = state.targets.choices
    sets = [score_sets(state.captured_ranks[s], targets[s]) for s in range(PLAYERS)]
    points = [sum(x["points"] for x in sets[s]) for s in range(PLAYERS)]
    for seat in range(PLAYERS):
        state.scores[seat] += points[seat]
    summary: DealSummary = {
        "deal": state.deal, "dealer": state.dealer, "declarer": state.declarer,
        "bid": {"count": state.count, "suit": state.trump},
        "targets": [t.code if t is not None else None for t in targets],
        "captured": [codes(sort_hand(c)) for c in state.captured], "sets": sets, "points": points,
        "scores": list(state.scores),
    }
    state.summaries.append(Frozen.of(summary))
    return summary


def play_card(state: ApplesState, played: Card) -> CompletedTrick[Card] | None:
    """A legal card played by the seat to play, the trick captured once it is complete: the finished trick
    then (the caller ends the deal after the last), else None. What `apply` does to the state for a card
    play, without its events (the hard bot's play-outs make the same steps inline: bot.play_out_deal)."""
    trick = state.trick
    plays = trick.plays
    seat = (trick.leader + len(plays)) % PLAYERS  # the mover's (state.current), without a call
    # kit.tricks.play_to_trick's steps for a plain card, inline, as every card of random play comes here
    # (tests/test_apples_fast_paths.py checks them against it): a card not of the led suit shows the seat void in
    # that suit; the trick's winner once all four have played
    if plays and played.suit != plays[0][1].suit:
        state.voids[seat].add(plays[0][1].suit)
    state.hands[seat].remove(played)
    plays.append((seat, played))
    if len(plays) < PLAYERS:
        return None
    winner = winning_play(plays, state.trump)[0]
    done = CompletedTrick(state.trick_number, trick.leader, plays, winner)
    state.completed.append(done)
    capture(state, winner, [c for _, c in trick.plays])
    state.trick = Trick(winner)
    return done


class ApplesRules(Rules[ApplesState, Action, Event, ApplesView]):
    game_id = GAME_ID
    title: ClassVar[dict[str, str]] = {"en": "Apples", "ja": "アップルズ"}
    min_players = max_players = PLAYERS

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "scoring": scoring_rules()}

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None) -> ApplesState:
        dealer = rng.below(PLAYERS)  # drawn even with a set-up dealer, so the deck stream is the same
        state = ApplesState(rng=rng, dealer=dealer)
        if setup is None:
            start_deal(state)
        else:
            apply_setup(state, setup)
        return state

    # --- the rules ----------------------------------------------------------------------------
    def current_player(self, state: ApplesState) -> int | None:
        if state.phase == PLAY:  # state.current's most frequent case, inline
            trick = state.trick
            return (trick.leader + len(trick.plays)) % PLAYERS
        return state.current

    def legal_actions(self, state: ApplesState) -> list[Action]:
        # the actions the seat to move may take (none once the game is over): here, not in a function it calls, as
        # random play and the search ask at every step
        phase = state.phase
        if phase == PLAY:  # the most frequent first
            trick = state.trick
            plays = trick.plays
            hand = state.hands[(trick.leader + len(plays)) % PLAYERS]  # the mover's (state.current), inline
            # kit.tricks.play_actions's, inline (tests/test_apples_fast_paths.py checks them against it): follow suit
            # when able, else any card
            if plays:
                led = plays[0][1].suit
                following = [PLAY_ACTIONS[c] for c in hand if c.suit == led]
                if following:
                    return following
            return [PLAY_ACTIONS[c] for c in hand]
        seat = state.current
        if seat is None:
            return []
        hand = state.hands[seat]
        if phase == BID:
            return [PASS_ACTION, *[BID_ACTIONS[bid] for bid in legal_bids(state, seat)]]
        if phase == DISCARD:
            allowed = [c for c in hand if c.suit == state.trump] if seat == state.declarer else hand
            return [DISCARD_ACTIONS[c] for c in allowed]
        return [TARGET_ACTIONS[c] for c in hand]

    def explain_illegal(self, state: ApplesState, action: dict[str, Any]) -> str | None:
        seat = state.current
        if seat is None:
            return None
        kind = action.get("type")
        if state.phase == BID and kind == "bid":
            count, suit = action.get("count"), action.get("suit")
            if type(count) is not int or not is_bid_suit(suit):
                return "a bid is a whole number of cards and a suit (S H D C)"
            standing = state.standing_bid
            if standing and bid_strength(count, suit) <= bid_strength(standing.count, standing.suit):
                return f"a bid must beat {standing.count}{standing.suit} (more cards, or a stronger suit D<H<C<S)"
            if count > suit_length(state.hands[seat], suit):
                return f"you hold only {suit_length(state.hands[seat], suit)} cards of {suit}"
            return None
        hand = codes(state.hands[seat])
        if kind == state.phase and kind in ("discard", "target", "play"):
            code = action.get("card")
            if code not in hand:
                return f"{code!r} is not in your hand"
            if kind == "discard":
                return f"the declarer puts trumps ({state.trump}) into the pile"
            if kind == "play":
                return f"you must follow suit ({state.trick.led_suit})"
        return None

    def apply(self, state: ApplesState, act: Action) -> list[Event]:
        if act["type"] == "play":  # the most frequent first
            return self._play(state, CARDS[act["card"]])
        if act["type"] == "pass":
            return call(state, 0, "")
        if act["type"] == "bid":
            return call(state, act["count"], act["suit"])
        if act["type"] == "discard":
            return self._discard(state, CARDS[act["card"]])
        return self._target(state, CARDS[act["card"]])

    def _discard(self, state: ApplesState, chosen: Card) -> list[Event]:
        seat = mover(state)
        state.hands[seat].remove(chosen)
        discards = state.discards[seat]
        discards.append(chosen)
        events: list[Event] = [{"type": "discarded", "seat": seat}]  # face down: which card stays secret
        # the exchange can be over only once this seat has put in its N cards: until then it is still the one to
        # move (the seats before it in the exchange order are done), so `current` is not read at every card
        if len(discards) >= state.count and state.current is None:
            events += deal_pile(state)
        return events

    def _target(self, state: ApplesState, chosen: Card) -> list[Event]:
        seat = mover(state)
        state.targets.choose(seat, chosen)
        state.hands[seat].remove(chosen)
        events: list[Event] = [{"type": "target_set", "seat": seat}]  # face down until the deal ends
        if state.targets.complete:
            state.phase = PLAY
            events.append({"type": "play_started", "leader": state.trick.leader})
        return events

    def _play(self, state: ApplesState, played: Card) -> list[Event]:
        trick = state.trick
        seat = (trick.leader + len(trick.plays)) % PLAYERS  # the mover's (state.current), without a call
        done = play_card(state, played)
        events: list[Event] = [{"type": "played", "seat": seat, "card": played.code}]
        if done is None:
            return events
        events.append({"type": "trick_won", **done.to_view()})
        if done.number == TRICKS:
            events += self.end_deal(state)
        return events

    def end_deal(self, state: ApplesState) -> list[Event]:
        """Settle the deal; then the game is over, or the next deal is dealt."""
        deal_over: Event = {"type": "deal_over", "summary": settle_deal(state)}
        # kit/tricks.py's DealtState types `phase` as a plain str (end_game sets "over", which OVER
        # equals): a Phase field does not match that protocol, hence Any
        dealt: Any = state
        if max(state.scores) >= GOAL:
            return [deal_over, end_game(dealt, self.result)]
        return [deal_over, next_deal(dealt, PLAYERS, start_deal)]

    # --- what each seat sees (knowledge.py) ----------------------------------------------------
    def view(self, state: ApplesState, seat: int | None) -> ApplesView:
        return seat_view(state, seat)

    def result(self, state: ApplesState) -> dict[str, Any]:
        return {
            "scores": list(state.scores),
            "winners": leaders(state.scores) if state.phase == OVER else [],
            "deals": len(state.summaries),
            "goal": GOAL,
        }

    def copy_state(self, state: ApplesState) -> ApplesState:
        return ApplesState(
            rng=state.rng.copy(), dealer=state.dealer, deal=state.deal, phase=state.phase,
            hands=[list(h) for h in state.hands], calls=list(state.calls), declarer=state.declarer,
            count=state.count, trump=state.trump, discards=[list(d) for d in state.discards],
            received=[list(r) for r in state.received], targets=state.targets.copy(), trick=state.trick.copy(),
            completed=list(state.completed), captured=[list(c) for c in state.captured],
            unplayed=state.unplayed, captured_ranks=[dict(c) for c in state.captured_ranks],
            voids=[set(v) for v in state.voids], scores=list(state.scores), summaries=list(state.summaries),
        )


APPLES = ApplesRules()
