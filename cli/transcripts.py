"""Golden transcripts: seeded games from `new` to their outcome, every request with its expected answer.

A transcript is a JSON Lines file, `transcripts/<game>/<name>.jsonl` (docs/transcripts.md):

- line 1, the header: `{"transcript", "format", "game", "players", "options", "seed", "bots",
  "comment", "covers": {"decisions", "moves", "events", "errors"}, "requests", "regenerate"}`;
- every other line, one exchange: `{"step", "request": {"method", "path", "headers"?, "body"? |
  "raw"?}, "response": {"status", "body"}, "note"?}`. `step` is the version of the game's state
  when the request is sent. In a request body the string `"$state"` stands for the state of the
  last 200 answer to `new` or `apply` in this file (so a state is written once, in its answer).

After `new` and after every `apply`, the view of the spectator and of every seat (`/view`). Error
requests (bad JSON, unknown game, illegal move, ...) are placed where the game gives them a
meaning. `PLAN` lists the transcripts; `shuffle transcripts generate` writes them from it by
playing each game through the Flask app in-process (the moves come from seeded bots), so the same
code writes the same files byte for byte.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import orjson

FORMAT = 1
STATE = "$state"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT / "transcripts"
REGENERATE = "uv run --frozen shuffle transcripts generate"


@dataclass(frozen=True)
class Plan:
    """One transcript: the game, and the seeded bots that choose its moves."""

    game: str
    name: str
    players: int
    options: dict
    seed: int
    bots: tuple  # a bot name per seat (cycled); "explore" = heuristic, with a random option one move in four
    comment: str
    max_moves: int = 400
    craft: str | None = None  # a name in CRAFTS: one position set up by hand, for an event play seldom reaches
    # moves a seat plays whenever one is listed, before its bot chooses: partial moves ({"kind": "pass"}), the
    # first pattern that matches an option wins, and the first option it matches
    prefer: tuple = ()
    # the same, tried before `prefer` once the crafted position is set up (so the game up to it stays short)
    crafted_prefer: tuple = ()

    @property
    def id(self) -> str:
        return f"{self.game}/{self.name}"


_LAW = {"expansions": ["the-law"]}
# Plot Twist's rare corners (the craft plot_twist_corners): a seat plays the first listed option that matches
# the first of these patterns that matches any, and else passes when it may (random bots decide the rest:
# Mulligans, redraws, a card's choice).
_CORNERS = ({"kind": "remove_trauma"}, {"kind": "sneak_attack", "distance": "melee"},
            {"kind": "attack", "trauma": True}, {"kind": "attack", "attack": "melee"}, {"kind": "extra_attack"},
            {"kind": "pass"})
# Plot Twist between two Conflicts (the craft plot_twist_aftermath sets the position at the end of the first
# Turn's Heroes' half; until then every seat passes): the GM chooses his Lair, the Heroes do not Pursue, the
# GM adds a question and a coin, the first Hero seat answers and the second does not, the GM chooses the next
# Location; meanwhile he Relocates before the Flight and cures Belief for Locks on the Heroes' attacking
# Heroics; in the next Conflict the Hero seats initiate and everyone attacks, physical and mental first.
_LOCKS = tuple({"kind": "reversal", "effect": "lock", "word": w} for w in ("energy-projection", "psyche", "fighting"))
_AFTERMATH = ({"kind": "flee"}, {"kind": "pursue", "pursue": False}, {"kind": "interview", "extra": 1, "bonus": 1},
              {"kind": "answer", "player": 1}, {"kind": "no_answer"}, {"kind": "next_location"}, {"kind": "relocate"},
              {"kind": "cure"}, *_LOCKS, {"kind": "reversal", "effect": "lock"},
              {"kind": "initiate", "player": 1}, {"kind": "initiate", "player": 2},
              *({"kind": "attack", "attack": a} for a in ("melee", "ranged", "mental")), {"kind": "attack"})
# Villain Crossovers in a 6-seat game (the craft plot_twist_crossover sets the position at the end of the Heroes'
# half of the first Turn, every seat passing until then): the GM cures Belief whenever he may (five a Turn, one for
# each of the five Heroes) and spends it on a Persona, else a Masterplan, else a Crossover of Madame Mirage (from
# Hiding); Madame Mirage spends her Hate on raising Heroics and on Belief Damage, so she Hides at the End of Turn;
# when Dr. Simoakli is Incapacitated the GM chooses Warlord Kragg for his Main Villain; Warlord Kragg, then the
# Persona (buying an Attack action) Kill Bystanders; the Heroes peek at the Objective, initiate against
# Dr. Simoakli and attack; everyone otherwise passes (random bots decide the rest: Mulligans, redraws, a card's
# choice).
_SIMOAKLI, _UNBOUND = "villain/dr-simoakli", "villain/dr-simoakli-unbound"
_MIRAGE, _KRAGG = "villain/madame-mirage", "villain/warlord-kragg"
_CROSSOVER = ({"player": 0, "kind": "new_main_villain", "card": _KRAGG},
              *({"player": 0, "kind": "reversal", "effect": e} for e in ("persona", "masterplan")),
              {"player": 0, "kind": "cure"}, {"player": 0, "kind": "reversal", "effect": "crossover", "card": _MIRAGE},
              *({"player": 0, "kind": k, "character": _MIRAGE} for k in ("raise_heroic", "belief_damage")),
              *({"player": 0, "kind": "kill", "character": v} for v in (_KRAGG, _UNBOUND)),
              {"player": 0, "kind": "extra_attack", "character": _UNBOUND}, {"player": 0, "kind": "pass"},
              {"kind": "peek"}, {"kind": "initiate", "target": _SIMOAKLI},
              *({"kind": "attack", "attack": a} for a in ("melee", "ranged", "mental")), {"kind": "attack"})
# One per game and mode. The seeds were chosen by playing the first few hundred seeds of each row
# in-process and keeping short games that, together, pass through every decision kind, move kind
# and event type of the game (`shuffle transcripts coverage` shows what a change of seed loses).
PLAN = [
    Plan("shufflers", "solo", 1, {}, 47, ("random",),
         "Shufflers, solo: one player against the encounter deck, to escape or die."),
    Plan("shufflers", "solo-vehicle-lamb", 1, {"vehicle": True, "sacrificial_lamb": True}, 99, ("random",),
         "Shufflers, solo with the Vehicle and Sacrificial Lamb variants."),
    Plan("shufflers", "competitive-2", 2, {}, 148, ("random",),
         "Shufflers, competitive, 2 players: first-player draw, Thieves stealing between seats."),
    Plan("shufflers", "competitive-3-vehicle-lamb", 3, {"vehicle": True, "sacrificial_lamb": True}, 219, ("random",),
         "Shufflers, competitive, 3 players, with the Vehicle and Sacrificial Lamb variants."),
    Plan("shufflers", "collaborative-2", 2, {"collaborative": True}, 19, ("random",),
         "Shufflers, collaborative, 2 players: shared payments, help, the ultimate sacrifice."),
    Plan("shufflers", "collaborative-3-vehicle-lamb", 3,
         {"collaborative": True, "vehicle": True, "sacrificial_lamb": True}, 161, ("random",),
         "Shufflers, collaborative, 3 players, with every variant: Vehicle, Sacrificial Lamb, ultimate sacrifice."),
    Plan("big-shuffle", "beginner-2", 2, {"mode": "beginner"}, 4, ("heuristic",),
         "The Big Shuffle, beginner mode, 2 players."),
    Plan("big-shuffle", "standard-2", 2, {}, 28, ("explore",),
         "The Big Shuffle, standard mode, 2 players; the noir deck and its discard run out once.", craft="empty_noir"),
    Plan("big-shuffle", "expert-2-always-react", 2, {"mode": "expert", "reaction_windows": "always"}, 19,
         ("explore",), "The Big Shuffle, expert mode (points), 2 players, a reaction window for every seat."),
    Plan("big-shuffle", "law-beginner-2", 2, {**_LAW, "mode": "beginner"}, 18, ("explore",),
         "The Big Shuffle with The Law, beginner mode, 2 players: patrols."),
    Plan("big-shuffle", "law-standard-2", 2, _LAW, 38, ("explore",),
         "The Big Shuffle with The Law, standard mode, 2 players: patrols, protections."),
    Plan("big-shuffle", "law-expert-2", 2, {**_LAW, "mode": "expert"}, 38, ("explore",),
         "The Big Shuffle with The Law, expert mode, 2 players."),
    Plan("showbiz-shuffle", "2-players", 2, {}, 37, ("heuristic",),
         "Showbiz Shuffle, 2 players, heuristic bots; the Biz deck runs out once.", craft="empty_biz_deck"),
    Plan("showbiz-shuffle", "4-players", 4, {}, 36, ("heuristic",),
         "Showbiz Shuffle, 4 players, heuristic bots."),
    Plan("plot-twist", "quick-2", 2, {"setup": "quick"}, 44, ("random",),
         "Plot Twist, quick Setup, 2 seats: the GM against one Hero, random bots; the Villain, with no Lair to Flee "
         "to, surrenders."),
    Plan("plot-twist", "drafted-4", 4, {}, 52, ("random",),
         "Plot Twist, drafted Setup (every pick a decision), 4 seats: the GM against three Heroes, random bots; the Villain surrenders."),
    Plan("plot-twist", "crossover-6", 6, {"setup": "quick"}, 76, ("random",),
         "Plot Twist, quick Setup, 6 seats: Villain Crossovers. A position set up by hand at the end of the Heroes' "
         "half of the first Turn; the GM cures Belief whenever he may and initiates a Masterplan, Madame Mirage "
         "Hides at the End of Turn and is called back by a Crossover, Dr. Simoakli falls and the GM chooses his new "
         "Main Villain, Dr. Simoakli - Unbound enters as a Persona, the Villains Kill Bystanders and fulfil the "
         "Threat; the seats play those moves when they can, pass before the position and otherwise let random bots "
         "choose.",
         craft="plot_twist_crossover", prefer=({"kind": "pass"},), crafted_prefer=_CROSSOVER),
    Plan("plot-twist", "corners-3", 3, {"setup": "quick"}, 35, ("random",),
         "Plot Twist, quick Setup, 3 seats: a position set up by hand at the end of the first Turn, then a Twist! "
         "without its Hero, Remove Trauma, a Sneak Attack, an Ally's Sacrifice and Trauma paid; the seats play "
         "those moves when they can and otherwise pass (random bots for the rest).",
         craft="plot_twist_corners", prefer=_CORNERS),
    Plan("plot-twist", "aftermath-3", 3, {"setup": "quick"}, 34, ("random",),
         "Plot Twist, quick Setup, 3 seats: between two Conflicts. A position set up by hand in the first Turn; the "
         "Villain Flees to the Lair the GM chooses, the Heroes do not Pursue, an Interview (one seat answers, the "
         "other does not), the next Location, a new Conflict; the seats play those moves when they can, pass "
         "before the position and otherwise let random bots choose.",
         craft="plot_twist_aftermath", prefer=({"kind": "pass"},), crafted_prefer=_AFTERMATH),
]


# --- Vocabulary: what a game can say, from its wire schemas ---------------------------------------
def vocabulary(game_id: str) -> dict:
    """Every decision kind, move kind and event type of a game, as it declares them
    (`core/games/<game>/vocabulary.py`; its API schemas are written from them)."""
    import importlib

    from core.games import package_name

    package = importlib.import_module(f"core.games.{package_name(game_id)}")
    # (Plot Twist declares its wire words in its package; its vocabulary.py holds the card data's.)
    words = package if hasattr(package, "MOVE_KINDS") else importlib.import_module(f"{package.__name__}.vocabulary")
    return {
        "decisions": sorted(words.DECISION_KINDS),
        "moves": sorted(words.MOVE_KINDS),
        "events": sorted(words.EVENT_TYPES),
        "errors": sorted(GAME_ERRORS),
    }


# What no seeded bot game of a plan row shows within its first hundred seeds, per game and kind, and
# so no golden transcript: each a rule of one card or a rare corner, documented in docs/transcripts.md.
# The coverage test checks that these are really unshown, so the list cannot go stale. (Plot Twist's
# five, once here, are shown by plot-twist/corners-3, a position set up by hand; what happens between two
# Conflicts, `flee` and the decision `lair` too, by plot-twist/aftermath-3, another.)
UNSHOWN: dict = {}


# Error codes every game's transcripts must show, and why the rest of api.errors.ERRORS cannot
# appear in a golden transcript of the stateless endpoints.
GAME_ERRORS = (
    "bad_json", "unsupported_media_type", "invalid_request", "not_found", "method_not_allowed", "unknown_game",
    "invalid_options", "invalid_state", "invalid_move", "illegal_move", "not_your_turn", "game_over",
    "unknown_bot", "invalid_seal",
)
TABLES_ONLY = "server-held tables only: their ids and seat tokens are random, so they have no golden answer " \
              "(tests/api/test_api_tables.py covers them)"
TRANSPORT = "transport level: depends on how the bytes arrive or on the server's limits, not on a game request"
NOT_FROM_PLAY = "no game request can produce it"
EXCEPTIONS = {
    "bad_request": TRANSPORT + " (a malformed HTTP request)",
    "request_timeout": TRANSPORT + " (a body that arrives too slowly)",
    "request_line_too_long": TRANSPORT,
    "header_too_large": TRANSPORT,
    "body_too_large": TRANSPORT + " (the size limit is the server's setting, MAX_CONTENT_LENGTH)",
    "rate_limited": TRANSPORT + " (per-client limits; tables and event streams only)",
    "store_unavailable": TRANSPORT + " (Redis down; tables only)",
    "too_many_streams": TRANSPORT + " (event streams only)",
    "internal_error": "a bug: never expected",
    "too_complex": NOT_FROM_PLAY + ": a body of over 10,000 objects and arrays or nested over 32 deep "
                                   "(tests/api/test_bounded_parsing.py)",
    "work_limit": NOT_FROM_PLAY + ": only a crafted state can need that much work "
                                  "(tests/api/test_hostile_numbers.py)",
    "invalid_if_match": TABLES_ONLY, "invalid_last_event_id": TABLES_ONLY, "invalid_wait": TABLES_ONLY,
    "missing_token": TABLES_ONLY, "invalid_token": TABLES_ONLY, "wrong_seat": TABLES_ONLY,
    "not_creator": TABLES_ONLY, "unknown_table": TABLES_ONLY, "stale_version": TABLES_ONLY,
    "precondition_required": TABLES_ONLY, "idempotency_key_reused": TABLES_ONLY,
    "undo_not_allowed": TABLES_ONLY, "unknown_invite": TABLES_ONLY, "seat_taken": TABLES_ONLY,
    "table_not_started": TABLES_ONLY, "table_started": TABLES_ONLY, "game_not_over": TABLES_ONLY,
}


# --- Reading --------------------------------------------------------------------------------------
class TranscriptError(ValueError):
    pass


def load(path) -> tuple[dict, list[dict]]:
    """(header, exchanges) of a transcript file."""
    lines = Path(path).read_bytes().splitlines()
    if not lines:
        raise TranscriptError(f"{path}: empty file, not a transcript.")
    try:
        records = [orjson.loads(line) for line in lines if line.strip()]
    except orjson.JSONDecodeError as bad:
        raise TranscriptError(f"{path}: not JSON Lines ({bad}).") from None
    header = records[0]
    if not isinstance(header, dict) or "transcript" not in header:
        raise TranscriptError(f"{path}: the first line is not a transcript header.")
    if header.get("format") != FORMAT:
        raise TranscriptError(f"{path}: format {header.get('format')!r}; this tool reads format {FORMAT}.")
    return header, records[1:]


def find(paths) -> list[Path]:
    """Transcript files under these files or directories (default: the project's transcripts/)."""
    out = []
    for p in [Path(p) for p in (paths or [DEFAULT_DIR])]:
        if p.is_dir():
            out += sorted(p.rglob("*.jsonl"))
        elif p.exists():
            out.append(p)
        else:
            raise TranscriptError(f"{p}: no such file or directory.")
    if not out:
        raise TranscriptError("No transcript files found (*.jsonl).")
    return out


def resolve(body, state):
    """A request body with "$state" replaced by the current state."""
    if body == STATE:
        return state
    if isinstance(body, dict):
        return {k: resolve(v, state) for k, v in body.items()}
    if isinstance(body, list):
        return [resolve(v, state) for v in body]
    return body


def request_bytes(request: dict, state) -> tuple[dict, bytes | None]:
    """Headers and body bytes of a transcript request."""
    headers = dict(request.get("headers") or {})
    if "raw" in request:
        return headers, request["raw"].encode()
    if "body" in request:
        headers.setdefault("Content-Type", "application/json")
        return headers, orjson.dumps(resolve(request["body"], state))
    return headers, None


def next_state(exchange: dict, state):
    """The current state after this exchange: the answer's state after a successful new or apply."""
    response, path = exchange["response"], exchange["request"]["path"]
    if response["status"] == 200 and (path.endswith("/new") or path.endswith("/apply")) and "/sealed/" not in path:
        return response["body"]["state"]
    return state


# --- Answers as JSON Patches ----------------------------------------------------------------------
# A state and a seat's view change little from one step to the next, so after the first answer of
# its kind (written in full) each 200 answer of /new, /apply and /view is an RFC 6902 JSON Patch
# (add, remove, replace only) against the previous expected answer of the same kind:
# `"response": {"status": 200, "patch": [...]}`. Kinds: "step" (every /new and /apply answer) and
# "view <player>" (the /view answers of one viewer). `shuffle replay FILE --json` prints them whole.
def _pointer(path: list) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def make_patch(a, b, path=None) -> list[dict]:
    """A JSON Patch that turns `a` into `b` (lists of another length are replaced whole)."""
    path = path or []
    if type(a) is not type(b) or (not isinstance(a, (dict, list)) and a != b):
        return [{"op": "replace", "path": _pointer(path), "value": b}]
    ops = []
    if isinstance(a, dict):
        for k in a:
            if k not in b:
                ops.append({"op": "remove", "path": _pointer([*path, k])})
        for k, v in b.items():
            if k not in a:
                ops.append({"op": "add", "path": _pointer([*path, k]), "value": v})
            else:
                ops += make_patch(a[k], v, [*path, k])
    elif isinstance(a, list):
        if len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b)):
                ops += make_patch(x, y, [*path, i])
            return ops
        # another length: keep the common head and tail, remove and add what lies between
        head = 0
        while head < min(len(a), len(b)) and _same(a[head], b[head]):
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and _same(a[-1 - tail], b[-1 - tail]):
            tail += 1
        removed, added = len(a) - head - tail, b[head:len(b) - tail]
        if removed + len(added) > max(len(b), 1):
            return [{"op": "replace", "path": _pointer(path), "value": b}]
        ops += [{"op": "remove", "path": _pointer([*path, head])}] * removed
        ops += [{"op": "add", "path": _pointer([*path, head + i]), "value": v} for i, v in enumerate(added)]
    return ops


