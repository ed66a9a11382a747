"""Dominuxen's bots (the Bot protocol, pygames_core/ai/bot.py): the normal bot's policy, the plays
the hard bot compares and where its play-outs stop, and the value of an ending. The normal bot's
values of a play are policy.py's; sampling a state from a view is knowledge.py's."""

from __future__ import annotations

from copy import copy

from pygames_core.ai.bot import Bot, Words
from pygames_core.ai.outcomes import finish
from pygames_core.ai.search import MAX_PLAYOUT_STEPS
from pygames_core.engine.rng import Rng
from pygames_core.games.dominuxen import knowledge
from pygames_core.games.dominuxen.messages import DominuxenAction, DominuxenEvent, DominuxenView, PlayAction
from pygames_core.games.dominuxen.policy import best_play, ranked_plays, standings
from pygames_core.games.dominuxen.rules import (
    ANSWER_ACTIONS,
    DISPLAY_DRAWS,
    DOMINUXEN,
    MOVES,
    SNATCH_ACTIONS,
    SUPPLY_DRAW,
)
from pygames_core.games.dominuxen.state import (
    ANSWER,
    CODE,
    DRAW,
    FIELD,
    HIGH,
    LOW,
    OVER,
    PACKED,
    PLAY,
    SHIFTS,
    SNATCH,
    TILES,
    DominuxenState,
    PlayedSet,
    mover,
)

# each tile's fields in PACKED counts: its low number's and its high number's (reply)
LOW_SHIFTS = tuple(SHIFTS[LOW[t]] for t in TILES)
HIGH_SHIFTS = tuple(SHIFTS[HIGH[t]] for t in TILES)
SEARCH_PLAYS = 8  # the hard bot tries the normal bot's best few plays
# Declining a hit and taking the set back draws nothing, so play can cycle for ever (the rules allow
# it); past this many turns per player the bots take every hit, and the middle runs down to the end.
LONG_GAME_TURNS = 25


def search_plays(view: DominuxenView) -> list[PlayAction]:
    """The plays the hard bot compares: the normal bot's SEARCH_PLAYS best by its own values (which
    read only the mover's knowledge, so any state sampled from the view gives the same)."""
    state = knowledge.sample_state(view, Rng(0))
    ranked = ranked_plays(state, knowledge.viewer(view))
    return [play_action(p, state.doubles) for p in ranked[:SEARCH_PLAYS]]


def play_action(played: PlayedSet, doubles: bool) -> PlayAction:
    """The `play` action of a set (`doubled` only under the doubles rule)."""
    action: PlayAction = {"type": "play", "number": played.number, "tiles": [CODE[t] for t in played.tiles]}
    if doubles:
        action["doubled"] = [CODE[t] for t in played.doubled]
    return action


def near_end(state: DominuxenState) -> bool:
    return len(state.display) + len(state.supply) <= 8 or min(map(len, state.hands)) <= 3


def policy_action(state: DominuxenState, rng: Rng) -> DominuxenAction:
    """The 'normal' play of Dominuxen, from the mover's hand and public facts only."""
    if state.phase == PLAY:
        return play_action(best_play(state, mover(state)), state.doubles)
    return copy(reply(state))  # the caller's own


