"""docs/conformance.md's schemathesis command, read from the document and run as written (from
a directory outside the repository) against our server over a real socket: 0 failures, and only
the warnings the document lists as expected.

This test checks that the recipe works (its configuration, its hooks, the statuses it accepts, a
real socket); the coverage of the API is tests/api/test_api_schemathesis.py's, in-process, with
the same configuration, every phase included. So this run is small: few examples per operation
(`--max-examples`), and the phases that generate requests from the spec and follow its links with
the hooks' tokens (examples, fuzzing, stateful), without the coverage phase's boundary cases of
every schema (most of the run's time, and the same as in-process)."""

import os
import re
import subprocess
import sys
from pathlib import Path

from time_bounds import bound

ROOT = Path(__file__).resolve().parents[2]
RECIPE = ROOT / "docs" / "conformance.md"


def _command() -> str:
    block = re.search(r"## The command.*?```sh\n(.*?)```", RECIPE.read_text(), re.S).group(1)
    lines = [line for line in block.splitlines() if not line.startswith("export ")]
    return " ".join(line.rstrip("\\").strip() for line in lines if line.strip())


MAX_EXAMPLES = 5
PHASES = "examples,fuzzing,stateful"


def _warnings(output: str) -> dict[str, set[str]]:
    """schemathesis' WARNINGS section: {warning title: the operations it names ("POST /v1/...")}."""
    section = output.partition(" WARNINGS ")[2].partition(" SUMMARY ")[0]
    found, kind = {}, None
    for line in section.splitlines():
        if match := re.match(r"(\S.*?): \d+ operations?\b", line):
            kind = match.group(1)
            found.setdefault(kind, set())
        elif kind and (match := re.match(r"  - ([A-Z]+ /\S*)", line)):
            found[kind].add(match.group(1))
    return found


def _expected_warnings() -> dict[str, set[str]]:
    """docs/conformance.md's list under "What to expect": `- **<warning title>**: `POST /v1/...`, ...`."""
    block = RECIPE.read_text().partition("## What to expect")[2]
    return {match.group(1): set(re.findall(r"`([A-Z]+ /[^`]*)`", match.group(2)))
            for match in re.finditer(r"^- \*\*(.+?)\*\*:(.*(?:\n  .*)*)", block, re.M)}


def test_the_conformance_recipe_reports_no_failure(gunicorn_factory, tmp_path):
    server = gunicorn_factory(None, workers=1, RATE_LIMITS_ENABLED=0, SSE_MAX_SECONDS=0.3, SSE_KEEPALIVE=0.05,
                              LONG_POLL_SECONDS=0.3, REQUEST_LOG=0)
    command = _command()
    assert "--config-file" in command and "SCHEMATHESIS_HOOKS=schemathesis_hooks" in command
    env = {**os.environ, "SHUFFLE": str(ROOT), "URL": f"http://127.0.0.1:{server.port}",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    # (the bound only stops a hang: the run takes minutes on an idle machine, several times that on a busy one)
    small = f" --max-examples {MAX_EXAMPLES} --phases {PHASES} --seed 1 --no-color"
    run = subprocess.run(["bash", "-c", command + small], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=bound(3600))
    summary = run.stdout[-6000:]
    assert run.returncode == 0, summary + run.stderr[-2000:]
    assert "Failures:" not in run.stdout and re.search(r"\b0 failures\b|warnings? in", summary), summary
    # every warning is one the document expects, on an operation it names
    expected = _expected_warnings()
    for kind, operations in _warnings(run.stdout).items():
        assert kind in expected, f"an unexpected warning: {kind} {operations}\n{summary}"
        assert operations <= expected[kind], f"{kind}: not listed in {RECIPE.name}: {operations - expected[kind]}"
