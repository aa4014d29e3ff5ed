"""Plot Twist's house starter set: the catalog from cards/*.toml, its vocabulary, look-ups by id.

No card list is published for Plot Twist, so every card is a house design (`source = "house"`),
with its full `text` for frontends and the structured fields the engine reads. Every word the
data may use is a tuple of vocabulary.py (re-exported here); `load` checks every card against
them and against the rulebook (Resistances are Attribute x3, a hero's color is its class's, no
Social Trauma...), so a malformed card file raises `CardDataError` at import, naming the card.

    >>> CARD["hero/athena"]["body"], weapon_bonus("equipment/spear-of-pallas")
    (5, (None, 1))
    >>> display_name("villain/dr-simoakli-unbound"), COLOR["hero/hope"]
    ('Dr. Simoakli - Unbound', 'green')
    >>> requirements("combat/energy-blast"), has("hero/tinkerbolt", "energy-projection")
    (('energy-projection',), True)
    >>> [len(IDS_OF[t]) >= 1 for t in CARD_TYPES] == [True] * len(CARD_TYPES)
    True
"""

import functools
import re
import tomllib
from pathlib import Path

from .vocabulary import (  # noqa: F401  (re-exported: the vocabulary of the catalog)
    CARD_TYPES, PLOT_TYPES, CHARACTER_TYPES, COLORS, CHARACTER_COLORS, CLASSES, CLASS_COLOR,
    INTRINSIC_KEYWORDS, KEYWORDS, ATTRIBUTES, RESISTANCES, RESISTANCE_ATTRIBUTE, APTITUDES,
    EXPERIENCES, TALENTS, HEROICS, SKILLS, WEAPON_KINDS, COMBAT_KINDS, ATTACK_KINDS, DISTANCES,
    MOVEMENT_KINDS, MANEUVER_DISTANCES, ACTIONS, ATTACK_REQUIRES, TRIGGERS, EFFECT_VERBS, TARGETS,
    COUNTERS, COSTS, STATS, STATUSES, DURATIONS, ROLL_KINDS, AMOUNTS, CONDITIONS, CARD_OF_VERB,
    TRIGGERS_OF,
)

_VERB_PARAMS = {  # verb -> (required, optional) parameters besides the common ones
    "deal": ({"resistance", "amount"}, {"trauma"}), "cause": ({"resistance", "amount"}, set()),
    "regenerate": ({"resistance", "amount"}, set()), "remove_trauma": ({"resistance", "amount"}, set()),
    "gain": ({"counter", "amount"}, set()), "lose": ({"counter", "amount"}, set()),
    "modify": ({"stat"}, {"amount", "set"}), "status": ({"status"}, set()),
    "end_status": ({"status"}, set()), "keyword": ({"keyword"}, set()),
    "heroic": ({"heroic"}, {"amount", "set"}), "lock": (set(), {"keyword", "heroic"}),
    "roll": ({"roll", "attribute", "with", "then"}, {"difficulty", "bonus"}),
    "draw": ({"amount"}, set()), "peek": ({"card"}, set()), "reveal": ({"card"}, set()),
    "nullify": ({"card"}, set()), "play": ({"card"}, set()),
}
_COMMON = {"on", "do", "target", "attack", "lasts", "for_turns", "in_turns", "cost"}
_CONDITION_PARAMS = {
    "roll": {"attribute", "with", "difficulty"}, "spend": {"counter", "amount"}, "recruit": {"count"},
    "kill": {"count"}, "incapacitate": {"who", "count"}, "turns": {"count"}, "revealed": {"count"},
}
_STATS_FIELDS = {"body", "mind", "charm", "power"}
_FIELDS = {  # type -> (required, optional) fields besides id, type, name, source, color, text, effects
    "hero": (_STATS_FIELDS | {"class", "resistances", "belief", "energy", "heroics", "skills",
                              "keywords", "advantage"}, {"persona"}),
    "villain": (_STATS_FIELDS | {"resistances", "hate", "energy", "heroics", "skills", "keywords",
                                 "advantage"}, {"persona"}),
    "mook": (_STATS_FIELDS | {"quantity", "heroics"}, {"skills"}),
    "ally": (_STATS_FIELDS | {"resistances", "heroics", "turns"}, {"persona"}),
    "equipment": (set(), {"weapon", "bonus", "requires", "keywords"}),
    "objective": ({"threat"}, {"locations", "requires"}),
    "event": ({"nullify"}, {"requires"}),
    "twist": (set(), {"nullify", "requires"}),
    "combat": ({"combat", "action"}, {"to", "aim", "at", "attack", "requires"}),
    "detail": (set(), {"requires"}), "location": (set(), {"requires"}), "lair": (set(), {"requires"}),
    "bystander": ({"difficulty", "life"}, {"requires"}),
}
_ID = re.compile(r"^([a-z]+)/[a-z0-9]+(?:-[a-z0-9]+)*$")
_BONUS = re.compile(r"^(\*|\d)/(\*|\d)$")


