"""The registry of probes: every ``PROBES`` list of the papers' ``probes.py`` modules.

Imported explicitly, like :mod:`cgsat.papers.registry` for claims. Names must be unique.
"""

from __future__ import annotations

import difflib

from cgsat.engine.probe import Probe
from cgsat.errors import CgsatInputError
from cgsat.papers.thickets import probes as thickets
from cgsat.papers.timber import probes as timber
from cgsat.papers.toppling import probes as toppling

PROBE_MODULES = (timber, toppling, thickets)


def _collect() -> dict[str, Probe]:
    probes: dict[str, Probe] = {}
    for module in PROBE_MODULES:
        for probe in module.PROBES:
            if probe.name in probes:
                raise RuntimeError(f"duplicate probe name {probe.name!r} in {module.__name__}")
            probes[probe.name] = probe
    return probes


_PROBES = _collect()


def all_probes() -> list[Probe]:
    """Every registered probe.

    Examples
    --------
    >>> sorted(p.name for p in all_probes())  # doctest: +NORMALIZE_WHITESPACE
    ['green-cordon-nim', 'phyminoes', 'phyminoes-reductions', 'thickets-tinies',
     'timber-path-values', 'timber-reductions', 'toppling-uniqueness',
     'toppling-uniqueness-lr', 'tree-p-counts']
    """
    return list(_PROBES.values())


def get_probe(name: str) -> Probe:
    """The probe with this name; an unknown name is bad input naming the probes.

    Examples
    --------
    >>> get_probe("phyminoes").base
    3
    """
    try:
        return _PROBES[name]
    except KeyError:
        close = difflib.get_close_matches(name, list(_PROBES), n=3, cutoff=0.5)
        hint = f"did you mean {', '.join(close)}? " if close else ""
        raise CgsatInputError(f"unknown probe {name!r}; {hint}available probes: "
                              f"{', '.join(sorted(_PROBES))} (see `cgsat probe --list`)") \
            from None
