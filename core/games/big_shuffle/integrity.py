"""Integrity: is a state from outside a position of The Big Shuffle? `InvalidState` if it is not.

Every field has its shape and every card of the game is in exactly one place; the turn, the
scene change and the queue of effects fit the rules (SETTING UP THE GAME, CHARACTER TURN,
ATTEMPTING SCENE CHANGES, WINNING THE GAME), and The Law's patrols and protections their lines.
"""

from core.framework.budget import MAX_SAFE_INTEGER, is_int
from core.framework.engine import same
from core.framework.errors import InvalidState
from core.framework.game import FRAMEWORK_FIELDS

from .abilities import LOOT_LIMIT
from .cards import (ALL_IDS, EXPANSIONS, FOR, IN_PLAY, LINES, NOIR_TYPES, PLACES, SCENE_TYPE, SCENE_TYPES, TITLES,
                    TYPE, effects)
from .city import destinations, where
from .expert import EXPERT_POINTS
from .winning import wins


STEPS = ("character", "start", "draw", "main", "end")
STATE_FIELDS = frozenset(FRAMEWORK_FIELDS + (
    "seats", "shared", "characters", "agendas", "noir", "informants", "changes", "city",
    "removed", "played", "turn", "attempt", "queue", "public"))
LAW_FIELDS = STATE_FIELDS | {"patrols", "protected"}  # with The Law


def _type_of(x) -> str | None:
    """The card type of x if x is a card id (None for anything else, unhashable values too)."""
    return TYPE.get(x) if type(x) is str else None


def _bad(message: str, field: str | None = None):
    return InvalidState(message, {field: ["invalid"]} if field else None)


_IDS_OF: dict[tuple, frozenset] = {}
_NOIR_TYPES = tuple(sorted(NOIR_TYPES))
_CITY_IDS = IN_PLAY[EXPANSIONS].city  # every scene of a type and its title; the last check counts the cards in play


def _ids_of(types: tuple) -> frozenset:
    """The ids of every card of these types."""
    if types not in _IDS_OF:
        _IDS_OF[types] = frozenset(c for c in ALL_IDS if TYPE[c] in types)
    return _IDS_OF[types]


def _card_list(x, field: str, types: tuple | None = None) -> list:
    """x, if it is a list of card ids (of these types); InvalidState otherwise."""
    try:
        ok = type(x) is list and (_ids_of(types) if types else ALL_IDS).issuperset(x)
    except TypeError:  # an unhashable item: no card id
        ok = False
    if not ok:
        raise _bad(f"'{field}' must be a list of card ids{' of type ' + '/'.join(types) if types else ''}.", field)
    return x


