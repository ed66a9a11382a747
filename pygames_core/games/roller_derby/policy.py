"""Roller Derby's normal policy (policy_action): a target-aware rough count of the tricks a hand takes,
used to name trump, buy jokers, exchange, declare and play towards the rolling team's goal, from the
mover's hand and public facts only. The hard bot's play-outs choose every card by `choose_play`.
"""

from __future__ import annotations

import copy

from pygames_core.engine.rng import Rng
from pygames_core.games.roller_derby.messages import Action, PlayAction
from pygames_core.games.roller_derby.rules import (
    distinct_plays,
    play_actions,
)
from pygames_core.games.roller_derby.state import (
    NO_TRUMP,
    PLAY,
    PLAYERS,
    TRICKS,
    TRUMP_CALLS,
    DeclaredJoker,
    Held,
    Phase,
    Played,
    RollerDerbyState,
    played_from,
)
from pygames_core.kit.cards import CARDS, SUIT_BITS, SUIT_LANE, SUITS, Card, Joker
from pygames_core.kit.seats import left_of, mover, partner_of, team_of
from pygames_core.kit.tricks import unplaced_ranks, winning_play


def held_bits(hand: list[Held]) -> tuple[int, int]:
    """The hand's natural cards as one int (Card.bit: a lane of SUIT_BITS bits per suit, SUITS order, the
    card at bit `rank` of its suit's lane), and the number of its jokers."""
    bits = jokers = 0
    for c in hand:
        if type(c) is Card:  # (kit's Card: not subclassed) the hard bot's play-outs ask at every play
            bits |= c.bit
        else:
            jokers += 1
    return bits, jokers


def outside_ranks(state: RollerDerbyState, seat: int, hand_bits: int) -> dict[str, int]:
    """By suit, the ranks of the cards `seat` cannot place, as bit masks (kit.tricks.unseen_ranks): not in its
    hand (`hand_bits`, held_bits' of it), not played, not given to its partner, not among its own discards
    (jokers place no rank). Of them, `above(mask, r)` rank above r (r from 1, a joker declared low, to 15,
    one declared high)."""
    placed = hand_bits  # the known cards as one int, as held_bits gives the hand's
    for _, p in state.trick.plays:
        if type(p) is Card:
            placed |= p.bit
    gift = state.passes.choices[seat]
    if gift is not None and state.exchanged[team_of(seat)]:
        for c in gift:
            if type(c) is Card:
                placed |= c.bit
    if seat == (state.dealer + 1) % PLAYERS:  # the roller (state.roller, inline)
        for c in state.discards:
            placed |= c.bit
    return unplaced_ranks(state.unplayed_ranks, placed)  # the finished tricks' cards are out already


def suit_ranks(bits: int) -> dict[str, int]:
    """By suit, the ranks of the cards `bits` (held_bits') as bit masks (bit r set: rank r is held), each
    suit's lane read out (the suits written out, SUITS order: the play policy reads a hand's at every play)."""
    return {"S": bits & SUIT_LANE, "H": (bits >> SUIT_BITS) & SUIT_LANE, "D": (bits >> 2 * SUIT_BITS) & SUIT_LANE,
            "C": bits >> 3 * SUIT_BITS}


def above(mask: int, rank: int) -> int:
    """How many ranks of `mask` (an `outside_ranks` mask) are above `rank`."""
    return (mask >> (rank + 1)).bit_count()


# suit_tricks' answers by (the suit's unseen ranks, the mode that changes the answer, the hand's ranks in the
# suit), the three as one int (an int hashes faster than a tuple: the play policy asks for every option at
# every step of the hard bot's play-outs, and most questions come back, the same hand against the same
# unseen cards). Cleared past SUIT_TRICKS_KEPT answers.
SUIT_TRICKS: dict[int, float] = {}
SUIT_TRICKS_KEPT = 50_000
RANKS_HIGH_TO_LOW = range(14, 1, -1)


