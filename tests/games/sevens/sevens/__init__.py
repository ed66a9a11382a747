"""Sevens, for 3 to 6 players: the test plugin of pygames' generic table (tests/test_sevens.py,
e2e/test_generic_table.py). Every card is dealt; the holder of the 7 of diamonds plays it; then each
in turn plays a 7 or the next card up or down of a row started from a 7, and passes only when nothing
fits. The first player out of cards wins; the others are ranked by the cards they hold, fewest first.
It is not in examples/ (which holds the one game the guide walks through): a game for the tests, with
more players than a trick game's table and no tricks at all."""

from pygames_core.games import Entry
from sevens.game import SevensBot, SevensRules

RULES = SevensRules()
BOT = SevensBot(RULES)
ENTRY = Entry(RULES, BOT)
