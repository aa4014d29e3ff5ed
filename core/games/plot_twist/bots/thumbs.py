"""The bots' rules of thumb (what a counter is worth, in points of Stress) and the counting they
share: coins, what the view says of a Character, "what if", Attacks, what an effect is worth."""

from functools import cache
from math import comb

from .. import cards as C
from ..characters import characters as CH
from ..rolls import damage as DMG
from ..effects import effects as FX

# --- Rules of thumb: what a counter is worth when spent, in points of Stress ------------------------------
BELIEF = 0.55          # a Hero's Belief (it pays Trauma, Details, extra Attacks, a second Hero)
ENERGY = {"heroes": 0.45, "gm": 0.2}  # Energy: a Hero's heals him; a Villain's buys coins
HATE = 0.35            # a Villain's Hate above the reserve
HORIZON = 10           # the GM keeps Hate enough to stay in play until this Turn (Doomsday: until it strikes)
WRAP_UP = 12           # from this Turn the bots play for an ending: the GM spends Hate freely, Locks nothing and
                       # leaves a Lair, the Heroes Pursue no more (a Conflict in a Lair pays no Hate: it could last for ever)
CARD_SPENT = 0.25      # a Combat card played is a card not held for later
FOCUS = 2.0            # a Hero's Combat against the focus target: worth this much more (focus fire)
FOCUS_SHARE = 0.4      # a Hero's focus target: the first it hurts at least this share of its best
FINISH = 3.0           # an Attack likely to Incapacitate: the Character stops acting
KILL_FOR_THREAT = 5.0  # a Bystander Killed toward Organ Harvest's Threat
SUSPECTED_KILL = 1.2   # a Hero Recruits a Bystander the GM played (he may mean to Kill it): half a known Threat's 2.5
REVEAL_FOR_THREAT = 20.0  # an Event Revealed toward Open the Rift's Threat
SOCIAL = 0.35          # Social Stress hurts less: it Demoralizes, never Incapacitates
MOOKS_ENOUGH = 9       # a Mook card with this many Quantity Counters needs no more (the GM's Hate buys them no more)
PER_TURN = 3.0         # an effect at every Start or End of Turn: worth a few Turns of it
GIFT = 0.35            # a Belief counter the GM cures: it goes back to a Hero, who may spend it
ENABLES_HERO = 2.5     # ... more when it is the fifth Belief that pays for a second Hero
LAIR = 3.0             # a Lair to the GM: no Hate paid there
CROSSOVER = 2.0        # one more Villain in play (a Crossover, another Persona): this, more for a strong one
PURSUIT_HEALTH = 0.7   # the Heroes Pursue when their mean health (1 - hurt) is above about this
PURSUIT_TURNS = 2      # ... and their best Attacks may finish the Main Villain within these Turns
PRELUDES = ("cure", "reversal")  # moves worth what they add to the best other move of the decision


# --- Coins ------------------------------------------------------------------------------------------------
@cache
def _dist(n: int) -> tuple:
    """P(k Heads) in n coins, k = 0..n."""
    return tuple(comb(n, k) / 2 ** n for k in range(n + 1))


@cache
def p_beats(a: int, d: int) -> float:
    """P(a coins show more Heads than d coins): an Opposing Roll won (a tie defeats both)."""
    da, dd = _dist(max(0, a)), _dist(max(0, d))
    below = 0.0  # P(defender < k)
    out = 0.0
    for k in range(len(da)):
        out += da[k] * below
        if k < len(dd):
            below += dd[k]
    return out


@cache
def p_above(n: int, k: int) -> float:
    """P(n coins show more than k Heads): a Fixed or Chosen Roll won."""
    return sum(p for heads, p in enumerate(_dist(max(0, n))) if heads > k)


def _size(parts) -> int:
    return max(0, sum(v for _, v in parts))


# --- What the view says about a Character ----------------------------------------------------------------
def _rec(view: dict, card: str) -> dict | None:
    return next((c for c in view["characters"] if c["card"] == card), None)


def _kind(card) -> str | None:
    return C.TYPE.get(card) if isinstance(card, str) else None


def hurt(c: dict) -> float:
    """How near Incapacitated: the fuller of Physical and Mental (a Mook: the Quantity lost), 0..1."""
    if _kind(c["card"]) == "mook":
        return max(0.0, 1 - c["quantity"] / max(1, C.CARD[c["card"]]["quantity"]))
    printed = C.CARD[c["card"]]["resistances"]
    return max((c["resistances"][r]["stress"] + c["resistances"][r]["trauma"]) / printed[r]
               for r in ("physical", "mental"))


def left(c: dict, resistance: str | None = None) -> int:
    """The Stress that still fits before Incapacitated (in one resistance, or the nearer one)."""
    if _kind(c["card"]) == "mook":
        return c["quantity"]
    printed = C.CARD[c["card"]]["resistances"]
    rs = [resistance] if resistance else ["physical", "mental"]
    return min(printed[r] - c["resistances"][r]["stress"] - c["resistances"][r]["trauma"] for r in rs if r in printed)


