"""/metrics under gunicorn with several workers: the figures are the whole server's (prometheus
multiprocess mode), whichever worker answers; request log lines are JSON on stdout."""

import json

from prometheus_client.parser import text_string_to_metric_families

from integration_helpers import request


def _count(port, endpoint) -> float:
    text = request(port, "GET", "/metrics").body
    text = text.decode() if isinstance(text, bytes) else text
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if (s.name == "shuffle_http_requests_total" and s.labels.get("endpoint") == endpoint
                    and s.labels.get("status") == "200"):
                return s.value
    return 0.0


def test_metrics_sum_every_worker_and_requests_are_logged_as_json(gunicorn_factory):
    server = gunicorn_factory(None, workers=2, WEB_CONCURRENCY=2)
    made = 0

    def served_by() -> dict:
        lines = [json.loads(line) for line in server.log(5000).splitlines() if line.startswith("{")]
        return {line["request_id"]: line["pid"] for line in lines if line.get("endpoint") == "/v1/games"}

    while made < 30 or len(set(served_by().values())) < 2:  # fresh connections: until both workers served some
        r = request(server.port, "GET", "/v1/games", headers={"X-Request-ID": f"count-{made}"})
        assert r.status == 200 and r.headers["x-request-id"] == f"count-{made}"
        made += 1
        assert made < 500, "one worker served every request"
    assert set(served_by()) == {f"count-{i}" for i in range(made)}  # one JSON line per request
    for _ in range(6):  # whichever worker answers /metrics, it counts every worker's requests
        assert _count(server.port, "/v1/games") == made
