"""Plot Twist's card effects in a Combat: the structured effects of the data (vocabulary.py) that
the Conflict applies, and the modifiers they leave (rulebook: Cards, "Caused" and "Dealt",
Stress and Trauma, Statuses, Combat actions).

Supported verbs: `gain` / `lose` (Energy, Belief, Hate, Quantity, Cover, Move and Attack actions),
`regenerate`, `deal` (Stress or Trauma, paid in Belief or Hate), `status`, `end_status`, `modify`
(Pools, Damage Pool, Automatic Successes, Armor, Quantity removed), `heroic` (Ranks for a while)
and a Chosen `roll` whose `then` effects use the chosen number. Targets: self, opponent, character
(one of the two combatants, chosen), hero (another Hero, chosen), heroes, mooks. An effect that
cannot resolve is ignored ("If you cannot resolve an effect ... just ignore it and move on").
Plots' own verbs (`draw`, `peek`, `play`, `remove_trauma`) are `resolve_plot`'s; Twists!, Events and
the Objective resolve through card_effects.py, which calls `resolve` one target at a time; activated
Advantages through spending.py. `total` adds what standing cards change (standing.py); `ratings` is
a Character's ratings now (Ranks for a while, Locked Heroics at 0 unless paid for).

Locks ("A Locked Keyword or Heroic can only be used, or taken advantage of by paying 1 Energy each
time"): `ratings` and `keywords` count a Locked one (a card that stands, or the GM's Reversal of
Fortunes: reversal.py) only while its Character can pay 1 Energy; each Roll or rule that uses one
then pays (`pay_locks`: the Rolls' parts, Armor when it protects, Overcharged in a Damage Pool,
Tactician's second Combat), with a `lock_paid` event.

A modifier lives in `state["turn"]["modifiers"]` until its `lasts` ends: "attack" (the next
Attack of its source), "combat" (the End of Combat), "turn" (the End of Turn; with `turns`, that
many End of Turns, carried into the next Turn meanwhile):

    {"who": card, "source": card, "stat": "defense_pool", "amount": -2, "attack": "melee" | null,
     "lasts": "attack"}      # or "set": 0 instead of "amount"; stat "cover"; stat "status"
"""

from core.framework.kept import kept, kept_of

from ..plots import allies as AL
from ..characters import characters as CH
from ..rolls import damage as DMG
from ..conflict import hands as H
from ..rolls import rolls as R
from . import standing
from ..state import characters_of

SUPPORTED = ("gain", "lose", "regenerate", "deal", "status", "end_status", "modify", "roll", "heroic")
ACTION_OF = {"move_action": "move", "attack_action": "attack"}


def supported(effect: dict) -> bool:
    return effect["do"] in SUPPORTED and all(supported(e) for e in effect.get("then", []))


# --- Targets ---------------------------------------------------------------------------------------
def chosen_targets(state: dict, effect: dict, source: str, opponent: str | None) -> list[str | None]:
    """The targets to choose among for an effect with a chosen target ([None]: nothing to choose)."""
    target = effect.get("target", "self")
    if target == "character":
        return [c for c in (source, opponent) if c and not CH.is_incapacitated(CH.record(state, c))
                and CH.kind(c) != "mook"]
    if target == "hero":
        return [c["card"] for c in CH.heroes_in_play(state) if c["card"] != source
                and (effect.get("counter") != "attack_action" or c["actions"]["attack"] == 0)]
    return [None]


def _targets(state: dict, effect: dict, source: str, opponent: str | None, chosen: str | None) -> list[str]:
    target = effect.get("target", "self")
    if target == "self":
        return [source]
    if target == "opponent":
        return [opponent] if opponent else []
    if target in ("character", "hero"):
        return [chosen] if chosen else []
    if target == "heroes":
        return [c["card"] for c in CH.heroes_in_play(state)]
    if target == "mooks":
        return [c["card"] for c in characters_of(state, "mook") if c["quantity"] > 0]
    return plot_targets(state, target)