def _same(x, y) -> bool:
    return type(x) is type(y) and x == y


def apply_patch(doc, ops: list[dict]):
    """`doc` with the JSON Patch `ops` (add, remove, replace) applied; `doc` is not changed."""
    doc = orjson.loads(orjson.dumps(doc))
    for op in ops:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
        if not parts:
            doc = op["value"]
            continue
        parent = doc
        for p in parts[:-1]:
            parent = parent[int(p)] if isinstance(parent, list) else parent[p]
        last = int(parts[-1]) if isinstance(parent, list) else parts[-1]
        if op["op"] == "remove":
            del parent[last]
        elif op["op"] == "add" and isinstance(parent, list):
            parent.insert(last, op["value"])
        elif op["op"] in ("add", "replace"):
            parent[last] = op["value"]
        else:
            raise TranscriptError(f"JSON Patch op {op['op']!r} is not one this format uses.")
    return doc


class Expected:
    """Follows a transcript: the current state, and the last expected answer of each kind."""

    def __init__(self):
        self.state = None
        self.last: dict = {}

    def response(self, exchange: dict) -> dict:
        """The expected answer {status, body} of an exchange, its patch applied."""
        response = exchange["response"]
        if "patch" not in response:
            return response
        key = self.key(exchange)
        if key not in self.last:
            raise TranscriptError(f"a patch for {key} before any full answer of that kind")
        return {"status": response["status"], "body": apply_patch(self.last[key], response["patch"])}

    def advance(self, exchange: dict, expected: dict) -> None:
        self.state = next_state({"request": exchange["request"], "response": expected}, self.state)
        key = self.key(exchange) if expected["status"] == 200 else None
        if key is not None:
            self.last[key] = expected["body"]

    @staticmethod
    def key(exchange: dict) -> str | None:
        """What a 200 answer is patched against: "step" (new, apply) or "view <player>"; None: never patched."""
        path = exchange["request"]["path"]
        if "/sealed/" in path or not path.startswith("/v1/games/"):
            return None
        if path.endswith("/new") or path.endswith("/apply"):
            return "step"
        if path.endswith("/view"):
            body = exchange["request"].get("body")
            return f"view {json.dumps(body.get('player') if isinstance(body, dict) else None)}"
        return None