def suit_tricks(ranks: int, suit: str, trump: str | None, trump_length: int, outside: dict[str, int]) -> float:
    """count_suit_tricks of the hand's `ranks` in `suit` (a suit_ranks mask), remembered: the same answer (the
    very same float), computed once per question."""
    # the mode: the trump suit, no trump, or a side suit beside three trumps or more, or fewer
    mode = 0 if suit == trump else 1 if trump is None else 2 if trump_length >= 3 else 3
    # ranks and outside: masks of bits 2..14; of outside, only the ranks from the hand's lowest up count (the
    # count asks how many rank above each held card), so the others are left out of the key: half the misses
    # were the same hand against unseen cards that differed only below it
    key = (outside[suit] & -(ranks & -ranks)) << 18 | mode << 16 | ranks
    found = SUIT_TRICKS.get(key)
    if found is None:
        if len(SUIT_TRICKS) >= SUIT_TRICKS_KEPT:
            SUIT_TRICKS.clear()
        found = SUIT_TRICKS[key] = count_suit_tricks([r for r in RANKS_HIGH_TO_LOW if ranks >> r & 1], suit, trump,
                                                     trump_length, outside)
    return found


def count_suit_tricks(ranks: list[int], suit: str, trump: str | None, trump_length: int,
                      outside: dict[str, int]) -> float:
    """A rough count of the tricks one suit of a hand takes (ranks high to low): a card with no higher card
    outside is a trick, with one higher outside and a guard half a trick; long trumps count, and a short
    side suit ruffs with three trumps or more; at no trump a long suit with a winner runs."""
    length = len(ranks)
    unseen = outside[suit]
    top = 0.0
    for i, rank in enumerate(ranks):
        missing = (unseen >> (rank + 1)).bit_count()  # above(unseen, rank), inline: the policy's inner loop
        if missing <= i:
            top += 1.0
        elif missing == i + 1 and length >= i + 2:
            top += 0.5
    if suit == trump:
        return max(top, top * 0.5 + max(0, length - 3) * 0.9)
    if trump is None:
        return top + (max(0, length - 4) * 0.6 if top >= 1 else 0.0)
    return min(top, 2.5) + ((2 - length) * 0.6 if trump_length >= 3 and length < 2 else 0.0)


def hand_tricks(hand: list[Held], trump: str | None, outside: dict[str, int]) -> float:
    """A rough count of the tricks a hand takes, suit by suit; a joker is a trick (it can be declared the
    best card)."""
    bits, jokers = held_bits(hand)
    by_suit = suit_ranks(bits)
    trump_length = by_suit[trump].bit_count() if trump is not None else 0
    return jokers + sum(suit_tricks(by_suit[s], s, trump, trump_length, outside) for s in SUITS)


def team_estimate(own: float, remaining: int) -> float:
    """The team's expected tricks from one hand's estimate: the partner is taken to win an average third
    of what the other three hands share."""
    others = remaining - own
    return own + (others if others > 0.0 else 0.0) / 3  # max(0.0, others), spelt out: the policy's inner loop


def choose_trump(state: RollerDerbyState, seat: int) -> str:
    """The call whose expected team tricks come nearest the target."""
    assert state.target is not None
    hand, target = state.hands[seat], state.target
    outside = outside_ranks(state, seat, held_bits(hand)[0])

    def gap(call: str) -> float:
        return abs(team_estimate(hand_tricks(hand, None if call == NO_TRUMP else call, outside), TRICKS) - target)

    return min(TRUMP_CALLS, key=gap)


def wants_tricks(target: int | None) -> bool:
    """Before the play: does this deal call for taking tricks? The rolling team wants many when the
    target is above an even share (6.5), few below; the defenders want the rolling team short of a high
    target and over a low one, which for them means the same."""
    return target is None or target >= 7


def give_preference(hand: list[Held], want_tricks: bool, trump: str | None) -> list[Held]:
    """The hand, best card to give the partner first. Wanting tricks: empty the shortest suits (low cards
    first) so this hand can ruff, keeping the trump suit (or, before it is named, the longest suit) and
    the jokers. Wanting few: hand over unguarded high cards, which would win tricks this hand could not
    duck, and keep long suits to follow under."""
    length = dict.fromkeys(SUITS, 0)
    for c in hand:
        if isinstance(c, Card):
            length[c.suit] += 1
    keep_suit = trump if trump is not None else max(SUITS, key=lambda s: length[s])

    def score(c: Held) -> float:
        if isinstance(c, Joker):
            return -100.0
        if want_tricks:
            return -50.0 + c.rank if c.suit == keep_suit else -3.0 * length[c.suit] - c.rank / 14
        return c.rank - 2.0 * length[c.suit]

    return sorted(hand, key=score, reverse=True)


