"""Building blocks of the schemas: unions of schemas, and fields that document them without loading them.

A game state is validated thoroughly by `core.check_state`; loading it through marshmallow
as well would cost several times the whole move (measured: ~670 us to load an 8-player state,
~130 us to dump it). So a `Json` field checks only that its value is an object and passes it
through unchanged, while the OpenAPI document still gets the precise nested schema:
`union2properties` (an apispec attribute function) turns the field into a `$ref` to a named
`oneOf`/`anyOf` component. Small values (a move) can be checked against that schema too.
"""

import functools
import json
from dataclasses import dataclass

import marshmallow as ma
from marshmallow import fields, validate

_SCHEMAS = "#/components/schemas/"


@dataclass(frozen=True)
class Union:
    """A named union of schemas, keyed by the value of `discriminator` when there is one.

    With a discriminator the alternatives exclude each other: `oneOf` plus an OpenAPI
    discriminator. Without one (moves of different games may look alike) it is an `anyOf`.
    """

    name: str
    alternatives: dict  # tag -> Schema class or Union
    discriminator: str | None = None


def in_vocabulary(words, alternatives: dict) -> dict:
    """The alternatives of a union (tag -> schema) for exactly the tags a game declares
    (`core/games/<game>/vocabulary.py`), in their order: a move kind or event type the game
    declares and the schema lacks (or the reverse) fails when the schemas are built."""
    missing, extra = [w for w in words if w not in alternatives], [t for t in alternatives if t not in words]
    if missing or extra:
        raise ValueError(f"the schema's union differs from the game's vocabulary: missing {missing}, extra {extra}")
    return {word: alternatives[word] for word in words}


class Json(fields.Field):
    """A JSON object documented by `doc` (a Schema class or a Union), passed through as is.

    `deep`: also check it against `doc`; meant for small values such as a move (a state is
    left to `core.check_state`). The value still passes through unchanged.
    """

    default_error_messages = {"invalid": "Not a valid JSON object."}

    def __init__(self, doc, *, deep: bool = False, **kwargs):
        super().__init__(**kwargs)
        self.doc = doc
        self.deep = deep

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict):
            raise self.make_error("invalid")
        if self.deep:
            check(self.doc, value)
        return value

    def _serialize(self, value, attr, obj, **kwargs):
        return value


def check(doc, value: dict) -> None:
    """Raise ValidationError unless `value` matches `doc`, as the spec's oneOf/anyOf would decide."""
    if not isinstance(doc, Union):
        errors = _instance(doc).validate(value)
        if errors:
            raise ma.ValidationError(errors)
        return
    if doc.discriminator:
        tag = value.get(doc.discriminator)
        if not isinstance(tag, str) or tag not in doc.alternatives:
            raise ma.ValidationError({doc.discriminator: [f"Must be one of: {', '.join(doc.alternatives)}."]})
        return check(doc.alternatives[tag], value)
    failures = []
    for alternative in doc.alternatives.values():
        try:
            return check(alternative, value)
        except ma.ValidationError as failure:
            failures.append(failure)
    raise failures[0] if len(failures) == 1 else ma.ValidationError(f"Matches none of the schemas of {doc.name}.")


@functools.cache
def _instance(schema_class) -> ma.Schema:
    return schema_class()


def union2properties(self, field, **kwargs) -> dict:
    """apispec attribute function: a `Json` field becomes a `$ref` to its schema or union."""
    if not isinstance(field, Json):
        return {}
    ref = reference(self, field.doc)
    return {"anyOf": [ref, {"type": "null"}]} if field.allow_none else ref


def reference(converter, doc) -> dict:
    """The `$ref` of `doc`, registering its component (and those of its alternatives) on first use."""
    if not isinstance(doc, Union):
        return converter.resolve_nested_schema(doc)
    components = converter.spec.components
    if doc.name not in components.schemas:
        refs = {tag: reference(converter, alt) for tag, alt in doc.alternatives.items()}
        if doc.discriminator:
            component = {
                "oneOf": list(refs.values()),
                "discriminator": {
                    "propertyName": doc.discriminator,
                    "mapping": {tag: ref["$ref"] for tag, ref in refs.items()},
                },
            }
        else:
            component = {"anyOf": list(refs.values())}
        components.schema(doc.name, component)
    return {"$ref": _SCHEMAS + doc.name}


# --- Small shared pieces ---------------------------------------------------------------------
class HiddenCard(ma.Schema):
    """A face-down card in a view: its place and count show, nothing else."""

    hidden = fields.Boolean(required=True, validate=validate.Equal(True))


def seat(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(min=0), **kwargs)


def const(value: str, **kwargs) -> fields.String:
    """A string that can take one value: a discriminator such as a move's `kind`."""
    return fields.String(required=True, validate=validate.OneOf([value]), **kwargs)


def one_of(values, **kwargs) -> fields.String:
    return fields.String(validate=validate.OneOf(list(values)), **kwargs)


def options_schema(game, *, complete: bool) -> type[ma.Schema]:
    """The options of a game, from its own metadata (`Game.options`): one typed field each.

    `complete`: the normal form stored in a state, where every option is present.
    """
    types = {
        "boolean": lambda o, **kw: fields.Boolean(**kw),
        "integer": lambda o, **kw: fields.Integer(strict=True, validate=_allowed(o), **kw),
        "string": lambda o, **kw: fields.String(validate=_allowed(o), **kw),
        "array": lambda o, **kw: fields.List(fields.String(validate=_allowed(o)), **kw),
    }
    declared = {
        # The default is said in words, not as `default`: generators (openapi-typescript) make a field
        # with a `default` required in the types they write, and these are optional in requests.
        o.name: types[o.type](o, required=complete, metadata={
            "description": f"{o.description} Default: `{json.dumps(o.default)}`."})
        for o in game.options
    }
    name = "".join(part.title() for part in game.id.split("-")) + ("StateOptions" if complete else "Options")
    return ma.Schema.from_dict(declared, name=name)


def _allowed(option):
    return validate.OneOf(list(option.allowed)) if option.allowed is not None else None


def labels_field() -> fields.List:
    """A decision's `labels`: one line of text per option, in the options' order (issue 19)."""
    return fields.List(fields.String(validate=validate.Length(min=1)), required=True, metadata={
        "description": "One human-readable label per option, in the same order (for a button): written "
                       "from the card catalog's names and what the deciding seat may see. No two alike "
                       "in a decision. Post the option back, never its label."})