def expanded(exchanges: list[dict]):
    """(exchange, its expected answer in full, the state its request refers to) for each exchange."""
    follow = Expected()
    for exchange in exchanges:
        expected = follow.response(exchange)
        yield exchange, expected, follow.state
        follow.advance(exchange, expected)


# --- Comparing ------------------------------------------------------------------------------------
TEXT_FIELDS = ("prompt", "label", "labels", "message")


def difference(expected, actual, *, loose_text: bool = False) -> str | None:
    """Where `actual` first differs from an expected answer {status, body}, or None.

    Errors compare by status and `code` (messages are for people); successes by the whole body,
    JSON type for type (`1` is not `true`). `loose_text` also ignores prompts and labels.
    """
    if actual["status"] != expected["status"]:
        got = actual["body"].get("code") if isinstance(actual["body"], dict) else None
        return f"status {actual['status']}{f' ({got})' if got else ''}, expected {expected['status']}" + (
            f" ({expected['body'].get('code')})" if isinstance(expected["body"], dict) and "code" in expected["body"]
            else "")
    if expected["status"] >= 400:
        want = expected["body"].get("code")
        got = actual["body"].get("code") if isinstance(actual["body"], dict) else actual["body"]
        return None if got == want else f"error code {got!r}, expected {want!r}"
    return _diff(expected["body"], actual["body"], "body", loose_text)


