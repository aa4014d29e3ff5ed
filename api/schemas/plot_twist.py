"""Plot Twist on the wire (docs/plot-twist-contract.md): state, view, moves, decisions, events,
outcome, cards.

They document the game for OpenAPI. A posted move is checked against `Move`; a posted state is
left to `core.check_state` (`integrity_conflict.check`), which knows what a consistent position is.
In a view, a card the viewer may not see is `{"hidden": true}` (HiddenCard): the face-down
Objective, unrevealed Events, other seats' Plot Hands and Combat hands, the decks once shuffled,
another seat's Combat card draws in events.

Written to grow a line at a time: a new state field is one entry of `_STATE_FIELDS` (and
`_VIEW_FIELDS` if a view hides something in it), a move kind one entry of `_MOVES`, an event
type one entry of `_EVENTS`; the unions are checked against the game's declared words
(`in_vocabulary`), and tests/api/test_plot_twist_api.py checks the state's fields against
`state.GAME_FIELDS` and validates whole games played over HTTP against the spec.
"""

from typing import ClassVar

from marshmallow import Schema, fields, validate

import core
from core.games.plot_twist import (
    DECISION_KINDS,
    EVENT_TYPES,
    MOVE_KINDS,
    OUTCOME_REASONS,
)
from core.games.plot_twist import actions as A
from core.games.plot_twist import aftermath as AM
from core.games.plot_twist import cards as C
from core.games.plot_twist import characters as CH
from core.games.plot_twist import combat as CB
from core.games.plot_twist import conflict as CF
from core.games.plot_twist import bystanders as BY
from core.games.plot_twist import crossover as CX
from core.games.plot_twist import reversal as RV
from core.games.plot_twist import rolls as R
from core.games.plot_twist import spending as SP
from core.games.plot_twist import state as S
from core.games.plot_twist import stealth as ST
from core.games.plot_twist import tally as T
from core.games.plot_twist.integrity_conflict import MODIFIER_STATS
from core.games.plot_twist.vocabulary import IDENTITIES

from .base import (
    Json,
    Union,
    const,
    in_vocabulary,
    labels_field,
    one_of,
    options_schema,
)

GAME = core.get_game("plot-twist")
_SCHEMAS = "#/components/schemas/"
_ID = r"[a-z0-9]+(?:-[a-z0-9]+)*"


def _pattern(types=C.CARD_TYPES) -> str:
    return rf"^(?:{'|'.join(types)})/{_ID}$"


CARD, CHARACTER = _pattern(), _pattern(C.CHARACTER_TYPES)


def _named(word: str, suffix: str) -> str:
    return "PlotTwist" + "".join(w.title() for w in word.split("_")) + suffix


def seat(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(0, GAME.max_players - 1), **kwargs)


def count(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(min=0), **kwargs)


def integer(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, **kwargs)


def card(pattern: str = CARD, **kwargs) -> fields.String:
    """A catalog id, `<type>/<kebab-case-name>` (GET /v1/games/plot-twist/cards)."""
    return fields.String(validate=validate.Regexp(pattern), **kwargs)


def character(**kwargs) -> fields.String:
    """A Character in play, named by its card id."""
    return card(CHARACTER, **kwargs)


def cards(pattern: str = CARD, **kwargs) -> fields.List:
    return fields.List(card(pattern), required=True, **kwargs)


