"""Dominuxen's normal policy for playing a set (bot.py's normal bot, and the hard bot's play-outs): the
plays it weighs for a hand, and their values (points moved out of hand, snatches, the risk of being
snatched, from the mover's knowledge only). The play-outs ask at nearly every move, so the work is
split by what it reads (issue 48): what reads the hand alone is kept per hand (`hand_plays`), what
reads the table is worked out per move (`PlayJudge`), and the risk only for the plays whose value
could still be the best (`best_play`)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

from pygames_core.games.dominuxen.rules import CHECKS_LEFT
from pygames_core.games.dominuxen.state import (
    BEATERS,
    DOUBLE,
    HIGH,
    HIGHEST,
    LOW,
    NUMBERS,
    OVER,
    SHOWING,
    TILES,
    WEIGHT,
    DominuxenState,
    PerSet,
    PlayedSet,
    Tile,
    game_scores,
    row_points,
)

SHOWN = len(SHOWING[0])  # the tiles that show a number: 13, the same for every number
MAX_SET = HIGHEST + 2  # the biggest set: every tile showing a number, its double played as two

# number_counts adds the tiles up in C: each tile is an int with a 1 in the field of each number it
# shows (a double in one), fields wide enough that no count of the 91 tiles overflows into the next
FIELD_BITS = 5  # a field counts up to 31: at most SHOWN (13) tiles show a number
FIELD = (1 << FIELD_BITS) - 1
SHIFTS = tuple(FIELD_BITS * n for n in NUMBERS)
PACKED: tuple[int, ...] = tuple((1 << SHIFTS[LOW[t]]) + (0 if DOUBLE[t] else 1 << SHIFTS[HIGH[t]]) for t in TILES)
# PACKED with one more field, above the numbers', that counts the tiles themselves (as wide as it needs)
TALLY_SHIFT = FIELD_BITS * len(NUMBERS)
TALLIED: tuple[int, ...] = tuple(packed + (1 << TALLY_SHIFT) for packed in PACKED)
EVERY_TILE = sum(TALLIED)  # every number's field SHOWN, and the tally every tile's
# the tallied counts of a set's tiles, kept by the tiles (state.py's PerSet): the rows' sets recur all through a game
SET_TALLIES: PerSet[int] = PerSet(lambda tiles: sum(map(TALLIED.__getitem__, tiles)))
set_tiles = itemgetter(1)  # PlayedSet.tiles, read in C


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


class HandPlays(NamedTuple):
    """A hand's representative plays, and how best_play goes through them: by `plain`, the highest
    first (ties in order), and the few whose value could differ from it (the snatches, found from
    where each number's plays are, and the plays of the whole hand)."""

    plays: tuple[Play, ...]
    by_plain: tuple[tuple[float, int], ...]  # each play's (plain, index), plain descending (ties in order)
    # by number: where its plays start, how many tiles show it, and whether its double is played as two
    # too (each play followed by its twin with the double as two); None where no tile shows it
    groups: tuple[tuple[int, int, bool] | None, ...]
    wholes: tuple[int, ...]  # the indices of the plays of the whole hand


# How a tile sorts into each group it is in (representative_plays' order), as one int per group:
# number << 13 (groups in number order), NOT_DOUBLE unless it is the double (given up first), the
# hand's count of its other number << COUNT_SHIFT (added per hand; a double's other number is its
# own), and the tile (below 128). A count is at most SHOWN (5 bits), so a key's fields never overlap.
NOT_DOUBLE = 1 << 12
COUNT_SHIFT = 7
TILE_OF_KEY = (1 << COUNT_SHIFT) - 1
PLACES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    (((LOW[t] << 13) + t, HIGH[t]),) if DOUBLE[t]
    else (((LOW[t] << 13) + NOT_DOUBLE + t, HIGH[t]), ((HIGH[t] << 13) + NOT_DOUBLE + t, LOW[t])) for t in TILES)


