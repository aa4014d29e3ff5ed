"""Build The Big Shuffle positions by hand for the rules tests.

Start from a real `core.new_game("big-shuffle", ...)` state (deep-copied) and MOVE cards
between zones with `put`: never create or destroy one, so every card stays exactly once and
`core.apply` accepts the position. Then play it with `core.apply`, like any client would.
The zones are those of docs/big-shuffle-contract.md; lists are bottom first, top last.

    >>> step = to_main(game(2, ["governor", "mafia-don"]))
    >>> s = edit(step)
    >>> on_top(s, "who", "midtown", "scene/private-eye")
    >>> s["city"]["who"]["midtown"][-1]
    'scene/private-eye'
"""

import copy
import json
import re

import core

GAME = "big-shuffle"
TYPES = ("who", "what", "where")
PLACES = ("uptown", "midtown", "downtown")
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")

# Keys of the state that hold no card (or only references to cards that lie elsewhere).
_NOT_ZONES = frozenset(("game", "version", "players", "options", "rng", "outcome", "turn", "attempt", "queue",
                        "public"))


def cid(kind: str, name: str) -> str:
    """`cid("character", "governor")` -> "character/governor"; a full id is kept."""
    return name if "/" in name else f"{kind}/{name}"


def game(players: int = 2, characters=None, mode: str = "standard", seed=1, **options) -> core.Step:
    """A new game with preassigned characters (short names allowed: "governor")."""
    if characters is None:
        characters = ["governor", "mafia-don", "police-chief", "cat-burglar"][:players]
    opts = {"characters": [cid("character", c) for c in characters], "mode": mode, **options}
    return core.new_game(GAME, players, opts, seed)


def edit(step_or_state) -> dict:
    """A private copy of a state that a test may rearrange."""
    state = step_or_state.state if isinstance(step_or_state, core.Step) else step_or_state
    return copy.deepcopy(state)


# --- finding and moving cards ----------------------------------------------------------
def _locations(node, path=()):
    """Every (path, container, key) that holds cards: lists of ids, and single-card slots."""
    if isinstance(node, dict):
        for k, v in node.items():
            if not path and k in _NOT_ZONES:
                continue
            if isinstance(v, str) and "/" in v:
                yield path + (k,), node, k
            elif isinstance(v, (dict, list)):
                yield from _locations(v, path + (k,))
    elif isinstance(node, list):
        if node and all(isinstance(x, str) for x in node):
            yield path, node, None
        elif not node:
            yield path, node, None
        else:
            for i, v in enumerate(node):
                if isinstance(v, (dict, list)):
                    yield from _locations(v, path + (i,))


def where(state: dict, card: str) -> tuple:
    """The zone path of `card`: ("seats", 0, "hand"), ("city", "who", "midtown"), ..."""
    for path, container, key in _locations(state):
        if key is None and card in container:
            return path
        if key is not None and container[key] == card:
            return path
    raise AssertionError(f"{card} is nowhere in the state")


def _get(state: dict, path):
    node = state
    for p in path:
        node = node[p]
    return node


def _discard_for(card: str):
    kind = card.split("/")[0]
    return {"informant": ("informants", "discard")}.get(kind)


def put(state: dict, card: str, zone, top: bool = True) -> None:
    """Move `card` from wherever it is to `zone` (a path), on top (last) or at the bottom.

    A single-card slot (("seats", 1, "informant"), ("seats", 0, "agenda"), ("shared", 0,
    "agenda")) takes the card; its previous occupant goes to its discard (informants) or,
    with no discard, to where the new card came from (a swap).
    """
    zone = tuple(zone)
    src = where(state, card)
    if src == zone:
        lst = _get(state, zone)
        if isinstance(lst, list):
            lst.remove(card)
            lst.append(card) if top else lst.insert(0, card)
        return
    src_parent, src_key = _get(state, src[:-1]), src[-1]
    src_is_slot = isinstance(src_parent[src_key], str)
    dst_parent, dst_key = _get(state, zone[:-1]), zone[-1]
    dst_is_slot = not isinstance(dst_parent[dst_key], list)
    if dst_is_slot:
        old = dst_parent[dst_key]
        if src_is_slot:
            src_parent[src_key] = old  # swap two slots
        else:
            src_parent[src_key].remove(card)
            if old is not None:
                home = _discard_for(old)
                (_get(state, home) if home else src_parent[src_key]).append(old)
        dst_parent[dst_key] = card
        return
    if src_is_slot:
        raise AssertionError(f"{card} fills a slot ({src}); put another card there first")
    src_parent[src_key].remove(card)
    lst = dst_parent[dst_key]
    lst.append(card) if top else lst.insert(0, card)


