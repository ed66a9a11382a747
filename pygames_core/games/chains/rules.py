"""Chains (チェーンズ): the Pairs-deck solitaire and its multiplayer expansion. Rules: docs/games/chains.md.

Build runs 10, 9, 8, … on a single work pile and close each run with an end card one lower; the
closed run goes to the discard. The ten runs of lengths 1..10 use all 55 cards of a Pairs deck.
One player is the solitaire (5 holding slots in beginner mode, 4 in advanced): win by discarding
everything, else the penalty is the number of end cards left. Two to ten players each have their
own deck and race for the shared end-card area, where each number sells out after a threshold.

Decisions followed (from the digest): the drawn card is seen before it is placed (a `draw` is its
own action, then a `place`); in the expansion a draw that cannot go on the work area must go to a
slot, ending the turn; "tens last" is per player; a work pile is dead exactly when no own end card
j below its top k is still open that the player's moves could reach, counting the deck's cards and
the slots' cards that are not buried under a card that can never go onto the pile (`scorable`).
Decisions of our own are marked "Our decision" below and in the doc.

With two players and the `cube` option, the Game is a match of several games played with the
doubling cube (cube.py): each game is a fresh deal from the state's generator, its winner scores the
stake, a tie after the tie-break scores nothing, and a double is offered at the start of a turn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import ClassVar

from pygames_core.ai.bot import Bot
from pygames_core.ai.cube import logistic
from pygames_core.engine.errors import BadSetup
from pygames_core.engine.game import Game
from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import Option, Rules
from pygames_core.kit.match import (
    CUBE_ACTIONS,
    MAX_TARGET,
    Match,
    check_scores,
    match_from_options,
    match_from_view,
    setup_cube,
)
from pygames_core.kit.seats import left_of

NUMBERS = range(1, 11)
BEGINNER_SLOTS = 5
ADVANCED_SLOTS = 4
MAX_PLAYERS = 10
# points per end card taken, in the expansion: 1 -> 5; 2-4 -> 3; 5-7 -> 2; 8-10 -> 1
POINTS = {1: 5, 2: 3, 3: 3, 4: 3, 5: 2, 6: 2, 7: 2, 8: 1, 9: 1, 10: 1}


def deck_cards() -> list[int]:
    """The 45 cards of a deck once the end cards 1..10 are out: one 2, two 3s, …, nine 10s."""
    return [n for n in NUMBERS for _ in range(n - 1)]


def sold_out_threshold(players: int) -> int:
    """How many end cards of one number may be taken before the rest lock: 60 % rounded up,
    except 1 with two players (2→1, 3→2, 4→3, 5→3, 6→4, 7→5, 8→5, 9→6, 10→6)."""
    return 1 if players == 2 else (3 * players + 4) // 5


def fits(card: int, work: list[int]) -> bool:
    """May `card` go onto this work pile: exactly one below its top, or a 10 on an empty pile."""
    return card == (work[-1] - 1 if work else 10)


def chain_cards(end: int) -> list[int]:
    """The run an end card closes, as it goes to the discard: 10, 9, …, end+1, then the end card."""
    return list(range(10, end - 1, -1))


@dataclass(slots=True)
class Table:
    """One player's own cards. The deck is top first; piles are bottom first (the top is last)."""

    deck: list[int]
    slots: list[list[int]]
    work: list[int] = field(default_factory=list)
    drawn: int | None = None  # turned up, waiting to be placed
    ends: set[int] = field(default_factory=lambda: set(NUMBERS))  # own end cards still in the area
    taken: list[int] = field(default_factory=list)  # own end cards taken, in order
    discard: list[int] = field(default_factory=list)
    dead: list[list[int]] = field(default_factory=list)  # dead work piles, face down (expansion)
    left: bool = False

    def copy(self) -> Table:
        return Table(list(self.deck), [list(p) for p in self.slots], list(self.work), self.drawn, set(self.ends),
                     list(self.taken), list(self.discard), [list(p) for p in self.dead], self.left)

    def in_hand(self, number: int) -> int:
        """Copies of `number` still in this player's deck, slots or drawn card."""
        count = self.deck.count(number) + sum(p.count(number) for p in self.slots)
        return count + (self.drawn == number)


