"""Users' own all-n rules (issue 35): a rule over a word family, proved for every size.

A *rule* says which positions of a word family have nim-value k, as a regular language of
their words: a regular expression (:func:`rule` ``regex=``), an automaton
(:class:`~cgsat.automata.dfa.Automaton`, ``automaton=``), or ``learn=H``, the smallest
automaton consistent with the complete table of nim-values by exhaustive play up to size
H. ``claim(id, family, rule(...))`` then gets three methods:

- ``automata``: the rule, with R_0 .. R_{k-1}, decided for every size at once by two
  deciders of four (set operations, pre-images, product search, MONA when installed;
  :func:`cgsat.automata.methods.all_n_method`), a counterexample replayed by plain play;
- ``play`` and ``sat``: the rule as ``exactly(positions, value="*k")``, the positions of
  size n being the words the rule accepts (:mod:`cgsat.kit.methods`).

The word families (:mod:`cgsat.automata.families`):

- :func:`green_cordons`: a cordon of height n >= 1 is its *leaf word* x_1 .. x_{n-1}
  (x_a = ``1``: a leaf arc at v_a), over ``01``; the empty cordon (height 0) is not a word
  (⊥). ``leaves=m`` keeps the cordons with exactly m leaf arcs, ``max_leaves=m`` those with
  at most m;
- :func:`timber_paths`: a Toppling Peaks word is its own word, over ``LR``;
  ``height_range=h`` keeps the words whose prefix heights (L up, R down) span at most h.
  A rule needs it: the deciders take Peaks words of bounded height range only. The empty
  word (no domino, nim-value 0) is an option of the family's words, not one of them.

How the statement is built (:func:`rule_statement`). The deciders check the mex rule on a
domain closed under options: *at most* m leaf arcs (moves never add a leaf), height range
at most h (options are prefixes and suffixes). With the family's own domain F inside that
closed domain D:

- R_k = (the rule ∩ F) ∪ (B_k ∩ (D \\ F)), so the rule speaks only of F;
- R_i = B_i for i < k,

where B_0 .. B_k are the *background* automata: for green cordons and k <= 12, the stored
library automata (Theorems 3.2, 3.3 and ``nim2`` .. ``nim12`` of *Thinning Thickets*,
:func:`cgsat.automata.library.nim_statement`, each proved for all cordons by the claims
``thickets.thm3.2`` .. ``thickets.green-nim12``; on D they are exact); otherwise, or with
``below=H``, automata learned (:func:`learn`) from the complete table up to size H
(default: ``learn=``'s H, else :data:`BELOW`). Whatever the source, the deciders prove the
whole statement R_0 .. R_k, not only the rule. A counterexample where only a background
automaton is wrong (a learned one, from too small a table) is ``unknown``, never a
refutation of the user's rule.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Definition 1.2, §3, §5 and
   Problem 5.1 (green cordons, their nim-values, the §5 statements on few leaves).
.. [2] R. J. Nowakowski et al., *The Game of timber!*, §2 (Toppling Peaks).
.. [3] A. Mignoty, A. Renard, M. Rigo, M. Whiteland, "Automatic proofs in combinatorial
   game theory", Int. J. Game Theory 54 (2025).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any

from automata.fa.dfa import DFA
from automata.fa.nfa import NFA

from cgsat.automata.dfa import Automaton
from cgsat.automata.families import GREEN_CORDON, height_range, toppling_peaks
from cgsat.automata.library import LARGEST, nim_statement
from cgsat.automata.methods import all_n_method
from cgsat.automata.options import Statement as AutomataStatement
from cgsat.automata.options import Word, WordFamily
from cgsat.cgt import canonical
from cgsat.cgt.impartial import solver_for
from cgsat.claims import Budget, Method, Verdict
from cgsat.errors import CgsatInputError
from cgsat.games.base import ImpartialRuleset
from cgsat.kit import families as kit_families
from cgsat.kit.families import Family
from cgsat.kit.statements import Statement

__all__ = [
    "BELOW",
    "TABLE_LIMIT",
    "Rule",
    "RuleSpec",
    "WordDomain",
    "automata_method",
    "green_cordons",
    "learn",
    "rule",
    "rule_automaton",
    "rule_statement",
    "table",
    "timber_paths",
]

BELOW = 14
"""The default size of the table the background automata are learned from, when no
library automaton applies and no ``learn=`` is given."""

TABLE_LIMIT = 70_000
"""The most positions a learning table may hold (each played out): ``learn=H`` above it is
bad input. The green cordons of height up to 16 are 65,535; with at most three leaf arcs,
height 60 is within it."""

_REGEX_SYNTAX = "()|*+?"
_CHECK_LENGTH = 10  # a regex is compared with Python's re on every word up to this length


# -- the families ------------------------------------------------------------------------
@dataclass(frozen=True)
class WordDomain(Family):
    """A word family restricted to a regular domain (leaf arcs of cordons, the height
    range of Peaks words): a :class:`~cgsat.kit.families.Family` whose filter is that
    domain, so that play and the SAT searches keep its positions only.

    Attributes
    ----------
    leaves : tuple of int or None
        Green cordons: the least and the most leaf arcs.
    span : int or None
        Toppling Peaks: the largest height range.
    """

    leaves: tuple[int, int] | None = None
    span: int | None = None

    @property
    def filtered(self) -> bool:
        """Always: the domain is a filter."""
        return True

    def describe(self) -> str:
        """A one-line description (for the record and the report)."""
        text = super().describe()
        return f"{text} {self.domain_text()}"

    def domain_text(self) -> str:
        """The domain in words: ``with exactly 3 leaf arcs``."""
        if self.leaves is not None:
            lo, hi = self.leaves
            return (f"with exactly {lo} leaf arc{'s' * (lo != 1)}" if lo == hi
                    else f"with at most {hi} leaf arc{'s' * (hi != 1)}")
        return f"of height range at most {self.span}"

    def keep(self, text: str) -> bool:
        """Whether the position ``text`` is in the domain (and passes ``match=``)."""
        if not super().keep(text):
            return False
        return self.domain_automaton().accepts(self.word_of(text))

    def vacancy(self, n: int) -> str | None:
        """Why the domain has no position of size n (exact at every n, from its
        automaton), or None.

        Examples
        --------
        >>> green_cordons(leaves=2).vacancy(2), green_cordons(leaves=2).vacancy(3)
        ('no green cordon of height 2 with exactly 2 leaf arcs', None)
        """
        if self.match is not None or self.palindrome:
            return super().vacancy(n)  # a filter: listed, as for any family
        auto = self.domain_automaton()
        if self.kind == "green-cordon":
            found = auto.empty if n == 0 else auto.count(n - 1) > 0
            what = f"green cordon of height {n}"
        else:
            found = auto.count(n) > 0
            what = f"Toppling Peaks word of length {n}"
        return None if found else f"no {what} {self.domain_text()}"

    def word_of(self, text: str) -> Word:
        """A position's word (None: ⊥, the empty cordon)."""
        return word_of(self, text)

    def domain_automaton(self) -> Automaton:
        """The family's own domain F (exactly or at most m leaf arcs; height range)."""
        return _domain(self, closed=False)

    def closed_automaton(self) -> Automaton:
        """The closed domain D the deciders check: F closed under options."""
        return _domain(self, closed=True)


