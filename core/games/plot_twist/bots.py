"""Plot Twist's heuristic bots: `hero` for a Hero's seat, `gm` for the Game Master's (seat 0).

A bot sees what its seat sees (`{"view", "pending"}`: `core.view` of its seat and its own
decisions), never the state: the Characters in play and their counters, its own hands, the
Events and Twists! face up, the GM his face-down Objective and Events. It scores each listed
option with rules of thumb, in points ("about one point of Stress dealt"), and plays the best;
`pass` is worth 0, so it passes rather than waste counters on what is worth nothing. Pools and
Damage are counted with the engine's own public helpers (effects.py, damage.py) on the view, and
a Combat card's or a purchase's worth is what it changes in those counts ("what if": the card's
modifiers laid on a copy of the view).

The Heroes
- focus fire: every Hero initiates against the same GM Character, the one the table ranks first
  (a Villain before a Mook, the most damaged first: only Villains Incapacitated win the game);
- attack with the Attack whose Pool beats the defender's best (the chance of winning the Opposing
  Roll times the Damage it causes through Armor and Cover), the card that raises it most;
- heal: Regenerate (1 Energy) where Stress is nearest to Incapacitating, healing cards and an
  Advantage that protects or heals go to the weakest Hero;
- Nullify the standing Events and Twists! that hurt them (a Roll is free: always try it; spend
  toward a spending Nullify);
- buy a coin or an Automatic Success only when it changes the Attack about to be made by more than
  it costs; play a Hero (5 Belief) when the seat has only one in play.

The GM
- pursues the Objective: Reveals it (its ▲ helps him), Kills Bystanders for Organ Harvest (and drafts
  Bystanders for it), Reveals Events (a Threat counting them would make each one count more), keeps the
  Villain in play until Doomsday Clock strikes;
- initiates against the weakest Hero, each Character once per target;
- spends Hate (extra Attacks, Belief Damage, Quantity for Mooks) only above a reserve that keeps
  the Main Villain from Fleeing early (`HORIZON`); keeps every Lair he may in his Plot Hand (a Mook of
  another Color opens one more), so that at 0 Hate he Flees rather than Surrenders, to the Lair that
  helps him most;
- cures Belief for effect (Reversal of Fortunes): a cure is worth what the effect it pays for adds to
  the decision's best other move, less what the counter given back is worth to the Hero who gets it
  (`GIFT`; much more when it is a fifth that pays for a second Hero), so he cures the Hero to whom it
  matters least and only toward an effect: a Lock of the Heroic or Keyword the Hero in his Combat
  cannot pay 1 Energy for, an Automatic Success that makes his Villain's hit Incapacitate, Initiative
  reversed when his Villains may Incapacitate a Hero before he acts (or would fall first), a Masterplan
  when its Energy heals a hurt Villain, a Crossover (③, a Villain of his Plot Hand or one Hiding) or
  another Persona (⑤) whenever the engine offers one (the Heroes outnumber his Villains by 2 or more),
  worth more the stronger the Villain and the larger the party; cured Belief is spent at once on it;
- drafts Villains for Crossovers into his Plot Hand when the party will be large enough (about two
  Heroes a seat, at most 5), two Lairs first (one against a single Hero seat: three Conflicts are too
  long for one), Bystanders for Organ Harvest; names as the new Main
  Villain the least hurt;
- Relocates (and chooses the next Conflict's Location) where the place helps his side most (Bystanders
  to Kill for Organ Harvest; never out of a Lair for less) and gives an Interview no extra question
  nor bonus.

The Heroes also Pursue a Fled Villain only when they are healthy and he is hurt 40% or more and their
best Attacks (a Hero without Energy to pay a Lock counting little) may finish him within
`PURSUIT_TURNS` (no Hate is paid in a Lair); answer an Interview's questions with the answer whose
chance times effect is largest (no penalty for losing: always); peek at the Objective when the Roll is
free (not when its Heroic is Locked and costs Energy), and once they know a Threat of Kills they deny
it Bystanders.

Both sides: a melee fighter holding no Movement card to Melee digs for one at a redraw (Combat Decks
are never reshuffled). From Turn `WRAP_UP` the bots play for an ending, a guard of the simulation: the
GM spends Hate freely, Locks nothing and leaves a Lair; the Heroes Pursue no more.

In Setup both pick reasonable cards: an Equipment that fits the Character, Combat cards for its
best Attacks, a Lair for the GM, Twists! and Events by what their effects do; Heroes, Villain,
Location and Objective at random. A move kind the bot does not know (new rules come) is worth 0,
like passing: never a crash. Both bots share
one judge: asked to move for a seat of the other side, a bot plays that side's rules of thumb.

    >>> import core
    >>> from core.framework.rng import Rng
    >>> step = core.new_game("plot-twist", 3, {"setup": "quick"}, seed=3)
    >>> seat = step.pending[0]["player"]
    >>> move = BOTS["hero"].choose(core.view(step.state, seat), Rng.from_seed(0))
    >>> move in [o for d in step.pending if d["player"] == seat for o in d["options"]]
    True
"""

from functools import cache
from math import comb

from core.framework.bots import seat_options

from . import cards as C
from . import characters as CH
from . import damage as DMG
from . import decks as D
from . import crossover as CX
from . import effects as FX
from . import reversal as RV
from .in_play import nullify_parts
from .state import GM

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
REVEAL_FOR_THREAT = 20.0  # an Event Revealed toward Open the Rift's Threat
SOCIAL = 0.35          # Social Stress hurts less: it Demoralizes, never Incapacitates
PER_TURN = 3.0         # an effect at every Start or End of Turn: worth a few Turns of it
GIFT = 0.35            # a Belief counter the GM cures: it goes back to a Hero, who may spend it
ENABLES_HERO = 2.5     # ... more when it is the fifth Belief that pays for a second Hero
LAIR = 3.0             # a Lair to the GM: no Hate paid there
CROSSOVER = 2.0        # one more Villain in play (a Crossover, another Persona): this, more for a strong one
PURSUIT_HEALTH = 0.7   # the Heroes Pursue when their mean health (1 - hurt) is above about this
PURSUIT_TURNS = 2      # ... and their best Attacks may finish the Main Villain within these Turns
PRELUDES = ("cure", "reversal")  # moves worth what they add to the best other move of the decision
STRICT = False         # tests set it: a scoring error raises instead of counting as neutral


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


