"""A small seeded PRNG whose whole state is one JSON string.

SplitMix64 (Steele, Lea, Flood 2014): a 64-bit counter advanced by a constant and
mixed. It is fast, passes BigCrush, and its state fits in 16 hex digits, so a game
state carries it without losing precision in JSON clients that parse numbers as doubles.

    >>> r = Rng.from_seed(42)
    >>> r.shuffle(["a", "b", "c", "d"])
    ['d', 'a', 'c', 'b']
    >>> Rng.load(r.dump()).below(10) == r.below(10)
    True
"""

import hashlib

_MASK = (1 << 64) - 1
_HEX = frozenset("0123456789abcdef")
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("_s",)

    def __init__(self, state: int):
        self._s = state & _MASK

    @classmethod
    def from_seed(cls, seed: int | str) -> "Rng":
        """Any int or string seeds a generator; the same seed gives the same stream."""
        digest = hashlib.sha256(f"{type(seed).__name__}:{seed}".encode()).digest()
        return cls(int.from_bytes(digest[:8], "big"))

    @classmethod
    def load(cls, text: str) -> "Rng":
        return cls(int(text, 16))

    @staticmethod
    def is_valid(text) -> bool:
        # exactly what dump() writes: int(x, 16) alone would take "0x..", signs, "_" and spaces
        return type(text) is str and len(text) == 16 and _HEX.issuperset(text)

    def dump(self) -> str:
        return f"{self._s:016x}"

    def next64(self) -> int:
        self._s = z = (self._s + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if not 0 < n <= _MASK + 1:
            raise ValueError("n must be between 1 and 2**64")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> list:
        """A shuffled copy (Fisher-Yates); the input list is left alone.

        The index comes from the multiply-shift method, whose bias for a deck-sized
        range is below 2**-57; the generator is inlined because setup shuffles often.
        """
        out = list(items)
        s = self._s
        for i in range(len(out) - 1, 0, -1):
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            out[i], out[j] = out[j], out[i]
        self._s = s
        return out

    def choice(self, items):
        return items[self.below(len(items))]