def _diff(a, b, path: str, loose: bool) -> str | None:
    if type(a) is not type(b):
        return f"{path}: {_short(b)}, expected {_short(a)}"
    if isinstance(a, dict):
        for k in a:
            if k not in b:
                return f"{path}.{k}: missing, expected {_short(a[k])}"
            if loose and k in TEXT_FIELDS:
                continue
            found = _diff(a[k], b[k], f"{path}.{k}", loose)
            if found:
                return found
        extra = [k for k in b if k not in a]
        return f"{path}.{extra[0]}: unexpected field" if extra else None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = _diff(x, y, f"{path}[{i}]", loose)
            if found:
                return found
        return None if len(a) == len(b) else f"{path}: {len(b)} items, expected {len(a)}"
    return None if a == b else f"{path}: {_short(b)}, expected {_short(a)}"


def _short(x) -> str:
    text = json.dumps(x, separators=(",", ":"))
    return text if len(text) <= 80 else text[:77] + "..."


@dataclass
class Divergence:
    transcript: str
    line: int  # 1-based line in the file (the header is line 1)
    step: int
    request: str
    what: str

    def __str__(self) -> str:
        return f"{self.transcript}: line {self.line}, step {self.step}, {self.request}: {self.what}"


def replay(header: dict, exchanges: list[dict], send, *, loose_text: bool = False, on_exchange=None):
    """Send every request of a transcript through `send(method, path, headers, body) -> (status, body)`
    and compare each answer: the first Divergence, or None. Requests are the transcript's own (the
    state comes from its expected answers), so one wrong answer does not shift the rest."""
    for i, (exchange, expected, state) in enumerate(expanded(exchanges)):
        request = exchange["request"]
        headers, body = request_bytes(request, state)
        status, answer = send(request["method"], request["path"], headers, body)
        found = difference(expected, {"status": status, "body": answer}, loose_text=loose_text)
        if on_exchange:
            on_exchange(i, exchange, found)
        if found:
            return Divergence(header["transcript"], i + 2, exchange["step"], f"{request['method']} {request['path']}",
                              found)
    return None


def flask_sender(client):
    """`send` over a Flask test client (in-process: routing, parsing and JSON, no socket)."""

    def send(method, path, headers, body):
        response = client.open(path, method=method, headers=headers, data=body)
        return response.status_code, _json_or_text(response.data)

    return send


def _json_or_text(data: bytes):
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        return data.decode(errors="replace")


# --- Writing --------------------------------------------------------------------------------------
class _Recorder:
    """Sends requests through the app in-process and writes down each one with its answer."""

    def __init__(self, client):
        self.client = client
        self.lines: list[dict] = []
        self.state = None
        self.last: dict = {}

    @property
    def step(self) -> int:
        return self.state["version"] if self.state else 0

    def __call__(self, method: str, path: str, body=None, *, raw: str | None = None, headers=None,
                 note: str | None = None, expect: int | None = None) -> dict:
        request = {"method": method, "path": path}
        if raw is not None and not headers:
            headers = {"Content-Type": "application/json"}
        if headers:
            request["headers"] = headers
        if raw is not None:
            request["raw"] = raw
        elif body is not None:
            request["body"] = body
        sent_headers, data = request_bytes(request, self.state)
        response = self.client.open(path, method=method, headers=sent_headers, data=data)
        answer = {"status": response.status_code, "body": _json_or_text(response.data)}
        if expect is not None and answer["status"] != expect:
            raise RuntimeError(f"{method} {path}: {answer['status']} {answer['body']}, expected {expect}")
        line = {"step": self.step, **({"note": note} if note else {}), "request": request, "response": answer}
        self.state = next_state(line, self.state)
        key = Expected.key(line) if answer["status"] == 200 else None
        if key is not None:
            if key in self.last:
                line["response"] = {"status": 200, "patch": make_patch(self.last[key], answer["body"])}
            self.last[key] = answer["body"]
        self.lines.append(line)
        return answer


def _bot(game, name: str):
    from core.framework.bots import get_bot

    return get_bot(game, "heuristic" if name == "explore" else name)


def _chooser(plan: Plan):
    """The plan's bots, seeded from the plan: function(state, seat) -> the move that seat makes."""
    import core
    from core.framework.rng import Rng

    game = core.get_game(plan.game)
    bots = [_bot(game, name) for name in plan.bots]
    rng = Rng.from_seed(f"transcript:{plan.id}:{plan.seed}")

    def choose(state: dict, seat: int, crafted: bool = False) -> dict:
        seen = core.view(state, seat, trusted=True)
        patterns = (plan.crafted_prefer if crafted else ()) + plan.prefer
        if patterns:
            listed = [o for d in seen["pending"] for o in d["options"]]
            for pattern in patterns:
                for o in listed:
                    if all(o.get(k) == v for k, v in pattern.items()):
                        return o
        if plan.bots[seat % len(plan.bots)] == "explore" and rng.below(4) == 0:
            listed = [o for d in seen["pending"] for o in d["options"]]
            return listed[rng.below(len(listed))]
        return bots[seat % len(bots)].choose(seen, rng)

    return choose


def sample(plan: Plan) -> dict | None:
    """The plan's game played through the engine alone (fast, no requests): its length, a size
    estimate, and what it shows; None when it does not end within `max_moves` (or its craft never
    applies). A craft is set up as `record` sets it up: at the last move where it applies."""
    if not plan.craft:
        return _sample(plan)
    chances: list[int] = []
    if _sample(plan, chances=chances) is None or not chances:
        return None
    return _sample(plan, craft_at=chances[-1])


def _sample(plan: Plan, craft_at: int | None = None, chances: list | None = None) -> dict | None:
    import core

    choose = _chooser(plan)
    step = core.new_game(plan.game, plan.players, plan.options, plan.seed)
    seen = {"decisions": set(), "moves": set(), "events": {e["type"] for e in step.events}}
    size = moves = 0
    crafted_yet = False
    while step.outcome is None:
        if moves >= plan.max_moves:
            return None
        seen["decisions"].update(d["kind"] for d in step.pending)
        size += len(orjson.dumps(step.state))
        move = choose(step.state, step.pending[0]["player"], crafted_yet)
        seen["moves"].add(move["kind"])
        crafted = CRAFTS[plan.craft](step.state, move) if plan.craft and not crafted_yet else None
        if crafted is not None and craft_at is None:
            chances.append(moves)
            crafted = None
        if crafted is not None and moves == craft_at:
            crafted_yet = True
            step = core.apply(crafted, move)  # checked whole, as the server checks a state from outside
        else:
            step = step.play(move)
        moves += 1
        seen["events"].update(e["type"] for e in step.events)
    return {"seed": plan.seed, "moves": moves, "size": size, "covers": seen}


