"""The Big Shuffle on the wire (docs/big-shuffle-contract.md; core/games/big_shuffle/game.py is the
truth): state, view, moves, decisions, events, outcome and the card catalog.

They document the game for OpenAPI. A posted move is checked against `Move`; a posted state is
left to `core.check_state`, which knows what a consistent position is.

Card ids are `<type>/<name>`; each field accepts exactly the ids of the card types that can be
there (a regexp built from the catalog, so it stays one line in the spec). A face-down card in a
view is `{"hidden": true}` (HiddenCard): decks, the hands of other seats, face-down agendas, the
buried part of each Midtown pile, and the card of a draw, steal or search another seat made.

The Law (option `expansions: ["the-law"]`) adds its cards to the catalog (the regexps take them in
every game: a base game's state or move that names one is refused by the engine), the `patrol`
noir type, and the state fields `patrols` and `protected`, present only with the expansion.
"""

import re

from marshmallow import Schema, fields, validate

import core
from core.games.big_shuffle.cards import CATALOG, EXPANSIONS, LINES, PLACES, SCENE_TYPES
from core.games.big_shuffle.vocabulary import (
    ATTEMPT_STEPS, CARD_SOURCES, CARD_TYPES, DECISION_KINDS, DRAW_SOURCES, EVENT_TYPES, MODES, MOVE_KINDS,
    NOIR_TYPES, ONE_SHOT_VERBS, OUTCOME_REASONS, RESHUFFLED_DECKS, SEARCH_TYPES, SIDES, STATIC_VERBS, STEPS,
    TASK_KINDS, TASK_VERBS, TRIGGERS, WINDOWS,
)

from .base import HiddenCard, Json, Union, const, in_vocabulary, one_of, labels_field, options_schema

GAME = core.get_game("big-shuffle")
PREFIX = "BigShuffle"
_SCHEMAS = "#/components/schemas/"


# --- Card ids ------------------------------------------------------------------------------------
def _ids(*types: str, scene_type: str | None = None) -> list[str]:
    return [c["id"] for c in CATALOG
            if c["type"] in types and (scene_type is None or c.get("scene_type") == scene_type)]


def _regexp(ids: list[str], extra: tuple = ()) -> str:
    """Exactly these ids (and the `extra` words), grouped by their `<type>/` prefix."""
    groups: dict[str, list[str]] = {}
    for i in ids:
        head, _, tail = i.partition("/")
        groups.setdefault(head, []).append(tail)
    parts = [f"{head}/(?:{'|'.join(tails)})" for head, tails in groups.items()] + list(extra)
    # plain words and hyphens only, so the pattern needs no escape (ECMA-262 and Python read it alike)
    assert all(re.fullmatch(r"[a-z0-9/(?:|)-]+", part) for part in parts), parts
    return "^(?:" + "|".join(parts) + ")$"


def card(types, *, scene_type: str | None = None, extra: tuple = (), ids: tuple = (), **kwargs) -> fields.String:
    """A card id of one of `types` (a string or a tuple) or one of `ids`, as a precise regexp."""
    types = (types,) if isinstance(types, str) else types
    return fields.String(validate=validate.Regexp(_regexp(_ids(*types, scene_type=scene_type) + list(ids), extra)),
                         **kwargs)


def _doing(verb: str) -> tuple:
    """The ids of the cards with an effect of this verb."""
    return tuple(c["id"] for c in CATALOG if any(e["do"] == verb for e in c["effects"]))


# The Law: The Vigilante's backing is hired like a goon; Not On My Watch! lies on a scene.
BACKERS = _doing("support")
PROTECTORS = _doing("protect")
assert BACKERS and PROTECTORS


def cards(types, *, scene_type: str | None = None, **kwargs) -> fields.List:
    return fields.List(card(types, scene_type=scene_type), required=True, **kwargs)


