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
    """A saved game text that is corrupt, tampered with, or does not replay. Its message says exactly what
    is wrong, for a developer; its `reason` says which of SAVE_PROBLEMS it is, for a page to say in its
    reader's language (the bridge's error reply carries it)."""

    def __init__(self, message: str, reason: str = "unreadable") -> None:
        if reason not in SAVE_PROBLEMS:
            raise ValueError(f"a save's problem is one of {', '.join(SAVE_PROBLEMS)}, not {reason!r}")
        super().__init__(message)
        self.reason = reason


# What can be wrong with a save, as a player would understand it: not readable as a save's text (cut
# short, not JSON, over the limits), readable but not a pygames save, a version this build does not
# read, changed after it was written (its check fails), or a game whose moves these rules do not replay.
SAVE_PROBLEMS = ("unreadable", "not_a_save", "version", "altered", "does_not_replay")


class BadPlugin(UnknownGame):
    """A game installed as a plugin (entry point group `pygames.games`) that cannot be played: it failed
    to import, its entry point is not a catalog `Entry`, its id disagrees with its entry point's name,
    or it would replace another game's id. The other games are unaffected."""


def broken_game_report(error: BaseException, frames: int = 3) -> str:
    """An error a game's own code raised (not one of the above: a bug, such as an IndexError in its
    `apply`), said so that its designer can find it: `IndexError: list index out of range`, then the
    last `frames` frames of its traceback, where it happened, innermost last, one a line (last_frames):
    `  my_game/rules.py, line 14, in apply: return state.hands[9]`.
    Used by the command line and by build.py's check of a game wheel."""
    lines = [f"{type(error).__name__}: {error}".removesuffix(": ")]
    lines += [f"  {frame}" for frame in last_frames(error, frames)]
    return "\n".join(lines)


def last_frames(error: BaseException, frames: int = 3, *, below: str | None = None) -> list[str]:
    """The last `frames` frames of the error's traceback, innermost last, each where it was and what it
    ran: `my_game/rules.py, line 14, in apply: return state.hands[9]`. A file under site-packages is
    named from there (the package and its module, as in the designer's own folder: an installed
    plugin's, in the page too). `below`: a file whose own frames are left out (the bridge's: the way
    every request comes in, which says nothing of where the game failed)."""
    import traceback  # here: pygames_core's import must not pay for it (the page starts faster)

    said = []
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename == below:
            continue
        where = frame.filename.rpartition("site-packages/")[2]
        code = f": {frame.line}" if frame.line else ""
        said.append(f"{where}, line {frame.lineno}, in {frame.name}{code}")
    return said[-frames:]