def search(plans: list[Plan], seeds: int, progress=None) -> dict:
    """Seeds 1..`seeds` of each plan row: {plan id: [samples, shortest first]}."""
    from dataclasses import replace

    found = {}
    for plan in plans:
        rows = []
        for seed in range(1, seeds + 1):
            row = sample(replace(plan, seed=seed))
            if row:
                rows.append(row)
            if progress:
                progress()
        found[plan.id] = sorted(rows, key=lambda r: (r["size"], r["seed"]))
    return found


def suggest(game_id: str, found: dict) -> tuple[dict, set]:
    """Seeds for a game's rows that together show its whole vocabulary, keeping games short (greedy:
    start from each row's shortest game, then take whichever swap shows the most missing items for
    the least extra size). (plan id -> sample, what is still missing)."""
    wanted = {(k, x) for k, items in vocabulary(game_id).items() if k != "errors" for x in items}
    choice = {pid: rows[0] for pid, rows in found.items() if rows}

    def missing(c):
        return wanted - {(k, x) for row in c.values() for k, items in row["covers"].items() for x in items}

    while miss := missing(choice):
        best = None
        for pid, rows in found.items():
            for row in rows:
                gain = len(miss) - len(missing({**choice, pid: row}))
                if gain > 0:
                    score = (row["size"] - choice[pid]["size"]) / gain
                    if best is None or score < best[0]:
                        best = (score, pid, row)
        if best is None:
            return choice, miss
        choice[best[1]] = best[2]
    return choice, set()


def _illegal(game_id: str, step: dict) -> dict | None:
    """A well-formed move that is none of the listed options: a listed one with one field changed."""
    import core
    from api.schemas import GAMES
    from api.schemas.base import check

    listed = [o for d in step["pending"] for o in d["options"]]
    kinds = {o["kind"]: o for o in listed}
    seat = step["pending"][0]["player"]
    candidates = []
    for o in listed:
        for k, v in o.items():
            if k in ("player", "kind"):
                continue
            for other in listed:
                if other.get("kind") == o["kind"] and k in other and other[k] != v:
                    candidates.append({**o, k: other[k]})  # a value of another option: well formed
            if isinstance(v, bool):
                candidates.append({**o, k: not v})
    for kind in sorted(GAMES[game_id].Move.alternatives):
        if kind not in kinds:
            candidates.append({"player": seat, "kind": kind})
    for move in candidates:
        if move in listed:
            continue
        try:
            check(GAMES[game_id].Move, move)
            core.apply(step["state"], move)
        except core.IllegalMove:
            return move
        except Exception:
            continue
    return None


def record(plan: Plan, client) -> list[dict]:
    """Play one planned game through the app; every request and answer, header first.

    A plan with a `craft` is played twice: the second time the position is set up by hand at the
    last move where the craft applies, so the game is the plain one until close to its end."""
    if not plan.craft:
        return _record(plan, client)
    chances: list[int] = []
    _record(plan, client, chances=chances)
    if not chances:
        raise RuntimeError(f"{plan.id}: the craft {plan.craft!r} never applies; choose another seed")
    return _record(plan, client, craft_at=chances[-1])


def _record(plan: Plan, client, craft_at: int | None = None, chances: list | None = None) -> list[dict]:
    base = f"/v1/games/{plan.game}"
    rec = _Recorder(client)
    post = lambda path, body=None, **kw: rec("POST", base + path, body, **kw)  # noqa: E731

    # Requests the server must refuse before any game exists.
    post("/new", raw='{"players": ', note="Not JSON: 400 bad_json.", expect=400)
    post("/new", raw=json.dumps({"players": plan.players}), headers={"Content-Type": "text/plain"},
         note="A JSON body sent as text/plain: 415.", expect=415)
    post("/new", {"players": "two"}, note="`players` is not an integer: 422 invalid_request.", expect=422)
    post("/new", {"players": plan.players, "options": {"no_such_option": True}, "seed": plan.seed},
         note="An option the game does not have: 422 invalid_options.", expect=422)
    rec("POST", "/v1/games/no-such-game/new", {"players": plan.players}, note="404 unknown_game.", expect=404)
    rec("GET", base + "/apply", note="apply takes POST only: 405.", expect=405)
    rec("GET", base + "/no-such-endpoint", note="404 not_found.", expect=404)
    post("/sealed/apply", {"sealed": "s1.forged.AAAA", "move": {"player": 0, "kind": "draw"}},
         note="A sealed state this server never sealed: 422 invalid_seal.", expect=422)

    step = post("/new", {"players": plan.players, "options": plan.options, "seed": plan.seed},
                note="The game this transcript follows.", expect=200)["body"]
    _views(rec, base, plan.players)
    post("/view", {"state": STATE, "player": plan.players}, note="A seat the game does not have: 422 invalid_move.",
         expect=422)
    post("/apply", {"state": {"game": plan.game, "version": 0}, "move": step["pending"][0]["options"][0]},
         note="A state that is not a position of the game: 422 invalid_state.", expect=422)
    post("/bot-move", {"state": STATE, "player": step["pending"][0]["player"], "bot": "no-such-bot"},
         note="422 unknown_bot.", expect=422)

    choose = _chooser(plan)
    probed = {"illegal": False, "idle": False, "bot": False}
    moves = 0
    while step["outcome"] is None:
        if moves >= plan.max_moves:
            raise RuntimeError(f"{plan.id}: no end after {plan.max_moves} moves; choose another seed "
                               f"(shuffle transcripts search)")
        seat = step["pending"][0]["player"]
        move = choose(step["state"], seat, bool(probed.get("craft")))
        if not probed["bot"]:
            probed["bot"] = True
            post("/bot-move", {"state": STATE, "player": seat, "bot": "random", "seed": plan.seed},
                 note="What the random bot would play for this seat (seeded: always the same).", expect=200)
        if not probed["illegal"]:
            bad = _illegal(plan.game, step)
            if bad is not None:
                probed["illegal"] = True
                post("/apply", {"state": STATE, "move": bad}, note="A well-formed move that is not listed: 409.",
                     expect=409)
        idle = sorted(set(range(plan.players)) - {d["player"] for d in step["pending"]})
        if idle and not probed["idle"]:
            probed["idle"] = True
            post("/apply", {"state": STATE, "move": {**move, "player": idle[0]}},
                 note=f"Seat {idle[0]} has nothing to decide now: 409 not_your_turn.", expect=409)
        crafted = CRAFTS[plan.craft](step["state"], move) if plan.craft and not probed.get("craft") else None
        if crafted is not None and craft_at is None:
            chances.append(moves)
            crafted = None
        if crafted is not None and moves == craft_at:
            probed["craft"] = True
            step = post("/apply", {"state": crafted, "move": move}, expect=200,
                        note=f"A position set up by hand ({CRAFTS[plan.craft].__doc__.split(':', 1)[1].strip()}), "
                             "to show an event that bot games seldom reach; the game goes on from it.")["body"]
        else:
            step = post("/apply", {"state": STATE, "move": move}, expect=200)["body"]
        moves += 1
        _views(rec, base, plan.players)
    post("/apply", {"state": STATE, "move": move}, note="The game is over: 409 game_over.", expect=409)

    header = {
        "transcript": plan.id,
        "format": FORMAT,
        "comment": plan.comment,
        "game": plan.game,
        "players": plan.players,
        "options": plan.options,
        "seed": plan.seed,
        "bots": list(plan.bots),
        **({"prefer": list(plan.prefer)} if plan.prefer else {}),
        **({"crafted_prefer": list(plan.crafted_prefer)} if plan.crafted_prefer else {}),
        "moves": moves,
        "outcome": step["outcome"],
        "requests": len(rec.lines),
        "covers": coverage(plan.game, rec.lines),
        **({"crafted": CRAFTS[plan.craft].__doc__.split(":", 1)[1].strip()} if plan.craft else {}),
        "regenerate": REGENERATE,
    }
    return [header, *rec.lines]