def word_of(family: Family, text: str) -> Word:
    """A position of a word family as its word (None: ⊥).

    Examples
    --------
    >>> word_of(green_cordons(), "5:2,3"), word_of(timber_paths(), "LRR")
    ('0110', 'LRR')
    """
    if family.kind == "green-cordon":
        wf = GREEN_CORDON
        assert wf.word is not None
        return wf.word(family.normalize(text))
    return "" if text in ("", "()") else text


def position_of(family: Family, word: Word) -> str:
    """A word as a position of its family (the inverse of :func:`word_of`)."""
    if family.kind == "green-cordon":
        return GREEN_CORDON.position(word)
    return word or ""


@lru_cache(maxsize=64)
def _domain(family: WordDomain, closed: bool) -> Automaton:
    if family.span is not None:
        return height_range(family.span)
    lo, hi = family.leaves or (0, 0)
    lo = 0 if closed else lo
    rows = tuple((c, min(c + 1, hi + 1)) for c in range(hi + 2))
    return Automaton("01", rows, frozenset(range(lo, hi + 1)), lo == 0,
                     f"leaves-{lo}-{hi}")


def green_cordons(*, match: str | None = None, leaves: int | None = None,
                  max_leaves: int | None = None) -> Family:
    """Every green cordon of height n (*Thinning Thickets*, Definition 1.2), or those with
    exactly ``leaves`` (at most ``max_leaves``) leaf arcs.

    Without ``leaves``/``max_leaves`` this is :func:`cgsat.kit.families.green_cordons`.

    Examples
    --------
    >>> list(green_cordons().positions(3))
    ['3:', '3:1', '3:2', '3:1,2']
    >>> f = green_cordons(leaves=1)
    >>> [p for p in f.positions(3) if f.keep(p)], f.describe()
    (['3:1', '3:2'], 'green cordons with exactly 1 leaf arc')
    >>> green_cordons(leaves=1, max_leaves=2)
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: green_cordons: give leaves= (exactly m leaf arcs) or \
max_leaves= (at most m), not both
    """
    base = kit_families.green_cordons(match=match)
    if leaves is None and max_leaves is None:
        return base
    if leaves is not None and max_leaves is not None:
        raise CgsatInputError("green_cordons: give leaves= (exactly m leaf arcs) or "
                              "max_leaves= (at most m), not both")
    m = leaves if leaves is not None else max_leaves
    if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m <= 64:
        raise CgsatInputError(f"green_cordons: a number of leaf arcs is 0 .. 64, got {m!r}")
    return WordDomain("green-cordon", match=match,
                      leaves=(m, m) if leaves is not None else (0, m))


