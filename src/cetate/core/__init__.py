"""The game kernel: protocol, RNG, events, errors, options, records and message catalogs.

`cetate.core` imports nothing else of ours; games import only this package.
"""

from cetate.core.errors import IllegalAction, InvalidOptions, InvalidState
from cetate.core.events import Event
from cetate.core.options import Option, OptionSchema
from cetate.core.protocol import Game
from cetate.core.rng import Rng

__all__ = [
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "InvalidState",
    "Option",
    "OptionSchema",
    "Rng",
]