# --- The whole state ------------------------------------------------------------------------------
def check(state: dict) -> None:
    law = "the-law" in state["options"]["expansions"]
    fields = LAW_FIELDS if law else STATE_FIELDS
    missing = fields - state.keys()
    extra = state.keys() - fields
    if missing or extra:
        raise _bad(f"The state's fields are wrong: missing {sorted(missing)}, unknown {sorted(extra)}.")
    n = state["players"]
    seen: list[str] = []

    def zone(x, field, types):
        seen.extend(_card_list(x, field, types))

    def slot(x, field, types, nullable=True):
        if x is None and nullable:
            return
        if type(x) is not str or TYPE.get(x) not in types:
            raise _bad(f"'{field}' must be a card id of type {'/'.join(types)}.", field)
        seen.append(x)

    seats = state["seats"]
    if type(seats) is not list or len(seats) != n:
        raise _bad("'seats' must have one entry per player.", "seats")
    characters_set = True
    for i, s in enumerate(seats):
        if type(s) is not dict or set(s) != {"character", "hand", "informant", "loot", "agenda", "score"}:
            raise _bad(f"seats[{i}] is not a seat.", f"seats.{i}")
        slot(s["character"], f"seats.{i}.character", ("character",))
        characters_set &= s["character"] is not None
        zone(s["hand"], f"seats.{i}.hand", _NOIR_TYPES)
        slot(s["informant"], f"seats.{i}.informant", ("informant",))
        zone(s["loot"], f"seats.{i}.loot", ("loot",))
        slot(s["agenda"], f"seats.{i}.agenda", ("agenda",))
        if type(s["score"]) is not int or not 0 <= s["score"] < EXPERT_POINTS + 3:
            raise _bad("A score must be a small non-negative integer.", f"seats.{i}.score")
        if len(s["loot"]) > LOOT_LIMIT + 1:
            raise _bad("A character controls too much loot.", f"seats.{i}.loot")
    pairs = [[0, 1]] if n == 2 else [[i, (i + 1) % n] for i in range(n)]
    shared = state["shared"]
    if type(shared) is not list or len(shared) != len(pairs):
        raise _bad("'shared' must hold the agendas between neighbours.", "shared")
    for i, (sh, pair) in enumerate(zip(shared, pairs)):
        if type(sh) is not dict or set(sh) != {"seats", "agenda"} or not same(sh["seats"], pair):
            raise _bad(f"shared[{i}] must be the agenda between seats {pair}.", f"shared.{i}")
        slot(sh["agenda"], f"shared.{i}.agenda", ("agenda",))
    zone(state["characters"], "characters", ("character",))
    for pile, types in (("agendas", ("agenda",)), ("noir", _NOIR_TYPES),
                        ("informants", ("informant",)), ("changes", ("change",))):
        d = state[pile]
        keys = {"deck", "aside"} if pile == "agendas" else {"deck", "discard"}
        if type(d) is not dict or set(d) != keys:
            raise _bad(f"'{pile}' must be an object with {sorted(keys)}.", pile)
        for k in sorted(keys):
            zone(d[k], f"{pile}.{k}", types)
    city = state["city"]
    if type(city) is not dict or set(city) != set(SCENE_TYPES):
        raise _bad("'city' must have the WHO, WHAT and WHERE piles.", "city")
    for t in SCENE_TYPES:
        piles = city[t]
        if type(piles) is not dict or set(piles) != set(PLACES):
            raise _bad(f"city.{t} must have uptown, midtown and downtown.", f"city.{t}")
        for place in PLACES:
            cards = _card_list(piles[place], f"city.{t}.{place}", ("scene", "title"))
            title = TITLES[t]
            if not _CITY_IDS[t].issuperset(cards) or (title in cards and (place != "midtown" or cards[-1] != title
                                                                             or cards.count(title) > 1)):
                raise _bad(f"city.{t}.{place} holds a card that cannot be there.", f"city.{t}.{place}")
            seen.extend(cards)
        if not piles["midtown"] and state["outcome"] is None:
            raise _bad(f"The Midtown {t} pile is empty: The Big Shuffle should have happened.", f"city.{t}")
    zone(state["removed"], "removed", ("title",))
    zone(state["played"], "played", ("action", "reaction"))
    _check_turn_shape(state)
    if law:
        _check_law(state, seen, slot)
    attempt = state["attempt"]
    if attempt is not None:
        _check_attempt(state, attempt, seen)
    ids = IN_PLAY[tuple(state["options"]["expansions"])].ids
    if len(seen) != len(ids) or set(seen) != ids:
        dup = sorted({c for c in seen if seen.count(c) > 1})
        raise _bad(f"Every card must be in exactly one place: {'twice: ' + dup[0] if dup else 'some are missing'}.")
    _check_public(state)
    _check_turn(state, characters_set)
    _check_queue(state)


# --- Its parts ------------------------------------------------------------------------------------
def _check_public(state: dict) -> None:
    """`public`: cards in hands that the rules made public, each once."""
    public = _card_list(state["public"], "public", _NOIR_TYPES)
    in_hands = {c for seat in state["seats"] for c in seat["hand"]}
    if len(set(public)) != len(public) or not in_hands.issuperset(public):
        raise _bad("'public' lists cards in the hands that the rules made public, each once.", "public")


