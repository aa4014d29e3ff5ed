"""The bots' Free actions and spending (Belief, Hate, Energy, activated Advantages) (bots.py's `_Judge`)."""

from .. import cards as C
from ..characters import characters as CH
from ..conflict import spending as SP
from ..reversal import reversal as RV
from .setup import equipment_worth
from .thumbs import MOOKS_ENOUGH, SOCIAL, _kind, _size, _weight, _with, best_attack, effect_worth, hurt, left, p_above


class SpendingScores:
    """The judge's scores of Free actions and spending."""

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
        # Quantity keeps a Mook card in play: worth it when the card is about to go (3 counters for
        # QUANTITY_HATE, 1 Hate: the Mook section's price); none once the card has MOOKS_ENOUGH (a
        # Mook of 50 Quantity the Heroes chip 1 a Turn off is a stalemate, not a threat)
        mook = self.rec(o["target"])
        if mook and mook["quantity"] >= MOOKS_ENOUGH:
            return -0.1
        worth = SP.QUANTITY_ADDED * 0.6 * (1.0 if mook and mook["quantity"] <= 2 else 0.3)
        return worth - self.cost(o["character"], "hate", SP.QUANTITY_HATE)

    def score_heal(self, o):
        """Healing (a Free action, 1 Energy): the chosen number Regenerated if the Chosen Roll beats it,
        each point worth what a Regenerate's is (more the nearer Incapacitated)."""
        who, r, n = o["character"], o["resistance"], o["chosen"]
        c = self.rec(who)
        pool = _size(SP.heal_parts(self.v, who, r))
        p = p_above(pool, n)
        per = 0.3 + 2.5 * (1 - left(c, r) / C.CARD[c["card"]]["resistances"][r])
        near = 1.5 if left(c, r) <= 3 else 0.0
        return p * (n * per + near) - self.cost(who, "energy", SP.HEAL_ENERGY)

    def score_gadgeteer(self, o):
        """Gadgeteer (X Energy: X Ranks in another Heroic this Turn): what the Ranks add to the exchange
        about to be made, like a raised Heroic."""
        who = o["character"]
        opp = self.opponent(who)
        if opp is None or self.combat["step"] not in ("attack", "maneuver"):
            return -1.0
        d = self.combat["distance"]
        after = _with(self.v, [{"who": who, "source": who, "stat": "heroic", "heroic": o["heroic"],
                                "amount": o["ranks"], "attack": None, "lasts": "turn"}])
        gain = self._distance_pref(after, who, opp, d) - self._distance_pref(self.v, who, opp, d)
        return gain - self.cost(who, "energy", o["ranks"])

    def score_belief_damage(self, o):
        target = self.rec(o["target"])
        if target is None:
            return 0.0
        # the Belief a Hero is about to use matters most: near 5 when his seat may play another Hero
        total = sum(1 for c in self.v["characters"] if _kind(c["card"]) == "hero")
        alone = sum(1 for c in self.heroes() if c["seat"] == target["seat"]) == 1 and total < RV.MOST_HEROES
        return 0.3 + (0.4 if alone and target["belief"] in (5, 6) else 0.0) - self.cost(o["character"], "hate", 1)