def timber_paths(*, match: str | None = None, palindrome: bool = False,
                 height_range: int | None = None) -> Family:
    """Toppling Peaks words of length n over L, R (*The Game of timber!*, §2), or those
    whose prefix heights (L up, R down) span at most ``height_range``.

    Without ``height_range`` this is :func:`cgsat.kit.families.timber_paths`.

    Examples
    --------
    >>> f = timber_paths(height_range=1)
    >>> [w for w in f.positions(3) if f.keep(w)], f.describe()
    (['LRL', 'RLR'], 'Toppling Peaks words (Timber on a path) of height range at most 1')
    """
    base = kit_families.timber_paths(match=match, palindrome=palindrome)
    if height_range is None:
        return base
    if isinstance(height_range, bool) or not isinstance(height_range, int) \
            or not 1 <= height_range <= 12:
        raise CgsatInputError(f"timber_paths: height_range is 1 .. 12, got {height_range!r}")
    return WordDomain("timber-path", match=match, palindrome=palindrome, span=height_range)


def _word_family(family: Family, cid: str) -> WordFamily:
    """The automata side's family, with the closed domain D (None: every word)."""
    if family.kind == "green-cordon":
        if isinstance(family, WordDomain):
            return replace(GREEN_CORDON, name=f"green-cordon, {family.describe()}",
                           domain=family.closed_automaton())
        return GREEN_CORDON
    if family.kind == "timber-path" and isinstance(family, WordDomain) \
            and family.span is not None:
        return toppling_peaks(family.span)
    if family.kind == "timber-path":
        raise CgsatInputError(f"{cid}: a rule over Toppling Peaks words needs a bounded "
                              "height range: timber_paths(height_range=h)")
    raise CgsatInputError(f"{cid}: a rule needs a word family: green_cordons() or "
                          f"timber_paths(height_range=h), not {family.describe()}")


# -- the rule ----------------------------------------------------------------------------
@dataclass(frozen=True)
class RuleSpec:
    """What the user wrote: nim-value ``nim``, and one of ``regex``, ``automaton``,
    ``learn``; ``below``: learn R_0 .. R_{k-1} from the table up to this size."""

    nim: int
    regex: str | None = None
    automaton: Automaton | None = None
    learn: int | None = None
    below: int | None = None

    def describe(self, kind: str = "") -> str:
        """The rule in words (``kind``: the family's; a cordon's word is its leaf word)."""
        word = "leaf word" if kind == "green-cordon" else "word"
        if self.regex is not None:
            how = f"its {word} matches /{self.regex}/"
        elif self.automaton is not None:
            name = f" {self.automaton.name}" if self.automaton.name else ""
            how = f"the automaton{name} ({self.automaton.size} states) accepts its {word}"
        else:
            how = (f"the automaton learned from exhaustive play up to size {self.learn} "
                   f"accepts its {word}")
        return f"a position has nim-value {self.nim} exactly when {how}"


