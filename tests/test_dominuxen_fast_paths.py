"""Dominuxen's fast paths for the search (issue 48): the plays kept per number group and subset, the
hands' group bits kept along with them, and a listed play's set found by identity, checked against
the plain rules they stand for: every subset of each number's tiles, in order, and the same moves
whether the action is the listed one or a copy of it."""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from collections.abc import Collection
from itertools import combinations

import pytest

from pygames_core.engine.rng import Rng
from pygames_core.games.dominuxen import knowledge, policy
from pygames_core.games.dominuxen import state as state_module
from pygames_core.games.dominuxen.bot import BOT
from pygames_core.games.dominuxen.plays import (
    GROUP_PLAYS,
    KEPT_IDS,
    KEPT_SETS,
    LASTING_TILES,
    SUBSETS,
    forget_plays,
    play_actions,
    played_set,
    set_of,
)
from pygames_core.games.dominuxen.rules import DOMINUXEN, DominuxenRules, Events
from pygames_core.games.dominuxen.state import (
    ANSWER,
    CODE,
    DRAW,
    FIELD,
    HIGH,
    HITS,
    LOW,
    NO_TOP,
    NUMBERS,
    PLAY,
    SET_CODES,
    SET_GROUP_BITS,
    SHIFTS,
    SHOWING,
    SNATCH,
    TALLY_SHIFT,
    TILE_BY_CODE,
    TILES,
    DominuxenState,
    PlayedSet,
    Tile,
    beats,
    game_scores,
    group_bits,
    row_points,
    weight,
)
from pygames_core.kit.seats import left_of


def plain_plays(hand: list, doubles: bool) -> list[dict]:
    """Every set the hand can play, as the rules say it: per number, every non-empty subset of the
    tiles showing it, smaller sets first and in hand order, with the doubles rule each set holding
    the double once as one tile and once as two."""
    plays: list[dict] = []
    for number in NUMBERS:
        codes = [CODE[t] for t in hand if number in (LOW[t], HIGH[t])]
        double = f"{number}-{number}"
        for size in range(1, len(codes) + 1):
            for combo in combinations(codes, size):
                if not doubles:
                    plays.append({"type": "play", "number": number, "tiles": list(combo)})
                    continue
                plays.append({"type": "play", "number": number, "tiles": list(combo), "doubled": []})
                if double in combo:
                    plays.append({"type": "play", "number": number, "tiles": list(combo), "doubled": [double]})
    return plays


def test_play_actions_are_every_subset_in_order() -> None:
    chooser = random.Random(7)
    for _ in range(300):
        hand = sorted(chooser.sample(TILES, chooser.randrange(1, 20)))
        for doubles in (False, True):
            assert play_actions(hand, doubles) == plain_plays(hand, doubles)


def test_plays_made_again_after_all_are_dropped() -> None:
    hand = sorted(random.Random(3).sample(TILES, 13))
    kept = play_actions(hand, True)
    forget_plays()
    assert not KEPT_SETS and not KEPT_IDS
    tables = [plays for numbers in GROUP_PLAYS.values() for plays in numbers]
    assert not any(plays or plays.subsets or plays.subsets.as_two for plays in tables)
    again = play_actions(hand, True)
    assert again == kept and all(a is not b for a, b in zip(again, kept, strict=True))


def test_the_long_tail_of_plays_is_dropped_and_the_small_sets_plays_stay() -> None:
    forget_plays()
    # a hand holding six tiles that show 4 (the double among them): its group lists sets of 1 to 6 tiles
    hand = sorted([*SHOWING[4][:6], *SHOWING[9][8:10]])
    doubles = True
    listed = play_actions(hand, doubles)
    small = [a for a in listed if len(a["tiles"]) <= LASTING_TILES]
    large = [a for a in listed if len(a["tiles"]) > LASTING_TILES]
    assert small and large
    for action in (small[-1], large[-1]):  # each played once: its set is kept
        set_of(action)
    assert id(small[-1]) in KEPT_SETS and id(large[-1]) in KEPT_SETS
    forget_plays(LASTING_TILES)
    assert all(id(a) in KEPT_IDS for a in small) and id(small[-1]) in KEPT_SETS
    assert not any(id(a) in KEPT_IDS or id(a) in KEPT_SETS for a in large)
    assert all(field.bit_count() <= LASTING_TILES for field in SUBSETS)
    for plays in GROUP_PLAYS[doubles]:
        assert all(field.bit_count() <= LASTING_TILES for field in plays)
        assert all(subset.bit_count() <= LASTING_TILES for subset in [*plays.subsets, *plays.subsets.as_two])
    again = play_actions(hand, doubles)
    assert again == listed == plain_plays(hand, doubles)
    assert all(a is b for a, b in zip(again, listed, strict=True) if len(a["tiles"]) <= LASTING_TILES)
    assert all(a is not b for a, b in zip(again, listed, strict=True) if len(a["tiles"]) > LASTING_TILES)