class CardOrHidden(fields.Field):
    """A card id of `types`, or `{"hidden": true}` when the viewer may not see it (null too if allowed)."""

    default_error_messages = {"invalid": "Not a card id of the right type, nor a hidden card."}

    def __init__(self, types, *, scene_type: str | None = None, **kwargs):
        types = (types,) if isinstance(types, str) else types
        self.regexp = re.compile(_regexp(_ids(*types, scene_type=scene_type)))
        alternatives = [{"type": "string", "pattern": self.regexp.pattern}, {"$ref": _SCHEMAS + "HiddenCard"}]
        if kwargs.get("allow_none"):
            alternatives.append({"type": "null"})
        metadata = {"oneOf": alternatives, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and self.regexp.fullmatch(value):
            return value
        if isinstance(value, dict) and value.keys() == {"hidden"} and value["hidden"] is True:
            return value
        raise self.make_error("invalid")

    def _serialize(self, value, attr, obj, **kwargs):
        return value


def hidden_list(**kwargs) -> fields.List:
    return fields.List(fields.Nested(HiddenCard), required=True,
                       metadata={"description": "Face down: only the count shows."}, **kwargs)


SCENE = ("scene", "title")  # what a city pile can hold (a title only on top of Midtown)


def line(**kwargs) -> fields.String:
    return one_of(LINES, metadata={"description": "The Law: a column (scene type) or a row (part of town)."},
                  **kwargs)


def seat(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(0, GAME.max_players - 1), **kwargs)


def seats(**kwargs) -> fields.List:
    return fields.List(seat(), required=True, **kwargs)


def integer(minimum: int | None = None, **kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(min=minimum) if minimum is not None else None,
                          **kwargs)


def _named(kind: str, suffix: str) -> str:
    return PREFIX + "".join(w.title() for w in kind.split("_")) + suffix


# --- Moves: each is posted back verbatim from a decision's options -------------------------------
def _move(kind: str, **extra):
    return Schema.from_dict({"player": seat(required=True), "kind": const(kind), **extra}, name=_named(kind, "Move"))


_TARGET = {"metadata": {"description": "Another seat the effect targets."}}
Move = Union(PREFIX + "Move", in_vocabulary(MOVE_KINDS, {
    "choose_character": _move("choose_character", character=card("character", required=True)),
    "ability": _move("ability", card=card(("character", "loot"), required=True,
                                          metadata={"description": "The character, or a loot that replaces its "
                                                                   "ability."}),
                     target=seat(**_TARGET), loot=card("loot")),
    "skip_ability": _move("skip_ability"),
    "draw": _move("draw", **{"from": one_of(DRAW_SOURCES, required=True)}),
    # Card fields take any noir card: a goon or reaction played as your card is well formed, and the
    # engine answers 409 with the rule it breaks (goons_only_in_scene_change, ...), not 422.
    "play": _move("play", card=card(NOIR_TYPES, required=True), target=seat(**_TARGET), loot=card("loot"),
                  scene=card(SCENE), to=one_of(PLACES), line=line()),
    "attempt": _move("attempt", scene=card(SCENE, required=True), to=one_of(PLACES, required=True)),
    "end_turn": _move("end_turn"),
    "stop": _move("stop"),
    "hire": _move("hire", card=card(NOIR_TYPES, ids=BACKERS, required=True,
                                    metadata={"description": "A goon in hand, or The Vigilante backing another "
                                                             "character's scene change (The Law)."}),
                  side=one_of(SIDES, required=True)),
    "pass": _move("pass"),
    "react": _move("react", card=card(NOIR_TYPES, required=True), side=one_of(SIDES),
                   scene=card("scene", metadata={"description": "Not On My Watch!: the scene it goes on."}),
                   patrol=card("patrol", metadata={"description": "An Anonymous Tip: the patrol it moves."}),
                   line=line()),
    "decline": _move("decline"),
    "trash": _move("trash", card=card("loot", required=True)),
    "discard_goon": _move("discard_goon", card=card("goon", required=True)),
    "lose_informant": _move("lose_informant"),
    "resolve": _move("resolve", card=card(CARD_TYPES, required=True,
                                          metadata={"description": "The source of the effect to resolve first."})),
    "score": _move("score", agenda=card("agenda", required=True)),
    "choose_drawer": _move("choose_drawer", target=seat(required=True, metadata={
        "description": "Neighborhood Watch: the seat that draws (yourself too)."})),
}), discriminator="kind")


class BigShuffleDecision(Schema):
    player = seat(required=True)
    kind = one_of(DECISION_KINDS, required=True)
    prompt = fields.String(required=True)
    options = fields.List(Json(Move, deep=True), required=True, validate=validate.Length(min=1))
    labels = labels_field()


# --- Outcome -------------------------------------------------------------------------------------
class BigShuffleOutcome(Schema):
    winners = fields.List(seat(), required=True, validate=validate.Length(equal=1))
    scores = fields.Dict(keys=fields.String(validate=validate.Regexp(r"^[0-3]$")), values=integer(0),
                         required=True, metadata={"description": "Expert mode points per seat, keyed by seat number "
                                                                 "(0 in the other modes)."})
    reason = one_of(OUTCOME_REASONS, required=True,
                    metadata={"description": "agendas: the active scenes match the winner's agendas; points: expert "
                                             "mode, 5 points scored."})


# --- The queue of effects waiting their turn -----------------------------------------------------
def _task(do: str, **extra):
    return Schema.from_dict({"do": const(do), **extra}, name=_named(do, "Task"))


_SOURCE = {"metadata": {"description": "The card whose effect this is."}}
EffectTask = _task(
    "effect",
    player=seat(required=True),
    verb=one_of(TASK_VERBS, required=True),
    source=card(CARD_TYPES, required=True, **_SOURCE),
    target=seat(**_TARGET),
    loot=card("loot"),
    scene=card(SCENE),
    to=one_of(PLACES),
    amount=integer(),
    type=one_of(SCENE_TYPES),
    card_type=one_of(SEARCH_TYPES),
)

Task = Union(PREFIX + "Task", in_vocabulary(TASK_KINDS, {
    "draw": _task("draw", player=seat(required=True), amount=integer(1, required=True),
                  source=card(CARD_TYPES, extra=("turn",), required=True,
                              metadata={"description": "The card that makes the draw; `turn`: the draw step."})),
    "trash": _task("trash", player=seat(required=True)),
    "kill_unless_goon": _task("kill_unless_goon", player=seat(required=True), source=card("scene", required=True)),
    "discard": _task("discard", card=card(("action", "reaction"), required=True)),
    "end_attempt": _task("end_attempt"),
    "effect": EffectTask,
    "order": _task("order", player=seat(required=True),
                   tasks=fields.List(fields.Nested(EffectTask), required=True, validate=validate.Length(min=2),
                                     metadata={"description": "The player's simultaneous effects, to be ordered."})),
}), discriminator="do")


# --- The scene change in progress ---------------------------------------------------------------
class BigShuffleGoon(Schema):
    seat = seat(required=True)
    card = card("goon", ids=BACKERS, required=True,
                metadata={"description": "A goon, or The Vigilante backing the scene change (The Law: `for`; the "
                                         "one entry that is not a goon: it counts as hiring one, and goes to no "
                                         "discard)."})
    side = one_of(SIDES, required=True)


class BigShuffleAttempt(Schema):
    player = seat(required=True)
    scene = card(SCENE, required=True)
    type = one_of(SCENE_TYPES, required=True)
    from_ = one_of(PLACES, required=True, data_key="from")
    to = one_of(PLACES, required=True)
    difficulty = integer(required=True)
    change = card("change", required=True, allow_none=True,
                  metadata={"description": "The revealed scene change card; null before it is revealed, and "
                                           "at step `continue` after The Cruiser (The Law)."})
    goons = fields.List(fields.Nested(BigShuffleGoon), required=True)
    modifier = integer(required=True, metadata={"description": "From reactions and the card that attempts."})
    step = one_of(ATTEMPT_STEPS, required=True)
    ask = seats(metadata={"description": "The seats still to be asked at this reaction moment, in order."})
    hirer = seat(required=True, allow_none=True, metadata={"description": "Who hires (or passes) next."})
    out = seats(metadata={"description": "The seats whose goon hiring is over."})
    since = seats(metadata={"description": "The seats that passed since the last hire."})
    no_goons = fields.Boolean(required=True)
    success = fields.Boolean(required=True, allow_none=True)
    chain = integer(1, required=True, metadata={"description": "1, then 2, 3... for Endless Rain's repeats."})


_InfluenceParts = Schema.from_dict({
    "character": integer(required=True, metadata={"description": "The character's influence of the scene's type."}),
    "informants": integer(required=True, metadata={"description": "The informant's modifier of that type (0 under "
                                                                  "a patrol that ignores informants) and its effects."}),
    "loot": integer(required=True, metadata={"description": "Influence from the character's working loot."}),
    "change_card": integer(required=True, metadata={"description": "The revealed scene change card (0 before it "
                                                                   "is revealed)."}),
    "goons": integer(required=True, metadata={"description": "The goons hired for and against, as they count now "
                                                            "(bonuses, softening, The Vigilante's backing)."}),
    "scene_effects": integer(required=True, metadata={"description": "Active scenes' influence effects."}),
    "patrols": integer(required=True, metadata={"description": "The Law: the patrols this scene change is "
                                                              "subject to (0 without)."}),
    "modifier": integer(required=True, metadata={"description": "Reactions and the card that attempts (the "
                                                               "attempt's `modifier`)."}),
}, name=PREFIX + "AttemptInfluenceParts")


class BigShuffleAttemptInfluence(Schema):
    total = integer(required=True, metadata={"description": "The modified influence if success were determined now: "
                                                           "the sum of the parts."})
    parts = fields.Nested(_InfluenceParts, required=True)
    difficulty = integer(required=True)
    needed = integer(0, required=True, metadata={"description": "How much more influence success needs "
                                                               "(0: it would succeed now)."})


class BigShuffleAttemptView(BigShuffleAttempt):
    influence = fields.Nested(BigShuffleAttemptInfluence, required=True,
                              metadata={"description": "Computed by the engine for views (not part of the "
                                                       "state): the running total beside the difficulty."})


# --- State and view ------------------------------------------------------------------------------
class BigShuffleTurn(Schema):
    player = seat(required=True)
    number = integer(1, required=True)
    step = one_of(STEPS, required=True)
    played = integer(0, required=True, metadata={"description": "Action and loot cards played this turn."})
    allowed = integer(1, required=True, metadata={"description": "How many may be played."})
    unlimited = fields.Boolean(required=True, metadata={"description": "A New York Minute: no limit."})
    attempted = fields.Boolean(required=True)


class BigShuffleSeat(Schema):
    character = card("character", required=True, allow_none=True)
    hand = cards(NOIR_TYPES)
    informant = card("informant", required=True, allow_none=True)
    loot = cards("loot")
    agenda = card("agenda", required=True, allow_none=True, metadata={"description": "The personal agenda."})
    score = integer(0, required=True)


class BigShuffleSeatView(BigShuffleSeat):
    hand = fields.List(CardOrHidden(NOIR_TYPES), required=True,
                       metadata={"description": "Hidden but for its owner, except the cards in `public`: another "
                                                "seat sees those first, then a placeholder for each hidden card."})
    agenda = CardOrHidden("agenda", required=True, allow_none=True,
                          metadata={"description": "The personal agenda: hidden but for its owner."})


class BigShuffleShared(Schema):
    seats = seats(validate=validate.Length(equal=2))
    agenda = card("agenda", required=True, allow_none=True)


class BigShuffleSharedView(BigShuffleShared):
    agenda = CardOrHidden("agenda", required=True, allow_none=True,
                          metadata={"description": "Hidden but for its two seats, except in beginner mode."})


class BigShuffleAgendas(Schema):
    deck = cards("agenda")
    aside = cards("agenda", metadata={"description": "Scored in expert mode (public)."})


class BigShuffleAgendasView(BigShuffleAgendas):
    deck = hidden_list()


def _pile(name: str, types, view: bool) -> type[Schema]:
    deck = hidden_list() if view else cards(types, metadata={"description": "Bottom first: deck[-1] is drawn next."})
    return Schema.from_dict({"deck": deck, "discard": cards(types, metadata={"description": "The top is last."})},
                            name=PREFIX + name + ("PileView" if view else "Pile"))


def _city(view: bool) -> type[Schema]:
    def piles(t: str) -> type[Schema]:
        midtown = (fields.List(CardOrHidden(SCENE, scene_type=t), required=True,
                               metadata={"description": "Face down but for its top two cards."}) if view
                   else cards(SCENE, scene_type=t, metadata={"description": "The top (last) is the active scene, "
                                                                            "or a title."}))
        return Schema.from_dict({"uptown": cards("scene", scene_type=t), "midtown": midtown,
                                 "downtown": cards("scene", scene_type=t)},
                                name=PREFIX + t.title() + ("PilesView" if view else "Piles"))

    return Schema.from_dict({t: fields.Nested(piles(t), required=True) for t in SCENE_TYPES},
                            name=PREFIX + ("CityView" if view else "City"))


_Patrols = Schema.from_dict({ln: card("patrol", required=True, allow_none=True) for ln in LINES},
                            name=PREFIX + "Patrols")


class BigShuffleProtection(Schema):
    scene = card("scene", required=True)
    card = card((), ids=PROTECTORS, required=True,
                metadata={"description": "The Not On My Watch! card lying on the scene."})
    player = seat(required=True, metadata={"description": "Who played it: it ends at the start of their turn."})


class _Position(Schema):
    """What the state and every view share."""

    game = const(GAME.id)
    version = integer(0, required=True)
    players = fields.Integer(required=True, strict=True, validate=validate.Range(GAME.min_players, GAME.max_players))
    options = fields.Nested(options_schema(GAME, complete=True), required=True)
    outcome = fields.Nested(BigShuffleOutcome, required=True, allow_none=True)
    characters = cards("character", metadata={"description": "The characters nobody chose (public)."})
    removed = cards("title", metadata={"description": "Titles that left the game."})
    played = cards(("action", "reaction"), metadata={"description": "Cards in play until their effects resolve."})
    turn = fields.Nested(BigShuffleTurn, required=True)
    queue = fields.List(Json(Task, deep=True), required=True,
                        metadata={"description": "Effects waiting their turn; the first resolves next."})
    # The Law only: both present with the expansion, both absent without it
    patrols = fields.Nested(_Patrols, metadata={"description": "The Law: the patrol (or null) on each column "
                                                               "and row (public)."})
    protected = fields.List(fields.Nested(BigShuffleProtection),
                            metadata={"description": "The Law: Not On My Watch! cards lying on scenes (public)."})


class BigShuffleState(_Position):
    rng = fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{16}$"))
    attempt = fields.Nested(BigShuffleAttempt, required=True, allow_none=True,
                            metadata={"description": "The scene change in progress."})
    public = cards(NOIR_TYPES, metadata={"description": "The cards in hands that the rules make public knowledge "
                                                        "(they came back from a discard), each once; every view "
                                                        "shows them. Required since 2026-11-25 (issue 12)."})
    seats = fields.List(fields.Nested(BigShuffleSeat), required=True)
    shared = fields.List(fields.Nested(BigShuffleShared), required=True,
                         metadata={"description": "The agendas between neighbours."})
    agendas = fields.Nested(BigShuffleAgendas, required=True)
    noir = fields.Nested(_pile("Noir", NOIR_TYPES, False), required=True)
    informants = fields.Nested(_pile("Informant", "informant", False), required=True)
    changes = fields.Nested(_pile("Change", "change", False), required=True)
    city = fields.Nested(_city(False), required=True)


class BigShuffleView(_Position):
    attempt = fields.Nested(BigShuffleAttemptView, required=True, allow_none=True,
                            metadata={"description": "The scene change in progress, with its running influence."})
    public = cards(NOIR_TYPES, metadata={"description": "The cards in hands that are public knowledge (back "
                                                        "from a discard): shown in every seat's hand."})
    seats = fields.List(fields.Nested(BigShuffleSeatView), required=True)
    shared = fields.List(fields.Nested(BigShuffleSharedView), required=True)
    agendas = fields.Nested(BigShuffleAgendasView, required=True)
    noir = fields.Nested(_pile("Noir", NOIR_TYPES, True), required=True)
    informants = fields.Nested(_pile("Informant", "informant", True), required=True)
    changes = fields.Nested(_pile("Change", "change", True), required=True)
    city = fields.Nested(_city(True), required=True)


# --- Events --------------------------------------------------------------------------------------
def _event(type_: str, **extra):
    return Schema.from_dict({"type": const(type_), **extra}, name=_named(type_, "Event"))


def _player(**extra):
    return {"player": seat(required=True), **extra}


_SHUFFLED = Schema.from_dict({
    t: fields.Nested(Schema.from_dict({"uptown": cards("scene", scene_type=t),
                                       "active": card("scene", scene_type=t, required=True),
                                       "downtown": cards("scene", scene_type=t)},
                                      name=PREFIX + t.title() + "Shuffled"), required=True)
    for t in SCENE_TYPES}, name=PREFIX + "ShuffledCity")

Event = Union(PREFIX + "Event", in_vocabulary(EVENT_TYPES, {
    "game_started": _event("game_started", players=fields.Integer(required=True, strict=True),
                           mode=one_of(MODES, required=True)),
    "character_chosen": _event("character_chosen", **_player(character=card("character", required=True))),
    "cards_dealt": _event("cards_dealt", hand=integer(0, required=True, metadata={
        "description": "Noir cards dealt to each seat (face down)."}),
        informants=fields.List(card("informant", allow_none=True), required=True, metadata={
            "description": "Each seat's informant, in seat order (face up); every seat also got a personal "
                           "agenda and the shared agendas were placed (face down)."})),
    "turn_started": _event("turn_started", **_player(number=integer(1, required=True))),
    "ability_used": _event("ability_used", **_player(card=card(("character", "loot"), required=True))),
    "card_drawn": _event("card_drawn", **_player(
        **{"from": one_of(DRAW_SOURCES, required=True)},
        card=CardOrHidden(NOIR_TYPES, required=True,
                          metadata={"description": "From the deck: hidden but for the drawer."}))),
    "deck_empty": _event("deck_empty", **_player(deck=one_of(("noir",), required=True))),
    "deck_reshuffled": _event("deck_reshuffled", deck=one_of(RESHUFFLED_DECKS, required=True)),
    "card_played": _event("card_played", **_player(card=card(("loot", "action"), required=True))),
    "card_taken": _event("card_taken", **_player(card=card(NOIR_TYPES, required=True),
                                                 **{"from": one_of(("discard",), required=True)})),
    "card_discarded": _event("card_discarded", **_player(card=card(NOIR_TYPES, required=True))),
    "card_stolen": _event("card_stolen", **_player(
        target=seat(required=True),
        card=CardOrHidden(NOIR_TYPES, required=True,
                          metadata={"description": "Hidden but for the two seats, unless `public`."}),
        public=fields.Boolean(required=True, metadata={"description": "The card was public knowledge (back from a "
                                                                      "discard): it stays public, seen by all."}))),
    "loot_stolen": _event("loot_stolen", **_player(target=seat(required=True), card=card("loot", required=True))),
    "loot_trashed": _event("loot_trashed", **_player(card=card("loot", required=True))),
    "deck_searched": _event("deck_searched", **_player(
        card_type=one_of(SEARCH_TYPES, required=True),
        card=CardOrHidden(NOIR_TYPES, required=True, allow_none=True,
                          metadata={"description": "null: none found. Hidden but for the searcher."}))),
    "informant_killed": _event("informant_killed", **_player(card=card("informant", required=True))),
    "informant_replaced": _event("informant_replaced", **_player(card=card("informant", required=True))),
    "informant_revealed": _event("informant_revealed", **_player(
        card=card("informant", required=True, allow_none=True,
                  metadata={"description": "null: no informant was left."}))),
    "attempt_started": _event("attempt_started", **_player(
        scene=card(SCENE, required=True), scene_type=one_of(SCENE_TYPES, required=True),
        **{"from": one_of(PLACES, required=True)}, to=one_of(PLACES, required=True),
        difficulty=integer(required=True))),
    "change_revealed": _event("change_revealed", **_player(card=card("change", required=True))),
    "reaction_played": _event("reaction_played", **_player(card=card("reaction", required=True), side=one_of(SIDES),
                                                           scene=card("scene"), patrol=card("patrol"), line=line())),
    "goon_hired": _event("goon_hired", **_player(card=card("goon", ids=BACKERS, required=True),
                                                 side=one_of(SIDES, required=True))),
    "passed": _event("passed", **_player()),
    "attempt_resolved": _event("attempt_resolved", **_player(
        scene=card(SCENE, required=True), influence=integer(required=True), difficulty=integer(required=True),
        success=fields.Boolean(required=True))),
    "scene_changed": _event("scene_changed", scene=card(SCENE, required=True),
                            **{"from": one_of(PLACES, required=True)}, to=one_of(PLACES, required=True)),
    "scene_moved": _event("scene_moved", scene=card(SCENE, required=True), **{"from": one_of(PLACES, required=True)},
                          to=one_of(PLACES + ("bottom",), required=True,
                                    metadata={"description": "bottom: the bottom of its Midtown pile."})),
    "scene_activated": _event("scene_activated", scene=card("scene", required=True)),
    "title_removed": _event("title_removed", card=card("title", required=True)),
    "big_shuffle": _event("big_shuffle", city=fields.Nested(_SHUFFLED, required=True)),
    "agenda_scored": _event("agenda_scored", **_player(agenda=card("agenda", required=True),
                                                       points=integer(0, required=True))),
    "agenda_dealt": _event("agenda_dealt", players=seats(validate=validate.Length(min=1)),
                           card=CardOrHidden("agenda", required=True,
                                             metadata={"description": "Face down: hidden but for its seats."}),
                           face_up=fields.Boolean(required=True)),
    "agendas_matched": _event("agendas_matched", **_player()),
    "game_over": _event("game_over", outcome=fields.Nested(BigShuffleOutcome, required=True)),
    # The Law
    "patrol_played": _event("patrol_played", **_player(
        card=card("patrol", required=True), line=line(required=True),
        replaced=card("patrol", required=True, allow_none=True,
                      metadata={"description": "The patrol discarded from that line, or null."}))),
    "patrol_moved": _event("patrol_moved", **_player(
        card=card("patrol", required=True), **{"from": line(required=True)}, to=line(required=True),
        replaced=card("patrol", required=True, allow_none=True,
                      metadata={"description": "The patrol discarded from that line, or null."}))),
    "scene_protected": _event("scene_protected", **_player(scene=card("scene", required=True),
                                                           card=card((), ids=PROTECTORS, required=True))),
    "move_prevented": _event("move_prevented", scene=card(SCENE, required=True), to=one_of(PLACES, required=True),
                             protected=card("scene", required=True,
                                            metadata={"description": "The protected scene in the way."})),
    "protection_ended": _event("protection_ended", scene=card("scene", required=True),
                               card=card((), ids=PROTECTORS, required=True)),
}), discriminator="type")


# --- The card catalog ----------------------------------------------------------------------------
class BigShuffleEffect(Schema):
    on = one_of(TRIGGERS, required=True)
    do = one_of(STATIC_VERBS + ONE_SHOT_VERBS, required=True)
    amount = integer()
    type = one_of(SCENE_TYPES + ("any",))
    target = one_of(("other", "attempter"))
    card_type = one_of(SEARCH_TYPES)
    window = one_of(WINDOWS, metadata={"description": "A reaction's moment."})
    side = one_of(("choose",), metadata={"description": "choose: the player picks for or against."})
    max_hand = integer(0, metadata={"description": "A patrol's `influence` applies only if the attempting "
                                                   "character holds at most this many cards (The Law)."})
    goon = card("goon", metadata={"description": "`cruise`: the goon to hire (The Law)."})


def _per_type(name: str) -> type[Schema]:
    return Schema.from_dict({t: integer(required=True) for t in SCENE_TYPES}, name=PREFIX + name)


def _difficulty() -> type[Schema]:
    return Schema.from_dict({"up": integer(required=True), "down": integer(required=True)},
                            name=PREFIX + "Difficulty")


_Influence, _Modifiers, _Difficulty = _per_type("Influence"), _per_type("Modifiers"), _difficulty()


def _card(type_: str, **extra):
    return Schema.from_dict({
        "id": card(type_, required=True),
        "type": const(type_),
        "name": fields.String(required=True),
        "source": one_of(CARD_SOURCES, required=True),
        "text": fields.String(required=True),
        "effects": fields.List(fields.Nested(BigShuffleEffect), required=True),
        "expansion": one_of(EXPANSIONS, metadata={"description": "The expansion of the card; absent: the base "
                                                                 "game."}),
        **extra,
    }, name=_named(type_, "Card"))


def _scene_card(type_: str):
    return _card(type_, scene_type=one_of(SCENE_TYPES, required=True),
                 active=fields.Nested(_Difficulty, required=True,
                                      metadata={"description": "Difficulty from the active side."}),
                 inactive=fields.Nested(_Difficulty, required=True))


Card = Union(PREFIX + "Card", in_vocabulary(CARD_TYPES, {
    "character": _card("character", influence=fields.Nested(_Influence, required=True)),
    "informant": _card("informant", modifiers=fields.Nested(_Modifiers, required=True)),
    "change": _card("change", modifier=integer(required=True)),
    "agenda": _card("agenda", **{t: card("scene", scene_type=t, required=True) for t in SCENE_TYPES}),
    "scene": _scene_card("scene"),
    "title": _scene_card("title"),
    "goon": _card("goon", **{"for": integer(required=True), "against": integer(required=True)}),
    "loot": _card("loot"),
    "action": _card("action"),
    "reaction": _card("reaction", play_when=one_of(WINDOWS, required=True)),
    "patrol": _card("patrol"),
}), discriminator="type")


# The names the registry (api/schemas/__init__.py) looks for in every game's module.
State, View, Decision, Outcome = BigShuffleState, BigShuffleView, BigShuffleDecision, BigShuffleOutcome

__all__ = ["State", "View", "Move", "Decision", "Event", "Outcome", "Card", "Task"]