@dataclass(frozen=True)
class Rule(Statement):
    """A rule (:func:`rule`) as a kit statement: ``exactly`` the positions whose words the
    rule accepts have nim-value k (play and SAT check that form); the all-n method reads
    ``spec``. ``positions`` is bound to the family by :meth:`bind` (in ``claim()``)."""

    spec: RuleSpec = field(default_factory=lambda: RuleSpec(0))
    kind: str = ""

    def describe(self) -> str:
        """A one-line text of the statement."""
        return self.spec.describe(self.kind)

    def bind(self, cid: str, family: Family) -> Rule:
        """The rule for ``family``: its input checked (one line naming the claim), its
        positions of size n listed from the rule's automaton."""
        check(cid, family, self.spec)
        return replace(self, positions=partial(listing, family=family, spec=self.spec),
                       kind=family.kind)


def rule(nim: int, *, regex: str | None = None, automaton: Automaton | None = None,
         learn: int | None = None, below: int | None = None) -> Rule:
    """The positions of nim-value ``nim`` are those whose words the rule accepts.

    Parameters
    ----------
    nim : int
        The nim-value k (normal play).
    regex : str, optional
        A regular expression over the family's alphabet (``01`` for cordons' leaf words,
        ``LR`` for Peaks words) with ``( ) | * + ?``; it must mean the same as Python's
        ``re.fullmatch`` (checked on every word up to 10 letters).
    automaton : Automaton, optional
        A :class:`cgsat.automata.dfa.Automaton` over the family's alphabet; its ``empty``
        says whether ⊥ (the empty cordon) has nim-value k.
    learn : int, optional
        H: the smallest automaton consistent with the complete table of nim-values by
        exhaustive play up to size H (:func:`learn`), then proved.
    below : int, optional
        Learn R_0 .. R_{k-1} (and R_k outside the family's domain) from the table up to
        this size instead of taking them from the stored library (green cordons, k <= 12:
        the library by default; otherwise learned, from ``learn``'s H or 14).

    Returns
    -------
    Rule
        A statement for :func:`cgsat.kit.claim`.

    Raises
    ------
    CgsatInputError
        Not exactly one of ``regex``, ``automaton``, ``learn``; a bad nim-value. (The
        alphabet is checked against the family in ``claim()``.)

    Examples
    --------
    >>> r = rule(2, regex="0*10(00)*")
    >>> r.describe()
    'a position has nim-value 2 exactly when its word matches /0*10(00)*/'
    >>> rule(2)
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: rule(): give one of regex=, automaton=, learn=
    """
    if sum(x is not None for x in (regex, automaton, learn)) != 1:
        raise CgsatInputError("rule(): give one of regex=, automaton=, learn=")
    if isinstance(nim, bool) or not isinstance(nim, int) or nim < 0:
        raise CgsatInputError(f"rule(): nim is a nim-value 0, 1, 2, ..., got {nim!r}")
    if regex is not None and not isinstance(regex, str):
        raise CgsatInputError(f"rule(): regex= takes a string, got {regex!r}")
    if automaton is not None and not isinstance(automaton, Automaton):
        raise CgsatInputError("rule(): automaton= takes a cgsat.automata.dfa.Automaton, "
                              f"got {type(automaton).__name__}")
    for name, h in (("learn", learn), ("below", below)):
        if h is not None and (isinstance(h, bool) or not isinstance(h, int) or h < 1):
            raise CgsatInputError(f"rule(): {name}= is a size 1, 2, ..., got {h!r}")
    spec = RuleSpec(nim, regex, automaton, learn, below)
    game = canonical.nimber(nim)
    return Rule("exactly", values=(str(game),), games=(game,), positions=(), spec=spec)


