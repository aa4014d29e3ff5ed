"""What the cards that stand in play change while they stand (rulebook: Events Cluster, Nullify,
Counting Turns): a Revealed Event's `on = "reveal"` modifiers hold "until Nullified" ("its cardtext
is considered blank" after), a Twist's "For X Turns" / "this Turn" modifiers while its Time counters
run (time_counters.py).

Nothing is stored for them: they are read from the Events Cluster and the timers each time a Pool,
Armor or Cover is counted (effects.total), so a Nullified Event or an ended timer changes nothing
afterwards, and a Character who enters play later is covered by "every Character" at once.

- `modify {stat, amount, attack?}`: + amount to the stat (a Roll Pool modifier, `roll_pool`, counts
  in every Attack and Defense Pool: ruling "Roll Pools");
- `gain` / `lose {counter = "cover"}`: Cover;
- `keyword {keyword}`: a keyword had while it stands;
- `lock {heroic}` / `lock {keyword}`: that Heroic or Keyword is Locked while it stands: it counts
  only while its Character can pay 1 Energy, paid each time it is used (effects.ratings, keywords).
"""

from core.framework.kept import kept, kept_of

from .. import cards as C
from ..characters import characters as CH
from . import time_counters as TC

POOL_STATS = ("attack_pool", "defense_pool")  # the Roll Pools a `roll_pool` modifier changes


def _sources(state: dict) -> list:
    """(effect, chosen target, card) for each effect that holds now (kept while the Events Cluster and
    the Time counters are the same: core/framework/kept.py)."""
    return kept(("plot-twist", "standing"), (state["events_cluster"], state["timers"]),
                lambda: list(_holding(state)))


def _holding(state: dict):
    for entry in state["events_cluster"]:
        if entry["revealed"] and not entry["nullified"]:
            for e in C.CARD[entry["card"]]["effects"]:
                if e["on"] == "reveal" and e["do"] in ("modify", "keyword", "lock") or (
                        e["do"] in ("gain", "lose") and e.get("counter") == "cover" and e["on"] == "reveal"):
                    yield e, None, entry["card"]
    for t in TC.lasting(state):
        yield C.CARD[t["card"]]["effects"][t["effect"]], t["choice"].get("target"), t["card"]


def applies(state: dict, effect: dict, chosen: str | None, who: str) -> bool:
    """Whether the effect's target covers the Character `who`."""
    target = effect.get("target", "self")
    if target in ("hero", "villain", "mook", "character", "event"):
        return chosen == who
    c = CH.record(state, who)
    if c is None:
        return False
    kind = CH.kind(who)
    return (target == "characters" or target == "heroes" and kind == "hero" or target == "villains" and
            kind == "villain" or target == "mooks" and kind == "mook" or target == "main_villain" and
            bool(c.get("main")))


def _change(e: dict) -> tuple[str, int] | None:
    if e["do"] == "modify" and "amount" in e:
        return e["stat"], e["amount"]
    if e["do"] in ("gain", "lose") and e.get("counter") == "cover":
        return "cover", e["amount"] * (1 if e["do"] == "gain" else -1)
    return None


def total(state: dict, who: str, stat: str, attack: str | None) -> int:
    """The sum of the standing modifiers to `who`'s `stat` for an Attack of this kind."""
    n = 0
    for e, chosen, _card in _sources(state):
        change = _change(e)
        if change is None or e.get("attack") not in (None, attack):
            continue
        if (change[0] == stat or change[0] == "roll_pool" and stat in POOL_STATS) and applies(state, e, chosen, who):
            n += change[1]
    return n


def keywords(state: dict, who: str) -> list[str]:
    """The keywords `who` has from cards that stand (in the rulebook's words: "Tactician")."""
    return [C.display(e["keyword"]) for e, chosen, _card in _sources(state)
            if e["do"] == "keyword" and applies(state, e, chosen, who)]


def any_lock(state: dict) -> bool:
    """Whether a standing Event Locks anything (the common case, none, costs one pass)."""
    return kept_of(("plot-twist", "any_lock"), state["events_cluster"], _any_lock)


def _any_lock(cluster: list) -> bool:
    return any(e["revealed"] and not e["nullified"] and any(x["do"] == "lock" for x in C.CARD[e["card"]]["effects"])
               for e in cluster)


def locked(state: dict, who: str) -> list[str]:
    """The Heroics and Keywords Locked on `who` by cards that stand (their ids)."""
    return [e.get("heroic", e.get("keyword")) for e, chosen, _card in _sources(state)
            if e["do"] == "lock" and applies(state, e, chosen, who)]