def test_an_event_shows_a_set_as_its_view_does() -> None:
    # the played and hit events share each set's view (state.py's SET_VIEWS): the same as to_view's
    for events in random_games(4, True, range(3), copies=False):
        for event in events:
            if event["type"] in ("played", "hit"):
                shown = event["set"]
                played = PlayedSet(shown["number"], tuple(TILE_BY_CODE[c] for c in shown["tiles"]),
                                   tuple(TILE_BY_CODE[c] for c in shown["doubled"]))
                assert shown == played.to_view()


def plain_tops(state: DominuxenState) -> list[int]:
    """Each row's topmost set as the state keeps it for the snatch check: its number and size, or -1."""
    return [row[-1].number << 4 | row[-1].size if row else -1 for row in state.rows]


def plain_table(state: DominuxenState) -> list[int]:
    """How many tiles on the table (the rows' sets, the display, the discard) show each number, and
    how many tiles are there, as the state's kept table tally should say them."""
    return plain_counts([t for row in state.rows for s in row for t in s.tiles] + state.display + state.discard)


def plain_counts(tiles: Collection[Tile]) -> list[int]:
    """How many of the tiles show each number, and how many tiles there are."""
    return [sum(1 for t in tiles if number in (LOW[t], HIGH[t])) for number in NUMBERS] + [len(tiles)]


def read_tally(tally: int) -> list[int]:
    """A tally (state.py's TALLIED) read back: each number's field, then the count of tiles."""
    return [tally >> shift & FIELD for shift in SHIFTS] + [tally >> TALLY_SHIFT]


def random_games(players: int, doubles: bool, seeds: range, copies: bool, games: int = 1) -> list[list[dict]]:
    """Random games through the Rules, each seat's kept group bits checked against its hand after
    every move, the rows' kept tops and the table's kept tally against the tiles, and the Rules'
    current player against the state's; with `copies` each action applied is a copy of the listed
    one (the page's way)."""
    options = DOMINUXEN.check_options({"doubles": doubles, "games": games})
    games = []
    for seed in seeds:
        state = DOMINUXEN.new_state(players, options, Rng(seed), None)
        chooser = random.Random(seed)
        events: list[dict] = []
        while DOMINUXEN.current_player(state) is not None:
            assert DOMINUXEN.current_player(state) == state.current
            legal = DOMINUXEN.legal_actions(state)
            action = legal[chooser.randrange(len(legal))]
            events += DOMINUXEN.apply(state, copy.deepcopy(action) if copies else action)
            for seat, groups in enumerate(state.hand_groups[:players]):
                assert groups is None or groups == group_bits(state.hands[seat])
            assert state.tops == plain_tops(state)
            assert read_tally(state.table) == plain_table(state)
            state = DOMINUXEN.copy_state(state) if chooser.random() < 0.1 else state  # copies keep them too
        games.append(events)
    return games


def test_listed_plays_and_their_copies_play_alike_and_hands_keep_their_groups() -> None:
    for players, doubles in ((3, False), (4, True), (5, False)):
        seeds = range(12)
        assert random_games(players, doubles, seeds, copies=False) == random_games(players, doubles, seeds, copies=True)


def test_the_table_tally_is_kept_with_the_tiles() -> None:
    # every move that puts tiles on the table or takes them off (random_games checks it after each), a
    # match's next deal, a state sampled from a view, and a set-up
    random_games(4, True, range(6), copies=False, games=3)
    random_games(5, False, range(4), copies=False)
    for state in policy_states(3, True, range(2)):  # half of them sampled from views
        assert read_tally(state.table) == plain_table(state)
    setup = {"hands": [["0-1", "2-5"], ["3-3", "4-9"], ["7-8"]], "rows": [[], [{"number": 6, "tiles": ["6-6"]}], []],
             "display": ["1-1", "5-12"], "discard": ["0-0"], "unlisted": "discard"}
    state = DOMINUXEN.new_state(3, DOMINUXEN.check_options({}), Rng(1), setup)
    assert read_tally(state.table) == plain_table(state) and plain_table(state)[-1] == len(TILES) - 5


