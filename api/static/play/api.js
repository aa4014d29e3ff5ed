// The API, as this page uses it: JSON requests, and an event stream read through fetch()
// (EventSource cannot send the seat's Authorization header).

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
    this.body = body;
  }
}

// The server's time, from the Date header of its answers: the table clock counts down to the
// server's deadlines whatever this device's clock says. Date is whole seconds (rounded down), so
// each answer bounds the offset: server - device lies in [Date - received, Date + 1 s - sent];
// the bounds of every answer are intersected (a device clock that jumps starts them again).
let skew = { low: -Infinity, high: Infinity };
function noteServerTime(response, sent) {
  const date = Date.parse(response.headers.get("Date") || "");
  if (Number.isNaN(date)) return;
  const received = Date.now();
  const low = date - received, high = date + 1000 - sent;
  skew = low > skew.high || high < skew.low ? { low, high }
    : { low: Math.max(skew.low, low), high: Math.min(skew.high, high) };
}

// The server's time now, in milliseconds (this device's when no answer has told it yet)
export function serverNow() {
  const offset = Number.isFinite(skew.low) && Number.isFinite(skew.high) ? (skew.low + skew.high) / 2 : 0;
  return Date.now() + offset;
}

export async function call(method, path, { body, token, ifMatch } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ifMatch !== undefined) headers["If-Match"] = `"${ifMatch}"`;
  const sent = Date.now();
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store", referrerPolicy: "no-referrer",
  });
  noteServerTime(response, sent);
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// Follow a table's event stream: onMessage(event, data) per message; resumes after a drop
// with Last-Event-ID (from `after` on, when given: no snapshot then); `query`: the stream's query
// string (`rematch=wait`: a finished game's stream stays open until a rematch is proposed).
// Returns a function that stops it.
export function follow(tableId, token, onMessage, onState = () => {}, after = null, query = "") {
  let stopped = false;
  let lastId = after === null ? null : String(after);
  let controller = null;
  async function run() {
    while (!stopped) {
      controller = new AbortController();
      const headers = { Accept: "text/event-stream" };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastId !== null) headers["Last-Event-ID"] = String(lastId);
      try {
        const response = await fetch(`/v1/tables/${encodeURIComponent(tableId)}/events${query ? `?${query}` : ""}`,
          { headers, signal: controller.signal, cache: "no-store", referrerPolicy: "no-referrer" });
        if (response.status === 204) { onState("ended"); return; }
        if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
        onState("live");
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = "message", data = "", id = null;
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) continue;
              const colon = line.indexOf(":");
              const field = colon < 0 ? line : line.slice(0, colon);
              const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
              if (field === "event") event = text;
              else if (field === "data") data += (data ? "\n" : "") + text;
              else if (field === "id") id = text;
            }
            if (id !== null) lastId = id;
            if (data) {
              try { onMessage(event, JSON.parse(data)); } catch (error) { console.error("event stream message", error); }
            }
          }
        }
        // the server ended the stream (game over, or its time limit): resume at once; a
        // finished game then answers 204
        if (!stopped) { await new Promise((resolve) => setTimeout(resolve, 200)); continue; }
      } catch (error) {
        if (stopped || error.name === "AbortError") return;
        if (error instanceof ApiError && error.status !== 503 && error.status !== 429) { onState("ended"); return; }
      }
      if (stopped) return;
      onState("reconnecting");
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
  }
  run();
  return () => { stopped = true; if (controller) controller.abort(); };
}