@lru_cache(maxsize=4096)
def hand_plays(hand: tuple[Tile, ...], doubles: bool) -> HandPlays:
    """One set per number and size (and per way of playing the double): the tiles given up are the
    double first, then those whose other number has the fewest partners in hand. These are the
    plays the bots weigh; legal_actions lists every subset. (A hand recurs in the play-outs of every
    action the search compares from one sample: the cache spares working its plays out again.)"""
    counts = number_counts(hand)
    keys = sorted([base + (counts[other] << COUNT_SHIFT) for t in hand for base, other in PLACES[t]])
    # A play's `left`, the biggest group the hand keeps, is the bigger of its own number's group less
    # the tiles given and the biggest other group, `rest`, or one less once every other group of that
    # size has lost a partner to the play (the `at_rest` of them): the hand's biggest groups are
    # counted once here, not looked for again after each tile.
    top = max(counts)
    at_top = counts.count(top)
    second = max([count for count in counts if count < top], default=0)
    at_second = counts.count(second)
    double_points = WEIGHT[doubles][SHOWING[0][0]]  # what a double counts
    plays: list[Play] = []
    plains: list[float] = []
    groups: list[tuple[int, int, bool] | None] = [None] * len(NUMBERS)
    wholes: list[int] = []
    new = tuple.__new__  # Play's own __new__ is Python code around this
    whole_hand = len(hand)
    start = 0
    for number in NUMBERS:
        showing = counts[number]
        if not showing:
            continue
        group = keys[start:start + showing]
        start += showing
        order = tuple(map(TILES.__getitem__, map(TILE_OF_KEY.__and__, group)))
        doubled = doubles and not group[0] & NOT_DOUBLE  # the double is given up first
        groups[number] = (len(plays), showing, doubled)
        rest, at_rest = (top, at_top - 1) if showing == top and at_top > 1 else (
            (second, at_second) if showing == top else (top, at_top))
        points = lost = 0
        for given, key in enumerate(group, 1):
            if key & NOT_DOUBLE:
                points += 1
                if (key >> COUNT_SHIFT) & FIELD == rest:
                    lost += 1
            else:
                points += double_points
            most = rest - 1 if lost == at_rest else rest
            if showing - given > most:
                most = showing - given
            plain = 2.0 * points + 0.6 * most
            whole = given == whole_hand
            if whole:
                wholes.append(len(plays))
            plays.append(new(Play, (number, order, given, False, given, points, most, whole, plain)))
            plains.append(plain)
            if doubled:
                if whole:
                    wholes.append(len(plays))
                plays.append(new(Play, (number, order, given, True, given + 1, points, most, whole, plain)))
                plains.append(plain)
    by_plain = tuple([(plains[i], i) for i in sorted(range(len(plains)), key=plains.__getitem__, reverse=True)])
    return HandPlays(tuple(plays), by_plain, tuple(groups), tuple(wholes))


def representative_plays(hand: tuple[Tile, ...], doubles: bool) -> tuple[Play, ...]:
    """The plays the bots weigh for the hand (hand_plays')."""
    return hand_plays(hand, doubles).plays


def ranked_plays(state: DominuxenState, seat: int) -> list[PlayedSet]:
    """The representative plays, best first by the normal bot's values (ties in their order)."""
    found = hand_plays(tuple(state.hands[seat]), state.doubles)
    judge = PlayJudge(state, seat, found)
    values = [judge.value(i) for i in range(len(found.plays))]
    return [found.plays[i].played for i in sorted(range(len(values)), key=lambda i: -values[i])]


def best_play(state: DominuxenState, seat: int) -> PlayedSet:
    """ranked_plays' first (the first of the best), without valuing every play: the plays are tried
    from the highest bound of their value down, and once a play's bound falls below the best value
    found, neither it nor any after it can be better."""
    found = hand_plays(tuple(state.hands[seat]), state.doubles)
    judge = PlayJudge(state, seat, found)
    special = judge.bounds()
    best, best_value = 0, -math.inf
    for bound, i in by_bound(found.by_plain, special) if special else found.by_plain:
        if bound < best_value:
            break
        if bound == best_value and i > best:
            continue  # at most as good, and later: the earlier play is kept
        value = judge.value(i)
        if value > best_value or (value == best_value and i < best):
            best, best_value = i, value
    return found.plays[best].played


