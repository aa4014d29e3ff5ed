"""Plot Twist: pools, coins and rolls (rulebook, Terminology: Pools, Rolls, Fixed Rolls,
Opposing Rolls, Chosen Roll, Damage Rolls, Automatic Successes, Margin).

Flipping coins is kept apart from judging them, so a rule can be checked on coins laid out by
hand (the rulebook's examples) and a roll can be checked again from its event:

- **Pool**: `Pool.of([("Body", 6), ("Fighting", 4), ("modifier: Prone", -2)])`: named parts;
  its size is their sum, never below 0 (and never above `MAX_POOL`).
- **Coins**: `flip(rng, n)`: one `rng.below(2)` per coin, in order; 1 is Heads (a Success),
  0 is Tails. `rng` is the state's RNG (a `core.framework.rng.Rng` or the engine's `LazyRng`).
- **Throw**: one character's roll: `Throw(who, pool, coins, automatic)`; `successes` are the
  Heads, `total` is successes + automatic successes. Automatic Successes never change the pool.
- **Judging** (each returns `(Result, event)`):
  `judge_fixed(throw, difficulty)`: won with more than the Difficulty;
  `judge_opposing([throw, throw, ...], ties_defeat=True)`: the one character with the most
  wins, every other is Defeated; a tie for the most defeats everyone (with
  `ties_defeat=False`, "unless specified otherwise", the tied ones are not Defeated, but no one
  wins); `judge_chosen(throw, chosen)`: won with more than the chosen number, worth the chosen
  number; `judge_damage(throw)`: the total is the Damage (no coins, no Automatic Success).
  Margin: the total above the Difficulty, the best other total or the chosen number; a roll is
  won only with a Margin of at least 1 (the Margin of a roll nobody won is 0).
- **Rolling** (flip from the rng, then judge): `fixed_roll`, `opposing_roll`, `chosen_roll`,
  `damage_roll`. An opposing roll flips each side's coins in the order the sides are given.

The event (JSON, one per roll; fields by kind)::

    {"type": "roll", "kind": "fixed" | "opposing" | "chosen" | "damage",
     "purpose": "melee attack",          # only when the caller names what the roll is for
     "rolls": [{"who": "Dr. Simoakli", "pool": 10,
                "parts": [{"name": "Body", "value": 6}, {"name": "Fighting", "value": 4}],
                "coins": [1, 1, 0, ...], "successes": 6, "automatic": 0, "total": 6}, ...],
     "difficulty": 2,                     # fixed
     "chosen": 3,                         # chosen
     "winner": "Dr. Simoakli" | None,     # fixed, opposing, chosen
     "defeated": ["Hope"],                # fixed, opposing, chosen
     "margin": 4,                         # fixed, opposing, chosen
     "damage": 4}                         # damage

`coins` has exactly `pool` entries; `total` is `successes + automatic`. `who` is whatever the
caller names a character by (a card id, a seat). Nothing in a roll is hidden.

    >>> sim = Throw("Dr. Simoakli", Pool.of([("Body", 6), ("Fighting", 4)]), (1, 1, 1, 0, 1, 1, 0, 1, 0, 0))
    >>> hope = Throw("Hope", Pool.of([("Body", 2), ("Agility", 3)]), (0, 1, 0, 1, 0))
    >>> result, event = judge_opposing([sim, hope])
    >>> result.winner, result.defeated, result.margin
    ('Dr. Simoakli', ('Hope',), 4)
    >>> event["kind"], [r["total"] for r in event["rolls"]], event["winner"]
    ('opposing', [6, 2], 'Dr. Simoakli')
"""

from collections.abc import Iterable
from dataclasses import dataclass

# No roll of the rules comes near it (attributes and heroics are single digits; Energy and Mook
# coins are limited by Power per turn); a bigger pool is an impossible position, never a loop.
MAX_POOL = 100
# "All Damage Rolls include one Automatic Success to be added to the result, unless modified."
DAMAGE_AUTOMATIC = 1
KINDS = ("fixed", "opposing", "chosen", "damage")


