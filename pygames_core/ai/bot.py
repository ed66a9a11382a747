"""The Bot protocol: what a game tells the bots written once in pygames_core/ai/ (levels.py,
search.py, cube.py) so that they can play it and help a person play it.

A game's `Bot` holds its `Rules` and decides from a seat's view only: it samples a full state
consistent with what the seat has seen, plays quickly and sensibly from a state, says how good an
end state is, and, for games with the doubling cube, estimates the chance to win.

`Bot[S, A, E, V]` is generic in the same state and messages as its `Rules[S, A, E, V]` (engine/rules.py);
`Bot[S]` leaves the messages plain JSON objects.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from pygames_core.engine.rng import Rng
from pygames_core.engine.rules import A, E, Rules, S, V, with_json_messages
from pygames_core.kit.match import Match

if TYPE_CHECKING:
    from pygames_core.engine.game import Game


@dataclass(frozen=True)
class Words:
    """A phrase of a game's, in English and Japanese, as a hint's reason carries it ("text"). As a
    play-out's `Bot.outcome` it follows "in 31 of 43 deals" ("you rob store 3"; 「店3から盗む」):
    the same outcome is the same phrase, so the search can count them."""

    en: str
    ja: str

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "ja": self.ja}


class Bot(ABC, Generic[S, A, E, V]):
    """One game's hooks for the bots, its cube decisions and its help for a person."""

    if not TYPE_CHECKING:
        def __class_getitem__(cls, params):
            """`Bot[S]`: the messages plain JSON objects (engine/rules.py's type variables' defaults)."""
            return super().__class_getitem__(with_json_messages(params) if cls is Bot else params)

    def __init__(self, rules: Rules[S, A, E, V]) -> None:
        self.rules = rules

    # --- playing (levels.py and search.py) -------------------------------------------------------
    @abstractmethod
    def sample_state(self, view: V, rng: Rng) -> S:
        """A full state consistent with everything `view` shows (hidden cards dealt at random)."""

    def policy_action(self, state: S, rng: Rng) -> A:
        """A quick sensible action for the player to move, using only what that seat could know."""
        return rng.choice(self.rules.legal_actions(state))

    def playout_action(self, state: S, rng: Rng) -> A:
        """The action the searching levels' play-outs take for the player to move, and the choice their
        search keeps unless another is clearly better: by default `policy_action`, the normal bot's. A
        game gives its play-outs a policy of their own where its best quick play would leave the hard
        bot too little to add over a normal bot that played it (Chains' expansion)."""
        return self.policy_action(state, rng)

    def playout_step(self, state: S, rng: Rng) -> None:
        """One move of a searching level's play-out: `playout_action`'s action applied to `state`. By
        default through `rules.apply`, whose events a play-out throws away. A game may make the same
        move faster here (no event records, no checks, no action message built and read back), but it
        must leave `state` and `rng` exactly as the default does: the search's choices must not change. It may
        make several moves in one step where the play-out looks at nothing between them, stopping where
        `playout_done` would; and at that horizon it may leave undone what the game's `playout_done`,
        `evaluate` and `outcome` do not read (Apples plays the rest of a deal's cards in one and leaves the
        deal unsettled, its tricks unrecorded: its `evaluate` counts the captured cards)."""
        self.rules.apply(state, self.playout_action(state, rng))

    def normal_search_samples(self, view: V) -> int:
        """How many states the normal bot samples for a short search from this `view`, where the game's
        policy alone plays a moment badly (Arsène: the last tricks of a deal, where the count must be hit
        exactly); 0, the default, for the policy alone."""
        return 0

    def search_actions(self, view: V, legal: list[A]) -> list[A]:
        """The actions the hard bot's search compares (from the mover's view): every legal one, unless
        a game has too many to try each and names representatives (they must all be legal)."""
        return legal

    def playout_done(self, start: S, state: S) -> bool:
        """Where a hard bot's play-out stops (default: the end of the game)."""
        return self.rules.current_player(state) is None

    def evaluate(self, state: S, seat: int) -> float:
        """How good `state` is for `seat`, in [0, 1], at the end of a play-out."""
        winners = self.rules.result(state)["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0

    # The hard level's default time budget a move, in ms, where the game's own differs from the level
    # table's second (levels.py LEVEL_TABLE; None: that one). A player waits for a round of bot moves
    # between two of their own, and a round holds as many moves with a real choice as the game makes it
    # (three in On Schedule, four in Arsène, eight in Dominuxen: docs/benchmarks.md), so a game sets
    # it to keep its rounds of three hard bots within about a second (issue 48 item 5).
    hard_budget_ms: int | None = None

    def strongest_level(self, players: int) -> str:
        """The strongest bot level (levels.py's LEVELS, weakest first) the game offers its players at
        `players`: every level up to it is offered. "hard" by default; a game offers the expert only
        where a tournament measured it beating hard (docs/benchmarks.md). A bot still plays any level
        it is asked for (bench/strength.py measures the expert everywhere)."""
        return "hard"

    # --- the doubling cube (cube.py), for games that offer it ------------------------------------
    def cube_match(self, state: S) -> Match | None:
        """The match and doubling cube of this state; None when the game is played without the cube."""
        return None

    def side_of(self, seat: int) -> int:
        """The side (0 or 1) a seat plays for in a cube match: the seat itself, or its team."""
        return seat

    def win_chance(self, view: V) -> float:
        """The normal bot's quick estimate, from `view` only, of the chance that the viewing seat's
        side wins the game being played (a tie counts half); games with the cube define it."""
        raise NotImplementedError

    # --- help for a person (levels.hint and analysis, the bridge's `hint` and `analysis`) --------
    def outcome(self, start: S, end: S, seat: int) -> Words | None:
        """What the end of a play-out from `start` means for `seat`, in the game's terms (the store
        robbed, the team's tricks against its target, the points of the deal): a hint counts the
        play-outs of the suggested action that end so, and says it ("in 31 of 43 deals you rob store 3").
        Few distinct outcomes make a telling count; None (the default) when the game says nothing."""
        return None

    def effect(self, events: list[E], seat: int) -> Words | None:
        """What an action of `seat` does at once, from the `events` it caused in a state sampled from the
        seat's view: only what the player sees for certain, the same in every such state (the trick its
        card completes and who wins it); None (the default) for nothing to say."""
        return None

    def blind_choice(self, view: V, legal: list[A]) -> Words | None:
        """Where nothing the player can see tells the legal actions apart (Arsène's three face-down edge
        cards), the words that say so: the hint then gives them instead of a search's reason. None (the
        default) where the actions differ."""
        return None

    def hint(self, view: V, legal: list[A], budget_ms: int, rng: Rng) -> dict[str, Any] | None:
        """A game's own suggestion for the player whose `view` this is (it must read nothing else):
        {"action", "values", "samples", "reason"} like levels.hint (its reason may carry "text" in
        words), or None to let the hard bot's search answer."""
        return None

    def analysis(self, game: Game, budget_ms: int) -> dict[str, Any] | None:
        """After the game, what hindsight can say about it (e.g. the best a solitaire deal allowed),
        within about `budget_ms`; None when the game has nothing to say."""
        return None


AnyBot = Bot[Any, Any, Any, Any]  # any game's bot, whatever its state and messages (levels.py, the catalog)