def rolling_goal(state: RollerDerbyState, expected_rolling: float) -> int | None:
    """The rolling team's total to aim at: the target, or under All or Nothing 13 or 0 (None once both
    are out of reach and nothing can change the score)."""
    if not state.all_or_nothing:
        assert state.target is not None
        return state.target
    taken, played = state.rolling_tricks, state.tricks_played
    if taken == played:
        return TRICKS if taken > 0 or (played == 0 and expected_rolling >= TRICKS / 2) else 0
    return 0 if taken == 0 else None


def policy_action(state: RollerDerbyState, rng: Rng) -> Action:
    """The 'normal' play of Roller Derby, from the mover's hand and public facts only."""
    seat = mover(state)
    phase = state.phase
    if phase == PLAY:  # the most frequent first
        # a copy: the rules share their play actions (Rules.legal_actions), and this one goes to the caller
        return copy.copy(choose_play(state, seat))
    if phase == Phase.ROLL:
        return {"type": "roll"}
    if phase == Phase.EXCHANGE:
        best = give_preference(state.hands[seat], wants_tricks(state.target), state.trump)[0]
        return {"type": "give", "card": best.code}
    if phase == Phase.TRUMP:
        return {"type": "trump", "suit": choose_trump(state, seat)}
    if phase == Phase.BUY:
        return {"type": "buy", "jokers": jokers_to_buy(state, seat)}
    if phase == Phase.DISCARD:
        return {"type": "discard", "card": choose_discard(state, seat).code}
    return {"type": "declare", "all_or_nothing": declares_all_or_nothing(state, seat)}  # the declaration


def _own_tricks(state: RollerDerbyState, seat: int) -> float:
    """hand_tricks of `seat`'s hand with the trump named, against the cards it cannot place."""
    hand = state.hands[seat]
    return hand_tricks(hand, state.trump, outside_ranks(state, seat, held_bits(hand)[0]))


def _team_estimate_now(state: RollerDerbyState, seat: int) -> float:
    return team_estimate(_own_tricks(state, seat), TRICKS)


def jokers_to_buy(state: RollerDerbyState, seat: int) -> int:
    """A joker (with the discard that pays for it in cards) moves the hand about a trick towards the
    target and stays flexible: worth its 9 points when the hand is more than a trick and a half off,
    two when more than three off."""
    assert state.target is not None
    gap = abs(_team_estimate_now(state, seat) - state.target)
    return 2 if gap > 3 else 1 if gap > 1.5 else 0


def choose_discard(state: RollerDerbyState, seat: int) -> Card:
    """Over the target: discard the best card. Under: the lowest card of the shortest side suit."""
    assert state.target is not None
    naturals = [c for c in state.hands[seat] if isinstance(c, Card)]
    if _team_estimate_now(state, seat) > state.target:
        return max(naturals, key=lambda c: (c.rank, c.suit != state.trump))
    length = {s: sum(1 for c in naturals if c.suit == s) for s in SUITS}
    return min(naturals, key=lambda c: (c.suit == state.trump, length[c.suit], c.rank))


def declares_all_or_nothing(state: RollerDerbyState, seat: int) -> bool:
    """Only with a hand that should take (nearly) every trick, or (nearly) none."""
    own = _own_tricks(state, seat)
    return own >= 11.5 or team_estimate(own, TRICKS) <= 0.6