def _count(value, what: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        bound = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{what} must be a whole number {bound}, not {value!r}.")
    return value


@dataclass(frozen=True)
class Pool:
    """How many coins to roll, and how that number was built."""

    parts: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, parts: Iterable) -> "Pool":
        checked = []
        for part in parts:
            if not (isinstance(part, (tuple, list)) and len(part) == 2 and isinstance(part[0], str)):
                raise ValueError(f"A part of a pool is a (name, value) pair, not {part!r}.")
            checked.append((part[0], _count(part[1], f"The part {part[0]!r}", -MAX_POOL, MAX_POOL)))
        pool = cls(tuple(checked))
        if sum(v for _, v in checked) > MAX_POOL:
            raise ValueError(f"A pool of {sum(v for _, v in checked)} coins is more than {MAX_POOL}.")
        return pool

    @property
    def size(self) -> int:
        """The sum of the parts, never below 0."""
        return max(0, sum(value for _, value in self.parts))

    def to_json(self) -> list[dict]:
        return [{"name": name, "value": value} for name, value in self.parts]


def flip(rng, n: int) -> list[int]:
    """`n` coins from the state's RNG, in order: 1 is Heads (a Success), 0 is Tails."""
    return [rng.below(2) for _ in range(_count(n, "The number of coins", 0, MAX_POOL))]


@dataclass(frozen=True)
class Throw:
    """One character's roll: the coins of its pool, then its Automatic Successes."""

    who: object
    pool: Pool
    coins: tuple[int, ...]
    automatic: int = 0

    def __post_init__(self):
        object.__setattr__(self, "coins", tuple(self.coins))
        if len(self.coins) != self.pool.size:
            raise ValueError(f"A pool of {self.pool.size} rolls {self.pool.size} coins, "
                             f"not {len(self.coins)}.")
        if any(type(c) is not int or c not in (0, 1) for c in self.coins):
            raise ValueError(f"A coin is 1 (Heads) or 0 (Tails): {list(self.coins)!r}.")
        _count(self.automatic, "Automatic Successes", 0, MAX_POOL)

    @property
    def successes(self) -> int:
        return sum(self.coins)

    @property
    def total(self) -> int:
        """Automatic Successes are added to the result, never to the pool."""
        return self.successes + self.automatic

    def to_json(self) -> dict:
        return {"who": self.who, "pool": self.pool.size, "parts": self.pool.to_json(),
                "coins": list(self.coins), "successes": self.successes,
                "automatic": self.automatic, "total": self.total}


@dataclass(frozen=True)
class Result:
    """What a roll decided. `winner` is None when no one won; `margin` is the winner's."""

    kind: str
    throws: tuple[Throw, ...]
    winner: object = None
    defeated: tuple = ()
    margin: int = 0
    difficulty: int | None = None
    chosen: int | None = None
    damage: int | None = None
    purpose: str | None = None

    @property
    def won(self) -> bool:
        return self.winner is not None

    @property
    def value(self) -> int:
        """What the roll is worth: a won Chosen Roll its number, a Damage Roll its Damage,
        another won roll its Margin; 0 when lost."""
        if self.kind == "chosen":
            return self.chosen if self.won else 0
        if self.kind == "damage":
            return self.damage
        return self.margin

    def event(self) -> dict:
        event = {"type": "roll", "kind": self.kind}
        if self.purpose is not None:
            event["purpose"] = self.purpose
        event["rolls"] = [t.to_json() for t in self.throws]
        if self.kind == "damage":
            event["damage"] = self.damage
            return event
        if self.kind == "fixed":
            event["difficulty"] = self.difficulty
        if self.kind == "chosen":
            event["chosen"] = self.chosen
        event.update(winner=self.winner, defeated=list(self.defeated), margin=self.margin)
        return event


def _against(throw: Throw, target: int, kind: str, purpose, **fields) -> tuple[Result, dict]:
    margin = throw.total - target
    won = margin >= 1
    result = Result(kind, (throw,), winner=throw.who if won else None,
                    defeated=() if won else (throw.who,), margin=margin if won else 0,
                    purpose=purpose, **fields)
    return result, result.event()


def judge_fixed(throw: Throw, difficulty: int, purpose: str | None = None) -> tuple[Result, dict]:
    """Fixed Roll: won with more Successes than the Difficulty (a Margin of at least 1)."""
    difficulty = _count(difficulty, "A Difficulty", 0, MAX_POOL)
    return _against(throw, difficulty, "fixed", purpose, difficulty=difficulty)


def judge_chosen(throw: Throw, chosen: int, purpose: str | None = None) -> tuple[Result, dict]:
    """Chosen Roll: won with more Successes than the chosen number; worth that number."""
    chosen = _count(chosen, "The chosen number", 0, MAX_POOL)
    return _against(throw, chosen, "chosen", purpose, chosen=chosen)


