"""Gates of the Citadel options: the engine flags of spec gates §3.9 with their defaults."""

from __future__ import annotations

from cetate.core.options import Option, OptionSchema

SCHEMA = OptionSchema((
    Option("main_deck_order", "choice", "shuffled",
           "Order of each player's 6 main cards after the draft: shuffled face down, or the order they were "
           "drafted in.", choices=("shuffled", "draft"), spec="§3.9, R3"),
    Option("action_deal", "choice", "pool24",
           "How the action cards are dealt: the 24 shuffled together and dealt 12 to each player. The spec "
           "gives no alternative.", choices=("pool24",), spec="§3.9, R4"),
    Option("action_order", "choice", "leader_first",
           "Who attaches action cards first: the player with the higher main score (the other answers), the "
           "player with the lower one, or alternating from round to round (the second chooser first).",
           choices=("leader_first", "alternate", "trailer_first"), spec="§3.9, R7"),
    Option("alliance_value", "int", -4,
           "Printed value of the Alliance card, the price of stealing two cards.", minimum=-10, maximum=5,
           spec="§3.9, R12"),
    Option("neutral_gates", "choice", "siege_claimable",
           "A gate left neutral by a tied duel can be taken by a siege winner, or stays void for the match.",
           choices=("siege_claimable", "void"), spec="§3.9, R23"),
    Option("first_chooser", "int", None,
           "Seat that chooses first in the pair draft (P0); null draws it from the seed.",
           minimum=0, maximum=1, nullable=True, spec="§3.2, R2"),
))
