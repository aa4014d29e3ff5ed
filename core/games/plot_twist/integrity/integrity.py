"""Is a Plot Twist state from outside a consistent position? The Setup part: `check_setup` raises
InvalidState (and nothing else, whatever the values) unless the state is one Setup can reach.

- the fields: exactly the framework's and the game's; 2-6 seats; the Setup progress;
- every card an id of the catalog, of a type that can lie where it lies;
- what is in play replayed pick by pick through `decks.py`'s predicates, in the order of Setup (so
  a card in two places, a second Main Villain, a Hero of the wrong seat, a Plot Hand holding a card
  in play or two copies are refused with the rule they break), and only what the progress allows;
- every collection within its size (Plot Hand 5, Combat Deck 10, Twists! Deck 10, Events Cluster 5),
  and whole where Setup has moved past it;
- every counter within its bounds: Stress + Trauma never above the Resistance, no Social Trauma,
  Belief never above the Belief value, actions at most 2 Move and 1 Attack; before the first Turn,
  exactly the counters Setup places.
"""

from collections.abc import Sequence

from core.framework.budget import is_int
from core.framework.errors import InvalidState
from core.framework.game import FRAMEWORK_FIELDS

from .. import cards as C
from ..characters import characters as CH
from ..setup import decks as D
from ..effects import tally
from ..state import (
    ACTIONS_MAX,
    AFTERMATH_FIELDS,
    AFTERMATH_STEPS,
    CHARACTER_FIELDS,
    CROSSOVER_HATE,
    EVENT_FIELDS,
    GAME_FIELDS,
    GM,
    GONE,
    MAX_CONFLICTS,
    OBJECTIVE_FIELDS,
    PEEK_SUCCESSES,
    PER_SEAT,
    SETUP_MODES,
    STEPS,
    in_play,
    users_of,
)
from ..vocabulary import IDENTITIES

STATE_FIELDS = frozenset(FRAMEWORK_FIELDS + GAME_FIELDS)
COUNTER_LIMIT = 999  # Energy and Hate have no printed maximum; no position comes near this
_ALL = frozenset(C.CARD)


def _bad(message: str, field: str | None = None) -> InvalidState:
    return InvalidState(message, {field: ["invalid"]} if field else None)


def _int(x, lo: int, hi: int, message: str, field: str) -> int:
    if type(x) is int and lo <= x <= hi:  # `is_int`, inlined: the common case of a state's many counters
        return x
    if not is_int(x, lo, hi):
        raise _bad(f"{message} must be a whole number from {lo} to {hi}, not {x!r}.", field)
    return x


def _bool(x, message: str, field: str) -> bool:
    if type(x) is not bool:
        raise _bad(f"{message} must be true or false.", field)
    return x


def _dict(x, keys: frozenset, message: str, field: str) -> dict:
    if type(x) is not dict or x.keys() != keys:
        raise _bad(f"{message} must be an object with exactly the fields {sorted(keys)}.", field)
    return x


def _card(x, types: Sequence[str], message: str, field: str) -> str:
    if type(x) is not str or x not in _ALL:
        raise _bad(f"{message} must be the id of a card of Plot Twist's catalog, not {x!r}.", field)
    if C.TYPE[x] not in types:
        raise _bad(f"{message} cannot be {C.display_name(x)}, a {C.TYPE[x]} card.", field)
    return x


_STR = frozenset((str,))
_IDS_OF_TYPES: dict = {}  # types (a tuple) -> the ids of the catalog's cards of those types


def _plain_cards(x, types: tuple, most: int) -> bool:
    """Does `_cards` accept `x`? The common case, asked without building its messages: a list of at most
    `most` strings (exactly), each the id of a card of one of `types`."""
    ids = _IDS_OF_TYPES.get(types)
    if ids is None:
        ids = _IDS_OF_TYPES[types] = frozenset(c for c in C.CARD if C.TYPE[c] in types)
    return type(x) is list and len(x) <= most and _STR.issuperset(map(type, x)) and ids.issuperset(x)


