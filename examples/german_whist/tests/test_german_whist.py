"""German Whist's own rules (README.md, "Rules"), one test per rule, from the states the rules make."""

from __future__ import annotations

from german_whist import BOT, RULES
from german_whist.state import WhistState, playable, trick_winner

from pygames_core.ai import levels
from pygames_core.engine.game import Game


def state(hands: list[list[str]], stock: list[str], trump: str = "H", leader: int = 0) -> WhistState:
    return WhistState(hands, stock, trump, leader)


def test_the_deal_gives_13_cards_each_and_turns_up_the_trump() -> None:
    game = Game.create(RULES, None, 4, None, None)
    seen = game.view(0)
    assert len(seen["hand"]) == 13 and seen["hand_sizes"] == [13, 13] and seen["stock_size"] == 26
    assert seen["stock_top"][1] == seen["trump"] and game.current_player == 0


def test_the_highest_trump_wins_else_the_highest_of_the_suit_led() -> None:
    assert trick_winner([(0, "AS"), (1, "2H")], "H") == 1
    assert trick_winner([(0, "9S"), (1, "KD")], "H") == 0  # not following, no trump: the card led wins
    assert trick_winner([(1, "9S"), (0, "TS")], "H") == 0


def test_a_player_must_follow_suit_when_able() -> None:
    assert playable(["2S", "AH", "KD"], "S") == ["2S"]
    assert playable(["AH", "KD"], "S") == ["AH", "KD"]
    whist = state([["2S", "AH"], ["3S", "KD"]], ["KH", "5D"])
    RULES.apply(whist, {"type": "play", "card": "2S"})
    assert RULES.legal_actions(whist) == [{"type": "play", "card": "3S"}]
    assert RULES.explain_illegal(whist, {"type": "play", "card": "KD"}) == "you must follow suit (S)"


def test_the_winner_takes_the_face_up_card_and_the_loser_the_next_unseen() -> None:
    whist = state([["AS", "3C"], ["2S", "4C"]], ["KH", "5D", "9C", "6D"])
    events = RULES.apply(whist, {"type": "play", "card": "AS"}) + RULES.apply(whist, {"type": "play", "card": "2S"})
    assert "KH" in whist.hands[0] and "5D" in whist.hands[1] and whist.stock == ["9C", "6D"]
    assert whist.known == [["KH"], []] and whist.leader == 0
    assert {"type": "drew", "seat": 1} in events and {"type": "turned_up", "card": "9C"} in events
    assert "5D" not in str(RULES.view(whist, 0))  # the loser's card is not shown to the winner


def test_only_the_tricks_after_the_stock_count_and_the_majority_wins() -> None:
    whist = state([["AS"], ["2S"]], [])
    RULES.apply(whist, {"type": "play", "card": "AS"})
    RULES.apply(whist, {"type": "play", "card": "2S"})
    assert whist.tricks == [1, 0] and RULES.result(whist) == {"scores": [1, 0], "winners": [0], "over": True}


def test_a_whole_game_has_26_tricks_and_13_that_count() -> None:
    game = Game.create(RULES, None, 11, None, None)
    while not game.is_over:
        game.apply(levels.bot_action(BOT, game, "normal", seed=len(game.history)))
    assert len(game.history) == 52 and sum(game.result()["scores"]) == 13 and len(game.result()["winners"]) == 1
