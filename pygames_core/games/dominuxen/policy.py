"""Dominuxen's normal policy for playing a set (bot.py's normal bot, and the hard bot's play-outs): the
plays it weighs for a hand, and their values (points moved out of hand, snatches, the risk of being
snatched, from the mover's knowledge only). The play-outs ask at nearly every move, so the work is
split by what it reads (issue 48): what reads the hand alone is kept per hand (`hand_plays`), what
reads the table is worked out per move (`PlayJudge`), and the risk only for the plays whose value
could still be the best (`best_play`)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from itertools import compress
from typing import NamedTuple

from pygames_core.games.dominuxen.plays import BITS, BYTE_ORDER, FIELDS, GROUP_NUMBERS
from pygames_core.games.dominuxen.rules import CHECKS_LEFT
from pygames_core.games.dominuxen.state import (
    BEATERS,
    DOUBLE,
    EVERY_TILE,
    FIELD,
    GROUP_BYTES,
    HIGH,
    HIGHEST,
    LOW,
    MAX_PLAYERS,
    NO_TOP,
    NUMBERS,
    OVER,
    SHIFTS,
    SHOWING,
    TALLIED,
    TALLY_SHIFT,
    TILE_GROUP_BITS,
    TILES,
    WEIGHT,
    DominuxenState,
    PlayedSet,
    Tile,
    every_row_points,
    game_scores,
    tiles_weight,
)

new_tuple = tuple.__new__  # a named tuple's own __new__ is Python code around this
SHOWN = len(SHOWING[0])  # the tiles that show a number: 13, the same for every number
MAX_SET = HIGHEST + 2  # the biggest set: every tile showing a number, its double played as two


def played_set(number: int, order: tuple[Tile, ...], given: int, doubled: bool) -> PlayedSet:
    """The set of the first `given` tiles of `order` (in hand order), with the first played as two if `doubled`."""
    return new_tuple(PlayedSet, (number, tuple(sorted(order[:given])), order[:1] if doubled else ()))


class HandPlays(NamedTuple):
    """A hand's representative plays as best_play reads them (`set_of` makes one a set): each play's
    number and shape, in order; their `plain` values, and the plays by plain, the highest first (ties
    in order); where each number's plays are, for the snatches, and the plays of the whole hand."""

    hand: tuple[Tile, ...]
    counts: tuple[int, ...]  # how many of its tiles show each number (a double once, for its one number)
    fields: tuple[int, ...]  # the hand's group of each number (state.py's group_bits, split)
    numbers: tuple[int, ...]  # each play's number
    shapes: tuple[Shape, ...]  # each play's shape
    plains: tuple[float, ...]  # each play's plain
    by_plain: tuple[int, ...]  # the plays' indices, plain descending (ties in order)
    # by number: where its plays start, and the offsets from there of its plays of each size (SIZED);
    # None where no tile shows it
    groups: tuple[tuple[int, tuple[tuple[int, ...], ...]] | None, ...]
    wholes: tuple[int, ...]  # the indices of the plays of the whole hand
    tally: int  # the hand's tiles tallied (TALLIED)
    # the plays that snatch a topmost set, by its number << 4 | its size (`snatching`), and the sets of
    # the plays best_play chose, by index: kept as they are first asked for (a hand meets the same
    # sets, and its best recurs, in the play-outs of each candidate)
    snatchers: dict[int, tuple[int, ...]]
    chosen: dict[int, PlayedSet]


class Shape(NamedTuple):
    """What a play's value reads of the hand, but its number (one group's plays, GroupShapes)."""

    given: int
    doubled: bool
    size: int
    points: int
    left: int
    plain: float