def plain_check_next(self: DominuxenRules, state: DominuxenState, events: Events) -> None:
    """The snatch check as the rules say it (left_of, beats, PlayedSet.size), seat by seat from the
    last one checked: the rules' own walks a table of the steps left and reads the sets by index."""
    played = state.rows[state.turn][-1]
    while state.checked < state.players - 1:
        state.checked += 1
        seat = left_of(state.turn, state.players, state.checked)
        row = state.rows[seat]
        if row and beats(played.number, row[-1].number) and row[-1].size == played.size:
            state.victim, state.phase = seat, SNATCH
            if events is not None:
                events.append({"type": "hit", "attacker": state.turn, "victim": seat, "set": row[-1].to_view()})
            return
    state.victim, state.phase = None, PLAY
    state.turn = left_of(state.turn, state.players)
    state.turn_number += 1
    if events is not None:
        events.append({"type": "turn", "seat": state.turn, "turn": state.turn_number})


def test_the_snatch_check_is_the_plain_rules_one(monkeypatch: pytest.MonkeyPatch) -> None:
    for players, doubles in ((3, False), (4, True), (5, True)):
        seeds = range(15)
        fast = random_games(players, doubles, seeds, copies=False)
        with monkeypatch.context() as patched:
            patched.setattr(DominuxenRules, "_check_next", plain_check_next)
            assert random_games(players, doubles, seeds, copies=False) == fast


def test_a_set_hits_the_tops_of_its_size_and_of_numbers_it_beats() -> None:
    for number in NUMBERS:
        for size in range(1, 15):
            assert HITS[number << 4 | size] == {m << 4 | size for m in NUMBERS if beats(number, m)}
    assert all(NO_TOP not in hits for hits in HITS)


def test_each_listing_of_plays_is_a_list_of_its_own() -> None:
    # the plays are joined into a fresh list each time (reduce's start): what one caller does to its
    # list never shows in the next one's
    hand = sorted(random.Random(5).sample(TILES, 13))
    first = play_actions(hand, False)
    expected = [*first]
    first.clear()
    second = play_actions(hand, False)
    assert second == expected and second is not first


def random_sets(chooser: random.Random, count: int) -> list[PlayedSet]:
    """Sets of 1-5 tiles in hand order, some with a double played as two."""
    sets = []
    for _ in range(count):
        tiles = tuple(sorted(chooser.sample(TILES, chooser.randrange(1, 6))))
        doubles = tuple(t for t in tiles if LOW[t] == HIGH[t])
        sets.append(PlayedSet(LOW[tiles[0]], tiles, doubles[:1] if chooser.random() < 0.5 else ()))
    return sets


def test_set_views_and_group_bits_kept_by_tiles_are_the_plain_ones() -> None:
    for played in random_sets(random.Random(11), 400):
        number, tiles, doubled = played
        for _ in range(2):  # made, then kept
            assert played.to_view() == {"number": number, "tiles": [CODE[t] for t in tiles],
                                        "doubled": [CODE[t] for t in doubled], "size": len(tiles) + len(doubled)}
            assert SET_GROUP_BITS[tiles] == group_bits(tiles)


def test_set_views_hand_out_lists_of_their_own() -> None:
    # the codes are kept once per set: a view's (an event's) lists are copies, which whoever gets the
    # event may change
    tiles = (TILES[3], TILES[20], TILES[45])
    played = PlayedSet(3, tiles, tiles[-1:])
    view = played.to_view()
    view["tiles"].append("x")
    view["doubled"].clear()
    again = played.to_view()
    assert again["tiles"] == [CODE[t] for t in tiles] and again["doubled"] == [CODE[tiles[-1]]]


def test_sets_kept_by_tiles_are_dropped_at_the_bound_and_made_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(state_module, "KEPT_PER_SET", 5)
    SET_CODES.clear()
    sets = random_sets(random.Random(2), 40)
    for played in sets:
        assert SET_CODES[played.tiles] == tuple(CODE[t] for t in played.tiles)
        assert len(SET_CODES) <= 5