def judge_opposing(throws: Iterable[Throw], ties_defeat: bool = True,
                   purpose: str | None = None) -> tuple[Result, dict]:
    """Opposing Roll: the character with more Successes than every other wins, the others are
    Defeated. A tie for the most defeats everyone, unless `ties_defeat=False` (a card says
    otherwise): then the tied characters are not Defeated, and no one wins."""
    throws = tuple(throws)
    if len(throws) < 2:
        raise ValueError("An Opposing Roll needs two or more characters.")
    names = [t.who for t in throws]
    if len(set(map(repr, names))) != len(names):
        raise ValueError(f"Each character rolls once in an Opposing Roll: {names!r}.")
    best = max(t.total for t in throws)
    top = [t for t in throws if t.total == best]
    if len(top) == 1:
        second = max(t.total for t in throws if t is not top[0])
        winner, margin = top[0].who, best - second
        defeated = tuple(t.who for t in throws if t is not top[0])
    else:
        winner, margin = None, 0
        defeated = tuple(t.who for t in throws if ties_defeat or t.total < best)
    result = Result("opposing", throws, winner=winner, defeated=defeated, margin=margin, purpose=purpose)
    return result, result.event()


def damage_throw(who, parts: Iterable, coins, automatic: int = DAMAGE_AUTOMATIC,
                 empty_pool_automatic: bool = False) -> Throw:
    """A Damage Roll's throw: one Automatic Success unless modified, and none when the pool is
    empty ("If you have no coins you do not apply Automatic Successes"), unless
    `empty_pool_automatic` (a card that says otherwise)."""
    pool = Pool.of(parts)
    if pool.size == 0 and not empty_pool_automatic:
        automatic = 0
    return Throw(who, pool, tuple(coins), automatic)


def judge_damage(throw: Throw, purpose: str | None = None) -> tuple[Result, dict]:
    """Damage Roll: every Success and Automatic Success is one point of Damage."""
    result = Result("damage", (throw,), damage=throw.total, purpose=purpose)
    return result, result.event()


# The thin layer: flip the coins from the state's RNG, then judge them.

def throw(rng, who, parts: Iterable, automatic: int = 0) -> Throw:
    """Roll one character's pool: as many coins as the pool, from `rng`."""
    pool = Pool.of(parts)
    return Throw(who, pool, tuple(flip(rng, pool.size)), automatic)


def fixed_roll(rng, who, parts: Iterable, difficulty: int, automatic: int = 0,
               purpose: str | None = None) -> tuple[Result, dict]:
    return judge_fixed(throw(rng, who, parts, automatic), difficulty, purpose)


def chosen_roll(rng, who, parts: Iterable, chosen: int, automatic: int = 0,
                purpose: str | None = None) -> tuple[Result, dict]:
    return judge_chosen(throw(rng, who, parts, automatic), chosen, purpose)


def opposing_roll(rng, sides: Iterable, ties_defeat: bool = True,
                  purpose: str | None = None) -> tuple[Result, dict]:
    """`sides`: `(who, parts)` or `(who, parts, automatic)` per character, flipped in this order."""
    return judge_opposing([throw(rng, *side) for side in sides], ties_defeat, purpose)


def damage_roll(rng, who, parts: Iterable, automatic: int = DAMAGE_AUTOMATIC,
                empty_pool_automatic: bool = False, purpose: str | None = None) -> tuple[Result, dict]:
    pool = Pool.of(parts)
    coins = flip(rng, pool.size)
    return judge_damage(damage_throw(who, pool.parts, coins, automatic, empty_pool_automatic), purpose)


def chosen_numbers(pool: int, automatic: int = 0, most: int | None = None) -> list[int]:
    """The numbers worth choosing in a Chosen Roll: from 1 (0 is worth nothing) up to one less
    than the coins plus Automatic Successes (a higher number cannot be beaten), and no more than
    `most` (the Stress there is to Regenerate, say).

    >>> chosen_numbers(5), chosen_numbers(5, automatic=1, most=3), chosen_numbers(1)
    ([1, 2, 3, 4], [1, 2, 3], [])
    """
    top = _count(pool, "A pool", 0, MAX_POOL) + _count(automatic, "Automatic Successes", 0, MAX_POOL) - 1
    if most is not None:
        top = min(top, _count(most, "The most worth choosing", 0, 3 * MAX_POOL))
    return list(range(1, top + 1))
