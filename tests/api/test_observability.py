"""Operations: request ids on every answer, Prometheus metrics, one JSON log line per request
that never holds a state, a token or a body (api/observability.py)."""

import io
import json
import logging

import pytest
from prometheus_client.parser import text_string_to_metric_families

from api import create_app
from api.observability import json_request_log


@pytest.fixture
def client():
    return create_app({"TESTING": True}).test_client()


def sample(client, name, **labels) -> float:
    """The value of metric sample `name` with these labels in /metrics (0 when absent)."""
    text = client.get("/metrics").get_data(as_text=True)
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return s.value
    return 0.0


def new_game(client, **headers):
    return client.post("/v1/games/shufflers/new", json={"players": 2, "seed": 3}, headers=headers)


# --- X-Request-ID ------------------------------------------------------------------------------------
def test_a_request_id_given_by_the_client_comes_back(client):
    assert new_game(client, **{"X-Request-ID": "frontend.42:retry-1"}).headers["X-Request-ID"] == "frontend.42:retry-1"


@pytest.mark.parametrize("given", [None, "", "x" * 129, "has space", "new\u00e9line", "a;b"])
def test_a_missing_or_unfit_request_id_is_replaced_by_a_new_one(client, given):
    headers = {} if given is None else {"X-Request-ID": given}
    ids = {new_game(client, **headers).headers["X-Request-ID"] for _ in range(2)}
    assert len(ids) == 2 and all(len(i) == 32 and i != given for i in ids)


def test_errors_carry_the_request_id_too(client):
    for response in (client.get("/v1/tables/nope", headers={"X-Request-ID": "e1"}),
                     client.post("/v1/games/shufflers/apply", data=b"{", content_type="application/json",
                                 headers={"X-Request-ID": "e1"}),
                     client.get("/no/such/path", headers={"X-Request-ID": "e1"})):
        assert response.status_code >= 400 and response.headers["X-Request-ID"] == "e1"


# --- metrics -----------------------------------------------------------------------------------------
def test_metrics_count_requests_by_endpoint_and_status_and_time_them(client):
    endpoint = "/v1/games/shufflers/new"
    before = sample(client, "shuffle_http_requests_total", endpoint=endpoint, method="POST", status="200")
    timed = sample(client, "shuffle_http_request_duration_seconds_count", endpoint=endpoint)
    refused = sample(client, "shuffle_http_requests_total", endpoint=endpoint, method="POST", status="422")
    for _ in range(3):
        new_game(client)
    client.post("/v1/games/shufflers/new", json={"players": 99})
    assert sample(client, "shuffle_http_requests_total", endpoint=endpoint, method="POST", status="200") == before + 3
    assert sample(client, "shuffle_http_requests_total", endpoint=endpoint, method="POST", status="422") == refused + 1
    assert sample(client, "shuffle_http_request_duration_seconds_count", endpoint=endpoint) == timed + 4
    assert client.get("/metrics").headers["Content-Type"].startswith("text/plain")


def test_metrics_count_moves_and_time_the_engine_per_game(client):
    moves = sample(client, "shuffle_moves_applied_total", game="shufflers", where="stateless")
    engine = sample(client, "shuffle_engine_seconds_count", game="shufflers", operation="apply")
    body = new_game(client).get_json()
    client.post("/v1/games/shufflers/apply", json={"state": body["state"], "move": body["pending"][0]["options"][0]})
    assert sample(client, "shuffle_moves_applied_total", game="shufflers", where="stateless") == moves + 1
    assert sample(client, "shuffle_engine_seconds_count", game="shufflers", operation="apply") == engine + 1

    at_tables = sample(client, "shuffle_moves_applied_total", game="shufflers", where="table")
    table = client.post("/v1/tables", json={"game": "shufflers", "players": 2, "seed": 3, "bots": {"1": "random"}}).get_json()
    token = next(s["token"] for s in table["seats"] if s["token"])
    mine = client.get(f"/v1/tables/{table['table_id']}", headers={"Authorization": f"Bearer {token}"}).get_json()
    r = client.post(f"/v1/tables/{table['table_id']}/moves", json={"move": mine["pending"][0]["options"][0]},
                    headers={"Authorization": f"Bearer {token}", "If-Match": f'"{mine["version"]}"'})
    made = r.get_json()["version"] - mine["version"]  # the seat's move and the bot's after it
    assert sample(client, "shuffle_moves_applied_total", game="shufflers", where="table") == at_tables + made


def test_metrics_count_store_errors():
    client = create_app({"TESTING": True, "REDIS_URL": "redis://127.0.0.1:1/0"}).test_client()
    before = sample(client, "shuffle_store_errors_total")
    assert client.post("/v1/tables", json={"game": "shufflers", "players": 1}).status_code == 503
    assert sample(client, "shuffle_store_errors_total") == before + 1


