"""Sealed games: a stateless referee that its own client cannot read or rewrite.

The plain endpoints (`/v1/games/{game}/new|apply|view`) hand the client the whole state: every
deck order, every hand, the RNG. Fine for bots, tests and trusted backends; not for a browser,
where the person playing can read and edit it. Here the state travels **sealed**: encrypted and
authenticated with a server key (ChaCha20-Poly1305, an AEAD from the `cryptography` library),
bound to its game, together with who holds it:

    POST /v1/games/{game}/sealed/new    {players, options?, seat, bots}
    POST /v1/games/{game}/sealed/apply  {sealed, move}
    POST /v1/games/{game}/sealed/view   {sealed, player?}
      -> {sealed, game, version, seat, view, pending, events, waiting_for, bots_due, outcome}

`seat` (an int) is the holder's seat: it moves and looks only as that seat. `seat: null` is
pass-and-play on one device: the holder acts for every human seat and names the seat it looks
as. Bot seats move inside the request that makes them due, up to BOT_MOVES_PER_REQUEST moves
(as at tables; `bots_due` says when more are owed, and the next request makes them). A sealed
state was made by this server, so it is applied as trusted (not validated again).

Keys: SEAL_KEYS = "id:key,id:key,..." (key: 32 bytes, base64url); the first seals, all open,
so a new key can be put first while games sealed with the old one go on. Without SEAL_KEYS a
random key is made at start (logged): games then end with the process, and several workers or
hosts need the same SEAL_KEYS.

Length hiding: the plaintext (the JSON of the sealed game) is padded with JSON whitespace to a
size bucket of its game before it is sealed (`padded_size`): a floor per game (SEAL_FLOORS, large
enough for every state of seeded games of every mode, so in play every seal of a game has one
length), then steps of 1.25x rounded up to KiB. Two states a seat sees alike (a face-down
Objective of 23 or 28 characters, another deck order) then seal to the same length; above the
floor the length tells only the bucket. Trailing whitespace is valid JSON, so seals made before
padding still open.

Sealed string: "s1.<key id>.<base64(nonce || ciphertext)>" (standard alphabet, padded: it travels
in JSON bodies, never in URLs; one spelling only); the associated data binds it to
the game. No seed may be chosen (whoever knows it can work out every hidden card); the server
draws one. What sealing does not prevent: the holder can send an older sealed string again and
so take a move back (the RNG is inside the seal, so the same move then gives the same cards:
no re-roll). There is no sound stateless way to stop that; tables are the answer when it matters.
"""

from __future__ import annotations

import base64
import binascii
import logging
import math
import os
import re
import secrets

import orjson
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from flask import current_app

import core
from core.framework.rng import Rng

from .errors import fail
from .games import _json, check_move_shape
from .observability import engine_timer, move_applied
from .tables import _bot_due, _bots_play, _check_bots

log = logging.getLogger(__name__)

PREFIX = "s1"
_KEY_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_SEALED = re.compile(r"s1\.([A-Za-z0-9_-]{1,32})\.([A-Za-z0-9+/]+={0,2})")
NONCE = 12
KIB = 1024
# The smallest padded size of each game's seals: above the largest sealed game of seeded games
# of every mode and player count (2026-11-27: Shufflers 4.1 KB at 8 players, The Big Shuffle
# 5.9 KB, Showbiz Shuffle 3.4 KB, Plot Twist 13.9 KB), with room for longer games.
SEAL_FLOORS = {"shufflers": 8 * KIB, "big-shuffle": 8 * KIB, "showbiz-shuffle": 8 * KIB, "plot-twist": 20 * KIB}
SEAL_FLOOR = 8 * KIB  # a game not listed
SEAL_GROWTH = 1.25