def choose_play(state: RollerDerbyState, seat: int) -> PlayAction:
    """The card that brings the rolling team's expected final count nearest its goal (for the rolling team)
    or furthest from it (for the defenders): the chance this card gives the team the trick, plus what the
    rest of the hand should take later. On a near tie, the card that wins the trick when the rolling team
    is short of its goal (both teams then want tricks: one to reach it, the other to deny them) and loses
    it otherwise; then the cheapest card: low ones, and jokers last, which can win or lose at will."""
    # The state's properties (trump, roller, tricks_played, rolling_tricks, target) are read inline, and the
    # helpers a call once needed (closures, a comprehension) are gone: the hard bot's play-outs choose every
    # card here, and building them was much of a choice's time.
    hand = state.hands[seat]
    plays = state.trick.plays
    call = state.trump_call
    trump = None if call is None or call == NO_TRUMP else call
    led = plays[0][1].suit if plays else None  # trick.led_suit, read straight
    options = play_actions(hand, led, trump)
    if hand and isinstance(hand[0], Joker):  # (jokers first: sort_held) only a joker's plays can be alike
        options = distinct_plays(options, led, trump)
    if len(options) == 1:
        return options[0]
    bits, jokers = held_bits(hand)
    outside = outside_ranks(state, seat, bits)
    partner = (seat + 2) % PLAYERS  # partner_of
    later, opponents_later = LATER[seat][len(plays)], OPPONENTS_LATER[seat][len(plays)]
    tricks_won = state.tricks_won
    remaining = TRICKS - sum(tricks_won)
    roller = (state.dealer + 1) % PLAYERS
    rolling_side = seat % 2 == roller % 2  # team_of(seat) == state.rolling_team
    by_suit = suit_ranks(bits)
    trump_length = by_suit[trump].bit_count() if trump is not None else 0
    # each suit's tricks, written out in SUITS order (a comprehension would make its names cells in CPython 3.11)
    by_suit_tricks = {"S": suit_tricks(by_suit["S"], "S", trump, trump_length, outside),
                      "H": suit_tricks(by_suit["H"], "H", trump, trump_length, outside),
                      "D": suit_tricks(by_suit["D"], "D", trump, trump_length, outside),
                      "C": suit_tricks(by_suit["C"], "C", trump, trump_length, outside)}
    own = jokers + sum(by_suit_tricks.values())
    capped = own if own < remaining else float(remaining)  # min(float(remaining), own)
    others = remaining - capped
    now = capped + (others if others > 0.0 else 0.0) / 3  # team_estimate(capped, remaining), inline
    expected_rolling = now if rolling_side else remaining - now
    goal = rolling_goal(state, expected_rolling) if state.all_or_nothing else sum(state.dice)
    rolling_tricks = tricks_won[roller] + tricks_won[(roller + 2) % PLAYERS]
    short = goal is not None and goal - rolling_tricks >= min(float(remaining), expected_rolling)
    # by suit (SUITS order), the side suits' tricks once a trump is played, found once (the trump's own lane
    # filled in for each trump)
    side_after_trump: list[float] | None = None
    trump_lane = 0  # the trump's lane in it (SUITS order), found with it
    threats: dict[str, bool] = {}  # ruff_threat's answers by the suit led
    voids = state.voids
    # the play on top of the table so far (kit.tricks.trick_winner's), found once for every option
    table_seat, table_card = winning_play(plays, trump) if plays else (None, None)
    later_tricks = remaining - 1.0  # the tricks after this one
    # the team's chance to take the trick with a card that leaves the table's top card on top: the partner's
    # card holding it, or an opponent's (0.3 when the partner plays later and may still win it)
    under_table = 0.0
    if table_card is not None and table_seat == partner:
        beaten = beaten_by(table_card.suit, table_card.rank, outside, trump, led, opponents_later, voids, threats)
        under_table = HOLD_CHANCE[LEAST_HOLD if beaten > LEAST_HOLD else beaten]
    elif partner in later:
        under_table = 0.3
    # The options' keys, each worked out inline in this loop and the least kept (min(options, key=...)'s
    # choice: the first of equal keys, the keys compared as tuples are, item by item).
    best, best_off, best_chance, best_cost = options[0], 0.0, 0.0, 0.0
    first = True
    for action in options:
        played: Played = CARDS.get(action["card"]) or played_from(action)[0]  # a card mostly (no joker's code)
        suit, rank = played.suit, played.rank
        # the chance this card gives the team the trick: it leads, or it beats the table's top card (as
        # kit.tricks.trick_winner judges: higher in the same suit, or a trump on another)
        if table_card is None or ((rank > table_card.rank) if suit == table_card.suit else suit == trump):
            beaten = beaten_by(suit, rank, outside, trump, led, opponents_later, voids, threats) if opponents_later \
                else 0
            chance = HOLD_CHANCE[LEAST_HOLD if beaten > LEAST_HOLD else beaten]  # min(beaten, LEAST_HOLD)
        else:  # the table's top card stays on top: the same chance whichever card of this kind goes under it
            chance = under_table
        # what the hand should take later once this card is played (hand_tricks of the rest)
        if type(played) is DeclaredJoker:
            left = own - 1.0
        elif suit == trump:
            # once a trump is played, the trump length changes what every suit can ruff
            if side_after_trump is None:
                side_after_trump = side_tricks(by_suit, trump, trump_length - 1, outside)
                trump_lane = SUITS.index(trump)
            after = side_after_trump.copy()
            after[trump_lane] = suit_tricks(by_suit[suit] & ~(1 << rank), suit, trump, trump_length - 1, outside)
            left = jokers + sum(after)  # summed in SUITS order, as hand_tricks sums
        else:
            left = own - by_suit_tricks[suit] + suit_tricks(by_suit[suit] & ~(1 << rank), suit, trump, trump_length,
                                                            outside)
        if left > later_tricks:  # min(left, later_tricks)
            left = later_tricks
        others = later_tricks - left  # team_estimate(left, remaining - 1), inline
        mine = chance + (left + (others if others > 0.0 else 0.0) / 3)  # in that order: the same float
        rolling_final = rolling_tricks + (mine if rolling_side else remaining - mine)
        off = 0.0
        if goal is not None:
            off = abs(goal - rolling_final)
            off = 10.0 if off > 10.0 else off  # min(off, 10.0)
            rounded = ROUNDED.get(off)  # rounded_tenth's remembered answer, looked up inline
            off = rounded if rounded is not None else rounded_tenth(off)
            if not rolling_side:
                off = -off
        # what spending the card gives up: its chance to win later (trumps most); a joker, which can win or
        # lose at will, most of all
        cost = 30.0 if type(played) is DeclaredJoker else rank + (13 if suit == trump else 0)
        # the key: the gap to the goal, then the chance to take the trick, then the cost
        if short:
            chance = -chance
        if first or off < best_off or (off == best_off and (
                chance < best_chance or (chance == best_chance and cost < best_cost))):
            best, best_off, best_chance, best_cost = action, off, chance, cost
            first = False
    return best


