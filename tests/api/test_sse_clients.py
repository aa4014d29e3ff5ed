"""A table's event stream read by a standard SSE library (httpx-sse), as a client would: every
event it yields carries JSON data.

Was: the stream opened with a block holding only `retry: 2000`, and each keep-alive was a
comment ended by a blank line. The SSE spec dispatches neither, but httpx-sse yields both as
events with empty data (it keeps the last event id, and a block with an id is an event), so
`json.loads(event.data)` failed on the first one.
"""

import json

import httpx
import pytest
from httpx_sse import connect_sse

from api import create_app


@pytest.fixture
def app():
    return create_app({"TESTING": True, "REDIS_URL": None, "SSE_KEEPALIVE": 0.02, "SSE_MAX_SECONDS": 0.3})


def test_httpx_sse_yields_only_events_with_json_data_retry_in_the_first(app):
    with httpx.Client(transport=httpx.WSGITransport(app=app), base_url="http://shuffle.test") as client:
        created = client.post("/v1/tables", json={"game": "shufflers", "players": 2, "seed": 3,
                                                  "bots": {"1": "random"}}).json()
        with connect_sse(client, "GET", f"/v1/tables/{created['table_id']}/events?after=-1") as source:
            assert source.response.status_code == 200
            events = list(source.iter_sse())
    assert events, "no event at all"
    assert [e.data for e in events if not e.data] == [], "an event with empty data (a lone retry or keep-alive)"
    assert [json.loads(e.data)["version"] for e in events] == list(range(created["version"] + 1))
    assert {e.event for e in events} == {"step"}
    assert events[0].retry == 2000 and all(e.retry is None for e in events[1:])