def test_a_listed_plays_set_is_kept_once_played_and_a_copys_never() -> None:
    forget_plays()
    options = DOMINUXEN.check_options({"doubles": True})
    state = DOMINUXEN.new_state(4, options, Rng(1), None)
    seat, listed = state.turn, DOMINUXEN.legal_actions(state)
    assert all(id(action) in KEPT_IDS and id(action) not in KEPT_SETS for action in listed)  # none played yet
    copied = copy.deepcopy(listed[-1])
    DOMINUXEN.apply(DOMINUXEN.copy_state(state), copied)
    assert id(copied) not in KEPT_IDS and id(copied) not in KEPT_SETS
    DOMINUXEN.apply(state, listed[-1])
    assert KEPT_SETS[id(listed[-1])] == played_set(listed[-1]) == state.rows[seat][-1]


def test_legal_actions_tell_the_phases_apart_by_identity_in_states_read_back_from_views() -> None:
    # legal_actions tests the phase with `is`: a state sampled from a view (the bots') holds the Phase
    # member too, and lists what the real state does for the seat to act (its own hand, the display)
    options = DOMINUXEN.check_options({"doubles": True})
    for seed in range(6):
        state = DOMINUXEN.new_state(4, options, Rng(seed), None)
        chooser = random.Random(seed)
        while DOMINUXEN.current_player(state) is not None:
            seat = DOMINUXEN.current_player(state)
            assert seat is not None
            legal = DOMINUXEN.legal_actions(state)
            sampled = knowledge.sample_state(DOMINUXEN.view(state, seat), Rng(seed))
            assert sampled.phase is state.phase and DOMINUXEN.legal_actions(sampled) == legal
            assert sampled.tops == plain_tops(sampled) == state.tops
            assert DOMINUXEN.current_player(sampled) == sampled.current == seat
            DOMINUXEN.apply(state, legal[chooser.randrange(len(legal))])


# --- the normal policy's fast paths (policy.py), against the plain policy they stand for -------------


def plain_representative_plays(hand: tuple, doubles: bool) -> list[tuple]:
    """The representative plays as the policy says them, each as (number, order, given, doubled, size,
    points, left, whole, plain): per number, its tiles in the order they are given up (the double first,
    then by their other number's count in hand, then by tile), each first `given` of them (and with the
    doubles rule, with the double played as two too); `left` the biggest group the hand keeps."""
    counts = [sum(1 for t in hand if number in (LOW[t], HIGH[t])) for number in NUMBERS]
    plays = []
    for number in NUMBERS:
        showing = [t for t in hand if number in (LOW[t], HIGH[t])]
        order = tuple(sorted(showing, key=lambda t: (LOW[t] != HIGH[t], counts[LOW[t] + HIGH[t] - number], t)))
        for given in range(1, len(order) + 1):
            kept = [t for t in hand if t not in order[:given]]
            left = max(sum(1 for t in kept if m in (LOW[t], HIGH[t])) for m in NUMBERS)
            points = sum(weight(t, doubles) for t in order[:given])
            for doubled in (False, True) if doubles and LOW[order[0]] == HIGH[order[0]] else (False,):
                plays.append((number, order, given, doubled, given + doubled, points, left, given == len(hand),
                              2.0 * points + 0.6 * left))
    return plays


def test_a_hands_plays_are_the_plain_ones() -> None:
    chooser = random.Random(4)
    hands = [tuple(sorted(chooser.sample(TILES, chooser.randrange(1, 30)))) for _ in range(1500)]
    hands += [tuple(sorted(chooser.sample(SHOWING[n], chooser.randrange(1, 14)))) for n in NUMBERS for _ in range(8)]
    for hand in hands:
        for doubles in (False, True):
            plays = plain_representative_plays(hand, doubles)
            found = policy.hand_plays(hand, doubles)
            assert [(number, policy.group_order(found, number), *found.shapes[i][:5], i in found.wholes, plain)
                    for i, (number, plain) in enumerate(zip(found.numbers, found.plains, strict=True))] == plays
            assert [shape.plain for shape in found.shapes] == list(found.plains)
            assert list(found.by_plain) == sorted(range(len(plays)), key=lambda i: -plays[i][8])  # plain
            for number in NUMBERS:  # where each number's plays of each size are
                group = found.groups[number]
                sized = [[i for i, play in enumerate(plays) if play[0] == number and play[4] == size]  # number, size
                         for size in range(policy.MAX_SET + 2)]
                at = [[] for _ in sized] if group is None else [sorted(group[0] + o for o in at) for at in group[1]]
                assert sized == at


