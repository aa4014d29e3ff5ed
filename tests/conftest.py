"""Shared fixtures: the Flask app from its factory, and a test client on it."""

import json
import os
import resource
import time

import pytest

# Rate limits are off for the suite (it creates thousands of tables from one address), also in
# the servers it starts (they inherit the environment); tests/api/test_limits.py turns them on.
os.environ.setdefault("RATE_LIMITS_ENABLED", "0")

# The suite runs the pure-Python engine, the reference, here and in the servers and command lines it
# starts (SHUFFLE_PURE=1 unless set); tests/core/test_compiled_identity.py plays the compiled engine
# against it. `SHUFFLE_PURE=0 scripts/test` runs the whole suite on the compiled engine instead (it must
# be built; docs/testing.md). SHUFFLE_PURE_AT_START keeps what the run was started with.
os.environ.setdefault("SHUFFLE_PURE_AT_START", os.environ.get("SHUFFLE_PURE", ""))
if os.environ.setdefault("SHUFFLE_PURE", "1") == "0":
    from cli.compiled import activate

    activate(pure=False, required=True)

from api import create_app


@pytest.fixture
def app():
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


# The slowest files first (pytest --durations over a whole run, 2026-11-25; scripts/test prints
# the 20 slowest tests of every run, docs/testing.md says what each heavy file is for), the rest
# after in their usual order; inside a file, the usual order. Under xdist (scripts/test: --dist worksteal)
# a long test then starts at once and runs beside the many short ones, instead of running alone
# at the end of the run while the other worker has nothing left to do.
SLOW_FIRST = (
    "tests/integration/test_conformance_recipe.py",  # one test: schemathesis' CLI over gunicorn
    "tests/api/test_api_schemathesis.py",
    "tests/conformance/test_engine_conformance.py",
    "tests/api/test_api_tables.py",
    "tests/conformance/test_generated_python_client.py",
    "tests/transcripts/test_transcripts.py",
    "tests/integration/test_redis_cluster.py",
    "tests/browser/test_web_table.py",
    "tests/integration/test_tables_worker_crash.py",
    "tests/core/test_labels.py",
    "tests/cli/test_cli.py",
    "tests/conformance/test_http_conformance.py",
    "tests/integration/test_slow_clients.py",
    "tests/core/test_plot_twist_bots.py",  # whole games of bots, one test each
    "tests/core/test_compiled_identity.py",  # one test: every table in two interpreters
)


def pytest_collection_modifyitems(config, items):
    rank = {path: i for i, path in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(SLOW_FIRST)))  # stable


# --cost PATH: each test's seconds (wall, this process's CPU, its waited-for children's CPU) as JSON
# lines in PATH (every xdist worker appends to it), and at the end the files that cost most. CPU
# seconds hardly move with the machine's load, so two runs on a busy machine still compare
# (docs/testing.md, "Measuring the cost").
def pytest_addoption(parser):
    parser.addoption("--cost", metavar="PATH", help="write each test's wall and CPU seconds to PATH (JSON lines) "
                                                   "and print the files that cost most")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    path = item.config.getoption("--cost")
    if not path:
        yield
        return
    wall, cpu, children = time.monotonic(), time.process_time(), _children_cpu()
    yield
    row = {"test": item.nodeid, "wall": time.monotonic() - wall, "cpu": time.process_time() - cpu,
           "children": _children_cpu() - children, "load": os.getloadavg()[0],
           "start": wall, "worker": os.environ.get("PYTEST_XDIST_WORKER", "main")}  # a timeline: who ran what when
    with open(path, "ab") as out:  # one short append a test: workers do not interleave within a line
        out.write(json.dumps(row).encode() + b"\n")


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    path = session.config.getoption("--cost")
    if path and not hasattr(session.config, "workerinput") and os.path.exists(path):
        os.remove(path)  # this run's tests only (before the workers start)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pytest_terminal_summary(terminalreporter, config):
    path = config.getoption("--cost")
    if not path or hasattr(config, "workerinput") or not os.path.exists(path):
        return
    files: dict = {}
    with open(path) as lines:
        for row in map(json.loads, lines):
            total = files.setdefault(row["test"].split("::", 1)[0], [0, 0.0, 0.0, 0.0])
            total[0] += 1
            total[1] += row["wall"]
            total[2] += row["cpu"]
            total[3] += row["children"]
    terminalreporter.write_sep("=", f"cost per file (seconds; every test in {path})")
    terminalreporter.write_line(f"{'tests':>6} {'wall':>8} {'cpu':>8} {'children':>8}  file")
    for name, (n, wall, cpu, children) in sorted(files.items(), key=lambda kv: -kv[1][2] - kv[1][3])[:30]:
        terminalreporter.write_line(f"{n:6d} {wall:8.1f} {cpu:8.1f} {children:8.1f}  {name}")
    sums = [sum(f[i] for f in files.values()) for i in range(4)]
    terminalreporter.write_line(f"{sums[0]:6d} {sums[1]:8.1f} {sums[2]:8.1f} {sums[3]:8.1f}  (all)")
