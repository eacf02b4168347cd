# benchmarks/mutation.sh appends this file to tests/conftest.py of its scratch copy (never to
# the repository's): mutmut 3 maps each function to the tests that reach it by trampoline
# hits recorded in its own process, so a function reached only in a forked worker (every
# `cgsat check` runs its sizes in pebble workers) would count as "no tests" and never be
# tried. Hits in a forked child are written to a file and merged into the test that ran.
import os as _mut_os

import pytest

try:
    import mutmut.mutation.trampoline as _mut_trampoline
    from mutmut.state import state as _mut_state
except ImportError:  # a plain pytest run of the scratch copy
    _mut_trampoline = None

_MUT_MAIN = _mut_os.getpid()
_MUT_HITS = _mut_os.path.abspath(f"mutmut-child-hits-{_MUT_MAIN}.txt")

if _mut_trampoline is not None:
    _mut_record = _mut_trampoline.record_trampoline_hit

    def _mut_hit(name: str, caller: str | None = None) -> None:
        if _mut_os.getpid() == _MUT_MAIN:
            _mut_record(name, caller)
        else:
            with open(_MUT_HITS, "a") as f:
                f.write(name + "\n")

    _mut_trampoline.record_trampoline_hit = _mut_hit

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
        if _mut_os.path.exists(_MUT_HITS):
            with open(_MUT_HITS) as f:
                _mut_state()._stats.update(f.read().split())
            _mut_os.remove(_MUT_HITS)