def check(cid: str, family: Family, spec: RuleSpec) -> None:
    """Bad input, one line naming the claim: a family with no words, a filter the
    deciders cannot read, a regex or automaton over another alphabet, a table too large."""
    wf = _word_family(family, cid)
    if family.match is not None or family.palindrome:
        raise CgsatInputError(f"{cid}: a rule's family takes no match= or palindrome= "
                              "(the deciders read automata, not Python filters)")
    if spec.regex is not None:
        _regex(spec.regex, wf.alphabet, cid)
    if spec.automaton is not None and spec.automaton.alphabet != wf.alphabet:
        raise CgsatInputError(f"{cid}: the automaton is over {spec.automaton.alphabet!r}, "
                              f"the family's words over {wf.alphabet!r}")
    for name, h in (("learn", spec.learn), ("below", spec.below)):
        if h is not None:
            size = _table_size(family, h)
            if size > TABLE_LIMIT:
                raise CgsatInputError(f"{cid}: {name}={h}: the table would hold {size} "
                                      f"positions (at most {TABLE_LIMIT}); give a smaller size")


def _regex(expression: str, alphabet: str, cid: str) -> Automaton:
    """The minimal automaton of a regex over ``alphabet`` (``automata-lib``), checked
    against Python's ``re.fullmatch``."""
    if not expression:
        raise CgsatInputError(f"{cid}: the regex is empty (it would accept only the empty "
                              "word; write that as a regex over the alphabet)")
    doubled = re.search(r"[*+?]{2}", expression)
    if doubled:  # lazy or possessive in Python, a repeated group in automata-lib
        raise CgsatInputError(f"{cid}: regex {expression!r}: {doubled.group()!r} (a quantifier "
                              "on a quantifier) reads differently in automata-lib and Python; "
                              "group instead, e.g. (x+)?")
    letters = set(expression) - set(_REGEX_SYNTAX)
    if letters - set(alphabet):
        bad = "".join(sorted(letters - set(alphabet)))
        raise CgsatInputError(f"{cid}: regex {expression!r}: letters {bad!r} are outside the "
                              f"alphabet {alphabet!r} (use its letters and {_REGEX_SYNTAX})")
    try:
        nfa = NFA.from_regex(expression, input_symbols=set(alphabet))
        auto = Automaton.from_lib(DFA.from_nfa(nfa).minify(retain_names=False), alphabet,
                                  False, "rule")
        py = re.compile(expression)
    except Exception as exc:  # noqa: BLE001 - automata-lib's and re's own errors
        raise CgsatInputError(f"{cid}: bad regex {expression!r}: {exc}") from None
    for n in range(_CHECK_LENGTH + 1):
        for t in itertools.product(alphabet, repeat=n):
            w = "".join(t)
            if auto.accepts(w) != (py.fullmatch(w) is not None):
                raise CgsatInputError(f"{cid}: regex {expression!r} reads differently in "
                                      f"automata-lib and Python at {w!r}; use ( ) | * + ?")
    return auto


# -- tables and learning -----------------------------------------------------------------
def _length(family: Family, size: int) -> int:
    """The word length of a position of size n (a cordon of height n: n - 1)."""
    return size - 1 if family.kind == "green-cordon" else size


def _closed(family: Family) -> Automaton | None:
    return family.closed_automaton() if isinstance(family, WordDomain) else None


def _domain_words(auto: Automaton | None, alphabet: str, length: int) -> Iterator[str]:
    """The words of one length the automaton accepts (every word when None)."""
    if auto is None:
        for t in itertools.product(alphabet, repeat=length):
            yield "".join(t)
        return
    yield from _words(auto, length)


def _words(auto: Automaton, length: int) -> Iterator[str]:
    """The accepted words of one length, in the order of the alphabet (depth first,
    pruned by the states that reach acceptance in the remaining letters)."""
    alive = [set(auto.accepting)]
    for _ in range(length):
        alive.append({q for q in range(auto.size)
                      if any(t in alive[-1] for t in auto.delta[q])})

    def walk(q: int, left: int, prefix: str) -> Iterator[str]:
        if left == 0:
            yield prefix
            return
        for i, c in enumerate(auto.alphabet):
            t = auto.delta[q][i]
            if t in alive[left - 1]:
                yield from walk(t, left - 1, prefix + c)

    if 0 in alive[length]:
        yield from walk(0, length, "")


