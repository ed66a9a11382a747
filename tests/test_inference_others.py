"""What the bots of Apples, Roller Derby and Dominuxen infer: over positions reached in seeded games of
normal bots, every state a seat's bot samples fits that seat's view and the public history, read here
from the history itself (the tricks played, the bids, the tiles seen going into a hand) rather than
from the game's own summaries of it; and the bots still never peek (two games identical from the
mover's seat get the same action)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import pygames_core as pg
from pygames_core.ai import search
from pygames_core.engine.rng import Rng
from pygames_core.games import find_entry
from pygames_core.games.dominuxen.state import TILES
from pygames_core.kit.cards import Joker

SAMPLES_PER_POSITION = 4


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def seeded_game(game_id: str, seed: int, options: dict[str, Any], every: int,
                watch: Callable[[list[dict[str, Any]]], None] | None = None) -> Iterator[pg.Game]:
    """A game of normal bots; yields it before every `every`-th action (and `watch` sees every action's
    public events as they happen)."""
    game = pg.new_game(game_id, seed=seed, options=options)
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game
        events = game.apply(pg.bot_action(game, "normal", seed=seed * 1000 + step))
        if watch is not None:
            watch(events)
        step += 1


def samples(game: pg.Game, seat: int, seed: int) -> Iterator[Any]:
    """States the seat's bot samples, each checked to give the seat its view and remembered view again."""
    bot = find_entry(game.game_id).bot
    view = game.remembered_view(seat)
    for k in range(SAMPLES_PER_POSITION):
        state = bot.sample_state(view, Rng(seed * 100 + k))
        assert canonical(game.rules.view(state, seat)) == canonical(game.view(seat))
        assert canonical(game.rules.remembered_view(state, seat)) == canonical(view)
        yield state


# --- trick games: voids shown in the tricks ------------------------------------------------------------------

def voids_shown(tricks: list[list[dict[str, Any]]], trump: str | None, must_trump: bool) -> dict[int, set[str]]:
    """The suits each seat showed it lacks, from the plays of the deal's tricks (each a list of
    {"seat", "card", "suit"?}, led first): a card off the led suit shows that suit out, and where a
    player out of it must trump, a card that is no trump either shows trumps out too."""
    out: dict[int, set[str]] = {}
    for plays in tricks:
        led = plays[0].get("suit", plays[0]["card"][-1])
        for play in plays[1:]:
            suit = play.get("suit", play["card"][-1])
            if suit != led:
                out.setdefault(play["seat"], set()).add(led)
                if must_trump and trump is not None and suit != trump:
                    out[play["seat"]].add(trump)
    return out


def all_tricks(view: dict[str, Any]) -> list[list[dict[str, Any]]]:
    tricks = [t["plays"] for t in view["played"]]
    return tricks + ([view["trick"]] if view["trick"] else [])


# --- Apples ------------------------------------------------------------------------------------------------

def apples_positions() -> Iterator[tuple[pg.Game, int]]:
    for seed in (1, 2, 3):
        for game in seeded_game("apples", seed, {}, every=5):
            if game.view(None)["deal"] > 1:
                break
            yield game, seed


def test_apples_samples_fit_the_voids_the_bids_and_the_view():
    checked = Counter[str]()
    for game, seed in apples_positions():
        seat = game.current_player
        assert seat is not None
        view = game.view(seat)
        voids = voids_shown(all_tricks(view), view["trump"], must_trump=False)
        shown: dict[tuple[int, str], int] = {}
        for call in view["bids"]:
            if call["type"] == "bid":
                key = (call["seat"], call["suit"])
                shown[key] = max(shown.get(key, 0), call["count"])
        for state in samples(game, seat, seed + len(game.history)):
            for other in range(4):
                if other == seat:
                    continue
                held = state.hands[other]
                for suit in voids.get(other, ()):
                    assert not any(c.suit == suit for c in held), f"seat {other} showed {suit} out"
                    checked["void"] += 1
                if view["phase"] in ("bid", "discard"):  # before the exchange: hand and pile as dealt
                    kept = Counter(c.suit for c in [*held, *state.discards[other]])
                    for (bidder, suit), count in shown.items():
                        if bidder == other:
                            assert kept[suit] >= count, f"seat {other} bid {count} {suit}"
                            checked["bid"] += 1
            # every card once: in a hand, captured (the finished tricks), on the table or set aside
            every_card = [c for h in state.hands for c in h] + [c for c in state.captured for c in c]
            every_card += [c for _, c in state.trick.plays]
            every_card += [c for c in state.targets.choices if c is not None]
            if view["phase"] in ("bid", "discard"):
                every_card += [c for d in state.discards for c in d]
            assert len(every_card) == len(set(every_card)) == 52
    assert checked["void"] and checked["bid"]  # the positions did test both


def test_apples_bots_do_not_peek(deterministic_search):
    twins_checked = 0
    for game, seed in apples_positions():
        if game.view(None)["phase"] not in ("discard", "play") or len(game.history) % 2:
            continue
        twins_checked += no_peeking(game, seed, deterministic_search)
    assert twins_checked >= 4


# --- Roller Derby ------------------------------------------------------------------------------------------

ROLLER_DERBY_OPTIONS = [{}, {"jokers": True, "privilege": True}]


def roller_derby_positions(options: dict[str, Any]) -> Iterator[tuple[pg.Game, int]]:
    for seed in (1, 2):
        for game in seeded_game("roller_derby", seed, options, every=4):
            if game.view(None)["deal"] > 2:
                break
            yield game, seed


