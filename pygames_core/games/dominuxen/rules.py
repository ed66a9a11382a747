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

The state is state.py's; set-ups, setup.py's; the views, knowledge.py's; the plays listed, kept, plays.py's.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
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
from pygames_core.games.dominuxen.plays import kept_set_of, plays_of_groups, set_of
from pygames_core.games.dominuxen.setup import apply_setup
from pygames_core.games.dominuxen.state import (
    ANSWER,
    CODE,
    DISPLAY_SIZE,
    DRAW,
    GAME_ID,
    HIGHEST,
    HITS,
    MAX_MATCH_GAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBERS,
    OVER,
    PLAY,
    SET_CODES,
    SET_GROUP_BITS,
    SET_TALLIES,
    SET_VIEWS,
    SNATCH,
    TALLIED,
    TILE_BY_CODE,
    TILE_GROUP_BITS,
    TILES,
    DominuxenState,
    PlayedSet,
    Tile,
    deal,
    every_row_points,
    group_bits,
    scores_of,
    shows,
    top_key,
)
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import left_of

# CHECKS_LEFT[players][seat][checked]: the snatch check's steps left when the seat has played and `checked`
# seats after it are checked, each the next seat clockwise and how many are checked once it is
# (left_of(seat, players, checked + 1), checked + 1)
CHECKS_LEFT = [[[tuple((left_of(seat, players, i), i) for i in range(checked + 1, players))
                  for checked in range(players)] for seat in range(players)] for players in range(MAX_PLAYERS + 1)]
LEFT_OF = [[left_of(seat, players) for seat in range(players)] for players in range(MAX_PLAYERS + 1)]  # the next turn's
Events = list[DominuxenEvent] | None  # where a move's event records go: None for none (a play-out's)


def add_to_hand(state: DominuxenState, seat: int, tiles: tuple[Tile, ...]) -> None:
    """Tiles everyone saw go into a hand (kept sorted) become known there."""
    hand = state.hands[seat]
    hand.extend(tiles)
    hand.sort()
    state.known[seat].update(tiles)
    groups = state.hand_groups[seat]
    if groups is not None:  # the kept group bits follow (see the state's hand_groups)
        state.hand_groups[seat] = groups ^ SET_GROUP_BITS[tiles]


# the draws of each display tile, and of the supply's top (shared by every list)
DISPLAY_DRAWS: tuple[DrawAction, ...] = tuple({"type": "draw", "source": "display", "tile": CODE[t]} for t in TILES)
# bound once: a method looked up at each call is a bound method made and dropped each time
display_draw_of, code_of = DISPLAY_DRAWS.__getitem__, CODE.__getitem__
SUPPLY_DRAW: DrawAction = {"type": "draw", "source": "supply"}


