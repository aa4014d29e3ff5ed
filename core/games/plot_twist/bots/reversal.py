"""The GM bot's Reversal of Fortunes: cures and what they buy (bots.py's `_Judge`)."""

from .. import cards as C
from ..characters import characters as CH
from ..reversal import crossover as CX
from ..rolls import damage as DMG
from ..effects import effects as FX
from ..reversal import reversal as RV
from .thumbs import (
    CROSSOVER,
    ENABLES_HERO,
    ENERGY,
    FINISH,
    GIFT,
    KILL_FOR_THREAT,
    PRELUDES,
    _kind,
    _weight,
    _with,
    attack_odds,
    best_attack,
    hurt,
    left,
)


class ReversalScores:
    """The judge's scores of cures and of what they buy."""

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
        return gain + self.kills_first()

    def kills_first(self) -> float:
        """A Threat of Kills: with Initiative reversed the Villains and Mooks reach the Bystanders here
        before the Heroes Recruit them (the Heroes initiate first otherwise), a Kill each while they last."""
        if self.threat.get("when") != "kill":
            return 0.0
        here = sum(1 for b in self.v.get("bystanders", ()) if b["location"] == self.v.get("location"))
        killers = sum(1 for c in self.active("gm") if _kind(c["card"]) in ("villain", "mook")
                      and self._attacks(self.v, c["card"]))
        return 0.6 * KILL_FOR_THREAT * min(here, killers)

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
