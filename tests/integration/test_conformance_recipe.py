"""docs/conformance.md's schemathesis command, read from the document and run as written (from
a directory outside the repository) against our server over a real socket: 0 failures. Fewer
examples than the recipe's default, to keep CI short."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECIPE = ROOT / "docs" / "conformance.md"


def _command() -> str:
    block = re.search(r"## The command.*?```sh\n(.*?)```", RECIPE.read_text(), re.S).group(1)
    lines = [line for line in block.splitlines() if not line.startswith("export ")]
    return " ".join(line.rstrip("\\").strip() for line in lines if line.strip())


def test_the_conformance_recipe_reports_no_failure(gunicorn_factory, tmp_path):
    server = gunicorn_factory(None, workers=1, RATE_LIMITS_ENABLED=0, SSE_MAX_SECONDS=0.3, SSE_KEEPALIVE=0.05,
                              LONG_POLL_SECONDS=0.3, REQUEST_LOG=0)
    command = _command()
    assert "--config-file" in command and "SCHEMATHESIS_HOOKS=schemathesis_hooks" in command
    env = {**os.environ, "SHUFFLE": str(ROOT), "URL": f"http://127.0.0.1:{server.port}",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    run = subprocess.run(["bash", "-c", command + " --max-examples 12 --seed 1 --no-color"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    summary = run.stdout[-3000:]
    assert run.returncode == 0, summary + run.stderr[-2000:]
    assert "Failures:" not in run.stdout and re.search(r"\b0 failures\b|warnings? in", summary), summary