def _empty_biz_deck(state: dict, move: dict) -> dict | None:
    """Showbiz Shuffle: before a card that draws Biz cards, every Biz card of the deck in the
    discard (the Biz deck is large: bot games seldom run it out), so the draw reshuffles."""
    from core.games.showbiz_shuffle.cards import DRAW_BIZ

    if not any(isinstance(v, str) and v in DRAW_BIZ for v in move.values()) or not state["biz_deck"]:
        return None
    return {**state, "biz_deck": [], "biz_discard": state["biz_discard"] + state["biz_deck"]}


def _empty_noir(state: dict, move: dict) -> dict | None:
    """The Big Shuffle: before a draw from the noir deck, every noir card of the deck and the
    discard in the next seat's hand, so the draw finds both empty."""
    if move.get("kind") != "draw" or move.get("from") != "deck":
        return None
    other = (move["player"] + 1) % state["players"]
    seats = [dict(s) for s in state["seats"]]
    seats[other]["hand"] = seats[other]["hand"] + state["noir"]["deck"] + state["noir"]["discard"]
    return {**state, "seats": seats, "noir": {"deck": [], "discard": []}}


def _legal(crafted: dict, move: dict) -> bool:
    """A position set up by hand is legal and the move about to be played stays legal in it (the engine
    checks the state whole, as the server checks one from outside)."""
    import core

    try:
        core.apply(crafted, move)
    except core.EngineError:
        return False
    return True


def _plot_twist_corners(state: dict, move: dict) -> dict | None:
    # (Its docstring, on one line for the transcript's note, is set below the function.)
    # What random play seldom shows, in the next Turn (the plan's `prefer`: the seats play these moves and
    # otherwise pass, so nobody perceives the Hidden Hero nor spends what the position needs): the Twist!
    # Revealed without effect (its Hero is out), Remove Trauma, a Sneak Attack at Melee Distance; and when
    # the Villain's Attack hits the Hero: its Ally Sacrificed; with a weapon or card that causes Trauma
    # (Dr. Simoakli's Vivisection), Trauma paid. The Hate left ends the game within three more Turns.
    # Built from the state's own fields (any two Heroes that fit: the Hidden one of a Color that has an Ally,
    # a Twist! in the deck that no other Hero could use), and the move about to be played stays legal (the
    # Incapacitated Hero is not the seat that moves). The Ally comes from the Hero's Plot Hand when it is
    # there; an Ally of another Color under the Hero leaves play for it.
    import copy

    from core.games.plot_twist.plots import allies as AL
    from core.games.plot_twist import cards as C
    from core.games.plot_twist.characters import characters as CH
    from core.games.plot_twist.setup import decks as D
    from core.games.plot_twist.state import new_ally

    turn = state.get("turn")
    if (state["game"] != "plot-twist" or turn is None or turn["number"] != 1 or turn["phase"] != "combat"
            or turn["initiating"] != "gm" or state["combat"] is not None):
        return None
    villain = next(c for c in state["characters"] if c.get("main"))
    heroes = [c for c in state["characters"] if C.TYPE[c["card"]] == "hero" and not CH.is_incapacitated(c)]
    if villain["hate"] < 1:
        return None  # he flees or surrenders at this End of Turn
    ally_of_color = {C.COLOR[a]: a for a in C.IDS_OF["ally"]}
    pairs = sorted(((a, z) for a in heroes for z in heroes if a is not z),
                   key=lambda pair: pair[1]["seat"] == move["player"])  # the Incapacitated one does not move now
    for hidden, fallen in pairs:
        ally = ally_of_color.get(C.COLOR[hidden["card"]])
        others = [h["card"] for h in heroes if h is not fallen]
        twist = next((t for t in state["twists_deck"] if D.twist_error(t, others) is not None), None)
        mental, top = hidden["resistances"]["mental"], CH.printed_resistance(hidden["card"], "mental")
        mine = AL.ally_of(state, hidden["card"])
        if (ally is None or twist is None or hidden["energy"] < 2 or mental["stress"] + mental["trauma"] + 1 >= top
                or CH.record(state, ally) is not None and (mine is None or mine["card"] != ally
                                                            or CH.is_incapacitated(mine))):
            continue
        crafted = copy.deepcopy(state)
        deck = crafted["twists_deck"]
        deck.insert(0, deck.pop(deck.index(twist)))
        if mine is not None and mine["card"] != ally:
            AL.remove(crafted, mine["card"], [])  # another Ally leaves play, for one of the Hero's Color
        if AL.ally_of(crafted, hidden["card"]) is None:
            crafted["plot_hands"][hidden["seat"]] = [c for c in crafted["plot_hands"][hidden["seat"]] if c != ally]
            crafted["characters"].append(new_ally(ally, hidden["seat"], hidden["card"]))
        for c in crafted["characters"]:
            if c["card"] == fallen["card"]:
                physical = c["resistances"]["physical"]
                physical["stress"] = CH.printed_resistance(c["card"], "physical") - physical["trauma"]
                c["belief"] = 0
            elif c.get("main"):
                c["hate"] = min(c["hate"], 3)  # the game ends within three more Turns
            elif c["card"] == hidden["card"]:
                c["statuses"] = [s for s in c["statuses"] if s != "hidden"] + ["hidden"]
                c["resistances"]["mental"]["trauma"] += 1
                physical = c["resistances"]["physical"]
                physical["stress"] = CH.printed_resistance(c["card"], "physical") - physical["trauma"] - 1
        if _legal(crafted, move):
            return crafted
    return None


_plot_twist_corners.__doc__ = (
    "Plot Twist: at the end of the first Turn, a Hero Incapacitated, its Belief spent, and a Twist! that only it "
    "could use on top of the Twists! Deck; the other Hero Hidden, with 1 Mental Trauma, one Physical Stress from "
    "Incapacitated and an Ally of its Color; the Villain's Hate down to 3 at most")