# A group's plays, by the group's shape (GroupShapes' key, `showing | twins << 4 | partners << 5 |
# rest << 9 | at_rest << 13`): a number's tiles are given up the double first, then by their other
# number's count in hand, so the biggest groups the hand keeps after each
# play read only how many tiles show the number (`showing`), the biggest other group (`rest`) and how
# many numbers have it (`at_rest`), and how many of the group's tiles partner one of those (`partners`):
# they are given up last. The first `given` tiles take one from each of the `lost` = given - (showing -
# partners) (if positive) of them: the biggest other group is then rest - 1 if that is all at_rest of
# them, else rest; and the play's own number keeps showing - given.
class GroupShapes(dict[int, tuple[tuple[Shape, ...], tuple[float, ...], int, tuple[tuple[int, ...], ...]]]):
    """Each group shape's plays' shapes and plains (with twins, each play followed by its twin, the
    double as two, which counts 2), how many, and where those of each size are (SIZED), made when
    first asked: about a thousand shapes recur in every hand of a search."""

    def __missing__(self, key: int) -> tuple[tuple[Shape, ...], tuple[float, ...], int, tuple[tuple[int, ...], ...]]:
        if len(self) >= KEPT_SHAPES:  # a page may play for hours: start again
            self.clear()
        showing, twins, partners = key & 15, bool(key >> 4 & 1), key >> 5 & 15
        rest, at_rest = key >> 9 & 15, key >> 13
        shapes: list[Shape] = []
        for given in range(1, showing + 1):
            points = given + twins  # the double, given first, counts 2 under the doubles rule
            lost = given - (showing - partners)
            left = max(showing - given, rest - 1 if lost == at_rest else rest)
            plain = 2.0 * points + 0.6 * left
            shapes.append(Shape(given, False, given, points, left, plain))
            if twins:
                shapes.append(Shape(given, True, given + 1, points, left, plain))
        made = self[key] = (tuple(shapes), tuple(shape.plain for shape in shapes), len(shapes), SIZED[twins][showing])
        return made


KEPT_SHAPES = 4096  # the group shapes kept at most
GROUP_SHAPES = GroupShapes()
# SIZED[twins][showing][size]: the offsets, from the first of a group's plays, of its plays of that size
# (for the snatches): the play of `given` tiles at given - 1, or with twins at 2 * given - 2 and its
# twin (the double as two: size given + 1) next
SIZED: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(tuple(tuple(
    tuple(2 * given - 2 + twin for given, twin in ((size, 0), (size - 1, 1)) if 1 <= given <= showing)
    if twins else ((size - 1,) if 1 <= size <= showing else ()) for size in range(MAX_SET + 2))
    for showing in range(SHOWN + 1)) for twins in (False, True))
# NUMBER_RUNS[number][count]: `number` `count` times, a group's plays' numbers (at most two plays a tile)
NUMBER_RUNS = tuple(tuple((number,) * count for count in range(2 * SHOWN + 1)) for number in NUMBERS)


# All hand_plays reads of a hand's tiles, in one int, the sum of each tile's HAND_BITS (by the doubles rule),
# read back by its bytes in a few C calls, not a builtin call per number or count (issue 48: a hand is new
# at half the play-outs' moves). From the lowest byte: each number's group (group_bits, 16 bits), its key
# base (a byte: GroupShapes' `showing | twins << 4`), its count (a byte), then the tally (TALLIED); no
# field overflows into the next (13 tiles show a number).
BASES_AT = GROUP_BYTES  # the key bases' first byte
COUNTS_AT = BASES_AT + len(NUMBERS)  # the counts' first byte
TALLY_AT = 8 * (COUNTS_AT + len(NUMBERS))  # the tally's first bit
HAND_BITS = tuple(tuple(
    TILE_GROUP_BITS[t]
    + sum(1 << 8 * (at + number) for at in (BASES_AT, COUNTS_AT) for number in {LOW[t], HIGH[t]})
    + (16 << 8 * (BASES_AT + LOW[t]) if doubles and DOUBLE[t] else 0)
    + (TALLIED[t] << TALLY_AT) for t in TILES) for doubles in (False, True))
