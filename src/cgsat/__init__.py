"""cgsat: check combinatorial-game theorems with SAT/SMT and a direct recursive solver.

The Python API is three functions (:mod:`cgsat.api`, docs/python-api.md):

- :func:`cgsat.value`: solve one position (outcome, nim-value or canonical form, winning
  moves);
- :func:`cgsat.check`: check claims size by size, as ``cgsat check``;
- :func:`cgsat.find`: search a shape for positions with a given value, as ``cgsat find``;
- :class:`cgsat.GameValue`: a game value as an object (``GameValue("{1|0}")``), as
  ``cgsat.value`` returns it: temperature, mean, stops, atomic weight, comparisons;
- :func:`cgsat.game`: a game expression or comparison in CGSuite notation, as ``cgsat game``.

The user's reference is docs/reference.md. The package is laid out in layers
(docs/architecture.md): :mod:`cgsat.games` (rulesets), :mod:`cgsat.cgt` (the direct
solver), :mod:`cgsat.encodings` (SAT/SMT builders), :mod:`cgsat.claims` (the claim model),
:mod:`cgsat.sat` (instance to verdict), :mod:`cgsat.papers` (the papers' claims and
probes), :mod:`cgsat.engine` (runner, store), :mod:`cgsat.search`, :mod:`cgsat.report`,
:mod:`cgsat.api`, and
:mod:`cgsat.commands` with :mod:`cgsat.cli` (the command line).
"""

__version__ = "0.1.0"

__all__ = ["GameValue", "__version__", "check", "find", "game", "value"]

_API = ("check", "find", "value", "game", "GameValue")


def __getattr__(name: str) -> object:
    """``cgsat.value``, ``cgsat.check`` and ``cgsat.find``, imported on first use.

    ``import cgsat`` stays cheap (``cgsat --help`` imports it too): :mod:`cgsat.api` and
    the solver behind it load only when one of the three names is first looked up (PEP
    562, a module-level ``__getattr__``).
    """
    if name in _API:
        from cgsat import api  # start-up time of `cgsat --help`: loaded on first use

        return getattr(api, name)
    raise AttributeError(f"module 'cgsat' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_API])