def _cards(x, types: Sequence[str], most: int, message: str, field: str) -> list:
    if _plain_cards(x, types, most):
        return x
    if type(x) is not list or len(x) > most:
        raise _bad(f"{message} must be a list of at most {most} card ids.", field)
    for i, card in enumerate(x):
        _card(card, types, f"{message}'s card {i}", f"{field}.{i}")
    return x


def _refused(refusal: D.Refusal, where: str) -> None:
    if refusal:
        code, sentence = refusal
        raise InvalidState(f"{where}: {sentence}", {where: [code]})


def check_setup(state: dict) -> None:
    """InvalidState unless `state` is a position Setup reaches (see the module's docstring)."""
    if type(state) is not dict or state.keys() != STATE_FIELDS:
        names = sorted(set(state) ^ STATE_FIELDS) if type(state) is dict else ["(not an object)"]
        raise _bad(f"A Plot Twist state has exactly the fields {sorted(STATE_FIELDS)}; not {names[0]!r}.")
    n = _int(state["players"], 2, 6, "'players'", "players")
    options = state["options"]
    if type(options) is not dict or options.get("setup") not in SETUP_MODES:
        raise _bad(f"The options must name the setup, one of {list(SETUP_MODES)}.", "options")
    step, seat = _progress(state, n)
    if step != "done" and state["outcome"] is not None:
        raise _bad("A game in Setup has no outcome.", "outcome")
    for field in PER_SEAT:
        if type(state[field]) is not list or len(state[field]) != n:
            raise _bad(f"'{field}' must list one pile per seat ({n}).", field)
    _in_play(state, n, step, seat)
    _collections(state, n, step)
    _counters(state, step)
    _villains(state, step)
    _int(state["conflict"], 1, MAX_CONFLICTS if step == "done" else 1, "The Conflict's number", "conflict")
    aftermath = state["aftermath"]  # between two Conflicts (integrity_conflict.py checks the rest)
    if aftermath is not None and (step != "done" or type(aftermath) is not dict or aftermath.keys() != AFTERMATH_FIELDS
                                  or aftermath["step"] not in AFTERMATH_STEPS):
        raise _bad(f"'aftermath' is null, or between two Conflicts an object with exactly the fields "
                   f"{sorted(AFTERMATH_FIELDS)}, its step one of {list(AFTERMATH_STEPS)}.", "aftermath")
    for field in ("turn", "combat"):  # the Conflict's records (integrity_conflict.py checks them)
        if state[field] is not None and (step != "done" or type(state[field]) is not dict):
            raise _bad(f"'{field}' is null during Setup, then an object.", field)


def _progress(state: dict, n: int) -> tuple[str, int | None]:
    setup = _dict(state["setup"], frozenset(("step", "seat")), "'setup'", "setup")
    step, seat = setup["step"], setup["seat"]
    if step not in STEPS:
        raise _bad(f"The Setup step must be one of {list(STEPS)}, not {step!r}.", "setup.step")
    if seat is not None and type(seat) is not int:
        raise _bad(f"The Setup seat is a seat number or null, not {seat!r}.", "setup.seat")
    if step in ("hero", "hero_equipment"):
        _int(seat, 1, n - 1, "The Hero seat of Setup", "setup.seat")
    elif seat != (GM if STEPS.index(step) < STEPS.index("hero") or step == "events" else None):
        raise _bad(f"At the Setup step {step!r} the seat is not {seat!r}.", "setup.seat")
    return step, seat


def _after(step: str, other: str) -> bool:
    return STEPS.index(step) > STEPS.index(other)