def reply(state: DominuxenState) -> DominuxenAction:
    """policy_action's answer to a hit, or its draw: one of the rules' own actions (read only)."""
    phase, victim = state.phase, state.victim  # a Phase member: `is` tells them apart
    assert victim is not None  # the phases of a reply (snatch, answer, draw) have one
    # the mover's counts of each number, tallied in one int (a number's count is its field: PACKED),
    # read for the few numbers asked: the snatcher's (the turn's) in a snatch, else the victim's. Added
    # up in a loop: sum(map(PACKED.__getitem__, hand)) calls a C method a tile, which in the page's
    # Pyodide costs twice the loop (session 39, bench/page_speed.py's runtime)
    packed = 0
    for tile in state.hands[state.turn if phase is SNATCH else victim]:
        packed += PACKED[tile]
    back = 0  # the group a hit set would join (in hand), and what it would bring
    if phase is not DRAW:
        number, tiles, _ = state.rows[victim][-1]
        back = (packed >> SHIFTS[number] & FIELD) + len(tiles)
        if phase is SNATCH:
            # take a set that builds a bigger group, unless the tiles would be stuck in hand at the end
            take = not near_end(state) and back >= len(tiles) + 1
            take = take or state.turn_number > LONG_GAME_TURNS * state.players
            return SNATCH_ACTIONS[0 if take else 1]
    display = state.display
    # the display tile that fits best, by the bigger group of its numbers (the last in the set's order of
    # those that fit best), found in one loop without a builtin call a tile (max is dear in the page)
    best_fit, best_tile = 0, -1
    for tile in display:
        low, high = packed >> LOW_SHIFTS[tile] & FIELD, packed >> HIGH_SHIFTS[tile] & FIELD
        fit = low if low > high else high
        if fit > best_fit or (fit == best_fit and tile > best_tile):
            best_fit, best_tile = fit, tile
    if phase is ANSWER:
        # take the set back unless a display tile drawn in its place would join a bigger group
        return ANSWER_ACTIONS[0 if back >= best_fit + 1 else 1]
    if display and (best_fit >= 1 or not state.supply):
        return DISPLAY_DRAWS[best_tile]
    return SUPPLY_DRAW


def evaluate(state: DominuxenState, seat: int) -> float:
    """Value for `seat` in [0, 1]: a share of the win if the match is over, else the margin over the
    best rival (totals plus this game's score as it stands)."""
    standing = standings(state)
    margin = standing[seat] - max(standing[s] for s in range(state.players) if s != seat)
    close = 0.5 + 0.5 * max(-1.0, min(1.0, margin / 15))
    if state.phase != OVER:
        return close
    best = max(standing)
    winners = [s for s in range(state.players) if standing[s] == best]
    won = 1.0 / len(winners) if seat in winners else 0.0
    return 0.8 * won + 0.2 * close


def play_out_game(state: DominuxenState) -> None:
    """policy_action's moves to the end of this game (playout_done's horizon), each made without its
    action message (a set's codes, read back) and without event records, in one loop: the search's
    play-out asks for no move between (tests/test_dominuxen_fast_paths.py plays them a move at a time
    through the rules alike). At most MAX_PLAYOUT_STEPS moves, the search's own guard."""
    game, play = state.game_number, DOMINUXEN.play
    for _ in range(MAX_PLAYOUT_STEPS):
        if state.phase is PLAY:
            play(state, best_play(state, state.turn), None)
        else:  # a reply is never a play: its move is found by its type alone (no look-up of a kept set)
            action = reply(state)
            MOVES[action["type"]](DOMINUXEN, state, action, None)
        if state.phase is OVER or state.game_number != game:
            return


class DominuxenBot(Bot[DominuxenState, DominuxenAction, DominuxenEvent, DominuxenView]):
    """What Dominuxen's bots know of the game (the protocol: pygames_core/ai/bot.py)."""

    # a round of three hard bots holds a median of six to ten moves with a real choice (sets played,
    # snatched sets taken or declined, tiles discarded); in 125 ms this engine settles in the page 1.03 to
    # 1.11 times the samples 26a1bbc's drew in a second with 4 players and doubles, where fewer were measured
    # weaker, and 0.85 to 0.90 times with 3, where half as many were measured as strong (session 39): a
    # round's median 635 to 893 ms (docs/benchmarks.md, issue 48 item 5)
    hard_budget_ms = 125

    def sample_state(self, view: DominuxenView, rng: Rng) -> DominuxenState:
        return knowledge.sample_state(view, rng)

    def policy_action(self, state: DominuxenState, rng: Rng) -> DominuxenAction:
        return policy_action(state, rng)

    def playout_step(self, state: DominuxenState, rng: Rng) -> None:
        # the rest of the game at once: the policy draws nothing from the rng
        play_out_game(state)

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