def test_a_hands_summed_bits_read_back_its_groups_counts_and_tally() -> None:
    chooser = random.Random(5)
    hands = [tuple(sorted(chooser.sample(TILES, chooser.randrange(0, 40)))) for _ in range(500)] + [TILES]
    for hand in hands:
        for doubles in (False, True):
            found = policy.hand_plays(hand, doubles)
            assert found.fields == tuple(group_bits(hand) >> 16 * number & 0xFFFF for number in NUMBERS)
            assert found.counts == tuple(sum(1 for t in hand if number in (LOW[t], HIGH[t])) for number in NUMBERS)
            assert found.tally == sum(state_module.TALLIED[t] for t in hand)


def plain_values(state: DominuxenState, seat: int) -> list[float]:
    """The normal bot's value of each representative play, as the policy says it: 2 a point moved out,
    1.5 a point of each topmost set it hits (as the snatch check reaches them), less 1.2 a point times
    the chance that an opponent holds as many tiles of a number that beats it (from what the seat has
    seen, the unseen tiles spread over the places it cannot see), 0.6 the biggest group kept; or, the
    whole hand, a win or not."""
    seen = [*state.hands[seat], *state.display, *state.discard]
    seen += [t for row in state.rows for s in row for t in s.tiles]
    others = [other for other in range(state.players) if other != seat]
    seen += [t for other in others for t in state.known[other]]
    total = max(1, len(TILES) - len(seen))
    values = []
    hand = tuple(state.hands[seat])
    for number, _, _, _, size, points, left, whole, _ in plain_representative_plays(hand, state.doubles):
        if whole:
            standing = [t + s for t, s in zip(state.totals, game_scores(state), strict=True)]
            rivals = max(state.totals[s] + row_points(state, s) - len(state.hands[s]) for s in others)
            values.append(2.0 * points + (100.0 if standing[seat] + 2 * points > rivals else -3.0))
            continue
        value = 2.0 * points
        for step in range(1, state.players):
            row = state.rows[left_of(seat, state.players, step)]
            if row and row[-1].size == size and beats(number, row[-1].number):
                value += 1.5 * sum(weight(t, state.doubles) for t in row[-1].tiles)
        miss = 1.0
        for m in NUMBERS:
            if beats(m, number):
                unseen = 13 - sum(1 for t in seen if m in (LOW[t], HIGH[t]))
                none = 1.0
                for other in others:
                    lacking = size - sum(1 for t in state.known[other] if m in (LOW[t], HIGH[t]))
                    if lacking <= 0:
                        none = 0.0
                        break
                    places = len(state.hands[other]) - len(state.known[other])
                    none *= 1.0 - policy.binomial_tail(places, unseen / total, 14)[lacking]
                miss *= 1.0 - (1.0 - none)
        value -= 1.2 * points * (1.0 - miss)
        values.append(value + 0.6 * left)
    return values


def policy_states(players: int, doubles: bool, seeds: range) -> list[DominuxenState]:
    """States of play where a seat plays a set: games played on by a mix of the normal bot and random
    moves, and states sampled from the mover's view (the hard bot's play-outs start there)."""
    options = DOMINUXEN.check_options({"doubles": doubles})
    states = []
    for seed in seeds:
        state = DOMINUXEN.new_state(players, options, Rng(seed), None)
        chooser = random.Random(seed)
        while DOMINUXEN.current_player(state) is not None:
            if state.phase == PLAY:
                states.append(DOMINUXEN.copy_state(state))
                states.append(knowledge.sample_state(DOMINUXEN.view(state, state.turn), Rng(seed)))
            legal = DOMINUXEN.legal_actions(state)
            rng = Rng(chooser.randrange(1 << 30))
            action = BOT.policy_action(state, rng) if chooser.random() < 0.7 else legal[chooser.randrange(len(legal))]
            DOMINUXEN.apply(state, action)
    return states


