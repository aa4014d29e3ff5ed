"""Table stores: Redis when REDIS_URL is set, else the embedded in-process store."""

from .base import StoreUnavailable, TableStore, follow
from .memory import MemoryStore


def make_store(config: dict) -> TableStore:
    url = config.get("REDIS_URL")
    if not url:
        return MemoryStore()
    from .redis import RedisStore

    if config.get("REDIS_CLUSTER"):
        return RedisStore.cluster_from_url(url)
    return RedisStore.from_url(url)


__all__ = ["MemoryStore", "StoreUnavailable", "TableStore", "follow", "make_store"]
