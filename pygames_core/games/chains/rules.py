"""Chains's rules (docs/games/chains.md): the Pairs-deck solitaire and its multiplayer expansion.

Build runs 10, 9, 8, … on a single work pile and close each run with an end card one lower; the
closed run goes to the discard. The ten runs of lengths 1..10 use all 55 cards of a Pairs deck.
One player is the solitaire (5 holding slots in beginner mode, 4 in advanced): win by discarding
everything, else the penalty is the number of end cards left. Two to ten players each have their
own deck and race for the shared end-card area, where each number sells out after a threshold.
The state and the decisions it follows are state.py's; set-ups, setup.py's; the views, knowledge.py's.

With two players and the `cube` option, the Game is a match of several games played with the
doubling cube (pygames_core/kit/match.py): each game is a fresh deal from the state's generator, its
winner scores the stake, a tie after the tie-break scores nothing, and a double is offered at the
start of a turn.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pygames_core.engine.errors import BadSetup
from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import Option, Rules
from pygames_core.games.chains import knowledge
from pygames_core.games.chains.messages import Action, ChainsStakeWonEvent, ChainsView, Event
from pygames_core.games.chains.setup import apply_setup
from pygames_core.games.chains.state import (
    ADVANCED_SLOTS,
    BEGINNER_SLOTS,
    GAME_ID,
    MAX_PLAYERS,
    POINTS,
    ChainsState,
    deal,
    lowest_missing,
    scorable,
    score_of,
    sold_out_threshold,
    wanted,
    winners,
)
from pygames_core.kit.match import CUBE_ACTIONS, MAX_TARGET, match_from_options
from pygames_core.kit.seats import left_of


class ChainsRules(Rules[ChainsState, Action, Event, ChainsView]):
    game_id = GAME_ID
    title: ClassVar[dict[str, str]] = {"en": "Chains", "ja": "チェーンズ"}
    min_players = 1
    max_players = MAX_PLAYERS
    deal_end_events: ClassVar[frozenset[str]] = frozenset({"stake_won"})  # a game of a match with the cube
    options = (
        Option(
            name="mode", type="choice", default="beginner", choices=("beginner", "advanced"),
            choice_labels=({"en": "Beginner (5 slots)", "ja": "初級（5スロット）"},
                           {"en": "Advanced (4 slots)", "ja": "上級（4スロット）"}),
            label={"en": "Solitaire mode", "ja": "ソリティアのモード"},
            applies_when=(("players", (1,)),),
            help={
                "en": "Beginner: 5 holding slots; advanced: 4. The multiplayer game always has 5.",
                "ja": "初級モードは一時置き場5スロット、上級モードは4スロット。多人数戦は常に5スロットです。",
            },
        ),
        Option(
            name="cube", type="bool", default=False,
            label={"en": "Doubling cube (2 players)", "ja": "ダブリングキューブ（2人戦）"},
            applies_when=(("players", (2,)),),
            help={
                "en": "Two players only: play a match of several games with a doubling cube. At the start of your "
                      "turn you may offer to double the game's stake; the other takes (and owns the cube) or "
                      "passes (and loses the game at the stake before the double).",
                "ja": "2人戦のみ：ダブリングキューブを使って複数ゲームのマッチを行います。手番の最初に、このゲームの"
                      "得点を2倍にする提案（ダブル）ができます。相手はテイク（キューブを受け取る）かパス（ダブル前の"
                      "点数でこのゲームを失う）を選びます。",
            },
        ),
        Option(
            name="match_to", type="int", default=7, minimum=1, maximum=MAX_TARGET,
            label={"en": "Match to", "ja": "マッチの勝利点"},
            applies_when=(("cube", (True,)),),
            help={
                "en": "With the doubling cube: the first player to this many points wins the match.",
                "ja": "ダブリングキューブ使用時：この点数に先に達したプレイヤーがマッチに勝ちます。",
            },
        ),
        Option(
            name="crawford", type="bool", default=True,
            label={"en": "Crawford rule", "ja": "クロフォード・ルール"},
            applies_when=(("cube", (True,)),),
            help={
                "en": "With the doubling cube: no doubling in the first game after a player comes within one point "
                      "of winning the match.",
                "ja": "ダブリングキューブ使用時：どちらかがマッチ勝利まであと1点になった直後のゲームでは"
                      "ダブルできません。",
            },
        ),
    )

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None) -> ChainsState:
        if options["cube"] and players != 2:
            raise BadSetup(f"the doubling cube is for two players, not {players}")
        slots = ADVANCED_SLOTS if players == 1 and options["mode"] == "advanced" else BEGINNER_SLOTS
        first, tables = deal(players, slots, rng)
        state = ChainsState(rng=rng, tables=tables, current=first,
                            match=match_from_options(options) if options["cube"] else None)
        if setup is not None:
            apply_setup(state, setup)
        self._settle(state, [])
        return state

    # --- the rules ----------------------------------------------------------------------------
    def current_player(self, state: ChainsState) -> int | None:
        if state.over:
            return None
        # while a double waits, the other player answers it
        return state.current if state.match is None or state.match.offered_by is None else 1 - state.current

    def legal_actions(self, state: ChainsState) -> list[Action]:
        if state.over:
            return []
        if state.match is None:
            return state.actions_for(state.current)
        if state.match.offered_by is not None:
            return [*state.match.actions(1 - state.current, turn_start=False)]
        actions = state.actions_for(state.current)  # a list of its own
        if state.turn_start:  # a double only then
            actions += state.match.actions(state.current, turn_start=True)
        return actions

    def explain_illegal(self, state: ChainsState, action: dict[str, Any]) -> str | None:
        match = state.match
        if match is not None and (match.offered_by is not None or action.get("type") in CUBE_ACTIONS):
            return match.explain(action, state.current, state.turn_start)
        table = state.tables[state.current]
        kind = action.get("type")
        need = wanted(table.work)
        if table.drawn is not None and kind != "place":
            return f"place the card you turned up ({table.drawn}) first"
        if kind == "place" and table.drawn is None:
            return "draw a card first"
        if kind == "draw" and not table.deck:
            return "your deck is empty"
        if kind == "close" and type(action.get("end")) is int and len(action) == 2:
            end = action["end"]
            if end not in table.ends:
                return f"your end card {end} is not in the end-card area"
            if state.locked(end):
                return f"the {end}s are sold out"
            if end != need:
                return f"the end card must be one below the work pile's top ({need})"
            return "tens last: take one of your end cards 1-9 before your 10"
        if (kind == "place" and action.get("to") == "work") or kind == "move":
            return f"only a {need} may go onto the work pile now" if need else "nothing may go onto a pile ending in 1"
        return None

    def apply(self, state: ChainsState, action: Action) -> list[Event]:
        return self.play(state, action, record=True)

    def play(self, state: ChainsState, action: Action, record: bool = False) -> list[Event]:
        """`apply`, which writes the events only when `record`: the hard bot's play-outs read none
        (ChainsBot.playout_step), and most of a move's time went into writing them. Without `record`,
        only the rare events (a dead pile, a player leaving, a game's end) may be written."""
        state.new_game = False
        seat = state.current
        table = state.tables[seat]
        if action["type"] == "draw":  # the moves by how often a play-out makes them
            state.turn_start = False
            card = table.deck.pop(0)
            table.drawn = card
            # nothing to settle: the card goes from the deck to `drawn`, both counted as unseen by
            # `scorable`, and the player, who must now place it, has an action and the same end cards
            return [{"type": "drawn", "seat": seat, "card": card}] if record else []
        events: list[Event] = []
        ends_turn = False
        if action["type"] == "place":
            placed, table.drawn = table.drawn, None
            assert placed is not None
            card = placed
            if action["to"] == "work":
                table.work.append(card)
                if record:
                    events.append({"type": "placed", "seat": seat, "card": card, "to": "work"})
            else:
                table.slots[action["slot"]].append(card)
                if record:
                    events.append({"type": "placed", "seat": seat, "card": card, "to": "slot",
                                   "slot": action["slot"]})
                ends_turn = True
        elif action["type"] == "move":
            card = table.slots[action["slot"]].pop()
            table.work.append(card)
            if record:
                events.append({"type": "moved", "seat": seat, "card": card, "slot": action["slot"]})
        elif action["type"] == "close":
            self._close(state, seat, action["end"], events if record else None)
            ends_turn = True
        else:
            return self._cube_action(state, action["type"])
        state.turn_start = False
        if ends_turn and len(state.tables) > 1:
            state.current = self._next_seat(state, seat)
            state.turn_start = True
            if record:
                events.append({"type": "turn", "seat": state.current})
        if table.deck and len(state.tables) == 1:  # the solitaire goes on while there is a card to draw
            return events
        # only a close changes what the others can still take (it may sell a number out): any other action
        # changes the mover's own table alone, and the others' were settled after the last action
        return self._settle(state, events, None if action["type"] == "close" else seat)

    def _cube_action(self, state: ChainsState, kind: str) -> list[Event]:
        match = state.match
        assert match is not None
        doubler = state.current
        if kind == "double":
            return [match.double(doubler, doubler)]
        if kind == "take":
            return [match.take(1 - doubler)]
        events: list[Event] = [{"type": "passed", "seat": 1 - doubler, "side": 1 - doubler}]
        return self._end_game(state, events, doubler, passed=True)

    def _end_game(self, state: ChainsState, events: list[Event], winner: int | None,
                  passed: bool = False) -> list[Event]:
        """A game is over. Without the cube it is the end; in a match its winner scores the stake
        and, unless the match is over, the next game is dealt from the state's generator."""
        if state.match is None:
            state.over = True
            events.append({"type": "game_over", "result": self.result(state)})
            return events
        for settled in state.match.settle(winner, passed=passed):
            if settled["type"] == "stake_won":  # with the game's own scores
                scores = [score_of(state, s) for s in range(state.players)]
                won: ChainsStakeWonEvent = {**settled, "game_scores": scores}
                events.append(won)
            else:
                events.append(settled)
        if state.match.winner is not None:
            state.over = True
            events.append({"type": "game_over", "result": self.result(state)})
            return events
        state.current, state.tables = deal(state.players, BEGINNER_SLOTS, state.rng)
        state.recount()
        state.leaving_order = []
        state.turn_start = state.new_game = True
        events.append({"type": "game_started", "game": state.match.games + 1, "seat": state.current})
        return events

    def _close(self, state: ChainsState, seat: int, end: int, events: list[Event] | None) -> None:
        """Close the seat's work pile with its end card `end`; its events onto `events` (None: none)."""
        table = state.tables[seat]
        table.ends.discard(end)
        table.taken.append(end)
        state.recount()
        chain = [*table.work, end]
        table.discard += chain
        table.work = []
        if events is None:
            return
        events.append({"type": "chain", "seat": seat, "end": end, "cards": chain,
                       "points": 0 if state.solitaire else POINTS[end]})
        if state.locked(end):
            still = [s for s, t in enumerate(state.tables) if end in t.ends]
            if still and sum(end in t.taken for t in state.tables) == sold_out_threshold(state.players):
                events.append({"type": "sold_out", "number": end, "locked": still})

    @staticmethod
    def _next_seat(state: ChainsState, seat: int) -> int:
        players = len(state.tables)
        for step in range(1, players + 1):
            other = left_of(seat, players, step)
            if not state.tables[other].left:
                return other
        return seat

    def _settle(self, state: ChainsState, events: list[Event], changed_seat: int | None = None) -> list[Event]:
        """What happens at once after any action: dead work piles, players leaving, the end. Given
        `changed_seat`, the only table the action changed, the others (settled already) are not looked at."""
        tables = state.tables
        if len(tables) == 1:
            table = tables[0]
            if not state.has_actions(0):
                table.left = state.over = True
                events.append({"type": "game_over", "result": self.result(state)})
            return events
        # one pass: a dead pile or a player leaving changes nothing another seat can still do (only a
        # close does, by the end cards it takes), and a dead pile is buried before its seat's leaving is asked
        if changed_seat is None:
            leaving = False
            for seat in range(len(tables)):
                leaving = self._settle_seat(state, seat, events, ends_changed=True) or leaving
        else:
            leaving = self._settle_seat(state, changed_seat, events, ends_changed=False)
        if not leaving:  # the game was not over, and the current player had not left: both still hold
            return events
        if all(t.left for t in tables):
            best = winners(state)
            return self._end_game(state, events, best[0] if len(best) == 1 else None)
        if tables[state.current].left:
            state.current = self._next_seat(state, state.current)
            state.turn_start = True
            events.append({"type": "turn", "seat": state.current})
        return events

    @staticmethod
    def _settle_seat(state: ChainsState, seat: int, events: list[Event], ends_changed: bool) -> bool:
        """A seat's dead work pile and its leaving (`_leaving_reason`'s `ends_changed`); whether it left."""
        table = state.tables[seat]
        if table.left:
            return False
        if table.work and not scorable(state, seat):
            table.dead.append(table.work)
            events.append({"type": "dead_pile", "seat": seat, "cards": table.work})
            table.work = []
        reason = ChainsRules._leaving_reason(state, seat, ends_changed)
        if reason is None:
            return False
        table.left = True
        state.leaving_order.append(seat)
        events.append({"type": "left", "seat": seat, "reason": reason})
        return True

    @staticmethod
    def _leaving_reason(state: ChainsState, seat: int, ends_changed: bool
                        ) -> Literal["no_end_cards", "no_action"] | None:
        """Why this seat leaves now, if it does. Unless `ends_changed` (a close: an end card taken, a
        number perhaps sold out), what it can still take is as it was when it was last settled."""
        if ends_changed and not state.can_take_any(seat):
            return "no_end_cards"
        table = state.tables[seat]
        if table.drawn is None and not state.has_actions(seat):
            return "no_action"
        return None

    # --- what each seat sees (everything but the order of the decks): knowledge.py ----------------
    def view(self, state: ChainsState, seat: int | None) -> ChainsView:
        return knowledge.view(state, seat)

    def result(self, state: ChainsState) -> dict[str, Any]:
        if state.solitaire:
            left = len(state.tables[0].ends)
            return {"scores": [-left], "winners": [0] if state.over and not left else [],
                    "penalty": left, "won": state.over and not left}
        scores = [score_of(state, s) for s in range(state.players)]
        out: dict[str, Any] = {"scores": scores, "winners": winners(state) if state.over else [],
                               "tie_break": [lowest_missing(t) for t in state.tables],
                               "leaving_order": list(state.leaving_order)}
        if state.match is not None:
            # a match: the scores are match points, the winner the match's; the last game's in game_scores
            winner = state.match.winner
            out.update(scores=list(state.match.scores), winners=[] if winner is None else [winner],
                       game_scores=scores, match=state.match.match_view())
        return out

    def copy_state(self, state: ChainsState) -> ChainsState:
        return ChainsState(rng=state.rng.copy(), tables=[t.copy() for t in state.tables], current=state.current,
                           over=state.over, leaving_order=list(state.leaving_order),
                           match=None if state.match is None else state.match.copy(), turn_start=state.turn_start,
                           new_game=state.new_game)


CHAINS = ChainsRules()