def _in_play(state: dict, n: int, step: str, seat: int | None) -> None:
    """The cards in play, replayed pick by pick in the order of Setup (ruling "The order of Setup's
    first step"), each through its predicate, and only as far as the progress has gone."""
    chars = state["characters"]
    if type(chars) is not list or not all(type(c) is dict for c in chars):
        raise _bad("'characters' must be a list of objects.", "characters")
    # Allies are played in the Conflict (allies.check checks them)
    allies = [c for c in chars if type(c.get("card")) is str and C.TYPE.get(c["card"]) == "ally"]
    if allies and step != "done":
        raise _bad("Allies are played in the Conflict, not at Setup.", "characters")
    chars = [c for c in chars if c not in allies]
    # Heroes played for 5 Belief (`joined`: the Turn they came in) come after Setup's (_played)
    played = [c for c in chars if type(c.get("card")) is str and C.TYPE.get(c["card"]) == "hero" and "joined" in c]
    chars = [c for c in chars if c not in played]
    # Villains that entered by a Crossover or as a Persona (`crossed`: the Turn) come after them (_crossed)
    crossed = [c for c in chars if type(c.get("card")) is str and C.TYPE.get(c["card"]) == "villain" and "crossed" in c]
    chars = [c for c in chars if c not in crossed]
    for i, c in enumerate(chars):
        kind = C.TYPE.get(c.get("card")) if type(c.get("card")) is str else None
        if kind not in CHARACTER_FIELDS or c.keys() - {"away"} != CHARACTER_FIELDS[kind] or (
                "away" in c and (kind != "villain" or c["away"] not in GONE or step != "done")):
            raise _bad(f"Character {i} must be a Hero, Villain or Mook with exactly its fields.", f"characters.{i}")
        if type(c["seat"]) is not int or (c["seat"] != GM if kind != "hero" else not 1 <= c["seat"] < n):
            raise _bad(f"Character {i} is not controlled by a seat that can control it.", f"characters.{i}.seat")
        if kind == "villain" and (type(c["main"]) is not bool or step != "done" and not c["main"]):
            raise _bad("The Villain placed at Setup is the Main Villain.", f"characters.{i}.main")
        if c.get("equipment") is not None:
            _card(c["equipment"], ("equipment",), f"Character {i}'s Equipment", f"characters.{i}.equipment")
    placed: list[str] = []
    gm = [c for c in chars if c["seat"] == GM]
    heroes = [c for c in chars if c["seat"] != GM]
    if [c["card"] for c in chars] != [c["card"] for c in gm + heroes]:
        raise _bad("The GM's Characters come before the Heroes, in the order they were placed.", "characters")
    villains = [c for c in gm if C.TYPE[c["card"]] == "villain"]
    if len(villains) != (1 if _after(step, "villain") else 0) or (villains and gm[0] is not villains[0]):
        raise _bad("The GM places one Main Villain first, at the first step of Setup.", "characters")
    if villains:
        villain = villains[0]
        _refused(D.villain_error(villain["card"], placed), "characters.0")
        placed.append(villain["card"])
        _equipment(villain, placed, step == "villain_equipment", "characters.0")
    mooks = gm[1:]
    if mooks and not _after(step, "villain_equipment"):
        raise _bad("Mooks are placed after the Main Villain's Equipment.", "characters")
    for i, mook in enumerate(mooks, 1):
        _refused(D.mook_error(mook["card"], placed, n - 1), f"characters.{i}")
        placed.append(mook["card"])
    users = tuple(c["card"] for c in gm)
    locations = _cards(state["locations"], ("location", "lair"),
                       1 if step != "done" else len(C.IDS_OF["location"]) + 1, "'locations'", "locations")
    if sum(C.TYPE[c] == "lair" for c in locations) > 1:  # "The Villain plays a Lair if there's none in play"
        raise _bad("At most one Lair is in play.", "locations")
    if (not locations) == _after(step, "location") or state["location"] not in (locations or [None]):
        raise _bad("The initial Location is in play once the GM has placed it, and the Conflict is at one.",
                   "locations")
    for i, location in enumerate(locations):  # the first is the GM's; others come into play later
        _refused(D.location_error(location, users, placed) if i == 0 else D.uniqueness_error(location, placed),
                 f"locations.{i}")
        placed.append(location)
    objective = _dict(state["objective"], OBJECTIVE_FIELDS, "'objective'", "objective")
    _bool(objective["revealed"], "The Objective's 'revealed'", "objective.revealed")
    if (objective["card"] is not None) != _after(step, "objective") or (objective["revealed"] and step != "done"):
        raise _bad("The Objective is placed face down after the initial Location.", "objective")
    if objective["card"] is not None:
        _card(objective["card"], ("objective",), "The Objective", "objective.card")
        _refused(D.objective_error(objective["card"], users, locations[0]), "objective.card")
        placed.append(objective["card"])
    _peeks(state, objective, n, step)
    seats = [h["seat"] for h in heroes]
    last = n - 1 if _after(step, "hero_equipment") else (seat - (step == "hero") if seat else 0)
    if seats != list(range(1, last + 1)):
        raise _bad(f"At this step of Setup the Heroes of seats 1 to {last} are in play, in seat order.", "characters")
    for hero in heroes:
        where = f"characters.{chars.index(hero)}"
        _refused(D.hero_error(hero["card"], placed), where)
        placed.append(hero["card"])
        _equipment(hero, placed, step == "hero_equipment" and hero["seat"] == seat, where)
    _played(state, played, placed, n, step)
    _crossed(state, crossed, placed, step)


