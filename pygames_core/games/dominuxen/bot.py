"""Dominuxen's bots (the Bot protocol, pygames_core/ai/bot.py): the normal bot's values of a play
(points moved out of hand, snatches, the risk of being snatched, from the mover's knowledge only),
its policy, the plays the hard bot compares and where its play-outs stop, and the value of an
ending. Sampling a state from a view is knowledge.py's."""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from pygames_core.ai.bot import Bot, Words
from pygames_core.ai.outcomes import finish
from pygames_core.engine.rng import Rng
from pygames_core.games.dominuxen import knowledge
from pygames_core.games.dominuxen.messages import DominuxenAction, DominuxenEvent, DominuxenView, PlayAction
from pygames_core.games.dominuxen.rules import DOMINUXEN
from pygames_core.games.dominuxen.state import (
    ANSWER,
    BEATERS,
    CODE,
    DOUBLE,
    HIGH,
    HIGHEST,
    LOW,
    NUMBERS,
    OVER,
    PLAY,
    SHOWING,
    SNATCH,
    TILES,
    WEIGHT,
    DominuxenState,
    PlayedSet,
    Tile,
    beats,
    game_scores,
    mover,
    number_groups,
    row_points,
    victim_of,
)
from pygames_core.kit.seats import left_of

SHOWN = len(SHOWING[0])  # the tiles that show a number: 13, the same for every number
MAX_SET = HIGHEST + 2  # the biggest set: every tile showing a number, its double played as two
SEARCH_PLAYS = 8  # the hard bot tries the normal bot's best few plays
# Declining a hit and taking the set back draws nothing, so play can cycle for ever (the rules allow
# it); past this many turns per player the bots take every hit, and the middle runs down to the end.
LONG_GAME_TURNS = 25


# number_counts adds the tiles up in C: each tile is an int with a 1 in the field of each number it
# shows (a double in one), fields wide enough that no count of the 91 tiles overflows into the next
FIELD_BITS = 5  # a field counts up to 31: at most SHOWN (13) tiles show a number
FIELD = (1 << FIELD_BITS) - 1
SHIFTS = tuple(FIELD_BITS * n for n in NUMBERS)
PACKED: tuple[int, ...] = tuple((1 << SHIFTS[LOW[t]]) + (0 if DOUBLE[t] else 1 << SHIFTS[HIGH[t]]) for t in TILES)


def number_counts(tiles: Iterable[Tile]) -> list[int]:
    """How many of the tiles show each number (a double once, for its one number)."""
    packed = sum(map(PACKED.__getitem__, tiles))
    return [(packed >> shift) & FIELD for shift in SHIFTS]


class Play(NamedTuple):
    """A representative play, with what its value reads of the hand alone (worked out once per hand);
    its set (`played`) is put together only for the play chosen."""

    number: int
    order: tuple[Tile, ...]  # the tiles showing the number in the order they are given up (the double first)
    given: int  # how many of them it plays
    doubled: bool  # the double (the first given) played as two
    size: int  # for the snatch check (PlayedSet.size)
    points: int  # what its tiles count in scoring
    left: int  # the biggest group of one number the hand keeps after it
    whole: bool  # it plays the whole hand (and so ends the game)
    plain: float  # its value where it snatches nothing and risks nothing: 2.0 * points + 0.6 * left

    @property
    def played(self) -> PlayedSet:
        return PlayedSet(self.number, tuple(sorted(self.order[:self.given])), self.order[:1] if self.doubled else ())


