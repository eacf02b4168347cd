"""What `cgsat check` shows on stderr: a plan, one line per finished size (issue 13 item 6)."""

from __future__ import annotations

import io
import json
import re

from cgsat.cli import main
from cgsat.engine.progress import Progress


def test_plan_and_one_line_per_size_with_json(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    assert main(["check", "timber.thm2.5", "--up-to", "3", "--db", db]) == 0
    capsys.readouterr()
    assert main(["check", "timber.thm2.5", "--up-to", "5", "--db", db, "--json",
                 "--timeout", "30", "--jobs", "2"]) == 0
    out, err = capsys.readouterr()
    json.loads(out)  # stdout stays JSON
    lines = err.splitlines()
    assert lines[0] == ("cgsat: plan: 4 checks to run, 8 reused from the store; "
                        "2 workers, timeout 30 s per size")
    assert "cgsat:   timber.thm2.5 brute: run n=4..5; reused n=0..3" in lines
    assert "cgsat:   timber.thm2.5 sat: run n=4..5; reused n=0..3" in lines
    done = [ln for ln in lines if re.match(r"cgsat: \[\d/4 \d+s\] timber\.thm2\.5 n=[45] ", ln)]
    assert len(done) == 4 and all(": holds " in ln for ln in done)
    assert [ln.split("[")[1].split("/")[0] for ln in done] == ["1", "2", "3", "4"]


def test_without_json_stdout_is_the_per_size_line(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    assert main(["check", "timber.thm2.5", "--up-to", "2", "--db", db]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 6  # one per (method, n)
    assert not [ln for ln in err.splitlines() if ln.startswith("cgsat: [")]
    assert err.startswith("cgsat: plan: 6 checks to run, 0 reused")


def test_unknowns_show_their_reason_and_the_bar_names_what_runs():
    out = io.StringIO()
    p = Progress(out, bar=False, lines=True)
    p.plan([("c", "sat", [7], [])], workers=1, timeout=None)
    p.working_on([("c", 7, "sat")])
    assert p.running == ["c n=7 sat"]
    p.finished("c", 7, "sat", "unknown", 60.0, "timeout 60s")
    text = out.getvalue()
    assert "no timeout" in text.splitlines()[0]
    assert text.splitlines()[-1].endswith("c n=7 sat: unknown 60.00s (timeout 60s)")
