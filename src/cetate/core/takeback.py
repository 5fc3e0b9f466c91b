"""Whether a move may be taken back: it showed nobody anything hidden.

Used by the web app (`POST /api/tables/{id}/undo`) and by `cetate play` (`u` at the prompt). It needs
nothing from a game but the protocol: the move is played again in worlds drawn from each person's
information set (`determinize`, which also redraws whatever comes by chance), and it may be taken back
only if every world leaves that person exactly the view they have now.
"""

from __future__ import annotations

from cetate.core.rng import Rng

SAMPLES = 12  # worlds drawn per person


def showed_nothing(game, before, action: dict, after, seats: list[int], samples: int = SAMPLES) -> bool:
    """True when playing `action` at `before` (which gave `after`) showed none of `seats` anything they
    could not already know. A card drawn, a tile, hand or character revealed, a chance event: each gives
    another view in some world, so such a move stands; so does a move that ends the game (it shows the
    final scores). `before` and `after` are not changed."""
    if game.to_move(after) is None:
        return False
    for seat in seats:
        target = game.view(after, seat)
        for i in range(samples):
            world = game.determinize(before, seat, Rng.from_seed(f"takeback/{seat}/{i}"))
            try:
                game.apply(world, action)
            except Exception:  # not even legal in a world this seat cannot rule out: it depends on the hidden
                return False
            if game.view(world, seat) != target:
                return False
    return True
