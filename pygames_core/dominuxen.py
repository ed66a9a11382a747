"""Dominuxen (ドミヌクセン): Abluxxen played with a double-12 domino set. Rules: docs/games/dominuxen.md.

Each turn you play a set of tiles from hand that all stand for one number (each tile for either of
its two numbers). Then every other player, clockwise from your left, whose topmost set has exactly
as many tiles and a number yours beats is hit: you take that set or leave it; if you leave it the
victim takes it back or discards it; whoever loses the set without taking it back draws as many
tiles, one by one, from the display or the supply. 0 beats 12 and only 12. The game ends at once
when a hand is empty or the middle (display and supply) is used up; +1 per tile in your row, -1
per tile in hand.

Decisions followed (from the digest): with the doubles option a double played as two counts 2 in
the set size for the snatch check; a match of several games (option) adds the totals. Decisions
taken here (docs/games/dominuxen.md): a draw with only one possible source is made automatically;
a double counts 2 in scoring however it was played; each next game of a match starts left of the
previous first player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import ClassVar

from .cards import Domino, domino_set
from .errors import BadSetup
from .game import Option, Rules, check_setup_keys
from .rng import Rng
from .seats import left_of

MIN_PLAYERS, MAX_PLAYERS = 3, 5
HAND_SIZE = 13
DISPLAY_SIZE = 6
HIGHEST = 12
NUMBERS = range(HIGHEST + 1)
TILES: tuple[Domino, ...] = tuple(domino_set(HIGHEST))  # 91 tiles
TILE_BY_CODE = {t.code: t for t in TILES}
MAX_MATCH_GAMES = 10
SEARCH_PLAYS = 8  # the hard bot tries the normal bot's best few plays
SEARCH_ROUNDS = 2  # and plays each out this many rounds
# Declining a hit and taking the set back draws nothing, so play can cycle for ever (the rules allow
# it); past this many turns per player the bots take every hit, and the middle runs down to the end.
LONG_GAME_TURNS = 25


def beats(attacker: int, defender: int) -> bool:
    """Higher beats lower, except that 0 beats 12 (and only 12), so 12 does not beat 0."""
    if attacker == 0:
        return defender == HIGHEST
    if defender == 0:
        return attacker != HIGHEST
    return attacker > defender


def shows(tile: Domino, number: int) -> bool:
    return tile.low == number or tile.high == number


def other_number(tile: Domino, number: int) -> int:
    """The tile's number that is ignored when it stands for `number` (a double's is the same)."""
    return tile.high if tile.low == number else tile.low


@dataclass(frozen=True, slots=True)
class PlayedSet:
    """A set in a row: the number its tiles stand for, and which doubles were played as two."""

    number: int
    tiles: tuple[Domino, ...]
    doubled: tuple[Domino, ...] = ()

    @property
    def size(self) -> int:
        """The size for the snatch check: a double played as two counts 2."""
        return len(self.tiles) + len(self.doubled)

    def to_view(self) -> dict:
        return {"number": self.number, "tiles": [t.code for t in self.tiles],
                "doubled": [t.code for t in self.doubled], "size": self.size}


@dataclass(slots=True)
class DominuxenState:
    players: int
    doubles: bool
    games: int
    rng: Rng
    first_player: int
    game_number: int = 1
    turn: int = 0  # the seat whose turn it is: it plays a set, then settles the snatches
    turn_number: int = 1
    phase: str = "play"  # play | snatch (attacker: take?) | answer (victim: take back?) | draw | over
    hands: list[list[Domino]] = field(default_factory=list)  # each kept sorted
    known: list[set[Domino]] = field(default_factory=list)  # tiles everyone saw go into that hand
    rows: list[list[PlayedSet]] = field(default_factory=list)  # topmost set last
    display: list[Domino] = field(default_factory=list)
    supply: list[Domino] = field(default_factory=list)  # the top is the last item
    discard: list[Domino] = field(default_factory=list)
    checked: int = 0  # how many seats after `turn` the snatch check has reached this turn
    victim: int | None = None
    draws_left: int = 0
    totals: list[int] = field(default_factory=list)
    summaries: list[dict] = field(default_factory=list)
    end_reason: str | None = None  # "hand_empty" or "middle_empty"

    @property
    def current(self) -> int | None:
        if self.phase in ("play", "snatch"):
            return self.turn
        if self.phase in ("answer", "draw"):
            return self.victim
        return None


def weight(tile: Domino, doubles: bool) -> int:
    """What a tile counts in scoring: 1, or 2 for a double under the doubles rule."""
    return 2 if doubles and tile.is_double else 1


def game_scores(state: DominuxenState) -> list[int]:
    return [row_points(state, seat) - sum(weight(t, state.doubles) for t in state.hands[seat])
            for seat in range(state.players)]


def row_points(state: DominuxenState, seat: int) -> int:
    return sum(weight(t, state.doubles) for s in state.rows[seat] for t in s.tiles)


def snatch_hits(played: PlayedSet, target: PlayedSet) -> bool:
    return played.size == target.size and beats(played.number, target.number)


def lose_top_set(state: DominuxenState) -> PlayedSet:
    """The snatched set leaves the victim's row; the set under it becomes the topmost."""
    assert state.victim is not None
    return state.rows[state.victim].pop()


