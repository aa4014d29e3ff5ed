"""Plot Twist: spending Belief, Hate and Energy from their menus, and activated Advantages
(rulebook: Belief, Hate, Energy, Keywords and Advantages).

"Belief can be spent at any time a Free action may be taken ... Spending Belief is not an
Action"; "Spending hate is not an action"; "Energy can be used at any time in a turn, but a
Character can only spend a number of Energy per Turn equal to the Character's Power." So these are
offered where Free actions are (actions.py: the side with Initiative, in a Combat its combatant),
never in the End of Turn, and leave Initiative where it is:

- `activate` {character, effect, target?}: an Advantage printed "as a Free action, spend X":
  pays the card's `cost` (Belief, Energy or Hate) and resolves that effect (`effect` is its index
  among the Character's effects); once each Turn per Character, as a Free action;
- `buy_success` {character}: a Hero spends 2 Belief "to gain 1 Automatic Success in any Roll":
  it goes to the Hero's next Damage Roll this Turn (ruling "Lucky Charm's Automatic Success");
- `buy_coin` {character, pool}: 1 Energy "to gain 1 coin in any Pool, even Damage ones, before
  the Roll": `attack_pool` or `damage_pool` of the Character's next Attack, or, in a Combat,
  `defense_pool` for the rest of it (ruling "Buying coins"); a Mook pays 1 Quantity Counter ("They can
  spend their Quantity Counters to obtain 1 added Coin in any Roll, limited to X counters per turn,
  where X is their Power"), never its last (ruling "Mooks' coins");
- `add_quantity` {character, target}: the Main Villain spends 1 Hate "to put 3 Quantity Counters on
  any Mooks in play" (the Mook section's price; ruling "The price of Hate");
- `belief_damage` {character, target}: a Villain spends 1 Hate "to deal 1 Belief Damage" to a Hero;
- `raise_heroic` {character, heroic}: a Hero spends 2 Belief "to ... raise 1 Heroic to 3 for 2
  Turns", a Villain 2 Hate "to raise 1 Heroic to 3 this Turn" (a Heroic it has, below 3 now);
- `gain_keyword` {character, keyword}: a Hero spends 2 Belief "to gain 1 Keyword this Turn": one of
  the Keywords with intrinsic effects it does not have now (ruling "Gaining a Keyword");
- `play_hero` {character, hero, equipment}: a Hero spends 5 Belief "to play a Hero. He enters play
  with 0 Belief": a Hero of the collection (the house set) that Setup's rules would accept now (never
  a sixth Hero, never a Name in play), with "any equipment he could use from your collection" (one,
  or null), under the paying seat's control for the rest of the game (ruling "Playing a Hero");
- `heal` {character, resistance, chosen}: Healing, "[Energy]: Regenerate Mental or Physical Stress in
  yourself. Make a Chosen Roll. The chosen number is the amount of Stress Regenerated": 1 Energy, a
  Chosen Roll of Body (Physical) or Mind (Mental) + Healing, a Free action (ruling "Healing");
- `gadgeteer` {character, heroic, ranks}: Gadgeteer, "X [Energy]: Gain X Ranks in another Heroic, up to
  your Ranks in Gadgeteer": X Energy, X Ranks this Turn, a Free action (ruling "Gadgeteer").

Not here: the Energy a Locked Heroic or Keyword costs each use (effects.pay_locks, ruling "Locks"); the
GM curing Belief (reversal.py).
`spend_error(state, move)` both lists the options (`spend_options`) and explains a refusal.
"""

import functools

from core.framework.kept import kept

from . import actions as A
from .. import cards as C
from ..cards import TYPE  # (a Character's kind, read where spending is listed: no call, no lookup of `CH`)
from ..characters import characters as CH
from ..rolls import damage as DMG
from ..setup import decks as D
from ..effects import effects as FX
from ..rolls import rolls as R
from . import stealth as ST
from ..state import in_play, new_character