class CardOrHidden(fields.Field):
    """A card id, or `{"hidden": true}` where the viewer may not see it."""

    default_error_messages: ClassVar[dict] = {"invalid": "Not a card id, nor a hidden card."}

    def __init__(self, **kwargs):
        alternatives = [{"type": "string", "pattern": CARD}, {"$ref": _SCHEMAS + "HiddenCard"}]
        if kwargs.get("allow_none"):
            alternatives.append({"type": "null"})
        super().__init__(metadata={"oneOf": alternatives, **kwargs.pop("metadata", {})}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        import re

        if isinstance(value, str) and re.fullmatch(CARD, value):
            return value
        if isinstance(value, dict) and value.keys() == {"hidden"} and value["hidden"] is True:
            return value
        raise self.make_error("invalid")


def seen_cards(**kwargs) -> fields.List:
    return fields.List(CardOrHidden(), required=True, **kwargs)


def per_seat(inner: fields.Field, description: str) -> fields.List:
    return fields.List(fields.List(inner), required=True, validate=validate.Length(GAME.min_players, GAME.max_players),
                       metadata={"description": description + " One list per seat, seat 0 (the GM) first."})


# --- Moves: each is posted back verbatim from a decision's options -------------------------------
def _move(kind: str, **extra):
    return Schema.from_dict({"player": seat(required=True), "kind": const(kind), **extra}, name=_named(kind, "Move"))


def _resistance(**kwargs):
    return one_of(C.RESISTANCES, **kwargs)


_PICK = {"card": card(required=True)}
_ACTING = {"character": character(required=True)}
_MOVES = {  # move kind -> its fields besides player and kind (one line per kind)
    "place_villain": _PICK, "place_equipment": _PICK, "no_equipment": {}, "place_mook": _PICK, "no_more_mooks": {},
    "place_location": _PICK, "place_objective": _PICK, "place_hero": _PICK, "add_plot": _PICK,
    "add_combat_card": _PICK, "add_twist": _PICK, "add_event": _PICK,
    "mulligan": {"cards": cards(metadata={"description": "The Combat cards to discard, sorted ([]: keep)."})},
    "initiate": {"character": character(required=True), "target": character(required=True)},
    "pass": {},
    "play_card": {"character": character(required=True), "card": card(required=True),
                  "to": one_of(CB.DMG.DISTANCES, metadata={"description": "A Movement card: the Distance it sets."}),
                  "target": character(metadata={"description": "The chosen target of the card's effect."}),
                  "resistance": _resistance(metadata={"description": "The chosen Resistance."}),
                  "chosen": count(metadata={"description": "A Chosen Roll's number."})},
    "attack": {"character": character(required=True), "attack": one_of(tuple(CB.DMG.ATTACKS), required=True),
               "card": card(required=True, allow_none=True, metadata={"description": "An Attack card, or null."}),
               "trauma": fields.Boolean(required=True, metadata={"description": "With a weapon that causes Trauma."})},
    "redraw": {"cards": cards(metadata={"description": "The Combat cards to discard, sorted ([]: none)."})},
    "regenerate": {"character": character(required=True), "resistance": _resistance(required=True)},
    "remove_trauma": {"character": character(required=True), "resistance": _resistance(required=True)},
    "extra_attack": {"character": character(required=True)},
    "recover": {"character": character(required=True), "status": one_of(tuple(A.RECOVER_COST), required=True)},
    # Flying, Hidden, Perception, Identity (stealth.py) and the Sneak Attack
    "fly": _ACTING, "land": _ACTING, "hide": _ACTING,
    "perceive": {**_ACTING, "target": character(required=True, metadata={"description": "A Hidden Character."})},
    "identity": {**_ACTING, "identity": one_of(IDENTITIES, required=True, allow_none=True,
                                               metadata={"description": "null: no Identity."})},
    "sneak_attack": {**_ACTING, "target": character(required=True),
                     "distance": one_of(CB.DMG.DISTANCES, required=True, metadata={"description": "The Distance set."})},
    # Plots (plots.py, bystanders.py)
    "play_plot": {**_ACTING, "card": card(required=True),
                  "target": character(allow_none=True, metadata={"description": "A Detail's chosen target."}),
                  "resistance": _resistance(), "chosen": count(),
                  "location": card(allow_none=True, metadata={"description": "The Location a Detail plays."}),
                  "you": character(metadata={"description": "An Incapacitated Hero's Detail: the Hero it calls 'you'."})},
    "recruit": {**_ACTING, "target": card(required=True), "attack": one_of(BY.ATTACKS["recruit"], required=True)},
    "kill": {**_ACTING, "target": card(required=True), "attack": one_of(BY.ATTACKS["kill"], required=True)},
    # the cards in play (in_play.py)
    "reveal_event": {"card": card(required=True)},
    "reveal_objective": {},
    "nullify_roll": {**_ACTING, "card": card(required=True)},
    "nullify_spend": {**_ACTING, "card": card(required=True)},
    "choose": {"card": card(required=True), "target": card(allow_none=True), "resistance": _resistance()},
    # spending Belief, Hate and Energy (spending.py)
    "activate": {**_ACTING, "effect": count(required=True, metadata={"description": "The index of the effect."}),
                 "target": character()},
    "buy_success": _ACTING,
    "buy_coin": {**_ACTING, "pool": one_of(SP.POOLS, required=True)},
    "add_quantity": {**_ACTING, "target": character(required=True)},
    "belief_damage": {**_ACTING, "target": character(required=True)},
    "raise_heroic": {**_ACTING, "heroic": one_of(C.HEROICS, required=True)},
    "gain_keyword": {**_ACTING, "keyword": one_of(SP.GAINED_KEYWORDS, required=True)},
    "heal": {**_ACTING, "resistance": one_of(SP.HEALED, required=True),
             "chosen": count(required=True, metadata={"description": "The Chosen Roll's number: the Stress Regenerated."})},
    "gadgeteer": {**_ACTING, "heroic": one_of(SP.GADGETS, required=True),
                  "ranks": count(required=True, metadata={"description": "X: the Ranks gained this Turn, for X Energy."})},
    # between two Conflicts, and Relocation (aftermath.py)
    "flee": {"card": card(_pattern(("lair",)), required=True)},
    "pursue": {"pursue": fields.Boolean(required=True)},
    "interview": {"extra": integer(required=True, metadata={"description": "Questions the GM adds (0-2)."}),
                  "bonus": integer(required=True, metadata={"description": "Coins the GM adds to every answer (0-2)."})},
    "answer": {**_ACTING, "skill": one_of(AM.SKILLS, required=True), "chosen": count(required=True),
               "target": character(required=True)},
    "no_answer": {},
    "next_location": {"card": card(_pattern(("location",)), required=True)},
    "relocate": {"card": card(required=True)},
    "play_hero": {**_ACTING, "hero": card(_pattern(("hero",)), required=True),
                  "equipment": card(_pattern(("equipment",)), required=True, allow_none=True,
                                    metadata={"description": "The Equipment it enters with; null: none."})},
    # Peeking at the Objective (stealth.py) and Reversal of Fortunes (reversal.py)
    "peek": _ACTING,
    "cure": {"hero": card(_pattern(("hero",)), required=True, metadata={"description": "The Hero given 1 Belief back."})},
    "reversal": {"effect": one_of(RV.EFFECTS, required=True, metadata={"description": "The effect bought with cured Belief."}),
                 "target": character(metadata={"description": "lock: a Character of the Heroes' side; "
                                                              "automatic_success: a Villain."}),
                 "word": one_of(RV.LOCKABLE, metadata={"description": "lock: the Heroic or Keyword Locked."}),
                 "card": card(_pattern(("villain",)), metadata={
                     "description": "crossover: a Villain of the GM's Plot Hand or one Hiding; persona: a Villain of "
                                    "the GM's Plot Hand whose other Persona is Incapacitated."})},
    # Villain Crossover (crossover.py)
    "new_main_villain": {"card": card(_pattern(("villain",)), required=True, metadata={
        "description": "The Villain in play who becomes the Main Villain."})},
}
Move = Union("PlotTwistMove", in_vocabulary(MOVE_KINDS, {kind: _move(kind, **extra) for kind, extra in _MOVES.items()}),
             discriminator="kind")


class PlotTwistDecision(Schema):
    player = seat(required=True)
    kind = one_of(DECISION_KINDS, required=True)
    prompt = fields.String(required=True)
    options = fields.List(Json(Move), required=True, validate=validate.Length(min=1))
    labels = labels_field()


# --- Outcome, state and view -------------------------------------------------------------------
class PlotTwistOutcome(Schema):
    winners = fields.List(seat(), required=True)
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                         metadata={"description": "1 for a winner, else 0, keyed by seat number."})
    reason = one_of(OUTCOME_REASONS, required=True, metadata={
        "description": "Why the game ended: every Hero or every Villain Incapacitated, the Main Villain Surrendered "
                       "(with no other Villain in play), or the Objective's Threat fulfilled."})