def choices(state: dict, card_effects: list, source: str, opponent: str | None) -> list[dict]:
    """Every way to resolve a card's `play` effects: `{"target", "resistance", "chosen"}` fields a
    move carries (only those the effects ask for), one dict per combination."""
    out = [{}]
    for e in card_effects:
        inner = e.get("then", [])
        asks = [e] + inner
        for a in asks:
            if a.get("target") in ("character", "hero"):
                out = [{**o, "target": t} for o in out for t in chosen_targets(state, a, source, opponent)]
            if isinstance(a.get("resistance"), list):
                out = [{**o, "resistance": r} for o in out for r in a["resistance"]]
        if e["do"] == "roll" and e["roll"] == "chosen":
            pool = R.Pool.of(roll_parts(state, source, e)).size
            out = [{**o, "chosen": n} for o in out
                   for n in R.chosen_numbers(pool, most=_to_gain(state, inner, source, o))]
    return out


def _to_gain(state: dict, then: list, source: str, choice: dict) -> int:
    """The most worth choosing in a Chosen Roll that Regenerates: the Stress there is to remove
    (docs/rulings-plot-twist.md, Rolls: "no more than there is to gain")."""
    most = 0
    for e in then:
        if e["do"] != "regenerate":
            return R.MAX_POOL
        who = choice.get("target", source) if e.get("target") in ("character", "hero") else source
        c = CH.record(state, who)
        resistance = choice.get("resistance", e["resistance"])
        if c is not None and "resistances" in c and isinstance(resistance, str):
            most = max(most, c["resistances"][resistance]["stress"])
    return most


def ratings(state: dict, who: str) -> dict:
    """`who`'s Attributes, Heroics and Skills now: as printed (characters.ratings), with the Ranks
    cards and spending gave for a while (modifiers of stat `heroic`: + amount, or set to at least
    `set`), and a Locked Heroic at 0 unless `who` can pay the 1 Energy its use costs (`locked`,
    `may_pay_lock`; the Roll that uses it pays, `pay_locks`). A mapping to read, kept while what it
    reads is the same (core/framework/kept.py): the cards that stand, `who`'s modifiers of the stats it
    reads; and only where a Lock may count (one stands, or `who` has a modifier of stat `lock`), what
    `locked` and `may_pay_lock` read of `who`'s record (in play, Main, Energy) and its Energy spent this
    Turn, so that the moves that replace its record leave its ratings kept."""
    turn = state["turn"]
    mods = () if turn is None else rated_modifiers(state, who)
    parts = (state["events_cluster"], state["timers"], *mods)
    if standing.any_lock(state) or any(m["stat"] == "lock" for m in mods):
        c = CH.record(state, who)
        values = (turn is None, c is None, c and c.get("main"), c and c.get("energy"),
                  None if turn is None else turn["energy_spent"].get(who))
    else:
        values = (turn is None,)
    return kept(("plot-twist", "ratings", who), parts, _ratings, values, state, who)


def _ratings(state: dict, who: str) -> dict:
    r = CH.ratings(who)
    mods = [m for m in state["turn"]["modifiers"] if m["who"] == who and m["stat"] in ("heroic", "lock")] \
        if state["turn"] else []
    if not mods and not standing.any_lock(state):
        return r
    r = dict(r)
    for m in mods:
        if m["stat"] == "heroic":
            word = CH.C.display(m["heroic"])
            r[word] = r.get(word, 0) + m["amount"] if "amount" in m else max(r.get(word, 0), m["set"])
    words = [w for w in locked(state, who) if w in CH.C.HEROICS]
    if words and not may_pay_lock(state, who):
        for word in words:
            r[CH.C.display(word)] = 0
    return r


RATED_STATS = ("heroic", "lock", "keyword")  # the modifiers `ratings` and `keywords` read


def rated_modifiers(state: dict, who: str) -> list[dict]:
    """The modifiers this Turn that `ratings` and `keywords` read for `who` (what a listing kept by
    what it reads names: core/framework/kept.py)."""
    modifiers = state["turn"]["modifiers"]
    if not modifiers:  # none this Turn (the common case): nothing to keep
        return []
    return kept_of(("plot-twist", "rated"), modifiers, _rated_by_who).get(who, [])


def _rated_by_who(modifiers: list) -> dict:
    out: dict = {}
    for m in modifiers:
        if m["stat"] in RATED_STATS:
            out.setdefault(m["who"], []).append(m)
    return out


