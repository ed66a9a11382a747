"""What a seat of German Whist knows: its view (with the generic table's `display` and `labels`,
docs/adding-a-game.md in pygames) and the view's inverse, `sample_state`, side by side.

A seat sees its own hand, how many cards the other holds and which of them it took face up from the
stock, the stock's top card and size, the trick on the table, the last trick, every card played,
the suits each player showed to be out of, and the tricks won since the stock ran out.
"""

from __future__ import annotations

import copy
from typing import Any

from german_whist.state import DECK, PLAYERS, WhistState, sort_hand
from pygames_core.ai.sampling import deal_unseen
from pygames_core.engine.rng import Rng

SUIT_NAMES = {"S": {"en": "spades", "ja": "スペード"}, "H": {"en": "hearts", "ja": "ハート"},
              "D": {"en": "diamonds", "ja": "ダイヤ"}, "C": {"en": "clubs", "ja": "クラブ"}}

# What the generic table writes for each action and event; {field} is the action's or event's field.
LABELS: dict[str, Any] = {
    "actions": {"play": {"en": "Play {card}", "ja": "{card}を出す"}},
    "events": {
        "played": {"en": "{seat} played {card}", "ja": "{seat}が{card}を出した"},
        "trick_won": {"en": "{seat} won the trick", "ja": "{seat}がトリックを取った"},
        "took": {"en": "{seat} took {card} from the stock", "ja": "{seat}が山札から{card}を取った"},
        "drew": {"en": "{seat} drew the next card, unseen", "ja": "{seat}が次の札を伏せたまま引いた"},
        "turned_up": {"en": "{card} is turned up", "ja": "{card}がめくられた"},
        "deal_over": {"en": "The last trick is played", "ja": "最後のトリックが終わった"},
    },
}


def plays(trick: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return [{"seat": seat, "card": card} for seat, card in trick]


def view(state: WhistState, seat: int | None) -> dict[str, Any]:
    """What `seat` sees (None: a spectator, who sees no hand)."""
    return {
        "game": "german_whist",
        "players": PLAYERS,
        "seat": seat,
        "hand": None if seat is None else list(state.hands[seat]),
        "hand_sizes": [len(hand) for hand in state.hands],
        "trump": state.trump,
        "stock_top": state.stock[0] if state.stock else None,
        "stock_size": len(state.stock),
        "leader": state.leader,
        "trick": plays(state.trick),
        "last_trick": plays(state.last_trick),
        "played": list(state.played),
        "known": [list(cards) for cards in state.known],
        "voids": [list(suits) for suits in state.voids],
        "tricks": list(state.tricks),
        "display": display(state, seat),
        "labels": copy.deepcopy(LABELS),  # a copy: a caller changing its view must not change every later one
    }


def display(state: WhistState, seat: int | None) -> dict[str, Any]:
    """The generic table's drawing of the view: hands, piles, scores and a line about the game."""
    hands = [{"seat": s, "cards": list(state.hands[s])} if s == seat else {"seat": s, "count": len(state.hands[s])}
             for s in range(PLAYERS)]
    piles: list[dict[str, Any]] = [
        {"name": {"en": "Stock", "ja": "山札"}, "cards": state.stock[:1], "count": len(state.stock)},
        {"name": {"en": "Trick", "ja": "場"}, "cards": plays(state.trick)},
        {"name": {"en": "Last trick", "ja": "前のトリック"}, "cards": plays(state.last_trick)},
    ]
    if seat is not None and state.known[1 - seat]:
        piles.append({"name": {"en": "Seen in the other hand", "ja": "相手の手札にあると分かっている札"},
                      "cards": list(state.known[1 - seat])})
    suit = SUIT_NAMES[state.trump]
    if state.stock:
        status = {"en": f"Trumps are {suit['en']}. Win a trick to take the face-up card.",
                  "ja": f"切り札は{suit['ja']}。トリックを取ると表向きの札をもらえる。"}
    else:
        status = {"en": f"Trumps are {suit['en']}. The stock is out: these tricks count.",
                  "ja": f"切り札は{suit['ja']}。山札がなくなった。ここからのトリックが得点になる。"}
    return {"hands": hands, "piles": piles, "scores": list(state.tricks),
            "score_name": {"en": "Tricks since the stock ran out", "ja": "山札がなくなってからのトリック数"},
            "status": status}


def sample_state(seen: dict[str, Any], rng: Rng) -> WhistState:
    """A full state consistent with a seat's view: the other hand's unknown cards and the stock under
    its top card dealt at random from the cards the seat has not seen, none of a suit the other player
    showed to be out of."""
    seat = seen["seat"]
    other = 1 - seat
    known_other = list(seen["known"][other])
    top = [seen["stock_top"]] if seen["stock_top"] else []
    shown = {*seen["hand"], *known_other, *top, *seen["played"], *(play["card"] for play in seen["trick"])}
    unseen = [card for card in DECK if card not in shown]
    voids = set(seen["voids"][other])
    dealt = deal_unseen(unseen, {"hand": seen["hand_sizes"][other] - len(known_other),
                                 "stock": seen["stock_size"] - len(top)},
                        lambda holder, card: holder == "stock" or card[1] not in voids, rng, quick_tries=4)
    hands: list[list[str]] = [[], []]
    hands[seat] = list(seen["hand"])
    hands[other] = sort_hand([*known_other, *dealt["hand"]])
    return WhistState(hands, [*top, *dealt["stock"]], seen["trump"], seen["leader"],
                      [(p["seat"], p["card"]) for p in seen["trick"]],
                      [(p["seat"], p["card"]) for p in seen["last_trick"]], list(seen["played"]),
                      list(seen["tricks"]), [list(k) for k in seen["known"]], [list(v) for v in seen["voids"]])
