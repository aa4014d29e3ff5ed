"""The `shuffle` command line: every command runs, says what it does (--help), and refuses bad
arguments with a clear message; `verify` passes against our server over a real socket and names
the step where a deliberately altered server answers one move differently."""

import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner
from werkzeug.serving import WSGIRequestHandler, make_server

import core
from cli import transcripts as T
from cli.main import main
from time_bounds import bound

ROOT = Path(__file__).resolve().parents[2]
SOLO = T.DEFAULT_DIR / "shufflers" / "solo.jsonl"
COMMANDS = [[], ["serve"], ["simulate"], ["balance"], ["verify"], ["replay"], ["validate"], ["transcripts"],
            ["transcripts", "generate"], ["transcripts", "coverage"], ["transcripts", "search"]]


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "shuffle")
def test_every_command_has_help(command):
    result = run(*command, "--help")
    assert result.exit_code == 0 and "Usage: " in result.output and len(result.output) > 200


# --- verify over a real socket ------------------------------------------------------------------
class Quiet(WSGIRequestHandler):
    def log_request(self, *args, **kwargs):
        pass


class Server:
    """A werkzeug server in a thread on a free port, for one app."""

    def __init__(self, app):
        self.server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.thread.join(5)


@pytest.fixture(scope="module")
def server():
    s = Server(T.app())
    yield s.url
    s.stop()


def altered_app():
    """Our app, but the answer to one move differs: in solo Shufflers (seed 47), the move made on
    version 3 draws another card than the rules give."""
    from flask import request

    app = T.app()

    @app.after_request
    def alter(response):
        if request.path == "/v1/games/shufflers/apply" and response.status_code == 200:
            sent = request.get_json()
            state = sent["state"]
            if state["players"] == 1 and state["version"] == 3 and state["options"] == SOLO_OPTIONS:
                body = orjson.loads(response.get_data())
                body["events"][0] = {**body["events"][0], "card": "X1"}
                response.set_data(orjson.dumps(body))
        return response

    return app


SOLO_OPTIONS = {"collaborative": False, "vehicle": False, "sacrificial_lamb": False}


def test_verify_passes_against_our_server_over_http(server):
    """Every transcript, over a real socket (the CI replay over HTTP)."""
    result = run("verify", server)
    assert result.exit_code == 0, result.output
    assert f"{len(T.find([T.DEFAULT_DIR]))} of {len(T.find([T.DEFAULT_DIR]))} transcripts match" in result.output


def test_verify_names_the_step_where_a_server_answers_one_move_differently():
    altered = Server(altered_app())
    try:
        result = run("verify", altered.url, "-t", SOLO, "-t", T.DEFAULT_DIR / "shufflers" / "competitive-2.jsonl")
    finally:
        altered.stop()
    assert result.exit_code == 1, result.output
    flat = " ".join(result.output.split())
    assert re.search(r"DIVERGES shufflers/solo: line \d+, step 3, POST /v1/games/shufflers/apply: "
                     r"body\.events\[0\]\.card: \"X1\", expected \"\w+\"$", result.output, re.M), result.output
    assert "1 of 2 transcripts match; 1 diverge" in flat


def test_verify_refuses_an_unreachable_server_and_a_bad_url(tmp_path):
    with make_server("127.0.0.1", 0, T.app()) as s:
        port = s.server_port  # a port nothing listens on once closed
    result = run("verify", f"http://127.0.0.1:{port}")
    assert result.exit_code == 2 and "cannot reach" in result.output
    result = run("verify", "ftp://example.org")
    assert result.exit_code == 2 and "not an http(s) URL" in result.output
    result = run("verify", "http://127.0.0.1:1", "-t", tmp_path / "none.jsonl")
    assert result.exit_code == 2 and "no such file" in result.output


# --- simulate -----------------------------------------------------------------------------------
def test_simulate_writes_a_json_line_per_game_and_a_summary(tmp_path):
    out = tmp_path / "games.jsonl"
    result = run("simulate", "shufflers", "--players", 2, "--games", 12, "--seed", 5, "--out", out, "--jobs", 2)
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["seed"] for r in records] == list(range(5, 17))
    assert all(set(r) >= {"seed", "seats", "bots", "outcome", "length"} and r["finished"] for r in records)
    assert "win rate" in result.output and "95% CI" in result.output
    again = tmp_path / "again.jsonl"
    run("simulate", "shufflers", "-p", 2, "-n", 12, "-s", 5, "--out", again, "--jobs", 1)
    assert again.read_text() == out.read_text()  # the same arguments, the same games, however many processes


def test_simulate_with_named_bots_and_options_to_stdout():
    result = run("simulate", "showbiz-shuffle", "-p", 2, "-n", 2, "-b", "heuristic,random")
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.output.splitlines() if x.startswith("{")]
    assert len(lines) == 2 and lines[0]["bots"] == ["heuristic", "random"]


@pytest.mark.parametrize("args,message", [
    (["nope", "-p", 2], "no game 'nope'"),
    (["shufflers", "-p", 20], "1 to 8 players, not 20"),
    (["shufflers", "-p", 2, "-n", 0], "at least 1 game"),
    (["shufflers", "-p", 2, "-b", "genius"], "no bot 'genius'"),
    (["shufflers", "-p", 3, "-b", "random,random"], "one per seat"),
    (["shufflers", "-p", 2, "-o", "{bad"], "not JSON"),
    (["shufflers", "-p", 2, "-o", '{"x": 1}'], "no option named 'x'"),
])
def test_simulate_refuses_bad_arguments(args, message):
    result = run("simulate", *args)
    assert result.exit_code == 2 and message in " ".join(result.output.split()), result.output


