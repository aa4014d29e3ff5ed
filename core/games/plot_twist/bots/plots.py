"""The bots' Plots and cards in play (Events, the Objective, Nullify, a card's choice) (bots.py's `_Judge`)."""

from .. import cards as C
from ..characters import characters as CH
from ..effects.in_play import nullify_parts
from .setup import _has_heroic, punch
from .thumbs import KILL_FOR_THREAT, REVEAL_FOR_THREAT, SOCIAL, _amount, _kind, _size, _weight, card_worth, effect_worth, hurt, p_above


class PlotScores:
    """The judge's scores of Plots and of the cards in play."""

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
                if self.bystander_on_reveal() and sum(1 for x in self.v["plot_hands"][self.me]
                                                      if _kind(x) == "bystander") <= 1:
                    return -0.5  # the last one is kept for the Objective's ▲, which plays it when a Villain may Kill
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

    def bystander_on_reveal(self) -> bool:
        """The GM's Objective is face down and its ▲ plays a Bystander of his Plot Hand (Organ Harvest)."""
        objective = self.v.get("objective") or {}
        return bool(self.objective) and not objective.get("revealed") and any(
            e["on"] == "reveal" and e["do"] == "play" and e.get("card") == "bystander"
            for e in C.CARD[self.objective]["effects"])

    def killer_ready(self) -> bool:
        """The Villains' half of the Combat phase, no Combat on, and a Villain or Mook of his with an
        Attack action: a Bystander played now may be Killed before the Heroes may Recruit it."""
        if not self.turn or self.turn["phase"] != "combat" or self.combat or self.turn.get("initiating") != "gm":
            return False
        return any(_kind(c["card"]) in ("villain", "mook") and self._attacks(self.v, c["card"])
                   for c in self.active("gm"))

    def score_reveal_objective(self, o):
        if not self.objective:
            return 0.0
        if self.bystander_on_reveal() and any(_kind(x) == "bystander" for x in self.v["plot_hands"][self.me]):
            # its ▲ plays a Bystander: when a Villain may Kill it at once, not where the Heroes Recruit it first
            if not self.killer_ready():
                return -0.1 if self.turn and self.turn["number"] < 6 else 0.3
            return 0.3 + card_worth(self.v, self.objective, "gm", ("reveal",)) + KILL_FOR_THREAT
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