def _table_size(family: Family, size: int) -> int:
    auto = _closed(family)
    alphabet = "01" if family.kind == "green-cordon" else "LR"
    total = 1 if family.kind == "green-cordon" else 0  # ⊥, the empty cordon
    for n in range(_length(family, size) + 1):
        total += auto.count(n) if auto is not None else len(alphabet) ** n
    return total


@lru_cache(maxsize=16)
def table(family: Family, size: int) -> dict[Word, int]:
    """The nim-value of every position of the closed domain up to ``size`` (⊥ included
    for cordons), by exhaustive play (the direct solver, :mod:`cgsat.cgt`).

    Examples
    --------
    >>> t = table(green_cordons(max_leaves=1), 3)
    >>> sorted(("⊥" if w is None else w, v) for w, v in t.items())
    [('', 1), ('0', 0), ('00', 1), ('01', 0), ('1', 1), ('10', 2), ('⊥', 0)]
    """
    ruleset = family.ruleset
    assert isinstance(ruleset, ImpartialRuleset)  # cordons and Peaks words
    solver = solver_for(ruleset)
    alphabet = "01" if family.kind == "green-cordon" else "LR"
    out: dict[Word, int] = {}
    closed = _closed(family)
    if family.kind == "green-cordon" and (closed is None or closed.empty):
        out[None] = 0
    for n in range(_length(family, size) + 1):
        for w in _domain_words(closed, alphabet, n):
            out[w] = solver.nim_value(ruleset.parse(position_of(family, w)))
    return out


def learn(family: Family, value: int, size: int, *, within: Automaton | None = None,
          name: str = "") -> Automaton:
    """The smallest automaton whose accepted words, among the words of the table up to
    ``size`` (:func:`table`), are exactly those of nim-value ``value`` in ``within`` (the
    family's domain F; default: the closed domain), from Nerode classes.

    Prefixes u of length <= p + 1 are told apart by the suffixes v of length <= s,
    p + 1 + s the table's longest word (a word outside the table's domain reads as
    rejected); the least p whose classes are closed (every class of a prefix of length
    p + 1 is that of a shorter one) and give an automaton consistent with the whole table
    is taken. Any two classes differ on a word of the table, so no consistent automaton has
    fewer states. ⊥ (the empty cordon) gets its table value.

    Raises
    ------
    CgsatInputError
        When no p gives a consistent automaton (the table is too small).

    Examples
    --------
    >>> a = learn(green_cordons(max_leaves=1), 2, 12)
    >>> a.size, a.accepts("0010"), a.accepts("00100")
    (4, True, False)
    """
    data = table(family, size)
    alphabet = "01" if family.kind == "green-cordon" else "LR"
    inside = within if within is not None else _closed(family)

    def label(w: str) -> bool:
        return w in data and data[w] == value and (inside is None or inside.accepts(w))

    longest = _length(family, size)
    true_words = [w for w in data if w is not None and label(w)]
    for p in range(longest):
        s = longest - p - 1
        sig: dict[str, set[str]] = {}
        for w in true_words:
            for cut in range(min(p + 1, len(w)) + 1):
                if len(w) - cut <= s:
                    sig.setdefault(w[:cut], set()).add(w[cut:])
        frozen = {u: frozenset(v) for u, v in sig.items()}

        def cls(u: str, frozen: dict[str, frozenset[str]] = frozen) -> frozenset[str]:
            return frozen.get(u, frozenset())  # no true word through u: the dead class

        classes: dict[frozenset[str], int] = {cls(""): 0}
        rows: dict[int, tuple[int, ...]] = {}
        ok = True
        todo = [""]
        reps = {0: ""}
        while todo and ok:  # breadth first over representatives of length <= p
            u = todo.pop(0)
            q = classes[cls(u)]
            row = []
            for c in alphabet:
                key = cls(u + c)
                if key not in classes:
                    if len(u) + 1 > p:
                        ok = False  # a class first seen at length p + 1: not closed
                        break
                    classes[key] = len(classes)
                    reps[classes[key]] = u + c
                    todo.append(u + c)
                row.append(classes[key])
            rows[q] = tuple(row)
        if not ok or len(rows) < len(classes):
            continue
        accepting = frozenset(q for key, q in classes.items() if "" in key)
        empty = data.get(None, -1) == value and (inside is None or inside.empty)
        auto = Automaton(alphabet, tuple(rows[q] for q in range(len(classes))), accepting,
                         empty, name or f"learned-nim{value}-to-{size}")
        if all(auto.accepts(w) == label(w) for w in data if w is not None):
            return auto.minimal()
    raise CgsatInputError(f"the table up to size {size} determines no automaton for "
                          f"nim-value {value}; give a larger size (learn=, below=)")