class PlotTwistSetup(Schema):
    step = one_of(S.STEPS, required=True)
    seat = seat(required=True, allow_none=True, metadata={"description": "Who decides; null: every seat at once."})


class PlotTwistCounters(Schema):
    stress = count(required=True)
    trauma = count(required=True)


PlotTwistResistances = Schema.from_dict(
    {r: fields.Nested(PlotTwistCounters, required=True) for r in C.RESISTANCES}, name="PlotTwistResistances")


class PlotTwistActions(Schema):
    move = fields.Integer(required=True, strict=True, validate=validate.Range(0, S.ACTIONS_MAX["move"]))
    attack = fields.Integer(required=True, strict=True, validate=validate.Range(0, S.ACTIONS_MAX["attack"]))


def _character(kind: str, **extra):
    """A Character record of that type (its fields: state.CHARACTER_FIELDS)."""
    return Schema.from_dict({
        "card": card(_pattern((kind,)), required=True), "seat": seat(required=True),
        "statuses": fields.List(one_of(C.STATUSES), required=True),
        "actions": fields.Nested(PlotTwistActions, required=True), **extra}, name=_named(kind, "Character"))


_POWERED = {"equipment": card(_pattern(("equipment",)), required=True, allow_none=True),
            "resistances": fields.Nested(PlotTwistResistances, required=True), "energy": count(required=True)}
