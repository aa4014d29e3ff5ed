"""What every game provides to the framework: metadata, options, and five pure functions.

A game never mutates a state it was given. `play` receives the next state, a shallow copy
(the `state` of the `core.framework.draft.Draft` that `Game.thaw` makes), and the state's RNG;
it replaces the lists it changes instead of editing them in place, or copies a part once
through the current draft's `own` and `own_item`, so unchanged parts are shared safely
between the old state and the new one.
"""

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .draft import Draft
from .errors import InvalidOptions

# Fields the framework owns in every state; a game adds its own beside them.
FRAMEWORK_FIELDS = ("game", "version", "players", "options", "rng", "outcome")


_TYPE_CHECKS = {
    "boolean": lambda v: type(v) is bool,
    "integer": lambda v: type(v) is int,
    "string": lambda v: type(v) is str,
    "array": lambda v: type(v) is list and all(type(x) is str for x in v),
}


@dataclass(frozen=True)
class Option:
    """One table option, described well enough for a client to offer it in a form."""

    name: str
    type: str  # "boolean" | "string" | "integer" | "array"
    default: Any
    description: str
    allowed: tuple | None = None  # allowed values (for arrays: allowed items)

    def as_dict(self) -> dict:
        d = {"name": self.name, "type": self.type, "default": self.default, "description": self.description}
        if self.allowed is not None:
            d["allowed"] = list(self.allowed)
        return d

    def parse(self, value):
        if not _TYPE_CHECKS[self.type](value):
            raise InvalidOptions(f"Option '{self.name}' must be of type {self.type}.", {self.name: ["wrong type"]})
        if self.allowed is not None:
            items = value if self.type == "array" else [value]
            bad = [x for x in items if x not in self.allowed]
            if bad:
                raise InvalidOptions(
                    f"Option '{self.name}' does not allow {bad[0]!r}; allowed: {list(self.allowed)}.",
                    {self.name: ["value not allowed"]},
                )
            if self.type == "array":
                if len(set(value)) != len(value):
                    raise InvalidOptions(f"Option '{self.name}' lists a value twice.", {self.name: ["duplicate"]})
                value = sorted(value, key=self.allowed.index)
        return value


@dataclass(frozen=True)
class Setup:
    """A table that exercises a game: `games` seeded games of `players` seats with `options`.

    `Game.sample_setups` lists them; the conformance suite plays each to the end (the engine's
    contract at every step), the labels and hidden-information tests walk through them.
    """

    name: str  # a short id for the test case: "standard-2", "law-expert-4"...
    players: int
    options: dict
    games: int