def _plot_twist_aftermath(state: dict, move: dict) -> dict | None:
    # (Its docstring, on one line for the transcript's note, is set below the function.)
    # The path between two Conflicts, walked by the plan's `crafted_prefer` (_AFTERMATH) from the last move of
    # the Heroes' half of the first Turn's Combat Phase: the GM Relocates to the other Location (and cures
    # Belief whenever he may); at the End of Turn the Ally leaves play and the Main Villain, who must pay Hate at 0, Flees; with
    # two Lairs he may play, the GM chooses one (`flee`); the Bystander at the Location fled from is Recruited,
    # the other Killed, its Social Stress Demoralizing the last Hero; the Heroes do not Pursue; the GM sets an
    # Interview with an extra question and a bonus coin; the first Hero seat answers, the second does not; the
    # GM chooses the next Location among the two; in the new Conflict he cures the Demoralized Hero's Belief and
    # Locks the Heroics the Heroes attack with, and the first hit that lands (every Hero and the Villain one Stress from Incapacitated) ends it.
    # Built from the state's own fields: two Lairs the GM's Characters may use (a Mook of another Color than
    # the Villain's gives the second: the GM's Plot Hand holds the cards one of his Characters may play), a
    # Location, Bystanders and an Ally not in play (out of the Plot Hands holding them), the Stress counted
    # whichever Location the Villains Flee from; the move about to be played stays legal.
    import copy

    from core.games.plot_twist.between import aftermath as AM
    from core.games.plot_twist.plots import allies as AL
    from core.games.plot_twist import cards as C
    from core.games.plot_twist.characters import characters as CH
    from core.games.plot_twist.setup import decks as D
    from core.games.plot_twist.state import GM, in_play, new_ally, users_of

    turn = state.get("turn")
    if (state["game"] != "plot-twist" or turn is None or turn["number"] != 1 or turn["phase"] != "combat"
            or turn["initiating"] != "heroes" or state["combat"] is not None or state["aftermath"] is not None
            or state["choice"] is not None):
        return None
    heroes = sorted(CH.heroes_in_play(state), key=lambda h: h["seat"])
    if len({h["seat"] for h in heroes}) < 2:
        return None  # one Hero seat answers, another does not
    placed = in_play(state) + [b["card"] for b in state["bystanders"]] + list(state["plot_discard"])
    lairs = sorted((c for c in C.IDS_OF["lair"] if D.usable_error(c, users_of(state, GM)) is None
                    and D.uniqueness_error(c, placed) is None),
                   key=lambda c: any(e["on"] == "play" for e in C.CARD[c]["effects"]))  # the GM's first: no effect
    where = [c for c in C.IDS_OF["location"] if c not in placed and c != state["location"]]

    def kills(card: str, resistance: str) -> int:  # the Stress a Bystander's Killing deals each Hero
        return sum(e["amount"] for e in C.CARD[card]["effects"] if e["on"] == "kill" and e["do"] == "deal"
                   and e["resistance"] == resistance and e["target"] == "heroes")

    killers = [b for b in C.IDS_OF["bystander"] if b not in placed and kills(b, "social")]
    if len(lairs) < 2 or not killers or (len(AM.locations_in_play(state)) < 2 and not where):
        return None
    crafted = copy.deepcopy(state)
    hands = crafted["plot_hands"]
    others = [c for c in AM.locations_in_play(crafted) if c != crafted["location"]]
    if not others:
        mine = [c for c in where if c in hands[GM]]  # the GM's own Location first, as if he had played it
        others = [(mine or where)[0]]
        crafted["locations"] = crafted["locations"] + others
    spots = [others[0], crafted["location"]]  # the Villains Flee from either (the GM may Relocate first)
    placing = list(zip(killers, spots))  # one Bystander at each Location when there are two such
    for seat, hand in enumerate(hands):
        hands[seat] = [c for c in hand if c not in [others[0], *killers[:2]] and (seat != GM or C.TYPE[c] != "lair")]
    hands[GM] = (lairs[:2] + hands[GM])[:max(len(state["plot_hands"][GM]), 2)]
    crafted["bystanders"] = crafted["bystanders"] + [{"card": b, "seat": GM, "location": at} for b, at in placing]

    def dealt(resistance: str) -> list[int]:  # each Hero's Stress from the Killings, fleeing from each Location
        return [sum(kills(b["card"], resistance) for b in crafted["bystanders"] if b["location"] != origin)
                for origin in spots]

    free = [(a, h) for h in heroes for a in C.IDS_OF["ally"] if C.COLOR[a] == C.COLOR[h["card"]]
            and a not in placed and AL.ally_of(crafted, h["card"]) is None]
    if free:  # an Ally at its last Time counter: it leaves play at this End of Turn
        ally, hero = free[0]
        for hand in hands:
            if ally in hand:
                hand.remove(ally)
        crafted["characters"].append({**new_ally(ally, hero["seat"], hero["card"]), "time": C.CARD[ally]["turns"] - 1})
    for c in crafted["characters"]:
        if c.get("main"):
            c["hate"] = 0  # he must pay Hate at this End of Turn, and cannot
            for resistance in ("physical", "mental"):  # one Stress from Incapacitated
                counters = c["resistances"][resistance]
                counters["stress"] = CH.printed_resistance(c["card"], resistance) - counters["trauma"] - 1
        elif c["card"] in (h["card"] for h in heroes):
            for resistance in ("physical", "mental", "social"):
                counters, top = c["resistances"][resistance], CH.printed_resistance(c["card"], resistance)
                room = top - counters["trauma"]
                if resistance != "social":  # after the Flight, one Stress from Incapacitated (or more)
                    counters["stress"] = room - max(dealt(resistance)) - 1
                elif c["card"] == heroes[-1]["card"] and min(dealt("social")):  # the Killings Demoralize him
                    counters["stress"] = max(counters["stress"], room - min(dealt("social")))
                else:
                    counters["stress"] = min(counters["stress"], room - max(dealt("social")) - 1)
                if counters["stress"] < 0:
                    return None
    return crafted if _legal(crafted, move) else None


_plot_twist_aftermath.__doc__ = (
    "Plot Twist: in the first Turn, before the Villains initiate, the Main Villain at 0 Hate (and, like every Hero "
    "after the Flight, one Physical and one Mental Stress from Incapacitated), two Lairs he may play in the GM's "
    "Plot Hand, a second Location in play, at each Location a Bystander whose Killing deals Social Stress, the "
    "last Hero that much Social Stress from Demoralized, and an Ally of a Hero's Color at its last Time counter")


