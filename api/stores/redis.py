"""The Redis store: tables shared by every worker and every API host (see base.TableStore).

Key layout (one hash tag per table, so a table's keys live in one Redis Cluster slot):

    table:{<id>}          hash:   record = the JSON record (orjson), version = int
    table:{<id>}:events   stream: one entry per log entry, ID "<version>-0", field "entry" = JSON
                          (version 0 uses "0-1", since 0-0 is not a valid stream ID; further
                          entries of one version take the next sequence numbers)

    table:{<id>}:replays  hash:   "key:<seat>:<Idempotency-Key>" -> the answer to that keyed move
                          (JSON), for a retry of it; a ring of REPLAYS_KEPT slots says which
                          answers are kept: "next" = how many were stored, "slot:<n % kept>"
                          = the field stored n-th, deleted when its slot is taken again
                          (plus "table" = 1, so that the key exists from the start)

Every key carries the table's TTL; `create` and `commit` are each one Lua script, so they are
atomic and (Lua scripts being replicated as a whole) never half-applied; at `maxmemory` Redis
refuses them whole (see the scripts). The events stream
exists only once the table has at least one log entry.

Failures: every connection/timeout error of redis-py (and the "server not ready" replies:
LOADING, READONLY, MASTERDOWN, CLUSTERDOWN, TRYAGAIN, BUSY, OOM) is raised as StoreUnavailable.
Connect timeout 1 s, command timeout 2 s, no redis-py retries; idempotent reads (get, entries,
ping) retry once after a quick failure; create/commit/delete are never retried. Blocking
reads (XREAD BLOCK) go through a second pool whose socket timeout is one block slice (10 s)
+ the command timeout + 1 s; longer waits are cut into slices. Pooled connections to a
restarted server are found dead and replaced when they are next taken from the pool, so one
RedisStore survives a Redis restart by itself. Thread-safe: redis-py clients and scripts may be shared by threads.
"""

from __future__ import annotations

import math
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, TypeVar

import orjson
import redis
from cachetools import LRUCache
from redis import exceptions as rx
from redis.backoff import NoBackoff
from redis.commands.core import Script
from redis.retry import Retry

from .base import REPLAYS_KEPT, StoreUnavailable

T = TypeVar("T")

CONNECT_TIMEOUT = 1.0  # s: a dead or unreachable Redis answers fast
SOCKET_TIMEOUT = 2.0  # s: every command but a blocking XREAD
BLOCK_SLICE = 10.0  # s: the longest single XREAD BLOCK; longer waits are cut in slices


def _blocking_socket_timeout(block_slice: float, socket_timeout: float | None) -> float:
    """For the blocking-read connections: one slice plus a normal command's timeout plus 1 s."""
    return block_slice + (socket_timeout or SOCKET_TIMEOUT) + 1.0
FIELD = "entry"
RECENT_RECORDS = 1000  # records a process keeps to skip the read of a move (get_at)
MAX_SEQ = 18446744073709551615  # the largest sequence part of a stream ID

# Both scripts start with a `#!lua` shebang and no `allow-oom` flag: Redis then refuses them
# whole (OOM) when it is at `maxmemory`, before they write anything. (Without the shebang a
# script runs until its first write that may grow memory, so what came before it, a DEL say,
# would already be done.)
#
# KEYS: table:{id}, table:{id}:events, table:{id}:replays
# ARGV: record JSON, version, ttl, born (the record's "born": which incarnation of the id this
#       is), then stream ID and entry JSON for every log entry
# Returns 0 (and writes nothing) when the table exists already.
CREATE_LUA = """#!lua
if redis.call('EXISTS', KEYS[1]) == 1 then
    return 0
end
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'version', ARGV[2], 'born', ARGV[4])
for i = 5, #ARGV, 2 do
    redis.call('XADD', KEYS[2], ARGV[i], 'entry', ARGV[i + 1])
end
-- all three keys exist from the start: while a Redis Cluster migrates the table's slot, a
-- script whose keys are partly missing would get TRYAGAIN until the migration ends
redis.call('HSET', KEYS[3], 'table', '1')
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('EXPIRE', KEYS[3], ARGV[3])
return 1
"""

