"""Dominuxen's plays as legal_actions lists them, kept: each number group's plays are made once and
kept (with each play's set once it is played, found by the action's identity), since a hand's groups recur all through
a game and the bots' play-outs (issue 48). The rules are rules.py's.
"""

from __future__ import annotations

from itertools import chain, combinations, compress, repeat
from struct import Struct
from typing import Final

from pygames_core.games.dominuxen.messages import DominuxenAction, PlayAction
from pygames_core.games.dominuxen.state import (
    CODE,
    GROUP_BYTES,
    NUMBERS,
    SHOWING,
    TILE_BY_CODE,
    PlayedSet,
    Tile,
    group_bits,
)

KEPT_PLAYS = 1 << 16  # the plays kept at most (then the long tail is dropped: a page may play for hours)
# The plays of sets of at most this many tiles outlive the dropping at KEPT_PLAYS: every hand holds such
# groups, so they recur all the time (a random game's hands list them all within a few thousand deals),
# and they are few (each number's 1,092 subsets of 1 to 4 of its 13 tiles, under both rules, with the
# doubles rule's double played as two: about 32,300 plays, half KEPT_PLAYS, so a dropping always frees
# room). The larger sets are the long tail: a hand with five or more tiles showing one number is rare,
# and its group lists 31 plays and more. After 4,000 random deals (4 players, doubles), dropping
# everything cost the next 300 deals 22-30% of their speed while the common groups were listed again;
# dropping the long tail, 7-9% (issue 48, session 40).
LASTING_TILES = 4
# the ids of the kept play actions. Every action kept is alive, held by its SubsetPlays, and ids are
# unique among live objects: a live action's id found here is its own (forget_plays drops the ids
# with the actions). Ints, which the garbage collector does not track, where a set made for each
# play listed (most are never played) would be two objects more for it to go through.
KEPT_IDS: set[int] = set()
# id of a kept play action played once -> the set it plays: `apply` of a listed play reads its codes
# the first time only (set_of; an action not kept, a copy, is read every time).
KEPT_SETS: dict[int, PlayedSet] = {}
# KEPT_SETS.get, bound once: `apply` asks at every move, and a method looked up on an imported object is
# a bound method made and dropped at each call (CPython 3.11 compiles no method call for it)
kept_set_of = KEPT_SETS.get


class Subsets(dict[int, tuple[int, ...]]):
    """Each group's non-empty subsets (bits, as a field of state.py's group_bits), in the order legal_actions
    lists them: smaller sets first, then in hand order (as itertools.combinations gives them)."""

    def __missing__(self, group: int) -> tuple[int, ...]:
        bits = [*compress(BITS, map(group.__and__, BITS))]
        every = chain.from_iterable(map(combinations, repeat(bits), range(1, len(bits) + 1)))
        made = self[group] = tuple(map(sum, every))
        return made


class GroupNumbers(dict[int, tuple[int, ...]]):
    """The numbers of a group's bits (its tiles' other numbers, its own for the double), ascending, made
    when a group is first asked for (at most 8192: a hand's recur all through a search)."""

    def __missing__(self, group: int) -> tuple[int, ...]:
        made = self[group] = tuple(compress(NUMBERS, map(group.__and__, BITS)))
        return made


BITS = tuple(1 << m for m in NUMBERS)  # the bits of a group
GROUP_NUMBERS = GroupNumbers()
SHOWING_CODES = tuple(tuple(map(CODE.__getitem__, showing)) for showing in SHOWING)  # SHOWING's, as codes
# The kept plays share their lists where they are alike: every "doubled" of none is this one, a set with
# the double as one tile and as two share "tiles". Actions listed are read only (Rules.legal_actions),
# and the fewer lists, the fewer objects made and tracked by the garbage collector as the plays are
# first built.
NONE_DOUBLED: list[str] = []
SUBSETS = Subsets()  # the same for every number


class SubsetPlays(dict[int, PlayAction]):
    """The play of each subset of the tiles showing one number (by its bits), made when a group first
    holds it (with the doubles rule, the double in it as one tile), and in `as_two` each subset's
    holding the double with the double played as two. A play, not a tuple of a subset's plays: most
    subsets have one, and a tuple each would be one more object for the garbage collector."""

    def __init__(self, number: int, doubles: bool) -> None:
        super().__init__()
        self.number, self.doubles = number, doubles
        self.as_two: dict[int, PlayAction] = {}

    def __missing__(self, subset: int) -> PlayAction:
        number = self.number
        # the subset's tiles are the tiles showing the number at its bits' places, which are the numbers
        # GROUP_NUMBERS keeps for a group's bits (a look-up and a map in C: compressing the 13 codes by
        # the bits anew took half the time of a new play)
        codes = [*map(SHOWING_CODES[number].__getitem__, GROUP_NUMBERS[subset])]
        action: PlayAction = {"type": "play", "number": number, "tiles": codes}
        KEPT_IDS.add(id(action))
        self[subset] = action
        if self.doubles:
            action["doubled"] = NONE_DOUBLED
            if subset >> number & 1:  # it holds the double (the tile number-number, its bit `number`)
                as_two: PlayAction = {"type": "play", "number": number, "tiles": codes,
                                      "doubled": [SHOWING_CODES[number][number]]}
                KEPT_IDS.add(id(as_two))
                self.as_two[subset] = as_two
        return action