def _check_law(state: dict, seen: list, slot) -> None:
    """The patrols on their lines and the Not On My Watch! cards on their scenes."""
    patrols = state["patrols"]
    if type(patrols) is not dict or set(patrols) != set(LINES):
        raise _bad(f"'patrols' must name the patrol (or null) on each of {list(LINES)}.", "patrols")
    for line in LINES:
        slot(patrols[line], f"patrols.{line}", ("patrol",))
    protected = state["protected"]
    if type(protected) is not list:
        raise _bad("'protected' must be a list.", "protected")
    for i, x in enumerate(protected):
        if type(x) is not dict or set(x) != {"scene", "card", "player"} or type(x["player"]) is not int \
                or not 0 <= x["player"] < state["players"] or _type_of(x["scene"]) != "scene" \
                or _type_of(x["card"]) != "reaction" or not any(e["do"] == "protect" for e in effects(x["card"], "react")):
            raise _bad(f"protected[{i}] is not a Not On My Watch! on a scene.", f"protected.{i}")
        if where(state, x["scene"]) is None:
            raise _bad("A protected scene must be on top of its pile.", f"protected.{i}.scene")
        if state["outcome"] is None and x["player"] == state["turn"]["player"]:
            raise _bad("Not On My Watch! ends at the start of its player's turn.", f"protected.{i}.player")
        seen.append(x["card"])


def _backing(state: dict, a: dict, g: dict) -> bool:
    """A hired "goon" that is The Vigilante backing another character's scene change."""
    return _type_of(g["card"]) == "character" and g["card"] in FOR and g["side"] == "for" \
        and g["seat"] != a["player"] and state["seats"][g["seat"]]["character"] == g["card"]


def _check_attempt(state: dict, a, seen: list) -> None:
    keys = {"player", "scene", "type", "from", "to", "difficulty", "change", "goons", "modifier", "step", "ask",
            "hirer", "out", "since", "no_goons", "success", "chain"}
    n = state["players"]
    if type(a) is not dict or set(a) != keys:
        raise _bad("'attempt' is not a scene change.", "attempt")
    seat_ok = lambda q: type(q) is int and 0 <= q < n  # noqa: E731
    if not seat_ok(a["player"]) or a["player"] != state["turn"]["player"]:
        raise _bad("Only the active player attempts scene changes.", "attempt.player")
    if a["step"] not in ("reveal", "revealed", "hire", "success", "changed", "done", "continue"):
        raise _bad("The scene change's step is unknown.", "attempt.step")
    if _type_of(a["scene"]) not in ("scene", "title") or a["type"] != SCENE_TYPE[a["scene"]] or a["from"] not in PLACES \
            or a["to"] not in destinations(a["from"]) or not _small(a["difficulty"], NUMBER_LIMIT) \
            or not _small(a["modifier"], NUMBER_LIMIT) or type(a["chain"]) is not int \
            or not 1 <= a["chain"] <= NUMBER_LIMIT or type(a["no_goons"]) is not bool:
        raise _bad("The scene change names an impossible move.", "attempt")
    if a["step"] in ("reveal", "revealed", "hire", "success") and where(state, a["scene"]) != a["from"]:
        raise _bad("The scene being changed is not where the scene change says.", "attempt.scene")
    if a["change"] is None:
        if a["step"] not in ("reveal", "continue"):  # continue: after The Cruiser
            raise _bad("The scene change has no revealed card.", "attempt.change")
    elif type(a["change"]) is not str or TYPE.get(a["change"]) != "change":
        raise _bad("attempt.change must be a scene change card.", "attempt.change")
    else:
        seen.append(a["change"])
    if type(a["goons"]) is not list:
        raise _bad("attempt.goons must be a list.", "attempt.goons")
    for g in a["goons"]:
        if type(g) is not dict or set(g) != {"seat", "card", "side"} or not seat_ok(g["seat"]) \
                or g["side"] not in ("for", "against") or not (_type_of(g["card"]) == "goon" or _backing(state, a, g)):
            raise _bad("A hired goon is malformed.", "attempt.goons")
        if TYPE[g["card"]] == "goon":
            seen.append(g["card"])
    backers = [g["card"] for g in a["goons"] if TYPE[g["card"]] == "character"]
    if len(backers) != len(set(backers)):
        raise _bad("The Vigilante backs a scene change once.", "attempt.goons")
    for k in ("ask", "out", "since"):
        if type(a[k]) is not list or not all(seat_ok(q) for q in a[k]) or len(set(a[k])) != len(a[k]):
            raise _bad(f"attempt.{k} must list seats.", f"attempt.{k}")
    if a["player"] in a["ask"]:
        raise _bad("The attempting player is not asked to react to their own scene change.", "attempt.ask")
    if a["step"] == "hire":
        if not seat_ok(a["hirer"]) or a["hirer"] in a["out"] or a["hirer"] in a["since"]:
            raise _bad("The seat to hire next is not in the hiring.", "attempt.hirer")
    elif a["hirer"] is not None and not seat_ok(a["hirer"]):
        raise _bad("attempt.hirer must be a seat or null.", "attempt.hirer")
    if a["success"] not in (None, True, False) or (a["step"] in ("changed", "done", "continue")) == (a["success"] is None):
        raise _bad("attempt.success does not fit the step.", "attempt.success")