def plain_set(play: tuple) -> PlayedSet:
    """A plain representative play's set: the first `given` of its tiles, the first as two if `doubled`."""
    number, order, given, doubled = play[:4]
    return PlayedSet(number, tuple(sorted(order[:given])), order[:1] if doubled else ())


def plain_best(state: DominuxenState) -> PlayedSet:
    """The first of the plays of the best plain value."""
    values = plain_values(state, state.turn)
    plays = plain_representative_plays(tuple(state.hands[state.turn]), state.doubles)
    return plain_set(plays[values.index(max(values))])


@pytest.mark.parametrize(("players", "doubles"), [(3, False), (4, True), (5, False)])
def test_the_best_play_and_the_ranking_are_the_plain_values(players: int, doubles: bool) -> None:
    for state in policy_states(players, doubles, range(4)):
        seat = state.turn
        values = plain_values(state, seat)
        plays = [plain_set(play) for play in plain_representative_plays(tuple(state.hands[seat]), doubles)]
        ranked = [plays[i] for i in sorted(range(len(values)), key=lambda i: -values[i])]
        assert policy.ranked_plays(state, seat) == ranked
        assert policy.best_play(state, seat) == ranked[0]


def test_holding_tails_group_shapes_and_known_counts_are_dropped_at_the_bound_and_made_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(policy, "KEPT_TAILS", 3)
    monkeypatch.setattr(policy, "KEPT_SHAPES", 5)
    monkeypatch.setattr(policy, "KEPT_KNOWN", 4)
    policy.HOLDING_TAILS.clear()
    policy.GROUP_SHAPES.clear()
    policy.KNOWN_COUNTS.clear()
    policy.hand_plays.cache_clear()
    for state in policy_states(4, True, range(2)):
        assert policy.best_play(state, state.turn) == plain_best(state)
        assert len(policy.HOLDING_TAILS) <= 3 and len(policy.GROUP_SHAPES) <= 5 and len(policy.KNOWN_COUNTS) <= 4
    assert all(read_tally(tally) == [*counts, len(tiles)] == plain_counts(tiles)
               for tiles, (tally, counts) in policy.KNOWN_COUNTS.items())


def plain_play_out(state: DominuxenState, rng: Rng) -> None:
    """A play-out as the search makes it by default (Bot.playout_step): the play-out policy's action
    applied through the rules, a move at a time, until playout_done (the game's end)."""
    start = DOMINUXEN.copy_state(state)
    while not BOT.playout_done(start, state):
        DOMINUXEN.apply(state, BOT.playout_action(state, rng))


def state_facts(state: DominuxenState) -> dict:
    """Every field of the state, its rng by its state (an Rng compares by identity)."""
    facts = {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.name != "rng"}
    return facts | {"rng": state.rng.state}


@pytest.mark.parametrize(("players", "doubles", "games"), [(3, False, 1), (4, True, 1), (4, False, 2), (5, True, 3)])
def test_a_play_out_step_plays_the_rest_of_the_game_as_the_moves_one_by_one(players: int, doubles: bool,
                                                                            games: int) -> None:
    # the hard bot's play-out from every kind of state (each phase, sampled from views too), in one step,
    # to the end of the game (in a match, the next game dealt by the state's rng), the search's rng untouched
    options = DOMINUXEN.check_options({"doubles": doubles, "games": games})
    phases = set()
    for seed in range(3):
        state = DOMINUXEN.new_state(players, options, Rng(seed), None)
        chooser = random.Random(seed)
        while DOMINUXEN.current_player(state) is not None:
            if chooser.random() < 0.3:
                sampled = knowledge.sample_state(DOMINUXEN.view(state, state.current), Rng(seed))
                for start in (DOMINUXEN.copy_state(state), sampled):
                    fast, plain = DOMINUXEN.copy_state(start), DOMINUXEN.copy_state(start)
                    fast_rng, plain_rng = Rng(seed), Rng(seed)
                    BOT.playout_step(fast, fast_rng)
                    plain_play_out(plain, plain_rng)
                    assert state_facts(fast) == state_facts(plain) and fast_rng.state == plain_rng.state
                    phases.add(start.phase)
            legal = DOMINUXEN.legal_actions(state)
            DOMINUXEN.apply(state, legal[chooser.randrange(len(legal))])
    assert phases == {PLAY, SNATCH, ANSWER, DRAW}