@dataclass(frozen=True)
class Game:
    """Base class of a game. Subclasses set the metadata and implement the rules hooks."""

    id: str = ""
    name: str = ""
    min_players: int = 1
    max_players: int = 1
    summary: str = ""
    options: tuple[Option, ...] = field(default_factory=tuple)
    # Where the game is listed (GET /v1/games, the spec): lowest first, then by id.
    listing_order: ClassVar[int] = 1000

    # --- metadata -------------------------------------------------------------------
    def info(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.as_dict() for o in self.options],
            "bots": sorted({"random", *getattr(self, "bots", lambda: {})()}),
        }

    def normalize_options(self, options: dict | None, players: int) -> dict:
        """Every option present, typed and allowed; unknown names refused."""
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise InvalidOptions("Options must be a JSON object.")
        known = {o.name: o for o in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InvalidOptions(
                f"{self.name} has no option named {unknown[0]!r}; known options: {sorted(known)}.",
                {k: ["unknown option"] for k in unknown},
            )
        out = {o.name: o.parse(options[o.name]) if o.name in options else o.default for o in self.options}
        self.check_options(out, players)
        return out

    def check_options(self, options: dict, players: int) -> None:
        """Cross-option rules (e.g. a variant that needs two players). Raise InvalidOptions."""

    # --- the rules hooks -----------------------------------------------------------
    def setup(self, players: int, options: dict, rng) -> tuple[dict, list]:
        """The game's own fields of a new state and the setup events."""
        raise NotImplementedError

    def decisions(self, state: dict) -> list:
        """Every pending decision with all its legal options (empty once the game is over)."""
        raise NotImplementedError

    def play(self, state: dict, move: dict, rng) -> list:
        """Apply a legal move to `state` (`thaw(...).state`, that draft being `current_draft()`)
        and return the events. `rng` is the state's RNG (loaded on first use); the engine writes
        it back into the new state, so the game never reads or writes `state["rng"]`."""
        raise NotImplementedError

    def play_step(self, state: dict, move: dict, rng) -> tuple[list, list | None]:
        """`play`, and the pending decisions of the new state when playing already worked them
        out (None: the engine asks `decisions`). They must equal `decisions(state)`."""
        return self.play(state, move, rng), None

    def check(self, state: dict) -> None:
        """Raise InvalidState unless `state` is a consistent position of this game."""
        raise NotImplementedError

    def view(self, state: dict, player: int | None) -> dict:
        """What `player` may see (None: a spectator). The framework drops the RNG state."""
        raise NotImplementedError

    def canonical_move(self, state: dict, move):
        """The move in the canonical form its listed option has: a move that carries a set of
        cards (a Shufflers payment, ...) may name them in any order, and a game may let a field
        with a single possible value be left out. Called on every move from outside before
        the legality check (membership in the options stays the one source of legality), so
        it must accept any value without raising, and return `move` itself when it has
        nothing to change. Default: the move as it is."""
        return move

    def refuse(self, state: dict, pending: list, move: dict) -> None:
        """Explain an illegal move: called when `move` is none of the options of its seat's
        `pending` decisions. A game that can name the rule it breaks raises
        `IllegalMove(message, rule=...)`; returning lets the framework give its generic answer.
        """

    def why_not(self, state: dict, move: dict) -> tuple[str, str] | None:
        """The reason the predicate of `move`'s kind gives against it in `state`, as `(rule code,
        sentence)`, or None when it names none (the one predicate that both lists the options and
        explains a refusal: docs/engine.md, "Why a move is refused"). A listed option never gets a
        reason (tests/core/test_predicates_agree.py checks it for every game that declares them,
        `predicates = True`). Default: no reason."""
        return None

    # Whether `why_not` is the game's predicates (for the property test of every game).
    predicates: ClassVar[bool] = False

    # Whether a client's state the full check accepted is remembered by its content and not checked
    # again when posted again (core/framework/checked.py): for a game whose `check` is dear.
    check_once: ClassVar[bool] = False

    def view_event(self, event: dict, player: int | None) -> dict:
        """An event as `player` may see it. Public by default."""
        return event

    def cards(self) -> list[dict]:
        """The card catalog, as data."""
        return []

    def labels(self, seen: dict, decision: dict) -> list[str]:
        """One human-readable label per option of `decision`, in order, written only from
        `seen` (the deciding seat's view, or the whole state) and the card catalog.
        The default names each move generically (`core/framework/labels.py`)."""
        from .labels import generic_label

        return [generic_label(o) for o in decision["options"]]

    # --- at a table with a clock ----------------------------------------------------------------
    # The move kinds that pass, decline or end the turn, best first: a seat whose clock ran out
    # makes the first of them it is offered (`default_move`).
    pass_kinds: ClassVar[tuple[str, ...]] = ()

    def default_move(self, state: dict, pending: list) -> dict:
        """The move a table makes for a seat whose clock ran out, given that seat's `pending`
        decisions: one of their options. Default: a pass (`pass_kinds`) where one is offered,
        else the first listed option (`pass_or_first`; `core/framework/timeouts.py`)."""
        return pass_or_first(pending, self.pass_kinds)

    # --- taking a move back (core/framework/undo.py) -----------------------------------------
    # Events that reveal a card to someone (a draw, a card turned up), with the words that say so.
    revealing_events: ClassVar[dict] = {}

    def timeout_bot(self, seat: int) -> str:
        """The bot that moves for `seat` when its clock runs out at a table set to `on_timeout: bot`:
        the game's `heuristic` bot where it has one, else `random`."""
        return "heuristic" if "heuristic" in getattr(self, "bots", dict)() else "random"

    # --- for tests: how to exercise the game ----------------------------------------------
    def sample_setups(self) -> tuple[Setup, ...]:
        """The tables the conformance suite plays (every mode and option worth a game of its
        own). Default: the fewest and the most players, default options, 100 games each."""
        return (Setup("min-players", self.min_players, {}, 100), Setup("max-players", self.max_players, {}, 100))

    def shuffle_hidden(self, state: dict, rng) -> dict:
        """A new state that differs from `state` only in what no seat may see (the face-down
        decks in another order...), drawing from `rng` (a `core.framework.rng.Rng`); `state` is
        left as it is. The hidden-information tests check that every view of it equals the
        view of `state`. A game with hidden cards must say how."""
        raise NotImplementedError(f"{self.name} does not say how to reshuffle its hidden cards")

    # --- for simulations (`shuffle simulate`, `shuffle balance`) -----------------------------
    def turns_played(self, state: dict, moves: list) -> int:
        """Turns played, all seats together, in the game that `moves` led to `state`: a game's
        length as people count it. Default: the moves made."""
        return len(moves)

    def roles(self, state: dict) -> list | None:
        """The role each seat plays (a character...), for win rates per role; None: no roles."""
        return None

    def statistics(self, state: dict) -> dict | None:
        """Figures of a finished game worth keeping in a simulation's record; None: none."""
        return None

    def thaw(self, state: dict) -> Draft:
        """The draft of the next state: `Draft.of(state)`, whose `state` is a new top-level dict
        with parts shared with `state` (a game may copy at once here what every move changes)."""
        return Draft.of(state)


def pass_or_first(pending: list, pass_kinds: tuple) -> dict:
    """The first option whose kind is in `pass_kinds` (a pass, a decline, the end of the turn), in
    the order of `pass_kinds` then of the options; else the first option of the first decision."""
    options = [o for d in pending for o in d["options"]]
    for kind in pass_kinds:
        for option in options:
            if option.get("kind") == kind:
                return option
    return options[0]


def decision(player: int, kind: str, prompt: str, options: list) -> dict:
    return {"player": player, "kind": kind, "prompt": prompt, "options": options}