# --- The judge ---------------------------------------------------------------------------------------------
class _Judge:
    """Scores the options of one seat from its view."""

    def __init__(self, view: dict, seat: int, options: list = ()):
        self.v, self.me, self.options, self._base = view, seat, options, None
        self.side = "gm" if seat == GM else "heroes"
        self.foe = "heroes" if self.side == "gm" else "gm"
        self.turn, self.combat = view.get("turn"), view.get("combat")
        objective = view.get("objective") or {}
        self.objective = objective.get("card") if isinstance(objective.get("card"), str) else None
        self.threat = C.CARD[self.objective].get("threat", {}) if self.objective in C.CARD else {}

    # --- the table -----------------------------------------------------------------------------------------
    def rec(self, card):
        return _rec(self.v, card) if isinstance(card, str) else None

    def active(self, side: str) -> list[dict]:
        return CH.active(self.v, side)

    def heroes(self) -> list[dict]:
        return [c for c in self.active("heroes") if _kind(c["card"]) == "hero"]

    def opponent(self, who: str) -> str | None:
        combat = self.combat
        if not combat or who not in (combat["attacker"], combat["defender"]):
            return None
        return combat["defender"] if who == combat["attacker"] else combat["attacker"]

    def has_attack(self, card: str) -> bool:
        c = self.rec(card)
        return bool(c) and c["actions"]["attack"] > 0 and "stunned" not in c["statuses"]

    def focus(self) -> list[str]:
        """The GM Characters in the order the Heroes attack them: Villains first (only Villains
        Incapacitated win), the most damaged first, then the most dangerous. Every Hero reads the
        same table, so every Hero picks the same target: focus fire."""
        standing = {e["card"] for e in self.v["events_cluster"] if e["revealed"] and not e["nullified"]}
        mook_wanted = any(C.CARD[c].get("nullify", {}).get("who") == "mook" for c in standing if c in C.CARD)

        def rank(c):
            card = c["card"]
            if _kind(card) == "villain":
                return 10 + 5 * hurt(c) + (1 if c.get("main") else 0)
            return 2 + 3 * hurt(c) + (2 if c["quantity"] <= 2 else 0) + (6 if mook_wanted else 0)
        foes = [c for c in self.active("gm") if "hidden" not in c["statuses"]]
        return [c["card"] for c in sorted(foes, key=lambda c: (-rank(c), c["card"]))]

    def prey(self) -> list[str]:
        """The Heroes in the order the GM attacks them: the nearest Incapacitated first."""
        heroes = [c for c in self.active("heroes") if "hidden" not in c["statuses"]]
        return [c["card"] for c in sorted(heroes, key=lambda c: (left(c) if _kind(c["card"]) != "mook" else 99,
                                                                  c["card"]))]

    def wrapping_up(self) -> bool:
        return bool(self.turn) and self.turn["number"] >= WRAP_UP

    def hate_spare(self, who: str) -> int:
        """Hate a Villain may spend now: above the reserve that keeps the Main Villain in play until
        the HORIZON (until Doomsday Clock strikes, when that is his Objective)."""
        c = self.rec(who)
        if c is None or "hate" not in c:
            return 0
        number = self.turn["number"] if self.turn else 1
        need = HORIZON - number
        if self.threat.get("when") == "turns":
            need = self.threat["count"] - number + 1
        if not c.get("main"):
            need = 0
        return c["hate"] - max(1, need)

    def cost(self, who: str, counter: str, amount: int) -> float:
        """What spending `amount` of a counter costs, in points (a lot when it cannot be spared)."""
        if counter == "belief":
            return BELIEF * amount
        if counter == "energy":
            return ENERGY[CH.side_of(self.rec(who))] * amount if self.rec(who) else amount
        if counter == "hate":
            spare = self.hate_spare(who)
            return HATE * amount * (0.3 if self.wrapping_up() else 1.0) if spare >= amount else 50.0
        return 0.5 * amount

    # --- what a Combat is worth -------------------------------------------------------------------------------
    def exchange(self, view: dict, who: str, target: str, distance: str | None = None) -> float:
        """What `who` may expect of a Combat against `target`: its best Attack at the better Distance
        it can reach (Combats start at Ranged; Melee takes a Movement card in the seat's hand), less
        the answer `target` may make there if it still has an Attack action."""
        dists = (distance,) if distance else self.reachable(who)
        best = -99.0
        for d in dists:
            mine = best_attack(view, who, target, d) if self._attacks(view, who) else 0.0
            theirs = best_attack(view, target, who, d) if self._attacks(view, target) else 0.0
            best = max(best, mine - 0.8 * theirs)
        return best

    def reachable(self, who: str) -> tuple:
        c = self.rec(who)
        if c is None or c["seat"] != self.me:
            return (DMG.START_DISTANCE,)
        hand = [x for x in self.v["combat_hands"][self.me] if isinstance(x, str)]
        moves = any(_way_in(x, who) for x in hand)
        return DMG.DISTANCES if moves and "prone" not in c["statuses"] else (DMG.START_DISTANCE,)

    @staticmethod
    def _attacks(view: dict, card: str) -> bool:
        c = _rec(view, card)
        return bool(c) and c["actions"]["attack"] > 0 and "stunned" not in c["statuses"]

    # --- every option ---------------------------------------------------------------------------------------
    def value(self, o: dict) -> float:
        method = getattr(self, f"score_{o.get('kind')}", None) if isinstance(o.get("kind"), str) else None
        if method is None:
            return 0.0  # a kind without a score_ method (pass, the random Setup picks, a kind new to the bot): 0
        try:
            return float(method(o))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, ZeroDivisionError):
            if STRICT:
                raise
            return 0.0  # a shape it does not expect (new rules): neutral rather than a crash

    # Setup ----------------------------------------------------------------------------------------------------
    def score_place_mook(self, o):
        """Any Mook; one of a new Color a little more: its Color's Lair is one more Flight."""
        colors = {C.COLOR[c["card"]] for c in self.v["characters"] if c["seat"] == GM}
        lair = any(C.COLOR[x] == C.COLOR[o["card"]] for x in C.IDS_OF["lair"])
        return 1.0 + (0.5 if lair and C.COLOR[o["card"]] not in colors else 0.0)

    def score_place_equipment(self, o):
        setup = self.v["setup"]
        who = (next(c["card"] for c in self.v["characters"] if c.get("main")) if setup["step"] == "villain_equipment"
               else next(c["card"] for c in self.v["characters"] if c["seat"] == setup["seat"] and _kind(c["card"]) == "hero"))
        return equipment_worth(o["card"], who)

    def _users(self) -> list[str]:
        return [c["card"] for c in self.v["characters"] if c["seat"] == self.me and _kind(c["card"]) != "ally"]

    def score_add_plot(self, o):
        card, kind = o["card"], _kind(o["card"])
        hand = self.v["plot_hands"][self.me]
        held = [c for c in hand if isinstance(c, str)]
        if self.side == "gm":
            if kind == "lair":
                # a Lair: a Flight; one Hero seat, one Lair (a lone Hero seldom ends three Conflicts in 30 Turns)
                second = 3.8 if self.v["players"] > 2 else 0.5
                return (4.0, second, 1.0)[min(2, sum(1 for c in held if _kind(c) == "lair"))]
            if kind == "villain":
                return self._crossover_pick(card, held)
            if kind == "bystander":  # worth its {K}; for a Threat of Kills, as many as it counts come first
                kills = self.threat.get("count", 0) if self.threat.get("when") == "kill" else 0
                wanted = sum(1 for c in held if _kind(c) == "bystander") < kills
                return min(3.2, 1.5 + max(0.0, sum(effect_worth(self.v, e, "gm", "gm")
                                                   for e in C.CARD[card]["effects"] if e["on"] == "kill"))) \
                    + (2.5 if wanted else 0.0)
            return 0.2
        if kind == "ally":
            return 3.0
        if kind == "detail":
            users = self._users()
            return 0.8 + sum(effect_worth(self.v, e, "heroes", "heroes") for e in C.CARD[card]["effects"]
                             if e["on"] == "play") + (0.5 if users and _has_heroic(users[0], _raised(card)) else 0.0)
        if kind == "bystander":
            return 0.6
        return 0.1

    def _crossover_pick(self, card: str, held: list) -> float:
        """A Villain for the Plot Hand, for a Crossover or a Persona: the Heroes in play will be about two
        a seat (each seat plays a second Hero), at most 5, and the Villains in play always fewer; another
        Persona of the Main Villain only replaces him while a Crossover Villain stands."""
        heroes = min(RV.MOST_HEROES, 2 * (self.v["players"] - 1))
        room = heroes - 2  # Crossover Villains beside the Main Villain
        held_villains = sum(1 for c in held if _kind(c) == "villain")
        if held_villains >= room:
            return 0.1
        main = next((c["card"] for c in self.v["characters"] if c.get("main")), None)
        persona = main is not None and C.NAME[card] == C.NAME[main]
        return 3.6 - (1.5 if persona else 0.0) - 0.1 * held_villains

    def score_add_combat_card(self, o):
        card = o["card"]
        deck = [c for c in self.v["combat_decks"][self.me] if isinstance(c, str)]
        users = self._users()
        fit = max((card_fit(card, u) * (0.6 if _kind(u) == "mook" else 1.0) for u in users), default=0.0)
        same = sum(1 for c in deck if C.CARD[c]["combat"] == C.CARD[card]["combat"])
        return fit - 0.35 * deck.count(card) - 0.15 * max(0, same - 3)

    def score_add_twist(self, o):
        deck = [c for c in self.v["twists_deck"] if isinstance(c, str)]
        return 1.0 + card_worth(self.v, o["card"], "heroes") - 0.4 * deck.count(o["card"])

    def score_add_event(self, o):
        return 1.0 + card_worth(self.v, o["card"], "gm") + (1.0 if C.COLOR[o["card"]] != "golden" else 0.0)

    # Hands ------------------------------------------------------------------------------------------------------
    def score_mulligan(self, o):
        return self._discard(o["cards"])

    def score_redraw(self, o):
        return self._discard(o["cards"])

    def _discard(self, cards: list) -> float:
        """Discard what the seat's Characters can hardly use: a fresh card is worth about 0.6. A melee
        fighter holding no Movement card to Melee (every Combat starts at Ranged) digs for one: any other
        card is worth throwing back while the Combat Deck has cards."""
        users = [c["card"] for c in self.v["characters"] if c["seat"] == self.me and not CH.is_incapacitated(c)]
        hand = [x for x in self.v["combat_hands"][self.me] if isinstance(x, str)]
        stuck = self.v["combat_decks"][self.me] and any(
            best_kind(u) == "melee" and not any(_way_in(x, u) for x in hand) for u in users)
        dig = 1.2 if stuck else 0.0
        return sum(0.6 - max((card_fit(c, u) for u in users), default=0.0)
                   + (dig if C.CARD[c]["combat"] != "movement" else 0.0) for c in cards) - 0.01 * len(cards)

    # Initiating ---------------------------------------------------------------------------------------------------
    def score_initiate(self, o):
        who, target = o["character"], o["target"]
        if CH.side_of(self.rec(who)) == "heroes":
            # focus fire: the Hero's one Combat goes to the first GM Character of the table's order
            # it can hurt; the answer matters little (the Villain's one Attack hits somebody anyway)
            mine = self.exchange(_solo(self.v, target), who, target)
            bonus = FOCUS if target == self.hero_target(who) else 0.0
            return bonus + mine - 0.3 * (mine - self.exchange(self.v, who, target))
        t = self.rec(target)
        worth = self.exchange(self.v, who, target)
        if t and _kind(target) == "hero":
            worth += 0.5 * hurt(t) + (0.5 if target == (self.prey() or [None])[0] else 0.0)
        return worth

    def hero_target(self, who: str) -> str | None:
        """The focus target of a Hero (or its Ally): the first in the table's order (`focus`) it can
        hurt, at least FOCUS_SHARE of what it could do to the target easiest for it."""
        order = self.focus()
        mine = {t: self.exchange(_solo(self.v, t), who, t) for t in order}
        best = max(mine.values(), default=0.0)
        return next((t for t in order if mine[t] > 0.1 and mine[t] >= FOCUS_SHARE * best), None)

    def score_sneak_attack(self, o):
        return self.score_initiate(o) + 0.8 + 0.3 * self._distance_pref(self.v, o["character"], o["target"], o["distance"])

    def score_recruit(self, o):
        return self._bystander(o, "recruit")

    def score_kill(self, o):
        return self._bystander(o, "kill")

    def _bystander(self, o, how: str) -> float:
        who, target, attack = o["character"], o["target"], o["attack"]
        printed = C.CARD[target]
        mine = FX.ratings(self.v, who)
        roll = _size(DMG.attack_parts(attack, mine, _pool_mods(self.v, who, "attack_pool", attack)))
        c = self.rec(who)
        try:
            parts = DMG.damage_parts(attack, mine, CH.weapon(c) if _kind(who) != "mook" else None,
                                     _pool_mods(self.v, who, "damage_pool", attack), keywords=FX.keywords(self.v, who))
        except ValueError:
            return 0.0
        n = _size(parts)
        automatic = max(0, 1 + FX.total(self.v, who, "automatic_successes", attack)) if n else 0
        p = p_above(roll, printed["difficulty"]) * p_above(n, printed["life"] - automatic - 1)
        side = CH.side_of(c)
        worth = 0.5 + sum(effect_worth(self.v, e, side, side) for e in printed["effects"] if e["on"] == how)
        if how == "kill" and self.threat.get("when") == "kill":
            worth += KILL_FOR_THREAT
        if how == "recruit":
            worth += 2.5 * self._recruits_wanted()
        return p * worth

    def _recruits_wanted(self) -> int:
        """Standing Events the Heroes Nullify by Recruiting, and a Threat of Kills to deny when the seat
        knows it (face up, or peeked at)."""
        wanted = sum(1 for e in self.v["events_cluster"] if e["revealed"] and not e["nullified"]
                     and C.CARD.get(e["card"], {}).get("nullify", {}).get("when") == "recruit")
        if self.threat.get("when") == "kill":
            wanted += 1
        return wanted

    # Combat cards -------------------------------------------------------------------------------------------------
    def score_play_card(self, o):
        who, card = o["character"], o["card"]
        printed = C.CARD[card]
        opp = self.opponent(who)
        if opp is None:
            return 0.0
        choice = {k: v for k, v in o.items() if k not in ("player", "kind", "character", "card")}
        if printed["combat"] == "movement":
            return self._movement(o, printed, who, opp, choice)
        if printed["combat"] == "maneuver":
            return self._maneuver(printed, card, who, opp, choice)
        return self._special(o, printed, card, who, opp, choice)

    def _distance_pref(self, view: dict, who: str, opp: str, distance: str) -> float:
        """How good a Distance is for `who`: its best Attack there, less its opponent's."""
        mine = best_attack(view, who, opp, distance) if self._attacks(view, who) else 0.0
        theirs = best_attack(view, opp, who, distance) if self._attacks(view, opp) else 0.0
        return mine - 0.8 * theirs

    def _movement(self, o, printed, who, opp, choice) -> float:
        now = self.combat["distance"]
        after = _card_effects(self.v, o["card"], who, opp, choice)
        gain = self._distance_pref(after, who, opp, o["to"]) - self._distance_pref(self.v, who, opp, now)
        if o["to"] == now and not printed.get("effects"):
            gain = -0.5
        return gain - CARD_SPENT - (0.05 if printed["action"] == "move" else 0.0)

    def _maneuver(self, printed, card, who, opp, choice) -> float:
        d = self.combat["distance"]
        after = _card_effects(self.v, card, who, opp, choice)
        gain = self._distance_pref(after, who, opp, d) - self._distance_pref(self.v, who, opp, d)
        return gain - CARD_SPENT - (0.1 if printed["action"] == "move" else 0.0)

    def _special(self, o, printed, card, who, opp, choice) -> float:
        """Special Attacks and Specials: healing on the one who needs it, Attack actions, Energy."""
        worth = 0.0
        me = self.rec(who)
        for e in printed.get("effects", []):
            if e.get("on") != "play":
                continue
            if e["do"] == "roll" and e.get("roll") == "chosen":
                target = self.rec(choice.get("target", who))
                if target is None or CH.side_of(target) != CH.side_of(me):
                    return -1.0  # never heal the opponent
                pool = _size(FX.roll_parts(self.v, who, e))
                n = choice.get("chosen", 1)
                for then in e.get("then", []):
                    if then["do"] == "regenerate":
                        r = choice.get("resistance", then["resistance"])
                        r = r if isinstance(r, str) else r[0]
                        stress = target["resistances"].get(r, {}).get("stress", 0)
                        worth += p_above(pool, n) * min(n, stress) * _weight(target) * 1.2
            elif e["do"] == "gain" and e.get("counter") == "attack_action":
                whom = self.rec(choice.get("target", who)) if e.get("target") == "hero" else me
                if whom is None or whom["actions"]["attack"] > 0:
                    continue
                if whom["card"] == who and self.combat["step"] == "attack":
                    worth += self._best_now(who, opp)
                else:
                    worth += 0.8
            elif e["do"] == "regenerate":
                for t in self._targets_of(e, who):
                    if "resistances" not in t:
                        continue
                    r = e["resistance"] if isinstance(e["resistance"], str) else choice.get("resistance", e["resistance"][0])
                    stress = t["resistances"].get(r, {}).get("stress", 0)
                    worth += min(_amount(e), stress) * (SOCIAL if r == "social" else _weight(t))
            else:
                worth += effect_worth(self.v, e, CH.side_of(me), CH.side_of(me))
        spends = printed["action"] == "attack"
        if spends:  # the Attack action it spends is an Attack not made
            worth -= self._best_now(who, opp) if self.combat["step"] == "attack" else 0.0
        return worth - CARD_SPENT

    def _targets_of(self, e: dict, who: str) -> list[dict]:
        target = e.get("target", "self")
        if target == "self":
            return [self.rec(who)]
        if target == "heroes":
            return self.heroes()
        return []

    def _best_now(self, who: str, opp: str) -> float:
        if not self.combat:
            return 0.0
        return best_attack(self.v, who, opp, self.combat["distance"])

    def score_attack(self, o):
        who, kind, card, trauma = o["character"], o["attack"], o["card"], o["trauma"]
        opp = self.opponent(who)
        if opp is None:
            return 0.0
        view = _card_effects(self.v, card, who, opp, {}) if card else self.v
        odds = attack_odds(view, who, opp, kind, trauma, self.combat["distance"])
        if odds is None:
            return 0.0
        p, damage = odds
        worth = p * harm(view, opp, kind, damage)
        side = CH.side_of(self.rec(who))
        hits = [e for e in C.CARD[card]["effects"] if e.get("on") == "hit"] if card else []
        for e in hits:
            if e["do"] == "status" and _kind(opp) != "mook":
                worth += p * -_STATUS.get(e["status"], 0.0)
            elif e["do"] in ("deal", "lose"):
                worth += p * max(0.0, -effect_worth(self.v, {**e, "target": "villain" if side == "heroes" else "hero"},
                                                    self.foe))
        if trauma:
            counter = CH.spend_counter(self.rec(who))
            worth += p * 0.3 * damage - p * self.cost(who, counter, min(int(damage + 0.5), 3)) * 0.5
        return worth - (CARD_SPENT if card else 0.0)

    # Free actions and spending ----------------------------------------------------------------------------------------
    def score_regenerate(self, o):
        c = self.rec(o["character"])
        r = o["resistance"]
        if r == "social":
            full = left(c, "social") <= 2 if "social" in c["resistances"] else False
            value = SOCIAL + (1.5 if full else 0.0)
        else:
            value = 0.3 + 2.5 * (1 - left(c, r) / C.CARD[c["card"]]["resistances"][r]) + (1.5 if left(c, r) <= 3 else 0)
        return value - self.cost(o["character"], "energy", 1)

    def score_remove_trauma(self, o):
        return self.score_regenerate(o) + 0.4 - self.cost(o["character"], "energy", 1)

    def score_recover(self, o):
        c = self.rec(o["character"])
        if o["status"] == "prone":
            return 0.4 if self.combat and self.combat["step"] == "movement" else 0.1
        return 0.0 if c["actions"]["attack"] else -1.0

    def score_extra_attack(self, o):
        who = o["character"]
        c = self.rec(who)
        counter = CH.spend_counter(c)
        cost = self.cost(who, counter, 1)
        opp = self.opponent(who)
        if opp is not None:
            if self.combat["step"] != "attack":
                return -cost  # bought later, in the Attack Step, when it is known to be needed
            return best_attack(self.v, who, opp, self.combat["distance"]) - cost
        if self.combat is None and self.turn and self.turn["phase"] == "combat" and CH.side_of(c) == "gm":
            done = self.turn["initiated"].get(who, [])
            targets = [t for t in self.prey() if t not in done]
            return max((self.exchange(self.v, who, t) + 1.0 for t in targets), default=0.0) - cost
        return -cost

    def score_fly(self, o):
        who = o["character"]
        foes = self.active(self.foe)
        melee = any(best_attack(self.v, f["card"], who, "melee") > best_attack(self.v, f["card"], who, "ranged") + 0.5
                    for f in foes)
        mine_melee = any(best_attack(self.v, who, f["card"], "melee") > best_attack(self.v, who, f["card"], "ranged")
                         for f in foes[:1])
        return 0.3 if melee and not mine_melee else -0.1

    def score_land(self, o):
        return -0.1

    def score_identity(self, o):
        return -0.1

    def score_hide(self, o):
        c = self.rec(o["character"])
        if self.side == "gm":
            return 0.6 if self.turn and self.turn["phase"] == "start" and _kind(c["card"]) == "villain" else -0.1
        return 1.0 if left(c) <= 4 else -0.1

    def score_perceive(self, o):
        target = self.rec(o["target"])
        if target is None:
            return 0.0
        return 1.5 if _kind(target["card"]) == "villain" else 0.5

    def score_activate(self, o):
        who = o["character"]
        e = C.CARD[who]["effects"][o["effect"]]  # its index among the Character's effects (spending.py)
        cost = sum(self.cost(who, k, n) for k, n in e.get("cost", {}).items())
        target = self.rec(o.get("target")) if o.get("target") else None
        side = CH.side_of(self.rec(who))
        verb = e.get("do")
        if verb == "regenerate" and target is not None:
            stress = target["resistances"].get(e["resistance"], {}).get("stress", 0)
            w = SOCIAL * 2 if e["resistance"] == "social" else _weight(target)
            return min(e["amount"], stress) * w - cost
        if verb == "gain" and e.get("counter") == "cover" and target is not None:
            later = self.turn and (self.turn["phase"] == "start" or self.turn["initiating"] == "heroes")
            return (0.3 + 2.0 * hurt(target)) * (1.0 if later else 0.3) - cost
        if verb == "status" and target is not None:
            if CH.side_of(target) == side:
                return -1.0
            foe_first = target["card"] == (self.focus() or [None])[0] if side == "heroes" else False
            in_combat = self.combat and target["card"] == self.opponent(who)
            return (1.2 if in_combat or foe_first else 0.1) - cost
        if verb == "gain" and e.get("counter") == "quantity":
            mooks = [c for c in self.active("gm") if _kind(c["card"]) == "mook"]
            return 0.6 * len(mooks) - cost
        if verb == "draw":
            hand = self.v["combat_hands"][self.me]
            return (0.6 if len(hand) < 3 else 0.05) - cost
        return effect_worth(self.v, e, side, side) - cost

    def score_buy_success(self, o):
        who = o["character"]
        return self._what_if(who, {"stat": "automatic_successes", "amount": 1, "lasts": "attack"}) \
            - self.cost(who, "belief", 2)

    def score_buy_coin(self, o):
        who = o["character"]
        if o["pool"] == "defense_pool":
            opp = self.opponent(who)
            if opp is None or not self.has_attack(opp) or self.combat["step"] != "attack":
                return -1.0
            d = self.combat["distance"]
            before = best_attack(self.v, opp, who, d)
            after = best_attack(_with(self.v, [{"who": who, "source": who, "stat": "defense_pool", "amount": 1,
                                                "attack": None, "lasts": "combat"}]), opp, who, d)
            return before - after - self.cost(who, "energy", 1)
        return self._what_if(who, {"stat": o["pool"], "amount": 1, "lasts": "attack"}) - self.cost(who, "energy", 1)

    def _what_if(self, who: str, modifier: dict) -> float:
        """How much a modifier on `who` raises the Attack about to be made (the Attack Step, with an
        Attack action); 0 anywhere else (bought early, it may never be used)."""
        opp = self.opponent(who)
        if opp is None or self.combat["step"] != "attack" or not self.has_attack(who):
            return 0.0
        d = self.combat["distance"]
        after = _with(self.v, [{"who": who, "source": who, "attack": None, **modifier}])
        return best_attack(after, who, opp, d) - best_attack(self.v, who, opp, d)

    def score_raise_heroic(self, o):
        who = o["character"]
        counter = CH.spend_counter(self.rec(who))
        opp = self.opponent(who)
        if opp is None or self.combat["step"] not in ("attack", "maneuver"):
            return -1.0
        d = self.combat["distance"]
        after = _with(self.v, [{"who": who, "source": who, "stat": "heroic", "heroic": o["heroic"], "set": 3,
                                "attack": None, "lasts": "turn"}])
        gain = self._distance_pref(after, who, opp, d) - self._distance_pref(self.v, who, opp, d)
        return gain - self.cost(who, counter, 2)

    def score_gain_keyword(self, o):
        who = o["character"]
        opp = self.opponent(who)
        if opp is None or self.combat["step"] != "attack":
            return -1.0
        d = self.combat["distance"]
        after = _with(self.v, [{"who": who, "source": who, "stat": "keyword", "keyword": o["keyword"],
                                "attack": None, "lasts": "turn"}])
        gain = self._distance_pref(after, who, opp, d) - self._distance_pref(self.v, who, opp, d)
        return gain - self.cost(who, "belief", 2)

    def score_play_hero(self, o):
        mine = [c for c in self.heroes() if c["seat"] == self.me]
        if len(mine) > 1 or self.rec(o["character"])["belief"] < 5:
            return -1.0
        printed = C.CARD[o["hero"]]
        strength = (printed["body"] + printed["mind"] + printed["charm"] + printed["power"]) / 16
        gear = equipment_worth(o["equipment"], o["hero"]) if o["equipment"] else 0.0
        return 6.0 + strength + 0.1 * gear - self.cost(o["character"], "belief", 5)

    def score_add_quantity(self, o):
        # Quantity keeps a Mook card in play: worth it when the card is about to go
        mook = self.rec(o["target"])
        worth = 3 * 0.6 * (1.0 if mook and mook["quantity"] <= 2 else 0.3)
        return worth - self.cost(o["character"], "hate", 3)

    def score_belief_damage(self, o):
        target = self.rec(o["target"])
        if target is None:
            return 0.0
        # the Belief a Hero is about to use matters most: near 5 when his seat may play another Hero
        total = sum(1 for c in self.v["characters"] if _kind(c["card"]) == "hero")
        alone = sum(1 for c in self.heroes() if c["seat"] == target["seat"]) == 1 and total < RV.MOST_HEROES
        return 0.3 + (0.4 if alone and target["belief"] in (5, 6) else 0.0) - self.cost(o["character"], "hate", 1)

    # Plots --------------------------------------------------------------------------------------------------------
    def score_play_plot(self, o):
        card, who = o["card"], o["character"]
        kind = _kind(card)
        c = self.rec(who)
        side = CH.side_of(c)
        out = o.get("you") is not None
        cost = (1 + (1 if out else 0)) if kind == "detail" else (1 if out else 0)
        cost = self.cost(who, "belief", cost) if cost else 0.0
        if kind == "ally":
            return 3.0
        if kind == "bystander":
            if side == "gm":
                return 1.0 + (2.0 if self.threat.get("when") == "kill" else 0.0)
            return (2.0 if self._recruits_wanted() else -0.5) - cost
        if kind != "detail":
            return 0.0
        you = self.rec(o.get("you") or who)
        worth = 0.0
        for e in C.CARD[card]["effects"]:
            if e.get("on") != "play":
                continue
            target = self.rec(o.get("target")) if e.get("target") == "hero" else you
            worth += self._detail_effect(e, target, you)
        return worth - cost

    def _detail_effect(self, e: dict, target: dict | None, you: dict | None) -> float:
        verb = e["do"]
        if target is None:
            return 0.0
        if verb == "gain" and e.get("counter") == "energy":
            return 0.5 if hurt(target) > 0.3 else 0.1
        if verb == "gain" and e.get("counter") == "automatic_success":
            return 0.7 if self.combat and self.combat["step"] == "attack" and self.has_attack(target["card"]) else -0.5
        if verb == "gain" and e.get("counter") == "cover":
            later = self.turn and (self.turn["phase"] == "start" or self.turn["initiating"] == "heroes")
            return (0.4 + 2.0 * hurt(target)) * (1.0 if later else 0.2)
        if verb == "draw":
            return 0.9 if len(self.v["combat_hands"][self.me]) < 2 else -0.2
        if verb == "regenerate":
            r = e["resistance"] if isinstance(e["resistance"], str) else "physical"
            return sum(min(_amount(e), h["resistances"].get(r, {}).get("stress", 0)) * (SOCIAL if r == "social" else 1)
                       for h in self.heroes()) if e.get("target") == "heroes" else 0.3
        if verb == "remove_trauma":
            trauma = target["resistances"].get(e["resistance"], {}).get("trauma", 0)
            return 1.2 * min(trauma, _amount(e)) * _weight(target) if trauma else -1.0
        if verb == "heroic":
            return 0.8 if _has_heroic(target["card"], e.get("heroic")) else -0.5
        return -0.3  # hiding, playing a Location: not worth a Belief to this bot

    # Cards in play ---------------------------------------------------------------------------------------------------
    def score_reveal_event(self, o):
        card = o["card"]
        worth = 0.5 + card_worth(self.v, card, "gm")
        if self.threat.get("when") == "revealed":
            worth += REVEAL_FOR_THREAT
        return worth

    def score_reveal_objective(self, o):
        if not self.objective:
            return 0.0
        worth = 0.3 + card_worth(self.v, self.objective, "gm", ("reveal",))
        if self.threat.get("when") == "revealed" and any(e.get("do") == "reveal" for e in C.CARD[self.objective]["effects"]):
            worth += REVEAL_FOR_THREAT / 2 if self.combat else 0.0
        return worth

    def score_nullify_roll(self, o):
        card = o["card"]
        condition = C.CARD[card]["nullify"]
        pool = _size(nullify_parts(self.v, o["character"], condition))
        p = p_above(pool, condition["difficulty"])
        return p * (1.0 + max(0.0, -card_worth(self.v, card, "heroes")))

    def score_nullify_spend(self, o):
        card = o["card"]
        condition = C.CARD[card]["nullify"]
        worth = 1.0 + max(0.0, -card_worth(self.v, card, "heroes")) / max(1, condition.get("amount", 1))
        return worth - self.cost(o["character"], condition["counter"], 1) * 0.8

    def score_choose(self, o):
        """A card's choice: the target and resistance that help the chooser's side most."""
        card = o["card"]
        effects = [e for e in C.CARD[card].get("effects", []) if e.get("on") == "reveal"]
        worth = 0.0
        target = o.get("target")
        for e in effects:
            if e.get("do") == "reveal" and target:  # the GM Reveals an Event
                worth += self.score_reveal_event({"card": target})
            elif e.get("do") == "nullify" and target:
                worth += max(0.0, -card_worth(self.v, target, "heroes")) if self.side == "heroes" else 0.0
            elif e.get("target") in ("hero", "villain", "mook", "character") and target:
                t = self.rec(target)
                if t is None:
                    continue
                good = effect_worth(self.v, {**e, "target": "self"}, CH.side_of(t), CH.side_of(t))
                if CH.side_of(t) == self.side:  # a help: healing and Cover to the weakest, the rest to the strongest
                    heals = e["do"] == "regenerate" or e.get("counter") == "cover"
                    worth += good * (1 + 2 * hurt(t) if heals else 1 + punch(target))
                else:  # a harm: the Main Villain (or the fullest Mook card) first
                    worth -= good * (1.5 if t.get("main") else 1.0 + 0.1 * t.get("quantity", 0))
            if "resistance" in o and isinstance(e.get("resistance"), list):
                whom = self.heroes() if e.get("target") == "heroes" else [c for c in [self.rec(target)] if c]
                worth += 0.1 * sum(c["resistances"].get(o["resistance"], {}).get("stress", 0) for c in whom)
        return worth

    # Reversal of Fortunes (the GM) -------------------------------------------------------------------------------
    def base(self) -> float:
        """The best score among the decision's other moves: what a cure or a purchase comes before (a
        cure is worth what its effect adds to the move it prepares, an Attack, initiating, passing)."""
        if self._base is None:
            self._base = max((self.value(o) for o in self.options if o.get("kind") not in PRELUDES), default=0.0)
        return self._base

    def gift(self, hero: dict) -> float:
        """What a Belief counter cured on this Hero is worth to the Heroes: a little (they hold plenty),
        more to a Hero with none (an extra Attack), much more when it is the fifth that pays for a
        second Hero of a seat with one."""
        worth = GIFT + (0.3 if hero["belief"] == 0 else 0.0)
        total = sum(1 for c in self.v["characters"] if _kind(c["card"]) == "hero")
        seat = [c for c in self.heroes() if c["seat"] == hero["seat"]]
        if len(seat) == 1 and total < RV.MOST_HEROES and hero["belief"] + 1 == 5:
            worth += ENABLES_HERO
        return worth

    def curable(self) -> list[dict]:
        """The Heroes a cure may go to (below their Belief value), the cheapest gift first."""
        return sorted((h for h in self.heroes() if h["belief"] < C.CARD[h["card"]]["belief"]),
                      key=lambda h: (self.gift(h), h["card"]))

    def reversal_gains(self, effect: str) -> list[float]:
        """What each purchase of this effect would add now (one per target and word)."""
        if effect == "automatic_success":
            return [self.success_gain(v["card"]) for v in self.active("gm") if _kind(v["card"]) == "villain"]
        if effect == "lock":
            return [self.lock_gain(c["card"], w) for c in self.active("heroes") for w in RV.lockable(self.v, c["card"])]
        if effect == "initiative":
            return [self.initiative_gain()]
        if effect == "masterplan":
            return [] if self.v.get("masterplan") else [self.masterplan_gain()]
        return [self.crossover_gain(card) for e, card in CX.candidates(self.v) if e == effect]

    def score_cure(self, o):
        """Cure only for an effect worth more than the Belief given back, and cure the Hero to whom it
        matters least; the counters still to cure for it are counted at the cheapest gift."""
        hero = self.rec(o["hero"])
        record = self.turn["reversal"]
        unspent, room = record["cured"] - record["spent"], len(self.heroes()) - record["cured"]
        cheapest = min((self.gift(h) for h in self.curable()), default=GIFT)
        best = -1.0
        for effect, cost in RV.COSTS.items():
            need = cost - unspent
            if need <= 0 or need > room:
                continue
            gifts = self.gift(hero) + (need - 1) * cheapest
            best = max([best] + [gain - gifts for gain in self.reversal_gains(effect)])
        return self.base() + best if best > 0.05 else -1.0

    def score_reversal(self, o):
        effect = o["effect"]
        if effect == "automatic_success":
            gain = self.success_gain(o["target"])
        elif effect == "lock":
            gain = self.lock_gain(o["target"], o["word"])
        elif effect == "initiative":
            gain = self.initiative_gain()
        elif effect == "masterplan":
            gain = self.masterplan_gain()
        elif effect in CX.COSTS:
            gain = self.crossover_gain(o["card"])
        else:
            gain = 0.0
        return self.base() + gain if gain > 0 else gain - 0.01

    def gm_combatant(self) -> str | None:
        combat = self.combat
        if not combat:
            return None
        return next((w for w in (combat["attacker"], combat["defender"])
                     if self.rec(w) and CH.side_of(self.rec(w)) == "gm"), None)

    def success_gain(self, villain: str) -> float:
        """② An Automatic Success for the Villain's next Damage Roll: what it adds to the Attack he is
        about to make in this Combat (a hit that Incapacitates counts FINISH)."""
        opp = self.opponent(villain)
        if opp is None or not self.has_attack(villain):
            return 0.0
        d = self.combat["distance"]
        after = _with(self.v, [{"who": villain, "source": villain, "stat": "automatic_successes", "amount": 1,
                                "attack": None, "lasts": "attack"}])
        return best_attack(after, villain, opp, d) - best_attack(self.v, villain, opp, d)

    def lock_gain(self, target: str, word: str) -> float:
        """① Lock a Heroic or Keyword of the GM combatant's opponent: what it changes in this Combat's
        exchange (nothing unless the Hero cannot pay the Energy; then 1 Energy he pays)."""
        me = self.gm_combatant()
        if me is None or self.opponent(me) != target or self.wrapping_up():
            return 0.0  # wrapping up, no Lock: it only holds the Heroes off (a Conflict in a Lair never ends)
        if FX.may_pay_lock(self.v, target):
            return 0.3 * ENERGY["heroes"]
        d = self.combat["distance"]
        after = _with(self.v, [{"who": target, "source": me, "stat": "lock", "word": word, "attack": None,
                                "lasts": "turn"}])
        return self._distance_pref(after, me, target, d) - self._distance_pref(self.v, me, target, d)

    def initiative_gain(self) -> float:
        """④ Initiative reversed, bought in the Start of Turn: the Villains strike first. Worth the
        Attacks of the Heroes they may Incapacitate before those act, and a Villain's own Attack when
        the Heroes may Incapacitate him first."""
        if not self.turn or self.turn["phase"] != "start" or self.turn["reversal"]["reversed"]:
            return 0.0
        villains = [c for c in self.active("gm") if _kind(c["card"]) == "villain" and self._attacks(self.v, c["card"])]
        heroes = [h for h in self.heroes() if "hidden" not in h["statuses"]]
        gain = 0.0
        for v in villains:
            kills = []
            for h in heroes:
                theirs = max((best_attack(self.v, h["card"], x["card"], DMG.START_DISTANCE) for x in villains), default=0.0)
                p = max((o[0] for k in ("melee", "ranged", "mental")
                         for o in [attack_odds(self.v, v["card"], h["card"], k, False, DMG.START_DISTANCE)]
                         if o and o[1] >= left(h, DMG.ATTACKS[k].resistance)), default=0.0)
                kills.append(p * (theirs + FINISH))
            gain += max(kills, default=0.0)
            coming = sum(best_attack(self.v, h["card"], v["card"], DMG.START_DISTANCE) for h in heroes)
            if coming >= left(v) * 0.8:
                gain += max((best_attack(self.v, v["card"], h["card"], DMG.START_DISTANCE) for h in heroes), default=0.0)
        return gain

    def crossover_gain(self, card: str) -> float:
        """③ A Crossover (a Villain of his Plot Hand, or one Hiding, enters at 6 Hate) or ⑤ another
        Persona of an Incapacitated Villain: one more Villain against a party that outnumbers his (the
        engine offers it only then), worth more the stronger he is (a Hiding one: as hurt as he hid) and
        the more Heroes there are to each Villain."""
        heroes = len(self.heroes())
        villains = sum(1 for c in self.active("gm") if _kind(c["card"]) == "villain")
        printed = C.CARD[card]
        strength = (printed["body"] + printed["mind"] + printed["charm"] + printed["power"]) / 4
        back = self.rec(card)
        fit = 1 - hurt(back) if back else 1.0
        return (CROSSOVER + 0.4 * strength + 0.5 * max(0, heroes - villains - 2)) * fit

    def score_new_main_villain(self, o):
        """The Villain who will last longest as the Main Villain: the least hurt, the most Hate printed."""
        c = self.rec(o["card"])
        return 3.0 * (1 - hurt(c)) + 0.2 * C.CARD[o["card"]]["hate"]

    def masterplan_gain(self) -> float:
        """⑤ A Masterplan: 5 Energy to every Villain in play, which Regenerates his Stress (within his
        Power a Turn) or buys coins."""
        gain = 0.5
        for v in (c for c in self.active("gm") if _kind(c["card"]) == "villain"):
            stress = sum(v["resistances"][r]["stress"] for r in ("physical", "mental"))
            heal = min(RV.MASTERPLAN_ENERGY, stress)
            gain += heal * _weight(v) * 0.6 + (RV.MASTERPLAN_ENERGY - heal) * ENERGY["gm"]
        return gain

    # Between Conflicts, and Relocation -------------------------------------------------------------------------------
    def place_worth(self, card: str) -> float:
        """A Location's or a Lair's standing effects to the GM's side, with the Bystanders there to Kill
        when his Threat counts Kills; a Lair, where no Hate is paid, more."""
        worth = card_worth(self.v, card, "gm", ("static", "start_of_turn", "end_of_turn"))
        if self.threat.get("when") == "kill":
            worth += 1.5 * sum(1 for b in self.v["bystanders"] if b["location"] == card)
        return worth + (LAIR if _kind(card) == "lair" else 0.0)

    def score_relocate(self, o):
        """Relocate where the place helps the Villains more than this one (never out of a Lair for less,
        but out of it once wrapping up)."""
        here = self.v["location"]
        if _kind(here) == "lair" and self.wrapping_up():
            return 1.0
        return self.place_worth(o["card"]) - self.place_worth(here) - 0.3

    def score_next_location(self, o):
        return self.place_worth(o["card"])

    def score_flee(self, o):
        """The Lair whose effects help the Villain most, counting its "when played" ones."""
        return card_worth(self.v, o["card"], "gm", ("play", "static", "start_of_turn", "end_of_turn"))

    def score_interview(self, o):
        """The Interview only helps the Heroes (Social Stress, Energy): the GM adds no question nor bonus."""
        return -0.5 * (o["extra"] + o["bonus"])

    def score_pursue(self, o):
        """Pursue only when the party is healthy enough to finish the Villain in his Lair (no Hate paid
        there) within PURSUIT_TURNS of its best Attacks: the healthier the Heroes and the more hurt the
        Main Villain, the better; a Hero near Incapacitated asks for the Interview's rest instead."""
        if not o["pursue"]:
            return 0.0
        if self.wrapping_up():
            return -1.0
        heroes = self.heroes()
        villain = next((c for c in self.active("gm") if c.get("main")), None)
        if not heroes or villain is None:
            return -1.0
        # a Hero with no Energy to pay a Lock is Locked out of his Attack for 1 cured Belief: he counts little
        reach = sum(max(best_attack(self.v, h["card"], villain["card"], d) for d in DMG.DISTANCES)
                    * (1.0 if h.get("energy", 0) >= 2 else 0.3) for h in heroes)
        if left(villain) > PURSUIT_TURNS * reach or hurt(villain) < 0.4:
            return -1.0  # no Hate is paid in a Lair: a Villain the party cannot finish soon would sit there
        health = sum(1 - hurt(h) for h in heroes) / len(heroes)
        worst = max(hurt(h) for h in heroes)
        return 2.0 * hurt(villain) + 4.0 * (health - PURSUIT_HEALTH) - (1.0 if worst > 0.7 else 0.0)

    def score_answer(self, o):
        """A Chosen Roll with no penalty for losing: the answer whose chance times its effect is largest
        (Apologist to the Hero with Social Stress, most to a Demoralized one; Public Relations' Energy
        to the Hero most hurt)."""
        who, skill, n = o["character"], o["skill"], o["chosen"]
        target = self.rec(o["target"])
        r = CH.ratings(who)
        coins = r["Charm"] + r.get(C.display(skill), 0) + (self.v.get("aftermath") or {}).get("bonus", 0)
        if skill == "apologist":
            stress = target["resistances"]["social"]["stress"]
            full = stress >= C.CARD[target["card"]]["resistances"]["social"]
            gain = min(n, stress) * 2 * SOCIAL + (1.5 if full else 0.0)
        else:
            gain = n * ENERGY["heroes"] * (1 + hurt(target))
        return p_above(coins, n) * gain

    def score_peek(self, o):
        """Peeking is a free Roll toward seeing the Objective: worth it unless its Heroic is Locked and
        costs Energy; best outside a Combat."""
        who = o["character"]
        locked = [w for w in FX.locked(self.v, who) if w in ("perception", "hacking")]
        cost = self.cost(who, "energy", 1) if locked else 0.0
        return (0.15 if self.combat else 0.4) - cost