def plain_reply(state: DominuxenState) -> dict:
    """The normal bot's answer to a hit, or its draw, as the policy says it: take a snatched set that
    builds a bigger group (but near the end, unless the game runs long); take one's set back unless
    the best display tiles drawn in its place would join a bigger group; draw the display tile that
    joins the biggest group (the highest of them) if it joins one, or if the supply is empty."""
    seat = state.current
    counts = [sum(1 for t in state.hands[seat] if number in (LOW[t], HIGH[t])) for number in NUMBERS]
    fit = {t: max(counts[LOW[t]], counts[HIGH[t]]) for t in state.display}
    if state.phase in (SNATCH, ANSWER):
        target = state.rows[state.victim][-1]
        joined = counts[target.number] + len(target.tiles)
        if state.phase == SNATCH:
            near_end = len(state.display) + len(state.supply) <= 8 or min(len(h) for h in state.hands) <= 3
            take = (not near_end and joined >= len(target.tiles) + 1) or state.turn_number > 25 * state.players
            return {"type": "take" if take else "decline"}
        picks = sorted(fit.values(), reverse=True)[:len(target.tiles)]
        return {"type": "take_back" if joined >= max(picks, default=0) + 1 else "discard"}
    best = max(state.display, key=lambda t: (fit[t], t), default=None)
    if best is not None and (fit[best] >= 1 or not state.supply):
        return {"type": "draw", "source": "display", "tile": CODE[best]}
    return {"type": "draw", "source": "supply"}


def test_the_replies_and_draws_are_the_plain_ones_and_the_callers_own() -> None:
    options = DOMINUXEN.check_options({"doubles": True})
    replies = 0
    for seed in range(6):
        state = DOMINUXEN.new_state(4, options, Rng(seed), None)
        chooser = random.Random(seed)
        while DOMINUXEN.current_player(state) is not None:
            legal = DOMINUXEN.legal_actions(state)
            if state.phase != PLAY:
                action = BOT.policy_action(state, Rng(seed))
                assert action == plain_reply(state) and action in legal
                action.clear()  # the caller's own: the next answer is whole again
                assert BOT.policy_action(state, Rng(seed)) == plain_reply(state)
                replies += 1
            DOMINUXEN.apply(state, legal[chooser.randrange(len(legal))])
    assert replies > 100


def test_a_value_given_up_below_a_floor_is_below_it() -> None:
    # best_play asks for a value only if it may beat the best found: value_above gives up (None) once
    # the value is sure to be below the floor (or at it, unless ties win), else it is the value itself
    checked = 0
    for state in policy_states(4, True, range(2)) + policy_states(3, False, range(2)):
        found = policy.hand_plays(tuple(state.hands[state.turn]), state.doubles)
        values = [policy.PlayJudge(state, state.turn, found).value(i) for i in range(len(found.shapes))]
        for i, value in enumerate(values):
            for floor in (value, math.nextafter(value, math.inf), math.nextafter(value, -math.inf), value + 0.5):
                for ties in (False, True):
                    judge = policy.PlayJudge(state, state.turn, found)  # its chances worked out afresh
                    above = judge.value_above(i, floor, ties)
                    assert above == value if above is not None else value < floor or (value == floor and not ties)
                    assert above is not None or floor > value or not ties
                    checked += above is None
    assert checked > 100


def test_a_games_end_shows_the_plain_row_points_and_scores() -> None:
    # the end works each row's points out once, for the scores and the summary both
    for players, doubles in ((3, False), (4, True)):
        options = DOMINUXEN.check_options({"doubles": doubles})
        for seed in range(8):
            state = DOMINUXEN.new_state(players, options, Rng(seed), None)
            chooser = random.Random(seed)
            events: list[dict] = []
            while DOMINUXEN.current_player(state) is not None:
                legal = DOMINUXEN.legal_actions(state)
                events = DOMINUXEN.apply(state, legal[chooser.randrange(len(legal))])
            summary = next(e["summary"] for e in events if e["type"] == "game_ended")
            rows = [sum(weight(t, doubles) for s in row for t in s.tiles) for row in state.rows]
            hands = [sum(weight(t, doubles) for t in hand) for hand in state.hands]
            assert summary["rows"] == rows
            assert summary["scores"] == [r - h for r, h in zip(rows, hands, strict=True)] == state.totals