@lru_cache(maxsize=4096)
def representative_plays(hand: tuple[Tile, ...], doubles: bool) -> tuple[Play, ...]:
    """One set per number and size (and per way of playing the double): the tiles given up are the
    double first, then those whose other number has the fewest partners in hand. These are the
    plays the bots weigh; legal_actions lists every subset. (A hand recurs in the play-outs of every
    action the search compares from one sample: the cache spares working its plays out again.)"""
    counts = number_counts(hand)
    weights = WEIGHT[doubles]
    plays: list[Play] = []
    new = tuple.__new__  # Play's own __new__ is Python code around this
    whole_hand = len(hand)
    for number, showing in enumerate(number_groups(hand)):
        if not showing:
            continue
        # the order in which tiles are given up: (not a double, the other number's count, the tile), as
        # one int (a count is at most SHOWN, a tile below 128); a tile's other number is LOW + HIGH - number
        order = tuple(sorted(showing, key=lambda t: (0 if DOUBLE[t] else 4096)
                             + 128 * counts[LOW[t] + HIGH[t] - number] + t))
        doubled = doubles and DOUBLE[order[0]]  # the double is given up first
        left = list(counts)  # what the hand keeps of each number after the play of the first `given` tiles
        points = 0
        for given, tile in enumerate(order, 1):
            left[LOW[tile]] -= 1
            if not DOUBLE[tile]:
                left[HIGH[tile]] -= 1
            points += weights[tile]
            most = max(left)
            whole, plain = given == whole_hand, 2.0 * points + 0.6 * most
            plays.append(new(Play, (number, order, given, False, given, points, most, whole, plain)))
            if doubled:
                plays.append(new(Play, (number, order, given, True, given + 1, points, most, whole, plain)))
    return tuple(plays)


def search_plays(view: DominuxenView) -> list[PlayAction]:
    """The plays the hard bot compares: the normal bot's SEARCH_PLAYS best by its own values (which
    read only the mover's knowledge, so any state sampled from the view gives the same)."""
    state = knowledge.sample_state(view, Rng(0))
    ranked = ranked_plays(state, knowledge.viewer(view))
    return [play_action(p, state.doubles) for p in ranked[:SEARCH_PLAYS]]


def ranked_plays(state: DominuxenState, seat: int) -> list[PlayedSet]:
    """The representative plays, best first by the normal bot's values (ties in their order)."""
    plays = representative_plays(tuple(state.hands[seat]), state.doubles)
    judge = PlayJudge(state, seat)
    values = [judge.value(play) for play in plays]
    return [plays[i].played for i in sorted(range(len(plays)), key=lambda i: -values[i])]


def best_play(state: DominuxenState, seat: int) -> PlayedSet:
    """ranked_plays' first (the first of the best), without valuing every play: the plays are tried
    from the highest bound of their value down, and once a play's bound falls below the best value
    found, neither it nor any after it can be better."""
    plays = representative_plays(tuple(state.hands[seat]), state.doubles)
    judge = PlayJudge(state, seat)
    sizes = judge.top_sizes
    bounds = [judge.bound(play) if play.size in sizes or play.whole else play.plain for play in plays]
    best, best_value = 0, -math.inf
    for i in sorted(range(len(plays)), key=bounds.__getitem__, reverse=True):  # stable: ties in order
        if bounds[i] < best_value:
            break
        if bounds[i] == best_value and i > best:
            continue  # at most as good, and later: the earlier play is kept
        value = judge.value(plays[i])
        if value > best_value or (value == best_value and i < best):
            best, best_value = i, value
    return plays[best].played


def play_action(played: PlayedSet, doubles: bool) -> PlayAction:
    """The `play` action of a set (`doubled` only under the doubles rule)."""
    action: PlayAction = {"type": "play", "number": played.number, "tiles": [CODE[t] for t in played.tiles]}
    if doubles:
        action["doubled"] = [CODE[t] for t in played.doubled]
    return action


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
        rest = 1.0 - below
        tail[j] = rest if rest > 0.0 else 0.0  # never below zero (rounding)
        k = j - 1
        pmf = pmf * (n - k) / (k + 1) * ratio if k < n else 0.0
    return tail


@lru_cache(maxsize=8192)
def holding_tail(places: int, unseen: int, total: int) -> tuple[float, ...]:
    """tail[j] for j = 0..MAX_SET: how likely one opponent holds at least `j` unseen tiles of a number,
    with `places` unseen tiles drawn from `total` unseen of which `unseen` show it (a binomial
    estimate). The same arguments recur all through a play-out: the cache spares working them out again."""
    return tuple(binomial_tail(places, unseen / total, MAX_SET))


NO_COUNTS = [0] * len(NUMBERS)  # the counts of no tiles (read only)