@dataclass(slots=True)
class ChainsState:
    rng: Rng
    tables: list[Table]
    current: int = 0
    over: bool = False
    leaving_order: list[int] = field(default_factory=list)
    match: Match | None = None  # with the doubling cube (two players): the match this game is part of
    turn_start: bool = True  # the current player has not acted yet this turn (when a double is allowed)
    new_game: bool = False  # a game of the match has just been settled and the next one dealt

    @property
    def solitaire(self) -> bool:
        return len(self.tables) == 1

    @property
    def players(self) -> int:
        return len(self.tables)

    def locked(self, number: int) -> bool:
        """Sold out: enough end cards of this number have been taken (the expansion only)."""
        if self.solitaire:
            return False
        taken = sum(number in t.taken for t in self.tables)
        return taken >= sold_out_threshold(self.players)

    def may_take(self, seat: int, number: int) -> bool:
        """May this seat take its end card `number` now, its work pile permitting?"""
        table = self.tables[seat]
        if number not in table.ends or self.locked(number):
            return False
        # tens last, per player (expansion only): the 10 only after one of your own 1..9
        return self.solitaire or number != 10 or any(n != 10 for n in table.taken)

    def can_still_take(self, seat: int, number: int) -> bool:
        """Could this end card ever be taken? Our decision: the 10 also needs "tens last" to be
        still reachable (one of the own 1..9 taken, or one still open)."""
        table = self.tables[seat]
        if number not in table.ends or self.locked(number):
            return False
        if number != 10 or any(n != 10 for n in table.taken):
            return True
        return any(self.can_still_take(seat, n) for n in range(1, 10))

    def actions_for(self, seat: int) -> list[dict]:
        table = self.tables[seat]
        if table.drawn is not None:
            out = [{"type": "place", "to": "work"}] if fits(table.drawn, table.work) else []
            return out + [{"type": "place", "to": "slot", "slot": i} for i in range(len(table.slots))]
        out = [{"type": "draw"}] if table.deck else []
        out += [{"type": "move", "slot": i} for i, pile in enumerate(table.slots)
                if pile and fits(pile[-1], table.work)]
        end = table.work[-1] - 1 if table.work else 10
        if end >= 1 and self.may_take(seat, end):
            out.append({"type": "close", "end": end})
        return out


def scorable(state: ChainsState, seat: int) -> bool:
    """The digest's Decision (revised): with top card k, the work pile can still be scored only if
    some own end card j < k is neither taken nor locked and some sequence of the player's moves, with
    the unseen deck cards arriving in any order, could build the pile down to j + 1. A card in the
    deck (or the card just drawn, which is about to go to the pile or onto a slot) counts; a card in
    a slot counts only once every card above it in that slot has gone onto this same pile first: a 6
    under a 9 never can, once the pile is below 10. (The first version counted every card in a slot,
    which could leave a player stuck for the rest of the game with a pile that can never be scored.)

    Built greedily from k - 1 down: a number on top of a slot is taken from there (that frees the
    slot, and the deck's copies of a number are of no use once the pile is past it), else from the
    deck; a number found neither way stops the pile."""
    table = state.tables[seat]
    if not table.work:
        return True
    unseen = {n: table.deck.count(n) + (table.drawn == n) for n in NUMBERS}
    slots = [list(pile) for pile in table.slots]
    for j in range(table.work[-1] - 1, 0, -1):
        if state.can_still_take(seat, j):  # the pile is down to j + 1: end card j closes it
            return True
        slot = next((pile for pile in slots if pile and pile[-1] == j), None)  # j itself, to go lower
        if slot is not None:
            slot.pop()
        elif unseen[j]:
            unseen[j] -= 1
        else:
            return False
    return False