class CardDataError(ValueError):
    """A card file that is not what the engine expects; the message names the card."""


@functools.cache
def display(word: str) -> str:
    """A vocabulary word as printed: 'energy-projection' -> 'Energy Projection'."""
    small = {"of", "the"}
    parts = word.replace("-", " ").split()
    return " ".join(p if i and p in small else p.capitalize() for i, p in enumerate(parts))


def _a(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _fail(card: dict, message: str):
    raise CardDataError(f"card {card.get('id', '(no id)')}: {message}")


def _int(card: dict, value, what: str, lo: int, hi: int = 99) -> None:
    if type(value) is not int or not lo <= value <= hi:
        _fail(card, f"{what} must be a whole number from {lo} to {hi}, not {value!r}")


def _words(card: dict, value, what: str, vocabulary: tuple, empty: bool = False) -> None:
    if (not isinstance(value, list) or not all(isinstance(v, str) for v in value) or (not value and not empty)
            or len(set(value)) != len(value) or not set(value) <= set(vocabulary)):
        _fail(card, f"{what} must be a list of different words of {vocabulary}, not {value!r}")


def _ranks(card: dict, field: str, vocabulary: tuple) -> None:
    ranks = card.get(field, {})
    if not isinstance(ranks, dict) or not set(ranks) <= set(vocabulary):
        _fail(card, f"{field} must map words of {vocabulary} to ranks, not {ranks!r}")
    for word, rank in ranks.items():
        _int(card, rank, f"{field}.{word}", 1, 6)


def _amount(card: dict, value, what: str, lo: int = 1) -> None:
    if value not in AMOUNTS:
        _int(card, value, what, lo)


def _roll_parts(card: dict, attribute, with_, what: str) -> None:
    """One Attribute and a Heroic or Skill: Heroics combine with Body or Mind, Skills with Charm;
    Power is never used in a non-Damage Roll."""
    if attribute not in ("body", "mind", "charm"):
        _fail(card, f"{what}: a roll uses Body, Mind or Charm, not {attribute!r}")
    _words(card, with_, f"{what}.with", HEROICS + SKILLS)
    for word in with_:
        if (word in SKILLS) != (attribute == "charm"):
            _fail(card, f"{what}: {display(word)} does not combine with {display(attribute)}")


def _effect(card: dict, e, nested: bool = False, chosen: bool = False) -> None:
    where = f"effect {e!r}"
    if not isinstance(e, dict) or e.get("do") not in EFFECT_VERBS:
        _fail(card, f"{where}: `do` must be one of {EFFECT_VERBS}")
    verb = e["do"]
    required, optional = _VERB_PARAMS[verb]
    unknown = set(e) - _COMMON - required - optional
    if unknown or not required <= set(e):
        _fail(card, f"{where}: {verb} takes {sorted(required)} (and {sorted(optional)}), not {sorted(unknown)}")
    if nested == ("on" in e):
        _fail(card, f"{where}: a top-level effect needs `on`, an effect in `then` has none")
    if not nested and e["on"] not in TRIGGERS_OF[card["type"]]:
        _fail(card, f"{where}: {_a(card['type'])} has no {e['on']!r} trigger ({TRIGGERS_OF[card['type']]})")
    if e.get("on") == "hit" and not (card.get("combat") == "attack" or card.get("weapon")
                                     or (card["type"] in ("hero", "villain") and "attack" in e)):
        _fail(card, f"{where}: only an attack hits")
    if "cost" in e and (e.get("on") != "activate" or not isinstance(e["cost"], dict) or not e["cost"]
                        or not set(e["cost"]) <= set(COSTS)):
        _fail(card, f"{where}: a cost is a table of {COSTS}, on activated effects only")
    for counter, n in e.get("cost", {}).items():
        _int(card, n, f"cost.{counter}", 1, 9)
    if e.get("target", "self") not in TARGETS:
        _fail(card, f"{where}: target must be one of {TARGETS}")
    if "attack" in e and e["attack"] not in ATTACK_KINDS:
        _fail(card, f"{where}: attack must be one of {ATTACK_KINDS}")
    timing = [k for k in ("lasts", "for_turns", "in_turns") if k in e]
    if len(timing) > 1:
        _fail(card, f"{where}: one of lasts, for_turns, in_turns at most")
    if "lasts" in e and (e["lasts"] not in DURATIONS
                         or (e["lasts"] != "turn" and card["type"] != "combat")):
        _fail(card, f"{where}: lasts is one of {DURATIONS} ('attack' and 'combat' on combat cards only)")
    for k in ("for_turns", "in_turns"):
        if k in e:
            _int(card, e[k], k, 1, 10)
    if "resistance" in e:
        r = e["resistance"]
        choices = r if isinstance(r, list) else [r]
        _words(card, choices, f"{where}: resistance", RESISTANCES)
        if e.get("trauma") is not None and (type(e["trauma"]) is not bool or (e["trauma"] and "social" in choices)):
            _fail(card, f"{where}: trauma is true or false, and there is no Social Trauma")
    if verb in ("deal", "cause", "regenerate", "remove_trauma", "gain", "lose", "draw"):
        _amount(card, e["amount"], f"{where}: amount")
        if e["amount"] == "chosen" and not chosen:
            _fail(card, f"{where}: 'chosen' only follows a Chosen Roll")
    if verb in ("gain", "lose") and e["counter"] not in COUNTERS:
        _fail(card, f"{where}: counter must be one of {COUNTERS}")
    if verb in ("modify", "heroic"):
        if ("amount" in e) == ("set" in e):
            _fail(card, f"{where}: {verb} takes `amount` or `set`")
        if "amount" in e and (type(e["amount"]) is not int or e["amount"] == 0 or abs(e["amount"]) > 9):
            _fail(card, f"{where}: amount must be a whole number from -9 to 9, not 0")
        if "set" in e:
            _int(card, e["set"], f"{where}: set", 0, 9)
    if verb == "modify" and e["stat"] not in STATS:
        _fail(card, f"{where}: stat must be one of {STATS}")
    if verb in ("status", "end_status") and e["status"] not in STATUSES:
        _fail(card, f"{where}: status must be one of {STATUSES}")
    if verb == "keyword" and e["keyword"] not in KEYWORDS:
        _fail(card, f"{where}: keyword must be one of {KEYWORDS}")
    if verb == "heroic" and e["heroic"] not in HEROICS:
        _fail(card, f"{where}: heroic must be one of {HEROICS}")
    if verb == "lock" and not (("keyword" in e) != ("heroic" in e) and e.get("keyword", "armor") in KEYWORDS
                               and e.get("heroic", "flight") in HEROICS):
        _fail(card, f"{where}: lock takes one keyword or one heroic")
    if verb in CARD_OF_VERB and e["card"] not in CARD_OF_VERB[verb]:
        _fail(card, f"{where}: {verb} applies to {CARD_OF_VERB[verb]}")
    if verb == "roll":
        if e["roll"] not in ROLL_KINDS or ("difficulty" in e) != (e["roll"] == "fixed"):
            _fail(card, f"{where}: a roll is {ROLL_KINDS}; a Fixed Roll (only) has a difficulty")
        _roll_parts(card, e["attribute"], e["with"], where)
        if "difficulty" in e:
            _int(card, e["difficulty"], "difficulty", 0, 9)
        if "bonus" in e:
            _int(card, e["bonus"], "bonus", 1, 5)
        if not isinstance(e["then"], list) or not e["then"]:
            _fail(card, f"{where}: then lists what a win does")
        for inner in e["then"]:
            _effect(card, inner, nested=True, chosen=e["roll"] == "chosen")


def _condition(card: dict, field: str) -> None:
    c = card[field]
    if not isinstance(c, dict) or c.get("when") not in CONDITIONS or set(c) - {"when"} != _CONDITION_PARAMS[c["when"]]:
        _fail(card, f"{field} must be {{when = one of {CONDITIONS}, and its parameters}}, not {c!r}")
    when = c["when"]
    if when == "roll":
        _roll_parts(card, c["attribute"], c["with"], field)
        _int(card, c["difficulty"], f"{field}.difficulty", 0, 9)
    elif when == "spend":
        if c["counter"] not in ("belief", "energy"):
            _fail(card, f"{field}: the Heroes spend belief or energy")
        _int(card, c["amount"], f"{field}.amount", 1, 20)
    else:
        if when == "incapacitate" and c["who"] not in ("hero", "villain", "mook"):
            _fail(card, f"{field}: who is hero, villain or mook")
        if c["count"] != "heroes":
            _int(card, c["count"], f"{field}.count", 1, 20)


def _character(card: dict) -> None:
    t = card["type"]
    if card["color"] not in CHARACTER_COLORS:
        _fail(card, "a Character has one of the six Colors, never Golden")
    for a in ATTRIBUTES:
        _int(card, card[a], a, 1, 8)
    _ranks(card, "heroics", HEROICS)
    _ranks(card, "skills", SKILLS)
    if t in ("hero", "villain", "ally"):
        printed = card["resistances"]
        expected = {r: card[RESISTANCE_ATTRIBUTE[r]] * 3 for r in RESISTANCES if t != "ally" or r != "social"}
        if printed != expected:
            _fail(card, f"resistances must be Attribute x3: {expected}, not {printed!r}")
    counter = {"hero": "belief", "villain": "hate"}.get(t)
    if counter and not card[counter] == card["energy"] == card["power"] * 3:
        _fail(card, f"{counter} and energy must be Power x3 = {card['power'] * 3}")
    if t in ("hero", "villain"):
        _words(card, card["keywords"], "keywords", KEYWORDS, empty=True)
        if not isinstance(card["advantage"], str) or f"{card['advantage']}:" not in card["text"]:
            _fail(card, "the text must print the advantage as 'Name: what it does'")
        if not card.get("effects"):
            _fail(card, "an advantage needs its effects")
    if t == "hero":
        if card["class"] not in CLASSES or card["class"] not in card["keywords"]:
            _fail(card, "a hero's class is one of its keywords ('all Classes are Keywords')")
        if CLASS_COLOR[card["class"]] != card["color"]:
            _fail(card, f"a {display(card['class'])} is {display(CLASS_COLOR[card['class']])}")
    elif t == "villain" and set(card["keywords"]) & set(CLASSES):
        _fail(card, "only Heroes have Classes")
    if t == "mook":
        _int(card, card["quantity"], "quantity", 1, 20)
        if f"Quantity {card['quantity']}" not in card["text"]:
            _fail(card, "the text must print the Quantity")
    if t == "ally":
        _int(card, card["turns"], "turns", 1, 10)
        if f"{card['turns']} Turns" not in card["text"] or "Sacrifice" not in card["text"]:
            _fail(card, "an Ally's text prints its Turns and Sacrifice")


def _others(card: dict) -> None:
    t = card["type"]
    if card["color"] not in COLORS:
        _fail(card, f"color must be one of {COLORS}")
    printed = card.get("requires", [])
    if "requires" in card:
        _words(card, printed, "requires", KEYWORDS + HEROICS + SKILLS)
    for req in printed:
        if f"requires {display(req)}".lower() not in card["text"].lower():
            _fail(card, f"the text must print 'Requires {display(req)}'")
        if CLASS_COLOR.get(req) == card["color"]:
            _fail(card, f"a {display(card['color'])} card needs no 'Requires {display(req)}': its color says it")
        if req == _implied(card):
            _fail(card, f"{display(req)} is implied by the kind of attack; it is never printed")
    if t == "equipment":
        weapon = card.get("weapon")
        if weapon not in WEAPON_KINDS + (None,) or (weapon is None) != ("bonus" not in card):
            _fail(card, f"a weapon ({WEAPON_KINDS}) has a bonus; gear has neither")
        if weapon and (not _BONUS.match(str(card["bonus"])) or card["bonus"] == "*/*"
                       or f"{display(weapon)} Weapon" not in card["text"] or card["bonus"] not in card["text"]):
            _fail(card, f"bonus is 'Trauma/Stress' (a digit or *) printed in the text, not {card['bonus']!r}")
        keywords = card.get("keywords", [])
        _words(card, keywords, "keywords", KEYWORDS, empty="keywords" not in card)
        if keywords and not card["text"].startswith(" - ".join(display(k).upper() for k in keywords)):
            _fail(card, "the text starts with the keywords")
        if "overcharged" in keywords and (weapon != "ranged" or weapon_bonus_of(card)[1] < 2):
            _fail(card, "an Overcharged weapon is Ranged and counts the +2 Stress in its bonus")
    if t == "objective":
        if "▼" not in card["text"] or ("▲" in card["text"]) != any(e["on"] == "reveal" for e in card["effects"]):
            _fail(card, "the text prints ▼ Threat, and ▲ Reveal for its reveal effects")
        _condition(card, "threat")
        if not isinstance(card.get("locations", []), list):
            _fail(card, "locations must be a list of Location ids")
    if t in ("event", "twist") and "nullify" in card:
        _condition(card, "nullify")
        if "🎯" not in card["text"]:
            _fail(card, "the text prints 🎯 Nullify")
    if t == "event" and "⬆" not in card["text"]:
        _fail(card, "the text prints ⬆ Reveal")
    if t == "combat":
        _combat(card)
    if t == "bystander":
        _int(card, card["difficulty"], "difficulty", 0, 9)
        _int(card, card["life"], "life", 1, 9)
        ons = {e["on"] for e in card["effects"]}
        if (ons != {"recruit", "kill"} or f"{card['difficulty']}/{card['life']}" not in card["text"]
                or "{R}." not in card["text"] or "{K}." not in card["text"]):
            _fail(card, "a Bystander prints difficulty/life and both its {R}. and {K}. effects")
    if t in ("objective", "event", "twist", "detail", "location", "lair", "bystander") and not card["effects"]:
        _fail(card, f"{_a(t)} needs effects")


def _combat(card: dict) -> None:
    kind, shape = card["combat"], {k for k in ("to", "aim", "at", "attack") if k in card}
    expected = {"movement": {"to"}, "maneuver": {"aim", "at"}, "attack": {"attack"}, "special": set()}
    if kind not in COMBAT_KINDS or shape != expected[kind] or card["action"] not in ACTIONS:
        _fail(card, f"{_a(kind)} card has {sorted(expected.get(kind, []))} and an action of {ACTIONS}")
    if kind == "movement" and card["to"] not in MOVEMENT_KINDS:
        _fail(card, f"a movement card's `to` is one of {MOVEMENT_KINDS}")
    if kind == "maneuver" and (type(card["aim"]) is not bool or card["at"] not in MANEUVER_DISTANCES
                               or ("Aim." in card["text"]) != card["aim"]):
        _fail(card, f"a maneuver has aim (true or false, its text saying 'Aim.') and at {MANEUVER_DISTANCES}")
    if kind == "attack" and (card["attack"] not in ATTACK_KINDS[:4] or card["action"] != "attack"
                             or f"{display(card['attack'])} Attack" not in card["text"]):
        _fail(card, f"an attack card makes one of {ATTACK_KINDS[:4]} Attacks with the Attack action")
    word = {"movement": "Movement", "maneuver": "Maneuver", "special": "Special"}.get(kind)
    if word and word not in card["text"]:
        _fail(card, f"the text names the card's kind: {word}")


def _implied(card: dict) -> str | None:
    return ATTACK_REQUIRES.get(card.get("attack") or card.get("weapon"))


def weapon_bonus_of(card: dict) -> tuple[int | None, int | None]:
    """A weapon's (Trauma, Stress) bonus; None where it prints "*" (it cannot cause that kind)."""
    trauma, stress = card["bonus"].split("/")
    return tuple(None if b == "*" else int(b) for b in (trauma, stress))


def validate(card: dict) -> None:
    """Raise CardDataError (naming the card) unless the card is well-formed."""
    if not isinstance(card, dict) or not isinstance(card.get("id"), str):
        raise CardDataError(f"a card with no id: {card!r}")
    m = _ID.match(card["id"])
    if card.get("type") not in CARD_TYPES or not m or m.group(1) != card["type"]:
        _fail(card, f"type must be one of {CARD_TYPES} and the id '<type>/<kebab-case-name>'")
    t = card["type"]
    required, optional = _FIELDS[t]
    required = required | {"id", "type", "name", "source", "color", "text"}
    fields = set(card)
    if not required <= fields:
        _fail(card, f"{_a(t)} card needs the fields {sorted(required - fields)}")
    if fields - required - optional - {"effects"}:
        _fail(card, f"{_a(t)} card has no fields {sorted(fields - required - optional - {'effects'})}")
    if card["source"] != "house":
        _fail(card, 'source must be "house" (no card list is published for Plot Twist)')
    for field in ("name", "text") + (("persona",) if "persona" in card else ()):
        if not isinstance(card[field], str) or not card[field].strip():
            _fail(card, f"{field} must be non-empty text")
    effects = card.setdefault("effects", [])
    if not isinstance(effects, list):
        _fail(card, "effects must be a list")
    for e in effects:
        _effect(card, e)
    if t in CHARACTER_TYPES:
        _character(card)
        if t in ("hero", "villain") and not card["text"].startswith(
                " - ".join(display(k).upper() for k in card["keywords"])):
            _fail(card, "the text starts with the keywords")
    else:
        _others(card)


def validate_catalog(cards: list[dict]) -> None:
    """Each card (validate), then the catalog: ids unique; a Name shared only by Personas of one
    Character; objectives' first Locations are Locations."""
    for card in cards:
        validate(card)
    ids = [c["id"] for c in cards]
    for card in cards:
        if ids.count(card["id"]) > 1:
            _fail(card, "the id is used twice")
        same = [c for c in cards if c["name"] == card["name"]]
        if len(same) > 1 and (any(c["type"] != card["type"] or c["type"] not in CHARACTER_TYPES for c in same)
                              or len({c.get("persona") for c in same}) < len(same)):
            _fail(card, f"the name {card['name']!r} is shared by cards that are not Personas of one Character")
        for location in card.get("locations", []):
            if location not in ids or location.split("/")[0] != "location":
                _fail(card, f"{location!r} is not a Location of the catalog")


def load(directory: Path) -> list[dict]:
    """Every [[card]] of the *.toml files in `directory`, validated, in CARD_TYPES order."""
    cards = []
    for path in sorted(Path(directory).glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise CardDataError(f"{path.name}: {error}") from error
        if set(data) - {"card"}:
            raise CardDataError(f"{path.name}: only [[card]] tables, not {sorted(set(data) - {'card'})}")
        cards += data.get("card", [])
    validate_catalog(cards)
    return sorted(cards, key=lambda c: CARD_TYPES.index(c["type"]))


CATALOG: list[dict] = load(Path(__file__).parent / "cards")
CARD: dict[str, dict] = {c["id"]: c for c in CATALOG}
TYPE: dict[str, str] = {c["id"]: c["type"] for c in CATALOG}
NAME: dict[str, str] = {c["id"]: c["name"] for c in CATALOG}
COLOR: dict[str, str] = {c["id"]: c["color"] for c in CATALOG}
IDS_OF: dict[str, tuple[str, ...]] = {t: tuple(c["id"] for c in CATALOG if c["type"] == t) for t in CARD_TYPES}
GOLDEN = frozenset(c["id"] for c in CATALOG if c["color"] == "golden")


def display_name(card_id: str) -> str:
    """The name as printed, with the Persona after a "-": 'Dr. Simoakli - Unbound'."""
    card = CARD[card_id]
    return f"{card['name']} - {card['persona']}" if "persona" in card else card["name"]


def requirements(card_id: str) -> tuple[str, ...]:
    """What the one Character using the card must have: its printed requirements, then the one
    its kind of attack implies (Ranged: Energy Projection; Mental: Psyche)."""
    card = CARD[card_id]
    implied = _implied(card)
    return tuple(card.get("requires", ())) + ((implied,) if implied else ())


def has(character_id: str, requirement: str) -> bool:
    """Whether a Character (as printed) has a keyword, or a heroic or skill at rank 1 or more."""
    card = CARD[character_id]
    return (requirement in card.get("keywords", ()) or card.get("heroics", {}).get(requirement, 0) > 0
            or card.get("skills", {}).get(requirement, 0) > 0)


def weapon_bonus(card_id: str) -> tuple[int | None, int | None]:
    """A weapon's (Trauma, Stress) bonus by id; None where it prints "*"."""
    return weapon_bonus_of(CARD[card_id])


def catalog() -> list[dict]:
    """Every card as data, for GET /v1/games/plot-twist/cards."""
    return CATALOG
