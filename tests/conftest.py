"""Test-suite settings and fixtures shared by every test module.

Hypothesis: no per-example deadline. The default (200 ms) fails tests under load (the CI
machine runs two workers on cores shared with other jobs) without saying anything about
the code; a test that needs a time limit says so itself.

Every test runs with ``$CGSAT_DB`` in its temporary directory (unless it sets its own), so a
command that writes the default store (``check``, ``find --count`` of a proved nim-value)
never leaves ``cgsat-results.sqlite`` in the checkout.

Fixtures:

- ``cli``: runs ``cgsat`` in-process (``cli("check", "timber.thm2.3", "--up-to", "3")``)
  and returns a :class:`CliRun` (exit code, stdout, stderr; ``.json()`` parses stdout);
  an argparse usage error is its exit code, not an exception;
- ``store_path``: the path of a fresh results store in the test's temporary directory;
- ``small_claim``: ``make(id, methods, confirm=None, quick=4)``, a claim record of the
  paper "Test" (for engine tests that need a claim the papers do not have).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import settings

from cgsat.claims import Claim, Method

settings.register_profile("cgsat", deadline=None)
settings.load_profile("cgsat")


@pytest.fixture(autouse=True)
def _own_default_store(tmp_path_factory: pytest.TempPathFactory,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    """``$CGSAT_DB`` in a temporary directory of the test's own."""
    monkeypatch.setenv("CGSAT_DB", str(tmp_path_factory.mktemp("db") / "cgsat-results.sqlite"))


@dataclass(frozen=True)
class CliRun:
    """What one in-process ``cgsat`` run gave."""

    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture
def register(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Add claims to the registry for one test (worker processes are forked later, so
    they see them too)."""
    from cgsat.papers import registry

    def add(*claims: Claim) -> None:
        monkeypatch.setattr(registry, "_CLAIMS",
                            {**registry._CLAIMS, **{c.id: c for c in claims}})

    return add


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., CliRun]:
    """Run ``cgsat ARGV...`` in this process (see the module docstring)."""
    from cgsat.cli import main  # the CLI loads the engine: only for the tests that ask

    def run(*argv: str) -> CliRun:
        capsys.readouterr()  # what came before is not this run's
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse usage errors
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return CliRun(code, out, err)

    return run


@pytest.fixture
def store_path(tmp_path: Any) -> str:
    """A fresh results store's path (the file does not exist yet)."""
    return str(tmp_path / "results.sqlite")


@pytest.fixture
def small_claim() -> Callable[..., Claim]:
    """``make(claim_id, methods, confirm=None, quick=4)``: a claim of the paper "Test"."""

    def make(claim_id: str, methods: tuple[Method, ...], confirm: Any = None,
             quick: int = 4) -> Claim:
        return Claim(id=claim_id, paper="Test", theorem="Test 0", statement="test claim",
                     kind="theorem", parameter="n", base=0, quick_bound=quick,
                     target_bound=quick, methods=methods, confirm=confirm)

    return make
