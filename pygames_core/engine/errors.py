"""The error classes of the public contract.

Every error a caller can provoke with bad input is one of these, so a page or a test can
catch `PygamesError` and show its message. Each is also a `ValueError`: the input was wrong.
"""


class PygamesError(ValueError):
    """Base class of every error raised for bad input to pygames_core."""


class IllegalAction(PygamesError):
    """An action that is not legal in the current state. The state is unchanged."""


class BadSetup(PygamesError):
    """A game that cannot be created: unknown keys, impossible positions, bad options or seeds."""


class UnknownGame(BadSetup):
    """A game id that is not in `list_games()`."""


class BadSave(PygamesError):
    """A saved game text that is corrupt, tampered with, or does not replay."""


class BadPlugin(UnknownGame):
    """A game installed as a plugin (entry point group `pygames.games`) that cannot be played: it failed
    to import, its entry point is not a catalog `Entry`, its id disagrees with its entry point's name,
    or it would replace another game's id. The other games are unaffected."""