def _check_turn_shape(state: dict) -> None:
    turn = state["turn"]
    n = state["players"]
    keys = {"player", "number", "step", "played", "allowed", "unlimited", "attempted"}
    if type(turn) is not dict or set(turn) != keys:
        raise _bad("'turn' is malformed.", "turn")
    if type(turn["player"]) is not int or not 0 <= turn["player"] < n or type(turn["number"]) is not int \
            or not 1 <= turn["number"] < MAX_SAFE_INTEGER or type(turn["played"]) is not int \
            or not 0 <= turn["played"] <= NUMBER_LIMIT or type(turn["allowed"]) is not int \
            or not 1 <= turn["allowed"] <= NUMBER_LIMIT or type(turn["unlimited"]) is not bool \
            or type(turn["attempted"]) is not bool:
        raise _bad("'turn' has a field of the wrong kind.", "turn")


def _check_turn(state: dict, characters_set: bool) -> None:
    turn = state["turn"]
    step = turn["step"]
    if state["outcome"] is not None:
        if step != "over" or state["queue"] or state["attempt"] is not None:
            raise _bad("A finished game has no turn going on.", "turn.step")
        o = state["outcome"]
        if set(o) != {"winners", "scores", "reason"} or o["reason"] not in ("agendas", "points") \
                or not same(o["winners"], [turn["player"]]) \
                or not same(o["scores"], {str(i): s["score"] for i, s in enumerate(state["seats"])}):
            raise _bad("The outcome does not match the position.", "outcome")
        return
    if step not in STEPS:
        raise _bad(f"The turn's step must be one of {list(STEPS)}.", "turn.step")
    if (step == "character") == characters_set:
        raise _bad("Characters are chosen before the first turn, and only then.", "turn.step")
    if step == "character" and any(s["character"] is None for s in state["seats"][:turn["player"]]):
        raise _bad("Characters are chosen in seat order.", "turn.player")
    if step == "character" and (any(s["hand"] or s["informant"] or s["agenda"] or s["loot"] or s["score"]
                                    for s in state["seats"]) or any(sh["agenda"] for sh in state["shared"])
                                or state["noir"]["discard"] or state["informants"]["discard"]):
        raise _bad("Nothing is dealt before every character is chosen.", "seats")
    if state["attempt"] is not None and step != "main":
        raise _bad("A scene change happens in the main step of a turn.", "turn.step")
    if state["options"]["mode"] != "expert" and step != "character" and wins(state, turn["player"]):
        raise _bad("The active player's agendas match the active scenes: the game should be over.", "outcome")


# --- Numbers the rules leave unbounded; the queue of effects --------------------------------------
# The largest number a state may hold where the rules give no bound of their own (a draw's
# amount, a modifier, a difficulty, plays allowed in a turn): far above any card's figure,
# and small enough that a loop over it costs nothing.
NUMBER_LIMIT = 40


def _small(x, limit: int) -> bool:
    return is_int(x, -limit, limit)


_TASK_KEYS = {
    "draw": {"do", "player", "amount", "source"},
    "trash": {"do", "player"},
    "kill_unless_goon": {"do", "player", "source"},
    "discard": {"do", "card"},
    "end_attempt": {"do"},
}


_EFFECT_KEYS = frozenset(("do", "player", "verb", "source", "target", "loot", "scene", "to", "amount", "type",
                          "card_type"))


_VERBS = frozenset(("draw", "draw_each", "take_discard", "replace_informant", "kill_informant", "steal_loot",
                    "steal_random", "search", "bottom_active", "big_shuffle", "extra_plays", "extra_play",
                    "discard_random", "modify", "attempt", "draw_chosen"))