# -- the statement -------------------------------------------------------------------------
def _lib(op: str, a: Automaton, b: Automaton, empty: bool, name: str) -> Automaton:
    la, lb = a.to_lib(), b.to_lib()
    out = {"and": la & lb, "or": la | lb, "minus": la - lb}[op]
    return Automaton.from_lib(out.minify(retain_names=False), a.alphabet, empty, name)


def _empty_word(auto: Automaton, accept: bool) -> Automaton:
    """``auto`` accepting the empty Peaks word exactly when ``accept``: a path without
    dominoes is no position of the family (sizes start at 1) but an option of every word
    of length 1, of nim-value 0."""
    if auto.accepts("") == accept:
        return auto
    dead = (1,) * len(auto.alphabet)
    only = Automaton(auto.alphabet, (dead, dead), frozenset({0}))
    return _lib("or" if accept else "minus", auto, only, auto.empty, auto.name)


@lru_cache(maxsize=32)
def rule_automaton(family: Family, spec: RuleSpec) -> Automaton:
    """The user's rule as an automaton, intersected with the family's domain F (a regex;
    an automaton; or learned). For a regex or ``learn=``, ⊥ (the empty cordon, nim-value
    0) and the empty Peaks word (no domino, nim-value 0; an option, not a position of the
    family) are accepted exactly when k = 0.

    Examples
    --------
    >>> a = rule_automaton(green_cordons(leaves=1), RuleSpec(2, regex="0*10(00)*"))
    >>> a.accepts("0010"), a.accepts("0011"), a.accepts("0100")
    (True, False, False)
    """
    wf = _word_family(family, "rule")
    domain = family.domain_automaton() if isinstance(family, WordDomain) else None
    if spec.regex is not None:
        auto = replace(_regex(spec.regex, wf.alphabet, "rule"),
                       empty=spec.nim == 0 and wf.bottom)
        if family.kind == "timber-path":
            auto = _empty_word(auto, spec.nim == 0)
    elif spec.automaton is not None:
        auto = spec.automaton
    else:
        assert spec.learn is not None
        auto = learn(family, spec.nim, spec.learn, within=domain)
    name = f"rule-nim{spec.nim}"
    if domain is None:
        return replace(auto.minimal(), name=name)
    return _lib("and", auto, domain, auto.empty and domain.empty, name)


def _same(family: Family) -> bool:
    """Whether the family's domain F is closed under options (F = D)."""
    return not isinstance(family, WordDomain) or family.domain_automaton().same_language(
        family.closed_automaton())


def _upto(family: Family, spec: RuleSpec) -> int:
    """The largest background automaton needed: B_{k-1}, or B_k when F is not closed
    (-1: none)."""
    return spec.nim if not _same(family) else spec.nim - 1


def _library(family: Family, spec: RuleSpec) -> bool:
    return family.kind == "green-cordon" and spec.below is None and \
        _upto(family, spec) <= LARGEST


def _background(family: Family, spec: RuleSpec) -> tuple[Automaton, ...]:
    """B_0 .. B_upto on the closed domain: the library, or learned (module docstring)."""
    upto = _upto(family, spec)
    if upto < 0:
        return ()
    if _library(family, spec):
        return nim_statement(upto).automata
    size = spec.below or spec.learn or BELOW
    return tuple(learn(family, i, size) for i in range(upto + 1))


def background_source(family: Family, spec: RuleSpec) -> str:
    """Where R_0 .. R_{k-1} come from, in words (for the method's scope)."""
    if _library(family, spec):
        return ("from the stored library automata of Thinning Thickets (Theorems 3.2, 3.3, "
                "nim2 .. nim12, proved for all cordons)")
    size = spec.below or spec.learn or BELOW
    return f"learned from exhaustive play up to size {size}"