def add_to_hand(state: DominuxenState, seat: int | None, tiles: tuple[Domino, ...], seen: bool) -> None:
    """Tiles go into a hand (kept sorted); tiles everyone saw go in become known there."""
    assert seat is not None
    hand = state.hands[seat]
    hand.extend(tiles)
    hand.sort()
    if seen:
        state.known[seat].update(tiles)


def play_actions(hand: list[Domino], doubles: bool) -> list[dict]:
    """Every set the hand can play: per number, every non-empty subset of the tiles showing it (in
    hand order, smaller sets first), and with the doubles rule each set holding the double once
    with it as one tile and once as two."""
    actions = []
    for number in NUMBERS:
        group = [t for t in hand if shows(t, number)]
        for size in range(1, len(group) + 1):
            for combo in combinations(group, size):
                action = {"type": "play", "number": number, "tiles": [t.code for t in combo]}
                if not doubles:
                    actions.append(action)
                    continue
                actions.append({**action, "doubled": []})
                doubles_in = [t.code for t in combo if t.is_double]  # at most one: n-n
                if doubles_in:
                    actions.append({**action, "doubled": doubles_in})
    return actions


def draw_actions(state: DominuxenState) -> list[dict]:
    actions = [{"type": "draw", "source": "display", "tile": t.code} for t in state.display]
    if state.supply:
        actions.append({"type": "draw", "source": "supply"})
    return actions


def deal(state: DominuxenState) -> None:
    """Shuffle the whole set and start a game: 13 tiles each, 6 on display, the rest the supply."""
    tiles = list(TILES)
    state.rng.shuffle(tiles)
    state.hands = [[] for _ in range(state.players)]
    for i in range(state.players):
        seat = left_of(state.first_player, state.players, i)
        state.hands[seat] = sorted(tiles[i * HAND_SIZE:(i + 1) * HAND_SIZE])
    rest = tiles[state.players * HAND_SIZE:]
    state.display = rest[:DISPLAY_SIZE]
    state.supply = rest[DISPLAY_SIZE:]
    reset_game(state)


def reset_game(state: DominuxenState) -> None:
    state.known = [set() for _ in range(state.players)]
    state.rows = [[] for _ in range(state.players)]
    state.discard = []
    state.turn = state.first_player
    state.turn_number = 1
    state.phase = "play"
    state.checked = 0
    state.victim = None
    state.draws_left = 0