# --- Setup helpers -----------------------------------------------------------------------------------------------
def equipment_worth(equipment: str, who: str) -> float:
    """An Equipment for a Character: a weapon for its best Attack (its Pool, plus the bonus), gear a little."""
    printed = C.CARD[equipment]
    if "weapon" not in printed:
        return 1.0 + sum(0.5 for e in printed.get("effects", []) if e.get("counter") == "cover")
    kind = printed["weapon"]
    r = CH.ratings(who)
    if DMG.attack_refusal(kind, r, "melee"):
        return 0.1
    pool = _size(DMG.attack_parts(kind, r))
    bonus = DMG.weapon_bonus(printed["bonus"], False) or 0
    best = max(_size(DMG.attack_parts(k, r)) for k in DMG.ATTACKS if not DMG.attack_refusal(k, r, "melee"))
    return 1.0 + bonus + 0.3 * pool - 0.3 * (best - pool)


def _has_heroic(who: str, heroic: str | None) -> bool:
    """Whether the Character has this Heroic printed (a Detail that raises it helps only then)."""
    return bool(heroic) and C.CARD[who].get("heroics", {}).get(heroic, 0) > 0


def _raised(card: str) -> str | None:
    return next((e.get("heroic") for e in C.CARD[card].get("effects", []) if e.get("do") == "heroic"), None)


