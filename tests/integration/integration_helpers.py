"""Standard-library HTTP for the integration tests: one-shot requests, an SSE reader, table moves."""

import http.client
import json
import socket
import threading
import time
from dataclasses import dataclass, field

from time_bounds import bound


@dataclass
class Response:
    status: int
    headers: dict  # lower-cased names
    body: object  # parsed JSON, or the raw bytes when it is not JSON
    elapsed: float

    @property
    def code(self):
        return self.body.get("code") if isinstance(self.body, dict) else None

    @property
    def etag(self):
        return self.headers.get("etag")


def request(port, method, path, body=None, token=None, if_match=None, headers=None, timeout=None) -> Response:
    """One request on a fresh connection (so successive calls spread over the workers)."""
    send = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        send["Content-Type"] = "application/json"
    if token is not None:
        send["Authorization"] = f"Bearer {token}"
    if if_match is not None:
        send["If-Match"] = f'"{if_match}"' if isinstance(if_match, int) else if_match
    send.update(headers or {})
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=bound(60) if timeout is None else timeout)
    t0 = time.monotonic()
    try:
        conn.request(method, path, body=data, headers=send)
        resp = conn.getresponse()
        raw = resp.read()
        got = {k.lower(): v for k, v in resp.getheaders()}
    finally:
        conn.close()
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = raw
    return Response(resp.status, got, parsed, time.monotonic() - t0)


def read_raw(sock, limit=65536, until: bytes | None = None) -> bytes:
    """What a raw socket receives until the peer closes, `until` arrives, `limit` bytes, or its timeout."""
    data = b""
    try:
        while len(data) < limit and not (until and until in data):
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    except socket.timeout:
        pass
    return data


# --- tables -------------------------------------------------------------------------------
def create_table(port, players=2, seed=None, **extra) -> dict:
    body = {"game": "shufflers", "players": players, **extra}
    if seed is not None:
        body["seed"] = seed
    r = request(port, "POST", "/v1/tables", body)
    assert r.status == 201, (r.status, r.body)
    return r.body


def tokens_of(created: dict) -> dict[int, str]:
    return {int(s["seat"]): s["token"] for s in created["seats"] if s.get("token")}


def waiting_seats(body: dict) -> list[int]:
    """The seats that owe a decision, from `waiting_for` (seat numbers or objects naming one)."""
    seats = []
    for item in body.get("waiting_for") or []:
        if isinstance(item, dict):
            item = item.get("player", item.get("seat"))
        seats.append(int(item))
    if not seats:  # fall back on the decisions themselves
        seats = [int(d["player"]) for d in body.get("pending") or []]
    return seats


def options_for(body: dict, seat: int) -> list:
    for decision in body.get("pending") or []:
        if int(decision["player"]) == seat and decision.get("options"):
            return decision["options"]
    return []


def next_move(port, table_id, tokens, last: dict | None = None):
    """(seat, move, version) of the first waiting seat's first option, or None when the game is over.

    `last` is a table body already at hand (a create or move answer): if it lists the options of
    the seat to move, no request is needed; otherwise that seat asks for its own view.
    """
    body = last
    if body is None:
        r = request(port, "GET", f"/v1/tables/{table_id}")
        assert r.status == 200, (r.status, r.body)
        body = r.body
    if body.get("outcome") is not None:
        return None
    seats = waiting_seats(body)
    assert seats, f"no outcome and nobody to move: {body}"
    seat = seats[0]
    options = options_for(body, seat)
    if not options:
        r = request(port, "GET", f"/v1/tables/{table_id}", token=tokens[seat])
        assert r.status == 200, (r.status, r.body)
        body = r.body
        options = options_for(body, seat)
        assert options, f"seat {seat} is waited for but its view lists no options: {body}"
    return seat, options[0], body["version"]


def play(port, table_id, tokens, moves, last=None) -> list[dict]:
    """Play up to `moves` first options (fewer if the game ends); the move answers."""
    answers = []
    for _ in range(moves):
        nxt = next_move(port, table_id, tokens, last)
        if nxt is None:
            break
        seat, move, version = nxt
        r = request(port, "POST", f"/v1/tables/{table_id}/moves", {"move": move}, token=tokens[seat], if_match=version)
        assert r.status == 200, (r.status, r.body)
        assert r.body["version"] == version + 1, r.body
        answers.append(r.body)
        last = r.body
    return answers


# --- server-sent events ----------------------------------------------------------------------
@dataclass
class Event:
    id: str | None
    event: str
    data: object  # parsed JSON when it is JSON
    fields: dict = field(default_factory=dict)

    @property
    def version(self) -> int | None:
        return None if self.id is None else int(self.id)


class EventStream:
    """GET /v1/tables/{id}/events read raw by a thread: `events` grows as they arrive.

    Parses the text/event-stream format (fields per line, blank line ends an event, `:` comments).
    Always `close()` it (a `with` block does): an open stream would hold a gunicorn thread.
    """

    def __init__(self, port, table_id, last_event_id=None, token=None, timeout=None):
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=bound(120) if timeout is None else timeout)
        self.conn.request("GET", f"/v1/tables/{table_id}/events", headers=headers)
        self.sock = self.conn.sock
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.content_type = self.response.getheader("Content-Type") or ""
        self.events: list[Event] = []
        self.comments = 0
        self.error: BaseException | None = None
        self.ended = False
        self._closed = False
        self._changed = threading.Condition()
        self.body = None
        if self.status != 200:
            raw = self.response.read()
            try:
                self.body = json.loads(raw)
            except ValueError:
                self.body = raw
            self.conn.close()
            self.ended = True
            return
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self):
        fields, data = {}, []
        try:
            while True:
                raw = self.response.readline()
                if not raw:
                    break
                line = raw.decode("utf-8").rstrip("\n").rstrip("\r")
                if line == "":
                    if data:  # as EventSource: a block without data (e.g. `retry:`) is no event
                        self._dispatch(fields, data)
                    fields, data = {}, []
                    continue
                if line.startswith(":"):
                    self.comments += 1
                    continue
                name, _, value = line.partition(":")
                if value.startswith(" "):
                    value = value[1:]
                if name == "data":
                    data.append(value)
                else:
                    fields[name] = value
        except Exception as exc:  # noqa: BLE001  reported through `error` unless we closed it
            if not self._closed:
                self.error = exc
        finally:
            with self._changed:
                self.ended = True
                self._changed.notify_all()

    def _dispatch(self, fields, data):
        text = "\n".join(data)
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = text
        with self._changed:
            self.events.append(Event(fields.get("id"), fields.get("event", "message"), parsed, fields))
            self._changed.notify_all()

    def wait_until(self, predicate, timeout=60.0) -> bool:
        """Wait for `predicate(events)`, at most `timeout` s scaled by TEST_TIME_SCALE (a bound for
        what should come; a short `timeout` on what should NOT come only waits that long)."""
        deadline = time.monotonic() + bound(timeout)
        with self._changed:
            while not predicate(self.events):
                left = deadline - time.monotonic()
                if left <= 0 or self.ended:
                    return predicate(self.events)
                self._changed.wait(left)
            return True

    def wait_for_version(self, version, timeout=60.0) -> bool:
        return self.wait_until(lambda evs: any(e.id is not None and e.version >= version for e in evs), timeout)

    def steps(self) -> list[Event]:
        with self._changed:
            return [e for e in self.events if e.event == "step"]

    def close(self):
        self._closed = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except (OSError, AttributeError):
            pass
        self.conn.close()
        if hasattr(self, "_thread"):
            self._thread.join(timeout=bound(5))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