class HoldingChances:
    """How likely at least one opponent holds `s` tiles of number `m`, from `seat`'s knowledge: the
    tiles it knows they hold, and the unseen tiles spread evenly over the places it cannot see (a
    binomial estimate); each worked out when a play first asks (`miss`)."""

    def __init__(self, state: DominuxenState, seat: int) -> None:
        # what the seat has seen, each tile once (a place holds only its own tiles; the others' known
        # tiles are in their hands): every number shows on SHOWN tiles, the rest of them unseen
        hands, known = state.hands, state.known
        others = [other for other in range(state.players) if other != seat]
        seen = [*hands[seat], *state.display, *state.discard, *[t for row in state.rows for s in row for t in s.tiles],
                *[t for other in others for t in known[other]]]
        self.unseen = [SHOWN - count for count in number_counts(seen)]
        self.total = max(1, len(TILES) - len(seen))
        # each opponent's unseen places, and how many of each number it is known to hold
        self.opponents = [(len(hands[other]) - len(known[other]), number_counts(known[other]) if known[other]
                           else NO_COUNTS) for other in others]
        self.columns: dict[int, list[float | None]] = {}  # by size: 1.0 - chance(m, size) for each number m
        self.misses: dict[tuple[int, int], float] = {}

    def miss(self, number: int, size: int) -> float:
        """How likely no opponent holds `size` tiles of a number that beats `number`."""
        key = (number, size)
        found = self.misses.get(key)
        if found is None:
            column = self.columns.get(size)
            if column is None:
                column = self.columns[size] = [None] * len(NUMBERS)
            found = 1.0
            for m in BEATERS[number]:
                other = column[m]
                if other is None:
                    other = column[m] = 1.0 - self.chance(m, size)
                found *= other
            self.misses[key] = found
        return found

    def chance(self, number: int, size: int) -> float:
        """How likely at least one opponent holds `size` tiles of `number`."""
        miss = 1.0  # that none does: each opponent's chance not to, multiplied in in seat order
        unseen, total = self.unseen[number], self.total
        for places, known in self.opponents:
            lacking = size - known[number]  # the unseen tiles of the number it needs besides its known ones
            if lacking <= 0:
                return 1.0  # it holds them for certain
            miss *= 1.0 - holding_tail(places, unseen, total)[lacking]
        return 1.0 - miss


def _standing(state: DominuxenState) -> list[int]:
    """Match totals plus this game's score as it stands."""
    if state.phase == OVER:
        return list(state.totals)
    return [t + s for t, s in zip(state.totals, game_scores(state), strict=True)]


class PlayJudge:
    """How good playing each representative play looks to `seat` (the normal bot's `value`): points
    moved out of hand, snatches it makes, the risk of being snatched before the next turn, and the best
    set left for later; and the same without the risk (`bound`: never below the value), which reads
    no opponent's chances (a play of a size no topmost set has snatches nothing: its bound is its
    `plain`)."""

    def __init__(self, state: DominuxenState, seat: int) -> None:
        self.state, self.seat = state, seat
        weights = WEIGHT[state.doubles]
        self.tops = []  # the opponents' topmost sets, as the snatch check reaches them: size, number, points
        for step in range(1, state.players):
            row = state.rows[left_of(seat, state.players, step)]
            if row:
                top = row[-1]
                self.tops.append((top.size, top.number, sum([weights[t] for t in top.tiles])))
        self.top_sizes = {size for size, _, _ in self.tops}
        self.chances: HoldingChances | None = None  # worked out when a value first needs them

    def before_risk(self, play: Play) -> float:
        """The value's points and snatches."""
        value = 2.0 * play.points
        number, size = play.number, play.size
        for top_size, top_number, top_points in self.tops:
            if top_size == size and beats(number, top_number):
                value += 1.5 * top_points
        return value

    def bound(self, play: Play) -> float:
        """At least the value: the value without the risk (each step rounds up or stays with it)."""
        return self.last(play) if play.whole else self.before_risk(play) + 0.6 * play.left

    def value(self, play: Play) -> float:
        if play.whole:
            return self.last(play)
        value = self.before_risk(play)
        if self.chances is None:
            self.chances = HoldingChances(self.state, self.seat)
        value -= 1.2 * play.points * (1.0 - self.chances.miss(play.number, play.size))
        return value + 0.6 * play.left

    def last(self, play: Play) -> float:
        """The value of playing the whole hand, which ends the game: a win, or not."""
        state, seat = self.state, self.seat
        mine = _standing(state)[seat] + 2 * play.points
        rivals = max(_estimate(state, s) for s in range(state.players) if s != seat)
        return 2.0 * play.points + (100.0 if mine > rivals else -3.0)


