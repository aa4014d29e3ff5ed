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
- heal: Regenerate (1 Energy) where Stress is nearest to Incapacitating, Healing (1 Energy, the
  chosen number that weighs the Chosen Roll's chance against the Stress it Regenerates), healing cards
  and an Advantage that protects or heals go to the weakest Hero; Gadgeteer's Ranks when they change
  the exchange about to be made by more than their Energy;
- Recruit a Bystander the GM played (he may mean to Kill it: `SUSPECTED_KILL`, half a known Threat's
  worth), and every Bystander once they know a Threat of Kills;
- Nullify the standing Events and Twists! that hurt them (a Roll is free: always try it; spend
  toward a spending Nullify);
- buy a coin or an Automatic Success only when it changes the Attack about to be made by more than
  it costs; play a Hero (5 Belief) when the seat has only one in play.

The GM
- pursues the Objective: Reveals it (its ▲ helps him; Organ Harvest's, which plays a Bystander, in the
  Villains' half of the Combat phase when one of his may Kill it at once, and he keeps a Bystander in his
  Plot Hand for it), Kills Bystanders for Organ Harvest (and drafts Bystanders for it, and reverses
  Initiative to reach them before the Heroes Recruit them), Reveals Events (a Threat counting them would make each one count more), keeps the
  Villain in play until Doomsday Clock strikes;
- initiates against the weakest Hero, each Character once per target;
- spends Hate (extra Attacks, Belief Damage, 3 Quantity for a Mook card about to go at 1 Hate, none for one
  with `MOOKS_ENOUGH`) only above a reserve that keeps
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

from core.framework.bots import seat_options

from .. import cards as C
from ..characters import characters as CH
from ..rolls import damage as DMG
from ..state import GM
from .between import BetweenScores
from .combat import CombatScores
from .plots import PlotScores
from .reversal import ReversalScores
from .setup import SetupScores, _way_in
from .spending import SpendingScores
from .thumbs import BELIEF, ENERGY, HATE, HORIZON, PRELUDES, WRAP_UP, _kind, _rec, best_attack, hurt, left

STRICT = False         # tests set it: a scoring error raises instead of counting as neutral


# --- The judge ---------------------------------------------------------------------------------------------
class _Judge(SetupScores, CombatScores, SpendingScores, PlotScores, ReversalScores,
             BetweenScores):
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
