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