def modifiers_of(state: dict, who: str) -> list[dict]:
    """Every modifier this Turn on `who`, whatever its stat (a list to read only; kept.py)."""
    modifiers = state["turn"]["modifiers"]
    if not modifiers:
        return []
    return kept_of(("plot-twist", "modifiers_of"), modifiers, _by_who).get(who, [])


def modifiers_by_who(state: dict) -> dict:
    """`modifiers_of` of every Character, by card (a mapping to read only), for a loop over many."""
    modifiers = state["turn"]["modifiers"]
    if not modifiers:
        return {}
    return kept_of(("plot-twist", "modifiers_of"), modifiers, _by_who)


def _by_who(modifiers: list) -> dict:
    out: dict = {}
    for m in modifiers:
        out.setdefault(m["who"], []).append(m)
    return out


def keywords(state: dict, who: str, locks: bool = True) -> list[str]:
    """`who`'s Keywords now, in the rulebook's words: printed and its Equipment's (characters.keywords),
    those a card that stands gives (standing.keywords), those bought for this Turn (modifiers of stat
    `keyword`, spending.py); a Locked one only while `who` can pay the 1 Energy its use costs
    (`locks=False`: Locked ones too, as the state check reads what was had when it was paid for).
    A list to read only, kept while what it reads is the same (core/framework/kept.py): the cards that
    stand, `who`'s modifiers of the stats it reads; as values what it reads of `who`'s record (in play,
    Equipment, Main, Energy) and its Energy spent this Turn, so that the moves that replace its record
    for its actions and counters leave its Keywords kept."""
    turn, c = state["turn"], CH.record(state, who)
    parts = (state["events_cluster"], state["timers"], *(() if turn is None else rated_modifiers(state, who)))
    values = (locks, turn is None, c is None, c and c.get("equipment"), c and c.get("main"), c and c.get("energy"),
              None if turn is None else turn["energy_spent"].get(who))
    return kept(("plot-twist", "keywords", who), parts, _keywords, values, state, who, locks)


def _keywords(state: dict, who: str, locks: bool) -> list[str]:
    words = CH.keywords(CH.record(state, who)) + standing.keywords(state, who)
    if state["turn"]:
        words += [CH.C.display(m["keyword"]) for m in state["turn"]["modifiers"]
                  if m["who"] == who and m["stat"] == "keyword"]
    if locks:
        shut = {CH.C.display(w) for w in locked(state, who) if w in CH.C.KEYWORDS}
        if shut and not may_pay_lock(state, who):
            words = [w for w in words if w not in shut]
    return words


# --- Locks ------------------------------------------------------------------------------------------------
LOCK_ENERGY = 1  # "by paying ● (1 Energy) each time the Heroics are used or ... a Keyword is invoked"


def locked(state: dict, who: str) -> list[str]:
    """The Heroics and Keywords Locked on `who` now (their ids): by a card that stands
    (standing.locked) and by the GM's Reversal of Fortunes this Turn (modifiers of stat `lock`)."""
    words = [m["word"] for m in state["turn"]["modifiers"] if m["who"] == who and m["stat"] == "lock"] \
        if state["turn"] else []
    return words + standing.locked(state, who) if standing.any_lock(state) else words


def may_pay_lock(state: dict, who: str) -> bool:
    """Whether `who` can pay 1 Energy now: it has the Energy, within its Power a Turn (Mooks and
    Allies have no Energy: what is Locked on them counts 0)."""
    c, turn = CH.record(state, who), state["turn"]
    return (c is not None and turn is not None and c.get("energy", 0) >= LOCK_ENERGY
            and CH.power(who) - turn["energy_spent"].get(who, 0) >= LOCK_ENERGY)


