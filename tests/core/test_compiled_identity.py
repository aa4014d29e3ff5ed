"""The compiled engine (scripts/compile, cli/compiled.py) plays exactly as the pure-Python one.

The same seeded games, every table of every game (`Game.sample_setups()`) and a game of each game's
bots, played in two fresh interpreters at once: one importing `core` from the sources, one from the
build of these sources (`tests/core/engine_digest.py`, bench/identity.py's digest: every Step, every
seat's view and events). Every digest must be equal, and the build's modules must really be the
compiled ones. Without a build the test skips, except under CI=true on a machine with a C compiler,
Cython and Python's headers, where scripts/test (its scripts/_bootstrap.sh) must have built it.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli import compiled
from tests.time_bounds import bound

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("engine_digest.py")


def _required() -> str | None:
    """Why the build must exist on this run (CI with a toolchain, SHUFFLE_PURE not asked for), or None."""
    if os.environ.get("CI") != "true":
        return None
    if os.environ.get("SHUFFLE_PURE_AT_START", "").strip().lower() not in ("", "0", "false", "no", "off"):
        return None  # the run itself asked for the pure engine: scripts/compile built nothing
    if compiled.cython_version() is None or compiled.toolchain_problem() is not None:
        return None
    return "CI=true on a machine with a C compiler, Cython and Python's headers"


def _digests(procs: dict) -> dict:
    out = {}
    for name, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=bound(300))
        assert proc.returncode == 0, f"the {name} engine failed:\n{stderr[-3000:]}"
        out[name] = json.loads(stdout)
    return out


def test_the_compiled_engine_plays_every_table_as_the_pure_one():
    engine = compiled.find(pure=False)
    if not engine.compiled:
        required = _required()
        if required:
            pytest.fail(f"no compiled engine for these sources ({engine.reason}), though {required}: "
                        "scripts/compile should have built it (its warning says why it did not)")
        pytest.skip(f"no compiled engine: {engine.reason}")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SHUFFLE_PURE")}
    env["PYTHONHASHSEED"] = "0"
    procs = {
        name: subprocess.Popen([sys.executable, str(WORKER), str(tree)], cwd=str(ROOT), env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for name, tree in (("pure", ROOT), ("compiled", engine.path))
    }
    try:
        got = _digests(procs)
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    pure, fast = got["pure"], got["compiled"]
    assert Path(pure["core"]).resolve() == ROOT / "core" / "__init__.py"
    assert pure["extensions"] == []
    assert Path(fast["core"]).resolve().is_relative_to(engine.path.resolve())
    expected = sorted(rel[: -len(".py")].replace("/", ".") for rel in engine.manifest["compiled"])
    assert sorted(fast["extensions"]) == expected, "the build's compiled modules are not the ones imported"
    assert pure["anomalies"] == fast["anomalies"] == []
    differ = [table for table in pure["digests"] if pure["digests"][table] != fast["digests"].get(table)]
    assert not differ, f"the compiled engine plays these tables differently: {differ}"
    assert pure["digests"] == fast["digests"]