def rule_statement(family: Family, spec: RuleSpec, label: str = "") -> AutomataStatement:
    """The statement the deciders check: R_0 .. R_k on the closed domain D, R_k the rule on
    F and the background on D minus F (module docstring).

    Examples
    --------
    >>> st = rule_statement(green_cordons(leaves=1), RuleSpec(2, regex="0*10(00)*"))
    >>> [a.name for a in st.automata], st.family.domain.name
    (['thm3.2', 'thm3.3', 'R_2'], 'leaves-0-1')
    """
    wf = _word_family(family, label or "rule")
    k = spec.nim
    user = rule_automaton(family, spec)
    closed = _closed(family)
    background = _background(family, spec)
    if _same(family):
        top = replace(user, name=f"R_{k}")
    else:
        assert isinstance(family, WordDomain) and closed is not None
        rest = _lib("minus", closed, family.domain_automaton(),
                    closed.empty and not family.domain_automaton().empty, "rest")
        outside = _lib("and", background[k], rest, background[k].empty and rest.empty, "o")
        top = _lib("or", user, outside, user.empty or outside.empty, f"R_{k}")
    return AutomataStatement(wf, tuple(background[:k]) + (top,),
                             name=f"{label or 'rule'}: {spec.describe(family.kind)}")


def listing(n: int, *, family: Family, spec: RuleSpec) -> list[str]:
    """The positions of size n the rule accepts (the ``exactly`` list of play and SAT).

    Examples
    --------
    >>> listing(4, family=green_cordons(leaves=1), spec=RuleSpec(2, regex="0*10(00)*"))
    ['4:2']
    """
    auto = rule_automaton(family, spec)
    if n == 0:
        return [position_of(family, None)] if family.kind == "green-cordon" and \
            auto.empty else []
    if _length(family, n) < 0:
        return []
    return [position_of(family, w) for w in _words(auto, _length(family, n))]


# -- the all-n method ----------------------------------------------------------------------
def _attributed(n: int, budget: Budget, *, run: Any, family: Family, spec: RuleSpec
                ) -> Verdict:
    """The all-n verdict, a refutation kept only where the user's rule is wrong (the
    replayed position is in the family and play disagrees with the rule there); a wrong
    background automaton (learned from too small a table) is ``unknown``."""
    verdict: Verdict = run(n, budget)
    if verdict.status != "refuted" or not verdict.counterexample:
        return verdict
    text = verdict.counterexample
    word = word_of(family, text)
    value = table_value(family, text)
    if family.keep(text) and (value == spec.nim) != rule_automaton(family, spec).accepts(word):
        return verdict
    return Verdict.unknown(f"the deciders refute the statement at {text} (nim-value {value} "
                           "by play), where a background automaton is wrong, not the rule: "
                           "learn them from a larger table (below=); "
                           f"{verdict.detail or ''}".rstrip("; "))


def table_value(family: Family, text: str) -> int:
    """A position's nim-value by the direct solver."""
    ruleset = family.ruleset
    assert isinstance(ruleset, ImpartialRuleset)
    return solver_for(ruleset).nim_value(ruleset.parse(text))


def automata_method(cid: str, family: Family, spec: RuleSpec) -> Method:
    """The claim's all-n method ``automata``: :func:`rule_statement` decided by
    :func:`cgsat.automata.methods.all_n_method` (two deciders of four)."""
    k = spec.nim
    parts = [f"R_{k} the rule on {family.describe()}"]
    if _upto(family, spec) >= 0:
        others = f"R_0 .. R_{k - 1}" if k > 1 else "R_0"
        if not _same(family):
            others = (f"{others} and R_{k} on the rest of the closed domain" if k
                      else f"R_{k} on the rest of the closed domain")
        parts.append(f"{others} {background_source(family, spec)}")
    head = f"R_0 .. R_{k}" if k else "R_0"
    scope = (f"every size at once: {head} ({'; '.join(parts)}) pass the mex rule on "
             "every word of a domain closed under options, decided by two deciders of four "
             "(set operations, pre-images, product search, MONA when installed); a "
             "counterexample is replayed by plain play")
    inner = all_n_method(partial(rule_statement, family, spec, cid), cid, scope)
    return replace(inner, run=partial(_attributed, run=inner.run, family=family, spec=spec))