def pay_locks(state: dict, who: str, used, events: list) -> None:
    """`who` uses these now: a Roll's parts `(name, value)`, or the names of Keywords it invokes, in
    the rulebook's words. Each Locked one that counted (ratings and keywords count one only while
    `who` can pay) costs 1 Energy, within its Power a Turn, with a `lock_paid` event."""
    words = locked(state, who)
    if not words:
        return
    by_name = {CH.C.display(w): w for w in words}
    for u in used:
        name, value = (u[0], u[1]) if isinstance(u, (tuple, list)) else (u, 1)
        if name not in by_name or value <= 0 or not may_pay_lock(state, who):
            continue
        c, turn = CH.record(state, who), state["turn"]
        CH.update(state, who, energy=c["energy"] - LOCK_ENERGY)
        spent = turn["energy_spent"]
        state["turn"] = {**turn, "energy_spent": {**spent, who: spent.get(who, 0) + LOCK_ENERGY}}
        events.append({"type": "lock_paid", "character": who, "word": by_name[name], "amount": LOCK_ENERGY})


def initiated_again(state: dict, who: str, events: list) -> None:
    """A Hero's second Combat this Turn is its Tactician's: a Locked Tactician is paid for."""
    if CH.kind(who) == "hero" and len(state["turn"]["initiated"].get(who, [])) == 2:
        pay_locks(state, who, ["Tactician"], events)


def roll_parts(state: dict, source: str, effect: dict) -> list:
    r = ratings(state, source)
    attribute = effect["attribute"].capitalize()
    best = max(effect["with"], key=lambda w: r.get(CH.C.display(w), 0))
    parts = [(attribute, r[attribute]), (CH.C.display(best), r.get(CH.C.display(best), 0))]
    if "bonus" in effect:
        parts.append(("card bonus", effect["bonus"]))
    return parts


# --- Resolving ---------------------------------------------------------------------------------------
def resolve(state: dict, rng, effects: list, source: str, opponent: str | None, events: list,
            choice: dict | None = None, attack: str | None = None, amount_of: dict | None = None) -> None:
    """Resolve effects in the order they appear; `attack`: the kind of Attack (for effects that
    apply only to one kind); `amount_of`: values of "chosen", "margin"."""
    choice = choice or {}
    for e in effects:
        if "attack" in e and e["attack"] != attack and e.get("on") in ("hit",):
            continue
        if not supported(e):
            continue
        if e["do"] == "roll":
            _roll(state, rng, e, source, opponent, events, choice)
            continue
        for who in _targets(state, e, source, opponent, choice.get("target")):
            _one(state, e, source, who, events, choice, amount_of or {})


def _amount(e: dict, amount_of: dict) -> int:
    a = e.get("amount", 0)
    return amount_of.get(a, 0) if isinstance(a, str) else a


def _one(state: dict, e: dict, source: str, who: str, events: list, choice: dict, amount_of: dict) -> None:
    c = CH.record(state, who)
    if c is None or CH.is_incapacitated(c):
        return
    verb = e["do"]
    if verb in ("gain", "lose"):
        change_counter(state, c, e["counter"], _amount(e, amount_of) * (1 if verb == "gain" else -1), events,
                       source, e)
    elif verb == "regenerate" and CH.kind(who) != "mook":
        resistance = choice.get("resistance", e["resistance"]) if isinstance(e["resistance"], list) else e["resistance"]
        counters, removed = DMG.regenerate(c["resistances"][resistance], _amount(e, amount_of))
        CH.update(state, who, resistances={**c["resistances"], resistance: counters})
        events.append({"type": "stress_regenerated", "character": who, "resistance": resistance, "amount": removed})
    elif verb == "deal":
        deal(state, source, who, e["resistance"], _amount(e, amount_of), bool(e.get("trauma")), events)
    elif verb == "status":
        add_status(state, who, e["status"], events, e.get("lasts"), source)
    elif verb == "end_status":
        end_status(state, who, e["status"], events)
    elif verb == "heroic":  # "you gain 1 Rank in Psyche" for X Turns (ratings())
        add_modifier(state, {"who": who, "source": source, "stat": "heroic", "heroic": e["heroic"],
                             **({"set": e["set"]} if "set" in e else {"amount": e["amount"]}),
                             "attack": None, "lasts": "turn", "turns": e.get("for_turns", 1)})
    elif verb == "modify":
        add_modifier(state, {"who": who, "source": source, "stat": e["stat"],
                             **({"set": e["set"]} if "set" in e else {"amount": e["amount"]}),
                             "attack": e.get("attack"), "lasts": e.get("lasts", "attack")})


