"""Apples' fast paths for the search (issue 48), checked against the plain forms they replace: the play
policy `choose_play`, written for speed (the facts of a decision worked out once, the unseen cards as one
int, rows per suit of the chance that the seats still to play beat a card), chooses the same card at every
play decision of random and normal games and of states the hard bot samples from them; and the card plays
are listed (legal_actions, the kit's play_actions inline) and made (`play_card`, the kit's play_to_trick
inline) as the kit's functions do; and the hard bot's play-outs play the rest of a deal in one loop
(`play_out_deal`) to the state play_card leaves, the deal unsettled, whose value `evaluate` counts as the deal
settled by end_deal comes to."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from pygames_core.engine.rng import Rng
from pygames_core.games.apples import BOT, RULES
from pygames_core.games.apples.bot import choose_play, evaluate, play_out_deal, win_guess
from pygames_core.games.apples.messages import deal_outcome
from pygames_core.games.apples.rules import APPLES, PLAY_ACTIONS, play_card
from pygames_core.games.apples.state import PLAYERS, TRICKS, ApplesState, rank_counts, rank_points
from pygames_core.kit.cards import Card, card
from pygames_core.kit.tricks import (
    Trick,
    beats,
    play_actions,
    play_to_trick,
    playable_cards,
    seats_after,
    unseen_ranks,
    winning_play,
)


def plain_gain(counts: dict[int, int], added: list[Card], target_rank: int | None) -> int:
    """How many points capturing `added` would add to a player holding `counts` of each rank."""
    total = 0
    for rank, n in rank_counts(added).items():
        have = counts.get(rank, 0)
        total += rank_points(rank, have + n, rank == target_rank) - rank_points(rank, have, rank == target_rank)
    return total


def plain_choose_play(state: ApplesState, seat: int) -> Card:
    """The policy as first written: the ranks this seat cannot place by suit, each seat's chance to beat a
    card asked of a function, each option's gain counted from the whole trick, the best by max()'s key."""
    hand = state.hands[seat]
    options = playable_cards(hand, state.trick.led_suit)
    plays = state.trick.plays
    trump = state.trump
    target = state.targets.choices[seat]
    target_rank = target.rank if target is not None else None
    on_table = [c for _, c in plays]
    captured = [c for taken in state.captured for c in taken]
    unknown_ranks = unseen_ranks([*captured, *hand, *on_table, *([target] if target is not None else [])])
    unknown_count = {s: m.bit_count() for s, m in unknown_ranks.items()}
    hidden = max(1, sum(unknown_count.values()))
    later = seats_after(PLAYERS)[seat][:PLAYERS - 1 - len(plays)]
    mine = rank_counts(state.captured[seat])
    misses = {other: 1.0 - min(1.0, len(state.hands[other]) / hidden) for other in later}

    def beaten_by(other: int, top: Card, led: str) -> float:
        miss = misses[other]
        voids = state.voids[other]
        out_of_led = 1.0 if led in voids else miss ** unknown_count[led]
        higher = 0 if top.suit in voids else (unknown_ranks[top.suit] >> (top.rank + 1)).bit_count()
        if top.suit != led:
            beaters = higher * out_of_led
        elif top.suit != trump and trump is not None and trump not in voids:
            beaters = higher + unknown_count[trump] * out_of_led
        else:
            beaters = higher
        return 1.0 - miss ** beaters

    led = plays[0][1].suit if plays else None
    ahead_seat, ahead = winning_play(plays, trump) if plays else (seat, None)
    theirs = rank_counts(state.captured[ahead_seat]) if ahead is not None else {}

    def key(c: Card) -> tuple[float, int]:
        if ahead is None or beats(c, ahead, trump):
            hold = 1.0
            for other in later:
                hold *= 1.0 - beaten_by(other, c, led or c.suit)
            others_gain = 0
        else:
            hold = 0.0
            others_gain = plain_gain(theirs, [*on_table, c], None)
        my_gain = plain_gain(mine, [*on_table, c], target_rank)
        keep = 2.0 * win_guess(c, trump)
        if c.rank == target_rank:
            keep += 8.0 * (1.0 - hold)
        return hold * my_gain - (1.0 - hold) * 0.5 * max(others_gain, 0) - keep, -c.rank

    return max(options, key=key)


def play_decisions(seed: int, random_plays: bool) -> list[ApplesState]:
    """Copies of one game's state at every card play, the game played by the normal policy (its card plays at
    random with `random_plays`), with a state the hard bot samples from the mover's view at each."""
    state = RULES.new_state(PLAYERS, {}, Rng(seed), None)
    chooser, policy_rng = random.Random(seed), Rng(seed)
    found = []
    while RULES.current_player(state) is not None and len(state.summaries) < 2:
        if state.phase == "play":
            seat = RULES.current_player(state)
            found += [RULES.copy_state(state), BOT.sample_state(RULES.remembered_view(state, seat), Rng(seed))]
            if random_plays:
                legal = RULES.legal_actions(state)
                RULES.apply(state, legal[chooser.randrange(len(legal))])
                continue
        RULES.apply(state, BOT.policy_action(state, policy_rng))
    return found


@pytest.mark.parametrize("random_plays", [False, True])
def test_the_play_policy_chooses_as_its_plain_form(random_plays):
    compared = 0
    for seed in range(10):
        for state in play_decisions(seed, random_plays):
            seat = RULES.current_player(state)
            assert choose_play(state, seat) is plain_choose_play(state, seat), (seed, seat, state.trick.plays)
            compared += 1
    assert compared > 500