def _weight(c: dict) -> float:
    """How much a point of harm to this Character matters to its side: the weaker, the more."""
    if _kind(c["card"]) == "mook":
        return 0.8
    return 1.0 + 1.5 * hurt(c)


# --- "What if": a card's or a purchase's modifiers laid on a copy of the view ------------------------------
def _with(view: dict, modifiers: list = (), statuses: dict | None = None) -> dict:
    turn = view["turn"]
    out = {**view, "turn": {**turn, "modifiers": list(turn["modifiers"]) + list(modifiers)}}
    if statuses:
        out["characters"] = [{**c, "statuses": c["statuses"] + [s for s in statuses.get(c["card"], ())
                                                              if s not in c["statuses"]]}
                             for c in view["characters"]]
    return out


def _card_effects(view: dict, card: str, who: str, opponent: str | None, choice: dict) -> dict:
    """The view after the card's `play` effects that change counts (modify, Cover, status, Ranks)."""
    mods, statuses = [], {}
    for e in C.CARD[card].get("effects", []):
        if e.get("on") != "play":
            continue
        target = e.get("target", "self")
        whom = {"self": who, "opponent": opponent}.get(target, choice.get("target"))
        if not whom:
            continue
        base = {"who": whom, "source": who, "attack": e.get("attack"), "lasts": e.get("lasts", "attack")}
        if e["do"] == "modify":
            mods.append({**base, "stat": e["stat"], **({"set": e["set"]} if "set" in e else {"amount": e["amount"]})})
        elif e["do"] == "gain" and e.get("counter") in ("cover", "automatic_success"):
            stat = "cover" if e["counter"] == "cover" else "automatic_successes"
            mods.append({**base, "stat": stat, "amount": e["amount"]})
        elif e["do"] == "status":
            statuses.setdefault(whom, []).append(e["status"])
        elif e["do"] == "heroic":
            mods.append({**base, "stat": "heroic", "heroic": e["heroic"],
                         **({"set": e["set"]} if "set" in e else {"amount": e["amount"]})})
    return _with(view, mods, statuses)


def _solo(view: dict, card: str) -> dict:
    """The view with `card` out of Attack actions: what one's own Attack is worth, without the answer."""
    return {**view, "characters": [{**c, "actions": {**c["actions"], "attack": 0}} if c["card"] == card else c
                                   for c in view["characters"]]}


# --- Attacks ---------------------------------------------------------------------------------------------
def _pool_mods(view: dict, who: str, stat: str, kind: str, attacker: str | None = None) -> list:
    mods = [("cards", FX.total(view, who, stat, kind, attacker))]
    if stat != "damage_pool" and "surprised" in _rec(view, who)["statuses"]:
        mods.append(("Surprised", -2))
    return mods


def attack_odds(view: dict, who: str, target: str, kind: str, trauma: bool = False,
                distance: str | None = None) -> tuple[float, float] | None:
    """(chance to hit, expected Damage: Stress, or Quantity counters of a Mook) of an Attack, as
    combat.py counts it; None when it cannot be made (no Heroic, Melee at Ranged Distance)."""
    me, them = _rec(view, who), _rec(view, target)
    if me is None or them is None or "stunned" in me["statuses"]:
        return None
    mine = FX.ratings(view, who)
    if DMG.attack_refusal(kind, mine, distance or "melee"):
        return None
    if DMG.ATTACKS[kind].resistance not in them.get("resistances", DMG.RESISTANCES) and _kind(target) != "mook":
        return None
    attack = _size(DMG.attack_parts(kind, mine, _pool_mods(view, who, "attack_pool", kind)))
    defense = _size(DMG.defense_parts(kind, FX.ratings(view, target),
                                      modifiers=_pool_mods(view, target, "defense_pool", kind, who)))
    p = p_beats(attack, defense)
    if _kind(target) == "mook":
        return p, float(min(them["quantity"], 1 + max(0, FX.total(view, who, "quantity_removed", kind))))
    armor = FX.setting(view, target, "armor", kind, who)
    if armor is None:
        armor = DMG.armor(kind, FX.keywords(view, target), CH.power(target), FX.total(view, target, "armor", kind, who))
    cover = max(0, FX.total(view, target, "cover", kind, who))
    weapon = CH.weapon(me) if _kind(who) != "mook" else None
    try:
        parts = DMG.damage_parts(kind, mine, weapon, _pool_mods(view, who, "damage_pool", kind), armor, cover,
                                 FX.keywords(view, who), trauma)
    except ValueError:
        return None
    n = _size(parts)
    automatic = max(0, 1 + FX.total(view, who, "automatic_successes", kind))
    return p, (n / 2 + automatic if n else 0.0)