KINDS = ("activate", "buy_success", "buy_coin", "add_quantity", "belief_damage", "raise_heroic", "gain_keyword",
         "play_hero", "heal", "gadgeteer")
FIELDS = {"activate": {"effect", "target"}, "buy_success": set(), "buy_coin": {"pool"},
          "add_quantity": {"target"}, "belief_damage": {"target"}, "raise_heroic": {"heroic"},
          "gain_keyword": {"keyword"}, "play_hero": {"hero", "equipment"}, "heal": {"resistance", "chosen"},
          "gadgeteer": {"heroic", "ranks"}}
FREE_KINDS = ("activate", "heal", "gadgeteer")  # the Free actions among them: once each Turn (turn.free)
EVENTS = ("hero_played",)
RAISE_COST = 2       # "② ... raise 1 Heroic to 3 for 2 Turns"; the Villain's X Hate: the same
RAISED_TO = 3
RAISE_TURNS = {"hero": 2, "villain": 1}  # Belief: "for 2 Turns"; Hate: "this Turn"
SUCCESS_BELIEF = 2   # "② To gain 1 Automatic Success in any Roll"
COIN_ENERGY = 1      # "Spend X Energy: To gain 1 coin in any Pool" (X = 1, as Regenerating 1 Stress)
COIN_QUANTITY = 1    # Mooks: "spend their Quantity Counters to obtain 1 added Coin in any Roll"
QUANTITY_HATE = 1    # Mook cards: "A Villain can spend 1 Hate to put 3 Quantity Counters on any Mooks in play"
QUANTITY_ADDED = 3
BELIEF_DAMAGE_HATE = 1
KEYWORD_BELIEF = 2   # "② To gain 1 Keyword this Turn"
GAINED_KEYWORDS = C.INTRINSIC_KEYWORDS  # the others are only requisites and targets (ruling "Gaining a Keyword")
HERO_BELIEF = 5      # "⑤ To play a Hero. He enters play with 0 Belief."
HEAL_ENERGY = 1      # Healing: "[Energy]: Regenerate Mental or Physical Stress in yourself"
HEALED = ("physical", "mental")  # "Healing - Mental or Physical"
GADGETS = tuple(h for h in C.HEROICS if h != "gadgeteer")  # "Gain X Ranks in another Heroic"
assert SUCCESS_BELIEF == KEYWORD_BELIEF <= HERO_BELIEF  # spend_options asks a Hero for the least of them first
POOLS = ("attack_pool", "damage_pool", "defense_pool")
assert COIN_ENERGY == COIN_QUANTITY
RULE_CODES = ("no_such_advantage", "not_enough_belief", "not_enough_energy", "not_enough_quantity", "quantity_limit", "not_enough_hate", "energy_limit",
              "free_action_used_this_turn", "heroes_only", "villains_only", "main_villain_only", "not_a_target",
              "defense_in_combat_only", "no_free_action_at_end_of_turn", "not_your_character", "wrong_move",
              "cannot_act", "not_a_heroic_to_raise", "not_a_keyword_to_gain", "no_healing", "nothing_to_regenerate",
              "not_a_chosen_number", "no_gadgeteer", "not_another_heroic", "ranks_up_to_gadgeteer")


@functools.cache
def activated(card: str) -> tuple[tuple[int, dict], ...]:
    """The Character card's effects activated by spending: (index, effect), read only (the catalog's)."""
    return tuple((i, e) for i, e in enumerate(C.CARD[card].get("effects", [])) if e.get("on") == "activate")


def adds_quantity(effect: dict) -> bool:
    """Whether an activated effect puts Quantity Counters on Mooks (Warcry): "Crossover Villains cannot
    Add Quantity counters to Mooks", by the Hate list's `add_quantity` or by an Advantage alike."""
    return effect.get("do") == "gain" and effect.get("counter") == "quantity" and effect.get("target") == "mooks"


