"""The table stores: one contract suite run against both the in-process store and Redis,
plus Redis specifics (key layout, cluster slots) and faults (a private redis-server that is
killed, paused and restarted under a live store).

The shared Redis comes from REDIS_URL (default redis://127.0.0.1:6379/0); when it cannot be
reached these tests FAIL (they never skip). Fault tests start their own redis-server.
"""

import binascii
import os
import signal
import threading
import time
import uuid

import pytest
import redis
from redis.crc import key_slot

from api.stores import MemoryStore, StoreUnavailable, follow
from api.stores.base import REPLAYS_KEPT
from api.stores.redis import RedisStore, events_key, record_key, replays_key
from redis_server import RedisServer
from time_bounds import bound

# A store call against a Redis that is down or hangs gives up (StoreUnavailable) after its socket
# timeout, at most 2 s here; slower than this bound is a hang (scaled by TEST_TIME_SCALE, so that a
# busy machine never fails it: tests/time_bounds.py).
GIVES_UP = bound(10.0)

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


# --- fixtures ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def redis_url():
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1, socket_timeout=2).ping()
    except redis.RedisError as error:
        pytest.fail(
            f"Redis is not reachable at {REDIS_URL} ({error}). The Redis store tests need a real "
            "server: start one (redis-server) or point REDIS_URL at one.",
            pytrace=False,
        )
    return REDIS_URL


@pytest.fixture(scope="module")
def raw(redis_url):
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    client.close()


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class Backend:
    """A store under test, with a way to let time pass (fake for memory, real for Redis)."""

    def __init__(self, kind, store, clock=None):
        self.kind, self.store, self.clock = kind, store, clock
        self.ids = []

    def new_id(self):
        table_id = f"test-{uuid.uuid4().hex}"
        self.ids.append(table_id)
        return table_id

    def advance(self, seconds):
        if self.clock is not None:
            self.clock.now += seconds
        else:
            time.sleep(seconds)


@pytest.fixture(params=["memory", "redis"])
def backend(request):
    if request.param == "memory":
        clock = FakeClock()
        yield Backend("memory", MemoryStore(clock=clock), clock)
        return
    store = RedisStore.from_url(request.getfixturevalue("redis_url"))
    backend = Backend("redis", store)
    yield backend
    for table_id in backend.ids:
        store.delete(table_id)
    store.close()


def make_record(table_id, version=0, **extra):
    return {
        "table_id": table_id, "game": "shufflers", "version": version,
        "state": {"game": "shufflers", "version": version, "piles": {"deck": [3, 1, 4]}, "note": "é ✓"},
        "seats": {"0": "ab" * 32, "1": None}, "bots": {"1": "random"}, "bot_rng": "seed-1",
        "creator": "cd" * 32, "created": 1700000000.25, **extra,
    }


def entry(version, *events):
    return {"version": version, "events": list(events) or [{"type": "moved", "v": version}]}


def new_table(backend, ttl=60, entries=None):
    table_id = backend.new_id()
    record = make_record(table_id)
    backend.store.create(record, [entry(0)] if entries is None else entries, ttl)
    return table_id, record


def advance_to(backend, table_id, record, version, ttl=60):
    """Commit moves until the table is at `version`."""
    while record["version"] < version:
        new = make_record(table_id, record["version"] + 1)
        assert backend.store.commit(table_id, record["version"], new, [entry(new["version"])], ttl)
        record = new
    return record


# --- the contract, for both stores ------------------------------------------------------------


def test_create_then_get_gives_the_same_json_back(backend):
    table_id, record = new_table(backend)
    assert backend.store.get(table_id) == record
    assert backend.store.entries(table_id, -1, 0) == [entry(0)]


def test_get_of_an_unknown_table_is_none(backend):
    assert backend.store.get(f"nope-{uuid.uuid4().hex}") is None
    assert backend.store.entries(f"nope-{uuid.uuid4().hex}", -1, 0) == []


def test_commit_with_the_expected_version_replaces_the_record_and_appends(backend):
    table_id, _ = new_table(backend)
    new = make_record(table_id, 1, state={"changed": True})
    moves = [entry(1, {"type": "a"}, {"type": "b"})]
    assert backend.store.commit(table_id, 0, new, moves, 60) is True
    assert backend.store.get(table_id) == new
    assert backend.store.entries(table_id, -1, 0) == [entry(0)] + moves