def test_card_plays_are_listed_and_made_as_the_kits_play_actions_and_play_to_trick_do():
    compared = 0
    for seed in range(4):
        state = RULES.new_state(PLAYERS, {}, Rng(seed), None)
        chooser, policy_rng = random.Random(seed), Rng(seed)
        while RULES.current_player(state) is not None and len(state.summaries) < 2:
            if state.phase != "play":
                RULES.apply(state, BOT.policy_action(state, policy_rng))
                continue
            seat = RULES.current_player(state)
            legal = RULES.legal_actions(state)
            plays = state.trick.plays
            assert legal == play_actions(state.hands[seat], plays[0][1].suit if plays else None, PLAY_ACTIONS)
            action = legal[chooser.randrange(len(legal))]
            played = card(action["card"])
            fast, plain = RULES.copy_state(state), RULES.copy_state(state)
            done = play_card(fast, played)
            winner = play_to_trick(plain.trick, seat, played, plain.hands[seat], plain.voids[seat], PLAYERS,
                                   plain.trump)
            assert fast.hands == plain.hands and fast.voids == plain.voids, (seed, seat, played)
            if winner is None:
                assert done is None and fast.trick == plain.trick
            else:
                assert done is not None and (done.winner, done.plays) == (winner, tuple(plain.trick.plays))
                assert fast.trick == Trick(winner) and fast.captured[winner][-PLAYERS:] == [c for _, c in done.plays]
            compared += 1
            RULES.apply(state, action)
    assert compared > 300


def state_fields(state: ApplesState) -> list[object]:
    """Every field of a state, the rng by its position and the target cards by their list (an Rng and
    SecretChoices equal themselves only)."""
    shown = {"rng": state.rng.state, "targets": state.targets.choices}
    return [shown.get(f.name, getattr(state, f.name)) for f in fields(state)]


def plain_evaluate(state: ApplesState, seat: int) -> float:
    """bot.evaluate of a settled deal, as first written: the game's result once it is over, else the deal's
    points read from its summary."""
    if state.phase == "over":
        winners = [s for s in range(PLAYERS) if state.scores[s] == max(state.scores)]
        won = 1.0 / len(winners) if seat in winners else 0.0
        rival = max(state.scores[s] for s in range(PLAYERS) if s != seat)
        return 0.8 * won + 0.2 * (0.5 + 0.5 * max(-1.0, min(1.0, (state.scores[seat] - rival) / 100)))
    points = state.summaries[-1].thaw()["points"]
    margin = points[seat] - sum(points[s] for s in range(PLAYERS) if s != seat) / (PLAYERS - 1)
    return 0.5 + 0.5 * max(-1.0, min(1.0, margin / 80))


def late_play_decisions(seed: int) -> list[ApplesState]:
    """Copies of a game's state at the card plays of its deals from the first whose end ends the game (and
    of states sampled there), the game played by the normal policy: the play-outs' value of a game's end."""
    state = RULES.new_state(PLAYERS, {}, Rng(seed), None)
    policy_rng = Rng(seed)
    found = []
    while RULES.current_player(state) is not None:
        if state.phase == "play":
            found.append(RULES.copy_state(state))
        RULES.apply(state, BOT.policy_action(state, policy_rng))
    last_deal = [s for s in found if s.deal == state.deal]
    seat = RULES.current_player(last_deal[0])
    return [*last_deal, BOT.sample_state(RULES.remembered_view(last_deal[0], seat), Rng(seed))]


@pytest.mark.parametrize("random_plays", [False, True, None])
def test_a_deal_played_out_in_one_loop_ends_as_its_cards_played_one_at_a_time(random_plays):
    """play_out_deal (the hard bot's play-outs: the play ahead and the trick's number carried from card to card,
    the deal left unsettled, its tricks unrecorded) against play_card of each policy's card, from every card play
    of random and normal games and of states sampled there (None: of the deal that ends a game); and the value of
    its end (evaluate, which counts the points from the captured cards then, and ends the game when they reach the
    goal) against the value of the deal settled by end_deal, read from its summary or the game's end; and the
    outcome a hint tells of it against the settled deal's."""
    compared = over = 0
    for seed in range(6):
        for state in play_decisions(seed, random_plays) if random_plays is not None else late_play_decisions(seed):
            fast, plain = RULES.copy_state(state), RULES.copy_state(state)
            play_out_deal(fast)
            while True:
                done = play_card(plain, choose_play(plain, RULES.current_player(plain)))
                if done is not None and done.number == TRICKS:
                    break
            # every field as play_card leaves it, but the records of the tricks played out: none kept
            assert fast.completed == state.completed and len(plain.completed) == TRICKS, (seed, state.trick.plays)
            plain.completed = fast.completed
            assert state_fields(fast) == state_fields(plain), (seed, state.trick.plays)
            assert BOT.playout_done(state, fast)
            settled = RULES.copy_state(plain)
            APPLES.end_deal(settled)
            assert [evaluate(fast, s) for s in range(PLAYERS)] == [plain_evaluate(settled, s) for s in range(PLAYERS)]
            assert [BOT.outcome(state, fast, s) for s in range(PLAYERS)] == [
                deal_outcome(settled.summaries[-1].thaw(), s) for s in range(PLAYERS)]
            compared += 1
            over += settled.phase == "over"
    assert over > 50 if random_plays is None else compared > 500
