"""German Whist's rules (README.md, "Rules"): the legal plays and what each one does. The state is in
state.py, the view and its inverse in knowledge.py."""

from __future__ import annotations

from typing import Any, ClassVar

from german_whist import knowledge
from german_whist.state import DECK, HAND_SIZE, PLAYERS, WhistState, playable, sort_hand, trick_winner
from pygames_core.engine.errors import BadSetup
from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import Rules, is_seat


class GermanWhist(Rules[WhistState]):
    game_id = "german_whist"
    title: ClassVar[dict[str, str]] = {"en": "German Whist", "ja": "ジャーマン・ホイスト"}
    min_players = PLAYERS
    max_players = PLAYERS

    def new_state(self, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None) -> WhistState:
        if setup:
            raise BadSetup(f"unknown set-up keys {sorted(setup)}: German Whist starts from a shuffled deck only")
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [sort_hand(deck[:HAND_SIZE]), sort_hand(deck[HAND_SIZE:2 * HAND_SIZE])]
        stock = deck[2 * HAND_SIZE:]
        return WhistState(hands, stock, trump=stock[0][1])

    def current_player(self, state: WhistState) -> int | None:
        return state.to_move

    def legal_actions(self, state: WhistState) -> list[dict[str, Any]]:
        seat = state.to_move
        if seat is None:
            return []
        led = state.trick[0][1][1] if state.trick else None
        return [{"type": "play", "card": card} for card in playable(state.hands[seat], led)]

    def explain_illegal(self, state: WhistState, action: dict[str, Any]) -> str | None:
        seat = state.to_move
        card = action.get("card") if isinstance(action, dict) else None
        if seat is None or not isinstance(card, str):
            return None
        if card not in state.hands[seat]:
            return f"{card} is not in your hand"
        return f"you must follow suit ({state.trick[0][1][1]})" if state.trick else None

    def apply(self, state: WhistState, action: dict[str, Any]) -> list[dict[str, Any]]:
        seat = state.to_move
        assert seat is not None
        card = action["card"]
        state.hands[seat].remove(card)
        if card in state.known[seat]:
            state.known[seat].remove(card)
        if state.trick and card[1] != state.trick[0][1][1] and state.trick[0][1][1] not in state.voids[seat]:
            state.voids[seat].append(state.trick[0][1][1])
        state.trick.append((seat, card))
        events: list[dict[str, Any]] = [{"type": "played", "seat": seat, "card": card}]
        if len(state.trick) == PLAYERS:
            events += self._finish_trick(state)
        return events

    def _finish_trick(self, state: WhistState) -> list[dict[str, Any]]:
        winner = trick_winner(state.trick, state.trump)
        loser = 1 - winner
        events: list[dict[str, Any]] = [{"type": "trick_won", "seat": winner, "cards": [c for _, c in state.trick]}]
        state.played += [card for _, card in state.trick]
        state.last_trick, state.trick, state.leader = state.trick, [], winner
        if state.stock:
            # the winner takes the face-up card, the loser the next one unseen; then the next is turned up
            taken, hidden = state.stock.pop(0), state.stock.pop(0)
            state.hands[winner] = sort_hand([*state.hands[winner], taken])
            state.known[winner].append(taken)
            state.hands[loser] = sort_hand([*state.hands[loser], hidden])
            state.voids[loser] = []  # the unseen card may be of any suit
            events += [{"type": "took", "seat": winner, "card": taken}, {"type": "drew", "seat": loser}]
            if state.stock:
                events.append({"type": "turned_up", "card": state.stock[0]})
        else:
            state.tricks[winner] += 1
        if state.to_move is None:
            events.append({"type": "deal_over", "tricks": list(state.tricks)})
            # the game's end, said as its last event (docs/api.md; testing.check_game_over checks it)
            events.append({"type": "game_over", "result": self.result(state)})
        return events

    def view(self, state: WhistState, seat: int | None) -> dict[str, Any]:
        if seat is not None and not is_seat(seat, PLAYERS):
            raise BadSetup(f"German Whist has seats 0 and 1, not {seat!r}")
        return knowledge.view(state, seat)

    def result(self, state: WhistState) -> dict[str, Any]:
        over = state.to_move is None
        winners = [max(range(PLAYERS), key=lambda s: state.tricks[s])] if over else []
        return {"scores": list(state.tricks), "winners": winners, "over": over}

    def copy_state(self, state: WhistState) -> WhistState:
        return WhistState([list(h) for h in state.hands], list(state.stock), state.trump, state.leader,
                          list(state.trick), list(state.last_trick), list(state.played), list(state.tricks),
                          [list(k) for k in state.known], [list(v) for v in state.voids])