# KEYS: table:{id}, table:{id}:events, table:{id}:replays
# ARGV: expected version, new version, record JSON, ttl, replay field ('' for none), replay JSON,
#       expected born ('' for a table from before "born"), how many replays to keep, then
#       stream ID and entry JSON for every entry
# The version and the born stamp are compared together: a record remembered by a worker (see
# RedisStore.get_at) is only ever committed over the very table it was read from, never over
# a table deleted and created again under the same id.
COMMIT_LUA = """#!lua
local stored = redis.call('HMGET', KEYS[1], 'version', 'born')
if not stored[1] or stored[1] ~= ARGV[1] or (stored[2] or '') ~= ARGV[7] then
    return 0
end
redis.call('HSET', KEYS[1], 'record', ARGV[3], 'version', ARGV[2])
for i = 9, #ARGV, 2 do
    redis.call('XADD', KEYS[2], ARGV[i], 'entry', ARGV[i + 1])
end
if ARGV[5] ~= '' then
    local slot = 'slot:' .. ((redis.call('HINCRBY', KEYS[3], 'next', 1) - 1) % tonumber(ARGV[8]))
    local evicted = redis.call('HGET', KEYS[3], slot)
    if evicted and evicted ~= ARGV[5] then
        redis.call('HDEL', KEYS[3], evicted)
    end
    redis.call('HSET', KEYS[3], slot, ARGV[5], ARGV[5], ARGV[6])
end
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('EXPIRE', KEYS[3], ARGV[4])
return 1
"""

_UNAVAILABLE = (
    rx.ConnectionError,  # also AuthenticationError, BusyLoadingError, MaxConnectionsError
    rx.TimeoutError,
    rx.ReadOnlyError,
    rx.OutOfMemoryError,
    rx.ClusterError,
    rx.ClusterDownError,
    rx.TryAgainError,
    rx.RedisClusterException,
    OSError,  # socket errors that slipped through redis-py's own wrapping
)
_UNAVAILABLE_REPLIES = ("LOADING", "READONLY", "MASTERDOWN", "CLUSTERDOWN", "TRYAGAIN", "BUSY", "OOM", "NOREPLICAS",
                        # a cluster node reached with the single-node client: set REDIS_CLUSTER=1
                        "MOVED", "ASK")


class _LazyClient:
    """A client made on its first use (by `make`), then shared; failures to make it raise then."""

    def __init__(self, make):
        self._make, self._made, self._lock = make, None, threading.Lock()

    @property
    def made(self) -> bool:
        return self._made is not None

    def __getattr__(self, name):
        if self._made is None:
            with self._lock:
                if self._made is None:
                    self._made = self._make()
        return getattr(self._made, name)


def record_key(table_id: str) -> str:
    return f"table:{{{table_id}}}"


def events_key(table_id: str) -> str:
    return f"table:{{{table_id}}}:events"


def replays_key(table_id: str) -> str:
    return f"table:{{{table_id}}}:replays"


def _keys(table_id: str) -> list[str]:
    return [record_key(table_id), events_key(table_id), replays_key(table_id)]


@contextmanager
def _translated():
    """Turn an unreachable / not-ready Redis into StoreUnavailable."""
    try:
        yield
    except StoreUnavailable:
        raise
    except _UNAVAILABLE as error:
        raise StoreUnavailable(f"Redis is unavailable: {error}") from error
    except rx.ResponseError as error:
        if isinstance(error, (rx.MovedError, rx.AskError)):  # a cluster node, without REDIS_CLUSTER=1
            raise StoreUnavailable(f"Redis answered {type(error).__name__} ({error}): REDIS_URL names a node of "
                                   "a Redis Cluster; set REDIS_CLUSTER=1.") from error
        if str(error).startswith(_UNAVAILABLE_REPLIES):
            raise StoreUnavailable(f"Redis is unavailable: {error}") from error
        raise


def _ttl(ttl: float) -> int:
    seconds = math.ceil(ttl)
    if seconds < 1:
        raise ValueError(f"ttl must be at least 1 s, not {ttl!r}")
    return seconds


def _stream_args(entries: list[dict], above: int | None) -> list[Any]:
    """[id, json, id, json, ...] for XADD; versions must not go down (and exceed `above`)."""
    args: list[Any] = []
    previous, seq = None, 0
    for entry in entries:
        version = entry["version"]
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            raise ValueError(f"a log entry's version must be a non-negative int, not {version!r}")
        if above is not None and version <= above:
            raise ValueError(f"a new log entry's version must exceed {above}, not {version}")
        if previous is not None and version < previous:
            raise ValueError("log entries must be in version order")
        seq = seq + 1 if version == previous else (1 if version == 0 else 0)
        previous = version
        args += [f"{version}-{seq}", orjson.dumps(entry)]
    return args


def _decode_entries(messages, after: int) -> list[dict]:
    out = []
    for _id, fields in messages or ():
        if not isinstance(fields, dict):
            continue
        raw = fields.get(FIELD.encode(), fields.get(FIELD))
        if raw is None:
            continue
        entry = orjson.loads(raw)
        if entry.get("version", after + 1) > after:
            out.append(entry)
    return out


def _is_message(item) -> bool:
    return isinstance(item, (list, tuple)) and len(item) == 2 and isinstance(item[1], dict)