def _roll(state, rng, e, source, opponent, events, choice) -> None:
    chosen = choice.get("chosen", 1)
    parts = roll_parts(state, source, e)
    result, event = R.chosen_roll(rng, source, parts, chosen, purpose="card")
    events.append(event)
    pay_locks(state, source, parts, events)
    if result.won:
        resolve(state, rng, e["then"], source, opponent, events, choice, amount_of={"chosen": chosen})


def change_counter(state: dict, c: dict, counter: str, delta: int, events: list, source: str, e: dict) -> None:
    who = c["card"]
    kind = CH.kind(who)
    if counter in ACTION_OF:
        action = ACTION_OF[counter]
        top = CH.ACTIONS_RENEWED[action]
        value = max(0, min(top, c["actions"][action] + delta))
        CH.update(state, who, actions={**c["actions"], action: value})
    elif counter == "cover":
        timed = {"lasts": "turn", "turns": e["for_turns"]} if "for_turns" in e else {"lasts": e.get("lasts", "combat")}
        add_modifier(state, {"who": who, "source": source, "stat": "cover", "amount": delta, "attack": None, **timed})
        value = delta
    elif counter == "quantity" and kind == "mook":
        value = max(0, c["quantity"] + delta)
        CH.update(state, who, quantity=value)
    elif counter == "energy" and "energy" in c:  # Mooks and Allies have no Energy
        if delta > 0 and CH.is_demoralized(c):  # "cannot gain Energy"
            return
        value = max(0, c["energy"] + delta)
        CH.update(state, who, energy=value)
    elif counter in ("belief", "hate") and CH.spend_counter(c) == counter:
        value = (max(0, min(CH.C.CARD[who]["belief"], c[counter] + delta)) if counter == "belief"
                 else CH.hate_after(c, delta))
        CH.update(state, who, **{counter: value})
    elif counter == "automatic_success":
        automatic_success(state, who, source, delta)
        value = delta
    else:
        return
    events.append({"type": "counter_changed", "character": who, "counter": counter, "amount": delta, "value": value})


def deal(state: dict, source: str, who: str, resistance: str, amount: int, trauma: bool, events: list) -> int:
    """Deal Stress (or Trauma) directly: Trauma costs its dealer 1 Belief or Hate a point, so no
    more Trauma is dealt than it can pay (the rest is not dealt, docs/rulings-plot-twist.md, Rolls);
    a Mook loses 1 Quantity Counter instead. Returns the counters placed."""
    c = CH.record(state, who)
    if CH.kind(who) == "mook":
        if amount > 0:
            lost = min(c["quantity"], 1)
            CH.update(state, who, quantity=c["quantity"] - lost)
            events.append({"type": "quantity_lost", "character": who, "amount": lost})
        return 0
    if resistance not in c["resistances"] or AL.sacrifice(state, who, resistance, amount, trauma, events):
        return 0  # an Ally has no Social Resistance; an Ally Sacrificed itself
    printed = CH.printed_resistance(who, resistance)
    if trauma:  # Trauma the dealer cannot pay for, or that has no room, is not dealt
        dealer = CH.record(state, source)
        pay = CH.spend_counter(dealer) if dealer else None
        payable = DMG.trauma_payable(amount, dealer[pay]) if pay else 0
        counters, placed = DMG.hit(c["resistances"][resistance], printed, payable, trauma=True)
        if placed:
            CH.update(state, source, **{pay: dealer[pay] - placed})
            events.append({"type": "trauma_paid", "character": source, "counter": pay, "amount": placed})
    else:
        counters, placed = DMG.hit(c["resistances"][resistance], printed, amount)
    c = CH.record(state, who)
    CH.update(state, who, resistances={**c["resistances"], resistance: counters})
    events.append({"type": "damage_dealt", "character": who, "resistance": resistance,
                   "stress": 0 if trauma else placed, "trauma": placed if trauma else 0})
    placed_s, placed_t = (0, placed) if trauma else (placed, 0)
    after = CH.record(state, who)
    if resistance == "social" and CH.is_demoralized(after):
        lost = {"energy": 0, **({"belief": 0} if "belief" in after else {})}
        CH.update(state, who, **lost)
        events.append({"type": "demoralized", "character": who})
    return placed_s + placed_t


