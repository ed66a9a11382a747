"""Roller Derby's rules (ローラー・ダービー): dice set the number of tricks a partnership must take exactly.
Rules and the project's decisions: docs/games/roller_derby.md (the original Japanese post follows Neal Lyons).

Each deal the player left of the dealer (the roller) rolls two dice: their sum is the number of tricks
the roller's team must take, exactly. Partners exchange three cards (the rolling team first), the
roller names trump (or no trump) and may declare All or Nothing (all 13 tricks or none), then 13 tricks
are played: follow suit, else trump if able, else any card. Only the rolling team scores: 100 less 10
per trick off the target (never below 0), or 150/0 for All or Nothing. After the agreed number of deals
the higher total wins. Variants (options, in any combination): jokers for sale (the roller buys up to
two jokers for 9 points each, discarding a card for each; a joker is played as any suit, highest or
lowest), one twelve-sided die, and the roller's privilege (the roller sees the partner's three cards
before choosing the three to give back).

Decisions followed (docs/games/roller_derby.md): no trump may be named; a deal score may go below 0 by the jokers'
cost; with jokers for sale the order is roll, name trump, buy jokers, exchange, All or Nothing, play.
Decisions taken here are listed in docs/games/roller_derby.md.

A deal is scored in `settle_deal` only: the one place a deal's stake is awarded. The state and the
rules' numbers are in state.py, explicit set-ups in setup.py, the views in knowledge.py, the actions'
and events' JSON in messages.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import Option, Rules
from pygames_core.games.roller_derby.knowledge import seat_view
from pygames_core.games.roller_derby.messages import (
    Action,
    DealSummary,
    DerbyDealStartedEvent,
    Event,
    GiveAction,
    PlayAction,
    RollerDerbyView,
)
from pygames_core.games.roller_derby.setup import apply_setup
from pygames_core.games.roller_derby.state import (
    DECK,
    GAME_ID,
    HIGH,
    JOKER_CODES,
    JOKER_PRICE,
    LOW,
    MAX_JOKERS,
    NO_TRUMP,
    PASS_SIZE,
    PLAY,
    PLAYERS,
    SUIT_LIST,
    TRICKS,
    TRUMP_CALLS,
    DerbyTrick,
    Held,
    Phase,
    Played,
    RollerDerbyState,
    Variant,
    cards_in_game,
    deal_score,
    held_card,
    play_view,
    played_from,
    sort_held,
    start_deal,
    team_done_giving,
    trick_view,
    winning_team,
)
from pygames_core.kit.cards import CARDS, JOKERS, SUITS, Card, Joker, card_or_joker
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import mover, partner_of, team_of
from pygames_core.kit.tricks import Trick, end_game, follow_or_trump, next_deal, record_play, winning_play

Plays = TypeVar("Plays", bound=Mapping[str, Any])  # a play action, typed or as the protocol passes it


def joker_suits(naturals: list[Card], led_suit: str | None, trump: str | None) -> list[str]:
    """The suits a joker may be declared as: those a real card of that suit could be played as now
    (the led suit always follows; trump when out of the led suit; any suit when out of both)."""
    if led_suit is None:
        return list(SUITS)
    if any(c.suit == led_suit for c in naturals):
        return [led_suit]
    if trump is not None and any(c.suit == trump for c in naturals):
        return [s for s in SUITS if s in (led_suit, trump)]
    return list(SUITS)


# a card's play action, made once and shared by every list of legal actions (Rules.legal_actions: nobody
# changes them), so that the bots' play-outs do not build them again at every step
CARD_PLAYS: dict[Card, PlayAction] = {c: {"type": "play", "card": c.code} for c in DECK}
GIVE_ACTIONS: dict[Held, GiveAction] = {c: {"type": "give", "card": c.code} for c in cards_in_game(len(JOKERS))}
# a joker's plays, by the suit declared: as high, then as low (shared too)
JOKER_PLAYS: dict[tuple[Joker, str], tuple[PlayAction, PlayAction]] = {
    (j, s): ({"type": "play", "card": j.code, "suit": s, "rank": HIGH},
             {"type": "play", "card": j.code, "suit": s, "rank": LOW})
    for j in JOKERS for s in SUITS}


def play_actions(hand: list[Held], led_suit: str | None, trump: str | None) -> list[PlayAction]:
    if not hand or type(hand[0]) is not Joker:  # no jokers: a hand holds them first (sort_held)
        cards: list[Card] = hand  # type: ignore[assignment]  # (every item a Card, as just said)
        if led_suit is not None:  # follow_or_trump's choice, each card's action taken in the same pass
            following = [CARD_PLAYS[c] for c in cards if c.suit == led_suit]
            if following:
                return following
            if trump is not None:
                trumps = [CARD_PLAYS[c] for c in cards if c.suit == trump]
                if trumps:
                    return trumps
        return [CARD_PLAYS[c] for c in cards]
    naturals = [c for c in hand if isinstance(c, Card)]
    actions = [CARD_PLAYS[c] for c in follow_or_trump(naturals, led_suit, trump)]
    if len(naturals) < len(hand):
        suits = joker_suits(naturals, led_suit, trump)
        for joker in (j for j in hand if isinstance(j, Joker)):
            for s in suits:
                actions += JOKER_PLAYS[joker, s]
    return actions


def distinct_plays(actions: list[Plays], led_suit: str | None, trump: str | None) -> list[Plays]:
    """The plays that differ in effect: of the joker declarations, one joker's (the two are alike) and,
    when following, one for all the suits that neither follow nor trump (they only discard)."""
    seen: set[tuple[str, str] | str] = set()
    out: list[Plays] = []
    for action in actions:
        if "suit" in action:
            discards = led_suit is not None and action["suit"] not in (led_suit, trump)
            key = "discard" if discards else (action["suit"], action["rank"])
            if key in seen:
                continue
            seen.add(key)
        out.append(action)
    return out


def next_step(state: RollerDerbyState, done: Phase) -> Phase:
    steps = state.variant.steps
    return steps[steps.index(done) + 1]


def roll_dice(state: RollerDerbyState) -> list[int]:
    if state.variant.d12:
        return [state.rng.below(12) + 1]
    return [state.rng.below(6) + 1, state.rng.below(6) + 1]


def hand_over_gifts(state: RollerDerbyState, team: int) -> None:
    """Both partners of `team` have set their cards aside: each three now go to the other partner."""
    for seat in range(PLAYERS):
        if team_of(seat) == team:
            gift = state.passes.choices[seat]
            assert gift is not None
            receiver = partner_of(seat)
            state.hands[receiver] = sort_held([*state.hands[receiver], *gift])
    state.exchanged[team] = True


def settle_deal(state: RollerDerbyState) -> DealSummary:
    """The end of a deal: the rolling team's points (less the jokers' cost), its total, and the deal's
    summary. The defenders never score. The one place a deal's stake is awarded."""
    target = state.target
    assert target is not None and state.all_or_nothing is not None
    tricks = state.rolling_tricks
    points = deal_score(target, tricks, state.all_or_nothing)
    cost = JOKER_PRICE * state.jokers_bought
    state.team_scores[state.rolling_team] += points - cost
    summary: DealSummary = {
        "deal": state.deal, "dealer": state.dealer, "roller": state.roller, "rolling_team": state.rolling_team,
        "dice": list(state.dice), "target": target, "trump": state.trump_call,
        "all_or_nothing": state.all_or_nothing, "jokers": state.jokers_bought, "tricks": tricks,
        "tricks_by_seat": list(state.tricks_won), "points": points, "joker_cost": cost, "score": points - cost,
        "team_scores": list(state.team_scores),
    }
    state.summaries.append(Frozen.of(summary))
    return summary


