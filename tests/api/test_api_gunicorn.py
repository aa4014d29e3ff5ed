"""The real server: gunicorn serves `api:create_app()` and a whole game is played over a socket."""

import http.client
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from time_bounds import bound

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def server(tmp_path):
    """gunicorn on a port the OS picks (read back from its log), stopped whatever happens."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "GUNICORN_CMD_ARGS", "SHUFFLE_BENCH_ECHO")}
    log = tmp_path / "gunicorn.log"
    with log.open("w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--bind", "127.0.0.1:0", "--workers", "1", "api:create_app()"],
            cwd=ROOT, env=env, stdout=sink, stderr=sink,
        )
    try:
        deadline = time.monotonic() + bound(30)
        while not (match := re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", log.read_text())):
            assert process.poll() is None and time.monotonic() < deadline, f"gunicorn did not start:\n{log.read_text()}"
            time.sleep(0.05)
        yield int(match.group(1))
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def call(conn, method, path, body=None):
    data = None if body is None else json.dumps(body)
    conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
    response = conn.getresponse()
    return response.status, response.getheader("Content-Type"), json.loads(response.read())


def test_a_whole_game_over_http_from_new_to_the_outcome(server):
    conn = http.client.HTTPConnection("127.0.0.1", server, timeout=bound(60))  # (a busy machine boots the worker slowly)
    try:
        assert call(conn, "GET", "/healthz")[::2] == (200, {"status": "ok"})
        status, content_type, step = call(conn, "POST", "/v1/games/shufflers/new", {"players": 2, "seed": 11})
        assert (status, content_type) == (200, "application/json")
        moves = 0
        while step["outcome"] is None:
            move = step["pending"][0]["options"][0]
            status, _, step = call(conn, "POST", "/v1/games/shufflers/apply", {"state": step["state"], "move": move})
            assert status == 200, step
            moves += 1
            assert step["state"]["version"] == moves
        assert moves > 10 and step["pending"] == []
        assert step["outcome"]["reason"] in ("escaped", "all_dead")
        assert set(step["outcome"]["scores"]) == {"0", "1"}
        assert step["events"][-1] == {"type": "game_over", "outcome": step["outcome"]}
        status, _, error = call(conn, "POST", "/v1/games/shufflers/apply", {"state": step["state"], "move": move})
        assert (status, error["code"]) == (409, "game_over")
    finally:
        conn.close()
