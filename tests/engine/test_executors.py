"""The one executor interface (issue 23, item 2): calls, outcomes, the options checked once,
and a runner that decides on typed reasons, never on the words of a reason.

The local executor is exercised directly (a call that ends, times out, dies, raises); the
Dask executor, the same interface on a cluster, is tested in test_dask_executor.py.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import pytest

from cgsat.claims import Budget, Claim, Method, Verdict
from cgsat.engine.executors.base import Call, check_executor, completed, map_calls
from cgsat.engine.executors.local import LocalExecutor
from cgsat.engine.executors.sandbox import Sandbox
from cgsat.engine.result import CheckResult, Why
from cgsat.engine.runner import run_checks
from cgsat.engine.store import Store
from cgsat.errors import CgsatInputError


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _die(code: int) -> None:
    os._exit(code)


def _bad_input() -> None:
    raise CgsatInputError("bad input from a worker")


def test_a_local_call_ends_times_out_or_dies_and_says_which() -> None:
    ex = LocalExecutor(2, 3)
    try:
        done = ex.submit(Call(_sleep, (0.0,), "done", timeout=30))
        slow = ex.submit(Call(_sleep, (30.0,), "slow", timeout=0.5))
        dead = ex.submit(Call(_die, (3,), "dead"))
        outcomes = {h: ex.outcome(h) for h in completed(ex, [done, slow, dead])}
    finally:
        ex.stop()
    assert (outcomes[done].value, outcomes[done].why) == (0.0, None)
    assert outcomes[done].worker and outcomes[done].worker.endswith(tuple("0123456789"))
    assert (outcomes[slow].value, outcomes[slow].why) == (None, Why.TIMEOUT)
    assert (outcomes[dead].why, outcomes[dead].reason) == (Why.DIED, "worker died (exit 3)")


def test_what_a_call_raises_is_raised_by_outcome_and_map_calls_stops() -> None:
    ex = LocalExecutor(1, 1)
    handle = ex.submit(Call(_bad_input, (), "bad"))
    with pytest.raises(CgsatInputError, match="bad input from a worker"):
        ex.outcome(handle)
    ex.stop()
    with pytest.raises(CgsatInputError, match="bad input"):
        map_calls(LocalExecutor(1, 2), [Call(abs, (-1,), "a"), Call(_bad_input, (), "b")])
    with pytest.raises(RuntimeError, match="dead: worker died"):
        map_calls(LocalExecutor(1, 1), [Call(_die, (4,), "dead")])


def test_a_call_runs_in_the_sandbox_as_in_a_local_worker() -> None:
    box = Sandbox()
    try:
        out = box.run(divmod, (17, 5), None, 60)
        slow = box.run(_sleep_in_sandbox, (30.0,), None, 0.5)
        again = box.run(divmod, (9, 2), None, 60)  # a fresh sandbox after the kill
    finally:
        box.close()
    assert (out.value, out.why) == ((3, 2), None) and out.worker
    assert slow.why is Why.TIMEOUT and again.value == (4, 1)


_sleep_in_sandbox = time.sleep  # a module-level function the sandbox can unpickle


@pytest.mark.parametrize(("executor", "scheduler", "jobs", "message"), [
    ("spark", None, None, "--executor: expected local or dask"),
    ("dask", None, None, "--executor dask needs --scheduler"),
    ("local", "tcp://h:1", None, "--scheduler is for --executor dask"),
    ("dask", "tcp://h:1", 2, "--jobs is for --executor local"),
])
def test_the_executor_options_are_checked_once_for_every_command(
        executor: str, scheduler: str | None, jobs: int | None, message: str,
        cli: Callable[..., Any]) -> None:
    with pytest.raises(CgsatInputError, match=message):
        check_executor(executor, scheduler, jobs)
    argv = ["--executor", executor] + (["--scheduler", scheduler] if scheduler else []) \
        + (["--jobs", str(jobs)] if jobs else [])
    for command in (["check", "lumberjack.tuft", "--up-to", "1"],
                    ["find", "timber-path", "--max-length", "3", "--value", "0"],
                    ["probe", "toppling-uniqueness", "--up-to", "1"]):
        if command[0] == "probe" and jobs:
            continue  # probe has no --jobs
        if executor == "spark":
            continue  # argparse refuses it first (choices)
        run = cli(*command, *argv)
        assert run.code == 2 and message in run.err, (command, run.err)


def _says_timeout(n: int, budget: Budget) -> Verdict:
    """A method whose own reason reads like the runner's: words, not a timeout."""
    return Verdict.unknown("timeout 5s (said by the method)") if n == 1 else Verdict.holds()


def test_the_runner_acts_on_typed_reasons_not_on_words(tmp_path: Any) -> None:
    """A method's unknown that says "timeout" in words stops nothing (the larger sizes
    run); only the runner's own timeout (a typed Why) does."""
    claim = Claim(id="test.words", paper="Test", theorem="T", statement="s", kind="theorem",
                  parameter="n", base=0, quick_bound=3, target_bound=3,
                  methods=(Method("m", _says_timeout, "all"),))
    with Store(str(tmp_path / "r.sqlite")) as store:
        summary = run_checks([claim], {claim.id: ["m"]}, {claim.id: range(4)}, Budget(),
                             store, jobs=1)
    assert [(r.n, r.status, r.why) for r in summary.results] == [
        (0, "holds", None), (1, "unknown", None), (2, "holds", None), (3, "holds", None)]
    assert summary.short == ["test.words m: verified to 0 of 3: n=1 timeout 5s "
                             "(said by the method)"]


def test_one_result_class_from_the_store_to_the_json() -> None:
    from cgsat.api import CheckResult as ApiResult

    assert ApiResult is CheckResult
    r = CheckResult.unknown("c", 4, "sat", Why.ABOVE_REFUTATION, "skipped: refuted at n=3")
    assert r.skipped and "why" not in r.to_json() and r.to_json()["reason"].startswith("skip")


def _child_outlives(flag: str) -> int:
    """In a worker: start a child that sleeps 2 s, announce its pid in ``flag``, and
    return its exit code (-9: something killed it)."""
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(2)"])
    with open(flag + ".tmp", "w") as f:
        f.write(str(child.pid))
    os.replace(flag + ".tmp", flag)
    return child.wait()


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="sessions are followed on Linux")
def test_a_call_cancelled_as_it_ended_leaves_the_next_call_alone(tmp_path: Any) -> None:
    """A call cancelled just as it ends: the pool keeps its worker (the call ended), and
    the executor, which noted the worker's session as one to end, must not end the
    processes of the worker's next call (issue 36: MONA, started by the next checks of
    such a worker, ended by SIGKILL in `cgsat check --all` under load, "mona stopped by
    signal 9"). The race is set up by hand: the first call's worker noted as killed with
    its call, whose slot is empty again."""
    ex = LocalExecutor(1, 3)
    try:
        first = ex.submit(Call(os.getpid, (), "first"))
        worker = ex.outcome(first).value
        ex.ended[worker] = ex.slots[first]  # the call was cancelled as it ended
        flag = tmp_path / "child"
        second = ex.submit(Call(_child_outlives, (str(flag),), "second"))
        deadline = time.monotonic() + 60
        while not flag.exists():
            assert time.monotonic() < deadline, "the second call did not start its child"
            time.sleep(0.05)
        ex._reap()  # what the outcome of any other call runs
        out = ex.outcome(second)
        assert out.why is None and out.value == 0, out  # the child slept its 2 s
        assert worker not in ex.ended
    finally:
        ex.close()
