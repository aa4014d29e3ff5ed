"""Optimistic concurrency on a Redis-held table behind gunicorn: one move, many senders, one winner."""

import http.client
import json
import threading

from integration_helpers import EventStream, create_table, next_move, request, tokens_of
from time_bounds import bound

SENDERS = 20


def test_twenty_identical_moves_at_once_one_is_accepted_and_nineteen_are_stale(server_a):
    port = server_a.port
    created = create_table(port, players=2, seed=7)
    table_id, tokens = created["table_id"], tokens_of(created)
    seat, move, version = next_move(port, table_id, tokens, created)
    body = json.dumps({"move": move}).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {tokens[seat]}",
               "If-Match": f'"{version}"'}

    barrier = threading.Barrier(SENDERS)
    results: list = [None] * SENDERS

    def send(i):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=bound(60))
        try:
            conn.connect()  # connected before the start line: the requests leave together
            barrier.wait(timeout=bound(15))
            conn.request("POST", f"/v1/tables/{table_id}/moves", body, headers)
            resp = conn.getresponse()
            results[i] = (resp.status, resp.getheader("ETag"), json.loads(resp.read()))
        except Exception as exc:  # noqa: BLE001  shown by the assertion below
            results[i] = ("error", None, repr(exc))
        finally:
            conn.close()

    threads = [threading.Thread(target=send, args=(i,), daemon=True) for i in range(SENDERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=bound(60))

    statuses = sorted((r[0] for r in results), key=str)
    assert statuses == [200] + [412] * (SENDERS - 1), results
    (winner,) = [r for r in results if r[0] == 200]
    assert winner[2]["version"] == version + 1
    assert winner[1] == f'"{version + 1}"'
    assert {r[2]["code"] for r in results if r[0] == 412} == {"stale_version"}

    after = request(port, "GET", f"/v1/tables/{table_id}")
    assert after.status == 200
    assert after.body["version"] == version + 1
    assert after.etag == f'"{version + 1}"'

    # The log holds the move once: replayed from the creation, one step per version.
    with EventStream(port, table_id, last_event_id=created["version"]) as stream:
        assert stream.status == 200, stream.body
        assert stream.wait_for_version(version + 1, timeout=60), stream.events
        # Give a duplicate the time to show up.
        assert not stream.wait_until(lambda evs: len([e for e in evs if e.event == "step"]) > 1, timeout=0.5)
        steps = stream.steps()
    assert [e.version for e in steps] == [version + 1]
    assert steps[0].data["version"] == version + 1
    assert isinstance(steps[0].data["events"], list) and steps[0].data["events"]
    assert steps[0].data["outcome"] is None
