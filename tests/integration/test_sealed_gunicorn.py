"""Sealed games under gunicorn with two workers and no SEAL_KEYS: the key gunicorn.conf.py makes
is shared by the workers, so a game sealed by one opens on the other (fresh connections)."""

import os

from integration_helpers import request


def test_a_sealed_game_plays_across_workers_without_seal_keys(gunicorn_factory, monkeypatch):
    monkeypatch.delenv("SEAL_KEYS", raising=False)
    server = gunicorn_factory(None, workers=2, WEB_CONCURRENCY=2)
    assert "SEAL_KEYS" not in os.environ
    body = request(server.port, "POST", "/v1/games/shufflers/sealed/new",
                   {"players": 2, "seat": 0, "bots": {"1": "random"}}).body
    for _ in range(60):
        if body["outcome"] is not None:
            break
        r = request(server.port, "POST", "/v1/games/shufflers/sealed/apply",
                    {"sealed": body["sealed"], "move": body["pending"][0]["options"][0]})
        assert r.status == 200, r.body
        body = r.body
    assert "random key made now" in server.log(200)
