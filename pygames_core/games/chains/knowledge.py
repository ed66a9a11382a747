"""What a Chains seat knows, and its inverse: everything on the tables is public but the order of
each deck (nobody sees their own either), so `view` shows each deck as counts of its unseen numbers,
and `sample_state` deals those counts back into a random order. Read them side by side: whatever
`view` shows, `sample_state` must put back."""

from __future__ import annotations

from pygames_core.engine.rng import Rng
from pygames_core.games.chains.messages import ChainsView, EndCardView, TableView
from pygames_core.games.chains.state import GAME_ID, NUMBERS, ChainsState, Table, score_of, sold_out_threshold
from pygames_core.kit.match import match_from_view


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
    match = match_from_view(view["match"], view["cube"]) if "cube" in view else None
    if match is not None and match.offered_by is not None:
        current = match.offered_by  # the doubler's turn goes on after the answer
    return ChainsState(rng=Rng(rng.next_u64()), tables=tables, current=0 if current is None else current,
                       over=view["over"], leaving_order=list(view["leaving_order"]), match=match,
                       turn_start=view.get("turn_start", True))
