"""A small seeded random number generator kept inside game states.

SplitMix64: the whole generator state is one 64-bit integer, so copying it for search is free, it
serialises as a number, and its sequence does not depend on the Python version (unlike `random`).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a bijection of 64-bit integers in which every input bit moves every output
    bit."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def fold_seed(seed: int) -> int:
    """A 64-bit state from an integer of any width: its 64-bit limbs (two's complement, lowest first, the
    limb count included so that a leading zero limb counts) each go through `_mix` in turn. For a uniform
    128-bit seed the result is uniform over 2**64 states, so the state keeps 64 bits of the seed's entropy."""
    width = (seed.bit_length() + 1 + 63) // 64  # room for the sign bit
    data = seed.to_bytes(8 * width, "little", signed=True)
    acc = _mix((width * _GOLDEN) & _MASK)
    for i in range(width):
        limb = int.from_bytes(data[8 * i:8 * i + 8], "little")
        acc = _mix(((acc ^ limb) + _GOLDEN) & _MASK)
    return acc


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        """Make a generator from any integer or string seed (strings are hashed stably).

        An integer from -2**63 to 2**64 - 1 is the generator's state as it is (every record made before
        wide seeds existed replays unchanged). A wider integer, such as the server's 128-bit seeds, is taken
        whole: `fold_seed` mixes all of its bits into the 64-bit state, so two seeds that differ only in
        their high bits give different games (docs/server.md, "Seeds")."""
        if isinstance(seed, str):
            acc = 1469598103934665603
            for ch in seed.encode():
                acc = ((acc ^ ch) * 1099511628211) & _MASK
            seed = acc
        elif not -(1 << 63) <= seed <= _MASK:
            seed = fold_seed(seed)
        rng = cls(seed)
        rng.next64()
        return rng

    def next64(self) -> int:
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The bias of the multiply-shift method is below 2**-50 for game sizes."""
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one by one step)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