def side_tricks(by_suit: dict[str, int], trump: str, trump_length: int, outside: dict[str, int]) -> list[float]:
    """By suit (SUITS order), the side suits' tricks beside `trump_length` trumps (suit_tricks'), 0.0 for the
    trump suit's own lane."""
    return [0.0 if s == trump else suit_tricks(by_suit[s], s, trump, trump_length, outside) for s in SUITS]


def beaten_by(suit: str, rank: int, outside: dict[str, int], trump: str | None, led: str | None,
              opponents_later: tuple[int, ...], voids: list[set[str]], threats: dict[str, bool]) -> int:
    """How many natural cards an opponent still to play (`opponents_later`) might beat the card `rank` of
    `suit` with (0: it holds the trick): the unseen cards above it, and two more when an opponent out of the
    suit led could trump it (`threats`: ruff_threat's answers so far, by the suit led)."""
    if not opponents_later:
        return 0
    higher = (outside[suit] >> (rank + 1)).bit_count() + (1 if rank == 1 else 0)  # above(), and a low joker
    if suit != trump and trump is not None:
        suit_led = led or suit
        threat = threats.get(suit_led)
        if threat is None:
            threat = threats[suit_led] = ruff_threat(voids, opponents_later, suit_led, trump)
        if threat:
            higher += 2
    return higher


def ruff_threat(voids: list[set[str]], opponents_later: tuple[int, ...], suit_led: str, trump: str) -> bool:
    """Could an opponent still to play trump the suit led: out of it, and not shown out of trumps?"""
    return any(suit_led in voids[s] and trump not in voids[s] for s in opponents_later)


# round(gap, 1) of the play policy's gaps to the goal (in [0, 10]), remembered by the gap: CPython rounds to a
# decimal digit through a decimal string (dtoa and printf), which took a twentieth of a play-out's time, and
# the same gaps come back at nearly every choice. Cleared past ROUNDED_KEPT answers.
ROUNDED: dict[float, float] = {}
ROUNDED_KEPT = 20_000


def rounded_tenth(gap: float) -> float:
    """round(gap, 1), remembered: the very same float."""
    found = ROUNDED.get(gap)
    if found is None:
        if len(ROUNDED) >= ROUNDED_KEPT:
            ROUNDED.clear()
        found = ROUNDED[gap] = round(gap, 1)
    return found


HOLD_CHANCE = (1.0, 0.6, 0.45, 0.35, 0.25, 0.15)  # by how many cards might beat the team's best card
LEAST_HOLD = len(HOLD_CHANCE) - 1  # the index of the chance for that many cards or more
# by seat and the number of cards on the table: the seats still to play after it in the trick, and those of
# them on the other team (looked up, not listed again at every play of a play-out)
LATER = [[tuple(left_of(seat, PLAYERS, k) for k in range(1, PLAYERS - played)) for played in range(PLAYERS)]
         for seat in range(PLAYERS)]
OPPONENTS_LATER = [[tuple(s for s in later if s != partner_of(seat)) for later in LATER[seat]]
                   for seat in range(PLAYERS)]