def _effect_targets(state: dict, effect: dict, who: str) -> list[str | None]:
    """What an activated effect may target: "a target Character" is any Character in play but a Mook
    (every Character is at the Conflict's Location); "a target Hero" another Hero (effects.py)."""
    if effect.get("target") == "character":
        return [c["card"] for c in CH.active(state) if TYPE[c["card"]] != "mook"]
    return FX.chosen_targets(state, effect, who, None)


def _paying(state: dict, c: dict, counter: str, amount: int) -> tuple[str, str] | None:
    """Why `c` cannot pay `amount` of `counter` now, or None."""
    if counter not in c:
        return f"not_enough_{counter}", f"{C.display_name(c['card'])} has no {counter.capitalize()}."
    if c[counter] < amount:
        return f"not_enough_{counter}", f"This costs {amount} {counter.capitalize()}; there are {c[counter]}."
    if counter == "energy" and A.energy_left(state, c["card"]) < amount:
        return "energy_limit", "A Character can only spend a number of Energy per Turn equal to its Power."
    if counter == "quantity" and (A.energy_left(state, c["card"]) < amount or c["quantity"] - amount < 1):
        return "quantity_limit", ("Mooks spend Quantity Counters for coins limited to their Power a Turn, and "
                                  "never the last (the Mook that rolls).")
    return None


def coin_counter(c: dict) -> str | None:
    """What a Character pays a coin with: Energy (Heroes, Villains), Quantity Counters (Mooks), or None (Allies)."""
    return "quantity" if TYPE[c["card"]] == "mook" else "energy" if "energy" in c else None


def spend_error(state: dict, move: dict) -> tuple[str, str] | None:
    """Why this spending is refused now, or None."""
    kind, seat, who = move.get("kind"), move.get("player"), move.get("character")
    if kind not in FIELDS:
        return "wrong_move", f"A spending move is one of {', '.join(KINDS)}."
    optional = {"target"} if kind == "activate" else set()
    if not ({"player", "kind", "character"} | FIELDS[kind]) - optional <= set(move) <= (
            {"player", "kind", "character"} | FIELDS[kind]):
        return "wrong_move", f"A {kind} move has the fields player, kind, character and {sorted(FIELDS[kind])}."
    refusal = A.moment_error(state, seat, who)
    if refusal:
        return refusal
    c = CH.record(state, who)
    return _WHY_NOT[kind](state, c, move)


