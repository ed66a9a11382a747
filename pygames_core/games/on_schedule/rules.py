"""On Schedule (オン・スケジュール): a partnership trick-taker whose trumps are voted and scheduled.
Rules and the project's decisions: docs/games/on_schedule.md.

Each deal: the four players cast 13 public votes for trump suits with cards from their schedule
piles; the votes are shuffled into a row, and card i of the row names the trump of trick i. Each
player's latest card in the row marks their special trick. Partners pass each other two cards at
once, then 13 tricks are played. Every 10, J, Q, K, A won is a point, doubled in the winner's own
special trick and in trick 13. The team with more points takes one victory point; first to 3 wins.

Decisions followed (docs/games/on_schedule.md): equal team totals give no victory point.
Decisions taken here (see docs/games/on_schedule.md): a vote names a suit (the card cast is the
next of that suit in the voter's pile); trick 13 is never a special trick, so the two doublings
never stack; the first dealer is drawn from the seed; the card pass is the `give` action, chosen
one seat at a time clockwise from the dealer's left, each choice hidden until all four are in; a
finished trick is turned over as the original says (its point cards stay face up), and so is its
card of the schedule row, but the last one stays in view until the next is finished, and the
`show_played` assist keeps them all face up.

This module is the rules proper: legal actions, applying them, a deal's settlement and the result.
The state and the schedule are in state.py beside it, explicit set-ups in setup.py, what a seat sees
(and its inverse, the bots' sampled state) in knowledge.py, the bots in bot.py.

A deal is scored in `settle_deal` only: the victory point it awards is multiplied there by the
doubling cube's stake when the `cube` option is on (pygames_core/kit/match.py: each deal is a game of the match, the
teams are the sides, and a double is offered before one of the doubling team's card plays).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar

from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import Option, Rules
from pygames_core.games.on_schedule.knowledge import seen_view, table_view
from pygames_core.games.on_schedule.messages import (
    Action,
    DealSummary,
    Event,
    GiveAction,
    OnScheduleView,
    PlayAction,
    VoteAction,
)
from pygames_core.games.on_schedule.setup import apply_setup
from pygames_core.games.on_schedule.state import (
    CARD_POINTS,
    DECK,
    GAME_ID,
    GIFT_SIZE,
    GIVE,
    PLAY,
    PLAYERS,
    SUIT_PILES,
    TARGET,
    TRICKS,
    VOTE,
    VOTE_ROLES,
    VOTES_PER_ROLE,
    OnScheduleState,
    OnScheduleTrick,
    Phase,
    finished_trick,
    lay_out_schedule,
    match_winner,
    row_view,
    start_deal,
    trick_multiplier,
    voter,
)
from pygames_core.kit.cards import CARDS, SUITS, Card, codes, sort_hand
from pygames_core.kit.match import CUBE_ACTIONS, MAX_TARGET, CubeEvent, DoubleAction, match_from_options
from pygames_core.kit.records import Frozen
from pygames_core.kit.seats import mover, partner_of, team_of
from pygames_core.kit.tricks import Trick, end_game, next_deal, winning_play

# the actions legal_actions lists, made once and shared by every list (Rules.legal_actions: nobody changes them)
PLAY_ACTIONS: dict[Card, PlayAction] = {c: {"type": "play", "card": c.code} for c in DECK}
VOTE_ACTIONS: dict[str, VoteAction] = {s: {"type": "vote", "suit": s} for s in SUITS}
DOUBLE_ACTION: DoubleAction = {"type": "double"}
# Every vote is for any of the four suits: a suit is legal while the voter's pile holds a card of it, and
# each role holds as many cards of every suit as it casts votes in a deal (4 for the dealer, A-4; 3 for the
# others), so no pile runs out of a suit before its owner's last vote is cast (a set-up's votes are checked
# against the roles' piles alike: setup.py). The list is then always the same.
assert all(VOTES_PER_ROLE[role] <= len(piles[s]) for role, piles in enumerate(SUIT_PILES) for s in SUITS)
ALL_VOTES: tuple[VoteAction, ...] = tuple(VOTE_ACTIONS[s] for s in SUITS)


class Gives(dict[tuple[Card, ...], GiveAction]):
    """Every give action, by its two cards in hand order, each made when first listed (a game meets few of
    the 1,326 pairs). A plain dict underneath: a listed pair is found in C (`legal_actions` maps a hand's
    78 pairs, as itertools.combinations yields them, through `__getitem__` without a Python call each)."""

    def __missing__(self, pair: tuple[Card, ...]) -> GiveAction:
        # the pair is kept as the key: combinations then yields its next pair in a tuple of its own
        action: GiveAction = {"type": "give", "cards": [pair[0].code, pair[1].code]}
        self[pair] = action
        return action


GIVE_ACTIONS = Gives()


def exchange_gifts(state: OnScheduleState) -> None:
    """Every seat has set two cards aside: each pair now goes to the giver's partner."""
    for seat, gift in enumerate(state.gifts.choices):
        assert gift is not None
        state.given[seat] = gift
        receiver = partner_of(seat)
        state.hands[receiver] = sort_hand([*state.hands[receiver], *gift])
    state.phase = Phase.PLAY


