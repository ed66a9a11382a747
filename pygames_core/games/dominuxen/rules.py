"""Dominuxen (ドミヌクセン)'s rules: Abluxxen played with a double-12 domino set (docs/games/dominuxen.md).

Each turn you play a set of tiles from hand that all stand for one number (each tile for either of
its two numbers). Then every other player, clockwise from your left, whose topmost set has exactly
as many tiles and a number yours beats is hit: you take that set or leave it; if you leave it the
victim takes it back or discards it; whoever loses the set without taking it back draws as many
tiles, one by one, from the display or the supply. 0 beats 12 and only 12. The game ends at once
when a hand is empty or the middle (display and supply) is used up; +1 per tile in your row, -1
per tile in hand.

Decisions followed (docs/games/dominuxen.md): with the doubles option a double played as two counts 2 in
the set size for the snatch check; a match of several games (option) adds the totals. Decisions
taken here (docs/games/dominuxen.md): a draw with only one possible source is made automatically;
a double counts 2 in scoring however it was played; each next game of a match starts left of the
previous first player.

The state is state.py's; set-ups, setup.py's; the views, knowledge.py's.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar

from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import Option, Rules
from pygames_core.games.dominuxen import knowledge
from pygames_core.games.dominuxen.messages import (
    AnswerAction,
    DominuxenAction,
    DominuxenEvent,
    DominuxenView,
    DrawAction,
    GameSummary,
    PlayAction,
)
from pygames_core.games.dominuxen.setup import apply_setup
from pygames_core.games.dominuxen.state import (
    ANSWER,
    CODE,
    DISPLAY_SIZE,
    DRAW,
    GAME_ID,
    HIGHEST,
    MAX_MATCH_GAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBERS,
    OVER,
    PLAY,
    SNATCH,
    TILE_BY_CODE,
    DominuxenState,
    PlayedSet,
    Tile,
    deal,
    game_scores,
    lose_top_set,
    number_groups,
    row_points,
    shows,
    snatch_hits,
    victim_of,
)
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import left_of

DOUBLE_CODE = [f"{n}-{n}" for n in NUMBERS]  # the double of each number, the one tile that may be played as two
Events = list[DominuxenEvent] | None  # where a move's event records go: None for none (a play-out's)


def add_to_hand(state: DominuxenState, seat: int, tiles: tuple[Tile, ...], seen: bool) -> None:
    """Tiles go into a hand (kept sorted); tiles everyone saw go in become known there."""
    hand = state.hands[seat]
    hand.extend(tiles)
    hand.sort()
    if seen:
        state.known[seat].update(tiles)


def play_actions(hand: list[Tile], doubles: bool) -> list[PlayAction]:
    """Every set the hand can play: per number, every non-empty subset of the tiles showing it (in
    hand order, smaller sets first), and with the doubles rule each set holding the double once
    with it as one tile and once as two. (The actions are shared with later calls: read only, as
    Rules.legal_actions says.)"""
    actions: list[PlayAction] = []
    for number, group in enumerate(number_groups(hand)):
        if group:
            actions += group_plays(number, tuple(group), doubles)
    return actions


@lru_cache(maxsize=8192)
def group_plays(number: int, group: tuple[Tile, ...], doubles: bool) -> tuple[PlayAction, ...]:
    """play_actions of one number, `group` the tiles showing it: a hand's groups recur all through a
    game and the bots' play-outs, so they are kept (a group changes only when a tile showing its
    number comes or goes)."""
    codes = [CODE[t] for t in group]
    double = DOUBLE_CODE[number]
    actions: list[PlayAction] = []
    for size in range(1, len(codes) + 1):
        for combo in combinations(codes, size):
            if not doubles:
                actions.append({"type": "play", "number": number, "tiles": list(combo)})
                continue
            actions.append({"type": "play", "number": number, "tiles": list(combo), "doubled": []})
            if double in combo:
                actions.append({"type": "play", "number": number, "tiles": list(combo), "doubled": [double]})
    return tuple(actions)


@lru_cache(maxsize=4096)
def draw_actions(display: tuple[Tile, ...], supply: bool) -> tuple[DrawAction, ...]:
    """The draws open to the victim: each display tile, and the supply's top while it lasts (the
    display changes only with a draw: the actions are kept)."""
    actions: list[DrawAction] = [{"type": "draw", "source": "display", "tile": CODE[t]} for t in display]
    if supply:
        actions.append({"type": "draw", "source": "supply"})
    return tuple(actions)


# the answers to a hit, the same every time
SNATCH_ACTIONS: tuple[AnswerAction, ...] = ({"type": "take"}, {"type": "decline"})
ANSWER_ACTIONS: tuple[AnswerAction, ...] = ({"type": "take_back"}, {"type": "discard"})


def legal_actions(state: DominuxenState) -> Sequence[DominuxenAction]:
    """What the seat to act may do: play a set, answer a hit, or draw."""
    if state.phase == PLAY:
        return play_actions(state.hands[state.turn], state.doubles)
    if state.phase == SNATCH:
        return SNATCH_ACTIONS
    if state.phase == ANSWER:
        return ANSWER_ACTIONS
    if state.phase == DRAW:
        return draw_actions(tuple(state.display), bool(state.supply))
    return ()


class DominuxenRules(Rules[DominuxenState, DominuxenAction, DominuxenEvent, DominuxenView]):
    game_id = GAME_ID
    title: ClassVar[dict[str, str]] = {"en": "Dominuxen", "ja": "ドミヌクセン"}
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    deal_end_events: ClassVar[frozenset[str]] = frozenset({"game_ended"})  # a game of the series
    options = (
        Option(
            name="doubles", type="bool", default=False,
            label={"en": "Doubles rule", "ja": "ダブル牌ルール"},
            help={
                "en": "A double may be played as two tiles of its number (or as one). A snatched "
                      "double is replaced by one tile, and a double counts 2 in scoring (in hand -2).",
                "ja": "ダブル牌を同じ数字の2枚分として出せます（1枚分でも可）。スナッチされたダブル牌の"
                      "補充は1枚で、得点計算ではダブル牌は2点（手牌に残ればマイナス2点）です。",
            },
        ),
        Option(
            name="games", type="int", default=1, minimum=1, maximum=MAX_MATCH_GAMES,
            label={"en": "Games in the match", "ja": "マッチのゲーム数"},
            help={
                "en": "Play several games and add up the totals; 1 is a single game. "
                      "3-5 players; 3-4 play best.",
                "ja": "複数ゲームを続けて遊び、合計点で勝敗を決めます。1なら1ゲームのみ。"
                      "3〜5人用（おすすめは3〜4人）。",
            },
        ),
    )

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], rng: Rng,
                  setup: dict[str, Any] | None) -> DominuxenState:
        first = rng.below(players)  # drawn even with a set-up first player, so the tile stream is the same
        state = DominuxenState(players=players, doubles=options["doubles"], games=options["games"], rng=rng,
                               first_player=first, totals=[0] * players)
        if setup is None:
            deal(state)
        else:
            apply_setup(state, setup)
        return state

    # --- the rules ----------------------------------------------------------------------------
    def current_player(self, state: DominuxenState) -> int | None:
        return state.current

    def legal_actions(self, state: DominuxenState) -> list[DominuxenAction]:
        return [*legal_actions(state)]

    def explain_illegal(self, state: DominuxenState, action: dict[str, Any]) -> str | None:
        if state.phase != PLAY or action.get("type") != "play":
            return None
        number, tiles = action.get("number"), action.get("tiles")
        if type(number) is not int or number not in NUMBERS:
            return f"number must be a whole number 0-{HIGHEST}, not {number!r}"
        if not isinstance(tiles, list) or not tiles or not all(isinstance(c, str) for c in tiles):
            return "tiles must be a non-empty list of tile codes like '3-12'"
        hand = {CODE[t] for t in state.hands[state.turn]}
        for code in tiles:
            if code not in hand:
                return f"{code!r} is not in your hand"
            if not shows(TILE_BY_CODE[code], number):
                return f"{code} cannot stand for {number}"
        if len(set(tiles)) != len(tiles):
            return "a tile is listed twice"
        if tiles != sorted(tiles, key=lambda c: TILE_BY_CODE[c]):
            return "list the tiles in order (smaller number first, as in your hand)"
        if state.doubles and "doubled" not in action:
            return "with the doubles rule, say which doubles are played as two in 'doubled' (maybe [])"
        if not state.doubles and "doubled" in action:
            return "doubles are played as two only with the doubles rule"
        return None

    def apply(self, state: DominuxenState, action: DominuxenAction) -> list[DominuxenEvent]:
        events: list[DominuxenEvent] = []
        self.act(state, action, events)
        return events

    # The moves below write their event records into `events`, or none where it is None: the bots'
    # play-outs (bot.py's playout_step) make the same moves and throw the records away.
    def act(self, state: DominuxenState, action: DominuxenAction, events: Events) -> None:
        """`apply`, its events written into `events` (none when it is None)."""
        if action["type"] == "draw":
            self._draw(state, action.get("tile"), events)
        elif action["type"] == "play":
            tiles = tuple([TILE_BY_CODE[c] for c in action["tiles"]])
            doubled = tuple([TILE_BY_CODE[c] for c in action.get("doubled", ())])
            self.play(state, PlayedSet(action["number"], tiles, doubled), events)
        elif action["type"] == "take":
            self._take(state, events)
        elif action["type"] == "decline":
            state.phase = ANSWER
            if events is not None:
                events.append({"type": "declined", "attacker": state.turn, "victim": victim_of(state)})
        elif action["type"] == "take_back":
            self._take_back(state, events)
        else:
            self._discard(state, events)

    def play(self, state: DominuxenState, played: PlayedSet, events: Events) -> None:
        """The turn's player plays the set `played` (a `play` action's, read)."""
        seat = state.turn
        hand = state.hands[seat]
        for tile in played.tiles:
            hand.remove(tile)
        state.known[seat].difference_update(played.tiles)
        state.rows[seat].append(played)
        if events is not None:
            events.append({"type": "played", "seat": seat, "set": played.to_view()})
        if not hand:  # the last tiles end the game at once: this play snatches nothing
            self._end_game(state, "hand_empty", events)
            return
        state.checked = 0
        self._check_next(state, events)

    def _check_next(self, state: DominuxenState, events: Events) -> None:
        """Go on with the snatch check clockwise; stop at the next hit, or pass the turn on."""
        played = state.rows[state.turn][-1]
        players, rows = state.players, state.rows
        while state.checked < players - 1:
            state.checked += 1
            seat = (state.turn + state.checked) % players  # left_of(turn, players, checked)
            row = rows[seat]
            if row and snatch_hits(played, row[-1]):
                state.victim = seat
                state.phase = SNATCH
                if events is not None:
                    events.append({"type": "hit", "attacker": state.turn, "victim": seat, "set": row[-1].to_view()})
                return
        state.victim = None
        state.turn = left_of(state.turn, players)
        state.turn_number += 1
        state.phase = PLAY
        if events is not None:
            events.append({"type": "turn", "seat": state.turn, "turn": state.turn_number})

    def _take(self, state: DominuxenState, events: Events) -> None:
        taken = lose_top_set(state)
        add_to_hand(state, state.turn, taken.tiles, seen=True)
        if events is not None:
            events.append({"type": "taken", "attacker": state.turn, "victim": victim_of(state),
                           "tiles": [CODE[t] for t in taken.tiles]})
        self._start_draw(state, len(taken.tiles), events)

    def _take_back(self, state: DominuxenState, events: Events) -> None:
        back = lose_top_set(state)
        add_to_hand(state, victim_of(state), back.tiles, seen=True)
        if events is not None:
            events.append({"type": "taken_back", "seat": victim_of(state), "tiles": [CODE[t] for t in back.tiles]})
        self._check_next(state, events)

    def _discard(self, state: DominuxenState, events: Events) -> None:
        dropped = lose_top_set(state)
        state.discard.extend(dropped.tiles)
        if events is not None:
            events.append({"type": "discarded", "seat": victim_of(state), "tiles": [CODE[t] for t in dropped.tiles]})
        self._start_draw(state, len(dropped.tiles), events)

    def _start_draw(self, state: DominuxenState, count: int, events: Events) -> None:
        """The victim replaces the lost set tile by tile (one tile per tile, a double too)."""
        state.phase = DRAW
        state.draws_left = count
        self._forced_draws(state, events)

    def _forced_draws(self, state: DominuxenState, events: Events) -> None:
        """Draws with only one possible source are made at once: no decision to ask for."""
        while state.phase == DRAW:
            if not state.display:
                self._draw(state, None, events, forced=True)
            elif not state.supply and len(state.display) == 1:
                self._draw(state, CODE[state.display[0]], events, forced=True)
            else:
                break

    def _draw(self, state: DominuxenState, code: str | None, events: Events, forced: bool = False) -> None:
        seat = victim_of(state)
        if code is None:
            add_to_hand(state, seat, (state.supply.pop(),), seen=False)
            if events is not None:
                events.append({"type": "drew", "seat": seat, "source": "supply", "forced": forced})
        else:
            tile = TILE_BY_CODE[code]
            state.display.remove(tile)
            add_to_hand(state, seat, (tile,), seen=True)
            if events is not None:
                events.append({"type": "drew", "seat": seat, "source": "display", "tile": code, "forced": forced})
        state.draws_left -= 1
        if not state.display and not state.supply:  # the middle is used up: the end, even mid-draw
            self._end_game(state, "middle_empty", events)
            return
        if state.draws_left:
            self._forced_draws(state, events)
            return
        refill: list[Tile] = []
        while len(state.display) + len(refill) < DISPLAY_SIZE and state.supply:
            refill.append(state.supply.pop())
        if refill:
            state.display.extend(refill)
            if events is not None:
                events.append({"type": "refilled", "tiles": [CODE[t] for t in refill]})
        self._check_next(state, events)

    def _end_game(self, state: DominuxenState, reason: str, events: Events) -> None:
        scores = game_scores(state)
        state.totals = [a + b for a, b in zip(state.totals, scores, strict=True)]
        state.end_reason = reason
        summary: GameSummary = {
            "game": state.game_number, "first_player": state.first_player, "reason": reason,
            "ended_by": state.turn if reason == "hand_empty" else state.victim,
            "scores": scores, "totals": list(state.totals),
            "rows": [row_points(state, seat) for seat in range(state.players)],
            "hands": [[CODE[t] for t in hand] for hand in state.hands],
        }
        state.summaries.append(Frozen.of(summary))
        state.victim = None
        state.draws_left = 0
        if events is not None:
            events.append({"type": "game_ended", "summary": summary})
        if state.game_number < state.games:
            state.game_number += 1
            state.first_player = left_of(state.first_player, state.players)
            deal(state)
            if events is not None:
                events.append({"type": "game_started", "game": state.game_number, "first_player": state.turn})
            return
        state.phase = OVER
        if events is not None:
            events.append({"type": "game_over", "result": self.result(state)})

    # --- what each seat sees: knowledge.py -----------------------------------------------------
    def view(self, state: DominuxenState, seat: int | None) -> DominuxenView:
        return knowledge.view(state, seat)

    def result(self, state: DominuxenState) -> dict[str, Any]:
        over = state.phase == OVER
        best = max(state.totals)
        return {
            "scores": list(state.totals),
            "winners": [s for s in range(state.players) if state.totals[s] == best] if over else [],
            "reason": state.end_reason,
            "game_scores": [s.thaw()["scores"] for s in state.summaries],
            "deals": len(state.summaries),  # games played: each game is one deal of the tiles
        }

    def copy_state(self, state: DominuxenState) -> DominuxenState:
        return DominuxenState(
            players=state.players, doubles=state.doubles, games=state.games, rng=state.rng.copy(),
            first_player=state.first_player, game_number=state.game_number, turn=state.turn,
            turn_number=state.turn_number, phase=state.phase, hands=[list(h) for h in state.hands],
            known=[set(k) for k in state.known], rows=[list(r) for r in state.rows], display=list(state.display),
            supply=list(state.supply), discard=list(state.discard), checked=state.checked, victim=state.victim,
            draws_left=state.draws_left, totals=list(state.totals), summaries=list(state.summaries),
            end_reason=state.end_reason,
        )


DOMINUXEN = DominuxenRules()
