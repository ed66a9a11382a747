"""Roller Derby's explicit set-ups: a position given to `new_game(setup=...)`, checked key by key (the
format is in docs/games/roller_derby.md). A set-up names the steps of the deal already over, in the
game's order, and the cards of each; anything impossible is a BadSetup and no state is made.
"""

from __future__ import annotations

from typing import Any

from pygames_core.engine.errors import BadSetup
from pygames_core.games.roller_derby.state import (
    DECK,
    MAX_JOKERS,
    PASS_SIZE,
    PLAYERS,
    TRICKS,
    TRUMP_CALLS,
    Held,
    Phase,
    RollerDerbyState,
    cards_in_game,
    reset_deal,
    sort_held,
    start_deal,
    team_done_giving,
    unplayed_ranks,
)
from pygames_core.kit.cards import JOKERS, Card, Joker, card_or_joker
from pygames_core.kit.seats import partner_of, team_of
from pygames_core.kit.setup import check_setup_keys, setup_seat
from pygames_core.kit.tricks import Trick

SETUP_KEYS = frozenset({"dealer", "deal", "scores", "hands", "dice", "trump", "jokers", "discards", "gave",
                        "all_or_nothing", "tricks", "leader"})
STEP_KEYS = {Phase.ROLL: "dice", Phase.EXCHANGE: "gave", Phase.TRUMP: "trump", Phase.BUY: "jokers",
             Phase.DECLARE: "all_or_nothing"}
PLAY_KEYS = frozenset({"tricks", "leader"})


def apply_setup(state: RollerDerbyState, setup: dict[str, Any]) -> None:
    check_setup_keys(setup, SETUP_KEYS)
    if not state.variant.jokers and {"jokers", "discards"} & set(setup):
        raise BadSetup("jokers and discards need the jokers option (jokers for sale)")
    if "discards" in setup and "jokers" not in setup:
        raise BadSetup("discards need jokers (how many the roller bought)")
    state.dealer = setup_seat(setup, "dealer", state.dealer, PLAYERS)
    deal = setup.get("deal", 1)
    if type(deal) is not int or not 1 <= deal <= state.variant.deals:
        raise BadSetup(f"deal must be a number from 1 to {state.variant.deals} (the deals agreed), not {deal!r}")
    state.deal = deal
    scores = setup.get("scores", [0, 0])
    if not isinstance(scores, list) or len(scores) != 2 or any(type(v) is not int for v in scores):
        raise BadSetup("scores must be the two teams' totals (whole numbers)")
    state.team_scores = list(scores)
    done = _steps_done(state, setup)
    if "hands" in setup:
        reset_deal(state, _setup_hands(setup, Phase.PLAY in done))
    else:
        extra = sorted(set(setup) - {"dealer", "deal", "scores", "dice"})
        if extra:
            raise BadSetup(f"{', '.join(extra)} need hands too")
        start_deal(state)
    _setup_steps(state, setup, done)


def _steps_done(state: RollerDerbyState, setup: dict[str, Any]) -> list[Phase]:
    """The steps of the deal the set-up says are over: the keys given must be the first steps in order,
    and all of them (the exchange complete) for the play."""
    steps = [s for s in state.variant.steps if s != Phase.PLAY]
    given: list[Phase] = [s for s in steps if STEP_KEYS[s] in setup]
    if given != steps[:len(given)]:
        missing = next(s for s in steps if s not in given)
        raise BadSetup(f"{STEP_KEYS[given[-1]]} comes after {STEP_KEYS[missing]} in this game's order "
                       f"({' → '.join(STEP_KEYS[s] for s in steps)}): give {STEP_KEYS[missing]} too")
    gave = setup.get("gave")
    under_way = isinstance(gave, list) and None in gave
    if under_way and given[-1] != Phase.EXCHANGE:
        raise BadSetup("gave with seats still to give means the exchange is under way: no later steps")
    if given == steps and not under_way:
        return [*steps, Phase.PLAY]
    if PLAY_KEYS & set(setup):
        raise BadSetup(f"{', '.join(sorted(PLAY_KEYS & set(setup)))} belong to the play: give every step "
                       f"before it ({', '.join(STEP_KEYS[s] for s in steps)})")
    return given


def _setup_hands(setup: dict[str, Any], in_play: bool) -> list[list[Held]]:
    hands_given = setup["hands"]
    if (not isinstance(hands_given, list) or len(hands_given) != PLAYERS
            or not all(isinstance(h, list) for h in hands_given)):
        raise BadSetup(f"hands must be {PLAYERS} lists of cards")
    hands = [[card_or_joker(c) for c in h] for h in hands_given]
    every = [c for h in hands for c in h]
    if len(set(every)) != len(every):
        raise BadSetup("a card appears twice in the hands")
    size = len(hands[0])
    if any(len(h) != size for h in hands):
        raise BadSetup("hands must all hold the same number of cards")
    if in_play and not 1 <= size <= TRICKS:
        raise BadSetup(f"hands hold 1 to {TRICKS} cards each")
    if not in_play and size != TRICKS:
        raise BadSetup(f"before the play every hand holds {TRICKS} cards")
    return [sort_held(h) for h in hands]


