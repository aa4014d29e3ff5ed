// A frontend as a third party would write one, on another origin than the API: plain fetch and
// EventSource, no library. It plays a stateless game, a sealed game and a table to the end, each
// move a random choice among the listed options, and reports what it saw in window.report.
"use strict";

const params = new URLSearchParams(location.search);
const API = params.get("api");
const GAME = params.get("game") || "shufflers";
const MAX_MOVES = 2000;

let seed = Number(params.get("seed") || 1);
function random(n) {  // a small seeded generator (mulberry32): the same choices on every run
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return (((t ^ (t >>> 14)) >>> 0) % n);
}

function log(line) {
  document.getElementById("log").textContent += line + "\n";
}

async function call(method, path, body, headers = {}, expectError = false) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";  // not a "simple" request: a preflight first
    init.body = JSON.stringify(body);
  }
  const response = await fetch(API + path, init);
  const text = await response.text();
  const answer = { status: response.status, body: text ? JSON.parse(text) : null,
                   headers: Object.fromEntries(["etag", "location", "x-request-id", "idempotent-replayed",
                                                "retry-after"].map(name => [name, response.headers.get(name)])) };
  if (response.status >= 400 && !expectError) {
    throw new Error(`${method} ${path}: ${response.status} ${text}`);
  }
  return answer;
}

function anyOption(pending) {
  const options = pending.flatMap(decision => decision.options);
  return options[random(options.length)];
}

async function stateless() {
  let step = (await call("POST", `/v1/games/${GAME}/new`, { players: 2, seed: 7 })).body;
  let moves = 0;
  while (step.outcome === null && moves < MAX_MOVES) {
    step = (await call("POST", `/v1/games/${GAME}/apply`, { state: step.state, move: anyOption(step.pending) })).body;
    moves += 1;
  }
  return { moves, version: step.state.version, outcome: step.outcome };
}

async function sealed() {
  let step = (await call("POST", `/v1/games/${GAME}/sealed/new`, { players: 2, seat: 0, bots: { 1: "random" } })).body;
  let requests = 0;
  while (step.outcome === null && requests < MAX_MOVES) {
    step = step.pending.length
      ? (await call("POST", `/v1/games/${GAME}/sealed/apply`, { sealed: step.sealed, move: anyOption(step.pending) })).body
      : (await call("POST", `/v1/games/${GAME}/sealed/view`, { sealed: step.sealed })).body;
    requests += 1;
  }
  return { requests, version: step.version, outcome: step.outcome, sealedLength: step.sealed.length };
}

function follow(tableId) {
  // A spectator's EventSource: it cannot send a token, and needs none.
  const seen = { versions: [], kinds: [], empty: 0, errors: 0, opened: false, closed: false };
  const source = new EventSource(`${API}/v1/tables/${tableId}/events?after=-1`);
  source.onopen = () => { seen.opened = true; };
  source.onerror = () => {
    seen.errors += 1;
    if (source.readyState === EventSource.CLOSED) seen.closed = true;  // the 204 after the last step
  };
  source.addEventListener("step", event => {
    if (!event.data) { seen.empty += 1; return; }
    const data = JSON.parse(event.data);
    seen.versions.push(data.version);
    seen.kinds.push(...data.events.map(e => e.type));
    seen.outcome = data.outcome;
  });
  source.onmessage = () => { seen.empty += 1; };  // an unnamed event: the API sends none
  return { seen, source };
}

async function table() {
  const created = await call("POST", `/v1/games/${GAME}/tables`, { players: 2, seed: 9, bots: { 1: "random" } },
                             { "Idempotency-Key": crypto.randomUUID(), "X-Request-ID": "cross-origin-1" });
  const tableId = created.body.table_id;
  const token = created.body.seats.find(s => s.seat === 0).token;
  const { seen, source } = follow(tableId);
  let version = created.body.version, outcome = created.body.outcome, moves = 0, stale = 0, looks = 0;
  while (outcome === null && looks++ < 5 * MAX_MOVES) {
    const now = await call("GET", `/v1/tables/${tableId}`, undefined, { Authorization: `Bearer ${token}` });
    if (now.body.outcome !== null) { outcome = now.body.outcome; version = now.body.version; break; }
    if (!now.body.pending.length) continue;  // the bot's turn: look again
    const played = await call("POST", `/v1/games/${GAME}/tables/${tableId}/moves`, { move: anyOption(now.body.pending) },
                              { Authorization: `Bearer ${token}`, "If-Match": now.headers.etag }, true);
    if (played.status === 412) { stale += 1; continue; }
    if (played.status !== 200) throw new Error(`move: ${played.status} ${JSON.stringify(played.body)}`);
    moves += 1;
    version = played.body.version;
    outcome = played.body.outcome;
  }
  // The stream has every step once the game is over, then ends; EventSource reconnects once with
  // Last-Event-ID and gets 204, which closes it.
  const deadline = Date.now() + 30000;
  while (!(seen.versions.includes(version) && seen.closed) && Date.now() < deadline) {
    await new Promise(resolve => setTimeout(resolve, 50));
  }
  source.close();
  return { tableId, moves, stale, version, outcome, location: created.headers.location,
           requestId: created.headers["x-request-id"], etag: created.headers.etag, stream: seen };
}

async function errors() {
  // An error's body and headers are readable cross-origin too.
  const missing = await call("GET", "/v1/tables/no-such-table", undefined, {}, true);
  return { status: missing.status, code: missing.body.code, requestId: missing.headers["x-request-id"] };
}

(async () => {
  const report = { origin: location.origin, api: API };
  try {
    report.stateless = await stateless();
    log("stateless: " + JSON.stringify(report.stateless));
    report.sealed = await sealed();
    log("sealed: " + JSON.stringify(report.sealed));
    report.table = await table();
    log("table: " + JSON.stringify(report.table));
    report.errors = await errors();
  } catch (error) {
    report.failure = String(error && error.stack || error);
    log("failed: " + report.failure);
  }
  window.report = report;
})();
