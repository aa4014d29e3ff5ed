"""Where server-held tables live: the interface every store implements.

A table is one JSON-able record plus an append-only log of what happened:

    record = {
        "table_id": str, "game": str, "version": int,   # version == state["version"]
        "state": dict,                                  # the full engine state (never sent as is)
        "seats": {"0": "<sha256 hex of the seat token>" | None, ...},   # None: a bot's seat
        "bots": {"2": "random", ...},                   # seat -> bot name
        "bot_rng": str,                                 # the bots' own dice (core.framework.rng)
        "creator": "<sha256 hex of the creator token>",
        "created": float,                               # unix time, set by the API layer
        "born": str,                                    # random: which incarnation of the id
    }
    entry  = {"version": int, "events": [event, ...]}   # one per accepted move, unredacted

Every change is one atomic step: `commit` writes the new record only if the stored
version is still `expected`, and appends the log entries in the same step, so a failed or
concurrent request changes nothing. Stores raise `StoreUnavailable` when their backend
cannot be reached (the API answers 503 `store_unavailable`), never a backend exception.
"""

from typing import Iterator, Protocol

# Answers to keyed moves (Idempotency-Key) a table keeps for retries: the last REPLAYS_KEPT of
# them, whichever seats made them, for as long as the table lives (its TTL). Each is one table
# view (a few KB), so a table's footprint stays bounded however many keys its seats use.
REPLAYS_KEPT = 64


class StoreUnavailable(Exception):
    """The backend (Redis) cannot be reached right now."""


class TableStore(Protocol):
    def create(self, record: dict, entries: list[dict], ttl: int) -> bool:
        """Store a new table with its first log entries; expires after `ttl` s idle. False (and
        nothing written) when a table with that id exists already."""

    def get(self, table_id: str) -> dict | None:
        """The table's record, or None if there is no such table (or it expired)."""

    def get_at(self, table_id: str, versions: list[int] | None) -> tuple[dict | None, bool]:
        """(record, remembered): like `get`, for a move made at one of `versions` (If-Match). A
        store may answer with a record it remembers at such a version instead of reading it
        (remembered=True; Redis does): it may be stale, and `commit` over it then fails."""

    def commit(self, table_id: str, expected: int, record: dict, entries: list[dict], ttl: int,
               replay: tuple[str, bytes] | None = None) -> bool:
        """Replace the record and append `entries` iff the stored version is `expected`, and
        store `replay` = (field, answer) beside it in the same step (the answer to a move made
        with an Idempotency-Key), forgetting the oldest answer when the table keeps
        REPLAYS_KEPT already. False (and nothing written) when the version moved on or the
        table is gone."""

    def replay(self, table_id: str, field: str) -> bytes | None:
        """The answer stored under `field` by `commit` (one of the table's last REPLAYS_KEPT), or None."""

    def entries(self, table_id: str, after: int, wait: float) -> list[dict]:
        """Log entries with version > `after`, oldest first; if there are none yet, wait up to
        `wait` seconds for one (0: do not wait)."""

    def delete(self, table_id: str) -> bool:
        """Remove the table and its log; False if there was none."""

    def ping(self) -> None:
        """Raise StoreUnavailable unless the backend answers."""


def follow(store: TableStore, table_id: str, after: int, wait: float = 15.0) -> Iterator[list[dict]]:
    """Batches of new log entries as they come (an empty batch every `wait` s of silence)."""
    while True:
        batch = store.entries(table_id, after, wait)
        if batch:
            after = batch[-1]["version"]
        yield batch