Character = Union("PlotTwistCharacter", {
    "hero": _character("hero", belief=count(required=True), **_POWERED, joined=fields.Integer(
        strict=True, validate=validate.Range(min=1),
        metadata={"description": "A Hero played for 5 Belief: the Turn it came into play (absent: placed at Setup)."})),
    "villain": _character("villain", main=fields.Boolean(required=True), hate=count(required=True), **_POWERED,
                          crossed=fields.Integer(strict=True, validate=validate.Range(min=1), metadata={
                              "description": "A Villain who entered by a Crossover or as another Persona: the Turn it "
                                             "came into play (absent: placed at Setup)."}),
                          away=one_of(CX.AWAY, metadata={
                              "description": "Out of play: hiding (a Crossover Villain at 0 Hate, face down), "
                                             "surrendered, or replaced by another Persona (absent: in play)."})),
    "mook": _character("mook", quantity=count(required=True)),
    "ally": _character("ally", hero=character(required=True), time=count(required=True),
                       resistances=fields.Nested(Schema.from_dict(
                           {r: fields.Nested(PlotTwistCounters, required=True) for r in ("physical", "mental")},
                           name="PlotTwistAllyResistances"), required=True)),
})

PlotTwistTally = Schema.from_dict({kind: count(required=True) for kind in T.KINDS}, name="PlotTwistTally")


class PlotTwistModifier(Schema):
    who = character(required=True)
    source = card(required=True)
    stat = one_of(MODIFIER_STATS, required=True)
    attack = one_of(C.ATTACK_KINDS, required=True, allow_none=True)
    lasts = one_of(C.DURATIONS, required=True)
    amount = integer(metadata={"description": "Added to the stat (or `set`, or `status`: one of the three)."})
    set = count()
    status = one_of(C.STATUSES)
    heroic = one_of(C.HEROICS, metadata={"description": "Stat `heroic`: the Heroic it raises."})
    keyword = one_of(SP.GAINED_KEYWORDS, metadata={"description": "Stat `keyword`: the Keyword gained this Turn."})
    word = one_of(RV.LOCKABLE, metadata={"description": "Stat `lock`: the Heroic or Keyword Locked this Turn."})
    turns = fields.Integer(strict=True, validate=validate.Range(1, 9),
                           metadata={"description": "A `turn` modifier: the End of Turns it still lasts."})


class PlotTwistTurn(Schema):
    number = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    phase = one_of(CF.PHASES, required=True)
    initiating = one_of(CH.SIDES, required=True)
    at = one_of(CH.SIDES, required=True, allow_none=True,
                metadata={"description": "The side with Initiative; null: both passed in a row."})
    since = fields.List(one_of(CH.SIDES), required=True)
    out = fields.List(one_of(CH.SIDES), required=True)
    waiting = fields.List(seat(), required=True)
    mulligan = fields.List(seat(), required=True)
    initiated = fields.Dict(keys=fields.String(), values=fields.List(card(_pattern(C.CHARACTER_TYPES + ("bystander",)))),
                            required=True, metadata={"description": "The Combats each Character initiated this Turn: "
                                                                    "its targets (Characters, Bystanders)."})
    free = fields.Dict(keys=fields.String(), values=fields.List(one_of(A.FREE + ST.FREE_KINDS + SP.FREE_KINDS + ("relocate",))),
                       required=True)
    energy_spent = fields.Dict(keys=fields.String(), values=count(), required=True)
    modifiers = fields.List(fields.Nested(PlotTwistModifier), required=True)
    sent_prone = fields.List(character(), required=True, metadata={"description": "Sent Prone this Turn."})
    reversal = fields.Nested(Schema.from_dict({
        "cured": count(required=True, metadata={"description": "Belief the GM cured this Turn (at most X)."}),
        "spent": count(required=True, metadata={"description": "Of it, spent on effects."}),
        "reversed": one_of(RV.PHASES_REVERSED, required=True, allow_none=True, metadata={
            "description": "The phase Initiative was reversed in this Turn; null: not reversed."})},
        name="PlotTwistTurnReversal"), required=True, metadata={"description": "Reversal of Fortunes this Turn."})


class PlotTwistCombat(Schema):
    attacker = character(required=True)
    defender = character(required=True)
    step = one_of(CB.STEPS, required=True)
    distance = one_of(CB.DMG.DISTANCES, required=True)
    at = one_of(CB.COMBAT_SIDES, required=True, allow_none=True)
    since = fields.List(one_of(CB.COMBAT_SIDES), required=True)
    out = fields.List(one_of(CB.COMBAT_SIDES), required=True)
    aims = fields.List(character(), required=True)
    redraw = fields.List(seat(), required=True, allow_none=True)