def _estimate(state: DominuxenState, seat: int) -> float:
    """Another seat's standing as anyone can guess it: its row and hand size (tiles taken as 1)."""
    return state.totals[seat] + row_points(state, seat) - len(state.hands[seat])


def fit(tile: Tile, counts: list[int]) -> int:
    """How well a tile joins a hand: the bigger group of its two numbers."""
    return max(counts[LOW[tile]], counts[HIGH[tile]])


def near_end(state: DominuxenState) -> bool:
    return len(state.display) + len(state.supply) <= 8 or min(len(h) for h in state.hands) <= 3


def policy_action(state: DominuxenState, rng: Rng) -> DominuxenAction:
    """The 'normal' play of Dominuxen, from the mover's hand and public facts only."""
    seat = mover(state)
    if state.phase == PLAY:
        return play_action(best_play(state, seat), state.doubles)
    counts = number_counts(state.hands[seat])
    if state.phase in (SNATCH, ANSWER):
        target = state.rows[victim_of(state)][-1]
        joined = counts[target.number] + len(target.tiles)
        if state.phase == SNATCH:
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
        return {"type": "draw", "source": "display", "tile": CODE[best_tile]}
    return {"type": "draw", "source": "supply"}


def evaluate(state: DominuxenState, seat: int) -> float:
    """Value for `seat` in [0, 1]: a share of the win if the match is over, else the margin over the
    best rival (totals plus this game's score as it stands)."""
    standing = _standing(state)
    margin = standing[seat] - max(standing[s] for s in range(state.players) if s != seat)
    close = 0.5 + 0.5 * max(-1.0, min(1.0, margin / 15))
    if state.phase != OVER:
        return close
    best = max(standing)
    winners = [s for s in range(state.players) if standing[s] == best]
    won = 1.0 / len(winners) if seat in winners else 0.0
    return 0.8 * won + 0.2 * close


class DominuxenBot(Bot[DominuxenState, DominuxenAction, DominuxenEvent, DominuxenView]):
    """What Dominuxen's bots know of the game (the protocol: pygames_core/ai/bot.py)."""

    # a round of three hard bots holds a median of eight moves with a real choice (sets played, snatched
    # sets taken or declined, tiles discarded); 260 ms, in which this engine settles in the page the samples 26a1bbc's
    # drew in a second, keep it to about two seconds (docs/benchmarks.md, issue 48 item 5)
    hard_budget_ms = 260

    def sample_state(self, view: DominuxenView, rng: Rng) -> DominuxenState:
        return knowledge.sample_state(view, rng)

    def policy_action(self, state: DominuxenState, rng: Rng) -> DominuxenAction:
        return policy_action(state, rng)

    def playout_step(self, state: DominuxenState, rng: Rng) -> None:
        # policy_action's move, made without its action message (a set's codes, read back) and without
        # event records
        if state.phase == PLAY:
            DOMINUXEN.play(state, best_play(state, state.turn), None)
        else:
            DOMINUXEN.act(state, policy_action(state, rng), None)

    def search_actions(self, view: DominuxenView, legal: list[DominuxenAction]) -> list[DominuxenAction]:
        if view["phase"] != PLAY:
            return legal
        return [*search_plays(view)]

    def playout_done(self, start: DominuxenState, state: DominuxenState) -> bool:
        # a hard bot plays each candidate out to the end of this game (the next game of a match is a
        # new deal). Measured against stopping two rounds ahead on the same 30 seeds at 200 ms a move:
        # win share against normal 0.88 against 0.74, though it draws 13 samples a move, not 30.
        return state.phase == OVER or state.game_number != start.game_number

    def evaluate(self, state: DominuxenState, seat: int) -> float:
        return evaluate(state, seat)

    def outcome(self, start: DominuxenState, end: DominuxenState, seat: int) -> Words | None:
        # the play-out ends with the game: its summary has each player's score (row less hand)
        if len(end.summaries) == len(start.summaries):
            return None
        return finish(end.summaries[-1].thaw()["scores"], seat)


BOT = DominuxenBot(DOMINUXEN)
