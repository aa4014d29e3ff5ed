"""A private, throwaway redis-server for tests (no persistence, its own temp dir, a free port).

API:

    RedisServer(port=None, *, binary="redis-server", ready_timeout=5.0)
        port        None: pick a free port on 127.0.0.1 (kept across stop/start).
    server.start() -> server     start redis-server and wait until it answers PING
    server.stop(sig=SIGTERM)     stop it (SIGTERM or SIGKILL) and wait for the process to exit;
                                 a no-op when it is not running
    server.restart()             stop (if running) and start again on the SAME port
    server.pause() / resume()    SIGSTOP / SIGCONT: a server that accepts nothing and answers nothing
    server.port, server.url      e.g. 6390, "redis://127.0.0.1:6390/0"
    server.running               True while the process is alive
    with RedisServer() as s:     start on enter; stop (SIGKILL) and remove its temp dir on exit

    redis_server()               the same as a context manager function: `with redis_server() as s:`

The data set lives only in memory (`--save "" --appendonly no`), so a restart comes back empty.
No redis-py needed: readiness is checked with a raw socket PING.

Import it from tests/api/* as `from redis_server import RedisServer` (pytest puts the test file's
folder on sys.path); from another test folder:

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "api"))
    from redis_server import RedisServer
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from time_bounds import bound


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers_ping(port: int, timeout: float = 0.2) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


class RedisServer:
    def __init__(self, port: int | None = None, *, binary: str = "redis-server", ready_timeout: float = 5.0):
        self.binary = shutil.which(binary) or binary
        self.port = port or free_port()
        self.ready_timeout = ready_timeout
        self.dir = Path(tempfile.mkdtemp(prefix="redis-test-"))
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> "RedisServer":
        if self.running:
            return self
        log = (self.dir / "redis.log").open("ab")
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.dir),
                "--save", "", "--appendonly", "no", "--daemonize", "no",
                "--protected-mode", "no", "--loglevel", "warning",
            ],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
        log.close()
        deadline = time.monotonic() + bound(self.ready_timeout)
        while not _answers_ping(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop(signal.SIGKILL)
                log_text = (self.dir / "redis.log").read_text(errors="replace")
                raise RuntimeError(f"redis-server did not start on port {self.port}:\n{log_text}")
            time.sleep(0.02)
        return self

    def stop(self, sig: int = signal.SIGTERM) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGCONT)  # a paused server cannot act on SIGTERM
            process.send_signal(sig)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def restart(self, sig: int = signal.SIGTERM) -> "RedisServer":
        self.stop(sig)
        return self.start()

    def pause(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def close(self) -> None:
        self.stop(signal.SIGKILL)
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "RedisServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()


@contextlib.contextmanager
def redis_server(port: int | None = None):
    server = RedisServer(port)
    try:
        yield server.start()
    finally:
        server.close()
