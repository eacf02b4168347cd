"""The Python API of cgsat: :func:`value`, :func:`check` and :func:`find`, for notebooks.

Each function takes what its command takes and returns a plain frozen dataclass whose
fields are those of the command's ``--json`` output (docs/reference.md), with a
``to_json()`` method that gives that JSON object. The commands (``cgsat value``, ``cgsat
check``, ``cgsat find``) are thin layers over these functions: they parse arguments, call
them and print.

Bad input raises :class:`cgsat.errors.CgsatInputError` with the one-line message the CLI
prints (it names the offending token; where it names an option, the option is the CLI's
spelling, e.g. ``--misere`` for ``misere=True``).

>>> import cgsat
>>> cgsat.value("toppling", "LRL LR").value
GameValue('1/2+*')
>>> cgsat.value("timber-path", "LLRRLR").outcome
'P'

``check`` and ``find`` load the check engine (every paper's claims, the SAT encodings) on
first use, about half a second; ``value`` does not, so ``cgsat value`` starts quickly.

A partizan ``value`` is a :class:`GameValue` (:mod:`cgsat.cgt.value`): ``str()`` is its
CGSuite text, and it has ``temperature()``, ``mean()``, the stops, ``atomic_weight()``,
``reduced()``, ``thermograph()``, comparisons and sums; ``GameValue("{1|0}")`` makes one
from CGSuite text, and :func:`game` evaluates an expression or a comparison in CGSuite
notation, as ``cgsat game`` does.

One module per function: :mod:`cgsat.api._value`, :mod:`cgsat.api._check`,
:mod:`cgsat.api._find`; import the names from here (or from :mod:`cgsat`).
"""

from cgsat.api._check import CheckReport, CheckResult, check
from cgsat.api._find import FindResult, find
from cgsat.api._game import GameResult, game
from cgsat.api._value import Move, ValueResult, value
from cgsat.cgt.value import GameValue

__all__ = ["CheckReport", "CheckResult", "FindResult", "GameResult", "GameValue", "Move",
           "ValueResult", "check", "find", "game", "value"]