def settle_deal(state: OnScheduleState, passed_by: int | None = None) -> tuple[DealSummary, list[CubeEvent]]:
    """The end of a deal: team totals, the victory point to the higher team (none on a tie) or, when
    a double was passed, to the doubling team `passed_by`, and the deal's summary. The one place a
    deal's stake is awarded: the match multiplies the victory point by the cube's value. Returns
    the summary and the cube's events."""
    team_points = [state.points[0] + state.points[2], state.points[1] + state.points[3]]
    if passed_by is not None:
        winner_team: int | None = passed_by
    elif team_points[0] == team_points[1]:
        winner_team = None
    else:
        winner_team = 0 if team_points[0] > team_points[1] else 1
    stake = state.match.value
    events = state.match.settle(winner_team, passed=passed_by is not None)
    summary: DealSummary = {
        "deal": state.deal, "dealer": state.dealer, "row": row_view(state), "special": list(state.special),
        "points": list(state.points), "tricks": list(state.tricks_won), "team_points": team_points,
        "winner_team": winner_team, "victory_points": list(state.match.scores),
    }
    if state.match.cube:
        summary["stake"] = stake
        summary["passed"] = passed_by is not None
    state.summaries.append(Frozen.of(summary))
    return summary, events


def play_card(state: OnScheduleState, played: Card) -> OnScheduleTrick | None:
    """A legal card played by the seat to play, the trick scored once it is complete: the finished trick
    then (the caller ends the deal after the last), else None. What `apply` does to the state for a card
    play, without its events: the hard bot's play-outs move by it (OnScheduleBot.playout_step)."""
    # the phase read straight: a card is played only in the play phase; the trick's number and trump only
    # once the trick is complete (so record_play's and winning_play, not play_to_trick, which takes the trump)
    trick = state.trick
    plays = trick.plays
    seat = (trick.leader + len(plays)) % PLAYERS  # state.to_play, inline
    if plays:  # record_play, inline (a call less at every card play): a suit not followed is one the seat lacks
        led = plays[0][1].suit
        if played.suit != led:
            state.voids[seat].add(led)
    state.hands[seat].remove(played)
    plays.append((seat, played))
    if len(plays) < PLAYERS:
        return None
    number = sum(state.tricks_won) + 1  # state.trick_number, inline
    winner = winning_play(plays, state.row[number - 1].suit)[0]  # trick_winner's, without its check: legal plays
    points = gone = 0
    out_of_play = state.out_of_play
    for _, c in plays:
        points += CARD_POINTS[c]
        out_of_play.add(c)
        gone |= c.bit
    state.unplayed &= ~gone
    multiplier = trick_multiplier(number, winner, state.special)
    points *= multiplier
    done = finished_trick(number, trick.leader, plays, winner, points, multiplier == 2)
    state.completed.append(done)
    state.tricks_won[winner] += 1
    state.points[winner] += points
    state.trick = Trick(winner, [])  # its list given: not the dataclass's default_factory called
    return done


