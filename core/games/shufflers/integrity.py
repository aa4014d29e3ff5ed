"""Is a state from outside a position of Shufflers? (`Shufflers.check`; every failure is InvalidState.)"""

from functools import cache

from core.framework.budget import is_int
from core.framework.engine import same
from core.framework.errors import InvalidState
from core.framework.game import FRAMEWORK_FIELDS

from . import payment
from .cards import AMMO, ENCOUNTER, HEALTH, JOKERS, ROLE, VALUE, in_deck, total
from .seats import discard_of as _discard_of
from .seats import jokers_drawn as _jokers_drawn
from .seats import living as _living
from .seats import pile_index as _pile_index
from .seats import score as _score
from .vocabulary import SEAT_STATUSES as STATUSES

ZONES = ("ammo", "health", "ammo_discard", "health_discard", "stolen")
SEAT_FIELDS = frozenset(("status",) + ZONES)
PILE_FIELDS = frozenset(("deck", "discard", "lambs"))
STATE_FIELDS = frozenset(FRAMEWORK_FIELDS + ("seats", "encounters", "turn", "task", "round_shufflers"))
_HELPERS = frozenset(c for c in ROLE if ROLE[c] in ("doctor", "prepper"))


def _bad(message: str, field: str | None = None) -> InvalidState:
    return InvalidState(message, {field: ["invalid"]} if field else None)


def _is_int(x, lo: int, hi: int) -> bool:
    return is_int(x, lo, hi)


def _cards(x, allowed: frozenset, where: str, zone: str) -> list:
    """`x` must be a list of ids of cards that may lie in that zone."""
    try:
        ok = type(x) is list and allowed.issuperset(x)
    except TypeError:  # an unhashable item
        ok = False
    if not ok:
        field = f"{where}.{zone}"
        raise _bad(f"The field '{field}' must be a list of ids of cards that can lie there.", field)
    return x


@cache
def _expected_cards(players: int, collab: bool) -> frozenset:
    if collab:
        return frozenset(c for d in range(players) for c in in_deck(AMMO + HEALTH + ENCOUNTER, d)) | frozenset(
            in_deck(JOKERS, 0))
    return frozenset(AMMO + HEALTH + ENCOUNTER + JOKERS)


def _allowed(*roles: str) -> frozenset:
    return frozenset(c for c in VALUE if ROLE[c] in roles)


_PILE_ALLOWED = _allowed("shuffler", "thief", "doctor", "prepper", "joker")
_PAYABLE = _allowed("ammo", "health")


@cache
def _zone_allowed(collab: bool, seat: int) -> dict:
    """The cards each zone of a seat may hold. Collaborative: Ammo never changes hands, so
    a seat's Ammo is its own deck's; Health may come from any deck (the ultimate sacrifice)."""
    if collab:
        ammo, health = frozenset(in_deck(AMMO, seat)), frozenset(c for d in range(8) for c in in_deck(HEALTH, d))
    else:
        ammo, health = frozenset(AMMO), frozenset(HEALTH)
    return {"ammo": ammo, "ammo_discard": ammo, "health": health, "health_discard": health, "stolen": ammo | health}


def _check(state: dict) -> None:
    extra = set(state) - STATE_FIELDS
    missing = STATE_FIELDS - set(state)
    if extra or missing:
        name = sorted(extra or missing)[0]
        raise _bad(f"The state {'has an unknown field' if extra else 'lacks the field'} '{name}'.", name)
    n, collab = state["players"], state["options"]["collaborative"]
    seats, piles = state["seats"], state["encounters"]
    if not isinstance(seats, list) or len(seats) != n or not all(isinstance(s, dict) for s in seats):
        raise _bad(f"The field 'seats' must list one object per player ({n}).", "seats")
    if not isinstance(piles, list) or len(piles) != (1 if collab else n) or not all(isinstance(p, dict) for p in piles):
        raise _bad("The field 'encounters' must hold one pile per player, or one shared pile when collaborative.", "encounters")
    for i, s in enumerate(seats):
        if set(s) != SEAT_FIELDS:
            raise _bad(f"Seat {i} must have exactly the fields {sorted(SEAT_FIELDS)}.", "seats")
        if s["status"] not in STATUSES or (s["status"] == "sacrificed" and not collab):
            raise _bad(f"Seat {i} has an impossible status {s['status']!r}.", "seats")
        allowed = _zone_allowed(collab, i)
        for zone in ZONES:
            _cards(s[zone], allowed[zone], f"seats.{i}", zone)
        if s["status"] == "left_behind" and (collab or state["outcome"] is None):
            raise _bad(f"Seat {i} is left behind, which only a finished competitive game does.", "seats")
        if s["status"] == "alive" and state["outcome"] is not None:
            raise _bad(f"Seat {i} is alive in a finished game: it escaped or was left behind.", "seats")
        if (s["status"] in ("alive", "left_behind")) != bool(s["health"]) and s["status"] != "escaped":
            raise _bad(f"Seat {i} is {s['status']} with {len(s['health'])} Health cards.", "seats")
    for i, p in enumerate(piles):
        if set(p) != PILE_FIELDS:
            raise _bad(f"Encounter pile {i} must have exactly the fields {sorted(PILE_FIELDS)}.", "encounters")
        for zone in ("deck", "discard"):
            _cards(p[zone], _PILE_ALLOWED, "encounters", zone)
    # every card exactly once: one whole deck per player (collaborative: all decks together)
    expected = _expected_cards(n, collab)
    for group, pile in ([(seats, piles[0])] if collab else [([s], p) for s, p in zip(seats, piles)]):
        cards = pile["deck"] + pile["discard"]
        for s in group:
            for zone in ZONES:
                cards += s[zone]
        if len(cards) != len(expected) or expected != set(cards):
            raise _bad("The cards are not one whole deck per player: a card is missing, doubled or foreign.")
    sacrificed = sum(1 for s in seats if s["status"] == "sacrificed")
    task = state["task"]
    for i, p in enumerate(piles):
        # a lamb comes from a Queen or King already answered (with the option on), or a sacrifice
        offered = sacrificed
        if state["options"]["sacrificial_lamb"]:
            offered += len(_HELPERS.intersection(p["discard"]))
            if isinstance(task, dict) and task.get("kind") == "help" and i == (0 if collab else task.get("seat")):
                offered -= 1  # the Queen or King whose choice is still open
        if not _is_int(p["lambs"], 0, offered):
            raise _bad(f"Encounter pile {i} has an impossible number of lambs.", "encounters")
        if _jokers_drawn(p) == 2 and state["outcome"] is None:
            raise _bad("A second Joker was drawn but the game is not over.", "outcome")
    if not _is_int(state["turn"], 0, n - 1):
        raise _bad("The field 'turn' must be a seat number.", "turn")
    # drawers go in seat order, so only the seats before `turn` can have met Shufflers this round
    if not _is_int(state["round_shufflers"], 0, 10 * state["turn"]) or (state["round_shufflers"] and not collab):
        raise _bad("The field 'round_shufflers' is more than the cards drawn this round can hold.", "round_shufflers")
    _check_task(state)
    _check_outcome(state)