# --- balance ------------------------------------------------------------------------------------
def test_balance_writes_markdown_and_a_plot(tmp_path):
    result = run("balance", "big-shuffle", "--games", 4, "--players", "2", "--out", tmp_path, "--jobs", 1,
                 "--json", tmp_path / "figures.json")
    assert result.exit_code == 0, result.output
    figures = json.loads((tmp_path / "figures.json").read_text())["big-shuffle"]
    assert figures["rows"][0]["players"] == 2 and figures["rows"][0]["games"] == 4
    md = (tmp_path / "big-shuffle.md").read_text()
    assert "## Wins by seat" in md and "## Wins by character" in md and "![The Big Shuffle](big-shuffle.png)" in md
    assert (tmp_path / "big-shuffle.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args,message", [
    (["chess"], "no game or preset 'chess'"),
    (["shufflers", "--players", "two"], "not a comma-separated list"),
    (["shufflers", "--players", "9"], "1 to 8 players, not 9"),
    (["showbiz-shuffle", "--options", '{"no_such": 2}'], "no option named 'no_such'"),
])
def test_balance_refuses_bad_arguments(args, message, tmp_path):
    result = run("balance", *args, "--out", tmp_path)
    assert result.exit_code == 2 and message in " ".join(result.output.split()), result.output


# --- replay, validate ---------------------------------------------------------------------------
def test_replay_steps_through_a_transcript_and_checks_it():
    result = run("replay", SOLO)
    assert result.exit_code == 0, result.output
    assert "every answer matches" in result.output and "game_over" in result.output
    result = run("replay", SOLO, "--step", "--no-check", input="\n\nq\n")
    assert result.exit_code == 0 and result.output.count("apply {") >= 3


def test_replay_json_prints_every_answer_whole():
    header, exchanges = T.load(SOLO)
    result = run("replay", SOLO, "--json", "--no-check")
    lines = [json.loads(x) for x in result.output.splitlines()]
    assert len(lines) == len(exchanges) and all("body" in x["response"] for x in lines)


def test_replay_refuses_a_file_that_is_no_transcript(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"hello": 1}\n')
    result = run("replay", bad)
    assert result.exit_code == 2 and "not a transcript header" in result.output


def test_validate_a_state_file(tmp_path):
    step = core.new_game("shufflers", 2, {}, 3)
    good = tmp_path / "state.json"
    good.write_text(json.dumps(step.as_dict()))
    result = run("validate", good, "--player", 0)
    assert result.exit_code == 0 and "valid" in result.output and '"hidden": true' in result.output
    seat = step.state["seats"][1]
    broken = dict(step.state, seats=[step.state["seats"][0], {**seat, "ammo": seat["ammo"] + seat["ammo"][:1]}])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    result = run("validate", bad)
    assert result.exit_code == 1 and "invalid (invalid_state)" in " ".join(result.output.split())
    (tmp_path / "x.json").write_text("{")
    assert run("validate", tmp_path / "x.json").exit_code == 2
    assert "no `game` field" in run("validate", "-", input="[1]").output


# --- transcripts --------------------------------------------------------------------------------
def test_transcripts_generate_only_and_coverage(tmp_path):
    result = run("transcripts", "generate", "--out", tmp_path, "--only", "shufflers/solo-vehicle")
    assert result.exit_code == 0, result.output
    written = tmp_path / "shufflers" / "solo-vehicle-lamb.jsonl"
    assert written.read_bytes() == (T.DEFAULT_DIR / "shufflers" / "solo-vehicle-lamb.jsonl").read_bytes()
    assert run("transcripts", "generate", "--only", "nothing-like-it").exit_code == 2
    result = run("transcripts", "coverage")
    assert result.exit_code == 0 and "shufflers" in result.output
    result = run("transcripts", "search", "--only", "shufflers/solo", "--seeds", 3)
    assert result.exit_code == 0 and "suggested seeds" in result.output
    assert run("transcripts", "search", "--only", "chess").exit_code == 2


# --- serve --------------------------------------------------------------------------------------
def test_serve_refuses_a_bad_port():
    result = run("serve", "--port", 70000)
    assert result.exit_code == 2 and "70000 is not in the range 1<=x<=65535" in result.output


def test_serve_runs_gunicorn_with_the_embedded_store(tmp_path):
    """`shuffle serve` is what scripts/serve runs: gunicorn with gunicorn.conf.py, one worker without
    REDIS_URL; `verify` passes against it."""
    with make_server("127.0.0.1", 0, T.app()) as s:
        port = s.server_port
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "WEB_CONCURRENCY", "GUNICORN_CMD_ARGS")}
    log = tmp_path / "serve.log"
    with log.open("w") as sink:
        process = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--port", str(port)], cwd=ROOT, env=env,
                                   stdout=sink, stderr=sink)
    try:
        from cli.http import Client, Unreachable

        client = Client(f"http://127.0.0.1:{port}", timeout=bound(30))
        deadline = time.monotonic() + bound(60)
        while True:
            try:
                status, body = client.send("GET", "/healthz", {}, None)
                break
            except Unreachable:
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        assert status == 200
        text = log.read_text()
        assert "Using worker: gevent" in text and text.count("Booting worker") == 1
        client.close()
        result = run("verify", f"http://127.0.0.1:{port}", "-t", T.DEFAULT_DIR / "showbiz-shuffle" / "2-players.jsonl")
        assert result.exit_code == 0 and "1 of 1 transcripts match." in result.output, result.output
    finally:
        process.terminate()
        process.wait(bound(30))