def test_commit_with_a_stale_version_changes_nothing(backend):
    table_id, record = new_table(backend)
    record = advance_to(backend, table_id, record, 2)
    for stale in (0, 1, 3):
        assert backend.store.commit(table_id, stale, make_record(table_id, stale + 1, x=1), [entry(stale + 1)], 60) is False
    assert backend.store.get(table_id) == record
    assert [e["version"] for e in backend.store.entries(table_id, -1, 0)] == [0, 1, 2]


def test_commit_on_a_missing_table_is_false_and_creates_nothing(backend):
    table_id = backend.new_id()
    assert backend.store.commit(table_id, 0, make_record(table_id, 1), [entry(1)], 60) is False
    assert backend.store.get(table_id) is None
    assert backend.store.entries(table_id, -1, 0) == []


def test_entries_after_a_version_oldest_first(backend):
    table_id, record = new_table(backend)
    advance_to(backend, table_id, record, 4)
    versions = lambda after: [e["version"] for e in backend.store.entries(table_id, after, 0)]  # noqa: E731
    assert versions(-1) == [0, 1, 2, 3, 4]
    assert versions(-5) == [0, 1, 2, 3, 4]
    assert versions(0) == [1, 2, 3, 4]
    assert versions(2) == [3, 4]
    assert versions(4) == []
    assert versions(99) == []


def test_entries_without_new_ones_waits_about_wait_seconds(backend):
    table_id, _ = new_table(backend)
    started = time.monotonic()
    assert backend.store.entries(table_id, 0, 0.3) == []
    assert time.monotonic() - started >= 0.25  # it waited (a lower bound: a busy machine cannot fail it)
    got = {}
    reader = threading.Thread(target=lambda: got.setdefault("entries", backend.store.entries(
        f"nope-{uuid.uuid4().hex}", 0, 3600)), daemon=True)
    reader.start()
    reader.join(bound(60))
    assert not reader.is_alive() and got["entries"] == [], "no table: no wait (an hour asked)"


def test_a_waiting_reader_wakes_up_when_another_thread_commits(backend):
    """The reader waits an hour: that it returns at all, with the new entry, is the commit waking it
    (a timeout could not have ended its wait; no clock is read)."""
    table_id, record = new_table(backend)
    got = {}

    def read():
        got["entries"] = backend.store.entries(table_id, 0, 3600)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    time.sleep(0.3)  # most often already waiting; if not, it finds the entry at once, as it must
    advance_to(backend, table_id, record, 1)
    reader.join(bound(60))
    assert not reader.is_alive(), "the commit did not wake the waiting reader"
    assert [e["version"] for e in got["entries"]] == [1]


def test_follow_yields_batches_as_they_come(backend):
    table_id, record = new_table(backend)
    record = advance_to(backend, table_id, record, 2)
    batches = follow(backend.store, table_id, 0, wait=0.2)
    assert [e["version"] for e in next(batches)] == [1, 2]
    assert next(batches) == []
    advance_to(backend, table_id, record, 3)
    assert [e["version"] for e in next(batches)] == [3]


def test_delete(backend):
    table_id, _ = new_table(backend)
    assert backend.store.delete(table_id) is True
    assert backend.store.get(table_id) is None
    assert backend.store.entries(table_id, -1, 0) == []
    assert backend.store.delete(table_id) is False
    assert backend.store.commit(table_id, 0, make_record(table_id, 1), [entry(1)], 60) is False


def test_a_table_expires_after_its_ttl(backend):
    table_id, _ = new_table(backend, ttl=1)
    backend.advance(1.5)
    assert backend.store.get(table_id) is None
    assert backend.store.entries(table_id, -1, 0) == []
    assert backend.store.commit(table_id, 0, make_record(table_id, 1), [entry(1)], 60) is False


