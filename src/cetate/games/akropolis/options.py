"""Akropolis game options: length, Athena, the solo Architect, the five scoring variants (spec akropolis §1.8)
and the ambiguity flags F1-F10 of §1.11, each with the spec's recommended default.
"""

from __future__ import annotations

from cetate.core.errors import InvalidOptions
from cetate.core.options import Option, OptionSchema, Shortcut
from cetate.games.akropolis.data import ATHENA_CARDS

VARIANTS = ("variant_houses", "variant_markets", "variant_barracks", "variant_temples", "variant_gardens")

SHORTCUTS = (  # the command line's --athena, --variants, --long
    Shortcut("athena", "Add the Athena expansion (construction cards, small tiles, the statue).",
             sets={"athena": True}),
    Shortcut("variants", "All five scoring variants (houses, markets, barracks, temples, gardens).",
             sets=dict.fromkeys(VARIANTS, True)),
    Shortcut("long", "The long game with all 61 tiles (2 or 3 players).", sets={"long_game": True}),
)

SCHEMA = OptionSchema((
    Option("long_game", "bool", False,
           "Play with all 61 tiles: 19 stacks of 3 with 2 players, 14 stacks of 4 with 3 players (60 turns). "
           "Only for 2 or 3 players.", spec="§1.2"),
    Option("athena", "bool", False,
           "Add the Athena expansion: 4 construction cards, 16 small tiles under them and the statue.",
           spec="§1.9"),
    Option("athena_cards", "list", None,
           "The 4 construction cards to show (null draws 4 of the 18 at random).",
           choices=ATHENA_CARDS, nullable=True, spec="§1.9, §2.5"),
    Option("statue_stone_value", "int", 5,
           "Points per stone for a player who holds the whole statue (5 in the rules; lower it as a house rule).",
           minimum=1, maximum=10, spec="§1.7, §5"),
    Option("architect", "choice", "metagenes",
           "Solo only: the Illustrious Architect's level: Hippodamos (easy: each district 1 point), Metagenes "
           "(medium: also 2 points per quarry) or Callicrates (hard: each district 2 points).",
           choices=("hippodamos", "metagenes", "callicrates"), spec="§1.10"),
    Option("first_player", "int", None,
           "Seat of the first Chief Architect; null picks one at random from the seed (solo: you start).",
           minimum=0, maximum=3, nullable=True, spec="§1.2"),
    # -- the five scoring variants (§1.8) -----------------------------------------------------------
    Option("variant_houses", "bool", False,
           "Houses variant: the scoring house group's value is doubled when it is 10 or more.", spec="§1.8"),
    Option("variant_markets", "bool", False,
           "Markets variant: a scoring market next to a Market plaza counts double.", spec="§1.8"),
    Option("variant_barracks", "bool", False,
           "Barracks variant: a scoring barracks with 3 or more empty neighbours counts double.", spec="§1.8"),
    Option("variant_temples", "bool", False,
           "Temples variant: a scoring temple on level 2 or higher counts double.", spec="§1.8"),
    Option("variant_gardens", "bool", False,
           "Gardens variant: a garden next to a lake (an empty area closed in by the city) counts double.",
           spec="§1.8"),
    # -- flags F1-F10 (§1.11) -------------------------------------------------------------------------
    Option("house_tie", "choice", "size_then_value",
           "F1: the scoring house group is the one with the most hexes, ties going to the higher value; or "
           "simply the one with the highest value.",
           choices=("size_then_value", "value"), spec="§1.11 F1"),
    Option("barracks_edge", "choice", "outside",
           "F2: a barracks is on the edge when an empty neighbour is connected to the outside; or when any "
           "neighbour is empty, holes inside the city included.",
           choices=("outside", "any_empty"), spec="§1.11 F2"),
    Option("barracks_variant_count", "choice", "outside",
           "F3: the Barracks variant counts empty neighbours connected to the outside; or every empty "
           "neighbour.", choices=("outside", "any_empty"), spec="§1.11 F3"),
    Option("lake", "choice", "enclosed_region",
           "F4: a lake is any empty area closed in by the city, of one or more hexes; or only a single empty "
           "hex with six built neighbours.", choices=("enclosed_region", "single_hex"), spec="§1.11 F4"),
    Option("athena_recheck", "choice", "after_each_tile",
           "F5: the Athena cards are checked again after each small tile (a reward can complete another card); "
           "or only once, after the city tile. Completing a card is always optional.",
           choices=("after_each_tile", "city_tile_only"), spec="§1.11 F5"),
    Option("dual_hexes", "choice", "sides",
           "F6: a two-district small tile is two districts, each half touching its neighbours through its own "
           "three sides. The spec gives no alternative.", choices=("sides",), spec="§1.11 F6"),
    Option("card_centre", "choice", "built",
           "F7: the centre of Housing and City Market must be a built district or quarry (the card legend); or, "
           "leniently, Housing's centre may be any built hex and City Market's centre may even be empty.",
           choices=("built", "lenient"), spec="§1.11 F7"),
    Option("long_three_player_stacks", "int", 14,
           "F8: stacks in the long 3-player game. 14 (the '15' of one rulebook is a misprint: 15 stacks of 4 "
           "plus 5 tiles would need 65 tiles).", minimum=14, maximum=14, spec="§1.11 F8"),
    Option("stone_supply", "int", None,
           "F9: stones in the game: null for an unlimited supply, or a number such as 40 (the cubes in the box). "
           "The supply is what the players (and the Architect) do not hold; nobody gains stones from an empty "
           "supply.", minimum=0, maximum=200, nullable=True, spec="§1.11 F9"),
    Option("final_tie", "choice", "shared",
           "F10: players still tied after comparing stones share the victory. The spec gives no alternative.",
           choices=("shared",), spec="§1.11 F10"),
), SHORTCUTS)


def check_for_players(options: dict, players: int) -> None:
    if options["long_game"] and players not in (2, 3):
        raise InvalidOptions("bad_option_value", "the long game (option 'long_game') is for 2 or 3 players only",
                             option="long_game")
    cards = options["athena_cards"]
    if cards is not None and len(cards) != 4:
        raise InvalidOptions("bad_option_value",
                             f"option 'athena_cards' must name exactly 4 different cards, not {len(cards)}",
                             option="athena_cards")
    if cards is not None and not options["athena"]:
        raise InvalidOptions("bad_option_value", "option 'athena_cards' needs option 'athena' set to true",
                             option="athena_cards")
    first = options["first_player"]
    if first is not None and first >= players:
        raise InvalidOptions("bad_option_value",
                             f"option 'first_player' must be a seat from 0 to {players - 1}", option="first_player")