def _objective(card_field):
    return {"card": card_field, "revealed": fields.Boolean(required=True),
            "peeked": fields.List(seat(), required=True, metadata={
                "description": "The Hero seats that peeked at it: their views show the card."}),
            "peeking": fields.Dict(keys=fields.String(), values=count(), required=True, metadata={
                "description": "{character: Successes accumulated toward peeking (Perception, Hacking)}."})}


def _event_card(card_field):
    return {"card": card_field, "revealed": fields.Boolean(required=True), "nullified": fields.Boolean(required=True)}


PlotTwistBystander = Schema.from_dict({"card": card(_pattern(("bystander",)), required=True), "seat": seat(required=True),
                                      "location": card(required=True)}, name="PlotTwistBystander")
PlotTwistTimer = Schema.from_dict({
    "card": card(required=True), "effect": count(required=True), "mode": one_of(("in", "for"), required=True),
    "counters": count(required=True), "of": count(required=True), "choice": fields.Dict(required=True)},
    name="PlotTwistTimer")
PlotTwistChoice = Schema.from_dict({"seat": seat(required=True), "card": card(required=True)}, name="PlotTwistChoice")
PlotTwistCounting = Schema.from_dict({kind: count(required=True) for kind in T.KINDS + ("spent",)},
                                     name="PlotTwistCounting")

PlotTwistObjective = Schema.from_dict(_objective(card(required=True, allow_none=True)), name="PlotTwistObjective")
PlotTwistObjectiveView = Schema.from_dict(_objective(CardOrHidden(required=True, allow_none=True)),
                                          name="PlotTwistObjectiveView")
PlotTwistEventCard = Schema.from_dict(_event_card(card(required=True)), name="PlotTwistEventCard")
PlotTwistEventCardView = Schema.from_dict(_event_card(CardOrHidden(required=True)), name="PlotTwistEventCardView")

class PlotTwistAftermath(Schema):
    step = one_of(AM.STEPS, required=True)
    questions = count(required=True, metadata={"description": "The Interview's questions (0 before it)."})
    asked = count(required=True, metadata={"description": "The questions asked so far."})
    bonus = fields.Integer(required=True, strict=True, validate=validate.Range(0, AM.BONUS),
                           metadata={"description": "The coins the GM adds to every answer."})


# The game's own state fields (state.GAME_FIELDS), one line each; `_VIEW_FIELDS` where a view hides cards.
_STATE_FIELDS = {
    "setup": fields.Nested(PlotTwistSetup, required=True, metadata={"description": "Setup's progress."}),
    "characters": fields.List(Json(Character), required=True, metadata={
        "description": "In play, in the order placed: the Main Villain, the GM's Mooks, the Heroes in seat order."}),
    "locations": cards(metadata={"description": "Face up; the first is the GM's initial Location."}),
    "location": card(required=True, allow_none=True, metadata={"description": "Where the Conflict is."}),
    "objective": fields.Nested(PlotTwistObjective, required=True, metadata={"description": "The GM's, face down."}),
    "plot_hands": per_seat(card(), "Plot Hands."),
    "combat_decks": per_seat(card(), "Combat Decks, face down, the first card drawn first."),
    "combat_hands": per_seat(card(), "Combat cards in hand."),
    "combat_discards": per_seat(card(), "Discarded Combat cards."),
    "twists_deck": cards(metadata={"description": "Face down, the first card Revealed first."}),
    "twists_in_play": cards(),
    "twists_discard": cards(),
    "events_cluster": fields.List(fields.Nested(PlotTwistEventCard), required=True, metadata={
        "description": "The GM's Events, face down until Revealed."}),
    "plot_discard": cards(),
    "tally": fields.Nested(PlotTwistTally, required=True, metadata={
        "description": "What the Conflict's card conditions count, each from 0."}),
    "identities": fields.Dict(keys=fields.String(), values=one_of(IDENTITIES), required=True, metadata={
        "description": "Each Character's Identity (none: absent)."}),
    "bystanders": fields.List(fields.Nested(PlotTwistBystander), required=True),
    "timers": fields.List(fields.Nested(PlotTwistTimer), required=True, metadata={
        "description": "Time counters of the cards in play."}),
    "choice": fields.Nested(PlotTwistChoice, required=True, allow_none=True, metadata={
        "description": "The card whose Reveal effects wait for `seat`'s `choose`."}),
    "counting": fields.Dict(keys=fields.String(), values=fields.Nested(PlotTwistCounting), required=True, metadata={
        "description": "For each standing card with a counting Nullify: the tally at its Reveal, and what was spent."}),
    "nullify_tries": fields.List(fields.List(card()), required=True, metadata={
        "description": "[character, card]: the Nullify Rolls made this Turn."}),
    "masterplan": fields.Boolean(required=True, metadata={"description": "A Masterplan is in progress."}),
    "turn": fields.Nested(PlotTwistTurn, required=True, allow_none=True, metadata={
        "description": "The Turn in progress; null during Setup."}),
    "combat": fields.Nested(PlotTwistCombat, required=True, allow_none=True, metadata={
        "description": "The Combat in progress; null between Combats."}),
    "aftermath": fields.Nested(PlotTwistAftermath, required=True, allow_none=True, metadata={
        "description": "Between two Conflicts (the Villain Fled): Pursuit, the Interview, the next Location; "
                       "null during a Conflict."}),
    "conflict": fields.Integer(required=True, strict=True, validate=validate.Range(min=1),
                               metadata={"description": "The Conflict's number, from 1."}),
}
_VIEW_FIELDS = {
    "objective": fields.Nested(PlotTwistObjectiveView, required=True),
    "plot_hands": per_seat(CardOrHidden(), "Plot Hands (another seat's hidden)."),
    "combat_decks": per_seat(CardOrHidden(), "Combat Decks (hidden but while their owner builds it)."),
    "combat_hands": per_seat(CardOrHidden(), "Combat cards in hand (another seat's hidden)."),
    "twists_deck": seen_cards(metadata={"description": "Hidden but from the Heroes while they build it."}),
    "events_cluster": fields.List(fields.Nested(PlotTwistEventCardView), required=True),
}
_FRAMEWORK_FIELDS = {
    "game": const(GAME.id),
    "version": fields.Integer(required=True, strict=True, validate=validate.Range(min=0)),
    "players": fields.Integer(required=True, strict=True, validate=validate.Range(GAME.min_players, GAME.max_players)),
    "options": fields.Nested(options_schema(GAME, complete=True), required=True),
    "outcome": fields.Nested(PlotTwistOutcome, required=True, allow_none=True),
}
PlotTwistState = Schema.from_dict({
    **_FRAMEWORK_FIELDS, "rng": fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{16}$")),
    **_STATE_FIELDS}, name="PlotTwistState")