@pytest.mark.parametrize("options", ROLLER_DERBY_OPTIONS, ids=["plain", "jokers"])
def test_roller_derby_samples_fit_the_voids_the_jokers_and_the_view(options):
    checked = Counter[str]()
    for game, seed in roller_derby_positions(options):
        seat = game.current_player
        assert seat is not None
        view = game.view(seat)
        trump = view["trump"] if view["trump"] != "NT" else None
        voids = voids_shown(all_tricks(view), trump, must_trump=True)
        rolling = view["rolling_team"]
        for state in samples(game, seat, seed + len(game.history)):
            for other in range(4):
                if other == seat:
                    continue
                held = state.hands[other]
                suits = Counter(c.suit for c in held if not isinstance(c, Joker))
                for suit in voids.get(other, ()):
                    assert suits[suit] == 0, f"seat {other} showed {suit} out"
                    checked["void"] += 1
                if rolling is not None and other % 2 != rolling:
                    assert not any(isinstance(c, Joker) for c in held), "a joker with the defenders"
                    checked["jokerless"] += 1
    assert checked["void"] and checked["jokerless"]


@pytest.mark.parametrize("options", ROLLER_DERBY_OPTIONS, ids=["plain", "jokers"])
def test_roller_derby_bots_do_not_peek(options, deterministic_search):
    twins_checked = 0
    for game, seed in roller_derby_positions(options):
        if game.view(None)["phase"] != "play" or len(game.history) % 3:
            continue
        twins_checked += no_peeking(game, seed, deterministic_search)
    assert twins_checked >= 3


# --- Dominuxen ---------------------------------------------------------------------------------------------

class SeenTiles:
    """The tiles everyone saw go into each hand and not come out since, kept from the public events."""

    def __init__(self, players: int) -> None:
        self.in_hand: list[set[str]] = [set() for _ in range(players)]

    def watch(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "game_started":
                self.in_hand = [set() for _ in self.in_hand]
            elif kind == "played":
                self.in_hand[event["seat"]] -= set(event["set"]["tiles"])
            elif kind == "taken":
                self.in_hand[event["attacker"]] |= set(event["tiles"])
            elif kind == "taken_back":
                self.in_hand[event["seat"]] |= set(event["tiles"])
            elif kind == "drew" and event["source"] == "display":
                self.in_hand[event["seat"]].add(event["tile"])


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"doubles": True, "games": 2})])
def test_dominuxen_samples_keep_the_tiles_seen_and_the_view(players, options):
    checked = 0
    for seed in (1, 2):
        seen = SeenTiles(players)
        game = pg.new_game("dominuxen", players=players, seed=seed, options=options)
        step = 0
        while not game.is_over and step < 240:
            seat = game.current_player
            assert seat is not None
            if step % 6 == 0:
                for state in samples(game, seat, seed * 1000 + step):
                    for other in range(players):
                        hand = {t.code for t in state.hands[other]}
                        assert seen.in_hand[other] <= hand, f"seat {other} must still hold what it was seen to take"
                        checked += bool(seen.in_hand[other]) and other != seat
                    placed = [t for h in state.hands for t in h] + state.display + state.supply + state.discard
                    placed += [t for row in state.rows for s in row for t in s.tiles]
                    assert sorted(placed) == sorted(TILES)  # every tile once
            seen.watch(game.apply(pg.bot_action(game, "normal", seed=seed * 1000 + step)))
            step += 1
    assert checked


def test_dominuxen_bots_do_not_peek(deterministic_search):
    twins_checked = 0
    for seed in (1, 2):
        for game in seeded_game("dominuxen", seed, {}, every=7):
            if len(game.history) > 150:
                break
            twins_checked += no_peeking(game, seed, deterministic_search)
    assert twins_checked >= 6


# --- no peeking, for every game ----------------------------------------------------------------------------

@pytest.fixture
def deterministic_search(monkeypatch):
    """The hard bot without the clock: a fixed number of samples whatever the machine's load."""
    monkeypatch.setattr(search, "MAX_SAMPLES", 3)
    return 600_000  # a budget that is never the limit


def no_peeking(game: pg.Game, seed: int, budget: int) -> int:
    """The mover's normal and hard choices in `game` and in a twin whose hidden cards are dealt anew
    (a state sampled from the mover's view): identical. Returns 1 when the twin differs in a hidden
    card (so the check meant something), else 0."""
    seat = game.current_player
    if seat is None or len(game.legal_actions()) < 2:
        return 0
    twin = game.copy()
    twin._state = find_entry(game.game_id).bot.sample_state(game.remembered_view(seat), Rng(seed + 7))
    assert canonical(twin.remembered_view(seat)) == canonical(game.remembered_view(seat))
    assert twin.legal_actions() == game.legal_actions()
    for level in ("normal", "hard"):
        for bot_seed in (1, 2):
            mine = pg.bot_action(game, level, seed=bot_seed, time_budget_ms=budget)
            theirs = pg.bot_action(twin, level, seed=bot_seed, time_budget_ms=budget)
            assert mine == theirs, f"{game.game_id} {level}: the hidden cards changed the choice"
    hidden_differ = any(canonical(game.view(s)) != canonical(twin.view(s)) for s in range(game.players) if s != seat)
    return int(hidden_differ)
