"""When each clocked table is next due: an index the sweeper reads (api/sweeper.py).

The index maps a table id to a time (unix seconds) no later than its earliest deadline; the
table's record holds the deadlines themselves. Writers only ever *lower* a table's time
(`lower`, after each commit); the sweeper *claims* the due tables (their time moves on by a
lease, so that sweepers running at once on several hosts share the work instead of all doing
it) and, once it has settled one, sets its exact next time (`reset`). A time that is too early
costs a look at the table; only a lost `lower` (the API process dying between the commit and
it) leaves a time too late, and then the table's next read settles it.

    Redis:  one sorted set, `clocks:due` (member: table id, score: the time). It is one key
            outside the tables' hash tags: on a Redis Cluster it lives in its own slot.
    Memory: a dict under a lock, for the embedded store.
"""

from __future__ import annotations

import threading

from redis.commands.core import Script

from .base import StoreUnavailable

DUE_KEY = "clocks:due"

# KEYS: the sorted set. ARGV: now, lease until, limit. Claims up to `limit` due tables at once:
# their score moves to `lease until`, so another sweeper does not take them meanwhile.
CLAIM_LUA = """#!lua
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(due) do
    redis.call('ZADD', KEYS[1], ARGV[2], id)
end
return due
"""


class MemoryDue:
    def __init__(self):
        self._due: dict[str, float] = {}
        self._lock = threading.Lock()

    def lower(self, table_id: str, when: float) -> None:
        with self._lock:
            if when < self._due.get(table_id, float("inf")):
                self._due[table_id] = when

    def reset(self, table_id: str, when: float | None) -> None:
        with self._lock:
            if when is None:
                self._due.pop(table_id, None)
            else:
                self._due[table_id] = when

    def claim(self, now: float, lease_until: float, limit: int) -> list[str]:
        with self._lock:
            due = sorted((when, table_id) for table_id, when in self._due.items() if when <= now)[:limit]
            for _, table_id in due:
                self._due[table_id] = lease_until
            return [table_id for _, table_id in due]

    def next_time(self) -> float | None:
        with self._lock:
            return min(self._due.values(), default=None)


class RedisDue:
    def __init__(self, store, key: str = DUE_KEY):
        self._key = key
        self._client = store._client
        self._claim = Script(self._client, CLAIM_LUA.encode())

    def _run(self, call):
        from .redis import _translated

        with _translated():
            return call()

    def lower(self, table_id: str, when: float) -> None:
        self._run(lambda: self._client.zadd(self._key, {table_id: when}, lt=True))

    def reset(self, table_id: str, when: float | None) -> None:
        if when is None:
            self._run(lambda: self._client.zrem(self._key, table_id))
        else:
            self._run(lambda: self._client.zadd(self._key, {table_id: when}))

    def claim(self, now: float, lease_until: float, limit: int) -> list[str]:
        ids = self._run(lambda: self._claim(keys=[self._key], args=[repr(now), repr(lease_until), int(limit)]))
        return [i.decode() if isinstance(i, bytes) else i for i in ids]

    def next_time(self) -> float | None:
        first = self._run(lambda: self._client.zrange(self._key, 0, 0, withscores=True))
        return float(first[0][1]) if first else None


def make_due(store, key: str = DUE_KEY):
    """The due index beside `store`: in Redis (under `key`) for a RedisStore, else in this process."""
    from .memory import MemoryStore

    if isinstance(store, MemoryStore):
        return MemoryDue()
    return RedisDue(store, key)


__all__ = ["DUE_KEY", "MemoryDue", "RedisDue", "StoreUnavailable", "make_due"]
