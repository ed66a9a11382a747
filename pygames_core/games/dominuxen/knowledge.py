"""What a Dominuxen seat knows, and its inverse: `view` shows a seat its own hand, the sizes of the
others' and the tiles everyone saw go into them (`known`), and all that is on the table;
`sample_state` deals the tiles the seat cannot see back into the other hands and the supply. Read
them side by side: whatever `view` shows, `sample_state` must put back."""

from __future__ import annotations

from pygames_core.engine.rng import Rng
from pygames_core.games.dominuxen.messages import DominuxenView, SnatchView
from pygames_core.games.dominuxen.state import (
    ANSWER,
    CODE,
    DRAW,
    GAME_ID,
    HIGHEST,
    SNATCH,
    TILE_BY_CODE,
    TILES,
    DominuxenState,
    Phase,
    PlayedSet,
    Tile,
    every_row_points,
    place_rows,
    table_tally,
    victim_of,
)
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import left_of


def view(state: DominuxenState, seat: int | None) -> DominuxenView:
    """The view of `seat` (None: a spectator's, which shows no hand)."""
    snatch: SnatchView | None = None
    if state.phase in (SNATCH, ANSWER, DRAW):
        snatch = {
            "attacker": state.turn, "victim": state.victim,
            "played": state.rows[state.turn][-1].to_view(),
            "target": state.rows[victim_of(state)][-1].to_view() if state.phase != DRAW else None,
            "checked": [left_of(state.turn, state.players, i) for i in range(1, state.checked + 1)],
            "draws_left": state.draws_left,
        }
    return {
        "game": GAME_ID,
        "seat": seat,
        "players": state.players,
        "phase": state.phase.value,  # the plain string, as JSON has it
        "current_player": state.current,
        "doubles": state.doubles,
        "highest_number": HIGHEST,
        "games": state.games,
        "game_number": state.game_number,
        "first_player": state.first_player,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "hand": [CODE[t] for t in state.hands[seat]] if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "known": [[CODE[t] for t in sorted(k)] for k in state.known],
        "rows": [[s.to_view() for s in row] for row in state.rows],
        "display": [CODE[t] for t in state.display],
        "supply_size": len(state.supply),
        "discard": [CODE[t] for t in state.discard],
        "snatch": snatch,
        "row_points": every_row_points(state),
        "totals": list(state.totals),
        "finished_games": [s.thaw() for s in state.summaries],
    }


def viewer(view: DominuxenView) -> int:
    """The seat whose view this is (a spectator's view shows no hand to decide from: ValueError)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view shows no hand: the bots decide from a seat's view")
    return seat


def unseen_tiles(state: DominuxenState, seat: int, own: list[Tile]) -> list[Tile]:
    """The tiles `seat`, holding `own`, cannot place: in the unknown parts of the other hands, or in
    the supply (in the set's order)."""
    seen = set(own) | set(state.display) | set(state.discard)
    seen.update(t for row in state.rows for s in row for t in s.tiles)
    for other in range(state.players):
        if other != seat:
            seen |= state.known[other]
    return [t for t in TILES if t not in seen]


def sample_state(view: DominuxenView, rng: Rng) -> DominuxenState:
    """A full state consistent with one seat's view: the tiles it cannot see (other hands but their
    known tiles, and the supply) dealt at random. Known tiles (taken, taken back or drawn from the
    display, and not played since) stay in the hands everyone saw them go into."""
    seat, hand = viewer(view), view["hand"]
    assert hand is not None  # a seat's view shows its hand
    players = view["players"]
    state = DominuxenState(
        players=players, doubles=view["doubles"], games=view["games"], rng=Rng(rng.next_u64()),
        first_player=view["first_player"], game_number=view["game_number"], turn=view["turn"],
        turn_number=view["turn_number"], phase=Phase(view["phase"]), totals=list(view["totals"]),
        summaries=[Frozen.of(s) for s in view["finished_games"]],
    )
    state.known = [{TILE_BY_CODE[c] for c in k} for k in view["known"]]
    rows = [[PlayedSet(s["number"], tuple([TILE_BY_CODE[c] for c in s["tiles"]]),
                       tuple([TILE_BY_CODE[c] for c in s["doubled"]])) for s in row] for row in view["rows"]]
    place_rows(state, rows)
    state.display = [TILE_BY_CODE[c] for c in view["display"]]
    state.discard = [TILE_BY_CODE[c] for c in view["discard"]]
    state.table = table_tally(state)
    own = [TILE_BY_CODE[c] for c in hand]
    unseen = unseen_tiles(state, seat, own)
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
