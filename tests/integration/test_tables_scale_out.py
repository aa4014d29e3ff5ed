"""Scale-out: two gunicorn servers sharing one Redis are one service; any host serves any table."""

from integration_helpers import EventStream, create_table, next_move, request, tokens_of

MOVES = 10


def test_a_table_made_on_a_is_played_on_both_and_streamed_live_from_a(server_a, server_b):
    a, b = server_a.port, server_b.port
    created = create_table(a, players=2, seed=3)
    table_id, tokens = created["table_id"], tokens_of(created)

    on_b = request(b, "GET", f"/v1/tables/{table_id}")
    assert on_b.status == 200, (on_b.status, on_b.body)
    assert on_b.body["version"] == created["version"]

    versions = []
    with EventStream(a, table_id) as stream:
        assert stream.status == 200, stream.body
        assert stream.content_type.startswith("text/event-stream")
        assert stream.wait_until(lambda evs: len(evs) >= 1, timeout=60), "no snapshot"
        first = stream.events[0]
        assert first.event == "snapshot"
        if first.id is not None:
            assert first.version == created["version"]

        for i in range(MOVES):
            port = b if i % 2 == 0 else a  # B first: the table was made on A
            nxt = next_move(port, table_id, tokens)
            assert nxt is not None, "the game ended too early for this test"
            seat, move, version = nxt
            r = request(port, "POST", f"/v1/tables/{table_id}/moves", {"move": move},
                        token=tokens[seat], if_match=version)
            assert r.status == 200, (port, r.status, r.body)
            assert r.etag == f'"{version + 1}"'
            versions.append(r.body["version"])
            # Live: the subscriber on A hears of it before the next move is made.
            assert stream.wait_for_version(versions[-1], timeout=60), (i, port, [e.id for e in stream.events])

        steps = stream.steps()
        assert stream.error is None, stream.error
    assert [e.version for e in steps] == versions
    assert versions == list(range(created["version"] + 1, created["version"] + MOVES + 1))
    for e in steps:
        assert e.data["version"] == e.version
        assert isinstance(e.data["events"], list)
        assert e.data["outcome"] is None

    # Resumed on B from the middle: only what came after.
    middle = versions[MOVES // 2 - 1]
    with EventStream(b, table_id, last_event_id=middle) as resumed:
        assert resumed.status == 200, resumed.body
        assert resumed.wait_for_version(versions[-1], timeout=60), [e.id for e in resumed.events]
        resumed.wait_until(lambda evs: False, timeout=0.3)  # anything extra would show up now
        got = list(resumed.events)
    assert [e.event for e in got] == ["step"] * (MOVES - MOVES // 2)
    assert [e.version for e in got] == [v for v in versions if v > middle]
    assert [e.data for e in got] == [e.data for e in steps if e.version > middle]