class OnScheduleRules(Rules[OnScheduleState, Action, Event, OnScheduleView]):
    game_id = GAME_ID
    title: ClassVar[dict[str, str]] = {"en": "On Schedule", "ja": "オン・スケジュール"}
    min_players = max_players = PLAYERS
    options = (
        Option(
            name="cube", type="bool", default=False,
            label={"en": "Doubling cube", "ja": "ダブリングキューブ"},
            help={
                "en": "Play a match with a doubling cube: before one of your team's card plays you may offer to "
                      "double the deal's victory points; the other team takes (and owns the cube) or passes "
                      "(and loses the deal at the stake before the double).",
                "ja": "ダブリングキューブを使ったマッチ。自チームのカードを出す前に、このディールの勝利点を2倍にする"
                      "提案（ダブル）ができます。相手チームはテイク（キューブを受け取る）かパス（ダブル前の"
                      "点数でこのディールを失う）を選びます。",
            },
        ),
        Option(
            name="match_to", type="int", default=TARGET, minimum=1, maximum=MAX_TARGET,
            label={"en": "Victory points to win", "ja": "勝利に必要な勝利点"},
            help={
                "en": "The first team to this many victory points wins the match (3 in the original; 7 suits the "
                      "doubling cube).",
                "ja": "この勝利点に先に達したチームがマッチに勝ちます（原作は3。ダブリングキューブなら7がおすすめ）。",
            },
        ),
        Option(
            name="crawford", type="bool", default=True,
            label={"en": "Crawford rule", "ja": "クロフォード・ルール"},
            applies_when=(("cube", (True,)),),
            help={
                "en": "With the doubling cube: no doubling in the first deal after a team comes within one victory "
                      "point of winning.",
                "ja": "ダブリングキューブ使用時：どちらかのチームが勝利まであと1点になった直後のディールではダブル"
                      "できません。",
            },
        ),
        Option(
            name="show_played", type="bool", default=False,
            label={"en": "Show played cards", "ja": "出た札を表示"},
            help={
                "en": "An assist: every finished trick of the deal, and its card of the schedule row, stays face up. "
                      "Without it, as in the original, the last trick stays in view and of earlier tricks only the "
                      "point cards, their trumps turned face down in the row: remembering the rest is part of the "
                      "game.",
                "ja": "アシスト機能：このディールで終わったトリックの札と、スケジュールの列のその札をすべて表向きの"
                      "まま残します。オフのときは原作どおり、見えるのは直前のトリックと、それより前のトリックの"
                      "点数札だけで、列の札も裏向きになります。残りを覚えておくのもゲームのうちです。",
            },
        ),
    )

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], rng: Rng,
                  setup: dict[str, Any] | None) -> OnScheduleState:
        dealer = rng.below(PLAYERS)  # drawn even with a set-up dealer, so the deck stream is the same
        state = OnScheduleState(rng=rng, dealer=dealer, match=match_from_options(options),
                                show_played=options["show_played"])
        if setup is None:
            start_deal(state)
        else:
            apply_setup(state, setup)
        return state

    # --- the rules ----------------------------------------------------------------------------
    def current_player(self, state: OnScheduleState) -> int | None:
        if state.phase == PLAY and state.match.offered_by is None:  # state.current's most frequent case, inline
            trick = state.trick
            return (trick.leader + len(trick.plays)) % PLAYERS
        if state.phase == VOTE:  # the next most frequent, without state.current's tests of the phase again
            return voter(state.dealer, len(state.votes))
        return state.current

    def legal_actions(self, state: OnScheduleState) -> list[Action]:
        match = state.match
        if state.phase == PLAY and match.offered_by is None:  # the most frequent first: a card to play
            trick = state.trick
            plays = trick.plays
            seat = (trick.leader + len(plays)) % PLAYERS
            hand = state.hands[seat]
            legal: list[Action]  # play_actions', inline: a call less at every card play
            if plays:
                led = plays[0][1].suit
                legal = [PLAY_ACTIONS[c] for c in hand if c.suit == led] or [PLAY_ACTIONS[c] for c in hand]
            else:
                legal = [PLAY_ACTIONS[c] for c in hand]
            # match.actions at the start of a turn with no double waiting, its one action shared
            doublers = state.doublers
            if doublers is None:
                doublers = state.doublers = (match.may_double(0), match.may_double(1))
            if doublers[seat % 2]:  # team_of(seat), inline
                legal.append(DOUBLE_ACTION)
            return legal
        if state.phase == VOTE:
            return [*ALL_VOTES]  # the suits of the voter's pile (pile_of's): always all four (ALL_VOTES)
        chooser = state.current
        if chooser is None:
            return []
        if state.phase == GIVE:
            # the pairs in hand order, as itertools.combinations lists them
            return list(map(GIVE_ACTIONS.__getitem__, combinations(state.hands[chooser], GIFT_SIZE)))
        return [*match.actions(team_of(chooser), turn_start=False)]

    def explain_illegal(self, state: OnScheduleState, action: dict[str, Any]) -> str | None:
        seat = state.current
        if seat is None:
            return None
        if state.match.cube and (state.match.offered_by is not None or action.get("type") in CUBE_ACTIONS):
            return state.match.explain(action, team_of(seat), turn_start=state.phase == Phase.PLAY)
        hand = codes(state.hands[seat])
        if state.phase == Phase.GIVE and action.get("type") == "give":
            given = action.get("cards")
            if not isinstance(given, list) or len(given) != GIFT_SIZE:
                return f"give names {GIFT_SIZE} cards from your hand"
            missing = [c for c in given if c not in hand]
            if missing:
                return f"{missing!r} not in your hand"
            if given[0] == given[1]:
                return "give two different cards"
            return f"name the two cards in hand order: {sorted(given, key=hand.index)!r}"
        if state.phase == Phase.PLAY and action.get("type") == "play":
            code = action.get("card")
            if code not in hand:
                return f"{code!r} is not in your hand"
            return f"you must follow suit ({state.trick.led_suit})"
        return None

    def apply(self, state: OnScheduleState, action: Action) -> list[Event]:
        if action["type"] == "play":  # first: nearly every step of a play-out is a card play
            return self._play(state, CARDS[action["card"]])
        if action["type"] == "vote":  # next: 13 of a deal's 17 other decisions
            return self._vote(state, action["suit"])
        seat = mover(state)
        if action["type"] == "give":  # then the other 4
            return self._give(state, seat, tuple(map(CARDS.__getitem__, action["cards"])))  # legal: cards held
        if action["type"] == "double":
            return [state.match.double(team_of(seat), seat)]
        if action["type"] == "take":
            state.doublers = None  # the cube has changed hands
            return [state.match.take(seat)]
        doubler = state.match.offered_by  # a pass
        return [{"type": "passed", "seat": seat, "side": team_of(seat)}, *self.end_deal(state, doubler)]

    def _vote(self, state: OnScheduleState, suit: str) -> list[Event]:
        # the next card of the suit in the voter's pile, as pile_of lists it; the voter's role is the vote's (a
        # loop, not next() over a generator, and the voter's seat, voter's, inline: 13 of a deal's decisions)
        votes = state.votes
        number = len(votes)
        role = VOTE_ROLES[number]
        for cast in SUIT_PILES[role][suit]:  # a legal vote's suit: one of its cards is left
            if cast not in votes:
                break
        votes.append(cast)
        events: list[Event] = [{"type": "voted", "seat": (state.dealer + role) % PLAYERS, "vote": number + 1,
                                "suit": suit, "card": cast.code}]
        if number + 1 == TRICKS:
            events += lay_out_schedule(state)
        return events

    def _give(self, state: OnScheduleState, seat: int, gift: tuple[Card, ...]) -> list[Event]:
        state.gifts.choose(seat, gift)
        hand = state.hands[seat]
        for c in gift:  # set aside, face down
            hand.remove(c)
        events: list[Event] = [{"type": "gave", "seat": seat}]  # which cards stays secret
        if state.gifts.complete:
            exchange_gifts(state)
            events.append({"type": "cards_passed", "leader": state.trick.leader})
        return events

    def _play(self, state: OnScheduleState, played: Card) -> list[Event]:
        trick = state.trick
        seat = (trick.leader + len(trick.plays)) % PLAYERS  # state.to_play, inline
        done = play_card(state, played)
        events: list[Event] = [{"type": "played", "seat": seat, "card": played.code}]
        if done is None:
            return events
        events.append(done.won_event())
        if done.number == TRICKS:
            events += self.end_deal(state)
        return events

    def play_quietly(self, state: OnScheduleState, played: Card) -> None:
        """A card play as `apply` makes it, without its events: the hard bot's play-outs move by it
        (Bot.playout_step). After a deal's last card the deal is settled but the next one is not dealt: a
        play-out ends with its deal (OnScheduleBot.playout_done), and the next deal's shuffle was a good
        part of a play-out's time."""
        done = play_card(state, played)
        if done is not None and done.number == TRICKS:
            self.end_deal(state, deal_next=False)

    def end_deal(self, state: OnScheduleState, passed_by: int | None = None, *,
                 deal_next: bool = True) -> list[Event]:
        """Settle the deal; then the match is over, or (unless `deal_next` is false) the next deal is dealt."""
        summary, cube_events = settle_deal(state, passed_by)
        state.doublers = None  # the match has moved on
        events: list[Event] = [{"type": "deal_over", "summary": summary}, *cube_events]
        if match_winner(state) is not None:
            return [*events, end_game(state, self.result)]
        if not deal_next:
            return events
        return [*events, next_deal(state, PLAYERS, start_deal)]

    # --- what each seat sees (knowledge.py) -----------------------------------------------------
    def view(self, state: OnScheduleState, seat: int | None) -> OnScheduleView:
        return table_view(state, seat, self._may_double(state, seat))

    def remembered_view(self, state: OnScheduleState, seat: int) -> OnScheduleView:
        return seen_view(state, seat, self._may_double(state, seat))

    def _may_double(self, state: OnScheduleState, seat: int | None) -> bool:
        """Whether `seat` may double now (the cube's view shows it); asked only with the cube."""
        return (state.match.cube and seat is not None and seat == state.current
                and {"type": "double"} in self.legal_actions(state))

    def result(self, state: OnScheduleState) -> dict[str, Any]:
        team = match_winner(state)
        return {
            "scores": [state.match.scores[team_of(s)] for s in range(PLAYERS)],
            "winners": [s for s in range(PLAYERS) if team_of(s) == team] if team is not None else [],
            "team_scores": list(state.match.scores),
            "winning_team": team,
            "deals": state.deal,
        }

    def copy_state(self, state: OnScheduleState) -> OnScheduleState:
        # the row is shared: a tuple, never changed in place
        return OnScheduleState(
            rng=state.rng.copy(), dealer=state.dealer, deal=state.deal, phase=state.phase,
            hands=[list(h) for h in state.hands], votes=list(state.votes), row=state.row,
            special=list(state.special), gifts=state.gifts.copy(), given=list(state.given),
            trick=state.trick.copy(), completed=list(state.completed), out_of_play=set(state.out_of_play),
            unplayed=state.unplayed,
            tricks_won=list(state.tricks_won), points=list(state.points), voids=[set(v) for v in state.voids],
            match=state.match.copy(), doublers=state.doublers, summaries=list(state.summaries), people=state.people,
            show_played=state.show_played,
        )

    def seat_people(self, state: OnScheduleState, people: frozenset[int]) -> None:
        state.people = people


ON_SCHEDULE = OnScheduleRules()