class DominuxenRules(Rules[DominuxenState]):
    game_id = "dominuxen"
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
                "ja": "ダブル牌を同じ数字の2枚分として出せます(1枚分でも可)。スナッチされたダブル牌の"
                      "補充は1枚で、得点計算ではダブル牌は2点(手牌に残ればマイナス2点)です。",
            },
        ),
        Option(
            name="games", type="int", default=1, minimum=1, maximum=MAX_MATCH_GAMES,
            label={"en": "Games in the match", "ja": "マッチのゲーム数"},
            help={
                "en": "Play several games and add up the totals; 1 is a single game. "
                      "3-5 players; 3-4 play best.",
                "ja": "複数ゲームを続けて遊び、合計点で勝敗を決めます。1なら1ゲームのみ。"
                      "3〜5人用(おすすめは3〜4人)。",
            },
        ),
    )

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict, rng: Rng, setup: dict | None) -> DominuxenState:
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

    def legal_actions(self, state: DominuxenState) -> list[dict]:
        if state.phase == "play":
            return play_actions(state.hands[state.turn], state.doubles)
        if state.phase == "snatch":
            return [{"type": "take"}, {"type": "decline"}]
        if state.phase == "answer":
            return [{"type": "take_back"}, {"type": "discard"}]
        if state.phase == "draw":
            return draw_actions(state)
        return []

    def explain_illegal(self, state: DominuxenState, action: dict) -> str | None:
        if state.phase != "play" or action.get("type") != "play":
            return None
        number, tiles = action.get("number"), action.get("tiles")
        if type(number) is not int or number not in NUMBERS:
            return f"number must be a whole number 0-{HIGHEST}, not {number!r}"
        if not isinstance(tiles, list) or not tiles or not all(isinstance(c, str) for c in tiles):
            return "tiles must be a non-empty list of tile codes like '3-12'"
        hand = {t.code for t in state.hands[state.turn]}
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

    def apply(self, state: DominuxenState, action: dict) -> list[dict]:
        kind = action["type"]
        if kind == "play":
            tiles = tuple(TILE_BY_CODE[c] for c in action["tiles"])
            doubled = tuple(TILE_BY_CODE[c] for c in action.get("doubled", ()))
            return self._play(state, PlayedSet(action["number"], tiles, doubled))
        if kind == "take":
            return self._take(state)
        if kind == "decline":
            state.phase = "answer"
            return [{"type": "declined", "attacker": state.turn, "victim": state.victim}]
        if kind == "take_back":
            return self._take_back(state)
        if kind == "discard":
            return self._discard(state)
        return self._draw(state, action.get("tile"))

    def _play(self, state: DominuxenState, played: PlayedSet) -> list[dict]:
        seat = state.turn
        hand = state.hands[seat]
        for tile in played.tiles:
            hand.remove(tile)
        state.known[seat].difference_update(played.tiles)
        state.rows[seat].append(played)
        events: list[dict] = [{"type": "played", "seat": seat, "set": played.to_view()}]
        if not hand:  # the last tiles end the game at once: this play snatches nothing
            return events + self._end_game(state, "hand_empty")
        state.checked = 0
        return events + self._check_next(state)

    def _check_next(self, state: DominuxenState) -> list[dict]:
        """Go on with the snatch check clockwise; stop at the next hit, or pass the turn on."""
        played = state.rows[state.turn][-1]
        while state.checked < state.players - 1:
            state.checked += 1
            seat = left_of(state.turn, state.players, state.checked)
            row = state.rows[seat]
            if row and snatch_hits(played, row[-1]):
                state.victim = seat
                state.phase = "snatch"
                return [{"type": "hit", "attacker": state.turn, "victim": seat, "set": row[-1].to_view()}]
        state.victim = None
        state.turn = left_of(state.turn, state.players)
        state.turn_number += 1
        state.phase = "play"
        return [{"type": "turn", "seat": state.turn, "turn": state.turn_number}]

    def _take(self, state: DominuxenState) -> list[dict]:
        taken = lose_top_set(state)
        add_to_hand(state, state.turn, taken.tiles, seen=True)
        events = [{"type": "taken", "attacker": state.turn, "victim": state.victim,
                   "tiles": [t.code for t in taken.tiles]}]
        return events + self._start_draw(state, len(taken.tiles))

    def _take_back(self, state: DominuxenState) -> list[dict]:
        back = lose_top_set(state)
        add_to_hand(state, state.victim, back.tiles, seen=True)
        events = [{"type": "taken_back", "seat": state.victim, "tiles": [t.code for t in back.tiles]}]
        return events + self._check_next(state)

    def _discard(self, state: DominuxenState) -> list[dict]:
        dropped = lose_top_set(state)
        state.discard.extend(dropped.tiles)
        events = [{"type": "discarded", "seat": state.victim, "tiles": [t.code for t in dropped.tiles]}]
        return events + self._start_draw(state, len(dropped.tiles))

    def _start_draw(self, state: DominuxenState, count: int) -> list[dict]:
        """The victim replaces the lost set tile by tile (one tile per tile, a double too)."""
        state.phase = "draw"
        state.draws_left = count
        return self._forced_draws(state)

    def _forced_draws(self, state: DominuxenState) -> list[dict]:
        """Draws with only one possible source are made at once: no decision to ask for."""
        events: list[dict] = []
        while state.phase == "draw":
            if not state.display:
                events += self._draw(state, None, forced=True)
            elif not state.supply and len(state.display) == 1:
                events += self._draw(state, state.display[0].code, forced=True)
            else:
                break
        return events

    def _draw(self, state: DominuxenState, code: str | None, forced: bool = False) -> list[dict]:
        seat = state.victim
        assert seat is not None
        if code is None:
            add_to_hand(state, seat, (state.supply.pop(),), seen=False)
            event = {"type": "drew", "seat": seat, "source": "supply", "forced": forced}
        else:
            tile = TILE_BY_CODE[code]
            state.display.remove(tile)
            add_to_hand(state, seat, (tile,), seen=True)
            event = {"type": "drew", "seat": seat, "source": "display", "tile": code, "forced": forced}
        state.draws_left -= 1
        events: list[dict] = [event]
        if not state.display and not state.supply:  # the middle is used up: the end, even mid-draw
            return events + self._end_game(state, "middle_empty")
        if state.draws_left:
            return events + self._forced_draws(state)
        refill = []
        while len(state.display) + len(refill) < DISPLAY_SIZE and state.supply:
            refill.append(state.supply.pop())
        if refill:
            state.display.extend(refill)
            events.append({"type": "refilled", "tiles": [t.code for t in refill]})
        return events + self._check_next(state)

    def _end_game(self, state: DominuxenState, reason: str) -> list[dict]:
        scores = game_scores(state)
        state.totals = [a + b for a, b in zip(state.totals, scores, strict=True)]
        state.end_reason = reason
        summary = {
            "game": state.game_number, "first_player": state.first_player, "reason": reason,
            "ended_by": state.turn if reason == "hand_empty" else state.victim,
            "scores": scores, "totals": list(state.totals),
            "rows": [row_points(state, seat) for seat in range(state.players)],
            "hands": [[t.code for t in hand] for hand in state.hands],
        }
        state.summaries.append(summary)
        state.victim = None
        state.draws_left = 0
        events: list[dict] = [{"type": "game_ended", "summary": summary}]
        if state.game_number < state.games:
            state.game_number += 1
            state.first_player = left_of(state.first_player, state.players)
            deal(state)
            return [*events, {"type": "game_started", "game": state.game_number, "first_player": state.turn}]
        state.phase = "over"
        return [*events, {"type": "game_over", "result": self.result(state)}]

    # --- what each seat sees ------------------------------------------------------------------
    def view(self, state: DominuxenState, seat: int | None) -> dict:
        snatch = None
        if state.phase in ("snatch", "answer", "draw"):
            snatch = {
                "attacker": state.turn, "victim": state.victim,
                "played": state.rows[state.turn][-1].to_view(),
                "target": state.rows[state.victim][-1].to_view() if state.phase != "draw" else None,
                "checked": [left_of(state.turn, state.players, i) for i in range(1, state.checked + 1)],
                "draws_left": state.draws_left,
            }
        return {
            "game": self.game_id,
            "seat": seat,
            "players": state.players,
            "phase": state.phase,
            "current_player": state.current,
            "doubles": state.doubles,
            "highest_number": HIGHEST,
            "games": state.games,
            "game_number": state.game_number,
            "first_player": state.first_player,
            "turn": state.turn,
            "turn_number": state.turn_number,
            "hand": [t.code for t in state.hands[seat]] if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "known": [[t.code for t in sorted(k)] for k in state.known],
            "rows": [[s.to_view() for s in row] for row in state.rows],
            "display": [t.code for t in state.display],
            "supply_size": len(state.supply),
            "discard": [t.code for t in state.discard],
            "snatch": snatch,
            "row_points": [row_points(state, s) for s in range(state.players)],
            "totals": list(state.totals),
            "finished_games": [dict(s) for s in state.summaries],
        }

    def result(self, state: DominuxenState) -> dict:
        over = state.phase == "over"
        best = max(state.totals)
        return {
            "scores": list(state.totals),
            "winners": [s for s in range(state.players) if state.totals[s] == best] if over else [],
            "reason": state.end_reason,
            "game_scores": [list(s["scores"]) for s in state.summaries],
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

    # --- bots ---------------------------------------------------------------------------------
    def sample_state(self, view: dict, rng: Rng) -> DominuxenState:
        return sample_state(view, rng)

    def policy_action(self, state: DominuxenState, rng: Rng) -> dict:
        return policy_action(state, rng)

    def search_actions(self, view: dict, legal: list[dict]) -> list[dict]:
        if view["phase"] != "play":
            return legal
        return search_plays(view)

    def playout_done(self, start: DominuxenState, state: DominuxenState) -> bool:
        # a hard bot looks SEARCH_ROUNDS rounds ahead, and never past the end of this game
        return (state.phase == "over" or state.game_number != start.game_number
                or state.turn_number >= start.turn_number + SEARCH_ROUNDS * state.players)

    def evaluate(self, state: DominuxenState, seat: int) -> float:
        return evaluate(state, seat)


# --- set-up ----------------------------------------------------------------------------------------

SETUP_KEYS = {"first_player", "current", "game_number", "totals", "hands", "known", "rows", "display",
              "supply", "discard", "unlisted"}
POSITION_KEYS = SETUP_KEYS - {"first_player", "game_number", "totals", "hands"}


def apply_setup(state: DominuxenState, setup: dict) -> None:
    """An explicit position at the start of a turn; the format is documented in docs/games/dominuxen.md."""
    check_setup_keys(setup, SETUP_KEYS)
    first = setup.get("first_player", state.first_player)
    if not _is_seat(first, state.players):
        raise BadSetup(f"first_player must be a seat 0-{state.players - 1}, not {first!r}")
    state.first_player = first
    number = setup.get("game_number", 1)
    if type(number) is not int or not 1 <= number <= state.games:
        raise BadSetup(f"game_number must be 1-{state.games} (the games option), not {number!r}")
    state.game_number = number
    totals = setup.get("totals", [0] * state.players)
    if (not isinstance(totals, list) or len(totals) != state.players
            or any(type(t) is not int for t in totals)):
        raise BadSetup(f"totals must be {state.players} whole numbers")
    if number == 1 and any(totals):
        raise BadSetup("totals come from earlier games of a match: they are zeros in game 1")
    state.totals = list(totals)
    if "hands" not in setup:
        given = sorted(POSITION_KEYS & set(setup))
        if given:
            raise BadSetup(f"{', '.join(given)} need hands too")
        deal(state)
        return
    _setup_tiles(state, setup)


def _is_seat(value: object, players: int) -> bool:
    """A seat number: an int (not a bool, not 1.0, which `in range` would let through)."""
    return type(value) is int and 0 <= value < players


def _tiles(value: object, what: str) -> list[Domino]:
    if not isinstance(value, list):
        raise BadSetup(f"{what} must be a list of tile codes like '3-12'")
    tiles = []
    for code in value:
        if not isinstance(code, str) or code not in TILE_BY_CODE:
            raise BadSetup(f"{code!r} in {what} is not a double-12 tile (two numbers 0-12, smaller first, "
                           "like '3-12')")
        tiles.append(TILE_BY_CODE[code])
    return tiles


def _per_seat(value: object, players: int, what: str) -> list:
    if not isinstance(value, list) or len(value) != players:
        raise BadSetup(f"{what} must be a list of {players} entries, one per seat")
    return value


def _setup_row(value: object, seat: int, doubles: bool) -> list[PlayedSet]:
    if not isinstance(value, list):
        raise BadSetup(f"rows[{seat}] must be a list of sets, the topmost last")
    row = []
    for entry in value:
        if not isinstance(entry, dict) or not {"number", "tiles"} <= set(entry) <= {"number", "tiles", "doubled"}:
            raise BadSetup(f"a set in rows[{seat}] is {{'number': n, 'tiles': [...], 'doubled': [...]}}, "
                           f"not {entry!r}")
        number = entry["number"]
        if type(number) is not int or number not in NUMBERS:
            raise BadSetup(f"a set's number is 0-{HIGHEST}, not {number!r}")
        tiles = _tiles(entry["tiles"], f"a set of rows[{seat}]")
        doubled = _tiles(entry.get("doubled", []), f"doubled of rows[{seat}]")
        if not tiles or any(not shows(t, number) for t in tiles):
            raise BadSetup(f"every tile of a set of {number}s must show {number}: {entry['tiles']!r}")
        if tiles != sorted(set(tiles)) or doubled != sorted(set(doubled)):
            raise BadSetup(f"list a set's tiles once each, in order: {entry['tiles']!r}")
        if doubled and not doubles:
            raise BadSetup("a double is played as two only with the doubles option")
        if any(t not in tiles or not t.is_double for t in doubled):
            raise BadSetup(f"doubled lists doubles of the set only, not {entry.get('doubled')!r}")
        row.append(PlayedSet(number, tuple(tiles), tuple(doubled)))
    return row


def _setup_tiles(state: DominuxenState, setup: dict) -> None:
    players = state.players
    hands = [_tiles(h, f"hands[{s}]") for s, h in enumerate(_per_seat(setup["hands"], players, "hands"))]
    if any(not h for h in hands):
        raise BadSetup("every hand holds at least one tile (an empty hand has ended the game)")
    rows = [_setup_row(r, s, state.doubles)
            for s, r in enumerate(_per_seat(setup.get("rows", [[]] * players), players, "rows"))]
    display = _tiles(setup.get("display", []), "display")
    if len(display) > DISPLAY_SIZE:
        raise BadSetup(f"the display holds at most {DISPLAY_SIZE} tiles")
    supply_top = _tiles(setup.get("supply", []), "supply")
    discard = _tiles(setup.get("discard", []), "discard")
    placed = [t for h in hands for t in h] + [t for r in rows for s in r for t in s.tiles]
    placed += display + supply_top + discard
    twice = sorted({t.code for t in placed if placed.count(t) > 1})
    if twice:
        raise BadSetup(f"tiles appear twice in the set-up: {twice}")
    unlisted = setup.get("unlisted", "supply")
    if unlisted not in ("supply", "discard"):
        raise BadSetup(f"unlisted must be 'supply' or 'discard', not {unlisted!r}")
    rest = [t for t in TILES if t not in set(placed)]
    if unlisted == "supply":
        state.rng.shuffle(rest)  # under the listed supply tiles, in seeded order
        supply = rest + supply_top[::-1]
    else:
        supply = supply_top[::-1]
        discard += rest
    if "display" not in setup:
        while len(display) < DISPLAY_SIZE and supply:
            display.append(supply.pop())
    if len(display) < DISPLAY_SIZE and supply:
        raise BadSetup(f"the display is refilled to {DISPLAY_SIZE} while the supply lasts")
    if not display:
        raise BadSetup("the display and the supply are empty: that game has already ended")
    known_codes = _per_seat(setup.get("known", [[]] * players), players, "known")
    known = [set(_tiles(k, f"known[{s}]")) for s, k in enumerate(known_codes)]
    if any(not k <= set(h) for k, h in zip(known, hands, strict=True)):
        raise BadSetup("known tiles must be in that seat's hand")
    current = setup.get("current", state.first_player)
    if not _is_seat(current, players):
        raise BadSetup(f"current must be a seat 0-{players - 1}, not {current!r}")
    state.hands = [sorted(h) for h in hands]
    state.display, state.supply = display, supply
    reset_game(state)
    state.rows, state.discard, state.known = rows, discard, known
    state.turn = current


# --- bots: sampling the hidden tiles, a quick policy, and the value of a finished game ------------------

def sample_state(view: dict, rng: Rng) -> DominuxenState:
    """A full state consistent with one seat's view: the tiles it cannot see (other hands but their
    known tiles, and the supply) dealt at random. Known tiles (taken, taken back or drawn from the
    display, and not played since) stay in the hands everyone saw them go into."""
    seat = view["seat"]
    players = view["players"]
    state = DominuxenState(
        players=players, doubles=view["doubles"], games=view["games"], rng=Rng(rng.next_u64()),
        first_player=view["first_player"], game_number=view["game_number"], turn=view["turn"],
        turn_number=view["turn_number"], phase=view["phase"], totals=list(view["totals"]),
        summaries=[dict(s) for s in view["finished_games"]],
    )
    state.known = [{TILE_BY_CODE[c] for c in k} for k in view["known"]]
    state.rows = [[PlayedSet(s["number"], tuple(TILE_BY_CODE[c] for c in s["tiles"]),
                             tuple(TILE_BY_CODE[c] for c in s["doubled"])) for s in row] for row in view["rows"]]
    state.display = [TILE_BY_CODE[c] for c in view["display"]]
    state.discard = [TILE_BY_CODE[c] for c in view["discard"]]
    own = [TILE_BY_CODE[c] for c in view["hand"]]
    seen = set(own) | set(state.display) | set(state.discard)
    seen.update(t for row in state.rows for s in row for t in s.tiles)
    for other in range(players):
        if other != seat:
            seen |= state.known[other]
    unseen = [t for t in TILES if t not in seen]
    rng.shuffle(unseen)  # no play rules out a tile for a hand: every unseen place is alike
    state.hands = []
    for other in range(players):
        if other == seat:
            state.hands.append(own)
            continue
        count = view["hand_sizes"][other] - len(state.known[other])
        state.hands.append(sorted([*state.known[other], *unseen[:count]]))
        del unseen[:count]
    if len(unseen) != view["supply_size"]:
        raise ValueError(f"{len(unseen)} unseen tiles left for a supply of {view['supply_size']}")
    state.supply = unseen
    snatch = view["snatch"]
    if snatch is not None:
        state.victim = snatch["victim"]
        state.checked = len(snatch["checked"])
        state.draws_left = snatch["draws_left"]
    return state


def number_counts(hand: list[Domino]) -> list[int]:
    """How many tiles of the hand show each number (a double once, for its one number)."""
    counts = [0] * (HIGHEST + 1)
    for t in hand:
        counts[t.low] += 1
        if not t.is_double:
            counts[t.high] += 1
    return counts


def representative_plays(hand: list[Domino], doubles: bool) -> list[PlayedSet]:
    """One set per number and size (and per way of playing the double): the tiles given up are the
    double first, then those whose other number has the fewest partners in hand. These are the
    plays the bots weigh; legal_actions lists every subset."""
    counts = number_counts(hand)
    plays = []
    for number in NUMBERS:
        group = sorted((t for t in hand if shows(t, number)),
                       key=lambda t: (not t.is_double, counts[other_number(t, number)], t))
        for size in range(1, len(group) + 1):
            tiles = tuple(sorted(group[:size]))
            plays.append(PlayedSet(number, tiles))
            if doubles and group[0].is_double:  # the double is given up first
                plays.append(PlayedSet(number, tiles, (group[0],)))
    return plays


def search_plays(view: dict) -> list[dict]:
    """The plays the hard bot compares: the normal bot's SEARCH_PLAYS best by its own values (which
    read only the mover's knowledge, so any state sampled from the view gives the same)."""
    state = sample_state(view, Rng(0))
    seat = view["seat"]
    ranked = ranked_plays(state, seat)
    return [play_action(p, state.doubles) for p in ranked[:SEARCH_PLAYS]]


def ranked_plays(state: DominuxenState, seat: int) -> list[PlayedSet]:
    """The representative plays, best first by the normal bot's values."""
    hand = state.hands[seat]
    counts = number_counts(hand)
    plays = representative_plays(hand, state.doubles)
    chances = holding_chances(state, seat, max(p.size for p in plays))
    values = {p: play_value(state, seat, p, counts, chances) for p in plays}
    return sorted(plays, key=lambda p: -values[p])


def play_action(played: PlayedSet, doubles: bool) -> dict:
    action = {"type": "play", "number": played.number, "tiles": [t.code for t in played.tiles]}
    if doubles:
        action["doubled"] = [t.code for t in played.doubled]
    return action


def unseen_by(state: DominuxenState, seat: int) -> list[Domino]:
    """The tiles `seat` cannot place: in unknown parts of other hands, or in the supply."""
    seen = set(state.hands[seat]) | set(state.display) | set(state.discard)
    seen.update(t for row in state.rows for s in row for t in s.tiles)
    for other in range(state.players):
        if other != seat:
            seen |= state.known[other]
    return [t for t in TILES if t not in seen]


def binomial_tail(n: int, p: float, most: int) -> list[float]:
    """tail[j] = P(Bin(n, p) >= j) for j = 0..most."""
    if p >= 1.0:
        return [1.0 if j <= n else 0.0 for j in range(most + 1)]
    tail = [1.0] * (most + 1)
    pmf = (1.0 - p) ** n  # P(X = 0)
    below = 0.0
    ratio = p / (1.0 - p)
    for j in range(1, most + 1):
        below += pmf  # P(X <= j - 1)
        tail[j] = max(0.0, 1.0 - below)
        k = j - 1
        pmf = pmf * (n - k) / (k + 1) * ratio if k < n else 0.0
    return tail


def holding_chances(state: DominuxenState, seat: int, most: int) -> list[list[float]]:
    """chance[m][s]: how likely at least one opponent holds `s` tiles of number `m` (s <= most), from
    `seat`'s knowledge: the tiles it knows they hold, and the unseen tiles spread evenly over the
    places it cannot see (a binomial estimate)."""
    unseen = unseen_by(state, seat)
    unseen_counts = number_counts(unseen)
    total = max(1, len(unseen))
    miss = [[1.0] * (most + 1) for _ in NUMBERS]  # chance that no opponent holds that many
    for other in range(state.players):
        if other == seat:
            continue
        known = number_counts(list(state.known[other]))
        places = len(state.hands[other]) - len(state.known[other])
        for m in NUMBERS:
            tail = binomial_tail(places, unseen_counts[m] / total, most)
            row = miss[m]
            for size in range(1, most + 1):
                needed = size - known[m]
                row[size] *= 0.0 if needed <= 0 else 1.0 - tail[needed]
    return [[1.0 - x for x in row] for row in miss]


def _standing(state: DominuxenState) -> list[int]:
    """Match totals plus this game's score as it stands."""
    if state.phase == "over":
        return list(state.totals)
    return [t + s for t, s in zip(state.totals, game_scores(state), strict=True)]


def play_value(state: DominuxenState, seat: int, played: PlayedSet, counts: list[int],
               chances: list[list[float]]) -> float:
    """How good playing `played` looks to `seat` (normal bot): points moved out of hand, snatches it
    makes, the risk of being snatched before the next turn, and the best set left for later."""
    points = sum(weight(t, state.doubles) for t in played.tiles)
    hand = state.hands[seat]
    value = 2.0 * points
    if len(played.tiles) == len(hand):
        mine = _standing(state)[seat] + 2 * points
        rivals = max(_estimate(state, s) for s in range(state.players) if s != seat)
        return value + (100.0 if mine > rivals else -3.0)
    for step in range(1, state.players):
        row = state.rows[left_of(seat, state.players, step)]
        if row and snatch_hits(played, row[-1]):
            value += 1.5 * sum(weight(t, state.doubles) for t in row[-1].tiles)
    size = played.size
    if size < len(chances[0]):
        miss = 1.0
        for m in NUMBERS:
            if beats(m, played.number):
                miss *= 1.0 - chances[m][size]
        value -= 1.2 * points * (1.0 - miss)
    left = list(counts)
    for t in played.tiles:
        left[t.low] -= 1
        if not t.is_double:
            left[t.high] -= 1
    return value + 0.6 * max(left)


def _estimate(state: DominuxenState, seat: int) -> float:
    """Another seat's standing as anyone can guess it: its row and hand size (tiles taken as 1)."""
    return state.totals[seat] + row_points(state, seat) - len(state.hands[seat])


def fit(tile: Domino, counts: list[int]) -> int:
    """How well a tile joins a hand: the bigger group of its two numbers."""
    return max(counts[tile.low], counts[tile.high])


def near_end(state: DominuxenState) -> bool:
    return len(state.display) + len(state.supply) <= 8 or min(len(h) for h in state.hands) <= 3


def policy_action(state: DominuxenState, rng: Rng) -> dict:
    """The 'normal' play of Dominuxen, from the mover's hand and public facts only."""
    seat = state.current
    assert seat is not None
    hand = state.hands[seat]
    counts = number_counts(hand)
    if state.phase == "play":
        return play_action(ranked_plays(state, seat)[0], state.doubles)
    if state.phase in ("snatch", "answer"):
        assert state.victim is not None
        target = state.rows[state.victim][-1]
        joined = counts[target.number] + len(target.tiles)
        if state.phase == "snatch":
            # take a set that builds a bigger group, unless the tiles would be stuck in hand at the end
            take = not near_end(state) and joined >= len(target.tiles) + 1
            take = take or state.turn_number > LONG_GAME_TURNS * state.players
            return {"type": "take" if take else "decline"}
        picks = sorted((fit(t, counts) for t in state.display), reverse=True)[:len(target.tiles)]
        back = counts[target.number] + len(target.tiles)
        fresh = max(picks, default=0) + 1
        return {"type": "take_back" if back >= fresh else "discard"}
    best_tile = max(state.display, key=lambda t: (fit(t, counts), t), default=None)
    if best_tile is not None and (fit(best_tile, counts) >= 1 or not state.supply):
        return {"type": "draw", "source": "display", "tile": best_tile.code}
    return {"type": "draw", "source": "supply"}


def evaluate(state: DominuxenState, seat: int) -> float:
    """Value for `seat` in [0, 1]: a share of the win if the match is over, else the margin over the
    best rival (totals plus this game's score as it stands)."""
    standing = _standing(state)
    margin = standing[seat] - max(standing[s] for s in range(state.players) if s != seat)
    close = 0.5 + 0.5 * max(-1.0, min(1.0, margin / 15))
    if state.phase != "over":
        return close
    best = max(standing)
    winners = [s for s in range(state.players) if standing[s] == best]
    won = 1.0 / len(winners) if seat in winners else 0.0
    return 0.8 * won + 0.2 * close


DOMINUXEN = DominuxenRules()
