"""The engine contract: new_game, apply, view. Pure functions over plain JSON-able data.

    >>> import core
    >>> step = core.new_game("shufflers", players=1, seed=7)
    >>> move = step.pending[0]["options"][0]
    >>> after = core.apply(step.state, move)
    >>> after.state["version"], step.state["version"]
    (1, 0)
"""

from typing import NamedTuple

from .budget import MAX_SAFE_INTEGER, check_events, check_integers, check_outcome
from .bots import bot_names, get_bot
from .checked import digest, known, remember
from .draft import CURRENT_DRAFT, LazyRng
from .errors import GameOver, IllegalMove, InvalidMove, InvalidState, NotYourTurn, UnknownBot, UnknownGame
from .game import FRAMEWORK_FIELDS, Game
from .kept import _ENTRIES, _SHARED, scope, shared
from .labels import labelled
from .registry import GAMES, get_game
from .rng import Rng


class Step(NamedTuple):
    """What the engine answers after every move: {state, pending, events, outcome}."""

    state: dict
    pending: list
    events: list
    outcome: dict | None

    def as_dict(self) -> dict:
        """The Step as the wire carries it: each decision with its `labels` (the holder of the
        whole state may see everything, so the labels are written from the state)."""
        pending = labelled(GAMES[self.state["game"]], self.state, self.pending)
        return {"state": self.state, "pending": pending, "events": self.events, "outcome": self.outcome}

    def play(self, move: dict) -> "Step":
        """The next Step after `move`. The fast path for bots and playouts: a Step comes
        from this engine, so its state is not validated again and its pending decisions
        are not generated again. A state from outside goes through `apply`.
        """
        if _ENTRIES.get() is not None:  # `with shared():`, inlined (the hot path of playouts):
            return _advance(GAMES[self.state["game"]], self.state, self.pending, move)
        token = _ENTRIES.set(_SHARED)  # this engine's own state: its listings are kept (kept.py)
        try:
            return _advance(GAMES[self.state["game"]], self.state, self.pending, move)
        finally:
            _ENTRIES.reset(token)


def _is_int(x) -> bool:
    return type(x) is int


def same(a, b) -> bool:
    """Equality as JSON sees it: Python's `0 == False == 0.0` must not make a move legal."""
    return a == b and _same_types(a, b)


def _same_types(a, b) -> bool:
    """For two values already equal (==): are their types equal all the way down?"""
    t = type(a)
    if t is not type(b):
        return False
    if t is dict:
        for k, v in a.items():
            w = b[k]
            tv = type(v)
            if tv is not type(w) or ((tv is dict or tv is list) and not _same_types(v, w)):
                return False
    elif t is list:
        for v, w in zip(a, b):
            if not _same_types(v, w):
                return False
    return True


def _check_players(game: Game, players) -> None:
    from .errors import InvalidOptions

    if not _is_int(players) or not game.min_players <= players <= game.max_players:
        raise InvalidOptions(
            f"{game.name} is for {game.min_players} to {game.max_players} players, not {players!r}.",
            {"players": ["out of range"]},
        )


def new_game(game_id: str, players: int, options: dict | None = None, seed: int | str = 0) -> Step:
    """Set up a new game. The same game, players, options and seed give the same state."""
    game = get_game(game_id)
    _check_players(game, players)
    options = game.normalize_options(options, players)
    rng = Rng.from_seed(seed)
    state = {"game": game.id, "version": 0, "players": players, "options": options, "rng": "", "outcome": None}
    with shared():  # a state this engine makes: its listings are kept (kept.py)
        fields, events = game.setup(players, options, rng)
        state.update(fields)
        state["rng"] = rng.dump()
        state["outcome"] = fields.get("outcome")
        return Step(state, game.decisions(state), events, state["outcome"])


def game_of(state) -> Game:
    """The game a state belongs to; InvalidState when it names none we know."""
    if not isinstance(state, dict):
        raise InvalidState("The state must be a JSON object.")
    gid = state.get("game")
    try:
        return get_game(gid)
    except UnknownGame:
        raise InvalidState(f"The state's 'game' field names no game this engine knows ({gid!r}).",
                           {"game": ["unknown game"]}) from None


def check_state(state) -> Game:
    """Validate a state from outside: framework fields here, the rest by the game."""
    with scope():  # a state from outside: nothing kept for it outlives the call (kept.py)
        return _validated(state)[0]


