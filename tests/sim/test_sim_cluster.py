"""Simulation on a Dask cluster (``distributed``) gives the report a single process gives.

A balance sweep can outgrow one machine; ``simulate --cluster ADDRESS|local`` sends the
games to a Dask scheduler. Seeds depend only on (base seed, setup, game number), and the
report only on the per-game records, so the report is byte-identical to a local run for
the same seed (the clock figures under ``timing`` aside).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from questforge.cli import cli

pytest.importorskip("distributed")


def _report(tmp_path: Path, name: str, *extra: str) -> dict:
    out = tmp_path / name
    result = CliRunner().invoke(
        cli,
        [
            "simulate",
            "collapsed-adit",
            "--players",
            "2,3",
            "--games",
            "6",
            "--seed",
            "5",
            "-q",
            "--games-detail",
            "--json",
            str(out),
            *extra,
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    report.pop("timing")
    return report


def test_local_cluster_report_equals_the_single_process_report(tmp_path: Path) -> None:
    alone = _report(tmp_path, "one.json")
    clustered = _report(tmp_path, "cluster.json", "--cluster", "local", "--jobs", "2")
    assert clustered == alone
    assert len(clustered["games"]) == 12


def test_an_unreachable_scheduler_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli,
        ["simulate", "collapsed-adit", "--games", "1", "-q", "--cluster", "tcp://127.0.0.1:9"],
        catch_exceptions=False,
    )
    assert result.exit_code == 2
    assert "cluster" in result.output and "Traceback" not in result.output


def test_ctrl_c_stops_a_pool_run_with_one_line_and_exit_130(tmp_path: Path) -> None:
    """Issue 9: Ctrl-C during ``simulate --jobs 2`` used to dump worker tracebacks and exit
    1 like an engine error. Now the workers ignore the signal, the pool is stopped, one
    line is printed, no report is written, and the exit status is 130."""
    import os
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "r.json"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "questforge",
            "simulate",
            "flooded-workings",
            "--players",
            "4",
            "--games",
            "5000",
            "--jobs",
            "2",
            "-q",
            "--json",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(6)
    os.killpg(proc.pid, signal.SIGINT)  # the terminal sends it to the whole group
    _stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    assert len(stderr.strip().splitlines()) <= 2
    assert not out.exists()