OPTIONS = (
    Option("deals", "choice", 4, {"en": "Deals", "ja": "ディール数"},
           {"en": "How many deals the game lasts: 4 (short) or 8 (long).",
            "ja": "ゲームのディール数です：4（ショート）または8（ロング）。"}, choices=(4, 8),
           choice_labels=({"en": "4 (short)", "ja": "4（ショート）"}, {"en": "8 (long)", "ja": "8（ロング）"})),
    Option("jokers", "bool", False, {"en": "Jokers for sale", "ja": "ジョーカー・セール"},
           {"en": "After naming trump the roller may buy up to two jokers for 9 points each, discarding a card "
                  "for each; a joker is played as any suit, highest or lowest.",
            "ja": "切り札宣言の後、ローラーは1枚9点でジョーカーを2枚まで買え、1枚ごとに手札を1枚捨てます。"
                  "ジョーカーは任意のスートの最強または最弱として出します。"}),
    Option("d12", "bool", False, {"en": "Twelve-sided die", "ja": "12面体ダイス"},
           {"en": "Roll one twelve-sided die instead of two six-sided dice (target 1 to 12).",
            "ja": "六面体ダイス2個の代わりに12面体ダイス1個を振ります（目標1〜12）。"}),
    Option("privilege", "bool", False, {"en": "Roller's privilege", "ja": "ローラー特権"},
           {"en": "In the exchange the roller's partner gives first, and the roller sees those three cards "
                  "before choosing the three to give back.",
            "ja": "手札交換でパートナーが先に渡し、ローラーはその3枚を見てから渡す3枚を選びます。"}),
)