PlotTwistView = Schema.from_dict({**_FRAMEWORK_FIELDS, **_STATE_FIELDS, **_VIEW_FIELDS}, name="PlotTwistView")


# --- Events --------------------------------------------------------------------------------------
class PlotTwistRollPart(Schema):
    name = fields.String(required=True)
    value = integer(required=True)


class PlotTwistThrow(Schema):
    who = fields.String(required=True, metadata={"description": "The Character rolling (its card id)."})
    pool = count(required=True)
    parts = fields.List(fields.Nested(PlotTwistRollPart), required=True)
    coins = fields.List(fields.Integer(strict=True, validate=validate.Range(0, 1)), required=True,
                        metadata={"description": "One per coin of the pool: 1 Heads (a Success), 0 Tails."})
    successes = count(required=True)
    automatic = count(required=True)
    total = count(required=True)


_P, _CH = {"player": seat(required=True)}, {"character": character(required=True)}
_ROLL = {  # rolls.py's event: fields by kind
    "kind": one_of(R.KINDS, required=True), "purpose": fields.String(),
    "rolls": fields.List(fields.Nested(PlotTwistThrow), required=True),
    "difficulty": count(metadata={"description": "A Fixed Roll's."}), "chosen": count(metadata={"description": "A Chosen Roll's."}),
    "winner": fields.String(allow_none=True, metadata={"description": "Not in a Damage Roll."}),
    "defeated": fields.List(fields.String()), "margin": count(), "damage": count(metadata={"description": "A Damage Roll's."}),
}
_EVENTS = {  # event type -> its fields besides type (one line per type)
    "villain_placed": {**_P, "card": card(required=True)},
    "equipment_placed": {**_P, **_CH, "card": card(required=True)},
    "equipment_declined": {**_P, **_CH},
    "mook_placed": {**_P, "card": card(required=True), "quantity": count(required=True)},
    "mooks_done": {**_P, "count": count(required=True)},
    "location_placed": {**_P, "card": card(required=True)},
    "objective_placed": {**_P, "card": CardOrHidden(required=True)},
    "hero_placed": {**_P, "card": card(required=True)},
    "plot_added": {**_P, "card": CardOrHidden(required=True)},
    "combat_card_added": {**_P, "card": CardOrHidden(required=True)},
    "twist_added": {**_P, "card": CardOrHidden(required=True)},
    "event_added": {**_P, "card": CardOrHidden(required=True)},
    "belief_lost": {**_P, **_CH, "amount": count(required=True)},
    "hate_gained": {**_P, **_CH, "amount": count(required=True)},
    "deck_shuffled": {"player": seat(required=True, allow_none=True), "deck": one_of(("combat", "twists"), required=True),
                      "cards": count(required=True)},
    "setup_done": {},
    "turn_started": {"number": count(required=True)},
    "twist_revealed": {"card": card(required=True)},
    "actions_renewed": {"move": count(required=True), "attack": count(required=True)},
    "combat_cards_drawn": {**_P, "cards": seen_cards()},
    "combat_cards_discarded": {**_P, "cards": cards()},
    "mulligan_taken": {**_P, "discarded": count(required=True, metadata={"description": "How many cards."})},
    "phase_started": {"phase": one_of(CF.PHASES, required=True), "initiating": one_of(CH.SIDES, required=True)},
    "combat_started": {"attacker": character(required=True), "defender": character(required=True),
                       "distance": one_of(CB.DMG.DISTANCES, required=True)},
    "combat_step": {"step": one_of(CB.STEPS, required=True), "distance": one_of(CB.DMG.DISTANCES, required=True)},
    "combat_card_played": {**_P, **_MOVES["play_card"]},
    "distance_changed": {"distance": one_of(CB.DMG.DISTANCES, required=True)},
    "attack_declared": {**_P, **_MOVES["attack"], "target": character(required=True)},
    "roll": _ROLL,
    "quantity_lost": {**_CH, "amount": count(required=True)},
    "damage_dealt": {**_CH, "resistance": _resistance(required=True), "stress": count(required=True),
                     "trauma": count(required=True)},
    "trauma_paid": {**_CH, "counter": one_of(C.COUNTERS, required=True), "amount": count(required=True)},
    "demoralized": _CH,
    "incapacitated": {**_CH, "by": card(required=True, allow_none=True)},
    "counter_changed": {**_CH, "counter": one_of(C.COUNTERS, required=True), "amount": integer(required=True),
                        "value": count(required=True)},
    "stress_regenerated": {**_CH, "resistance": _resistance(required=True), "amount": count(required=True)},
    "status_gained": {**_CH, "status": one_of(C.STATUSES, required=True)},
    "status_ended": {**_CH, "status": one_of(C.STATUSES, required=True)},
    "energy_spent": {**_CH, "amount": count(required=True), "for": one_of(tuple(A.ENERGY_COST), required=True),
                     "resistance": _resistance(required=True)},
    "attack_action_bought": {**_CH, "counter": one_of(C.COSTS, required=True), "amount": count(required=True)},
    "combat_ended": {"attacker": character(required=True), "defender": character(required=True)},
    "turn_ended": {"number": count(required=True)},
    "villain_fled": _CH,
    "villain_surrendered": _CH,
    "game_over": {"winners": fields.List(seat(), required=True), "reason": one_of(OUTCOME_REASONS, required=True)},
    "identity_changed": {**_CH, "identity": one_of(IDENTITIES, required=True, allow_none=True)},
    "counters_spent": {**_CH, "counter": one_of(C.COSTS + ("quantity",), required=True), "amount": count(required=True),
                       "for": fields.String(required=True, metadata={"description": "What it bought."})},
    "advantage_activated": {**_CH, "advantage": fields.String(required=True), "target": character(allow_none=True)},
    "hero_played": {**_P, **_CH, "card": card(required=True), "equipment": card(required=True, allow_none=True)},
    # between two Conflicts
    "lair_played": {**_P, "card": card(required=True)},
    "lair_discarded": {"card": card(required=True)},
    "pursuit_decided": {"pursue": fields.Boolean(required=True)},
    "conflict_ended": {"number": count(required=True)},
    "interview_started": {"questions": count(required=True), "bonus": count(required=True)},
    "question_answered": {**_P, "character": character(required=True, allow_none=True),
                          "skill": one_of(AM.SKILLS, required=True, allow_none=True), "won": fields.Boolean(required=True)},
    "interview_ended": {"questions": count(required=True)},
    "conflict_started": {"number": count(required=True), "location": card(required=True)},
    "relocated": {"from": card(required=True), "card": card(required=True)},
    # Plots
    "plot_played": {**_P, **_CH, "card": card(required=True), "plot": one_of(C.PLOT_TYPES, required=True)},
    "location_played": {**_P, "card": card(required=True)},
    "bystander_played": {**_P, "card": card(required=True), "location": card(required=True)},
    "ally_played": {**_P, "card": card(required=True), "hero": character(required=True)},
    "trauma_removed": {**_CH, "resistance": _resistance(required=True), "amount": count(required=True)},
    "objective_peeked": {**_P, **_CH, "card": CardOrHidden(required=True)},
    "location_triggered": {"card": card(required=True), "on": one_of(("start_of_turn", "end_of_turn"), required=True)},
    "time_counter_added": {"card": card(required=True), "counters": count(required=True), "of": count(required=True)},
    "ally_removed": {"card": card(required=True)},
    "ally_sacrificed": {"card": card(required=True), "hero": character(required=True)},
    "bystander_attacked": {**_P, **_CH, "target": card(required=True),
                           "attack": one_of(tuple(CB.DMG.ATTACKS), required=True),
                           "to": one_of(("recruit", "kill"), required=True)},
    "bystander_recruited": {**_CH, "card": card(required=True)},
    "bystander_killed": {**_CH, "card": card(required=True)},
    "bystander_unharmed": {"card": card(required=True)},
    # the cards in play
    "twist_without_effect": {"card": card(required=True), "rule": fields.String(required=True)},
    "twist_discarded": {"card": card(required=True), "reason": one_of(("done", "nullified"), required=True)},
    "event_revealed": {"card": card(required=True), "by": fields.String(required=True)},
    "objective_revealed": {"card": card(required=True), "by": fields.String(required=True)},
    "card_nullified": {"card": card(required=True), "by": fields.String(required=True)},
    "nullify_spent": {**_CH, "card": card(required=True), "counter": one_of(C.COSTS, required=True),
                      "amount": count(required=True), "spent": count(required=True), "of": count(required=True)},
    "choice_made": {**_P, "card": card(required=True), "target": card(allow_none=True), "resistance": _resistance()},
    "threat_fulfilled": {"card": card(required=True)},
    # Peeking at the Objective, Reversal of Fortunes, Locks
    "peek_progress": {**_P, **_CH, "successes": count(required=True), "accumulated": count(required=True),
                      "of": count(required=True)},
    "belief_cured": {**_CH, "value": count(required=True), "cured": count(required=True), "limit": count(required=True)},
    "reversal_bought": {"effect": one_of(RV.EFFECTS, required=True), "cost": count(required=True),
                        "target": character(), "word": one_of(RV.LOCKABLE), "card": card(_pattern(("villain",)))},
    "masterplan_initiated": {},
    "villain_crossed": {**_CH, "hate": count(required=True), "from": one_of(("plot_hand", "hiding"), required=True)},
    "persona_played": {**_CH, "replaces": character(required=True)},
    "villain_hid": _CH,
    "main_villain_chosen": {**_CH, "hate": count(required=True)},
    "lock_paid": {**_CH, "word": one_of(RV.LOCKABLE, required=True), "amount": count(required=True)},
}


