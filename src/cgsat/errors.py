"""Exceptions that the CLI turns into a one-line message and exit code 2."""

__all__ = ["CgsatInputError", "PositionError", "TooLargeError"]


class CgsatInputError(ValueError):
    """Bad input from the user: a malformed position, an unknown name, an impossible bound.

    The message is shown to the user as one line, so it must name the offending token.
    """


class PositionError(CgsatInputError):
    """A position string that does not parse, or describes an illegal position."""


class TooLargeError(CgsatInputError):
    """A position too large for exhaustive play; the message points to the SAT route."""