def padded_size(game: str, length: int) -> int:
    """The bucket a plaintext of `length` bytes is padded to: the game's floor, or the first step
    of 1.25x (rounded up to KiB) above it that holds it.

    >>> [padded_size("shufflers", n) for n in (10, 8192, 8193, 10241)]
    [8192, 8192, 10240, 13312]
    """
    size = SEAL_FLOORS.get(game, SEAL_FLOOR)
    while size < length:
        size = math.ceil(size * SEAL_GROWTH / KIB) * KIB
    return size


class Keys:
    """The sealing keys: the first seals, every one opens."""

    def __init__(self, spec: str | None):
        self.keys: dict[str, ChaCha20Poly1305] = {}
        if not spec:
            self.first = "r" + secrets.token_hex(4)
            self.keys[self.first] = ChaCha20Poly1305(ChaCha20Poly1305.generate_key())
            log.warning("SEAL_KEYS is not set: sealed games use a random key made now (id %s); they end with "
                        "this process, and other workers or hosts cannot open them.", self.first)
            return
        for item in spec.split(","):
            key_id, _, encoded = item.strip().partition(":")
            try:
                raw = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
            except (binascii.Error, ValueError):
                raw = b""
            if not _KEY_ID.fullmatch(key_id) or len(raw) != 32 or key_id in self.keys:
                raise ValueError("SEAL_KEYS must be 'id:key,...' with distinct ids of [A-Za-z0-9_-] and keys of "
                                 "32 bytes in base64url (make one: python -c \"import secrets, base64; "
                                 "print(base64.urlsafe_b64encode(secrets.token_bytes(32)).decode())\").")
            self.keys[key_id] = ChaCha20Poly1305(raw)
        self.first = next(iter(self.keys))

    def seal(self, game: str, payload: dict) -> str:
        nonce = os.urandom(NONCE)
        plain = orjson.dumps(payload)
        plain = plain.ljust(padded_size(game, len(plain)), b" ")  # JSON whitespace: opens as it is
        box = self.keys[self.first].encrypt(nonce, plain, _bound(game, self.first))
        return f"{PREFIX}.{self.first}.{binascii.b2a_base64(nonce + box, newline=False).decode()}"

    def open(self, game: str, sealed: str) -> dict:
        match = _SEALED.fullmatch(sealed)
        key = match and self.keys.get(match.group(1))
        try:
            body = match.group(2) if key else ""
            raw = binascii.a2b_base64(body, strict_mode=True)
            # one spelling only: unused low bits of the last character changed would decode the same
            canonical = binascii.b2a_base64(raw, newline=False).decode() == body
            plain = key.decrypt(raw[:NONCE], raw[NONCE:], _bound(game, match.group(1))) \
                if canonical and len(raw) > NONCE else None
        except (InvalidTag, binascii.Error, ValueError):
            plain = None
        if plain is None:
            fail("invalid_seal", f"That is not a sealed {game} game from this server (or its key was retired).")
        return orjson.loads(plain)


def _bound(game: str, key_id: str) -> bytes:
    return f"shuffle-sealed|{PREFIX}|{game}|{key_id}".encode()


def init_app(app) -> None:
    app.extensions["seal_keys"] = Keys(app.config.get("SEAL_KEYS"))


def _keys() -> Keys:
    return current_app.extensions["seal_keys"]


# The handlers take the game id; api/per_game.py routes each game's own paths to them.
def new_sealed(args, game):
    """Set up a game that the holder plays as `seat` (null: pass-and-play) against the `bots` seats."""
    spec = core.get_game(game)
    players, seat = args["players"], args["seat"]
    bots = _check_bots(spec, players, args["bots"])
    if seat is not None and (seat >= players or str(seat) in bots):
        fail("invalid_options", f"Seat {seat} must be one of the {players} seats and not a bot's.")
    if len(bots) == players:
        fail("invalid_options", "A sealed game needs a human seat: every seat is a bot's.")
    seed = secrets.randbits(63)  # never the holder's: whoever knows the seed knows every card
    with engine_timer(game, "new"):
        step = core.new_game(game, players, args.get("options"), seed)
    game_of = {"game": game, "state": step.state, "version": step.state["version"], "seat": seat, "bots": bots,
               "bot_rng": Rng.from_seed(f"sealed-bots:{secrets.token_hex(16)}").dump()}
    events = list(step.events)
    step = _bots_move(game_of, step, events)
    return _answer(game_of, seat, events, step.pending)