def _validated(state) -> tuple[Game, list]:
    """The game of a valid state and its pending decisions; InvalidState otherwise."""
    game = game_of(state)
    key = digest(state) if game.check_once else None  # None: the full check (checked.py)
    if known(game, key):  # a state the full check accepted before (checked.py): the same answer
        return game, game.decisions(state)
    missing = [k for k in FRAMEWORK_FIELDS if k not in state]
    if missing:
        raise InvalidState(f"The state lacks the field '{missing[0]}'.", {missing[0]: ["missing"]})
    if not _is_int(state["version"]) or not 0 <= state["version"] < MAX_SAFE_INTEGER:
        raise InvalidState(f"The state's version must be an integer from 0 to {MAX_SAFE_INTEGER - 1}.",
                           {"version": ["invalid"]})
    try:
        _check_players(game, state["players"])
        if not isinstance(state["options"], dict):
            raise InvalidState("The state's options must be an object.")
        normalized = game.normalize_options(state["options"], state["players"])
    except InvalidState:
        raise
    except Exception as exc:  # InvalidOptions inside a state makes the state invalid
        raise InvalidState(f"The state's players or options are not valid: {getattr(exc, 'message', exc)}") from None
    if normalized != state["options"]:
        raise InvalidState("The state's options are not in normal form (every option, with its value).")
    if not Rng.is_valid(state["rng"]):
        raise InvalidState("The state's rng must be 16 hexadecimal digits.", {"rng": ["invalid"]})
    check_outcome(state["outcome"], state["players"])
    if key is None:  # (a state with a key has only safe integers: `digest` walked them)
        check_integers(state)
    try:
        game.check(state)
        pending = game.decisions(state)
    except InvalidState:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        # A game's check should catch every inconsistency itself; this net keeps an
        # overlooked one a client error. Tests treat reaching it as a bug.
        raise InvalidState(f"The state is not a consistent position of {game.name} ({type(exc).__name__}).") from None
    if (not pending) != (state["outcome"] is not None) or any(not d["options"] for d in pending):
        raise InvalidState("The state is stuck: it is not over, yet nobody has a legal move (or the reverse).")
    remember(game, key)
    return game, pending


def decisions(state: dict, *, trusted: bool = False) -> list:
    """Every pending decision of a state, with all its legal options."""
    if trusted:
        with shared():  # a state this engine made: its listings are kept (kept.py)
            return get_game(state["game"]).decisions(state)
    with scope():  # a state from outside: nothing kept for it outlives the call (kept.py)
        return _validated(state)[1]


def apply(state: dict, move: dict, *, trusted: bool = False) -> Step:
    """Apply `move` to `state` and return the next Step. `state` is never changed.

    A move is legal iff it equals one of the options of a pending decision, once put in
    its canonical form (`Game.canonical_move`: a set of cards in any order). The
    checks run in a fixed order: valid state, game over, well-formed move, whose
    turn, legality. `trusted=True` skips the state validation, for states this
    engine produced itself (bot playouts); a state from a client is never trusted.
    """
    if trusted:
        game = get_game(state["game"])
        with shared():  # a state this engine made: its listings are kept (kept.py)
            return _advance(game, state, game.decisions(state), move)
    with scope():  # a state from outside: nothing kept for it outlives the call (kept.py)
        game, pending = _validated(state)
        return _advance(game, state, pending, move)


def _advance(game: Game, state: dict, pending: list | None, move) -> Step:
    if state["outcome"] is not None:
        raise GameOver("The game is over; no more moves can be made.")
    if not _posted_back(pending, move):  # (a listed option is in its canonical form already)
        move = game.canonical_move(state, move)
        for d in pending:
            for o in d["options"]:
                if o == move and _same_types(o, move):
                    break
            else:
                continue
            break
        else:
            _refuse(state, pending, move)
    draft = game.thaw(state)
    rng = LazyRng(state["rng"])
    token = CURRENT_DRAFT.set(draft)  # `with draft:`, inlined: current while the game plays
    try:
        events, pending = game.play_step(draft.state, move, rng)
    finally:
        CURRENT_DRAFT.reset(token)
    check_events(events)
    new = draft.state  # the game's data only
    if rng.rng is not None:  # `rng.store(new)`, inlined: the RNG goes back once, if the move used it
        new["rng"] = rng.rng.dump()
    new["version"] = state["version"] + 1
    return Step(new, game.decisions(new) if pending is None else pending, events, new["outcome"])


def _posted_back(pending: list, move) -> bool:
    """Is `move` the very object of one of the options (a bot or a playout posting back what it was
    given)? Asked of every option by identity before any is compared by value."""
    for d in pending:
        for o in d["options"]:
            if o is move:
                return True
    return False