def _peeks(state: dict, objective: dict, n: int, step: str) -> None:
    """`peeked`: different Hero seats in order, none during Setup; `peeking` (stealth.py): {Hero or Ally
    card: 1 to 5 Successes}, none during Setup, none for a Character in play whose seat has peeked."""
    peeked, peeking = objective["peeked"], objective["peeking"]
    if (type(peeked) is not list or not all(type(s) is int and 1 <= s < n for s in peeked)
            or peeked != sorted(set(peeked)) or peeked and step != "done"):
        raise _bad("'objective.peeked' lists different Hero seats in order, none during Setup.", "objective.peeked")
    if type(peeking) is not dict or peeking and step != "done":
        raise _bad("'objective.peeking' maps Characters to their accumulated Successes, none during Setup.",
                   "objective.peeking")
    seats = {c.get("card"): c.get("seat") for c in state["characters"] if type(c.get("card")) is str}
    for card, successes in peeking.items():
        if (C.TYPE.get(card) not in ("hero", "ally") or type(successes) is not int
                or not 1 <= successes < PEEK_SUCCESSES or seats.get(card) in peeked):
            raise _bad(f"A Hero or Ally accumulates 1 to {PEEK_SUCCESSES - 1} Successes toward peeking, until its "
                       "seat has peeked.", "objective.peeking")


def _played(state: dict, played: list, placed: list, n: int, step: str) -> None:
    """Heroes played in the Conflict for 5 Belief (spending.py): after the Characters placed at Setup
    and their Allies' turn order aside, each one Setup's rules would have accepted then (never a sixth
    Hero, never a Name in play), with Equipment it could use, controlled by a Hero seat."""
    if played and (step != "done" or type(state["turn"]) is not dict):
        raise _bad("Heroes are played for Belief in the Conflict, not at Setup.", "characters")
    for hero in played:
        where = f"characters.{state['characters'].index(hero)}"
        if hero.keys() != CHARACTER_FIELDS["hero"] | {"joined"}:
            raise _bad("A Hero played in the Conflict has exactly the fields of a Hero and 'joined'.", where)
        _int(hero["joined"], 1, state["turn"].get("number") if type(state["turn"].get("number")) is int else 1,
             "The Turn a Hero was played on", f"{where}.joined")
        _int(hero["seat"], 1, n - 1, "The seat controlling a played Hero", f"{where}.seat")
        _refused(D.hero_error(hero["card"], placed), where)
        placed.append(hero["card"])
        if hero["equipment"] is not None:
            _card(hero["equipment"], ("equipment",), "A played Hero's Equipment", f"{where}.equipment")
        _equipment(hero, placed, False, where)