def give(state: dict, seat: int, *cards: str) -> None:
    """Put cards into a seat's hand."""
    for c in cards:
        put(state, c, ("seats", seat, "hand"))


def equip(state: dict, seat: int, *loot: str) -> None:
    """Put loot in play in front of a seat."""
    for c in loot:
        put(state, c, ("seats", seat, "loot"))


def stack(state: dict, deck: str, *cards: str) -> None:
    """Put cards on top of a deck (`noir`, `informants`, `changes`), cards[0] drawn first."""
    for c in reversed(cards):
        put(state, c, (deck, "deck"))


def on_top(state: dict, scene_type: str, place: str, *cards: str) -> None:
    """Put scenes on a city pile in order: the last one ends on top.

    A title only ever lies on top of its Midtown pile, so a scene put on Midtown first sends
    the title out of the game (as if it had been moved earlier)."""
    for c in cards:
        if place == "midtown":
            remove_titles(state, scene_type)
        put(state, c, ("city", scene_type, place))


def remove_titles(state: dict, *types: str) -> None:
    """Take the title of each type (all by default) out of the game, as if moved earlier."""
    for t in types or TYPES:
        title = f"title/{t}"
        if title in state["city"][t]["midtown"]:
            put(state, title, ("removed",))


def clear_hands(state: dict, seats=None) -> None:
    """Every hand (or those of `seats`) and every loot back to the bottom of the noir deck."""
    for i, seat in enumerate(state["seats"]):
        if seats is None or i in seats:
            for c in list(seat["hand"]) + list(seat["loot"]):
                put(state, c, ("noir", "deck"), top=False)


def informant(state: dict, seat: int, card: str) -> None:
    put(state, cid("informant", card), ("seats", seat, "informant"))


def shared_entry(state: dict, a: int, b: int) -> dict:
    """The shared agenda between seats a and b."""
    for entry in state["shared"]:
        if set(entry["seats"]) == {a, b}:
            return entry
    raise AssertionError(f"no shared agenda between seats {a} and {b}: {state['shared']}")


def set_agendas(state: dict, personal: dict, shared: dict | None = None) -> None:
    """personal: {seat: agenda}; shared: {(a, b): agenda}."""
    for seat, a in personal.items():
        put(state, a, ("seats", seat, "agenda"))
    for (a, b), ag in (shared or {}).items():
        entry = shared_entry(state, a, b)
        put(state, ag, ("shared", state["shared"].index(entry), "agenda"))


def harmless_agendas(state: dict, scenes) -> None:
    """Deal every seat and every shared slot an agenda sharing no scene with `scenes`, so no
    one can win by accident in the position a test builds."""
    bad = set(scenes)
    safe = [a for a in AGENDAS if not bad & set(AGENDAS[a])]
    slots = [("seats", i, "agenda") for i in range(len(state["seats"]))]
    slots += [("shared", j, "agenda") for j in range(len(state["shared"]))]
    for slot, a in zip(slots, safe):
        put(state, a, slot)


def _load_agendas() -> dict:
    import pathlib
    import tomllib

    path = pathlib.Path(core.__file__).parent / "games" / "big_shuffle" / "cards" / "agendas.toml"
    data = tomllib.loads(path.read_text())
    return {c["id"]: (c["who"], c["what"], c["where"]) for c in data["card"]}


AGENDAS = _load_agendas()


def ready(state: dict) -> dict:
    """The position must be one the engine accepts."""
    core.check_state(state)
    return state


# --- decisions and moves ---------------------------------------------------------------
def options(step: core.Step, kind: str | None = None, player: int | None = None) -> list[dict]:
    """Every listed option (of that kind, of that seat)."""
    return [o for d in step.pending for o in d["options"]
            if (kind is None or o.get("kind") == kind) and (player is None or o.get("player") == player)]


def deciders(step: core.Step) -> list[int]:
    return sorted({d["player"] for d in step.pending})


def find(step: core.Step, **fields) -> dict | None:
    for o in options(step):
        if all(k in o and o[k] == v for k, v in fields.items()):
            return o
    return None


def has(step: core.Step, **fields) -> bool:
    return find(step, **fields) is not None


def move(step: core.Step, _check: bool = True, **fields) -> core.Step:
    """Apply the listed option that has these fields; fail listing the options if none.
    The position reached must be one the engine accepts (unless `_check` is false)."""
    o = find(step, **fields)
    if o is None:
        raise AssertionError(f"no listed option has {fields}; the options are:\n"
                             + json.dumps(options(step), indent=1))
    after = core.apply(step.state, o)
    if _check:
        core.check_state(after.state)  # the engine must accept every position it produces
    return after


