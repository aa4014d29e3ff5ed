"""A real Redis Cluster for tests: six redis-servers on free loopback ports (three primaries, three
replicas) joined by `redis-cli --cluster create`, the way an operator builds one.

    with RedisCluster(base_dir) as cluster:
        cluster.url                 # redis://127.0.0.1:<a node's port>/0 (any node will do)
        cluster.primaries()         # {port: node id} of the nodes serving slots now
        cluster.port_of_slot(slot)  # the primary serving a slot now
        cluster.kill(port)          # SIGKILL one node (a crashed primary, say)
        cluster.wait_healthy()      # until every slot is served again (after a failover)
"""

import os
import random
import signal
import socket
import subprocess
import time
from pathlib import Path

import redis

from time_bounds import bound

NODE_TIMEOUT_MS = 1000  # how long a primary may be silent before its replica takes over


def _bindable(port: int) -> bool:
    try:
        with socket.socket() as s:
            s.bind(("127.0.0.1", port))
        return True
    except OSError:
        return False


def _free_port(taken=()) -> int:
    """A free port whose cluster bus port (port + 10000) is free and below 65536 too."""
    rng = random.Random()
    while True:
        port = rng.randrange(20000, 40000)
        if port not in taken and _bindable(port) and _bindable(port + 10000):
            return port


class RedisCluster:
    def __init__(self, base: Path, nodes: int = 6, node_timeout_ms: int = NODE_TIMEOUT_MS):
        self.base = Path(base)
        self.node_timeout_ms = node_timeout_ms
        self.ports: list[int] = []
        for _ in range(nodes):
            self.ports.append(_free_port(self.ports))
        self.procs: dict[int, subprocess.Popen] = {}

    @property
    def url(self) -> str:
        alive = [p for p in self.ports if self.procs[p].poll() is None]
        return f"redis://127.0.0.1:{alive[0]}/0"

    def start(self) -> "RedisCluster":
        for port in self.ports:
            self._launch(port)
        for port in self.ports:
            self._wait_ping(port)
        created = subprocess.run(
            ["redis-cli", "--cluster", "create", *[f"127.0.0.1:{p}" for p in self.ports],
             "--cluster-replicas", "1", "--cluster-yes"],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=bound(60))
        if created.returncode != 0:
            self.stop()
            raise RuntimeError(f"redis-cli --cluster create failed:\n{created.stdout}\n{created.stderr}")
        self.wait_healthy()
        self._wait_replicas_synced()
        return self

    def restart(self, port: int) -> None:
        """Start a killed node again from its nodes.conf: it rejoins, as a replica of whoever took over."""
        self._launch(port)
        self._wait_ping(port)
        self._wait_replicas_synced()

    def _launch(self, port: int) -> None:
        d = self.base / str(port)
        d.mkdir(parents=True, exist_ok=True)
        self.procs[port] = subprocess.Popen(
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--cluster-enabled", "yes",
             "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", str(self.node_timeout_ms),
             "--save", "", "--appendonly", "no", "--repl-diskless-sync-delay", "0", "--dir", str(d), "--loglevel", "warning",
             "--logfile", str(d / "log")],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)

    def _wait_replicas_synced(self, timeout: float = 30.0) -> None:
        """Until every replica has its first copy: a replica that never synced refuses to take over."""
        deadline = time.monotonic() + bound(timeout)
        while time.monotonic() < deadline:
            links = [self.node(p).info("replication") for p in self.ports]
            replicas = [i for i in links if i.get("role") == "slave"]
            if len(replicas) == len(self.ports) // 2 and all(i.get("master_link_status") == "up" for i in replicas):
                return
            time.sleep(0.1)
        raise RuntimeError("the replicas did not sync")

    def _wait_ping(self, port: int, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + bound(timeout)
        while time.monotonic() < deadline:
            try:
                if redis.Redis(port=port, socket_timeout=0.5).ping():
                    return
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server on port {port} did not start")

    def node(self, port: int) -> redis.Redis:
        return redis.Redis(port=port, socket_timeout=2, decode_responses=True)

    def _nodes(self) -> list[dict]:
        for port in self.ports:
            if self.procs[port].poll() is None:
                try:
                    raw = self.node(port).execute_command("CLUSTER", "NODES")
                except redis.RedisError:
                    continue
                text = raw if isinstance(raw, str) else "\n".join(f"{k} {v}" for k, v in raw.items())
                nodes = []
                for line in text.strip().splitlines():
                    parts = line.split()
                    nodes.append({"id": parts[0], "port": int(parts[1].split(":")[1].split("@")[0]),
                                  "flags": parts[2], "slots": parts[8:]})
                return nodes
        raise RuntimeError("no cluster node answers")

    def primaries(self) -> dict[int, str]:
        return {n["port"]: n["id"] for n in self._nodes()
                if "master" in n["flags"] and "fail" not in n["flags"] and n["slots"]}

    def _slots_served(self) -> int:
        """How many slots a live (not failed) primary owns, by the first answering node's view."""
        served = 0
        for n in self._nodes():
            if "master" not in n["flags"] or "fail" in n["flags"]:
                continue
            for r in n["slots"]:
                if not r.startswith("["):
                    lo, _, hi = r.partition("-")
                    served += int(hi or lo) - int(lo) + 1
        return served

    def port_of_slot(self, slot: int) -> int:
        for n in self._nodes():
            if "master" not in n["flags"] or "fail" in n["flags"]:
                continue
            for r in n["slots"]:
                if r.startswith("["):
                    continue
                lo, _, hi = r.partition("-")
                if int(lo) <= slot <= int(hi or lo):
                    return n["port"]
        raise LookupError(slot)

    def wait_healthy(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + bound(timeout)
        while time.monotonic() < deadline:
            ok = 0
            for port in self.ports:
                if self.procs[port].poll() is not None:
                    continue
                try:
                    info = self.node(port).execute_command("CLUSTER", "INFO")
                    text = info if isinstance(info, str) else str(info)
                    ok += "cluster_state:ok" in text
                except redis.RedisError:
                    pass
            if ok == sum(1 for p in self.ports if self.procs[p].poll() is None):
                return
            time.sleep(0.1)
        raise RuntimeError("the cluster did not become healthy")

    def wait_failover(self, port: int, timeout: float = 30.0) -> None:
        """Until a replica serves the slots of the (killed) primary on `port`, and every slot is served."""
        deadline = time.monotonic() + bound(timeout)
        while port in self.primaries() or self._slots_served() < 16384:
            if time.monotonic() > deadline:
                raise RuntimeError(f"no replica took over from {port}")
            time.sleep(0.1)
        self.wait_healthy(max(1.0, deadline - time.monotonic()))

    def kill(self, port: int) -> None:
        proc = self.procs[port]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)

    def __enter__(self) -> "RedisCluster":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