def _crossed(state: dict, crossed: list, placed: list, step: str) -> None:
    """Villains that entered in the Conflict by a Crossover or as another Persona (crossover.py): the
    GM's, without Equipment, `crossed` a Turn so far, `away` one of the words of crossover.AWAY; none
    a copy of a Character in play when it entered (a Villain who Surrendered or was replaced is no
    longer in play)."""
    if crossed and (step != "done" or type(state["turn"]) is not dict):
        raise _bad("Villains cross over in the Conflict, not at Setup.", "characters")
    gone = {c.get("card") for c in state["characters"] if c.get("away") in GONE}
    present = [card for card in placed if card not in gone]
    for villain in crossed:
        where = f"characters.{state['characters'].index(villain)}"
        if villain.keys() - {"away"} != CHARACTER_FIELDS["villain"] | {"crossed"} or villain.get(
                "away", "hiding") not in ("hiding",) + GONE:
            raise _bad("A Crossover Villain has exactly the fields of a Villain, 'crossed' and maybe 'away'.", where)
        _int(villain["crossed"], 1, state["turn"].get("number") if type(state["turn"].get("number")) is int else 1,
             "The Turn a Villain crossed over on", f"{where}.crossed")
        if villain["seat"] != GM or villain["equipment"] is not None or type(villain["main"]) is not bool:
            raise _bad("A Crossover Villain is the GM's, without Equipment.", where)
        _refused(D.uniqueness_error(villain["card"], present), where)
        if villain["card"] not in gone:
            present.append(villain["card"])


def _villains(state: dict, step: str) -> None:
    """One Main Villain once placed; every other Villain in play a Crossover Villain (`crossed`, at
    most 6 Hate) or out of play; one Hiding is a Crossover Villain at 0 Hate."""
    villains = [(i, c) for i, c in enumerate(state["characters"]) if C.TYPE[c["card"]] == "villain"]
    if villains and sum(c["main"] for _, c in villains) != 1:
        raise _bad("Exactly one Villain is the Main Villain.", "characters")
    for i, c in villains:
        where = f"characters.{i}"
        if c.get("away") == "hiding" and (c["main"] or c["hate"] != 0):
            raise _bad("A Villain Hiding is a Crossover Villain at 0 Hate.", f"{where}.away")
        if not c["main"] and not CH.is_incapacitated(c) and ("crossed" not in c or c["hate"] > CROSSOVER_HATE):
            raise _bad(f"A Villain in play who is not the Main Villain is a Crossover Villain, at most "
                       f"{CROSSOVER_HATE} Hate.", where)


def _equipment(character: dict, placed: list, picking: bool, where: str) -> None:
    equipment = character["equipment"]
    if equipment is not None:
        if picking:
            raise _bad(f"{C.display_name(character['card'])}'s Equipment is still being picked.", where)
        _refused(D.equipment_error(equipment, character["card"], [], placed), f"{where}.equipment")
        placed.append(equipment)