def legal(state: RollerDerbyState) -> list[Action]:
    """The actions the seat to move may take (none once the game is over)."""
    phase = state.phase
    if phase == PLAY:  # the most frequent first
        trick = state.trick
        plays = trick.plays
        actions: list[Action] = play_actions(  # type: ignore[assignment]  # (a new list: no one else holds it)
            state.hands[(trick.leader + len(plays)) % PLAYERS], plays[0][1].suit if plays else None, state.trump)
        return actions
    seat = state.current
    if seat is None:
        return []
    hand = state.hands[seat]
    if phase == Phase.ROLL:
        return [{"type": "roll"}]
    if phase == Phase.EXCHANGE:
        return [GIVE_ACTIONS[c] for c in hand]
    if phase == Phase.TRUMP:
        return [{"type": "trump", "suit": call} for call in TRUMP_CALLS]
    if phase == Phase.BUY:
        return [{"type": "buy", "jokers": n} for n in range(MAX_JOKERS + 1)]
    if phase == Phase.DISCARD:
        return [{"type": "discard", "card": c.code} for c in hand if isinstance(c, Card)]
    return [{"type": "declare", "all_or_nothing": False}, {"type": "declare", "all_or_nothing": True}]


def play_card(state: RollerDerbyState, played: Played, held: Held) -> DerbyTrick | None:
    """A legal play of the seat to play (`held` leaves its hand, put on the table as `played`), the trick
    taken once it is complete: the finished trick then (the caller ends the deal after the last), else
    None. What `apply` does to the state for a card play, without its events: the hard bot's play-outs
    move by it (RollerDerbyBot.playout_step)."""
    # the phase read straight: a card is played only in the play phase
    trick = state.trick
    plays = trick.plays
    seat = (trick.leader + len(plays)) % PLAYERS  # state.current, inline
    call = state.trump_call
    trump = None if call is None or call == NO_TRUMP else call  # state.trump, inline
    # kit's play_to_trick, its two steps called straight (record_play, then winning_play once the trick is
    # complete): one call less at every card of the bots' play-outs and of the search's random play
    record_play(trick, seat, played, state.hands[seat], state.voids[seat], must_trump=trump, held=held)
    if len(plays) < PLAYERS:
        return None
    winner = winning_play(plays, trump)[0]
    tricks_won = state.tricks_won
    done = DerbyTrick(sum(tricks_won) + 1, trick.leader, plays, winner)
    state.completed.append(done)
    unplayed, out_of_play = state.unplayed_ranks, state.out_of_play
    for _, p in plays:
        if type(p) is Card:  # (kit's Card: not subclassed)
            out_of_play.add(p)
            unplayed[p.suit] &= ~(1 << p.rank)
        else:
            out_of_play.add(held_card(p))
    tricks_won[winner] += 1
    state.trick = Trick(winner)
    return done