class GroupPlays(dict[int, tuple[PlayAction, ...]]):
    """The plays of each group of tiles showing one number (by its field of group_bits), in the order
    legal_actions lists them: each subset's play (SubsetPlays), in SUBSETS' order, with the doubles
    rule followed by its play of the double as two where it has one. Each group's are put together
    when a hand first holds it: a hand's groups recur all through a game and the bots' play-outs (a
    group changes only when a tile showing its number comes or goes), and a group's subsets in many
    groups."""

    def __init__(self, number: int, doubles: bool) -> None:
        super().__init__()
        self.subsets = SubsetPlays(number, doubles)

    def __missing__(self, field: int) -> tuple[PlayAction, ...]:
        if len(KEPT_IDS) >= KEPT_PLAYS:
            forget_plays(LASTING_TILES)
        plays, subsets = self.subsets, SUBSETS[field]
        double = 1 << plays.number  # the double's bit
        if not (plays.doubles and field & double):  # a play per subset
            made = self[field] = tuple(map(plays.__getitem__, subsets))
            return made
        as_two = plays.as_two
        listed = []
        for subset in subsets:
            listed.append(plays[subset])
            if subset & double:
                listed.append(as_two[subset])
        made = self[field] = tuple(listed)
        return made


# by the doubles rule, each number's GroupPlays
GROUP_PLAYS = {doubles: tuple(GroupPlays(number, doubles) for number in NUMBERS) for doubles in (False, True)}
FIELDS = Struct(f"<{len(NUMBERS)}H")  # group_bits' fields, as its bytes hold them (little-endian: to_bytes')
# plays_of_groups' callables and constants, read as globals: a method looked up on a module, a type or an
# imported object at each call is a bound method made and dropped each time
unpack_fields, GROUP_PLAYS_OF = FIELDS.unpack, dict.__getitem__
BYTE_ORDER: Final = "little"  # FIELDS' order, and the order policy.py lays a hand's bytes out in


def forget_plays(most_tiles: int = 0) -> None:
    """Drop the plays kept of sets of more than `most_tiles` tiles, with the groups that list them (and
    every group's subsets of more): all of them at 0. The plays of smaller sets and the lists of smaller
    groups stay as they are, their ids in KEPT_IDS and their sets in KEPT_SETS."""
    if not most_tiles:
        KEPT_IDS.clear()
        KEPT_SETS.clear()
        SUBSETS.clear()
        for tables in GROUP_PLAYS.values():
            for plays in tables:
                plays.clear()
                plays.subsets.clear()
                plays.subsets.as_two.clear()
        return
    for tables in GROUP_PLAYS.values():
        for plays in tables:
            for field in [field for field in plays if field.bit_count() > most_tiles]:
                del plays[field]
            for subsets in (plays.subsets, plays.subsets.as_two):
                for subset in [subset for subset in subsets if subset.bit_count() > most_tiles]:
                    dropped = id(subsets.pop(subset))
                    KEPT_IDS.discard(dropped)
                    KEPT_SETS.pop(dropped, None)
    for field in [field for field in SUBSETS if field.bit_count() > most_tiles]:
        del SUBSETS[field]


def play_actions(hand: list[Tile], doubles: bool) -> list[DominuxenAction]:
    """Every set the hand (sorted) can play: per number in order, every non-empty subset of the tiles
    showing it (GroupPlays). (The actions are shared with later calls: read only, as
    Rules.legal_actions says.)"""
    return plays_of_groups(group_bits(hand), doubles)


def plays_of_groups(groups: int, doubles: bool) -> list[DominuxenAction]:
    """play_actions of a hand, from its group_bits: a look-up per number (dict.__getitem__ calls
    GroupPlays' __missing__), all in C. The fields come apart as the int's bytes read as 16-bit
    numbers (state.py's GROUP_WIDTH; a Struct reads them faster than a memoryview's iterator), and
    the 13 groups' tuples are unpacked into a list display: each is copied in at once by the
    interpreter's own list extension (a third quicker than `reduce(iadd, ...)`, which calls the
    operator through the generic call machinery per group; a chain hands the plays over one by one)."""
    n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12 = map(
        GROUP_PLAYS_OF, GROUP_PLAYS[doubles], unpack_fields(groups.to_bytes(GROUP_BYTES, BYTE_ORDER)))
    plays: list[DominuxenAction] = [*n0, *n1, *n2, *n3, *n4, *n5, *n6, *n7, *n8, *n9, *n10, *n11, *n12]
    return plays


def set_of(action: PlayAction) -> PlayedSet:
    """The set a `play` action not found in KEPT_SETS plays, read; kept there if legal_actions listed it."""
    played = played_set(action)
    if id(action) in KEPT_IDS:
        KEPT_SETS[id(action)] = played
    return played


def played_set(action: PlayAction) -> PlayedSet:
    """The set a `play` action plays."""
    doubled = action.get("doubled")
    return PlayedSet(action["number"], tuple([TILE_BY_CODE[c] for c in action["tiles"]]),
                     tuple([TILE_BY_CODE[c] for c in doubled]) if doubled else ())
