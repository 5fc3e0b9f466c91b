"""Citadels game options (spec citadels §1.12 and the [open] points of §1-§3)."""

from __future__ import annotations

from cetate.core.options import Option, OptionSchema

SCHEMA = OptionSchema((
    Option("discard_mode", "choice", "deck_bottom",
           "Where unkept draws, Magician and Laboratory discards and destroyed districts go: the bottom of "
           "the deck (FFG) or a discard pile that is shuffled into a new deck when the deck runs out (Czech rules).",
           choices=("deck_bottom", "discard_pile"), spec="§1.12, §1.13 #4-5"),
    Option("completion_size", "int", 8,
           "Number of districts that completes a city and triggers the end of the game (7 = the short game).",
           minimum=4, maximum=12, spec="§1.8"),
    Option("bank_limit", "int", None,
           "Gold in the bank: null for an unlimited bank, or a cap such as 30 (the box); nobody can take gold "
           "from an empty bank.",
           minimum=0, maximum=1000, nullable=True, spec="§1.1 #2, §1.12"),
    Option("max_rounds", "int", 40,
           "Round cap for stalled games: after this many rounds the game is scored as if it had ended normally.",
           minimum=1, maximum=500, spec="§1.8, §1.12"),
    Option("deck", "choice", "classic66",
           "District deck: the FFG classic 66 cards, or the 65-card original (no Great Wall).",
           choices=("classic66", "original65"), spec="§2.4"),
    Option("warlord_timing", "choice", "end_of_turn",
           "When the Warlord destroys: at the end of his turn (FFG), or at any moment of his turn (Czech rules).",
           choices=("end_of_turn", "any_time"), spec="§1.12, §1.13 #8"),
    Option("starting_seat", "int", None,
           "Seat that holds the crown in the first round; null picks one at random from the seed.",
           minimum=0, maximum=7, nullable=True, spec="§1.1 #3"),
))