def test_a_commit_refreshes_the_ttl(backend):
    table_id, record = new_table(backend, ttl=2)
    backend.advance(1.2)
    advance_to(backend, table_id, record, 1, ttl=2)
    backend.advance(1.2)  # 2.4 s after create, 1.2 s after the commit
    assert backend.store.get(table_id)["version"] == 1
    assert [e["version"] for e in backend.store.entries(table_id, -1, 0)] == [0, 1]
    backend.advance(1.3)
    assert backend.store.get(table_id) is None


def test_concurrent_commits_on_one_version_exactly_one_wins(backend):
    table_id, _ = new_table(backend)
    barrier = threading.Barrier(20)
    results = [None] * 20

    def move(i):
        record = make_record(table_id, 1, winner=i)
        barrier.wait()
        results[i] = backend.store.commit(table_id, 0, record, [entry(1, {"by": i})], 60)

    threads = [threading.Thread(target=move, args=(i,)) for i in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert results.count(True) == 1 and results.count(False) == 19
    winner = results.index(True)
    assert backend.store.get(table_id)["winner"] == winner
    assert backend.store.entries(table_id, 0, 0) == [entry(1, {"by": winner})]


def test_a_table_created_without_entries(backend):
    table_id, _ = new_table(backend, entries=[])
    assert backend.store.entries(table_id, -1, 0) == []
    new = make_record(table_id, 1)
    assert backend.store.commit(table_id, 0, new, [entry(1)], 60)
    assert backend.store.entries(table_id, -1, 0) == [entry(1)]


def test_a_table_keeps_the_answers_of_its_last_keyed_moves_and_forgets_the_oldest(backend):
    """Every key replays while the table keeps it: the last REPLAYS_KEPT answers, not only each
    seat's last one (was: one field per seat, overwritten by the seat's next keyed move)."""
    table_id, _ = new_table(backend)
    for n in range(REPLAYS_KEPT + 3):
        new = make_record(table_id, n + 1)
        answer = (f"key:{n % 2}:k{n}", f'{{"answer": {n}}}'.encode())
        assert backend.store.commit(table_id, n, new, [entry(n + 1)], 60, answer)
    kept = [backend.store.replay(table_id, f"key:{n % 2}:k{n}") for n in range(REPLAYS_KEPT + 3)]
    assert kept[:3] == [None] * 3
    assert kept[3:] == [f'{{"answer": {n}}}'.encode() for n in range(3, REPLAYS_KEPT + 3)]


def test_a_failed_commit_stores_no_answer(backend):
    table_id, _ = new_table(backend)
    assert backend.store.commit(table_id, 7, make_record(table_id, 8), [entry(8)], 60, ("key:0:k", b"{}")) is False
    assert backend.store.replay(table_id, "key:0:k") is None


def test_ping(backend):
    assert backend.store.ping() is None


# --- Redis specifics --------------------------------------------------------------------------


@pytest.fixture
def redis_store(redis_url):
    store = RedisStore.from_url(redis_url)
    ids = []
    yield store, ids
    for table_id in ids:
        store.delete(table_id)
    store.close()


def test_redis_key_layout_ttls_and_stream_ids(redis_store, raw):
    store, ids = redis_store
    table_id = f"test-{uuid.uuid4().hex}"
    ids.append(table_id)
    record = make_record(table_id)
    store.create(record, [entry(0)], 100)
    assert store.commit(table_id, 0, make_record(table_id, 1), [entry(1)], 100)
    assert sorted(raw.scan_iter(match=f"*{table_id}*")) == [
        f"table:{{{table_id}}}", f"table:{{{table_id}}}:events", f"table:{{{table_id}}}:replays"]
    assert (record_key(table_id), events_key(table_id)) == (f"table:{{{table_id}}}", f"table:{{{table_id}}}:events")
    assert raw.type(record_key(table_id)) == "hash" and raw.type(events_key(table_id)) == "stream"
    assert set(raw.hkeys(record_key(table_id))) == {"record", "version", "born"}
    assert raw.hget(record_key(table_id), "version") == "1"
    assert [message_id for message_id, _ in raw.xrange(events_key(table_id))] == ["0-1", "1-0"]
    for key in (record_key(table_id), events_key(table_id), replays_key(table_id)):
        assert 95 <= raw.ttl(key) <= 100


def test_redis_the_replays_of_a_table_stay_bounded(redis_store, raw):
    store, ids = redis_store
    table_id = f"test-{uuid.uuid4().hex}"
    ids.append(table_id)
    store.create(make_record(table_id), [entry(0)], 100)
    for n in range(3 * REPLAYS_KEPT):
        assert store.commit(table_id, n, make_record(table_id, n + 1), [entry(n + 1)], 100, (f"key:0:k{n}", b"{}"))
    fields = raw.hkeys(replays_key(table_id))
    answers = sorted(f for f in fields if f.startswith("key:"))
    assert answers == sorted(f"key:0:k{n}" for n in range(2 * REPLAYS_KEPT, 3 * REPLAYS_KEPT))
    assert len(fields) == 2 * REPLAYS_KEPT + 2  # the answers, their slots, "next" and "table"


def test_redis_keys_of_a_table_share_one_cluster_slot():
    for table_id in ("abc", uuid.uuid4().hex, "odd}id", "{x}"):
        keys = [record_key(table_id), events_key(table_id)]
        assert len({key_slot(key.encode()) for key in keys}) == 1
    table_id = uuid.uuid4().hex
    crc16 = binascii.crc_hqx(table_id.encode(), 0) % 16384  # CRC16-XMODEM of the hash tag
    assert key_slot(record_key(table_id).encode()) == key_slot(events_key(table_id).encode()) == crc16


def test_redis_a_failed_commit_writes_nothing(redis_store, raw):
    store, ids = redis_store
    table_id = f"test-{uuid.uuid4().hex}"
    ids.append(table_id)
    store.create(make_record(table_id), [entry(0)], 100)
    before = (raw.hgetall(record_key(table_id)), raw.xrange(events_key(table_id)))
    assert store.commit(table_id, 5, make_record(table_id, 6), [entry(6)], 500) is False
    assert (raw.hgetall(record_key(table_id)), raw.xrange(events_key(table_id))) == before
    assert raw.ttl(record_key(table_id)) <= 100 and raw.ttl(events_key(table_id)) <= 100
    assert raw.exists(record_key(f"never-{table_id}"), events_key(f"never-{table_id}")) == 0
    assert store.commit(f"never-{table_id}", 0, make_record(table_id, 1), [entry(1)], 100) is False
    assert raw.exists(record_key(f"never-{table_id}"), events_key(f"never-{table_id}")) == 0


def test_redis_entries_must_go_forward(redis_store):
    store, ids = redis_store
    table_id = f"test-{uuid.uuid4().hex}"
    ids.append(table_id)
    store.create(make_record(table_id), [entry(0)], 100)
    with pytest.raises(ValueError):
        store.commit(table_id, 0, make_record(table_id, 1), [entry(0)], 100)
    with pytest.raises(ValueError):
        store.create(make_record(table_id), [entry(0)], 0)
    assert store.get(table_id)["version"] == 0


@pytest.mark.parametrize("block_slice", [None, 0.2], ids=["one-block", "sliced"])
def test_redis_a_blocking_read_longer_than_the_socket_timeout(redis_url, block_slice):
    options = {} if block_slice is None else {"block_slice": block_slice}
    store = RedisStore.from_url(redis_url, socket_timeout=0.3, **options)
    table_id = f"test-{uuid.uuid4().hex}"
    try:
        store.create(make_record(table_id), [entry(0)], 100)
        started = time.monotonic()
        assert store.entries(table_id, 0, 0.8) == []
        assert 0.7 <= time.monotonic() - started < GIVES_UP
    finally:
        store.delete(table_id)
        store.close()


@pytest.mark.parametrize("options", [{"protocol": 3}, {"decode_responses": True}, {"protocol": 3, "decode_responses": True}])
def test_redis_resp3_and_decoding_clients(redis_url, options):
    store = RedisStore(redis.Redis.from_url(redis_url, **options))
    table_id = f"test-{uuid.uuid4().hex}"
    try:
        record = make_record(table_id)
        store.create(record, [entry(0)], 100)
        assert store.get(table_id) == record
        timer = threading.Timer(0.2, lambda: store.commit(table_id, 0, make_record(table_id, 1), [entry(1), entry(1, {"t": 2})], 100))
        timer.start()
        assert store.entries(table_id, 0, 5) == [entry(1), entry(1, {"t": 2})]
        assert store.entries(table_id, -1, 0) == [entry(0), entry(1), entry(1, {"t": 2})]
        timer.join()
    finally:
        store.delete(table_id)
        store.close()


# --- faults: a private redis-server that dies and comes back ----------------------------------


@pytest.fixture
def private():
    server = RedisServer().start()
    store = RedisStore.from_url(server.url)
    yield server, store
    store.close()
    server.close()


def every_method(store, table_id):
    record = make_record(table_id, 1)
    return {
        "create": lambda: store.create(make_record(f"{table_id}-new"), [entry(0)], 60),
        "get": lambda: store.get(table_id),
        "commit": lambda: store.commit(table_id, 0, record, [entry(1)], 60),
        "entries": lambda: store.entries(table_id, 0, 0),
        "entries-wait": lambda: store.entries(table_id, 0, 5),
        "delete": lambda: store.delete(table_id),
        "ping": lambda: store.ping(),
    }


def assert_all_unavailable(store, table_id, within=GIVES_UP):
    for name, call in every_method(store, table_id).items():
        started = time.monotonic()
        with pytest.raises(StoreUnavailable):
            call()
        assert time.monotonic() - started < within, f"{name} took {time.monotonic() - started:.2f} s"


def assert_works(store):
    table_id = f"test-{uuid.uuid4().hex}"
    store.ping()
    store.create(make_record(table_id), [entry(0)], 60)
    assert store.get(table_id)["version"] == 0
    assert store.commit(table_id, 0, make_record(table_id, 1), [entry(1)], 60)
    assert [e["version"] for e in store.entries(table_id, -1, 0)] == [0, 1]
    assert store.entries(table_id, 1, 0.1) == []
    assert store.delete(table_id)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_redis_down_then_back_with_the_same_store(private, sig):
    server, store = private
    assert_works(store)
    table_id = f"test-{uuid.uuid4().hex}"
    store.create(make_record(table_id), [entry(0)], 60)  # leaves pooled connections behind
    server.stop(sig)
    assert_all_unavailable(store, table_id)
    assert_all_unavailable(store, table_id)  # and again: nothing is stuck or slower
    server.start()  # same port, empty data set
    assert_works(store)
    assert store.get(table_id) is None


def test_redis_dying_under_a_blocked_reader(private):
    server, store = private
    table_id = f"test-{uuid.uuid4().hex}"
    store.create(make_record(table_id), [entry(0)], 60)
    got = {}

    def read():
        try:
            got["result"] = store.entries(table_id, 0, 10)
        except Exception as error:  # noqa: BLE001 - the test looks at what came out
            got["result"] = error
        got["at"] = time.monotonic()

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.3)
    killed = time.monotonic()
    server.stop(signal.SIGKILL)
    reader.join(5)
    assert not reader.is_alive()
    assert isinstance(got["result"], StoreUnavailable), got["result"]
    assert got["at"] - killed < 2.0
    server.start()
    assert_works(store)


def test_redis_hanging_server_times_out_as_unavailable():
    with RedisServer() as server:
        store = RedisStore.from_url(server.url, socket_timeout=0.5)
        table_id = f"test-{uuid.uuid4().hex}"
        store.create(make_record(table_id), [entry(0)], 60)
        server.pause()
        try:
            for call in (lambda: store.get(table_id), lambda: store.commit(table_id, 0, make_record(table_id, 1), [], 60)):
                started = time.monotonic()
                with pytest.raises(StoreUnavailable):
                    call()
                assert time.monotonic() - started < GIVES_UP
        finally:
            server.resume()
        assert_works(store)
        store.close()


def test_redis_unreachable_from_the_start():
    with RedisServer() as server:
        url = server.url
    store = RedisStore.from_url(url)  # nothing listens there any more
    started = time.monotonic()
    with pytest.raises(StoreUnavailable):
        store.ping()
    assert time.monotonic() - started < GIVES_UP
    with RedisServer(int(url.rsplit(":", 1)[1].split("/")[0])):
        assert_works(store)
    store.close()