def _activate(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    effects = dict(activated(c["card"]))
    index = move["effect"]
    if type(index) is not int or index not in effects:
        return "no_such_advantage", f"{C.display_name(c['card'])} has no Advantage activated as effect {index!r}."
    if "activate" in state["turn"]["free"].get(c["card"], []):
        return "free_action_used_this_turn", "A Character may take each Free action once each Turn."
    effect = effects[index]
    if adds_quantity(effect) and not c.get("main"):
        return "main_villain_only", "Crossover Villains cannot Add Quantity counters to Mooks."
    for counter, amount in effect["cost"].items():
        refusal = _paying(state, c, counter, amount)
        if refusal:
            return refusal
    targets = _effect_targets(state, effect, c["card"])
    if move.get("target") not in targets or (targets == [None]) != ("target" not in move):
        return "not_a_target", f"{move.get('target')!r} is not a target of {C.CARD[c['card']]['advantage']}."
    return None


def _buy_success(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    if TYPE[c["card"]] != "hero":
        return "heroes_only", "Only Heroes have Belief."
    return _paying(state, c, "belief", SUCCESS_BELIEF)


def _buy_coin(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    if move["pool"] not in POOLS:
        return "wrong_move", f"A pool is one of {', '.join(POOLS)}."
    if move["pool"] == "defense_pool" and state["combat"] is None:
        return "defense_in_combat_only", "A coin for Defense is bought in a Combat, for the rest of it."
    counter = coin_counter(c)
    if counter is None:
        return "not_enough_energy", "Allies have no Energy to buy a coin."
    return _paying(state, c, counter, COIN_QUANTITY if counter == "quantity" else COIN_ENERGY)


def _add_quantity(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    if not c.get("main"):
        return "main_villain_only", "Quantity counters are put on Mooks by the Main Villain only."
    t = CH.record(state, move["target"]) if isinstance(move["target"], str) else None
    if t is None or TYPE[t["card"]] != "mook" or CH.is_incapacitated(t):
        return "not_a_target", f"{move['target']!r} is no Mook in play."
    return _paying(state, c, "hate", QUANTITY_HATE)


def _belief_damage(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    if TYPE[c["card"]] != "villain":
        return "villains_only", "Hate is spent by Villains."
    t = CH.record(state, move["target"]) if isinstance(move["target"], str) else None
    if t is None or TYPE[t["card"]] != "hero" or CH.is_incapacitated(t) or t["belief"] < 1:
        return "not_a_target", f"{move['target']!r} is no Hero in play with Belief to lose."
    return _paying(state, c, "hate", BELIEF_DAMAGE_HATE)


def _raise_heroic(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    kind = TYPE[c["card"]]
    if kind not in RAISE_TURNS:
        return "cannot_act", "Heroes (Belief) and Villains (Hate) raise a Heroic."
    word = move["heroic"]
    rank = FX.ratings(state, c["card"]).get(C.display(word), 0) if word in C.HEROICS else None
    if rank is None or not 1 <= rank < RAISED_TO:
        return "not_a_heroic_to_raise", f"Raise a Heroic {C.display_name(c['card'])} has, below {RAISED_TO} now."
    return _paying(state, c, CH.spend_counter(c), RAISE_COST)


def _gain_keyword(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    if TYPE[c["card"]] != "hero":
        return "heroes_only", "Only Heroes have Belief."
    word = move["keyword"]
    if word not in GAINED_KEYWORDS or C.display(word) in FX.keywords(state, c["card"]):
        return "not_a_keyword_to_gain", (f"Gain a Keyword with an intrinsic effect ({', '.join(GAINED_KEYWORDS)}) "
                                         f"{C.display_name(c['card'])} does not have now.")
    return _paying(state, c, "belief", KEYWORD_BELIEF)


def _play_hero(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    if TYPE[c["card"]] != "hero":
        return "heroes_only", "Only Heroes have Belief."
    hero, equipment, placed = move["hero"], move["equipment"], in_play(state)
    refusal = D.hero_error(hero, placed) if type(hero) is str else ("wrong_move", "'hero' is a Hero card's id.")
    if refusal is None and equipment is not None:
        refusal = (D.equipment_error(equipment, hero, [], placed) if type(equipment) is str
                   else ("wrong_move", "'equipment' is an Equipment card's id or null."))
    return refusal or _paying(state, c, "belief", HERO_BELIEF)


# --- Heroics activated with Energy: Healing and Gadgeteer (Free actions) -----------------------------------
def _heroic_energy(state: dict, c: dict, heroic: str, amount: int) -> tuple[str, str] | None:
    """Why `c` cannot pay `amount` Energy for using `heroic`, and 1 more if it is Locked (ruling "Locks"), or None."""
    return _paying(state, c, "energy", amount + (FX.LOCK_ENERGY if heroic in FX.locked(state, c["card"]) else 0))


def heal_parts(state: dict, who: str, resistance: str) -> list[tuple[str, int]]:
    """Healing's Chosen Roll: Body (Physical) or Mind (Mental) + Healing, with the Roll Pool modifiers
    and Surprised, as every non-Damage Roll (stealth.roll_parts)."""
    return ST.roll_parts(state, who, DMG.RESISTANCES[resistance], "Healing")


def _heal(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    who, resistance, chosen = c["card"], move["resistance"], move["chosen"]
    if "heal" in state["turn"]["free"].get(who, []):
        return "free_action_used_this_turn", "A Character may take each Free action once each Turn."
    if resistance not in HEALED:
        return "wrong_move", f"Healing Regenerates one of {', '.join(HEALED)}."
    if "energy" not in c:
        return "not_enough_energy", "Mooks and Allies have no Energy to use Healing."
    if FX.ratings(state, who).get("Healing", 0) < 1:
        return "no_healing", f"{C.display_name(who)} has no Ranks in Healing now."
    stress = c["resistances"][resistance]["stress"]
    if stress == 0:
        return "nothing_to_regenerate", f"There is no {resistance} Stress to Regenerate."
    pool = R.Pool.of(heal_parts(state, who, resistance)).size
    if type(chosen) is not int or chosen not in R.chosen_numbers(pool, most=stress):
        return "not_a_chosen_number", (f"Choose a number from 1 to {min(pool - 1, stress)}: one your Pool of {pool} "
                                       f"can beat, no more than the {stress} Stress there is.")
    return _heroic_energy(state, c, "healing", HEAL_ENERGY)


def _gadgeteer(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    who, heroic, ranks = c["card"], move["heroic"], move["ranks"]
    if "gadgeteer" in state["turn"]["free"].get(who, []):
        return "free_action_used_this_turn", "A Character may take each Free action once each Turn."
    if "energy" not in c:
        return "not_enough_energy", "Mooks and Allies have no Energy to use Gadgeteer."
    most = FX.ratings(state, who).get("Gadgeteer", 0)
    if most < 1:
        return "no_gadgeteer", f"{C.display_name(who)} has no Ranks in Gadgeteer now."
    if heroic not in GADGETS:
        return "not_another_heroic", f"Gadgeteer gives Ranks in another Heroic: one of {', '.join(GADGETS)}."
    if type(ranks) is not int or not 1 <= ranks <= most:
        return "ranks_up_to_gadgeteer", f"Gain 1 to {most} Ranks: up to your Ranks in Gadgeteer."
    return _heroic_energy(state, c, "gadgeteer", ranks)


_WHY_NOT = {"activate": _activate, "buy_success": _buy_success, "buy_coin": _buy_coin,
            "add_quantity": _add_quantity, "belief_damage": _belief_damage, "raise_heroic": _raise_heroic,
            "gain_keyword": _gain_keyword, "play_hero": _play_hero, "heal": _heal, "gadgeteer": _gadgeteer}


def heroic_options(state: dict, seat: int) -> list[dict]:
    """The seat's `heal` and `gadgeteer` options (conflict.py keeps each Character's with its other listings)."""
    out = []
    for who in A.acting(state, seat):
        c = CH.record(state, who)
        if "energy" in c and not A.moment_error(state, seat, who):
            out += character_heroics(state, seat, c)
    return out


def character_heroics(state: dict, seat: int, c: dict) -> list[dict]:
    """`heroic_options` of one Character with Energy that may act now, built only where `_heal` and
    `_gadgeteer` accept them (legal by construction): not used this Turn, with Ranks in the Heroic; Healing
    with Stress to Regenerate, each number its Pool can beat, and the Energy to pay (and a Lock's);
    Gadgeteer for each number of Ranks up to its own while the Energy lasts (more Ranks cost more)."""
    who, ranks = c["card"], FX.ratings(state, c["card"])
    used = state["turn"]["free"].get(who, [])
    out = []
    if ranks.get("Healing", 0) >= 1 and "heal" not in used and _heroic_energy(state, c, "healing", HEAL_ENERGY) is None:
        for r in HEALED:
            stress = c["resistances"][r]["stress"]
            if stress:
                pool = R.Pool.of(heal_parts(state, who, r)).size
                out += [{"player": seat, "kind": "heal", "character": who, "resistance": r, "chosen": n}
                        for n in R.chosen_numbers(pool, most=stress)]
    if "gadgeteer" not in used:
        for x in range(1, ranks.get("Gadgeteer", 0) + 1):
            if _heroic_energy(state, c, "gadgeteer", x) is not None:
                break
            out += [{"player": seat, "kind": "gadgeteer", "character": who, "heroic": h, "ranks": x} for h in GADGETS]
    return out


def playable_heroes(state: dict) -> list[tuple[str, str | None]]:
    """Every (Hero, Equipment or None) a Hero's 5 Belief may bring into play now."""
    placed = in_play(state)
    out = []
    for hero in C.IDS_OF["hero"]:
        if D.hero_error(hero, placed) is None:
            out += [(hero, None)] + [(hero, e) for e in C.IDS_OF["equipment"]
                                     if D.equipment_error(e, hero, [], placed) is None]
    return out


def spend_options(state: dict, seat: int) -> list[dict]:
    if state["turn"]["phase"] == "end":
        return []
    out = []
    turn = state["turn"]
    for who in A.acting(state, seat):
        if A.moment_error(state, seat, who):  # the moment once, then each candidate (well-formed)
            continue
        c = CH.record(state, who)
        # What a Character's spending reads (kept while it is the same: core/framework/kept.py): its
        # record, its Free actions, Energy spent and modifiers this Turn (ratings, keywords, Locks), the
        # cards that stand, whether a Combat is on; of the other Characters only those it may target
        # (`targets_read`), and of the cards in play which Hero may still enter (when it can pay for one).
        parts = (c, turn["free"].get(who), turn["energy_spent"].get(who), state["events_cluster"], state["timers"],
                 *FX.rated_modifiers(state, who))
        values = targets_read(state, c) + (state["combat"] is None,)  # Defense coins, Heroes entering
        out += kept(("plot-twist", "spend", seat, who), parts, lambda: character_spend(state, seat, c), values)
    return out + heroic_options(state, seat)


def targets_read(state: dict, c: dict) -> tuple:
    """The targets the Character's spending may name: its Advantages', a Villain's Mooks and Heroes
    with Belief, and the Heroes that may enter (when it can pay for one); worked out once while the
    Characters and the cards in play are the same (kept.py); nothing, at once, for a Character that names none
    (no Advantage activated, not a Villain, less Belief than a Hero costs)."""
    who = c["card"]
    if not activated(who) and TYPE[who] != "villain" and c.get("belief", 0) < HERO_BELIEF:
        return ()
    return kept(("plot-twist", "spend_targets", c["card"]), (state["characters"], state["locations"],
                                                             state["objective"]), _targets_of, (), state, c)


def _targets_of(state: dict, c: dict) -> tuple:
    who = c["card"]
    facts = [tuple(_effect_targets(state, effect, who)) for _, effect in activated(who)]
    if TYPE[who] == "villain":
        facts.append(tuple(t["card"] for t in CH.active(state) if TYPE[t["card"]] == "mook"))
        facts.append(tuple(h["card"] for h in CH.heroes_in_play(state) if h["belief"] >= 1))
    if c.get("belief", 0) >= HERO_BELIEF:
        facts.append(tuple(in_play(state)))
    return tuple(facts)


def character_spend(state: dict, seat: int, c: dict) -> list[dict]:
    """Every spending of the Character `c`, built only where its kind's predicate accepts it, so legal by
    construction: its cost afforded (each predicate's last check), and its varying field one the predicate
    accepts (an Advantage's target, a Keyword not had, a Heroic below 3, a Defense coin in a Combat, a
    target that can be one)."""
    who = c["card"]
    kind = TYPE[who]

    def affords(counter: str, amount: int) -> bool:
        return _paying(state, c, counter, amount) is None

    out = []
    used = "activate" in state["turn"]["free"].get(who, [])  # refused whatever the effect (`_activate`)
    for index, effect in () if used else activated(who):
        if any(_paying(state, c, counter, amount) for counter, amount in effect["cost"].items()) or (
                adds_quantity(effect) and not c.get("main")):
            continue  # refused whatever the target: not built
        targets = _effect_targets(state, effect, who)  # a target among them, or none where it names none
        for t in targets:
            move = {"player": seat, "kind": "activate", "character": who, "effect": index}
            if t is not None:
                out.append({**move, "target": t})
            elif targets == [None]:
                out.append(move)
    if kind == "hero" and affords("belief", SUCCESS_BELIEF):  # = KEYWORD_BELIEF <= HERO_BELIEF
        out.append({"player": seat, "kind": "buy_success", "character": who})
        had = FX.keywords(state, who)  # one it has is refused (`_gain_keyword`)
        out += [{"player": seat, "kind": "gain_keyword", "character": who, "keyword": k}
                for k in GAINED_KEYWORDS if C.display(k) not in had]
        if c["belief"] >= HERO_BELIEF:  # `playable_heroes`: what `_play_hero` asks of each
            out += [{"player": seat, "kind": "play_hero", "character": who, "hero": h, "equipment": e}
                    for h, e in playable_heroes(state)]
    if kind in ("hero", "villain", "mook") and affords(coin_counter(c), COIN_ENERGY):  # = COIN_QUANTITY
        out += [{"player": seat, "kind": "buy_coin", "character": who, "pool": p} for p in POOLS
                if p != "defense_pool" or state["combat"] is not None]  # Defense: in a Combat (`_buy_coin`)
    if kind in RAISE_TURNS and affords(CH.spend_counter(c), RAISE_COST):
        ranks = FX.ratings(state, who)  # one not below 3 now is refused (`_raise_heroic`)
        out += [{"player": seat, "kind": "raise_heroic", "character": who, "heroic": h}
                for h in C.CARD[who].get("heroics", {}) if h in C.HEROICS and 1 <= ranks.get(C.display(h), 0) < RAISED_TO]
    if kind == "villain":
        if c.get("main") and affords("hate", QUANTITY_HATE):  # the Main Villain's (`_add_quantity`)
            out += [{"player": seat, "kind": "add_quantity", "character": who, "target": t["card"]}
                    for t in CH.active(state) if TYPE[t["card"]] == "mook"]
        if affords("hate", BELIEF_DAMAGE_HATE):  # a Hero in play with Belief to lose (`_belief_damage`)
            out += [{"player": seat, "kind": "belief_damage", "character": who, "target": h["card"]}
                    for h in CH.heroes_in_play(state) if h["belief"] >= 1]
    return out


def _pay(state: dict, who: str, counter: str, amount: int, events: list, purpose: str) -> None:
    c = CH.record(state, who)
    CH.update(state, who, **{counter: c[counter] - amount})
    if counter in ("energy", "quantity"):  # a Mook's Quantity for coins: its Power a Turn too (turn.energy_spent)
        spent = state["turn"]["energy_spent"]
        state["turn"] = {**state["turn"], "energy_spent": {**spent, who: spent.get(who, 0) + amount}}
    events.append({"type": "counters_spent", "character": who, "counter": counter, "amount": amount,
                   "for": purpose})


def on_spend(state: dict, move: dict, rng, events: list) -> None:
    kind, who = move["kind"], move["character"]
    if kind == "activate":
        effect = dict(activated(who))[move["effect"]]
        turn = state["turn"]
        state["turn"] = {**turn, "free": {**turn["free"], who: turn["free"].get(who, []) + ["activate"]}}
        for counter, amount in effect["cost"].items():
            _pay(state, who, counter, amount, events, C.CARD[who]["advantage"])
        events.append({"type": "advantage_activated", "character": who, "advantage": C.CARD[who]["advantage"],
                       "target": move.get("target")})
        choice = {"target": move["target"]} if "target" in move else {}
        FX.resolve_plot(state, rng, [effect], who, CH.record(state, who)["seat"], events, choice=choice)
    elif kind == "buy_success":
        _pay(state, who, "belief", SUCCESS_BELIEF, events, "automatic_success")
        FX.automatic_success(state, who, who, 1)
    elif kind == "buy_coin":
        pool = move["pool"]
        _pay(state, who, coin_counter(CH.record(state, who)), COIN_ENERGY, events, pool)  # = COIN_QUANTITY
        FX.add_modifier(state, {"who": who, "source": who, "stat": pool, "amount": 1, "attack": None,
                                "lasts": "combat" if pool == "defense_pool" else "attack"})
    elif kind == "add_quantity":
        _pay(state, who, "hate", QUANTITY_HATE, events, "quantity")
        mook = CH.record(state, move["target"])
        FX.change_counter(state, mook, "quantity", QUANTITY_ADDED, events, who, {})
    elif kind == "raise_heroic":
        pay = CH.spend_counter(CH.record(state, who))
        _pay(state, who, pay, RAISE_COST, events, move["heroic"])
        FX.add_modifier(state, {"who": who, "source": who, "stat": "heroic", "heroic": move["heroic"], "set": RAISED_TO,
                                "attack": None, "lasts": "turn", "turns": RAISE_TURNS[TYPE[who]]})
    elif kind == "gain_keyword":
        _pay(state, who, "belief", KEYWORD_BELIEF, events, move["keyword"])
        FX.add_modifier(state, {"who": who, "source": who, "stat": "keyword", "keyword": move["keyword"],
                                "attack": None, "lasts": "turn"})
    elif kind == "play_hero":
        _play_hero_now(state, move, events)
    elif kind in ("heal", "gadgeteer"):
        _use_heroic(state, move, rng, events)
    else:
        _pay(state, who, "hate", BELIEF_DAMAGE_HATE, events, "belief_damage")
        hero = CH.record(state, move["target"])
        FX.change_counter(state, hero, "belief", -1, events, who, {})


def _use_heroic(state: dict, move: dict, rng, events: list) -> None:
    """Healing or Gadgeteer: a Free action; its Energy is paid, then the Heroic is used (a Locked one paid for)."""
    kind, who = move["kind"], move["character"]
    turn = state["turn"]
    state["turn"] = {**turn, "free": {**turn["free"], who: turn["free"].get(who, []) + [kind]}}
    if kind == "gadgeteer":
        _pay(state, who, "energy", move["ranks"], events, "gadgeteer")
        FX.pay_locks(state, who, [("Gadgeteer", FX.ratings(state, who).get("Gadgeteer", 0))], events)
        FX.add_modifier(state, {"who": who, "source": who, "stat": "heroic", "heroic": move["heroic"],
                                "amount": move["ranks"], "attack": None, "lasts": "turn", "turns": 1})
        return
    _pay(state, who, "energy", HEAL_ENERGY, events, "healing")
    parts = heal_parts(state, who, move["resistance"])
    result, event = R.chosen_roll(rng, who, parts, move["chosen"], purpose="healing")
    events.append(event)
    FX.pay_locks(state, who, parts, events)
    if result.won:  # "The chosen number is the amount of Stress Regenerated"
        FX.resolve(state, rng, [{"on": "now", "do": "regenerate", "resistance": move["resistance"],
                                 "amount": move["chosen"], "target": "self"}], who, None, events)


def _play_hero_now(state: dict, move: dict, events: list) -> None:
    """The Hero enters play under the paying seat's control, with 0 Belief and the Equipment named;
    like every Character placed at Setup it has no Combat action before the next Start of Turn."""
    who, hero, seat = move["character"], move["hero"], move["player"]
    _pay(state, who, "belief", HERO_BELIEF, events, "hero")
    record = {**new_character(hero, seat), "belief": 0, "equipment": move["equipment"],
              "joined": state["turn"]["number"]}
    state["characters"] = state["characters"] + [record]
    events.append({"type": "hero_played", "player": seat, "character": who, "card": hero,
                   "equipment": move["equipment"]})