def _event(type_: str, **extra):
    return Schema.from_dict({"type": const(type_), **extra}, name=_named(type_, "Event"))


Event = Union("PlotTwistEvent", in_vocabulary(EVENT_TYPES, {t: _event(t, **extra) for t, extra in _EVENTS.items()}),
              discriminator="type")


# --- The card catalog ----------------------------------------------------------------------------
_WORDS = fields.Dict(keys=fields.String(), values=count())
PlotTwistCard = Schema.from_dict({
    "id": card(required=True), "type": one_of(C.CARD_TYPES, required=True), "name": fields.String(required=True),
    "source": fields.String(required=True), "color": one_of(C.COLORS, required=True),
    "text": fields.String(required=True),
    "effects": fields.List(fields.Dict(), required=True, metadata={
        "description": "Structured effects (core/games/plot_twist/vocabulary.py); some are not applied yet."}),
    **{a: count() for a in C.ATTRIBUTES}, "class": one_of(C.CLASSES),
    "resistances": fields.Dict(keys=one_of(C.RESISTANCES), values=count()),
    **{n: count() for n in ("belief", "energy", "hate", "quantity", "difficulty", "life", "turns")},
    "heroics": _WORDS, "skills": _WORDS, "keywords": fields.List(fields.String()),
    "advantage": fields.String(), "persona": fields.String(),
    "weapon": one_of(C.WEAPON_KINDS), "bonus": fields.String(metadata={"description": "Trauma/Stress, as printed."}),
    "requires": fields.List(fields.String()), "locations": fields.List(card()),
    "threat": fields.Dict(), "nullify": fields.Dict(),
    "combat": one_of(C.COMBAT_KINDS), "action": one_of(C.ACTIONS), "attack": one_of(C.ATTACK_KINDS),
    "aim": fields.Boolean(), "at": one_of(C.MANEUVER_DISTANCES), "to": one_of(C.MOVEMENT_KINDS),
}, name="PlotTwistCard")


# The names the registry (api/schemas/__init__.py) looks for in every game's module.
State, View, Decision, Outcome, Card = PlotTwistState, PlotTwistView, PlotTwistDecision, PlotTwistOutcome, PlotTwistCard