class ChainsRules(Rules[ChainsState]):
    game_id = "chains"
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
    def new_state(self, players: int, options: dict, rng: Rng, setup: dict | None) -> ChainsState:
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

    def legal_actions(self, state: ChainsState) -> list[dict]:
        if state.over:
            return []
        if state.match is None:
            return state.actions_for(state.current)
        if state.match.offered_by is not None:
            return state.match.actions(1 - state.current, turn_start=False)
        return state.actions_for(state.current) + state.match.actions(state.current, state.turn_start)

    def explain_illegal(self, state: ChainsState, action: dict) -> str | None:
        match = state.match
        if match is not None and (match.offered_by is not None or action.get("type") in CUBE_ACTIONS):
            return match.explain(action, state.current, state.turn_start)
        table = state.tables[state.current]
        kind = action.get("type")
        need = table.work[-1] - 1 if table.work else 10
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

    def apply(self, state: ChainsState, action: dict) -> list[dict]:
        seat = state.current
        table = state.tables[seat]
        kind = action["type"]
        ends_turn = False
        state.new_game = False
        if kind in CUBE_ACTIONS:
            return self._cube_action(state, kind)
        state.turn_start = False
        if kind == "draw":
            table.drawn = table.deck.pop(0)
            events = [{"type": "drawn", "seat": seat, "card": table.drawn}]
        elif kind == "place":
            card, table.drawn = table.drawn, None
            assert card is not None
            if action["to"] == "work":
                table.work.append(card)
                events = [{"type": "placed", "seat": seat, "card": card, "to": "work"}]
            else:
                table.slots[action["slot"]].append(card)
                events = [{"type": "placed", "seat": seat, "card": card, "to": "slot", "slot": action["slot"]}]
                ends_turn = True
        elif kind == "move":
            card = table.slots[action["slot"]].pop()
            table.work.append(card)
            events = [{"type": "moved", "seat": seat, "card": card, "slot": action["slot"]}]
        else:
            events = self._close(state, seat, action["end"])
            ends_turn = True
        if ends_turn and not state.solitaire:
            state.current = self._next_seat(state, seat)
            state.turn_start = True
            events.append({"type": "turn", "seat": state.current})
        return self._settle(state, events)

    def _cube_action(self, state: ChainsState, kind: str) -> list[dict]:
        match = state.match
        assert match is not None
        doubler = state.current
        if kind == "double":
            return [match.double(doubler, doubler)]
        if kind == "take":
            return [match.take(1 - doubler)]
        events = [{"type": "passed", "seat": 1 - doubler, "side": 1 - doubler}]
        return self._end_game(state, events, doubler, passed=True)

    def _end_game(self, state: ChainsState, events: list[dict], winner: int | None, passed: bool = False) -> list[dict]:
        """A game is over. Without the cube it is the end; in a match its winner scores the stake
        and, unless the match is over, the next game is dealt from the state's generator."""
        if state.match is None:
            state.over = True
            events.append({"type": "game_over", "result": self.result(state)})
            return events
        settled = state.match.settle(winner, passed=passed)
        settled[0]["game_scores"] = [score_of(state, s) for s in range(state.players)]  # stake_won
        events += settled
        if state.match.winner is not None:
            state.over = True
            events.append({"type": "game_over", "result": self.result(state)})
            return events
        state.current, state.tables = deal(state.players, BEGINNER_SLOTS, state.rng)
        state.leaving_order = []
        state.turn_start = state.new_game = True
        events.append({"type": "game_started", "game": state.match.games + 1, "seat": state.current})
        return events

    def _close(self, state: ChainsState, seat: int, end: int) -> list[dict]:
        table = state.tables[seat]
        table.ends.discard(end)
        table.taken.append(end)
        chain = [*table.work, end]
        table.discard += chain
        table.work = []
        events: list[dict] = [{"type": "chain", "seat": seat, "end": end, "cards": chain,
                               "points": 0 if state.solitaire else POINTS[end]}]
        if state.locked(end):
            still = [s for s, t in enumerate(state.tables) if end in t.ends]
            if still and sum(end in t.taken for t in state.tables) == sold_out_threshold(state.players):
                events.append({"type": "sold_out", "number": end, "locked": still})
        return events

    @staticmethod
    def _next_seat(state: ChainsState, seat: int) -> int:
        for step in range(1, state.players + 1):
            other = left_of(seat, state.players, step)
            if not state.tables[other].left:
                return other
        return seat

    def _settle(self, state: ChainsState, events: list[dict]) -> list[dict]:
        """What happens at once after any action: dead work piles, players leaving, the end."""
        if state.solitaire:
            table = state.tables[0]
            if not state.actions_for(0):
                table.left = state.over = True
                events.append({"type": "game_over", "result": self.result(state)})
            return events
        changed = True
        while changed:  # a dead pile can make a player leave; leaving never revives a pile
            changed = False
            for seat, table in enumerate(state.tables):
                if table.left:
                    continue
                if table.work and not scorable(state, seat):
                    table.dead.append(table.work)
                    events.append({"type": "dead_pile", "seat": seat, "cards": table.work})
                    table.work = []
                    changed = True
                reason = self._leaving_reason(state, seat)
                if reason:
                    table.left = True
                    state.leaving_order.append(seat)
                    events.append({"type": "left", "seat": seat, "reason": reason})
                    changed = True
        if all(t.left for t in state.tables):
            best = winners(state)
            return self._end_game(state, events, best[0] if len(best) == 1 else None)
        if state.tables[state.current].left:
            state.current = self._next_seat(state, state.current)
            state.turn_start = True
            events.append({"type": "turn", "seat": state.current})
        return events

    @staticmethod
    def _leaving_reason(state: ChainsState, seat: int) -> str | None:
        if not any(state.can_still_take(seat, n) for n in NUMBERS):
            return "no_end_cards"
        table = state.tables[seat]
        if table.drawn is None and not state.actions_for(seat):
            return "no_action"
        return None

    # --- what each seat sees (everything but the order of the decks) ----------------------------
    def view(self, state: ChainsState, seat: int | None) -> dict:
        return {
            "game": self.game_id,
            "seat": seat,
            "players": state.players,
            "solitaire": state.solitaire,
            "slots": len(state.tables[0].slots),
            "current_player": None if state.over else state.current,
            "over": state.over,
            "threshold": None if state.solitaire else sold_out_threshold(state.players),
            "end_cards": [
                {"number": n, "open": [s for s, t in enumerate(state.tables) if n in t.ends and not state.locked(n)],
                 "taken_by": [s for s, t in enumerate(state.tables) if n in t.taken], "locked": state.locked(n)}
                for n in NUMBERS
            ],
            "tables": [self._table_view(state, s) for s in range(state.players)],
            "leaving_order": list(state.leaving_order),
            **self._cube_view(state, seat),
        }

    def _cube_view(self, state: ChainsState, seat: int | None) -> dict:
        """The cube and the match, only when the game is played with the cube."""
        if state.match is None:
            return {}
        may_double = seat == self.current_player(state) and {"type": "double"} in self.legal_actions(state)
        return {"cube": state.match.cube_view(seat, may_double), "match": state.match.match_view(),
                "turn_start": state.turn_start}

    @staticmethod
    def _table_view(state: ChainsState, seat: int) -> dict:
        table = state.tables[seat]
        return {
            "deck": len(table.deck),
            "unseen": {str(n): table.deck.count(n) for n in NUMBERS if n in table.deck},
            "drawn": table.drawn,
            "work": list(table.work),
            "slots": [list(p) for p in table.slots],
            "ends": sorted(table.ends),
            "taken": list(table.taken),
            "discard": list(table.discard),
            "dead": [list(p) for p in table.dead],
            "left": table.left,
            "score": score_of(state, seat),
        }

    def result(self, state: ChainsState) -> dict:
        if state.solitaire:
            left = len(state.tables[0].ends)
            return {"scores": [-left], "winners": [0] if state.over and not left else [],
                    "penalty": left, "won": state.over and not left}
        scores = [score_of(state, s) for s in range(state.players)]
        out = {"scores": scores, "winners": winners(state) if state.over else [],
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

    # --- the doubling cube --------------------------------------------------------------------
def deal(players: int, slots: int, rng: Rng) -> tuple[int, list[Table]]:
    """A new game: who starts (drawn even with a set-up, as in Arsène) and each player's shuffled deck."""
    first = rng.below(players) if players > 1 else 0
    tables = []
    for _ in range(players):
        deck = deck_cards()
        rng.shuffle(deck)
        tables.append(Table(deck=deck, slots=[[] for _ in range(slots)]))
    return first, tables


def score_of(state: ChainsState, seat: int) -> int:
    """Solitaire: end cards taken; expansion: the weighted points 5/3/2/1 of the end cards taken."""
    taken = state.tables[seat].taken
    return len(taken) if state.solitaire else sum(POINTS[n] for n in taken)


def lowest_missing(table: Table) -> int:
    """The tie-break: the lowest number among the end cards not taken (11 when all ten were)."""
    return min((n for n in NUMBERS if n not in table.taken), default=11)


def winners(state: ChainsState) -> list[int]:
    """Highest score; among equals the higher lowest-missing end card; still equal: shared."""
    keys = [(score_of(state, s), lowest_missing(t)) for s, t in enumerate(state.tables)]
    best = max(keys)
    return [s for s in range(state.players) if keys[s] == best]


# --- set-up: an explicit position (format in docs/games/chains.md) ---------------------------------

TABLE_KEYS = {"deck", "deck_top", "work", "slots", "drawn", "end_cards", "dead"}


def apply_setup(state: ChainsState, setup: dict) -> None:
    if state.solitaire:
        known = TABLE_KEYS - {"dead"}
        _check_keys(setup, known, "a solitaire set-up")
        _setup_table(state, 0, setup)
        return
    _check_keys(setup, {"tables", "current", "cube", "match"}, "a multiplayer set-up")
    tables = setup.get("tables")
    if not isinstance(tables, list) or len(tables) != state.players or not all(isinstance(t, dict) for t in tables):
        raise BadSetup(f"tables must list {state.players} objects, one per player")
    current = setup.get("current", state.current)
    if type(current) is not int or not 0 <= current < state.players:
        raise BadSetup(f"current must be a seat 0-{state.players - 1}, not {current!r}")
    state.current = current
    for seat, given in enumerate(tables):
        _check_keys(given, TABLE_KEYS, f"table {seat}")
        if given.get("drawn") is not None and seat != current:
            raise BadSetup(f"only the current player can have a drawn card (table {seat} has one)")
        _setup_table(state, seat, given)
    limit = sold_out_threshold(state.players)
    for n in NUMBERS:
        taken = sum(n in t.taken for t in state.tables)
        if taken > limit:
            raise BadSetup(f"{taken} end cards {n} taken, but the {n}s sell out after {limit}")
    for seat, table in enumerate(state.tables):
        if 10 in table.taken and table.taken == [10]:
            raise BadSetup(f"table {seat} took its 10 without any of its 1-9 (tens last)")
        if table.work and not scorable(state, seat):
            raise BadSetup(f"table {seat}'s work pile {table.work} can no longer be scored: it would be dead")
    _setup_match(state, setup)


def _setup_match(state: ChainsState, setup: dict) -> None:
    """The match score ({"scores", "crawford_done", "games"}) and the cube; a set-up position is at the
    start of the current player's turn unless a card is drawn."""
    given = setup.get("match")
    if state.match is None:
        if given is not None or "cube" in setup:
            raise BadSetup("cube and match need the cube option")
        return
    given = {} if given is None else given
    if not isinstance(given, dict):
        raise BadSetup('match must be an object with "scores", "crawford_done" and "games"')
    _check_keys(given, {"scores", "crawford_done", "games"}, "match")
    state.match.scores = check_scores(state.match, given.get("scores", [0, 0]), "match scores")
    least = 1 if any(state.match.scores) else 0
    games = given.get("games", least)
    if type(games) is not int or games < least:
        raise BadSetup(f"games (played so far) must be a whole number, at least {least} with these scores, "
                       f"not {games!r}")
    state.match.games = games
    state.turn_start = state.tables[state.current].drawn is None
    setup_cube(state.match, setup.get("cube"), given.get("crawford_done"),
               state.current if state.turn_start else None)


def _check_keys(given: dict, known: set[str], what: str) -> None:
    unknown = sorted(set(given) - known)
    if unknown:
        raise BadSetup(f"unknown keys {unknown} in {what}; known: {sorted(known)}")


def _numbers(value: object, what: str) -> list[int]:
    if not isinstance(value, list) or any(type(n) is not int or not 1 <= n <= 10 for n in value):
        raise BadSetup(f"{what} must be a list of card numbers 1-10, not {value!r}")
    return list(value)


def _run_from_ten(cards: list[int], what: str) -> list[int]:
    if cards != list(range(10, 10 - len(cards), -1)):
        raise BadSetup(f"{what} must run down from 10 one by one (10, 9, 8, …), not {cards}")
    return cards


def _setup_table(state: ChainsState, seat: int, given: dict) -> None:
    table = state.tables[seat]
    slot_count = len(table.slots)
    work = _run_from_ten(_numbers(given.get("work", []), "work"), "the work pile")
    slots = given.get("slots", [])
    if not isinstance(slots, list) or len(slots) > slot_count:
        raise BadSetup(f"slots must be a list of at most {slot_count} piles (bottom card first)")
    piles = [_numbers(p, f"slot {i}") for i, p in enumerate(slots)]
    piles += [[] for _ in range(slot_count - len(piles))]
    drawn = given.get("drawn")
    if drawn is not None and (type(drawn) is not int or not 1 <= drawn <= 10):
        raise BadSetup(f"drawn must be a card number 1-10 or null, not {drawn!r}")
    ends = set(_numbers(given.get("end_cards", list(NUMBERS)), "end_cards"))
    if len(ends) != len(given.get("end_cards", NUMBERS)):
        raise BadSetup("end_cards lists a number twice")
    dead = given.get("dead", [])
    if not isinstance(dead, list):
        raise BadSetup("dead must be a list of dead work piles")
    dead = [_run_from_ten(_numbers(p, "a dead pile"), "a dead pile") for p in dead]
    if any(not p for p in dead):
        raise BadSetup("a dead pile cannot be empty")
    taken = sorted(set(NUMBERS) - ends)
    discard = [c for end in taken for c in chain_cards(end)]
    placed = work + [c for p in piles for c in p] + ([drawn] if drawn is not None else [])
    placed += discard + [c for p in dead for c in p] + sorted(ends)
    counts = {n: n - placed.count(n) for n in NUMBERS}  # a Pairs deck has n cards of number n
    if "deck" in given and "deck_top" in given:
        raise BadSetup("give either deck (all of it) or deck_top (its top cards), not both")
    if "deck" in given:
        deck = _numbers(given["deck"], "deck")
        counts = {n: c - deck.count(n) for n, c in counts.items()}
    else:
        top = _numbers(given.get("deck_top", []), "deck_top")
        counts = {n: c - top.count(n) for n, c in counts.items()}
        rest = [n for n, c in counts.items() for _ in range(max(c, 0))]
        state.rng.shuffle(rest)
        counts = {n: min(c, 0) for n, c in counts.items()}
        deck = top + rest
    wrong = {n: -c for n, c in counts.items() if c}
    if any(c > 0 for c in wrong.values()):
        extra = {n: c for n, c in wrong.items() if c > 0}
        raise BadSetup(f"too many cards (number: extra copies) {extra} in table {seat}: a Pairs deck has n cards of n, "
                       "and each end card taken brings its run into the discard")
    if wrong:
        raise BadSetup(f"cards missing (number: copies) { {n: -c for n, c in wrong.items()} } in table {seat}: "
                       "every card must be somewhere")
    table.deck, table.slots, table.work, table.drawn = deck, piles, work, drawn
    table.ends, table.taken, table.discard, table.dead = ends, taken, discard, dead


# --- bots: sampling the decks' orders, a quick policy, and the value of an ending ---------------------

def sample_state(view: dict, rng: Rng) -> ChainsState:
    """A full state consistent with a view: everything is public but the order of each deck, so
    every deck (the viewer's own too: nobody sees their deck order) is a fresh shuffle of its
    unseen cards."""
    tables = []
    for seen in view["tables"]:
        deck = [int(n) for n, c in seen["unseen"].items() for _ in range(c)]
        rng.shuffle(deck)
        tables.append(Table(deck=deck, slots=[list(p) for p in seen["slots"]], work=list(seen["work"]),
                            drawn=seen["drawn"], ends=set(seen["ends"]), taken=list(seen["taken"]),
                            discard=list(seen["discard"]), dead=[list(p) for p in seen["dead"]], left=seen["left"]))
    current = view["current_player"]
    match = match_from_view(view) if "cube" in view else None
    if match is not None and match.offered_by is not None:
        current = match.offered_by  # the doubler's turn goes on after the answer
    return ChainsState(rng=Rng(rng.next_u64()), tables=tables, current=0 if current is None else current,
                       over=view["over"], leaving_order=list(view["leaving_order"]), match=match,
                       turn_start=view.get("turn_start", True))


def slot_for(slots: list[list[int]], card: int) -> int:
    """Where a card that cannot go onto the work pile hurts least: on the next number up (the two
    then leave in run order), else on a lower card (same run), else an empty slot, else on the
    shortest pile of higher cards (it starts a new run there)."""
    def cost(i: int) -> tuple[int, int]:
        pile = slots[i]
        if not pile:
            return (2, 0)
        top = pile[-1]
        if top == card - 1:
            return (0, 0)
        if top < card:
            return (1, card - top)
        return (3, len(pile))
    return min(range(len(slots)), key=cost)


def policy_action(state: ChainsState, rng: Rng) -> dict:
    """The 'normal' play, from public facts only: place a drawn card on the work pile when it fits,
    else on the slot where it hurts least; close a run as soon as an end card allows (points are a
    race in the expansion); otherwise extend the run from a slot; otherwise draw. With the cube it
    never doubles and always takes (the bots' cube decisions are cube.py's)."""
    if state.match is not None and state.match.offered_by is not None:
        return {"type": "take"}
    table = state.tables[state.current]
    if table.drawn is not None:
        if fits(table.drawn, table.work):
            return {"type": "place", "to": "work"}
        return {"type": "place", "to": "slot", "slot": slot_for(table.slots, table.drawn)}
    legal = state.actions_for(state.current)
    for kind in ("close", "move", "draw"):
        for action in legal:
            if action["type"] == kind:
                return action
    return rng.choice(legal)


def evaluate(state: ChainsState, seat: int) -> float:
    """Solitaire: the share of end cards taken. Expansion: mostly the share of the win, plus the
    points as a tie-breaker between equal outcomes."""
    if state.solitaire:
        return len(state.tables[0].taken) / len(NUMBERS)
    if state.match is not None and state.new_game:
        # a play-out stopped at the end of a game of the match: the next game's tables are fresh
        return {None: 0.5, seat: 1.0}.get(state.match.results[-1]["side"], 0.0)
    share = 0.0
    if state.over:
        best = winners(state)
        share = 1 / len(best) if seat in best else 0.0
    rival = max(score_of(state, s) for s in range(state.players) if s != seat)
    margin = max(-1.0, min(1.0, (score_of(state, seat) - rival) / 10))
    return 0.7 * share + 0.3 * (0.5 + 0.5 * margin)


CHAINS = ChainsRules()


def win_chance(view: dict) -> float:
    """The normal bot's estimate, from a two-player view, that the viewing seat wins this game (a tie
    counts half). With two players each number sells out at its first end card taken, so the points
    still to come are the open numbers, each open to one or both players. Decided when one player
    leads by more than the other can still gain (p = 1 or 0); otherwise a logistic in the expected
    margin (the lead, plus each number open only to one player counted for them at 0.8, and the
    numbers open to both by who is closer to closing them) over 0.45·√(points still open) + 0.7."""
    seat = view["seat"]
    rival = 1 - seat
    tables = view["tables"]
    lead = tables[seat]["score"] - tables[rival]["score"]
    reach = [0, 0]
    expected = float(lead)
    for entry in view["end_cards"]:
        number, open_to = entry["number"], [s for s in entry["open"] if not tables[s]["left"]]
        for s in open_to:
            reach[s] += POINTS[number]
        if len(open_to) == 1:
            expected += (0.8 if open_to[0] == seat else -0.8) * POINTS[number]
        elif len(open_to) == 2:
            expected += 0.5 * POINTS[number] * (_closeness(tables[seat], number) - _closeness(tables[rival], number))
    if lead > reach[rival]:
        return 1.0
    if -lead > reach[seat]:
        return 0.0
    return logistic(expected / (0.45 * math.sqrt(reach[0] + reach[1]) + 0.7))


def _closeness(table: dict, end: int) -> float:
    """How near a work pile is to closing with end card `end`, from 0 (not begun) to 1 (next card)."""
    work = table["work"]
    need = 10 - end  # cards 10 .. end+1 on the work pile
    if not work or work[-1] <= end:
        return 0.0
    return len(work) / need if need else 1.0


class ChainsBot(Bot[ChainsState]):
    """What Chains's bots know of the game: see pygames_core/ai/bot.py."""

    def sample_state(self, view: dict, rng: Rng) -> ChainsState:
        return sample_state(view, rng)

    def policy_action(self, state: ChainsState, rng: Rng) -> dict:
        return policy_action(state, rng)

    def playout_done(self, start: ChainsState, state: ChainsState) -> bool:
        # in a match, a hard bot looks to the end of the game being played: the next is a new deal
        return state.over or (state.match is not None and start.match is not None
                              and state.match.games != start.match.games)

    def evaluate(self, state: ChainsState, seat: int) -> float:
        return evaluate(state, seat)

    def cube_match(self, state: ChainsState) -> Match | None:
        return state.match

    def win_chance(self, view: dict) -> float:
        return win_chance(view)

    def hint(self, view: dict, legal: list[dict], budget_ms: int, rng: Rng) -> dict | None:
        """The solitaire: the exact solver on deck orders sampled from the view (it never reads the
        deck). The expansion: None, the hard bot's search answers."""
        if not view["solitaire"]:
            return None
        from pygames_core.games.chains.solver import solitaire_hint  # the solver builds on this module

        return solitaire_hint(view, legal, budget_ms, rng)

    def analysis(self, game: Game, budget_ms: int) -> dict | None:
        """The solitaire in hindsight: was the deal winnable, and its best possible penalty."""
        if game.players > 1:
            return None
        from pygames_core.games.chains.solver import best_outcome  # the solver builds on this module

        return best_outcome(game, time_budget_ms=budget_ms)


CHAINS_BOT = ChainsBot(CHAINS)