def apply_sealed(args, game):
    """Make a move in a sealed game, as the seal's seat (pass-and-play: as any human seat); the bots
    that become due move too. The answer is seen as the mover."""
    game_of = _opened(game, args["sealed"])
    move = args["move"]
    mover = move.get("player") if type(move.get("player")) is int else None
    if mover is None or not _may_act(game_of, mover):
        check_move_shape(game, move)
        fail("wrong_seat", _seat_message(game_of, mover))
    try:
        with engine_timer(game, "apply"):
            step = core.apply(game_of["state"], move, trusted=True)  # sealed by this server: consistent
    except (core.GameOver, core.InvalidMove, core.NotYourTurn, core.IllegalMove):
        check_move_shape(game, move)
        raise
    events = list(step.events)
    step = _bots_move(game_of, step, events)
    move_applied(game, "sealed")
    return _answer(game_of, mover, events, step.pending)


def view_sealed(args, game):
    """The sealed game as the seal's seat (pass-and-play: the named seat, or null for a spectator) sees
    it; bots that still owe moves make them first (a new `sealed` then)."""
    game_of = _opened(game, args["sealed"])
    if game_of["seat"] is not None:
        viewer = args.get("player", game_of["seat"])
        if viewer != game_of["seat"]:
            fail("wrong_seat", _seat_message(game_of, viewer))
    else:
        if "player" not in args:
            fail("wrong_seat", "A pass-and-play seal needs `player`: the human seat to look as (null: a spectator).")
        viewer = args["player"]
        if viewer is not None and not _may_act(game_of, viewer):
            fail("wrong_seat", _seat_message(game_of, viewer))
    events: list = []
    pending = core.decisions(game_of["state"], trusted=True)
    step = _bots_move(game_of, core.Step(game_of["state"], pending, [], game_of["state"]["outcome"]), events)
    return _answer(game_of, viewer, events, step.pending)


# --- helpers -----------------------------------------------------------------------------------
def _opened(game: str, sealed: str) -> dict:
    core.get_game(game)
    return _keys().open(game, sealed)


def _may_act(game_of: dict, seat: int) -> bool:
    if game_of["seat"] is not None:
        return seat == game_of["seat"]
    return 0 <= seat < game_of["state"]["players"] and str(seat) not in game_of["bots"]


def _seat_message(game_of: dict, seat) -> str:
    if game_of["seat"] is not None:
        return f"This game was sealed for seat {game_of['seat']}: it moves and looks only as that seat, not {seat!r}."
    return f"Seat {seat!r} is not a human seat of this game (bots: {sorted(game_of['bots'])})."


def _bots_move(game_of: dict, step, events: list):
    """The due bots move (bounded, as at tables); their events are added to `events`."""
    game_of["state"] = step.state
    entries: list = []
    step = _bots_play(game_of, step, entries)
    for entry in entries:
        events.extend(entry["events"])
    return step


def _answer(game_of: dict, seat, events: list, pending: list):
    state = game_of["state"]
    game_of["version"] = state["version"]
    seen = core.view(state, seat, trusted=True)
    return _json({
        "sealed": _keys().seal(game_of["game"], game_of), "game": game_of["game"], "version": state["version"],
        "seat": seat, "view": seen["view"], "pending": seen["pending"],
        "events": core.view_events(state, events, seat), "waiting_for": seen["waiting_for"],
        "bots_due": state["outcome"] is None and _bot_due(game_of, pending) is not None,
        "outcome": state["outcome"],
    })