# --- Statuses and modifiers ------------------------------------------------------------------------
def add_status(state: dict, who: str, status: str, events: list, lasts: str | None = None,
               source: str | None = None) -> None:
    c = CH.record(state, who)
    if status not in c["statuses"]:
        statuses = [s for s in c["statuses"] if not (status == "prone" and s == "flying")]  # "Exit Flying"
        CH.update(state, who, statuses=statuses + [status])
        events.append({"type": "status_gained", "character": who, "status": status})
    turn = state["turn"]
    if status == "prone" and turn is not None and who not in turn["sent_prone"]:  # no Flying this Turn
        state["turn"] = {**turn, "sent_prone": turn["sent_prone"] + [who]}
    if lasts:
        add_modifier(state, {"who": who, "source": source or who, "stat": "status", "status": status,
                             "attack": None, "lasts": lasts})


def end_status(state: dict, who: str, status: str, events: list) -> None:
    c = CH.record(state, who)
    if c is not None and status in c["statuses"]:
        CH.update(state, who, statuses=[s for s in c["statuses"] if s != status])
        events.append({"type": "status_ended", "character": who, "status": status})


def add_modifier(state: dict, modifier: dict) -> None:
    turn = state["turn"]
    state["turn"] = {**turn, "modifiers": turn["modifiers"] + [modifier]}


def expire(state: dict, lasts: tuple, events: list, source: str | None = None, attack: str | None = None) -> None:
    """Remove the modifiers whose duration ends (a status with them); `source`/`attack`: only
    those of one Attack."""
    keep, gone = [], []
    for m in state["turn"]["modifiers"]:
        ends = m["lasts"] in lasts and (source is None or (m["source"] == source
                                                          and m["attack"] in (None, attack)))
        if ends and m["lasts"] == "turn" and m.get("turns", 1) > 1:  # "For X Turns": one Turn less
            keep.append({**m, "turns": m["turns"] - 1})
            continue
        (gone if ends else keep).append(m)
    if keep == state["turn"]["modifiers"]:
        return
    state["turn"] = {**state["turn"], "modifiers": keep}
    for m in gone:
        if m["stat"] == "status" and CH.record(state, m["who"]) is not None:
            end_status(state, m["who"], m["status"], events)


def total(state: dict, who: str, stat: str, attack: str | None, attacker: str | None = None) -> int:
    """The sum of `who`'s modifiers to `stat` for an Attack of this kind (for a defender's
    modifiers that last one Attack: only against their source's)."""
    n = 0
    for m in state["turn"]["modifiers"]:
        if m["who"] != who or m["stat"] != stat or m["attack"] not in (None, attack) or "amount" not in m:
            continue
        if m["lasts"] == "attack" and attacker is not None and m["source"] not in (attacker, who):
            continue
        n += m["amount"]
    return n + location_static(state, who, stat, attack) + standing.total(state, who, stat, attack)


def setting(state: dict, who: str, stat: str, attack: str, attacker: str) -> int | None:
    """A modifier that sets a stat (Piercing Round: Armor counts as 0), or None."""
    for m in state["turn"]["modifiers"]:
        if (m["who"] == who and m["stat"] == stat and "set" in m and m["attack"] in (None, attack)
                and m["source"] in (attacker, who)):
            return m["set"]
    return None


# --- Plots' effects (plots.py, bystanders.py): Details, Locations, Bystanders ---------------------------
PLOT_VERBS = ("remove_trauma", "draw", "play", "peek")


def plot_targets(state: dict, target: str) -> list[str]:
    """The named targets of Plots' effects: every Character here (all Characters are at the
    Conflict's Location), the Villains, the Main Villain."""
    if target == "characters":
        return [c["card"] for c in CH.active(state)]
    if target == "villains":
        return [c["card"] for c in CH.villains_in_play(state)]
    if target == "main_villain":
        return [c["card"] for c in CH.villains_in_play(state) if c.get("main")]
    return []