HAND_BYTES = (sum(HAND_BITS[True]).bit_length() + 7) // 8  # enough for any hand: the whole set's
# for bytes.translate: ONE_WHERE[count], 1 for that count and 0 for others (the numbers with it, for compress)
ONE_WHERE = tuple(bytes(1 if byte == count else 0 for byte in range(256)) for count in range(SHOWN + 1))
# and BELOW[count], the counts below it as they are and the others 0 (the biggest count below it is their max)
BELOW = tuple(bytes(byte if byte < count else 0 for byte in range(256)) for count in range(SHOWN + 1))
# PARTNERS_KEY[a group's partners' bits]: `partners << 5` of GroupShapes' key (a subscript, not a method call)
PARTNERS_KEY = tuple(bits.bit_count() << 5 for bits in range(1 << SHOWN))


@lru_cache(maxsize=4096)
def hand_plays(hand: tuple[Tile, ...], doubles: bool) -> HandPlays:
    """One set per number and size (and per way of playing the double): the tiles given up are the
    double first, then those whose other number has the fewest partners in hand. These are the
    plays the bots weigh; legal_actions lists every subset. (A hand recurs in the play-outs of every
    action the search compares from one sample: the cache spares working its plays out again.)"""
    # not map(tiles_bits.__getitem__): in the page a subscript is quicker than a builtin call per tile
    tiles_bits = HAND_BITS[doubles]
    summed = sum([tiles_bits[t] for t in hand])
    read = summed.to_bytes(HAND_BYTES, BYTE_ORDER)  # little-endian: the groups first (plays.FIELDS)
    fields, bases, counts = FIELDS.unpack_from(read), read[BASES_AT:COUNTS_AT], read[COUNTS_AT:TALLY_AT // 8]
    top = max(counts)
    at_top = counts.count(top)
    # the numbers with the biggest group, as bits
    on_top = BITS[counts.index(top)] if at_top == 1 else sum(compress(BITS, counts.translate(ONE_WHERE[top])))
    # GroupShapes' key but a group's base and partners: the biggest other group and how many numbers have
    # it, for a group below the top (`below_rest`) and for one at the top (`top_rest`: the next biggest
    # if it is the only one), and which numbers have it (`on_top`, `top_on_rest`), as bits
    below_rest = top << 9 | at_top << 13
    if at_top > 1:
        top_rest, top_on_rest = top << 9 | (at_top - 1) << 13, on_top
    else:
        second = max(counts.translate(BELOW[top]))
        top_rest = second << 9 | counts.count(second) << 13
        top_on_rest = sum(compress(BITS, counts.translate(ONE_WHERE[second])))
    whole = top == len(hand)  # a group at the top is the whole hand
    numbers: list[int] = []
    shapes: list[Shape] = []
    plains: list[float] = []
    groups: list[tuple[int, tuple[tuple[int, ...], ...]] | None] = [None] * len(NUMBERS)
    wholes: tuple[int, ...] = ()
    start = 0  # where the next group's plays start
    for number, base, field in zip(NUMBERS, bases, fields, strict=True):
        if not base:
            continue
        if base & 15 != top:
            key = base | PARTNERS_KEY[field & on_top] | below_rest
        else:
            key = base | PARTNERS_KEY[field & top_on_rest & ~BITS[number]] | top_rest
        group_shapes, group_plains, size, sized = GROUP_SHAPES[key]
        groups[number] = (start, sized)
        numbers += NUMBER_RUNS[number][size]
        shapes += group_shapes
        plains += group_plains
        start += size
        if whole and base & 15 == top:  # its last play (and twin: base >> 4) plays the whole hand
            wholes = (*wholes, *range(start - 1 - (base >> 4), start))
    by_plain = tuple(sorted(range(len(plains)), key=plains.__getitem__, reverse=True))
    return new_tuple(HandPlays, (hand, tuple(counts), fields, tuple(numbers), tuple(shapes), tuple(plains), by_plain,
                                 tuple(groups), wholes, summed >> TALLY_AT, {}, {}))


def group_order(found: HandPlays, number: int) -> tuple[Tile, ...]:
    """The tiles showing `number` in the order they are given up: the double first, then by the
    count in hand of their other number, then in hand order."""
    counts, row = found.counts, SHOWING[number]  # row[other]: the tile number-other (in hand order)
    # each tile as an int that sorts in that order: not the double, the count, the other number
    others = GROUP_NUMBERS[found.fields[number]]
    keys = sorted([(other != number) << 8 | counts[other] << 4 | other for other in others])
    return tuple([row[key & 15] for key in keys])


def set_of(found: HandPlays, i: int) -> PlayedSet:
    """The hand's play `i`, as the set it plays."""
    shape = found.shapes[i]
    return played_set(found.numbers[i], group_order(found, found.numbers[i]), shape.given, shape.doubled)


def ranked_plays(state: DominuxenState, seat: int) -> list[PlayedSet]:
    """The representative plays, best first by the normal bot's values (ties in their order)."""
    found = hand_plays(tuple(state.hands[seat]), state.doubles)
    judge = PlayJudge(state, seat, found)
    values = [judge.value(i) for i in range(len(found.shapes))]
    return [set_of(found, i) for i in sorted(range(len(values)), key=lambda i: -values[i])]


def best_play(state: DominuxenState, seat: int) -> PlayedSet:
    """ranked_plays' first (the first of the best), without valuing every play: the plays are tried
    from the highest bound of their value down, and once a play's bound falls below the best value
    found, neither it nor any after it can be better."""
    found = hand_plays(tuple(state.hands[seat]), state.doubles)
    judge = PlayJudge(state, seat, found)
    special = judge.bounds
    best, best_value = 0, -math.inf
    plains = found.plains
    for i in by_bound(found, special) if special else found.by_plain:
        bound = special[i] if special and i in special else plains[i]
        if bound < best_value:
            break
        if bound == best_value and i > best:
            continue  # at most as good, and later: the earlier play is kept
        value = judge.value_above(i, best_value, i < best)
        if value is not None and (value > best_value or (value == best_value and i < best)):
            best, best_value = i, value
    played = found.chosen.get(best)
    if played is None:
        played = found.chosen[best] = set_of(found, best)
    return played


def by_bound(found: HandPlays, special: dict[int, float]) -> Iterator[int]:
    """The plays' indices, the highest bound first (ties in order, but a special play's before a plain
    one's: the best and the first of the best are the same in any order): the plays' bounds are their
    `plain` but those in `special` (by index)."""
    plains = found.plains
    waiting = sorted([(-bound, i) for i, bound in special.items()], reverse=True)  # the highest (first) last
    for i in found.by_plain:
        plain = plains[i]
        while waiting and -waiting[-1][0] >= plain:
            yield waiting.pop()[1]
        if i not in special:
            yield i
    for _, i in reversed(waiting):
        yield i


class HoldingTails(dict[int, list[tuple[float, ...] | None]]):
    """By an opponent's unseen places and the unseen tiles in all (`places << 8 | total`), a table by
    how many unseen tiles show a number (0..SHOWN): 1.0 - tail[j] for j = 0..MAX_SET, how likely it
    holds fewer than `j` of them (binomial_tail's estimate), each row worked out when first asked.
    The same places and totals recur all through a play-out, and an opponent's row is found by two
    subscripts (PlayJudge.value_above)."""

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


# KNOWN_COUNTS[tiles]: the tiles an opponent is known to hold (a frozenset), tallied (TALLIED), and how
# many of them show each number, by number. The known tiles change seldom, so the same sets recur all
# through a play-out: a frozenset of a few tiles is found in less time than their tallies are added up
# (ints of 2**64 and more, slow in the page, Pyodide), and the chances read one number's count at a
# time, for each opponent: a subscript, where a field of the tally takes two operations on a big int.
class KnownCounts(dict[frozenset[Tile], tuple[int, tuple[int, ...]]]):
    """Each set's tally and counts, worked out when first asked."""

    def __missing__(self, tiles: frozenset[Tile]) -> tuple[int, tuple[int, ...]]:
        if len(self) >= KEPT_KNOWN:  # a page may play for hours: start again
            self.clear()
        tally = sum(map(TALLIED.__getitem__, tiles))
        made = self[tiles] = (tally, tuple([tally >> shift & FIELD for shift in SHIFTS]))
        return made


KEPT_KNOWN = 4096  # the sets kept at most
KNOWN_COUNTS = KnownCounts()
NUMBER_COUNT = len(NUMBERS)
NONE_KNOWN = (0,) * NUMBER_COUNT  # the counts of an opponent not known to hold any tile
# OTHERS[players][seat]: the other seats, in seat order (the order the chances multiply in)
OTHERS = [[tuple(other for other in range(players) if other != seat) for seat in range(players)]
          for players in range(MAX_PLAYERS + 1)]


def standings(state: DominuxenState) -> list[int]:
    """Match totals plus this game's score as it stands."""
    if state.phase == OVER:
        return list(state.totals)
    return [t + s for t, s in zip(state.totals, game_scores(state), strict=True)]


def snatching(found: HandPlays, top_number: int, size: int) -> tuple[int, ...]:
    """The hand's plays that snatch a topmost set of `top_number` and `size`: its size, of a number that beats it."""
    hits = []
    groups = found.groups
    for number in BEATERS[top_number]:
        group = groups[number]
        if group is not None:
            first, sized = group
            for offset in sized[size]:  # mostly none (a group has one play of each size, or two with twins)
                hits.append(first + offset)
    return tuple(hits)


class PlayJudge:
    """How good playing each of a hand's plays (by index) looks to `seat` (the normal bot's `value`):
    points moved out of hand, snatches it makes, the risk of being snatched before the next turn, and
    the best set left for later; and the same without the risk (the play's bound: never below the
    value), which reads no opponent's chances. Only the plays that snatch a topmost set (`before`)
    or play the whole hand have a bound other than their `plain` (`bounds`).

    The risk reads how likely at least one opponent holds `s` tiles of number `m`, from `seat`'s
    knowledge: the tiles it knows they hold, and the unseen tiles spread evenly over the places it cannot
    see (a binomial estimate); each worked out when a play's value first needs it (`see`, then the
    `columns`)."""

    __slots__ = ("before", "bounds", "columns", "found", "opponents", "seat", "state", "unseen")

    def __init__(self, state: DominuxenState, seat: int, found: HandPlays) -> None:
        self.state, self.seat, self.found = state, seat, found
        weights = WEIGHT[state.doubles]
        # the value's points and snatches of each play that snatches: 2.0 * points, plus 1.5 * the
        # points of each opponent's topmost set it hits, as the snatch check reaches them
        before: dict[int, float] = {}
        shapes, tops, snatchers = found.shapes, state.tops, found.snatchers
        for other, _ in CHECKS_LEFT[state.players][seat][0]:
            key = tops[other]  # the topmost set's number << 4 | its size (state.py's top_key)
            if key == NO_TOP:
                continue
            if key in snatchers:  # `in` and a subscript: no method call, which is dear in Pyodide
                hits = snatchers[key]
            else:
                hits = snatchers[key] = snatching(found, key >> 4, key & 15)
            if hits:
                snatched = 1.5 * sum(map(weights.__getitem__, state.rows[other][-1][1]))  # PlayedSet.tiles
                for i in hits:
                    before[i] = before.get(i, 2.0 * shapes[i][3]) + snatched  # Shape.points
        self.before = before
        # the bounds that are not the plays' `plain`, by index: at least the value, each step rounding up
        # or staying with it; a play of the whole hand's is its value
        self.bounds = {i: value + 0.6 * shapes[i][4] for i, value in before.items()} if before else {}  # Shape.left
        for i in found.wholes:
            self.bounds[i] = self.last(shapes[i][3])
        # by size: 1.0 - the chance that an opponent holds `size` tiles of m, for each number m; None
        # until a value first needs the chances (`see`)
        self.columns: list[list[float | None] | None] | None = None

    def see(self) -> list[list[float | None] | None]:
        """What the seat has seen, each tile once, tallied (TALLIED): its hand (`found`'s tally), the
        table (the state keeps its tally), and the tiles it knows the others hold (a place holds only its
        own tiles); every number shows on SHOWN tiles, the rest of them unseen (`unseen`, each number's
        in its field). Each opponent's holding tails (HOLDING_TAILS: by the unseen count of a number),
        their key, and its known counts (KNOWN_COUNTS) (`opponents`); and the columns, empty."""
        state = self.state
        hands, known = state.hands, state.known
        seen = self.found.tally + state.table
        places_known: list[tuple[int, tuple[int, ...]]] = []  # each opponent's unseen places and known counts
        for other in OTHERS[state.players][self.seat]:
            knows = known[other]
            if knows:
                tally, counts = KNOWN_COUNTS[frozenset(knows)]
                seen += tally
                places_known.append((len(hands[other]) - len(knows), counts))
            else:
                places_known.append((len(hands[other]), NONE_KNOWN))
        self.unseen = EVERY_TILE - seen
        total = self.unseen >> TALLY_SHIFT or 1  # (none unseen: no chance either way)
        self.opponents = [(HOLDING_TAILS[places << 8 | total], places << 8 | total, counts)
                          for places, counts in places_known]
        columns: list[list[float | None] | None] = [None] * (MAX_SET + 1)
        self.columns = columns
        return columns

    def value(self, i: int) -> float:
        value = self.value_above(i, -math.inf, True)
        assert value is not None  # nothing is below no floor
        return value

    def value_above(self, i: int, floor: float, ties: bool) -> float | None:
        """Play i's value, (before - stake * (1.0 - miss)) + later, where `miss` is how likely no
        opponent holds as many tiles of a number that beats it; or None once the value is sure to be
        below `floor` (or at it, unless `ties`). The miss multiplies in each beating number's 1.0 -
        chance in order, and the value with the product so far is never below the value (each factor is
        at most 1.0, and each step rounds the same way or stays)."""
        found = self.found
        _, _, size, points, left, _ = found.shapes[i]
        if found.wholes and i in found.wholes:
            return self.bounds[i]
        befores = self.before
        before = befores[i] if i in befores else 2.0 * points
        stake, later = 1.2 * points, 0.6 * left
        columns = self.columns
        if columns is None:
            columns = self.see()
        column = columns[size]
        if column is None:
            column = columns[size] = [None] * NUMBER_COUNT
        miss = 1.0
        every_unseen, opponents = self.unseen, self.opponents
        for m in BEATERS[found.numbers[i]]:
            factor = column[m]
            if factor is not None:
                miss *= factor
                continue
            # the chance that at least one opponent holds `size` tiles of m (1.0 - none, that none
            # does: each opponent's chance not to, multiplied in in seat order)
            unseen = every_unseen >> SHIFTS[m] & FIELD
            none = 1.0
            for tails, tails_key, counts in opponents:
                lacking = size - counts[m]  # the unseen tiles of m it needs besides its known ones
                if lacking <= 0:
                    chance = 1.0  # it holds them for certain
                    break
                row = tails[unseen]
                if row is None:
                    row = tails[unseen] = holding_row(tails_key, unseen)
                none *= row[lacking]
            else:
                chance = 1.0 - none
            factor = column[m] = 1.0 - chance
            miss *= factor
            bound = (before - stake * (1.0 - miss)) + later
            if bound < floor or (bound == floor and not ties):
                return None
        return (before - stake * (1.0 - miss)) + later

    def last(self, points: int) -> float:
        """The value of playing the whole hand (its `points`), which ends the game: a win, or not."""
        state, seat = self.state, self.seat
        totals, hands, rows = state.totals, state.hands, every_row_points(state)  # each row's points, once
        # its standing (`standings`: the game goes on until this play), and each other seat's as anyone
        # can guess it: its row and hand size (tiles taken as 1)
        mine = totals[seat] + rows[seat] - tiles_weight(hands[seat], state.doubles) + 2 * points
        rivals = max([totals[other] + rows[other] - len(hands[other]) for other in OTHERS[state.players][seat]])
        return 2.0 * points + (100.0 if mine > rivals else -3.0)