def punch(who: str) -> float:
    """A Character's best printed Attack Pool, over 10: who a help that is not healing goes to."""
    r = CH.ratings(who)
    return max((_size(DMG.attack_parts(k, r)) for k in DMG.ATTACKS if not DMG.attack_refusal(k, r, "melee")),
               default=0) / 10


def best_kind(who: str) -> str | None:
    """The Attack kind of a Character's best printed Pool (Social only when it has no other)."""
    if _kind(who) not in ("hero", "villain", "mook", "ally"):
        return None
    pools = _pools(who)
    return max(pools, key=lambda k: (pools[k], k)) if pools else None


def _pools(who: str) -> dict:
    """A Character's printed Attack Pools by kind (Social left out when it has another)."""
    r = CH.ratings(who)
    pools = {k: _size(DMG.attack_parts(k, r)) for k in DMG.ATTACKS if not DMG.attack_refusal(k, r, "melee")}
    if len(pools) > 1:
        pools.pop("social", None)  # a Social Attack Demoralizes at best: cards for it come last
    return pools


def _way_in(card: str, who: str) -> bool:
    """A Movement card that takes `who` to Melee Distance."""
    printed = C.CARD[card]
    return printed.get("combat") == "movement" and printed.get("to") in ("melee", "either") and not D.use_error(card, who)