# the answers to a hit, the same every time
SNATCH_ACTIONS: tuple[AnswerAction, ...] = ({"type": "take"}, {"type": "decline"})
ANSWER_ACTIONS: tuple[AnswerAction, ...] = ({"type": "take_back"}, {"type": "discard"})


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
        # DominuxenState.current's answer, read here without the property's own Python call: the random
        # play and the search ask at every step (tests/test_dominuxen_fast_paths.py holds them alike)
        phase = state.phase  # a Phase member (legal_actions'): `is` is the quickest test
        if phase is PLAY or phase is SNATCH:
            return state.turn
        if phase is OVER:
            return None
        return state.victim

    def legal_actions(self, state: DominuxenState) -> list[DominuxenAction]:
        """What the seat to act may do: play a set, answer a hit, or draw (a list of its own)."""
        phase = state.phase  # one of the Phase members (never a plain string): `is` is the quickest test
        if phase is PLAY:
            groups = state.hand_groups[state.turn]
            if groups is None:
                groups = state.hand_groups[state.turn] = group_bits(state.hands[state.turn])
            return plays_of_groups(groups, state.doubles)
        if phase is SNATCH:
            return [*SNATCH_ACTIONS]
        if phase is ANSWER:
            return [*ANSWER_ACTIONS]
        if phase is DRAW:  # the draws open to the victim: each display tile, and the supply's top while it lasts
            draws: list[DominuxenAction] = [*map(display_draw_of, state.display)]
            if state.supply:
                draws.append(SUPPLY_DRAW)
            return draws
        return []

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
        played = kept_set_of(id(action))  # a play legal_actions listed, played before, has its set kept
        if played is None:
            MOVES[action["type"]](self, state, action, events)
        else:
            self.play(state, played, events)
        return events

    # The moves below write their event records into `events`, or none where it is None: the bots'
    # play-outs (bot.py's play_out_game) make the same moves, a set played and the replies by MOVES,
    # without records.
    def _play_read(self, state: DominuxenState, action: PlayAction, events: Events) -> None:
        """A play whose set is not kept: a copy of a listed one (the page's, a saved game's), or a listed
        one played for the first time (plays.set_of)."""
        self.play(state, set_of(action), events)

    def _decline(self, state: DominuxenState, action: AnswerAction, events: Events) -> None:
        state.phase = ANSWER
        if events is not None:
            victim = state.victim
            assert victim is not None
            events.append({"type": "declined", "attacker": state.turn, "victim": victim})

    def play(self, state: DominuxenState, played: PlayedSet, events: Events) -> None:
        """The turn's player plays the set `played` (a `play` action's, read)."""
        seat, tiles = state.turn, played[1]  # PlayedSet.tiles, by index (see _check_next)
        hand = state.hands[seat]
        for tile in tiles:
            hand.remove(tile)
        groups = state.hand_groups[seat]
        if groups is not None:
            state.hand_groups[seat] = groups ^ SET_GROUP_BITS[tiles]
        known = state.known[seat]
        if known:
            known.difference_update(tiles)
        state.rows[seat].append(played)
        state.tops[seat] = played[0] << 4 | (len(tiles) + len(played[2]))  # top_key's
        state.table += SET_TALLIES[tiles]
        if events is not None:
            events.append({"type": "played", "seat": seat, "set": SET_VIEWS[played]})
        if not hand:  # the last tiles end the game at once: this play snatches nothing
            self._end_game(state, "hand_empty", events)
            return
        state.checked = 0
        self._check_next(state, events)

    def _check_next(self, state: DominuxenState, events: Events) -> None:
        """Go on with the snatch check clockwise; stop at the next hit, or pass the turn on."""
        turn, tops = state.turn, state.tops
        hits = HITS[tops[turn]]  # the played set's (the turn's topmost: a hit takes from the others' rows)
        # most checks hit no one: one test in C of every top (the turn's own and those checked too, which
        # its hits never hold or the check has passed) spares the walk
        if not hits.isdisjoint(tops):
            for seat, checked in CHECKS_LEFT[state.players][turn][state.checked]:
                if tops[seat] in hits:
                    state.checked, state.victim, state.phase = checked, seat, SNATCH
                    if events is not None:
                        events.append({"type": "hit", "attacker": turn, "victim": seat,
                                       "set": SET_VIEWS[state.rows[seat][-1]]})
                    return
        state.checked, state.victim, state.phase = state.players - 1, None, PLAY
        state.turn = turn = LEFT_OF[state.players][turn]
        state.turn_number = number = state.turn_number + 1
        if events is not None:
            events.append({"type": "turn", "seat": turn, "turn": number})

    def _take(self, state: DominuxenState, action: AnswerAction, events: Events) -> None:
        victim = state.victim  # the snatch and answer have one, as the draws do (no call of victim_of)
        assert victim is not None
        row = state.rows[victim]
        tiles = row.pop()[1]  # the snatched set leaves the victim's row (its tiles, by index)
        state.tops[victim] = top_key(row)
        state.table -= SET_TALLIES[tiles]
        add_to_hand(state, state.turn, tiles)
        if events is not None:
            events.append({"type": "taken", "attacker": state.turn, "victim": victim, "tiles": [*SET_CODES[tiles]]})
        self._start_draw(state, len(tiles), events)

    def _take_back(self, state: DominuxenState, action: AnswerAction, events: Events) -> None:
        victim = state.victim  # the snatch and answer have one, as the draws do (no call of victim_of)
        assert victim is not None
        row = state.rows[victim]
        tiles = row.pop()[1]  # the set's tiles, by index
        state.tops[victim] = top_key(row)
        state.table -= SET_TALLIES[tiles]
        add_to_hand(state, victim, tiles)
        if events is not None:
            events.append({"type": "taken_back", "seat": victim, "tiles": [*SET_CODES[tiles]]})
        self._check_next(state, events)

    def _discard(self, state: DominuxenState, action: AnswerAction, events: Events) -> None:
        victim = state.victim  # the snatch and answer have one, as the draws do (no call of victim_of)
        assert victim is not None
        row = state.rows[victim]
        tiles = row.pop()[1]  # the set's tiles, by index (from the row to the discard: still on the table)
        state.tops[victim] = top_key(row)
        state.discard.extend(tiles)
        if events is not None:
            events.append({"type": "discarded", "seat": victim, "tiles": [*SET_CODES[tiles]]})
        self._start_draw(state, len(tiles), events)

    def _start_draw(self, state: DominuxenState, count: int, events: Events) -> None:
        """The victim replaces the lost set tile by tile (one tile per tile, a double too); draws with
        only one possible source are made at once (no decision to ask for)."""
        state.phase = DRAW
        state.draws_left = count
        display = state.display
        if not display or (len(display) == 1 and not state.supply):
            self._forced_draw(state, events)

    def _forced_draw(self, state: DominuxenState, events: Events) -> None:
        """The draw with only one possible source: the supply's top, or the display's last tile."""
        self._draw(state, DISPLAY_DRAWS[state.display[0]] if state.display else SUPPLY_DRAW, events, forced=True)

    def _draw(self, state: DominuxenState, action: DrawAction, events: Events, forced: bool = False) -> None:
        seat = state.victim
        assert seat is not None
        display, supply = state.display, state.supply
        code = action.get("tile")
        if code is None:
            tile = supply.pop()
            insort(state.hands[seat], tile)  # unseen: not known in the hand
            if events is not None:
                events.append({"type": "drew", "seat": seat, "source": "supply", "forced": forced})
        else:
            tile = TILE_BY_CODE[code]
            display.remove(tile)
            state.table -= TALLIED[tile]
            insort(state.hands[seat], tile)
            state.known[seat].add(tile)
            if events is not None:
                events.append({"type": "drew", "seat": seat, "source": "display", "tile": code, "forced": forced})
        groups = state.hand_groups[seat]
        if groups is not None:
            state.hand_groups[seat] = groups ^ TILE_GROUP_BITS[tile]
        state.draws_left -= 1
        if not display and not supply:  # the middle is used up: the end, even mid-draw
            self._end_game(state, "middle_empty", events)
            return
        if state.draws_left:
            if not display or (len(display) == 1 and not supply):
                self._forced_draw(state, events)
            return
        missing = DISPLAY_SIZE - len(display)
        if missing > 0 and supply:  # the display is refilled from the supply's top (its end) down
            refill = supply[:-missing - 1:-1]
            del supply[-missing:]
            display += refill
            state.table += sum(map(TALLIED.__getitem__, refill))
            if events is not None:
                events.append({"type": "refilled", "tiles": [*map(code_of, refill)]})
        self._check_next(state, events)

    def _end_game(self, state: DominuxenState, reason: str, events: Events) -> None:
        rows = every_row_points(state)  # once: the scores and the summary show them
        scores = scores_of(state, rows)
        state.totals = [a + b for a, b in zip(state.totals, scores, strict=True)]
        state.end_reason = reason
        summary: GameSummary = {
            "game": state.game_number, "first_player": state.first_player, "reason": reason,
            "ended_by": state.turn if reason == "hand_empty" else state.victim,
            "scores": scores, "totals": list(state.totals),
            "rows": rows,
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
            hand_groups=list(state.hand_groups), known=[set(k) for k in state.known],
            rows=[list(r) for r in state.rows], tops=list(state.tops), display=list(state.display), table=state.table,
            supply=list(state.supply), discard=list(state.discard), checked=state.checked, victim=state.victim,
            draws_left=state.draws_left, totals=list(state.totals), summaries=list(state.summaries),
            end_reason=state.end_reason,
        )


DOMINUXEN = DominuxenRules()

# each move's method by its action's type, but a play legal_actions listed (apply and act find its set)
MOVES: dict[str, Callable[[DominuxenRules, DominuxenState, Any, Events], None]] = {
    "play": DominuxenRules._play_read, "take": DominuxenRules._take, "decline": DominuxenRules._decline,
    "take_back": DominuxenRules._take_back, "discard": DominuxenRules._discard, "draw": DominuxenRules._draw,
}
