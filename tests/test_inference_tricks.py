"""What the bots of Arsène and On Schedule infer from the play (issue 18, item 2), checked on positions
reached in seeded games rather than on hand-made ones:

- every state the bots sample from a seat's remembered view deals the cards that seat cannot place, and
  only those, to the right places in the right numbers, and never a suit to a player who has shown,
  by not following it, to be out of it (worked out here from the public record of the tricks, not read
  from the view's own `voids`); the seat's own hand, the turned-up edge card (Arsène), the cards a seat
  gave its partner (On Schedule: in the partner's hand until played) stay where the seat knows them;
- the bots never peek: two games that differ only in cards the mover cannot see (two hidden hands
  swapping cards of a suit) give the same action at the normal and the hard level.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import pygames_core as pg
from pygames_core.ai import search
from pygames_core.engine.rng import Rng
from pygames_core.games import find_entry
from pygames_core.games.arsene.state import PLAY_DECK
from pygames_core.games.on_schedule.state import DECK
from pygames_core.kit.cards import sort_hand

GAMES = ("arsene", "on_schedule")
SEEDS = (3, 11)
SAMPLES_PER_POSITION = 4


def positions(game_id: str, seed: int, every: int) -> Iterator[pg.Game]:
    """Copies of a seeded game of normal bots at every `every`-th decision of its first two deals."""
    game = pg.new_game(game_id, seed=seed)
    while not game.is_over and game.result()["deals"] <= 2:
        if len(game.history) % every == 0 and len(game.legal_actions()) > 1:
            yield game.copy()
        game.apply(pg.bot_action(game, "normal", seed=seed * 1000 + len(game.history)))


def public_record(view: dict) -> tuple[set[str], list[set[str]]]:
    """The cards on the table or in finished tricks, and each seat's suits shown to be out of, worked out
    from the record of the tricks alone (a card that did not follow the suit led)."""
    played: set[str] = set()
    voids: list[set[str]] = [set() for _ in view["hand_sizes"]]
    for plays in [t["plays"] for t in view["played"]] + [view["trick"]]:
        if not plays:
            continue
        led = plays[0]["card"][1]
        for p in plays:
            played.add(p["card"])
            if p["card"][1] != led:
                voids[p["seat"]].add(led)
    return played, voids


def check_sample(game_id: str, view: dict, sample, seat: int) -> None:
    played, voids = public_record(view)
    own = set(view["hand"])
    assert [c.code for c in sample.hands[seat]] == view["hand"]
    assert [len(h) for h in sample.hands] == view["hand_sizes"]
    hidden_places = [set(c.code for c in sample.hands[s]) for s in range(len(view["hand_sizes"])) if s != seat]
    for other in range(len(view["hand_sizes"])):
        if other != seat:
            held = {c.code for c in sample.hands[other]}
            assert not held & (own | played), f"seat {other} holds a card {seat} knows elsewhere"
            assert not {code[1] for code in held} & voids[other], f"seat {other} holds a suit it showed out of"
    if game_id == "arsene":
        edge = next((e["card"] for e in view["table"] if e["chosen"]), None)
        known = own | played | ({edge} if edge else set())
        hidden_places += [{c.code for i, c in enumerate(sample.table) if i != sample.chosen}]
        assert edge is None or sample.table[sample.chosen].code == edge
        deck = {c.code for c in PLAY_DECK}
    else:
        gave = set(view["gave"] or [])
        known = own | played | gave
        deck = {c.code for c in DECK}
        partner = (seat + 2) % 4
        if view["phase"] == "play":
            assert gave - played <= {c.code for c in sample.hands[partner]}  # what it gave, until played
            known -= gave - played
        else:
            for other in range(4):
                gift = sample.gifts.choices[other]
                if other != seat and gift is not None:
                    hidden_places.append({c.code for c in gift})
    every_hidden = [code for place in hidden_places for code in place]
    assert len(every_hidden) == len(set(every_hidden))  # no card dealt twice
    assert set(every_hidden) == deck - known  # exactly the cards the seat cannot place
    assert json.dumps(pg_view(game_id, sample, seat)) == json.dumps(view)


def pg_view(game_id: str, state, seat: int) -> dict:
    return find_entry(game_id).rules.remembered_view(state, seat)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_samples_agree_with_the_public_record(game_id, seed):
    bot = find_entry(game_id).bot
    checked = 0
    for game in positions(game_id, seed, every=3):
        seat = game.current_player
        view = game.remembered_view(seat)
        rng = Rng(seed)
        for _ in range(SAMPLES_PER_POSITION):
            check_sample(game_id, view, bot.sample_state(view, rng), seat)
        checked += 1
    assert checked > 20


def test_samples_honour_voids_shown_in_the_deal():
    """A position where voids were shown: the samples still put each remaining card somewhere allowed, and
    vary (the sampler does not settle on one deal)."""
    for game_id in GAMES:
        bot = find_entry(game_id).bot
        found = False
        for game in positions(game_id, 5, every=1):
            seat = game.current_player
            view = game.remembered_view(seat)
            _, voids = public_record(view)
            if sum(len(v) for s, v in enumerate(voids) if s != seat) < 2:
                continue
            rng = Rng(1)
            hands = set()
            for _ in range(20):
                sample = bot.sample_state(view, rng)
                check_sample(game_id, view, sample, seat)
                hands.add(tuple(c.code for c in sample.hands[(seat + 1) % 4]))
            assert len(hands) > 1
            found = True
            break
        assert found, f"no {game_id} position with voids shown"


def twin(game: pg.Game) -> pg.Game | None:
    """A copy of `game` that differs only in cards the mover cannot see: two other seats swap a card of a
    suit both hold (so no void shown is broken), leaving out cards a gift moved (their places are known to
    the givers). None when no such pair is found."""
    other = game.copy()
    state = other._state
    seat = game.current_player
    gifts = {c for gift in getattr(state, "given", ()) for c in gift}
    hidden = [s for s in range(4) if s != seat]
    for a in hidden:
        for b in hidden:
            if a < b:
                for x in state.hands[a]:
                    y = next((c for c in state.hands[b] if c.suit == x.suit and c.rank != x.rank
                              and x not in gifts and c not in gifts), None)
                    if y is not None:
                        state.hands[a] = sort_hand([y if c == x else c for c in state.hands[a]])
                        state.hands[b] = sort_hand([x if c == y else c for c in state.hands[b]])
                        return other
    return None


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_do_not_peek(game_id, level, monkeypatch):
    monkeypatch.setattr(search, "MAX_SAMPLES", 3)  # a fixed number of samples, whatever the machine's speed
    compared = 0
    for game in positions(game_id, 7, every=7):
        if game._state.phase != "play":
            continue
        other = twin(game)
        if other is None:
            continue
        seat = game.current_player
        assert json.dumps(game.remembered_view(seat)) == json.dumps(other.remembered_view(seat))
        assert game._state.hands != other._state.hands
        for seed in range(2):
            assert pg.bot_action(game, level, seed=seed, time_budget_ms=600_000) == \
                pg.bot_action(other, level, seed=seed, time_budget_ms=600_000)
        compared += 1
        if compared == 6:
            break
    assert compared >= 3
