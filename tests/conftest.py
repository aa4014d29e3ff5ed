"""Shared fixtures: the Flask app from its factory, and a test client on it."""

import os

import pytest

# Rate limits are off for the suite (it creates thousands of tables from one address), also in
# the servers it starts (they inherit the environment); tests/api/test_limits.py turns them on.
os.environ.setdefault("RATE_LIMITS_ENABLED", "0")

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
)


def pytest_collection_modifyitems(config, items):
    rank = {path: i for i, path in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(SLOW_FIRST)))  # stable
