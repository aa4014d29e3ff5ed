"""The embedded store: tables in this process's memory (one gunicorn worker, many threads).

Records are kept as JSON text, so a reader never shares objects with a writer and what
goes in is exactly what a Redis store would give back.
"""

import threading
import time
from collections import OrderedDict

import orjson

from .base import REPLAYS_KEPT


class MemoryStore:
    def __init__(self, clock=time.monotonic):
        self._clock = clock
        self._tables: dict[str, dict] = {}  # id -> {"record": bytes, "log": [bytes], "expires": float}
        self._changed = threading.Condition()

    def _live(self, table_id: str) -> dict | None:
        table = self._tables.get(table_id)
        if table is not None and table["expires"] <= self._clock():
            del self._tables[table_id]
            return None
        return table

    def create(self, record: dict, entries: list[dict], ttl: int) -> bool:
        with self._changed:
            if self._live(record["table_id"]) is not None:
                return False
            self._tables[record["table_id"]] = {
                "record": orjson.dumps(record),
                "log": [orjson.dumps(e) for e in entries],
                "replays": OrderedDict(),  # field -> answer, oldest first
                "expires": self._clock() + ttl,
            }
            self._changed.notify_all()
            return True

    def get(self, table_id: str) -> dict | None:
        with self._changed:
            table = self._live(table_id)
            return None if table is None else orjson.loads(table["record"])

    def get_at(self, table_id: str, versions: list[int] | None) -> tuple[dict | None, bool]:
        return self.get(table_id), False  # in process already: nothing to save

    def commit(self, table_id: str, expected: int, record: dict, entries: list[dict], ttl: int,
               replay: tuple[str, bytes] | None = None) -> bool:
        with self._changed:
            table = self._live(table_id)
            if table is None or orjson.loads(table["record"])["version"] != expected:
                return False
            table["record"] = orjson.dumps(record)
            table["log"].extend(orjson.dumps(e) for e in entries)
            if replay is not None:
                replays = table["replays"]
                replays[replay[0]] = replay[1]
                replays.move_to_end(replay[0])
                while len(replays) > REPLAYS_KEPT:
                    replays.popitem(last=False)
            table["expires"] = self._clock() + ttl
            self._changed.notify_all()
            return True

    def replay(self, table_id: str, field: str) -> bytes | None:
        with self._changed:
            table = self._live(table_id)
            return None if table is None else table["replays"].get(field)

    def entries(self, table_id: str, after: int, wait: float) -> list[dict]:
        deadline = time.monotonic() + wait  # real time: the injectable clock is for expiry only
        with self._changed:
            while True:
                table = self._live(table_id)
                if table is None:
                    return []
                new = [e for e in map(orjson.loads, table["log"]) if e["version"] > after]
                left = deadline - time.monotonic()
                if new or left <= 0:
                    return new
                self._changed.wait(left)

    def delete(self, table_id: str) -> bool:
        with self._changed:
            found = self._live(table_id) is not None
            self._tables.pop(table_id, None)
            self._changed.notify_all()
            return found

    def ping(self) -> None:
        return None