def _refuse(state: dict, pending: list, move) -> None:
    """Say why a move is not among the options, in the contract's order of checks."""
    if not isinstance(move, dict):
        raise InvalidMove("A move must be a JSON object, one of the listed options.")
    player = move.get("player")
    if not _is_int(player) or not 0 <= player < state["players"]:
        raise InvalidMove(f"A move must name its seat in 'player' (0 to {state['players'] - 1}).")
    mine = [d for d in pending if d["player"] == player]
    if not mine:
        raise NotYourTurn(f"Seat {player} has no decision to make now.")
    if not any(same(move, o) for d in mine for o in d["options"]):
        GAMES[state["game"]].refuse(state, mine, move)
        kinds = sorted({d["kind"] for d in mine})
        raise IllegalMove(
            f"That move is not legal for seat {player} now; the pending decision is {' or '.join(kinds)}, "
            f"and the legal moves are listed in its options."
        )


def _check_seat(state: dict, player) -> None:
    if player is not None and (not _is_int(player) or not 0 <= player < state["players"]):
        raise InvalidMove(f"The viewer must be a seat from 0 to {state['players'] - 1}, or null for a spectator.")


def view(state: dict, player: int | None, *, trusted: bool = False) -> dict:
    """What one seat (or a spectator, None) may see: view, its own decisions, outcome."""
    if trusted:
        game, pending = get_game(state["game"]), decisions(state, trusted=True)
    else:
        with scope():  # a state from outside: nothing kept for it outlives the call (kept.py)
            game, pending = _validated(state)
    _check_seat(state, player)
    return _seen(game, state, pending, player)


def _seen(game: Game, state: dict, pending: list, player: int | None, labels: bool = True) -> dict:
    """`view` of a state whose pending decisions are known. A bot reads no labels (and gets the
    decisions themselves, not copies: bots only read)."""
    seen = game.view(state, player)
    seen.pop("rng", None)
    mine = [d for d in pending if d["player"] == player]
    return {
        "view": seen,
        "pending": labelled(game, seen, mine) if labels else mine,
        "waiting_for": sorted({d["player"] for d in pending}),
        "outcome": state["outcome"],
    }


def bot_move(state: dict, player: int, bot: str, seed: int | str | None = None) -> dict:
    """The move the bot named `bot` would make for `player`: one of that seat's listed options.

    The bot sees only `view(state, player)`. Its dice are seeded from `seed` and what the seat
    can see (the version), never from the state's RNG, so the move depends on nothing hidden.
    """
    with scope():  # a state from outside: nothing kept for it outlives the call (kept.py)
        game, pending = _validated(state)
    if state["outcome"] is not None:
        raise GameOver("The game is over; no bot has a move to make.")
    if not _is_int(player) or not 0 <= player < state["players"]:
        raise InvalidMove(f"The player must be a seat from 0 to {state['players'] - 1}.")
    chosen = get_bot(game, bot)
    if chosen is None:
        raise UnknownBot(f"{game.name} has no bot named {bot!r}; its bots: {bot_names(game)}.")
    if not any(d["player"] == player for d in pending):
        raise NotYourTurn(f"Seat {player} has no decision to make now.")
    seen = view(state, player, trusted=True)
    return chosen.choose(seen, Rng.from_seed(f"bot:{bot}:{seed}:{state['version']}:{player}"))


def play_bots(step: Step, bots: dict, rng: Rng, limit: int) -> tuple[Step, list]:
    """The bots' seats move while one of them has a decision pending, at most `limit` moves:
    the one bot driver of tables, sealed games and anyone seating bots beside people.

    `bots` maps a seat (as a string, the way JSON keys are) to a bot's name. Each bot sees only
    its seat's view and decisions and throws `rng`, the dice of whoever seats the bots (a table's
    own stream, say), which this advances. Returns the last Step and, per bot move, its
    `{version, events}`: the log entries a table keeps.
    """
    game = GAMES[step.state["game"]]
    entries = []
    for _ in range(limit):
        seat = next((d["player"] for d in step.pending if str(d["player"]) in bots), None)
        if seat is None:
            break
        move = get_bot(game, bots[str(seat)]).choose(_seen(game, step.state, step.pending, seat, labels=False), rng)
        step = step.play(move)
        entries.append({"version": step.state["version"], "events": step.events})
    return step, entries


def view_events(state: dict, events: list, player: int | None) -> list:
    """Events as `player` may see them."""
    game = get_game(state["game"])
    return [game.view_event(e, player) for e in events]