def _plot_twist_crossover(state: dict, move: dict) -> dict | None:
    # (Its docstring, on one line for the transcript's note, is set below the function.)
    # Villain Crossovers, walked by the plan's `crafted_prefer` (_CROSSOVER) from the last move of the Heroes'
    # half of the first Turn (everyone passes until then). X = the five Heroes in play: the GM cures five Belief
    # a Turn, one Crossover (3) and a Masterplan or a Persona (5) never fit in one Turn, and two Crossovers
    # (6) neither; so the two Crossover Villains are set in play by hand, crossed over this Turn, and the Turns
    # go: (1) a Masterplan; Madame Mirage spends her Hate and Hides at the End of Turn; (2) a Crossover calls her
    # back (`from: "hiding"`), the Heroes fell the Main Villain, the GM chooses among the two Crossover Villains
    # (`new_main_villain`), Warlord Kragg Kills a Bystander, Madame Mirage Hides again; (3) the Main Villain's
    # other Persona enters from the GM's Plot Hand (`persona`, `from: "plot_hand"`) and the Bystanders Killed
    # fulfil the Threat.
    # Built from the state's own fields: a Main Villain printed with no Persona whose Name has another Persona in
    # the catalog, two Villains of other Names not in play (entered as `crossover.enter` places one: 6 Hate, no
    # Combat action yet; no Energy, like the Heroes, so fewer options to list), five Heroes in play (their
    # Belief spent: room to cure); the Persona into the GM's Plot Hand in place of his last card (ruling "What a
    # Plot Hand may hold"); the Main Villain one Physical and one Mental Stress from Incapacitated; an Objective
    # whose Threat counts Bystanders Killed (nobody has peeked at the one in play), with the first Location it
    # requires, and that many Bystanders at the Location (those whose Killing hurts no Hero first); the move
    # about to be played stays legal.
    import copy

    from core.games.plot_twist import cards as C
    from core.games.plot_twist.characters import characters as CH
    from core.games.plot_twist.state import CROSSOVER_HATE, GM, in_play, new_character

    turn = state.get("turn")
    if (state["game"] != "plot-twist" or turn is None or turn["number"] != 1 or turn["phase"] != "combat"
            or turn["initiating"] != "heroes" or state["combat"] is not None or state["aftermath"] is not None
            or state["choice"] is not None or state["objective"]["revealed"] or state["objective"]["peeked"]):
        return None
    main = next(c for c in state["characters"] if c.get("main"))
    name = C.NAME[main["card"]]
    personas = [v for v in C.IDS_OF["villain"] if C.NAME[v] == name and v != main["card"]]
    others = sorted((v for v in C.IDS_OF["villain"] if C.NAME[v] != name and v not in in_play(state)),
                    key=lambda v: v not in (_KRAGG, _MIRAGE))  # the ones the plan's patterns name
    heroes = CH.heroes_in_play(state)
    threats = [o for o in C.IDS_OF["objective"] if C.CARD[o]["threat"]["when"] == "kill"]
    placed = in_play(state) + [b["card"] for b in state["bystanders"]] + list(state["plot_discard"])

    def hurts(card: str) -> bool:  # its Killing deals Stress to the Heroes
        return any(e["on"] == "kill" and e["do"] == "deal" for e in C.CARD[card]["effects"])

    bystanders = sorted((b for b in C.IDS_OF["bystander"] if b not in placed), key=hurts)
    if (C.CARD[main["card"]].get("persona") or not personas or len(others) < 2 or len(heroes) < 5 or not threats
            or len(bystanders) < C.CARD[threats[0]]["threat"]["count"]):
        return None
    crafted = copy.deepcopy(state)
    crossed, hand = others[:2], personas[:1]
    killed = bystanders[:C.CARD[threats[0]]["threat"]["count"]]
    hands = crafted["plot_hands"]
    for seat, cards in enumerate(hands):
        hands[seat] = [c for c in cards if c not in [*crossed, *hand, *killed]]
    hands[GM] = hands[GM][:max(0, len(state["plot_hands"][GM]) - len(hand))] + hand
    crafted["objective"] = {**crafted["objective"], "card": threats[0]}
    first = crafted["locations"][0]
    allowed = C.CARD[threats[0]].get("locations") or [first]
    if first not in allowed:  # the Objective's first Location in place of the one in play
        where = next((c for c in allowed if c not in placed), None)
        if where is None or len(crafted["locations"]) > 1 or crafted["location"] != first:
            return None
        for seat, cards in enumerate(hands):
            hands[seat] = [c for c in cards if c != where]
        crafted["locations"], crafted["location"] = [where], where
    crafted["bystanders"] += [{"card": b, "seat": GM, "location": crafted["location"]} for b in killed]
    for c in crafted["characters"]:
        if "energy" in c:
            c["energy"] = 0  # spent, like the Heroes' Belief (fewer options to list)
        if any(c["card"] == h["card"] for h in heroes):
            c["belief"] = 0
        if c["card"] == main["card"]:
            for resistance in ("physical", "mental"):  # one Stress from Incapacitated
                counters = c["resistances"][resistance]
                counters["stress"] = CH.printed_resistance(c["card"], resistance) - counters["trauma"] - 1
    crafted["characters"] += [{**new_character(v, GM), "main": False, "hate": CROSSOVER_HATE, "energy": 0,
                               "crossed": turn["number"]} for v in crossed]
    return crafted if _legal(crafted, move) else None


_plot_twist_crossover.__doc__ = (
    "Plot Twist: at the end of the Heroes' half of the first Turn, two Crossover Villains in play (crossed over "
    "this Turn), the Main Villain's other Persona in the GM's Plot Hand, every Hero's Belief and every Character's "
    "Energy spent, the Main Villain one Physical and one Mental Stress from Incapacitated, an Objective whose "
    "Threat counts Bystanders Killed (with its first Location) and that many Bystanders at the Location")


# name -> function(state, the move about to be played) -> the position set up by hand, or None (not yet)
CRAFTS = {"empty_biz_deck": _empty_biz_deck, "empty_noir": _empty_noir, "plot_twist_corners": _plot_twist_corners,
          "plot_twist_aftermath": _plot_twist_aftermath, "plot_twist_crossover": _plot_twist_crossover}


def _views(rec, base: str, players: int) -> None:
    for seat in [None, *range(players)]:
        rec("POST", base + "/view", {"state": STATE, "player": seat}, expect=200)


def coverage(game_id: str, exchanges: list[dict]) -> dict:
    """Decision kinds, move kinds, event types and error codes that these exchanges show."""
    seen = {"decisions": set(), "moves": set(), "events": set(), "errors": set()}
    for line, expected, _ in expanded(exchanges):
        body, path = expected["body"], line["request"]["path"]
        if expected["status"] >= 400:
            seen["errors"].add(body["code"])
            continue
        if path.endswith("/new") or path.endswith("/apply"):
            seen["decisions"].update(d["kind"] for d in body["pending"])
            seen["events"].update(e["type"] for e in body["events"])
            if path.endswith("/apply"):
                seen["moves"].add(line["request"]["body"]["move"]["kind"])
    return {k: sorted(v) for k, v in seen.items()}


def dumps_line(record: dict) -> bytes:
    return orjson.dumps(record) + b"\n"  # in insertion order: the header's first fields say what it is


def app():
    """The Flask app, as `generate` and the replay tests use it (no rate limits; a fixed seal key:
    sealed answers never enter a transcript, only the refusal of a forged seal)."""
    os.environ.setdefault("RATE_LIMITS_ENABLED", "0")
    from api import create_app

    return create_app({"TESTING": True, "RATE_LIMITS_ENABLED": False,
                       "SEAL_KEYS": "transcripts:" + "A" * 43 + "="})


def generate(out_dir=DEFAULT_DIR, only=None, progress=None) -> list[tuple[Path, int]]:
    """Write every planned transcript (or those whose id contains a string of `only`): [(path, bytes)]."""
    client = app().test_client()
    written = []
    plans = [p for p in PLAN if not only or any(s in p.id for s in only)]
    for plan in plans:
        lines = record(plan, client)
        path = Path(out_dir) / plan.game / f"{plan.name}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = b"".join(dumps_line(r) for r in lines)
        path.write_bytes(data)
        written.append((path, len(data)))
        if progress:
            progress(plan, path, len(data))
    return written