def test_metrics_gauge_open_event_streams():
    app = create_app({"TESTING": True, "SSE_KEEPALIVE": 0.05, "SSE_MAX_SECONDS": 30})
    client = app.test_client()
    table = client.post("/v1/tables", json={"game": "shufflers", "players": 1}).get_json()
    before = sample(client, "shuffle_sse_streams_open")
    response = client.get(f"/v1/tables/{table['table_id']}/events", buffered=False)
    first = next(iter(response.response))  # the stream is open, and was not read to its end by the log
    assert first.startswith(b"retry:")
    assert sample(client, "shuffle_sse_streams_open") == before + 1
    response.close()
    assert sample(client, "shuffle_sse_streams_open") == before


# --- the request log ---------------------------------------------------------------------------------
def test_one_json_log_line_per_request_without_states_tokens_or_bodies(client, caplog):
    caplog.set_level(logging.INFO, logger="api.requests")
    table = client.post("/v1/tables", json={"game": "shufflers", "players": 2, "seed": 3},
                        headers={"X-Request-ID": "made-1"}).get_json()
    tokens = [s["token"] for s in table["seats"]] + [table["creator_token"]]
    seat = table["waiting_for"][0]
    auth = {"Authorization": f"Bearer {table['seats'][seat]['token']}"}
    mine = client.get(f"/v1/tables/{table['table_id']}", headers=auth).get_json()
    client.post(f"/v1/tables/{table['table_id']}/moves", json={"move": mine["pending"][0]["options"][0]},
                headers={**auth, "If-Match": f'"{mine["version"]}"'})
    state = new_game(client).get_json()["state"]
    client.post("/v1/games/shufflers/apply", json={"state": state, "move": {"player": 0, "kind": "draw"}})

    records = [r for r in caplog.records if r.name == "api.requests" and r.getMessage() == "request"]
    assert len(records) == 5
    stream = io.StringIO()
    handler = json_request_log(stream)
    for r in records:
        handler.handle(r)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert lines[0]["request_id"] == "made-1" and lines[0]["endpoint"] == "/v1/tables" and lines[0]["status"] == 201
    assert {line["method"] for line in lines} == {"GET", "POST"}
    text = stream.getvalue()
    for secret in tokens:
        assert secret not in text
    assert "Bearer" not in text and json.dumps(state)[1:40] not in text
    for line in lines:  # scalars only, none long enough to carry a state or a token
        assert all(v is None or isinstance(v, (int, float)) or len(v) <= 128 for v in line.values())
    assert all(set(line) == {"time", "level", "logger", "pid", "message", "request_id", "method", "endpoint", "status",
                             "duration_ms", "bytes", "client"} for line in lines)


# --- bounded label values --------------------------------------------------------------------------
def series(client) -> int:
    """How many samples /metrics holds: one per label set (and per histogram bucket)."""
    text = client.get("/metrics").get_data(as_text=True)
    return sum(len(family.samples) for family in text_string_to_metric_families(text))


def test_a_thousand_invented_methods_paths_and_games_add_no_metric_series(client):
    """Was: each invented method (`QWERTYUI /healthz`) added a permanent series: 2,000 of them made
    /metrics 24 times larger. Every label now takes its values from a closed set."""
    def invent(i):
        client.open("/healthz", method=f"QWERTY{i}")
        client.get(f"/no/such/path/{i}")
        client.post(f"/v1/games/game-{i}/new", json={"players": 2})
        client.post(f"/v1/games/game-{i}/sealed/apply", json={"sealed": "x", "move": {}})
        client.get(f"/v1/tables/{i:032x}")

    invent(-1)  # the first of each kind makes its `other` / `unmatched` series
    before = series(client)
    odd = sample(client, "shuffle_http_requests_total", endpoint="unmatched", method="other", status="405")
    lost = sample(client, "shuffle_http_requests_total", endpoint="unmatched", method="GET", status="404")
    for i in range(1000):
        invent(i)
    assert series(client) == before
    assert sample(client, "shuffle_http_requests_total", endpoint="unmatched", method="other", status="405") == odd + 1000
    assert sample(client, "shuffle_http_requests_total", endpoint="unmatched", method="GET", status="404") == lost + 1000


def test_labels_outside_the_closed_sets_are_other():
    from api.observability import game_label, method_label

    assert [method_label(m) for m in ("GET", "POST", "OPTIONS", "QWERTYUI", "get")] == \
        ["GET", "POST", "OPTIONS", "other", "other"]
    assert [game_label(g) for g in ("plot-twist", "shufflers", "chess", "")] == \
        ["plot-twist", "shufflers", "other", "other"]