def card_fit(card: str, who: str) -> float:
    """How well a Combat card serves a Character, 0 (it cannot use it) to about 2."""
    if _kind(who) not in ("hero", "villain", "mook", "ally") or D.use_error(card, who):
        return 0.0
    printed = C.CARD[card]
    pools = _pools(who)
    best = best_kind(who)
    combat = printed["combat"]
    if combat == "attack":
        kind = printed["attack"]
        if kind not in pools:
            return 0.0
        return 1.6 if kind == best else 0.9 if pools[kind] >= pools[best] - 2 else 0.3
    if combat == "movement":
        if best == "melee":  # Combats start at Ranged: a melee fighter needs a way in
            return 1.8 if printed["to"] in ("melee", "either") else 0.2
        return 0.8 if printed["to"] in ("ranged", "either") else 0.2
    if combat == "maneuver":
        kind = next((e.get("attack") for e in printed.get("effects", []) if e.get("attack")), None)
        if kind and kind != best:
            return 0.2
        if printed.get("at") not in ("any", "melee" if best == "melee" else "ranged"):
            return 0.4
        return 1.1
    heals = any(e.get("do") == "roll" for e in printed.get("effects", []))
    if heals:
        return 1.3
    return 0.7


# --- The bots ------------------------------------------------------------------------------------------------
class PlotTwistBot:
    """Plays the best-scored option of its seat's decisions; `pass` when nothing is worth more than
    nothing; among equals, the dice decide."""

    def __init__(self, name: str, side: str):
        self.name, self.side = name, side

    def choose(self, seen: dict, rng) -> dict:
        options = seat_options(seen)
        if len(options) == 1:
            return options[0]
        judge = _Judge(seen["view"], options[0]["player"], options)
        scored = [(judge.value(o), i, o) for i, o in enumerate(options) if o.get("kind") not in PRELUDES]
        judge._base = max((v for v, _, _ in scored), default=0.0)
        scored += [(judge.value(o), i, o) for i, o in enumerate(options) if o.get("kind") in PRELUDES]
        top = max(v for v, _, _ in scored)
        passes = [o for v, _, o in scored if o.get("kind") == "pass" and v >= top - 1e-9]
        if passes:
            return passes[0]
        best = [o for v, _, o in scored if v >= top - 1e-9]
        return best[rng.below(len(best))]


BOTS = {"hero": PlotTwistBot("hero", "heroes"), "gm": PlotTwistBot("gm", "gm")}