class RollerDerbyRules(Rules[RollerDerbyState, Action, Event, RollerDerbyView]):
    game_id = GAME_ID
    title: ClassVar[dict[str, str]] = {"en": "Roller Derby", "ja": "ローラー・ダービー"}
    min_players = max_players = PLAYERS
    options = OPTIONS

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], rng: Rng,
                  setup: dict[str, Any] | None) -> RollerDerbyState:
        variant = Variant(options["deals"], options["jokers"], options["d12"], options["privilege"])
        dealer = rng.below(PLAYERS)  # drawn even with a set-up dealer, so the deck stream is the same
        state = RollerDerbyState(rng=rng, variant=variant, dealer=dealer)
        if setup is None:
            start_deal(state)
        else:
            apply_setup(state, setup)
        return state

    # --- the rules ----------------------------------------------------------------------------
    def current_player(self, state: RollerDerbyState) -> int | None:
        if state.phase == PLAY:  # state.current's most frequent case, inline
            trick = state.trick
            return (trick.leader + len(trick.plays)) % PLAYERS
        return state.current

    def legal_actions(self, state: RollerDerbyState) -> list[Action]:
        return legal(state)

    def explain_illegal(self, state: RollerDerbyState, action: dict[str, Any]) -> str | None:
        seat = state.current
        if seat is None:
            return None
        hand = [c.code for c in state.hands[seat]]
        kind = action.get("type")
        if state.phase == Phase.EXCHANGE and kind == "give":
            code = action.get("card")
            return f"{code!r} is not in your hand" if code not in hand else None
        if state.phase == Phase.DISCARD and kind == "discard":
            code = action.get("card")
            if code in JOKER_CODES:
                return "a joker cannot be discarded: discard a card of your own"
            return f"{code!r} is not in your hand" if code not in hand else None
        if state.phase == Phase.PLAY and kind == "play":
            return self._explain_play(state, seat, action)
        return None

    def _explain_play(self, state: RollerDerbyState, seat: int, action: dict[str, Any]) -> str | None:
        code = action.get("card")
        if code not in [c.code for c in state.hands[seat]]:
            return f"{code!r} is not in your hand"
        led, trump = state.trick.led_suit, state.trump
        naturals = [c for c in state.hands[seat] if isinstance(c, Card)]
        if code in JOKER_CODES:
            if action.get("suit") not in SUIT_LIST or action.get("rank") not in (HIGH, LOW):
                return 'a joker is played with a "suit" (S, H, D or C) and a "rank" ("high" or "low")'
            allowed = joker_suits(naturals, led, trump)
            if action["suit"] not in allowed:
                return f"the joker must obey the play rules for the suit declared: it may be {allowed} now"
            return "that combination is not allowed now"
        if set(action) != {"type", "card"}:
            return "only a joker is played with a suit and a rank"
        if any(c.suit == led for c in naturals):
            return f"you must follow suit ({led})"
        return f"you must trump ({trump}): you have no {led}"

    def apply(self, state: RollerDerbyState, act: Action) -> list[Event]:
        if act["type"] == "play":  # first: nearly every step of a play-out is a card play
            return self._play(state, act)
        seat = mover(state)
        if act["type"] == "roll":
            return self._roll(state, seat)
        if act["type"] == "give":
            return self._give(state, seat, card_or_joker(act["card"]))
        if act["type"] == "trump":
            state.trump_call = act["suit"]
            state.phase = next_step(state, Phase.TRUMP)
            return [{"type": "trump_named", "seat": seat, "trump": state.trump_call}]
        if act["type"] == "buy":
            return self._buy(state, seat, act["jokers"])
        if act["type"] == "discard":
            return self._discard(state, seat, card_or_joker(act["card"]))
        state.all_or_nothing = act["all_or_nothing"]
        state.phase = Phase.PLAY
        return [{"type": "declared", "seat": seat, "all_or_nothing": state.all_or_nothing}]

    def _roll(self, state: RollerDerbyState, seat: int) -> list[Event]:
        state.dice = roll_dice(state)
        state.phase = next_step(state, Phase.ROLL)
        return [{"type": "rolled", "seat": seat, "dice": list(state.dice), "target": state.target}]

    def _give(self, state: RollerDerbyState, seat: int, given: Held) -> list[Event]:
        """Set one card aside, face down; the third completes the seat's (secret) choice."""
        state.hands[seat].remove(given)
        state.setting_aside.append(given)
        events: list[Event] = [{"type": "set_aside", "seat": seat, "count": len(state.setting_aside)}]
        if len(state.setting_aside) < PASS_SIZE:
            return events
        state.passes.choose(seat, tuple(state.setting_aside))
        state.setting_aside = []
        events.append({"type": "gave", "seat": seat})  # which cards stays secret
        team = team_of(seat)
        if team_done_giving(state, team):
            hand_over_gifts(state, team)
            events.append({"type": "cards_passed", "team": team})
            if all(state.exchanged):
                state.phase = next_step(state, Phase.EXCHANGE)
        return events

    def _buy(self, state: RollerDerbyState, seat: int, count: int) -> list[Event]:
        state.jokers_bought = count
        state.hands[seat] = sort_held([*state.hands[seat], *JOKERS[:count]])
        state.phase = Phase.DISCARD if count else next_step(state, Phase.BUY)
        return [{"type": "jokers_bought", "seat": seat, "jokers": count, "cost": JOKER_PRICE * count}]

    def _discard(self, state: RollerDerbyState, seat: int, discarded: Held) -> list[Event]:
        assert isinstance(discarded, Card)
        state.hands[seat].remove(discarded)
        state.discards.append(discarded)
        if len(state.discards) == state.jokers_bought:
            state.phase = next_step(state, Phase.BUY)
        return [{"type": "discarded", "seat": seat}]  # face down

    def _play(self, state: RollerDerbyState, action: PlayAction) -> list[Event]:
        trick = state.trick
        seat = (trick.leader + len(trick.plays)) % PLAYERS  # state.current, inline
        found = CARDS.get(action["card"])  # played_from's most frequent case inline: a card, played as itself
        played, held = (found, found) if found is not None else played_from(action)
        done = play_card(state, played, held)
        # a card's event built at once (play_view's fields, in its order): nearly every play is a card's
        events: list[Event] = [{"type": "played", "seat": seat, "card": played.code, "suit": played.suit}
                               if type(played) is Card else {"type": "played", **play_view(seat, played)}]
        if done is None:
            return events
        events.append({"type": "trick_won", **trick_view(done), "rolling_tricks": state.rolling_tricks})
        if done.number == TRICKS:
            events += self.end_deal(state)
        return events

    def play_quietly(self, state: RollerDerbyState, played: Played, held: Held) -> None:
        """A card play as `apply` makes it, without its events: the hard bot's play-outs move by it
        (Bot.playout_step). After a deal's last card the deal is settled but the next one is not dealt: a
        play-out ends with its deal (RollerDerbyBot.playout_done), and the next deal's shuffle, deal and
        sorted hands were a good part of a play-out's time."""
        done = play_card(state, played, held)
        if done is not None and done.number == TRICKS:
            self.end_deal(state, deal_next=False)

    def end_deal(self, state: RollerDerbyState, *, deal_next: bool = True) -> list[Event]:
        """Settle the deal; then the game is over, or (unless `deal_next` is false) the next deal is dealt."""
        deal_over: Event = {"type": "deal_over", "summary": settle_deal(state)}
        # kit/tricks.py's DealtState types `phase` as a plain str (end_game sets "over", which Phase.OVER
        # equals): a Phase field does not match that protocol, hence Any
        dealt: Any = state
        if state.deal == state.variant.deals:
            return [deal_over, end_game(dealt, self.result)]
        if not deal_next:
            return [deal_over]
        deal_started = next_deal(dealt, PLAYERS, start_deal)
        # read after next_deal: the new deal's roller
        started: DerbyDealStartedEvent = {**deal_started, "roller": state.roller}
        return [deal_over, started]

    # --- what each seat sees (knowledge.py) ----------------------------------------------------
    def view(self, state: RollerDerbyState, seat: int | None) -> RollerDerbyView:
        return seat_view(state, seat)

    def result(self, state: RollerDerbyState) -> dict[str, Any]:
        team = winning_team(state)
        if state.phase != Phase.OVER:
            winners: list[int] = []
        elif team is None:
            winners = list(range(PLAYERS))  # a draw: everyone shares it
        else:
            winners = [s for s in range(PLAYERS) if team_of(s) == team]
        return {
            "scores": [state.team_scores[team_of(s)] for s in range(PLAYERS)],
            "winners": winners,
            "team_scores": list(state.team_scores),
            "winning_team": team,
            "draw": state.phase == Phase.OVER and team is None,
            "deals": state.deal,
        }

    def copy_state(self, state: RollerDerbyState) -> RollerDerbyState:
        return RollerDerbyState(
            rng=state.rng.copy(), variant=state.variant, dealer=state.dealer, deal=state.deal, phase=state.phase,
            hands=[list(h) for h in state.hands], dice=list(state.dice), trump_call=state.trump_call,
            jokers_bought=state.jokers_bought, discards=list(state.discards), passes=state.passes.copy(),
            setting_aside=list(state.setting_aside),
            exchanged=list(state.exchanged), all_or_nothing=state.all_or_nothing, trick=state.trick.copy(),
            completed=list(state.completed), out_of_play=set(state.out_of_play),
            unplayed_ranks=dict(state.unplayed_ranks), tricks_won=list(state.tricks_won),
            voids=[set(v) for v in state.voids], team_scores=list(state.team_scores),
            summaries=list(state.summaries),
        )



ROLLER_DERBY = RollerDerbyRules()