def by_bound(by_plain: tuple[tuple[float, int], ...], special: dict[int, float]) -> Iterator[tuple[float, int]]:
    """Each play's (bound, index), the highest bound first (ties in order, but a special play's before
    a plain one's: the best and the first of the best are the same in any order): the plays' bounds
    are their `plain` but those in `special` (by index)."""
    # the special plays by bound, the highest (and the first of it) last
    waiting = sorted([(-bound, i) for i, bound in special.items()], reverse=True)
    for plain, i in by_plain:
        while waiting and -waiting[-1][0] >= plain:
            negative, j = waiting.pop()
            yield -negative, j
        if i not in special:
            yield plain, i
    for negative, j in reversed(waiting):
        yield -negative, j


class HoldingTails(dict[int, list[tuple[float, ...] | None]]):
    """By an opponent's unseen places and the unseen tiles in all (`places << 8 | total`), a table by
    how many unseen tiles show a number (0..SHOWN): 1.0 - tail[j] for j = 0..MAX_SET, how likely it
    holds fewer than `j` of them (binomial_tail's estimate), each row worked out when first asked.
    The same places and totals recur all through a play-out, and an opponent's row is found by two
    subscripts (HoldingChances' `miss`)."""

    def __missing__(self, key: int) -> list[tuple[float, ...] | None]:
        if len(self) >= KEPT_TAILS:  # a page may play for hours: start again
            self.clear()
        made: list[tuple[float, ...] | None] = [None] * (SHOWN + 1)
        self[key] = made
        return made


KEPT_TAILS = 1024  # the tables kept at most (each up to 14 rows of 15 floats)
HOLDING_TAILS = HoldingTails()


def holding_row(key: int, unseen: int) -> tuple[float, ...]:
    """HOLDING_TAILS' row for `unseen` tiles showing the number, worked out."""
    places, total = key >> 8, key & 255
    return tuple([1.0 - tail for tail in binomial_tail(places, unseen / total, MAX_SET)])


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


class HoldingChances:
    """How likely at least one opponent holds `s` tiles of number `m`, from `seat`'s knowledge: the
    tiles it knows they hold, and the unseen tiles spread evenly over the places it cannot see (a
    binomial estimate); each worked out when a play first asks (`miss`)."""

    __slots__ = ("columns", "opponents", "unseen")

    def __init__(self, state: DominuxenState, seat: int) -> None:
        # what the seat has seen, each tile once, tallied (TALLIED): its hand, the table, and the tiles
        # it knows the others hold (a place holds only its own tiles); every number shows on SHOWN
        # tiles, the rest of them unseen
        hands, known, tally = state.hands, state.known, TALLIED.__getitem__
        seen = sum(map(tally, hands[seat])) + sum(map(tally, state.display)) + sum(map(tally, state.discard))
        for row in state.rows:
            if row:
                seen += sum(map(SET_TALLIES.__getitem__, map(set_tiles, row)))
        # each opponent's unseen places, and the counts (tallied) of the tiles it is known to hold
        opponents = []
        for other in range(state.players):
            if other == seat:
                continue
            knows = known[other]
            if knows:
                counts = sum(map(tally, knows))
                seen += counts
                opponents.append((len(hands[other]) - len(knows), counts))
            else:
                opponents.append((len(hands[other]), 0))
        self.unseen = EVERY_TILE - seen  # each number's unseen tiles (SHOWN less those seen) in its field
        total = max(1, self.unseen >> TALLY_SHIFT)
        # each opponent's holding tails (HOLDING_TAILS: by the unseen count of a number), their key, and
        # its known counts
        self.opponents = [(HOLDING_TAILS[places << 8 | total], places << 8 | total, counts)
                          for places, counts in opponents]
        self.columns: dict[int, list[float | None]] = {}  # by size: 1.0 - chance(m, size) for each number m

    def miss(self, number: int, size: int) -> float:
        """How likely no opponent holds `size` tiles of a number that beats `number`."""
        column = self.columns.get(size)
        if column is None:
            column = self.columns[size] = [None] * len(NUMBERS)
        found = 1.0
        for m in BEATERS[number]:
            other = column[m]
            if other is None:
                # the chance that at least one opponent holds `size` tiles of m (1.0 - none, that none
                # does: each opponent's chance not to, multiplied in in seat order)
                shift = SHIFTS[m]
                unseen = (self.unseen >> shift) & FIELD
                none = 1.0
                for tails, tails_key, counts in self.opponents:
                    # the unseen tiles of m it needs besides its known ones
                    lacking = size - ((counts >> shift) & FIELD) if counts else size
                    if lacking <= 0:
                        chance = 1.0  # it holds them for certain
                        break
                    row = tails[unseen]
                    if row is None:
                        row = tails[unseen] = holding_row(tails_key, unseen)
                    none *= row[lacking]
                else:
                    chance = 1.0 - none
                other = column[m] = 1.0 - chance
            found *= other
        return found


