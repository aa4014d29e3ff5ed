"""Real processes for the integration tests: private redis-servers, gunicorn servers, HTTP and SSE clients.

Everything here is started as a subprocess on a free loopback port and always stopped, also
when a test fails. HTTP goes through the standard library only (http.client), so what the
tests see is what any client on the wire sees.

The tests fail (never skip) when `redis-server` is not installed.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from integration_helpers import request
from time_bounds import bound

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _children(pid: int) -> list[int]:
    """Direct children of `pid`, from /proc (no psutil)."""
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            pass
    return sorted(set(out))


# --- redis-server -----------------------------------------------------------------------
class RedisServer:
    """A private redis-server on `port`, its data (append-only file, fsync on every write) in `dir`.

    `stop()` and `start()` again keep the port and the directory, so a restarted server
    comes back with the data it had: an outage, not a wipe.
    """

    def __init__(self, dir: Path, port: int | None = None):
        self.dir = Path(dir)
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 30.0) -> "RedisServer":
        assert self.proc is None or self.proc.poll() is not None, "already running"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.log = open(self.dir / "redis.log", "ab")
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "yes", "--appendfsync", "always", "--dir", str(self.dir),
             "--daemonize", "no", "--protected-mode", "yes", "--loglevel", "warning"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        deadline = time.monotonic() + bound(timeout)
        while True:
            if self.ping():
                return self
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"redis-server on port {self.port} did not start:\n"
                                   + (self.dir / "redis.log").read_text(errors="replace")[-2000:])
            time.sleep(0.05)

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(64).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """SIGKILL: a crash. The append-only file was fsynced on every write, so no data is lost."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def pause(self) -> None:
        """SIGSTOP: the server keeps its socket open but answers nothing (a hung Redis)."""
        os.kill(self.proc.pid, signal.SIGSTOP)

    def resume(self) -> None:
        os.kill(self.proc.pid, signal.SIGCONT)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGCONT)  # a paused server cannot handle SIGTERM
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if getattr(self, "log", None):
            self.log.close()


# --- gunicorn -----------------------------------------------------------------------------
class Gunicorn:
    """`gunicorn -c gunicorn.conf.py 'api:create_app()'` as the deployment runs it, on a free port."""

    def __init__(self, log_dir: Path, redis_url: str | None, workers: int = 2, threads: int = 4, **env):
        self.port = free_port()
        self.log_path = Path(log_dir) / f"gunicorn-{self.port}.log"
        clean = {k: v for k, v in os.environ.items()
                 if k not in ("REDIS_URL", "TABLE_TTL", "GUNICORN_CMD_ARGS", "SHUFFLE_BENCH_ECHO", "GUNICORN_ACCESSLOG")}
        clean.update(HOST="127.0.0.1", PORT=str(self.port), WEB_CONCURRENCY=str(workers),
                     GUNICORN_THREADS=str(threads), GUNICORN_LOGLEVEL="warning")
        if redis_url:
            clean["REDIS_URL"] = redis_url
        clean.update({k: str(v) for k, v in env.items()})
        self.workers = workers
        with open(self.log_path, "wb") as sink:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "api:create_app()"],
                cwd=ROOT, env=clean, stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def log(self, lines: int = 60) -> str:
        try:
            return "".join(self.log_path.read_text(errors="replace").splitlines(True)[-lines:])
        except OSError:
            return ""

    def wait_ready(self, timeout: float = 60.0) -> "Gunicorn":
        deadline = time.monotonic() + bound(timeout)
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.proc.returncode}:\n{self.log()}")
            try:
                if request(self.port, "GET", "/healthz", timeout=bound(10)).status == 200 \
                        and len(self.worker_pids()) == self.workers:
                    return self
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not answer /healthz within {bound(timeout):.0f} s:\n{self.log()}")
            time.sleep(0.1)

    def worker_pids(self) -> list[int]:
        return _children(self.proc.pid)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL to the whole process group (gunicorn and its workers) after 10 s.
        Open SSE streams would hold a graceful stop for graceful_timeout; the tests close theirs first."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # the group this fixture started: workers left behind too
        except ProcessLookupError:
            pass
        if self.proc.poll() is None:
            self.proc.wait(timeout=10)


# --- fixtures -------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def redis_server_factory():
    """Start private redis-servers; all of them are stopped at the end of the session."""
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed: the integration tests need it (never skipped).")
    started, base = [], Path(tempfile.mkdtemp(prefix="it-redis-"))

    def make() -> RedisServer:
        server = RedisServer(base / str(len(started)))
        started.append(server)
        return server.start()

    try:
        yield make
    finally:
        for server in started:
            server.stop()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_url(redis_server_factory):
    """One private Redis for the session's servers (the shared 127.0.0.1:6379 stays untouched)."""
    return redis_server_factory().url


@pytest.fixture(scope="session")
def gunicorn_factory(tmp_path_factory):
    """Start gunicorn servers (2 workers x 4 threads unless told); all are stopped at the end.

    A test that needs its server gone earlier calls `.stop()` itself (it is idempotent).
    """
    logs = tmp_path_factory.mktemp("gunicorn")
    started: list[Gunicorn] = []

    def make(redis_url, **kw) -> Gunicorn:
        server = Gunicorn(logs, redis_url, **kw)
        started.append(server)
        try:
            return server.wait_ready()
        except Exception:
            server.stop()
            raise

    try:
        yield make
    finally:
        for server in started:
            server.stop()


@pytest.fixture(scope="session")
def server_a(gunicorn_factory, redis_url) -> Gunicorn:
    return gunicorn_factory(redis_url)


@pytest.fixture(scope="session")
def server_b(gunicorn_factory, redis_url) -> Gunicorn:
    return gunicorn_factory(redis_url)
