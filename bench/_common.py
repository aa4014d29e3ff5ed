"""What every benchmark prints and records about its run, so figures can be compared."""

import datetime
import http.client
import os
import platform
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_facts(argv=None) -> dict:
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}",
        "load_average_at_start": round(os.getloadavg()[0], 2),
        "command": " ".join([os.path.relpath(sys.argv[0])] + (argv if argv is not None else sys.argv[1:])),
    }


def select_engine(pure: bool) -> dict:
    """Choose the engine before anything imports `core`: the compiled one when it is built for these
    sources (cli/compiled.py, docs/engine.md "Compiled path"), the pure-Python one with `pure` (which
    also reaches the servers this process starts, through SHUFFLE_PURE). Imports `core` and returns
    what runs: {"engine": "compiled (Cython X, N modules)" or "pure Python", ...}."""
    if pure:
        os.environ["SHUFFLE_PURE"] = "1"
    from cli.compiled import activate, running

    activate()
    import core  # noqa: F401  (from the build chosen above)

    return running().as_dict()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    """gunicorn (gunicorn.conf.py, configured by `env`) on a free loopback port, in its own
    process group; `stop()` is idempotent and always safe to call."""

    def __init__(self, env: dict, app: str = "api:create_app()", ready: str = "/healthz"):
        self.port, self.ready = free_port(), ready
        self.log = tempfile.NamedTemporaryFile(prefix="bench-gunicorn-", suffix=".log", delete=False)
        environ = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "GUNICORN_ACCESSLOG", "GUNICORN_CMD_ARGS")}
        environ.update(HOST="127.0.0.1", PORT=str(self.port), GUNICORN_LOGLEVEL="warning", **env)
        self.cmd = [sys.executable, "-m", "gunicorn", "-c", os.path.join(ROOT, "gunicorn.conf.py"), app]
        self.proc = subprocess.Popen(
            self.cmd, cwd=ROOT, env=environ, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def log_tail(self, lines=40):
        self.log.flush()
        with open(self.log.name, errors="replace") as f:
            return "".join(f.readlines()[-lines:])

    def wait_ready(self, timeout=60.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", self.ready)
                status = conn.getresponse().status
                conn.close()
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not answer {self.ready} within {timeout:.0f} s:\n{self.log_tail()}")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()  # SIGTERM to the master: a graceful stop of its workers
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # whatever is left of the group this script started
        except ProcessLookupError:
            pass
        if self.proc.poll() is None:
            self.proc.wait()
        try:
            os.unlink(self.log.name)
        except OSError:
            pass


def run_clients(client, clients: int, start_line, lats: list, errors: list):
    """Run `client(i)` in `clients` threads that all wait at `start_line` (a Barrier that
    this thread joins too): the wall time from the start line, and every latency."""
    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    start_line.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    if errors:
        raise RuntimeError(errors[0])
    return wall, [x for lst in lats for x in lst]