def harm(view: dict, target: str, kind: str, damage: float) -> float:
    """What `damage` of an Attack of this kind is worth against `target` (to the attacker's side)."""
    them = _rec(view, target)
    if _kind(target) == "mook":
        return 1.2 * damage + (FINISH * 0.5 if damage >= them["quantity"] else 0.0)
    resistance = DMG.ATTACKS[kind].resistance
    if resistance == "social":
        room = left(them, "social") if "social" in them["resistances"] else 0
        return SOCIAL * min(damage, room) + (1.0 if damage >= room > 0 else 0.0)
    room = left(them, resistance)
    worth = min(damage, room) * _weight(them)
    if damage >= room:
        worth += FINISH * (2.0 if _kind(target) == "villain" else 1.0)
    return worth


def attack_worth(view: dict, who: str, target: str, kind: str, trauma: bool = False,
                 distance: str | None = None) -> float:
    odds = attack_odds(view, who, target, kind, trauma, distance)
    if odds is None:
        return 0.0
    p, damage = odds
    return p * harm(view, target, kind, damage)


def best_attack(view: dict, who: str, target: str, distance: str) -> float:
    """The worth of `who`'s best Attack against `target` at this Distance (no card)."""
    return max([attack_worth(view, who, target, k, False, distance) for k in DMG.ATTACKS], default=0.0)


# --- What an effect of a card is worth, to a side ----------------------------------------------------------
_GAIN = {"belief": 0.45, "energy": 0.3, "hate": 0.4, "quantity": 0.6, "cover": 0.6, "automatic_success": 0.5,
         "attack_action": 0.9, "move_action": 0.1}
_STATUS = {"stunned": -1.5, "prone": -0.5, "surprised": -0.8, "hidden": 0.4, "flying": 0.1}
_STAT = {"attack_pool": 0.3, "defense_pool": 0.3, "roll_pool": 0.5, "damage_pool": 0.3, "armor": 0.3,
         "automatic_successes": 0.5, "quantity_removed": 0.3, "cover": 0.6}


def effect_worth(view: dict, e: dict, side: str, owner: str | None = None) -> float:
    """Points for `side` ("heroes" or "gm") of one effect of a card, over whom it touches; `owner`:
    the side "self" and "you" mean (the Character who plays or Recruits it)."""
    verb = e.get("do")
    per = 0.0
    if verb in ("gain", "lose"):
        per = _GAIN.get(e.get("counter"), 0.2) * _amount(e)
        per = per if verb == "gain" else -per
    elif verb == "regenerate":
        per = 0.5 * _amount(e)
    elif verb == "remove_trauma":
        per = 0.6 * _amount(e)
    elif verb == "deal":
        per = -(SOCIAL if e.get("resistance") == "social" else 0.8) * _amount(e) * (1.3 if e.get("trauma") else 1.0)
    elif verb == "cause":
        per = -0.35 * _amount(e)
    elif verb == "status":
        per = _STATUS.get(e.get("status"), 0.0)
    elif verb == "end_status":
        per = 0.3
    elif verb == "modify":
        amount = e.get("amount", -2 if "set" in e else 0)
        per = _STAT.get(e.get("stat"), 0.2) * amount * (0.6 if e.get("attack") else 1.0)
    elif verb == "keyword":
        per = 0.5
    elif verb in ("lock", "heroic"):
        per = -0.7 if verb == "lock" else 0.4 * _amount(e)
    elif verb == "draw":
        per = 0.3 * _amount(e)
    elif verb == "nullify":
        return 2.0 if side == "heroes" else -2.0
    elif verb == "reveal":
        return 1.5 if side == "gm" else -1.5
    elif verb == "play":
        per = 0.2
    if e.get("on") in ("start_of_turn", "end_of_turn"):
        per *= PER_TURN
    elif "for_turns" in e:
        per *= e["for_turns"]
    elif "in_turns" in e:
        per *= 0.8
    heroes, gm = _touched(view, e.get("target", "self"), owner)
    return per * ((heroes if side == "heroes" else -heroes) + (gm if side == "gm" else -gm))


def _amount(e: dict) -> float:
    a = e.get("amount", 1)
    return a if isinstance(a, (int, float)) else 2.0  # "chosen", "margin": about two


def _touched(view: dict, target: str, owner: str | None) -> tuple[float, float]:
    """(Heroes, GM Characters) a target word touches now."""
    active = CH.active(view)
    heroes = [c for c in active if _kind(c["card"]) == "hero"]
    villains = [c for c in active if _kind(c["card"]) == "villain"]
    mooks = [c for c in active if _kind(c["card"]) == "mook"]
    if target in ("self", "you", "character") and owner:
        return (1.0, 0.0) if owner == "heroes" else (0.0, 1.0)
    return {"heroes": (len(heroes), 0), "characters": (len(heroes), len(villains) + len(mooks)),
            "villains": (0, len(villains)), "main_villain": (0, 1), "mooks": (0, len(mooks)),
            "hero": (1, 0), "villain": (0, 1), "mook": (0, 1)}.get(target, (0.0, 0.0))


def card_worth(view: dict, card: str, side: str, triggers=("reveal", "start_of_turn", "end_of_turn")) -> float:
    """What a Twist!, an Event or an Objective's ▲ is worth to a side, summed over its effects."""
    return sum(effect_worth(view, e, side) for e in C.CARD[card].get("effects", []) if e.get("on") in triggers)
