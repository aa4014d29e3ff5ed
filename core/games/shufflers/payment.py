"""Paying N Shufflers from a row of cards (Ammo, or Health once the Ammo is gone).

The rule (rules text and DESIGN.md): the card of value N if it is held, and then it
must be that card; else any set the player chooses that sums to exactly N; else the
set with the smallest total above N ("round up. It's a cruel world.").

    >>> payments(("4D", "2D", "9D"), 6)
    [('4D', '2D')]
    >>> payments(("AD", "4D"), 5)
    [('4D', 'AD')]
    >>> payments(("2D", "5D", "7D"), 6)
    [('7D',), ('5D', '2D')]
"""

from functools import lru_cache

from .cards import SORT_KEY, VALUE


def reachable(values) -> int:
    """Bit i is set iff some subset of `values` sums to i (the empty set gives 0)."""
    bits = 1
    for v in values:
        bits |= bits << v
    return bits


def cheapest_total(values, n: int) -> int | None:
    """The smallest subset total of `values` that is at least n; None if the row is short."""
    bits = reachable(values) >> n
    if not bits:
        return None
    return n + ((bits & -bits).bit_length() - 1)


@lru_cache(maxsize=65536)
def payments(cards: tuple, n: int) -> list[tuple]:
    """Every legal way to pay n from `cards`, each highest card first.

    The caller makes sure the row holds at least n (otherwise everything is paid).
    """
    exact = [c for c in cards if VALUE[c] == n]
    if exact:
        return [(c,) for c in exact]
    row = sorted(cards, key=SORT_KEY.__getitem__, reverse=True)
    values = [VALUE[c] for c in row]
    target = cheapest_total(values, n)
    if target is None:
        return []
    out: list[tuple] = []
    suffix = [0] * (len(row) + 1)
    for i in range(len(row) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + values[i]

    def walk(i: int, left: int, chosen: list) -> None:
        if left == 0:
            out.append(tuple(chosen))
            return
        if i == len(row) or suffix[i] < left:
            return
        if values[i] <= left:
            chosen.append(row[i])
            walk(i + 1, left - values[i], chosen)
            chosen.pop()
        walk(i + 1, left, chosen)

    walk(0, target, [])
    return out


def can_complete(pool_values, left: int) -> bool:
    """Whether some subset of the pool sums to exactly `left`."""
    return left >= 0 and bool((reachable(pool_values) >> left) & 1)


@lru_cache(maxsize=65536)
def spendable(pool: tuple, paid: tuple, n: int) -> frozenset:
    """The card values a group may spend next toward paying n, having spent `paid` already,
    from a pool of card values (both sorted): the values v for which the cards spent so far
    plus v can still grow into a legal payment (the smallest reachable total >= n).

    >>> sorted(spendable((2, 5, 9), (), 14))  # 9 + 5 is exact; 2 fits no exact set
    [5, 9]
    """
    target = cheapest_total(pool + paid, n)
    left = target - sum(paid)
    fits = set()
    for v in set(pool):
        rest = list(pool)
        rest.remove(v)
        if can_complete(rest, left - v):
            fits.add(v)
    return frozenset(fits)