def _check_queue(state: dict) -> None:
    queue = state["queue"]
    if type(queue) is not list:
        raise _bad("'queue' must be a list.", "queue")
    for task in queue:
        _check_task(state, task)
    played = [t["card"] for t in queue if type(t) is dict and t.get("do") == "discard"]
    if sorted(played) != sorted(state["played"]):
        raise _bad("The cards in play must be the ones waiting to be discarded.", "played")
    if queue and state["turn"]["step"] == "character":
        raise _bad("No effect waits while characters are chosen.", "queue")


def _check_task(state: dict, task) -> None:
    n = state["players"]
    if type(task) is not dict or type(task.get("do")) is not str:
        raise _bad("A queued effect is malformed.", "queue")
    do = task["do"]
    if "player" in task and (type(task["player"]) is not int or not 0 <= task["player"] < n):
        raise _bad("A queued effect names no seat.", "queue")
    if do == "order":
        if set(task) != {"do", "player", "tasks"} or type(task["tasks"]) is not list or len(task["tasks"]) < 2:
            raise _bad("A queued order is malformed.", "queue")
        for t in task["tasks"]:
            if type(t) is not dict or t.get("do") != "effect" or t.get("player") != task["player"]:
                raise _bad("A queued order is malformed.", "queue")
            _check_task(state, t)
        return
    if do == "effect":
        if not task.keys() <= _EFFECT_KEYS or not {"player", "verb", "source"} <= task.keys():
            raise _bad("A queued card effect has unknown or missing fields.", "queue")
        if type(task.get("verb")) is not str or task["verb"] not in _VERBS or _type_of(task.get("source")) is None:
            raise _bad("A queued card effect is malformed.", "queue")
        for k, v in task.items():
            if k in ("target",) and (type(v) is not int or not 0 <= v < n):
                raise _bad("A queued effect targets no seat.", "queue")
            if k == "amount" and not _small(v, NUMBER_LIMIT):
                raise _bad(f"A queued effect's amount must be an integer from -{NUMBER_LIMIT} to {NUMBER_LIMIT}.",
                           "queue")
            if k in ("loot",) and _type_of(v) != "loot":
                raise _bad("A queued effect names no loot.", "queue")
            if k == "scene" and _type_of(v) not in ("scene", "title"):
                raise _bad("A queued effect names no scene.", "queue")
            if k in ("type",) and v not in SCENE_TYPES:
                raise _bad("A queued effect names no scene type.", "queue")
            if k == "to" and v not in PLACES:
                raise _bad("A queued effect names no place.", "queue")
            if k == "card_type" and v not in ("goon", "loot", "action", "reaction"):
                raise _bad("A queued effect names no card type.", "queue")
        if task["verb"] in ("kill_informant", "steal_random", "steal_loot") and "target" not in task:
            raise _bad("A queued effect lacks its target.", "queue")
        if task["verb"] == "modify" and state["attempt"] is None:
            raise _bad("A modifier waits for no scene change.", "queue")
        if task["verb"] == "attempt" and ("scene" not in task or "to" not in task or "amount" not in task):
            raise _bad("A queued scene change is malformed.", "queue")
        return
    keys = _TASK_KEYS.get(do)
    if keys is None or set(task) != keys:
        raise _bad(f"A queued effect {do!r} is malformed.", "queue")
    if do == "draw" and (type(task["amount"]) is not int or not 1 <= task["amount"] <= NUMBER_LIMIT
                         or (task["source"] != "turn" and _type_of(task["source"]) is None)):
        raise _bad(f"A queued draw is malformed (it draws 1 to {NUMBER_LIMIT} cards, for the turn or a card).",
                   "queue")
    if do == "kill_unless_goon" and _type_of(task["source"]) != "scene":
        raise _bad("A queued informant killing names no scene it comes from.", "queue")
    if do == "discard" and _type_of(task["card"]) not in ("action", "reaction"):
        raise _bad("A queued discard names no action or reaction.", "queue")
    if do == "end_attempt" and (state["attempt"] is None or state["attempt"]["step"] != "done"):
        raise _bad("The end of a scene change waits for no scene change.", "queue")
