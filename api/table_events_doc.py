"""The OpenAPI description of a table's event stream (`GET /v1/tables/{id}/events`, api/tables.py)."""

EVENT_STREAM = """\
Server-Sent Events (text/event-stream); the schema describes one event, its `data` a JSON text:

- `event: snapshot` (only when neither Last-Event-ID nor `after` is given, first): `id` the version,
  `data` a `TableSnapshot` {game, version, view, pending, waiting_for, outcome} for this viewer.
- `event: step`, one per accepted move in order (version 0 is the setup): `id` the version,
  `data` a `TableStep` {game, version, events, outcome}, the events redacted for this viewer.
  Both are chosen by their `game`: each game has its own (`ShufflersTableStep`...).
- `event: error` with an `Error` as data when the store fails mid-stream; the stream then ends
  (reconnect with Last-Event-ID).
- `: keepalive` comment lines after SSE_KEEPALIVE seconds (15) without a message. They are lines
  inside the next block, never a block of their own, and `retry: 2000` opens the first event's
  block: every block the stream sends is an event with JSON data.

The stream ends once the game is over and everything was sent, when the table is deleted or
expires, or after SSE_MAX_SECONDS (reconnect with Last-Event-ID: nothing is lost). With
`rematch=wait`, a finished game's stream stays open until a seat proposes a rematch: its step
(`rematch_proposed`, with the new table's id) is the last message.
"""


def _sse_event(name: str, data_schema: str, with_id: bool = True) -> dict:
    properties = {
        "event": {"const": name},
        "data": {"type": "string", "contentMediaType": "application/json",
                 "contentSchema": {"$ref": f"#/components/schemas/{data_schema}"}},
    }
    if with_id:
        properties["id"] = {"type": "string", "pattern": "^[0-9]+$", "description": "The version."}
    return {"type": "object", "title": name, "properties": properties,
            "required": ["event", "data", *(["id"] if with_id else [])]}


# OpenAPI 3.1 has no word for a stream's items (3.2's `itemSchema`), and tools read the media
# type's `schema` two ways: schemathesis as one event (and checks every event against it), client
# generators as the whole body. It says both: an event, or the stream as text (so a generated
# client hands the text over instead of parsing it as JSON and failing).
SSE_EVENT = {"oneOf": [_sse_event("snapshot", "TableSnapshot"), _sse_event("step", "TableStep"),
                       _sse_event("error", "Error", with_id=False)]}
SSE_BODY = {"anyOf": [SSE_EVENT, {
    "type": "string", "title": "stream",
    "description": "The whole stream as text (what a client generator sees): read it with an SSE client "
                   "(EventSource). Clients that cannot read SSE use the long-poll (`tableSteps`)."}]}
