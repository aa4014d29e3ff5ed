"""A page on another origin can call the API (CORS), and no answer lets a browser sniff its type.

Was: a preflight got 200 with only `Allow`, and no answer carried `Access-Control-Allow-Origin`,
so a frontend served from any other origin could call no endpoint.
"""

import pytest

from api import create_app
from api.browsers import ALLOW_HEADERS

ALLOWED = "https://frontend.example"
REFUSED = "https://elsewhere.example"
EXPOSED = {"etag", "location", "retry-after", "x-request-id", "idempotent-replayed"}


@pytest.fixture
def app():
    return create_app({"TESTING": True, "REDIS_URL": None, "CORS_ORIGINS": f"{ALLOWED}, http://localhost:5173",
                       "RATE_LIMITS_ENABLED": True, "RATE_LIMIT_CREATE": "2/minute", "MAX_CONTENT_LENGTH": 4096})


@pytest.fixture
def client(app):
    return app.test_client()


def _exposed(response) -> set[str]:
    return {h.strip().lower() for h in response.headers.get("Access-Control-Expose-Headers", "").split(",")}


def _preflight(client, path, method="POST", origin=ALLOWED, headers=ALLOW_HEADERS):
    return client.options(path, headers={"Origin": origin, "Access-Control-Request-Method": method,
                                         "Access-Control-Request-Headers": ", ".join(h.lower() for h in headers)})


@pytest.mark.parametrize("path,method", [("/v1/tables", "POST"), ("/v1/tables/abc/moves", "POST"),
                                         ("/v1/tables/abc", "DELETE"), ("/v1/games/shufflers/sealed/apply", "POST"),
                                         ("/v1/tables/abc/events", "GET")])
def test_a_preflight_allows_every_method_and_the_headers_the_api_reads(client, path, method):
    response = _preflight(client, path, method)
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == ALLOWED
    assert set(response.headers["Access-Control-Allow-Methods"].split(", ")) >= {
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}
    assert {h.strip().lower() for h in response.headers["Access-Control-Allow-Headers"].split(",")} == {
        h.lower() for h in ALLOW_HEADERS}
    assert int(response.headers["Access-Control-Max-Age"]) >= 600
    assert "Access-Control-Allow-Credentials" not in response.headers  # tokens travel in Authorization
    assert "Origin" in response.headers.get_all("Vary") or "Origin" in response.headers.get("Vary", "")


def test_a_refused_origin_gets_no_cors_header_on_a_preflight_or_an_answer(client):
    assert "Access-Control-Allow-Origin" not in _preflight(client, "/v1/tables", origin=REFUSED).headers
    response = client.get("/v1/games", headers={"Origin": REFUSED})
    assert response.status_code == 200 and "Access-Control-Allow-Origin" not in response.headers


def test_a_header_the_api_does_not_read_is_not_allowed(client):
    response = _preflight(client, "/v1/tables", headers=["Content-Type", "X-Something-Else"])
    assert response.headers["Access-Control-Allow-Headers"].lower() == "content-type"


def _answers(client):
    """(name, response) of every kind: success, 201 with Location, errors of each kind."""
    send = {"Origin": ALLOWED}
    created = client.post("/v1/tables", json={"game": "shufflers", "players": 1, "seed": 1}, headers=send)
    table_id = created.get_json()["table_id"]
    yield "201 created", created
    yield "200 table", client.get(f"/v1/tables/{table_id}", headers=send)
    yield "200 healthz", client.get("/healthz", headers=send)
    yield "200 readyz", client.get("/readyz", headers=send)
    yield "200 openapi.json", client.get("/openapi.json", headers=send)
    yield "400 bad json", client.post("/v1/games/shufflers/new", data=b"{", content_type="application/json", headers=send)
    yield "401 bad token", client.get(f"/v1/tables/{table_id}", headers={**send, "Authorization": "Bearer nope"})
    yield "404 unknown table", client.get("/v1/tables/nope", headers=send)
    yield "404 no such path", client.get("/v1/nothing", headers=send)
    yield "405", client.put("/v1/games", headers=send)
    yield "413", client.post("/v1/games/shufflers/new", json={"seed": "x" * 5000}, headers=send)
    yield "415", client.post("/v1/games/shufflers/new", data=b"{}", content_type="text/plain", headers=send)
    yield "422", client.post("/v1/games/shufflers/new", json={"players": "two"}, headers=send)
    yield "428", client.post(f"/v1/tables/{table_id}/moves", json={"move": {}},
                             headers={**send, "Authorization": f"Bearer {created.get_json()['seats'][0]['token']}"})
    client.post("/v1/tables", json={"game": "shufflers", "players": 1}, headers=send)
    yield "429 rate limited", client.post("/v1/tables", json={"game": "shufflers", "players": 1}, headers=send)


def test_every_answer_errors_included_carries_cors_and_exposes_the_api_headers(client):
    seen = set()
    for name, response in _answers(client):
        seen.add(response.status_code)
        assert response.headers.get("Access-Control-Allow-Origin") == ALLOWED, name
        assert _exposed(response) >= EXPOSED, name
        assert "Access-Control-Allow-Credentials" not in response.headers, name
    assert seen >= {200, 201, 400, 401, 404, 405, 413, 415, 422, 428, 429}


def test_a_405_keeps_its_allow_header(client):
    response = client.put("/v1/games", headers={"Origin": ALLOWED})
    assert response.status_code == 405 and set(response.headers["Allow"].split(", ")) >= {"GET"}


def test_the_web_table_is_same_origin_and_gets_no_cors_headers(client):
    for path in ("/play", "/play/app.js", "/docs", "/metrics"):
        response = client.get(path, headers={"Origin": ALLOWED})
        assert not [h for h in response.headers.keys() if h.lower().startswith("access-control-")], path


def test_by_default_any_origin_gets_a_wildcard_and_no_vary():
    client = create_app({"TESTING": True, "REDIS_URL": None}).test_client()
    response = client.get("/v1/games", headers={"Origin": REFUSED})
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert "Origin" not in response.headers.get("Vary", "")
    assert _preflight(client, "/v1/tables", origin=REFUSED).headers["Access-Control-Allow-Origin"] == "*"


@pytest.mark.parametrize("setting", ["", " , ", "*, https://a.example"])
def test_a_malformed_cors_origins_setting_stops_the_app(setting):
    with pytest.raises(ValueError, match="CORS_ORIGINS"):
        create_app({"TESTING": True, "REDIS_URL": None, "CORS_ORIGINS": setting})


def test_every_kind_of_answer_says_nosniff(client, app):
    kinds = dict(_answers(client))
    created = kinds["201 created"].get_json()
    app.config["SSE_MAX_SECONDS"] = 0.05
    kinds["sse"] = client.get(f"/v1/tables/{created['table_id']}/events")
    kinds["play page"] = client.get("/play")
    kinds["play script"] = client.get("/play/app.js")
    kinds["docs"] = client.get("/docs")
    kinds["docs asset"] = client.get("/docs/assets/swagger-ui.css")
    kinds["metrics"] = client.get("/metrics")
    kinds["preflight"] = _preflight(client, "/v1/tables")
    assert kinds["sse"].mimetype == "text/event-stream" and kinds["play script"].status_code == 200
    assert kinds["docs asset"].status_code == 200
    for name, response in kinds.items():
        assert response.headers.get("X-Content-Type-Options") == "nosniff", name