def _collections(state: dict, n: int, step: str) -> None:
    """Plot Hands, Combat Decks, the Twists! Deck and the Events Cluster: each pick legal against the
    ones before it, within its size, whole once Setup has moved past it; nothing else before play."""
    later = {c["card"] for c in state["characters"] if "joined" in c} | {
        c["equipment"] for c in state["characters"] if "joined" in c and c["equipment"]}  # played Heroes
    placed = [c for c in in_play(state) if C.TYPE.get(c) != "ally" and c not in later]  # Setup's: hands hold copies of later plays
    placed = [c for c in placed if c not in state["locations"][1:]]
    building = step != "done"
    users_by_seat = [users_of(state, p) for p in range(n)]  # (asked once for both piles)
    sizes = [("plot_hands", D.PLOT_HAND, "plot_hands", D.plot_hand_error),
             ("combat_decks", D.COMBAT_DECK, "combat_decks", D.combat_deck_error)]
    for field, size, at, whole in sizes:
        for p, pile in enumerate(state[field]):
            types = D.PLOT_HAND_TYPES["gm" if p == GM else "hero"] if field == "plot_hands" else ("combat",)
            if not _plain_cards(pile, types, size):
                _cards(pile, types, size, f"Seat {p}'s {field[:-1].replace('_', ' ')}", f"{field}.{p}")
            if pile and not _after(step, at) and step != at:
                raise _bad(f"Seat {p}'s {field[:-1].replace('_', ' ')} is picked later in Setup.", f"{field}.{p}")
            users = users_by_seat[p]
            if field == "plot_hands":
                refusal = whole(pile, "gm" if p == GM else "hero", users, placed)
            else:
                refusal = whole(pile, users)
            if refusal and (refusal[0] not in ("plot_hand_size", "combat_deck_size") or _after(step, at) and building):
                _refused(refusal, f"{field}.{p}")
        if step == at and all(len(pile) == size for pile in state[field]):
            raise _bad(f"Every {field[:-1].replace('_', ' ')} is whole: Setup has moved on.", field)
    twists = _cards(state["twists_deck"], ("twist",), D.TWISTS_DECK, "The Twists! Deck", "twists_deck")
    if twists and not _after(step, "combat_decks") or step == "twists" and len(twists) == D.TWISTS_DECK:
        raise _bad("The Twists! Deck is built after the Combat Decks, up to 10 cards.", "twists_deck")
    heroes = [c["card"] for c in state["characters"] if c["seat"] != GM and "joined" not in c]  # Setup's
    refusal = D.twists_deck_error(twists, heroes) if heroes else None
    if refusal and (refusal[0] != "twists_deck_size" or (_after(step, "twists") and building)):
        _refused(refusal, "twists_deck")
    _events(state, n, step)
    _dict(state["tally"], frozenset(tally.KINDS), "'tally'", "tally")
    for kind in tally.KINDS:
        _int(state["tally"][kind], 0, 0 if building else COUNTER_LIMIT, f"tally.{kind}", f"tally.{kind}")
    identities = state["identities"]
    every = in_play(state) if type(identities) is dict and identities else ()  # (worked out once)
    if type(identities) is not dict or building and identities or any(
            card not in every or C.TYPE[card] not in ("hero", "villain", "mook", "ally") or i not in IDENTITIES
            for card, i in identities.items()):
        raise _bad(f"'identities' maps Characters in play to one of {IDENTITIES}; none during Setup.", "identities")
    if type(state["masterplan"]) is not bool or building and state["masterplan"]:  # reversal.py
        raise _bad("'masterplan' is true once the GM initiated a Masterplan in the Conflict, else false.", "masterplan")
    if type(state["bystanders"]) is not list:
        raise _bad("'bystanders' lists the Bystanders in play (plots.check).", "bystanders")
    if (building or state["turn"] is None) and (state["timers"] != [] or state["choice"] is not None or state["counting"] != {}
                     or state["nullify_tries"] != []):  # in_play.py's, checked in play by integrity_in_play.py
        raise _bad("No card is in play before the first Turn: no timer, choice, count or Nullify Roll.", "timers")
    for field in ("twists_in_play", "twists_discard", "plot_discard", "bystanders"):
        if building and state[field] != []:
            raise _bad(f"'{field}' is empty until the first Turn.", field)
    for field in ("twists_discard", "plot_discard"):
        _cards(state[field], ("twist",) if field == "twists_discard" else C.PLOT_TYPES, 10 * n + 10,
               f"'{field}'", field)
    for field in ("combat_hands", "combat_discards"):
        for p, pile in enumerate(state[field]):
            if not _plain_cards(pile, ("combat",), D.COMBAT_DECK):
                _cards(pile, ("combat",), D.COMBAT_DECK, f"Seat {p}'s {field}", f"{field}.{p}")
            if building and pile:
                raise _bad(f"No Combat card is drawn or discarded before the first Turn ({field}).", f"{field}.{p}")
    if type(state["twists_in_play"]) is not list or building and state["twists_in_play"]:
        raise _bad("'twists_in_play' lists the Twists! Revealed, none before the first Turn.", "twists_in_play")


