"""pygames' shared contract tests (pygames_core.testing), run on German Whist."""

from __future__ import annotations

from german_whist import ENTRY

from pygames_core import testing
from pygames_core.engine.game import Game


def secrets(game: Game, seat: int | None) -> set[str]:
    """What the rules keep from `seat`: the other hand, and the stock under its top card."""
    state = game._state
    return set(state.stock[1:]).union(*(state.hands[other] for other in range(game.players) if other != seat))


def public(game: Game, seat: int | None) -> set[str]:
    """What the play has shown everyone of them: the turned-up cards, seen taken into a hand."""
    return set().union(*game._state.known)


def test_catalog() -> None:
    testing.check_catalog(ENTRY)


def test_new_game() -> None:
    testing.check_new_game(ENTRY)


def test_bad_setups_are_refused() -> None:
    testing.check_bad_setups(ENTRY)


def test_legal_actions_apply() -> None:
    testing.check_legal_actions_apply(ENTRY)


def test_illegal_actions_are_refused_unchanged() -> None:
    testing.check_illegal_refused(ENTRY)


def test_game_over() -> None:
    testing.check_game_over(ENTRY)


def test_nothing_shared() -> None:
    testing.check_nothing_shared(ENTRY)


def test_determinism() -> None:
    testing.check_determinism(ENTRY)


def test_undo() -> None:
    testing.check_undo(ENTRY)


def test_save_round_trip() -> None:
    testing.check_save_round_trip(ENTRY)


def test_copy_state_is_independent() -> None:
    testing.check_copy_state_independent(ENTRY)


def test_views_hide_the_other_hand_and_the_stock() -> None:
    testing.check_views_hide(ENTRY, secrets, public=public)


def test_sample_state_is_consistent_with_the_view() -> None:
    testing.check_sample_state(ENTRY)


def test_bots_play_to_the_end() -> None:
    testing.check_bots_play_to_the_end(ENTRY)


def test_registered_by_its_entry_point() -> None:
    testing.check_registered(ENTRY)


def test_how_to_play_is_shipped() -> None:
    testing.check_how_to_play(ENTRY)