def _setup_steps(state: RollerDerbyState, setup: dict[str, Any], done: list[Phase]) -> None:
    if Phase.ROLL in done:
        state.dice = _setup_dice(state, setup["dice"])
    if Phase.TRUMP in done:
        call = setup["trump"]
        if call not in TRUMP_CALLS:
            raise BadSetup(f"trump must be one of {list(TRUMP_CALLS)}, not {call!r}")
        state.trump_call = call
    if Phase.BUY in done:
        _setup_jokers(state, setup)
    _check_cards(state, Phase.PLAY in done)
    if Phase.EXCHANGE in done:
        _setup_gave(state, setup["gave"])
    holders = {s for s, h in enumerate(state.hands) for c in h if isinstance(c, Joker)}
    if not holders <= ({state.roller, partner_of(state.roller)} if state.exchanged[state.rolling_team]
                       else {state.roller}):
        raise BadSetup("jokers are held by the roller, or by the roller's partner after their exchange")
    if Phase.DECLARE in done:
        declared = setup["all_or_nothing"]
        if not isinstance(declared, bool):
            raise BadSetup("all_or_nothing must be true or false")
        state.all_or_nothing = declared
    remaining = [s for s in state.variant.steps if s not in done]
    state.phase = remaining[0] if remaining else Phase.PLAY
    if Phase.EXCHANGE in done and not all(state.exchanged):
        state.phase = Phase.EXCHANGE
    if Phase.PLAY in done:
        _setup_play(state, setup)


def _setup_dice(state: RollerDerbyState, dice: object) -> list[int]:
    count, faces = (1, 12) if state.variant.d12 else (2, 6)
    if (not isinstance(dice, list) or len(dice) != count
            or any(type(d) is not int or not 1 <= d <= faces for d in dice)):
        raise BadSetup(f"dice must be a list of {count} number(s) from 1 to {faces}, not {dice!r}")
    return list(dice)


def _setup_jokers(state: RollerDerbyState, setup: dict[str, Any]) -> None:
    count = setup["jokers"]
    if type(count) is not int or not 0 <= count <= MAX_JOKERS:
        raise BadSetup(f"jokers must be how many the roller bought, 0 to {MAX_JOKERS}")
    discards = setup.get("discards", [])
    if not isinstance(discards, list) or len(discards) != count:
        raise BadSetup(f"discards must list one card for each joker bought ({count})")
    held = [card_or_joker(c) for c in discards]
    if any(isinstance(c, Joker) for c in held):
        raise BadSetup("a joker cannot be discarded")
    state.discards = [c for c in held if isinstance(c, Card)]
    state.jokers_bought = count


def _check_cards(state: RollerDerbyState, in_play: bool) -> None:
    """Only the jokers bought are in the game; the discards are in no hand; before the play every card
    is in a hand or discarded (in the play, the cards in neither have been played)."""
    every = {c for h in state.hands for c in h}
    stray = sorted(c.code for c in every if isinstance(c, Joker) and c.number > state.jokers_bought)
    if stray:
        raise BadSetup(f"{', '.join(stray)} in a hand, but only {state.jokers_bought} joker(s) were bought")
    discards = set(state.discards)
    if len(discards) != len(state.discards) or discards & every:
        raise BadSetup("the discards must be different cards, none of them in a hand")
    if not in_play and len(every) + len(discards) != len(DECK) + state.jokers_bought:
        raise BadSetup("before the play every card is in a hand or discarded (jokers bought: 13 cards each)")


def _setup_gave(state: RollerDerbyState, gave: object) -> None:
    """What each seat gave: all four (the exchange is over), or the rolling team's only (the other team
    gives next). Each gift is now in the giver's partner's hand, or already played."""
    if not isinstance(gave, list) or len(gave) != PLAYERS:
        raise BadSetup(f"gave must be {PLAYERS} entries: three cards each, or null for a seat still to give")
    still_to_give = [seat for seat, g in enumerate(gave) if g is None]
    defenders = [seat for seat in range(PLAYERS) if team_of(seat) != state.rolling_team]
    if still_to_give not in ([], defenders):
        raise BadSetup("the rolling team gives first: gave is complete, or null for both of the other team")
    every = {c for h in state.hands for c in h}
    in_play = set(DECK) - set(state.discards) | set(JOKERS[:state.jokers_bought])
    for seat, gift_codes in enumerate(gave):
        if gift_codes is None:
            continue
        if not isinstance(gift_codes, list) or len(gift_codes) != PASS_SIZE:
            raise BadSetup(f"gave lists {PASS_SIZE} cards for each seat (or null)")
        gift = tuple(card_or_joker(c) for c in gift_codes)
        if len(set(gift)) != PASS_SIZE:
            raise BadSetup(f"seat {seat} gave the same card twice")
        receiver = partner_of(seat)
        for c in gift:
            if c not in state.hands[receiver] and (c in every or c not in in_play):
                raise BadSetup(f"seat {seat} gave {c.code}: it must be in seat {receiver}'s hand or played")
        if team_of(seat) != state.rolling_team and any(isinstance(c, Joker) for c in gift):
            raise BadSetup("only the rolling team can pass a joker")
        state.passes.choose(seat, gift)
    given = [c for g in state.passes.choices if g is not None for c in g]
    if len(set(given)) != len(given):
        raise BadSetup("a card was given twice")
    for team in (0, 1):
        state.exchanged[team] = team_done_giving(state, team)


def _setup_play(state: RollerDerbyState, setup: dict[str, Any]) -> None:
    size = len(state.hands[0])
    tricks = setup.get("tricks", [0] * PLAYERS)
    if not isinstance(tricks, list) or len(tricks) != PLAYERS or any(type(n) is not int or n < 0 for n in tricks):
        raise BadSetup("tricks must be four whole numbers of at least 0")
    if sum(tricks) != TRICKS - size:
        raise BadSetup(f"tricks must add up to {TRICKS - size} (the tricks already played)")
    state.tricks_won = list(tricks)
    state.trick = Trick(setup_seat(setup, "leader", state.roller, PLAYERS))
    held = {c for h in state.hands for c in h}
    in_play = set(cards_in_game(state.jokers_bought)) - set(state.discards)
    state.out_of_play = in_play - held
    state.unplayed_ranks = unplayed_ranks(state.out_of_play)
