"""Peak memory per check is the check's own (issue 26, item 6): the increase over the
worker's resident memory when the check starts, so a tiny check after a big one in the
same worker reports a small number (it reported the worker's high-water mark: 342 MB)."""

from __future__ import annotations

import os

import pytest

from cgsat.engine import memory
from cgsat.engine.executors.base import Call
from cgsat.engine.executors.local import LocalExecutor

pytestmark = pytest.mark.skipif(not memory.supported(), reason="peaks need Linux /proc")

BIG = 200  # MiB kept by the first check


def test_a_tiny_check_after_a_big_one_in_the_same_worker_reports_a_small_peak():
    import memory_calls  # tests/memory_calls.py: by name, so the forked worker has it

    ex = LocalExecutor(1, 2)  # one worker: both calls run in the same process
    try:
        first = ex.outcome(ex.submit(Call(memory_calls.big, (BIG,), "big")))
        second = ex.outcome(ex.submit(Call(memory_calls.tiny, (), "tiny")))
        # the control: the worker still holds the big allocation (its whole RSS is above
        # BIG), which the old figure, the worker's high-water mark, reported for the tiny
        held = memory.tree_rss(int(second.worker.rsplit("/", 1)[1]))
    finally:
        ex.close()
    assert first.worker == second.worker  # the same worker
    assert held is not None and held > BIG << 20
    assert first.peak_rss_mb is not None and first.peak_rss_mb >= 0.9 * BIG
    assert second.peak_rss_mb is not None and second.peak_rss_mb < 20, second.peak_rss_mb


def test_the_peak_counts_from_the_baseline_in_process():
    import memory_calls

    memory.begin(None)
    memory_calls.big(64)
    big = memory.end()
    memory.begin(None)
    rss_before = memory.tree_rss(os.getpid())
    memory_calls.tiny()
    small = memory.end()
    assert big is not None and big >= 60
    assert small is not None and small < 10
    assert rss_before is not None and rss_before > 64 << 20  # the baseline holds the 64 MiB