def _events(state: dict, n: int, step: str) -> None:
    cluster = state["events_cluster"]
    if type(cluster) is not list or len(cluster) > D.EVENTS_CLUSTER:
        raise _bad(f"The Events Cluster is a list of at most {D.EVENTS_CLUSTER} Events.", "events_cluster")
    for i, e in enumerate(cluster):
        _dict(e, EVENT_FIELDS, f"Event {i} of the Events Cluster", f"events_cluster.{i}")
        _card(e["card"], ("event",), f"Event {i} of the Events Cluster", f"events_cluster.{i}.card")
        _bool(e["revealed"], f"Event {i}'s 'revealed'", f"events_cluster.{i}.revealed")
        _bool(e["nullified"], f"Event {i}'s 'nullified'", f"events_cluster.{i}.nullified")
        if step != "done" and (e["revealed"] or e["nullified"]) or e["nullified"] and not e["revealed"]:
            raise _bad(f"Event {i} is Revealed (and then maybe Nullified) only in play.", f"events_cluster.{i}")
    heroes = sum(C.TYPE[c["card"]] == "hero" for c in state["characters"])  # Setup's, and any played since
    if sum(e["revealed"] for e in cluster) > max(n - 1, heroes):  # "Only X events can be Revealed ... X ... Heroes"
        raise _bad("No more Events are Revealed than there are Heroes.", "events_cluster")
    if (cluster and not _after(step, "twists") or step == "done" and len(cluster) != D.EVENTS_CLUSTER
            or step == "events" and len(cluster) == D.EVENTS_CLUSTER):
        raise _bad("The Events Cluster is picked last, 5 Events.", "events_cluster")
    users = tuple(c["card"] for c in state["characters"] if c["seat"] == GM)
    cards = [e["card"] for e in cluster]
    refusal = D.events_cluster_error(cards, users) if users else None
    if refusal and refusal[0] != "events_cluster_size":
        _refused(refusal, "events_cluster")


def _counters(state: dict, step: str) -> None:
    """Every counter within the rules' bounds; before the first Turn, exactly those Setup placed."""
    fresh = step != "done"
    for i, c in enumerate(state["characters"]):
        card, where = C.CARD[c["card"]], f"characters.{i}"
        name = C.display_name(c["card"])
        kind = card["type"]
        if kind == "ally":
            continue  # allies.check
        statuses = c["statuses"]
        if type(statuses) is not list or not all(type(s) is str and s in C.STATUSES for s in statuses) or len(
                set(statuses)) != len(statuses) or fresh and statuses:
            raise _bad(f"{name}'s statuses must be different words of {list(C.STATUSES)}.", f"{where}.statuses")
        actions = _dict(c["actions"], frozenset(ACTIONS_MAX), f"{name}'s actions", f"{where}.actions")
        for action, most in ACTIONS_MAX.items():
            _int(actions[action], 0, 0 if fresh else most, f"{name}'s {action} actions", f"{where}.actions.{action}")
        if kind == "mook":
            q = card["quantity"]
            _int(c["quantity"], q if fresh else 0, q if fresh else COUNTER_LIMIT, f"{name}'s Quantity counters",
                 f"{where}.quantity")
            continue
        resistances = _dict(c["resistances"], frozenset(C.RESISTANCES), f"{name}'s resistances", f"{where}.resistances")
        for r in C.RESISTANCES:
            counters = _dict(resistances[r], frozenset(("stress", "trauma")), f"{name}'s {r} counters",
                             f"{where}.resistances.{r}")
            top = 0 if fresh else card["resistances"][r]
            stress = _int(counters["stress"], 0, top, f"{name}'s {r} Stress", f"{where}.resistances.{r}.stress")
            trauma = _int(counters["trauma"], 0, 0 if r == "social" else top, f"{name}'s {r} Trauma",
                          f"{where}.resistances.{r}.trauma")
            if stress + trauma > card["resistances"][r]:
                raise _bad(f"{name}'s {r} Stress + Trauma is above its Resistance ({card['resistances'][r]}).",
                           f"{where}.resistances.{r}")
        energy = card["energy"]
        _int(c["energy"], energy if fresh else 0, energy if fresh else COUNTER_LIMIT, f"{name}'s Energy",
             f"{where}.energy")
        if kind == "hero":
            belief = card["belief"]
            _int(c["belief"], belief if fresh else 0, belief, f"{name}'s Belief", f"{where}.belief")
        else:
            hate = card["hate"]
            _int(c["hate"], hate if fresh else 0, hate if fresh else COUNTER_LIMIT, f"{name}'s Hate", f"{where}.hate")