def standings(state: DominuxenState) -> list[int]:
    """Match totals plus this game's score as it stands."""
    if state.phase == OVER:
        return list(state.totals)
    return [t + s for t, s in zip(state.totals, game_scores(state), strict=True)]


def _estimate(state: DominuxenState, seat: int) -> float:
    """Another seat's standing as anyone can guess it: its row and hand size (tiles taken as 1)."""
    return state.totals[seat] + row_points(state, seat) - len(state.hands[seat])


class PlayJudge:
    """How good playing each of a hand's plays (by index) looks to `seat` (the normal bot's `value`):
    points moved out of hand, snatches it makes, the risk of being snatched before the next turn, and
    the best set left for later; and the same without the risk (the play's bound: never below the
    value), which reads no opponent's chances. Only the plays that snatch a topmost set (`before`)
    or play the whole hand have a bound other than their `plain` (`bounds`)."""

    __slots__ = ("before", "chances", "plays", "seat", "state", "wholes")

    def __init__(self, state: DominuxenState, seat: int, found: HandPlays) -> None:
        self.state, self.seat, self.plays, self.wholes = state, seat, found.plays, found.wholes
        weights = WEIGHT[state.doubles]
        # the value's points and snatches of each play that snatches: 2.0 * points, plus 1.5 * the
        # points of each opponent's topmost set it hits, as the snatch check reaches them
        self.before: dict[int, float] = {}
        before, plays, groups, rows = self.before, found.plays, found.groups, state.rows
        for other, _ in CHECKS_LEFT[state.players][seat][0]:
            row = rows[other]
            if not row:
                continue
            top_number, tiles, doubled = row[-1]
            size = len(tiles) + len(doubled)  # PlayedSet.size
            snatched = 0.0
            for number in BEATERS[top_number]:  # the plays of its size of each number that beats it
                group = groups[number]
                if group is None:
                    continue
                first, showing, twins = group
                # the play of `given` tiles at first + given - 1, or with twins at first + 2 * given - 2,
                # its twin (size given + 1) next
                hit = (first + size - 1 if size <= showing else -1) if not twins else (
                    first + 2 * size - 2 if size <= showing else -1)
                twin = first + 2 * size - 3 if twins and 1 < size <= showing + 1 else -1
                for i in (hit, twin):
                    if i >= 0:
                        if not snatched:
                            snatched = 1.5 * sum(map(weights.__getitem__, tiles))
                        before[i] = before.get(i, 2.0 * plays[i][5]) + snatched  # Play.points
        self.chances: HoldingChances | None = None  # worked out when a value first needs them

    def bounds(self) -> dict[int, float]:
        """The bounds that are not the plays' `plain`, by index: at least the value, each step
        rounding up or staying with it."""
        plays = self.plays
        bounds = {i: value + 0.6 * plays[i][6] for i, value in self.before.items()}  # Play.left
        for i in self.wholes:
            bounds[i] = self.last(plays[i])
        return bounds

    def value(self, i: int) -> float:
        number, _, _, _, size, points, left, whole, _ = self.plays[i]
        if whole:
            return self.last(self.plays[i])
        value = self.before.get(i)
        if value is None:
            value = 2.0 * points
        chances = self.chances
        if chances is None:
            chances = self.chances = HoldingChances(self.state, self.seat)
        value -= 1.2 * points * (1.0 - chances.miss(number, size))
        return value + 0.6 * left

    def last(self, play: Play) -> float:
        """The value of playing the whole hand, which ends the game: a win, or not."""
        state, seat = self.state, self.seat
        mine = standings(state)[seat] + 2 * play.points
        rivals = max(_estimate(state, s) for s in range(state.players) if s != seat)
        return 2.0 * play.points + (100.0 if mine > rivals else -3.0)