def _check_task(state: dict) -> None:
    task, seats, n = state["task"], state["seats"], state["players"]
    collab = state["options"]["collaborative"]
    if task is None:
        if state["outcome"] is None and seats[state["turn"]]["status"] != "alive":
            raise _bad("It is the turn of a seat that is no longer in the game.", "turn")
        return
    if state["outcome"] is not None:
        raise _bad("A finished game has no task.", "task")
    if not isinstance(task, dict) or task.get("kind") not in ("payment", "help", "thief"):
        raise _bad("The field 'task' must be null or a payment, help or thief task.", "task")
    if task["kind"] == "payment":
        if set(task) != {"kind", "seat", "amount", "source", "paid"}:
            raise _bad("A payment task has the fields kind, seat, amount, source, paid.", "task")
        if (task["seat"] is None) != collab or (task["seat"] is not None and (
                not _is_int(task["seat"], 0, n - 1) or seats[task["seat"]]["status"] != "alive")):
            raise _bad("The payment's seat must be null (the group) when collaborative, else a living seat.", "task")
        if task["source"] not in ("ammo", "health") or not _is_int(task["amount"], 1, 10 * n):
            raise _bad("The payment's source or amount is impossible.", "task")
        if collab and state["round_shufflers"]:
            raise _bad("A round's Shufflers are counted afresh once its payment has begun.", "round_shufflers")
        paid = _cards(task["paid"], _PAYABLE, "task", "paid")
        spent = {c for s in seats for c in s[_discard_of(task["source"])]}
        if paid and (not collab or not spent.issuperset(paid)):
            raise _bad("The payment's paid cards must be cards spent from that row.", "task")
        payers = _living(state) if collab else [task["seat"]]
        pool = [VALUE[c] for p in payers for c in seats[p][task["source"]]]
        target = payment.cheapest_total(pool + [VALUE[c] for c in paid], task["amount"])
        if target is None or total(paid) >= target or (task["source"] == "health" and any(
                seats[p]["ammo"] for p in payers)):
            raise _bad("The payment cannot be completed as the rules require.", "task")
        return
    if set(task) != {"kind", "seat", "card"} or not _is_int(task["seat"], 0, n - 1):
        raise _bad(f"A {task['kind']} task has the fields kind, seat, card.", "task")
    pile = state["encounters"][_pile_index(state, task["seat"])]
    wanted = ("thief",) if task["kind"] == "thief" else ("doctor", "prepper")
    if not pile["discard"] or pile["discard"][-1] != task["card"] or ROLE[task["card"]] not in wanted:
        raise _bad("The task's card must be the special card just drawn.", "task")
    if task["kind"] == "thief" and not collab:
        raise _bad("Only the collaborative variation lets a thief's victim be chosen.", "task")


def _check_outcome(state: dict) -> None:
    outcome, seats = state["outcome"], state["seats"]
    escaped = [i for i, s in enumerate(seats) if s["status"] == "escaped"]
    if outcome is None:
        if escaped or not _living(state):
            raise _bad("The position is over but the state has no outcome.", "outcome")
        return
    over = any(_jokers_drawn(p) == 2 for p in state["encounters"])
    reason = "escaped" if over else "all_dead"
    expected = {"winners": escaped, "scores": {str(i): _score(s) for i, s in enumerate(seats)}, "reason": reason}
    if not same(outcome, expected) or (not over and _living(state)) or (over and not escaped):
        raise _bad("The outcome does not match the position.", "outcome")


check = _check
