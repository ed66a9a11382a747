"""What a Chains seat knows, and its inverse: everything on the tables is public but the order of
each deck (nobody sees their own either), so `view` shows each deck as counts of its unseen numbers,
and `sample_state` deals those counts back into a random order. Read them side by side: whatever
`view` shows, `sample_state` must put back."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from pygames_core.engine.rng import Rng
from pygames_core.games.chains.state import GAME_ID, NUMBERS, ChainsState, Table, score_of, sold_out_threshold
from pygames_core.kit.match import match_from_view


class EndCardView(TypedDict):
    """One number of the end-card area: the seats that may still take it, those that took it."""

    number: int
    open: list[int]
    taken_by: list[int]
    locked: bool


class TableView(TypedDict):
    """One player's table as every seat sees it: the deck by its unseen counts, not its order."""

    deck: int
    unseen: dict[str, int]  # number (a JSON key, so a string) -> copies still in the deck
    drawn: int | None
    work: list[int]
    slots: list[list[int]]
    ends: list[int]
    taken: list[int]
    discard: list[int]
    dead: list[list[int]]
    left: bool
    score: int


class ChainsView(TypedDict):
    """What a seat sees: every table and the end-card area; with the cube, the cube and the match."""

    game: str
    seat: int | None
    players: int
    solitaire: bool
    slots: int  # holding slots per player
    current_player: int | None
    over: bool
    threshold: int | None  # end cards of one number taken before the rest sell out (expansion only)
    end_cards: list[EndCardView]
    tables: list[TableView]
    leaving_order: list[int]
    cube: NotRequired[dict[str, Any]]  # Match.cube_view (pygames_core/kit/match.py)
    match: NotRequired[dict[str, Any]]  # Match.match_view
    turn_start: NotRequired[bool]  # the player to move has not acted yet this turn (a double is allowed)


def view(state: ChainsState, seat: int | None) -> ChainsView:
    """The view of `seat` (None: a spectator's, the same here: nothing is private)."""
    seen: ChainsView = {
        "game": GAME_ID,
        "seat": seat,
        "players": state.players,
        "solitaire": state.solitaire,
        "slots": len(state.tables[0].slots),
        "current_player": None if state.over else state.current,
        "over": state.over,
        "threshold": None if state.solitaire else sold_out_threshold(state.players),
        "end_cards": [_end_card_view(state, n) for n in NUMBERS],
        "tables": [_table_view(state, s) for s in range(state.players)],
        "leaving_order": list(state.leaving_order),
    }
    match = state.match
    if match is not None:
        # the seat may double: it is its turn, no double waits, and the match allows one now (the
        # double among rules.py's legal actions, read from the same facts)
        may_double = (not state.over and match.offered_by is None and seat == state.current
                      and {"type": "double"} in match.actions(state.current, state.turn_start))
        seen["cube"] = match.cube_view(seat, may_double)
        seen["match"] = match.match_view()
        seen["turn_start"] = state.turn_start
    return seen


def _end_card_view(state: ChainsState, number: int) -> EndCardView:
    return {"number": number,
            "open": [s for s, t in enumerate(state.tables) if number in t.ends and not state.locked(number)],
            "taken_by": [s for s, t in enumerate(state.tables) if number in t.taken], "locked": state.locked(number)}


def _table_view(state: ChainsState, seat: int) -> TableView:
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


def sample_state(view: ChainsView, rng: Rng) -> ChainsState:
    """A full state consistent with a view: everything is public but the order of each deck, so
    every deck (the viewer's own too: nobody sees their deck order) is a fresh shuffle of its
    unseen cards."""
    tables = []
    for table in view["tables"]:
        deck = [int(n) for n, c in table["unseen"].items() for _ in range(c)]
        rng.shuffle(deck)
        tables.append(Table(deck=deck, slots=[list(p) for p in table["slots"]], work=list(table["work"]),
                            drawn=table["drawn"], ends=set(table["ends"]), taken=list(table["taken"]),
                            discard=list(table["discard"]), dead=[list(p) for p in table["dead"]], left=table["left"]))
    current = view["current_player"]
    # kit/match.py reads a view as a plain dict; the view's "cube" and "match" are the ones it wrote
    match = match_from_view(cast(dict[str, Any], view)) if "cube" in view else None
    if match is not None and match.offered_by is not None:
        current = match.offered_by  # the doubler's turn goes on after the answer
    return ChainsState(rng=Rng(rng.next_u64()), tables=tables, current=0 if current is None else current,
                       over=view["over"], leaving_order=list(view["leaving_order"]), match=match,
                       turn_start=view.get("turn_start", True))