def apply_to(state: dict, **fields) -> core.Step:
    """Apply the listed option with these fields to a (hand-built) state."""
    return move(core.Step(state, core.decisions(state), [], state.get("outcome")), **fields)


def step_of(state: dict) -> core.Step:
    """A Step for a hand-built state (validated, with its pending decisions)."""
    return core.Step(state, core.decisions(state), [], state.get("outcome"))


# The option a test takes when it does not care: say no, pass, end.
_QUIET = ("decline", "pass", "skip_ability", "stop", "end_turn", "draw", "lose_informant", "trash",
          "discard_goon", "resolve")


def quiet_option(step: core.Step, player: int | None = None) -> dict:
    opts = options(step, player=player)
    for kind in _QUIET:
        for o in opts:
            if o["kind"] == kind and (kind != "draw" or o.get("from") in (None, "deck")):
                return o
    return opts[0]


def play_until(step: core.Step, predicate, limit: int = 200, chooser=None) -> core.Step:
    """Take the quiet option (or `chooser(step)`) until `predicate(step)` holds."""
    for _ in range(limit):
        if predicate(step):
            return step
        if step.outcome is not None:
            raise AssertionError(f"the game ended before the position was reached: {step.outcome}")
        step = core.apply(step.state, chooser(step) if chooser else quiet_option(step))
    raise AssertionError("position not reached in time")


def active(step_or_state) -> int:
    state = step_or_state.state if isinstance(step_or_state, core.Step) else step_or_state
    return state["turn"]["player"]


def at_main(step: core.Step, seat: int | None = None) -> bool:
    """The active seat (or `seat`) may end its turn or attempt a scene change now."""
    seat = active(step) if seat is None else seat
    return step.state.get("attempt") is None and (
        has(step, player=seat, kind="attempt") or has(step, player=seat, kind="end_turn"))


def to_main(step: core.Step, seat: int | None = None) -> core.Step:
    """Play quietly until `seat` (default: whoever is active) is at its main step."""
    return play_until(step, lambda s: active(s) == (active(s) if seat is None else seat) and at_main(s))


def next_main(step: core.Step) -> core.Step:
    """End the active seat's turn and play quietly to the next seat's main step."""
    seat = active(step)
    step = move(step, player=seat, kind="end_turn")
    return play_until(step, lambda s: active(s) != seat and at_main(s))


def resolve_quietly(step: core.Step) -> core.Step:
    """Everyone passes and declines until no scene change is in progress."""
    return play_until(step, attempt_over)


def attempt_over(step: core.Step) -> bool:
    """No scene change in progress (or one that only waits for Endless Rain's next one)."""
    a = step.state.get("attempt")
    return step.outcome is not None or a is None or a.get("step") == "continue"


def events(step_or_events, kind: str) -> list[dict]:
    evs = step_or_events.events if isinstance(step_or_events, core.Step) else step_or_events
    return [e for e in evs if e.get("type") == kind]


def all_cards(state: dict) -> list[str]:
    return [c for path, cont, key in _locations(state) for c in ([cont[key]] if key is not None else cont)]


def top(state: dict, scene_type: str, place: str = "midtown"):
    pile = state["city"][scene_type][place]
    return pile[-1] if pile else None


def is_snake(rule) -> bool:
    return isinstance(rule, str) and bool(SNAKE.match(rule))


def main_position(players: int = 2, characters=None, mode: str = "standard", seed=1, clear: bool = True) -> dict:
    """An editable state at seat 0's main step of its first turn, hands and loot emptied
    (back to the bottom of the noir deck) unless `clear` is false."""
    s = edit(to_main(game(players, characters, mode, seed), 0))
    if clear:
        clear_hands(s)
    return s


def attempt(state: dict, seat: int, scene: str, to: str) -> core.Step:
    """Attempt a scene change from a hand-built state (the option must be listed)."""
    return apply_to(state, player=seat, kind="attempt", scene=cid("scene", scene), to=to)


def hiring_position(informant_card: str, to: str) -> core.Step:
    """Two players, two +1/-1 thugs each; seat 0 (The Governor, with `informant_card`) attempts
    The Private Eye (active, The Newshound below) towards `to` with a 0 scene change card
    (A Quiet Night); seat 1 (The Mafia Don) has The Grieving Widow. Goon hiring is about to start."""
    s = main_position(2, ["governor", "mafia-don"])
    informant(s, 0, informant_card)
    informant(s, 1, "widow")
    give(s, 0, "noir/thug-1", "noir/thug-2")
    give(s, 1, "noir/thug-3", "noir/thug-4")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", "change/quiet-night")
    return attempt(s, 0, "private-eye", to)
