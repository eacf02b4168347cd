"""Controls that run with every all-n proof (issue 36): well-foundedness by a second
argument, and domain closure by control statements every decider must refuse.

**Well-foundedness.** "The statement holds at every word" implies "R_j is exactly the set
of nim-value j" only if every option is smaller in a well-founded order (induction on it).
:meth:`cgsat.automata.options.WordFamily.check_well_founded` argues by the order "⊥, then
words by length, then by letter weight". :func:`rank_argument` argues again, sharing no
code with it: a *ranking function* into the integers,

    rank(⊥) = -1,    rank(w) = sum over the letters c of w of (C + weight(c)),

with C larger than the absolute weights of every rule's window and insert, so that every
letter counts at least 1 (rank is a natural number on words). It lists every option of every
word of length at most (longest window) + 1, by its own reading of the rules' fields (not
:meth:`~cgsat.automata.options.OptionRule.apply` nor
:meth:`~cgsat.automata.options.WordFamily.options`), and asks rank(option) < rank(word).
That finite check covers every word: the rank of an option differs from its word's by
rank(insert) - rank(window) minus the ranks of the parts the rule drops, which are >= 0,
and the word that is the window itself (a match at index 0 that drops nothing) is listed.

Each proof also runs both arguments on *control families*: its own family plus one rule
whose options keep both length and weight (the identity on a letter; two letters swapped).
Both arguments must refuse each of them (:func:`well_founded_controls`).

**Domain closure.** Each decider checks on its own that no option leaves the family's
domain (the product search: a bit per product state; set operations: the preimage of the
domain's complement; MONA: a conjunct of the formula). :data:`CLOSURE_CONTROLS` are small
statements whose only fault is a domain that is not closed (one per kind of rule: a prefix
kept, a suffix kept, a letter changed, a window of two letters); every decider that takes
part in a proof of a statement with a domain must refute each of them, at a word that is in
the domain and has an option outside it (checked here by the rank argument's own option
reader).

A failed control is an ``error`` verdict (exit 3) naming it: ``control failed: ...``.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, §2.1 (induction on the options).
.. [2] A. Mignoty, A. Renard, M. Rigo, M. Whiteland, "Automatic proofs in combinatorial game
   theory", Int. J. Game Theory 54 (2025) (well-founded option relations).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from itertools import product as letters_of

from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, Statement, WordFamily

__all__ = ["CLOSURE_CONTROLS", "closure_controls", "controls_failed", "rank_argument",
           "raw_options", "well_founded_controls"]

_NONE = object()
"""No option at this index (the rule does not match)."""


def _option(rule: OptionRule, word: str, j: int) -> object:
    """The option of ``rule`` at index j of ``word``, read from the rule's fields alone
    (``_NONE`` if it does not match there; None for ⊥)."""
    size = len(rule.window)
    if word[j:j + size] != rule.window or j + size > len(word):
        return _NONE
    if (rule.at_start and j) or (rule.at_end and j + size != len(word)):
        return _NONE
    if rule.insert is None:
        return None
    return ((word[:j] if rule.keep_prefix else "") + rule.insert
            + (word[j + size:] if rule.keep_suffix else ""))


def raw_options(family: WordFamily, word: str) -> Iterator[tuple[OptionRule, str | None]]:
    """Every (rule, option) of a word, by :func:`_option` (an option reader of its own).

    Examples
    --------
    >>> from cgsat.automata.families import GREEN_CORDON
    >>> sorted(str(o) for _, o in raw_options(GREEN_CORDON, "01"))
    ['', '00', '00']
    """
    for j in range(len(word) + 1):
        for rule in family.rules:
            option = _option(rule, word, j)
            if option is not _NONE:
                yield rule, option  # type: ignore[misc]  # a word or None, not _NONE


def rank_argument(family: WordFamily) -> str:
    """The second argument for well-foundedness (module docstring): "" when every option
    of every word ranks lower than the word, else the first rule that does not.

    Examples
    --------
    >>> from cgsat.automata.families import GREEN_CORDON, toppling_peaks
    >>> rank_argument(GREEN_CORDON), rank_argument(toppling_peaks(2))
    ('', '')
    >>> same = OptionRule("1", "1", keep_prefix=True, keep_suffix=True, label="same")
    >>> rank_argument(replace(GREEN_CORDON, rules=GREEN_CORDON.rules + (same,)))
    "rule 'same': option '1' of '1' does not rank lower (10 >= 10)"
    """
    weight = {c: family.weights.get(c, 0) for c in family.alphabet}
    big = 1 + sum(abs(weight.get(c, 0)) for r in family.rules
                  for c in r.window + (r.insert or ""))
    big = max(big, 1 + max((abs(x) for x in weight.values()), default=0))

    def rank(word: str | None) -> int:
        return -1 if word is None else sum(big + weight[c] for c in word)

    longest = max((len(r.window) for r in family.rules), default=0)
    for size in range(longest + 2):
        for chars in letters_of(family.alphabet, repeat=size):
            word = "".join(chars)
            for rule, option in raw_options(family, word):
                if rank(option) >= rank(word):
                    return (f"rule {rule.label or rule!r}: option {option!r} of {word!r} does "
                            f"not rank lower ({rank(option)} >= {rank(word)})")
    return ""


def _control_families(family: WordFamily) -> list[tuple[str, WordFamily]]:
    """The family with one rule added whose options keep length and weight."""
    a = family.alphabet[0]
    rules = [OptionRule(a, a, keep_prefix=True, keep_suffix=True, label=f"control: {a} stays")]
    if len(family.alphabet) > 1:
        b = family.alphabet[1]
        rules.append(OptionRule(a + b, b + a, keep_prefix=True, keep_suffix=True,
                                label=f"control: {a}{b} to {b}{a}"))
    return [(r.label, replace(family, name=f"{family.name} + {r.label}",
                              rules=family.rules + (r,))) for r in rules]


def _first_argument(family: WordFamily) -> str:
    """The first argument (:meth:`WordFamily.check_well_founded`): "" or its objection."""
    try:
        family.check_well_founded()
    except ValueError as exc:
        return str(exc) or "refused"
    return ""


def well_founded_controls(family: WordFamily) -> list[str]:
    """Both arguments on the family (each must accept it) and on its control families
    (each must refuse them); the failures, as text (empty: every control passed).

    Examples
    --------
    >>> from cgsat.automata.families import GREEN_CORDON
    >>> well_founded_controls(GREEN_CORDON)
    []

    References
    ----------
    *Thinning Thickets*, §2.1 (the induction needs every option to be smaller).
    """
    failed = []
    for name, argue in (("length-weight order", _first_argument),
                        ("rank function", rank_argument)):
        objection = argue(family)
        if objection:
            failed.append(f"well-foundedness ({name}) refuses the family: {objection}")
        for label, control in _control_families(family):
            if not argue(control):
                failed.append(f"well-foundedness ({name}) accepts the control family "
                              f"with the rule '{label}', whose options keep length and "
                              "weight")
    return failed


def _even(alphabet: str, counted: str) -> Automaton:
    """Words with an even number of letters in ``counted``."""
    rows = tuple(tuple((q + (c in counted)) % 2 for c in alphabet) for q in range(2))
    return Automaton(alphabet, rows, frozenset({0}), name=f"even {counted}")


def _mod4(accept: frozenset[int]) -> Automaton:
    """Words over "1" whose length mod 4 is in ``accept``."""
    return Automaton("1", tuple(((q + 1) % 4,) for q in range(4)), accept,
                     name="length mod 4")


def _closure_statements() -> list[tuple[str, Statement]]:
    """Statements true on their domains whose domains are not closed under options."""
    def fam(name: str, alphabet: str, rule: OptionRule, domain: Automaton,
            weights: dict[str, int] | None = None) -> WordFamily:
        return WordFamily(f"closure control: {name}", alphabet, (rule,), False, "none", str,
                          weights=weights or {}, domain=domain)

    take_end = fam("prefix kept", "1", OptionRule("1", "", keep_prefix=True, at_end=True),
                   _even("1", "1"))
    take_start = fam("suffix kept", "1", OptionRule("1", "", keep_suffix=True, at_start=True),
                     _even("1", "1"))
    flip = fam("letter changed", "01", OptionRule("1", "0", keep_prefix=True,
                                                  keep_suffix=True), _even("01", "1"),
               {"1": 1})
    take_two = fam("window of two", "1", OptionRule("11", "", keep_prefix=True, at_end=True),
                   _mod4(frozenset({0})))
    return [
        ("prefix kept", Statement(take_end, (_even("1", "1"),))),
        ("suffix kept", Statement(take_start, (_even("1", "1"),))),
        ("letter changed", Statement(flip, (_even("01", "1"),))),
        ("window of two", Statement(take_two, (_mod4(frozenset({0, 1})),))),
    ]


CLOSURE_CONTROLS = ("prefix kept", "suffix kept", "letter changed", "window of two")
"""The closure controls' names: each a statement true on its domain except that an option
of some domain word leaves the domain (the shortest such word is ``"11"`` or ``"1111"``),
built anew by every run (:func:`closure_controls`)."""


def leaves_domain(statement: Statement, word: str | None) -> bool:
    """Whether ``word`` is in the domain and has an option outside it (own option reader)."""
    domain = statement.family.domain
    if word is None or domain is None or not domain.accepts(word):
        return False
    return any(o is None or not domain.accepts(o)
               for _, o in raw_options(statement.family, word))


def closure_controls(deciders: dict[str, Callable[[Statement], Decision]]) -> list[str]:
    """Each decider on each closure control must refute it at a word that leaves the
    domain; the failures, as text.

    Examples
    --------
    >>> from cgsat.automata import product
    >>> closure_controls({"product": product.decide})
    []
    """
    failed = []
    for name, statement in _closure_statements():
        for decider, decide in deciders.items():
            d = decide(statement)
            if d.verdict != "refuted" or not leaves_domain(statement, d.counterexample):
                failed.append(f"domain closure: {decider} does not refuse the control "
                              f"'{name}' (its domain is not closed): {d.describe()}")
    return failed


def controls_failed(statement: Statement,
                    deciders: dict[str, Callable[[Statement], Decision]]) -> list[str]:
    """Every control of a proof of ``statement`` by ``deciders``: well-foundedness of its
    family by two arguments, and, when the family has a domain (whose closure the proof
    then rests on), domain closure by each decider. Empty: all passed.

    References
    ----------
    *Thinning Thickets*, §2.1; *The Game of timber!*, Theorems 2.1, 2.2.
    """
    closure = closure_controls(deciders) if statement.family.domain is not None else []
    return well_founded_controls(statement.family) + closure


def summary(statement: Statement, deciders: Sequence[str]) -> dict[str, object]:
    """The controls' record for a proved verdict's ``detail``: the two well-foundedness
    arguments, the number of control families each of them refused (one per added rule of
    :func:`_control_families`: 1 for a one-letter alphabet, else 2), and the closure
    controls when the family has a domain."""
    refused = len(_control_families(statement.family))
    out: dict[str, object] = {"well-founded": ["length-weight order", "rank function"],
                              "well-founded controls refused": refused}
    if statement.family.domain is not None:
        out["closure controls refused"] = list(CLOSURE_CONTROLS)
        out["by"] = list(deciders)
    return out