def automatic_success(state: dict, who: str, source: str, amount: int) -> None:
    """"1 Automatic Success in one Roll this Turn": added to the Character's next Damage Roll this
    Turn (ruling "Lucky Charm's Automatic Success")."""
    add_modifier(state, {"who": who, "source": source, "stat": "automatic_successes", "amount": amount,
                         "attack": None, "lasts": "attack"})


def resolve_plot(state: dict, rng, effects: list, source: str | None, seat: int, events: list,
                 choice: dict | None = None) -> None:
    """A Plot's effects in the order they appear: `source` is "you" (the Character who played,
    Recruited or Killed), `seat` its controller; the Combat verbs through `resolve`."""
    choice = choice or {}
    for e in effects:
        if e["do"] not in PLOT_VERBS:
            resolve(state, rng, [e], source, None, events, choice=choice)
        elif e["do"] == "play":
            _play_location(state, seat, choice.get("location"), events)
        elif e["do"] == "peek":
            peek_objective(state, seat, source, events)
        else:
            for who in _targets(state, e, source, None, choice.get("target")):
                c = CH.record(state, who)
                if c is None or CH.is_incapacitated(c):
                    continue
                if e["do"] == "draw":  # a hand holds at most 3 (ruling "Drawing Combat cards from a Plot")
                    H.draw_to(state, c["seat"], min(H.HAND, len(state["combat_hands"][c["seat"]]) + e["amount"]),
                              events)
                elif e["resistance"] in c.get("resistances", {}):
                    counters, removed = DMG.remove_trauma(c["resistances"][e["resistance"]], e["amount"])
                    CH.update(state, who, resistances={**c["resistances"], e["resistance"]: counters})
                    events.append({"type": "trauma_removed", "character": who, "resistance": e["resistance"],
                                   "amount": removed})


def peek_objective(state: dict, seat: int, who: str | None, events: list) -> None:
    """A Hero seat peeks at the face-down Objective (Tech Intern; Perception or Hacking, stealth.py):
    an `objective_peeked` event only it and the GM see the card of, and from then on its view shows
    the card (`objective.peeked`, views.py); the successes its Characters were accumulating are done."""
    objective = state["objective"]
    if objective["card"] is None or seat == 0:
        return
    peeking = {k: n for k, n in objective["peeking"].items()
               if (CH.record(state, k) or {}).get("seat") != seat}
    state["objective"] = {**objective, "peeked": sorted(set(objective["peeked"]) | {seat}), "peeking": peeking}
    events.append({"type": "objective_peeked", "player": seat, "character": who, "card": objective["card"]})


def _play_location(state: dict, seat: int, location: str | None, events: list) -> None:
    """"Play a Location": from the Plot Hand into play; the Conflict stays where it is (ruling
    "Playing a Location")."""
    if location is None or location not in state["plot_hands"][seat]:
        return
    hands = list(state["plot_hands"])
    hands[seat] = [c for c in hands[seat] if c != location]
    state["plot_hands"] = hands
    state["locations"] = state["locations"] + [location]
    events.append({"type": "location_played", "player": seat, "card": location})


def location_static(state: dict, who: str, stat: str, attack: str | None) -> int:
    """What the Location where the Conflict is adds to `who`'s `stat` ("static" effects: Cover,
    Pools) while the Conflict is there."""
    where = state["location"]
    if where is None:
        return 0
    n = 0
    for e in CH.C.CARD[where]["effects"]:
        if e["on"] != "static":
            continue
        named = "cover" if e["do"] == "gain" and e.get("counter") == "cover" else e.get("stat")
        if named == stat and e.get("attack") in (None, attack) and who in _targets(state, e, None, None, None):
            n += e.get("amount", 0)
    return n


def location_trigger(state: dict, on: str, events: list) -> None:
    """The effects of the Location where the Conflict is that trigger at the Start or End of Turn."""
    where = state["location"]
    if where is None:
        return
    effects = [e for e in CH.C.CARD[where]["effects"] if e["on"] == on]
    if effects:
        events.append({"type": "location_triggered", "card": where, "on": on})
        main = plot_targets(state, "main_villain")  # a Location has no "you": nothing reads its source
        resolve_plot(state, None, effects, main[0] if main else None, 0, events)