def _xread_messages(reply) -> list:
    """The messages of a one-stream XREAD reply: RESP2 [[key, messages]], RESP3 {key: [messages]}."""
    if not reply:
        return []
    messages = next(iter(reply.values())) if isinstance(reply, dict) else reply[0][1]
    while messages and not all(map(_is_message, messages)) and len(messages) == 1:
        messages = messages[0]
    return messages or []


class RedisStore:
    """base.TableStore on Redis. Construct with `from_url` or with a redis-py client."""

    def __init__(self, client: redis.Redis, blocking_client: redis.Redis | None = None, *, block_slice: float = BLOCK_SLICE,
                 wait_replicas: int = 0, wait_timeout_ms: int = 500):
        """`client`: for every command but blocking reads. `blocking_client`: for XREAD BLOCK;
        its socket timeout must exceed `block_slice`. By default it is a twin of `client`
        (same connection settings, own pool) whose socket timeout is block_slice + the
        client's socket timeout + 1 s. `wait_replicas` > 0: create and commit return only once
        that many replicas have the change (Redis WAIT, up to `wait_timeout_ms`), else raise
        StoreUnavailable (the change stands on the primary but might be lost to a failover)."""
        if wait_replicas < 0 or wait_timeout_ms < 1:
            raise ValueError("REDIS_WAIT_REPLICAS must be >= 0 and REDIS_WAIT_TIMEOUT_MS >= 1")
        self._wait_replicas, self._wait_timeout_ms = int(wait_replicas), int(wait_timeout_ms)
        self._client = client
        self._block_slice = float(block_slice)
        if blocking_client is None:
            blocking_client = self._blocking_twin(client)
        self._blocking = blocking_client
        # bytes: a Script then needs no encoder from the client, so a lazy cluster client stays unmade
        self._create = Script(client, CREATE_LUA.encode())
        self._commit = Script(client, COMMIT_LUA.encode())
        # the records this process read or wrote last, for get_at (records are never mutated)
        self._recent: LRUCache = LRUCache(maxsize=RECENT_RECORDS)
        self._recent_lock = threading.Lock()

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        connect_timeout: float = CONNECT_TIMEOUT,
        socket_timeout: float = SOCKET_TIMEOUT,
        block_slice: float = BLOCK_SLICE,
        wait_replicas: int = 0,
        wait_timeout_ms: int = 500,
        **kwargs,
    ) -> "RedisStore":
        options = dict(
            socket_connect_timeout=connect_timeout,
            socket_timeout=socket_timeout,
            socket_keepalive=True,
            retry=Retry(NoBackoff(), 0),
        )
        options.update(kwargs)
        # the blocking twin is derived from the client's pool, so options in the URL's query
        # string (which win over keyword arguments) apply to it as well
        return cls(redis.Redis.from_url(url, **options), block_slice=block_slice, wait_replicas=wait_replicas,
                   wait_timeout_ms=wait_timeout_ms)

    @classmethod
    def cluster_from_url(cls, url: str, *, connect_timeout: float = CONNECT_TIMEOUT,
                         socket_timeout: float = SOCKET_TIMEOUT, wait_replicas: int = 0,
                         wait_timeout_ms: int = 500) -> "RedisStore":
        """A store on a Redis Cluster: `url` names any node (redis-py's RedisCluster finds the rest).

        The client is made on first use, so the app starts, and /healthz answers, while the
        cluster cannot be reached; until it can, every table request and /readyz get 503.
        Blocking reads go through the same client in slices of 1 s (below its socket timeout).
        MOVED and ASK replies (a slot migrating, a failover) are followed by redis-py.
        """
        def make():
            return redis.RedisCluster.from_url(
                url, socket_connect_timeout=connect_timeout, socket_timeout=socket_timeout, socket_keepalive=True,
                retry=Retry(NoBackoff(), 1), require_full_coverage=True)

        client = _LazyClient(make)
        return cls(client, client, block_slice=1.0, wait_replicas=wait_replicas, wait_timeout_ms=wait_timeout_ms)

    def _blocking_twin(self, client) -> redis.Redis:
        pool = getattr(client, "connection_pool", None)
        if pool is None:  # e.g. a RedisCluster: keep the blocks short instead
            self._block_slice = min(self._block_slice, 1.0)
            return client
        kwargs = dict(pool.connection_kwargs)
        kwargs["socket_timeout"] = _blocking_socket_timeout(self._block_slice, kwargs.get("socket_timeout"))
        return redis.Redis(connection_pool=redis.ConnectionPool(connection_class=pool.connection_class, **kwargs))

    def _read(self, call: Callable[[], T]) -> T:
        """An idempotent read: retried once if it failed fast (a connection that just died)."""
        started = time.monotonic()
        try:
            with _translated():
                return call()
        except StoreUnavailable:
            if time.monotonic() - started > 0.5:
                raise
        time.sleep(0.05)
        with _translated():
            return call()

    # --- TableStore -------------------------------------------------------------------------

    def create(self, record: dict, entries: list[dict], ttl: int) -> bool:
        table_id = record["table_id"]
        args = [orjson.dumps(record), int(record["version"]), _ttl(ttl), record.get("born", ""),
                *_stream_args(entries, None)]
        with _translated():
            made = self._write(self._create, table_id, args) == 1
        if made:
            self._remember(record)
        return made

    def get(self, table_id: str) -> dict | None:
        raw = self._read(lambda: self._client.hget(record_key(table_id), "record"))
        if raw is None:
            return None
        record = orjson.loads(raw)
        self._remember(record)
        return record

    def get_at(self, table_id: str, versions: list[int] | None) -> tuple[dict | None, bool]:
        """(record, remembered): when this process last saw the table at one of `versions` (a
        move's If-Match), that record without a round trip to Redis (remembered=True), else
        the record as `get` gives it. A remembered record may be stale: a commit over it then
        fails (the script checks version and born together)."""
        if versions:
            with self._recent_lock:
                known = self._recent.get(table_id)
            if known is not None and known["version"] in versions:
                return known, True
        return self.get(table_id), False

    def _write(self, script: Script, table_id: str, args: list) -> Any:
        """Run a write script; with wait_replicas, WAIT after it on the same connection (WAIT
        counts the replicas that have that connection's writes), on the table's own primary."""
        if not self._wait_replicas:
            return script(keys=_keys(table_id), args=args)
        if isinstance(self._client, redis.Redis):
            node = self._client
        else:  # a cluster: the primary that holds the table's slot (a move elsewhere: MOVED, a 503)
            node = self._client.get_node_from_key(record_key(table_id)).redis_connection
        pipe = node.pipeline(transaction=False)
        script(keys=_keys(table_id), args=args, client=pipe)
        pipe.execute_command("WAIT", self._wait_replicas, self._wait_timeout_ms)
        done, acked = pipe.execute()
        if done == 1 and int(acked) < self._wait_replicas:
            raise StoreUnavailable(f"only {acked} of {self._wait_replicas} replicas confirmed the change in "
                                   f"{self._wait_timeout_ms} ms")
        return done

    def _remember(self, record: dict) -> None:
        with self._recent_lock:
            self._recent[record["table_id"]] = record

    def commit(self, table_id: str, expected: int, record: dict, entries: list[dict], ttl: int,
               replay: tuple[str, bytes] | None = None) -> bool:
        field, value = replay or ("", b"")
        args = [
            int(expected), int(record["version"]), orjson.dumps(record), _ttl(ttl), field, value,
            record.get("born", ""), REPLAYS_KEPT, *_stream_args(entries, int(expected)),
        ]
        # Not retried: if the reply was lost, a retry would report a won commit as lost.
        with _translated():
            won = self._write(self._commit, table_id, args) == 1
        if won:
            self._remember(record)
        else:
            with self._recent_lock:
                self._recent.pop(table_id, None)
        return won

    def replay(self, table_id: str, field: str) -> bytes | None:
        return self._read(lambda: self._client.hget(replays_key(table_id), field))

    def entries(self, table_id: str, after: int, wait: float) -> list[dict]:
        after = math.floor(after)
        start = "-" if after < -1 else str(after + 1)  # "<n>" == "<n>-0": every ID of version > after
        key = events_key(table_id)

        def look():
            pipe = self._client.pipeline(transaction=False)
            pipe.xrange(key, start, "+")
            pipe.exists(record_key(table_id))
            return pipe.execute()

        messages, exists = self._read(look)
        if messages or not exists or wait <= 0:
            return _decode_entries(messages, after)
        last_seen = "0-0" if after < 0 else f"{after}-{MAX_SEQ}"  # XREAD returns IDs above it
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return []
            block_ms = max(1, int(min(left, self._block_slice) * 1000))
            with _translated():
                reply = self._blocking.xread({key: last_seen}, block=block_ms)
            messages = _xread_messages(reply)
            if messages:
                return _decode_entries(messages, after)

    def delete(self, table_id: str) -> bool:
        with self._recent_lock:
            self._recent.pop(table_id, None)
        with _translated():
            return self._client.delete(*_keys(table_id)) > 0

    def ping(self) -> None:
        self._read(lambda: self._client.ping())

    # --- housekeeping -----------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection pools (the store reconnects if used again)."""
        if isinstance(self._client, _LazyClient) and not self._client.made:
            return
        self._client.close()
        if self._blocking is not self._client:
            self._blocking.close()
