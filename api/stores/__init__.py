"""Table stores: Redis when REDIS_URL is set, else the embedded in-process store."""

from .base import StoreUnavailable, TableStore, follow
from .memory import MemoryStore


def make_store(config: dict) -> TableStore:
    url = config.get("REDIS_URL")
    if not url:
        return MemoryStore()
    from .redis import RedisStore

    wait = dict(wait_replicas=int(config.get("REDIS_WAIT_REPLICAS") or 0),
                wait_timeout_ms=int(config.get("REDIS_WAIT_TIMEOUT_MS") or 500))
    if config.get("REDIS_CLUSTER"):
        return RedisStore.cluster_from_url(url, **wait)
    return RedisStore.from_url(url, **wait)


__all__ = ["MemoryStore", "StoreUnavailable", "TableStore", "follow", "make_store"]
