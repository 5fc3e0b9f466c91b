"""Citadels game options (spec citadels §1.11, §1.12 and every [open] point of §2.5, §3 and §6).

Checks that depend on the number of players (the Queen needs 5+, 8 players need a rank-9 character...)
are made by `check_for_players`, called from `setup`. The command-line shortcuts (`--dark-city`,
`--characters`, `--districts`, `--short`) are the schema's `shortcuts`.
"""

from __future__ import annotations

from cetate.core.errors import InvalidOptions
from cetate.core.options import Option, OptionSchema, Shortcut
from cetate.games.citadels.data import (
    CHARACTER_IDS,
    CHARACTER_INDEX,
    DARK_CITY_CHARACTERS,
    DARK_CITY_DISTRICTS,
)

END_OF_TURN_EFFECTS = ("alchemist", "tax_collector", "poor_house", "park")
CHARACTER_PRESETS = ("classic", "replace_one", "replace_two", "replace_one_or_two")


def characters_shortcut(text: str) -> dict:
    """`--characters`: a preset (classic, replace_one, replace_two, replace_one_or_two), `dark_city` (its eight
    characters of ranks 1-8), or a comma-separated list of ids (spec §1.11)."""
    if text in CHARACTER_PRESETS:
        return {"character_preset": text, "characters": None}
    if text == "dark_city":
        return {"characters": list(DARK_CITY_CHARACTERS[:8])}
    return {"characters": [c.strip() for c in text.split(",") if c.strip()]}


def districts_shortcut(text: str) -> dict:
    """`--districts`: `none`, a number N or `random:N` (N random Dark City districts), or a comma-separated list
    of ids (spec §1.11)."""
    count = text.removeprefix("random:")
    if text == "none":
        return {"dark_city_districts": []}
    if count.isdigit():
        return {"random_dark_city_districts": int(count)}
    return {"dark_city_districts": [d.strip() for d in text.split(",") if d.strip()]}


SHORTCUTS = (
    Shortcut("dark-city", "Dark City: its 8 characters plus the Artist, and all its districts.",
             sets={"characters": [*DARK_CITY_CHARACTERS[:8], "artist"], "random_dark_city_districts": 14,
                   "ball_room": True}),
    Shortcut("characters", "classic, replace_one, replace_two, replace_one_or_two, dark_city, or a "
             "comma-separated list of ids such as witch,thief,magician,king,bishop,merchant,architect,warlord,"
             "artist.", parse=characters_shortcut),
    Shortcut("districts", "Dark City districts added: none, a number N (random ones), or a comma-separated "
             "list of ids such as museum,quarry,park.", parse=districts_shortcut),
    Shortcut("short", "Short game: cities are complete at 7 districts.", sets={"completion_size": 7}),
)

SCHEMA = OptionSchema((
    Option("discard_mode", "choice", "deck_bottom",
           "Where unkept draws, Magician and Laboratory discards, destroyed districts (Warlord, Armory) and "
           "a lost Museum's cards go: the bottom of the deck (FFG) or a discard pile that is shuffled into a "
           "new deck when the deck runs out (Czech rules).",
           choices=("deck_bottom", "discard_pile"), spec="§1.12, §1.13 #4-5"),
    Option("completion_size", "int", 8,
           "Number of districts that completes a city and triggers the end of the game (7 = the short game).",
           minimum=4, maximum=12, spec="§1.8, §1.11"),
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
           "When the Warlord destroys and the Diplomat exchanges: at the end of the turn (FFG), or at any "
           "moment of the turn (Czech rules).",
           choices=("end_of_turn", "any_time"), spec="§1.12, §1.13 #8"),
    Option("starting_seat", "int", None,
           "Seat that holds the crown in the first round; null picks one at random from the seed.",
           minimum=0, maximum=7, nullable=True, spec="§1.1 #3"),
    # -- Dark City: characters ------------------------------------------------------------------
    Option("characters", "list", None,
           "Explicit list of the characters in play, one per rank 1-8 and at most one rank-9 character "
           "(overrides character_preset and rank9); null uses the preset.",
           choices=CHARACTER_IDS, nullable=True, spec="§1.1 #4, §1.11"),
    Option("character_preset", "choice", "classic",
           "Characters when no explicit list is given: the 8 classic ones, or the classic ones with one, two, "
           "or one or two (at random) replaced by the Dark City character of the same rank.",
           choices=("classic", "replace_one", "replace_two", "replace_one_or_two"), spec="§1.11"),
    Option("rank9", "choice", "none",
           "Rank-9 character added to the preset: none, the Artist, the Queen (5+ players) or one at random.",
           choices=("none", "artist", "queen", "random"), spec="§1.3, §1.11"),
    # -- Dark City: districts -------------------------------------------------------------------
    Option("dark_city_districts", "list", [],
           "Dark City purple districts added to the deck by name. Up to 3 are simply added; each one beyond "
           "3 replaces a random base purple district.",
           choices=DARK_CITY_DISTRICTS, spec="§1.11, §2.3"),
    Option("random_dark_city_districts", "int", 0,
           "Number of further Dark City purples drawn at random from the seed (the Ball Room only when "
           "ball_room is true).",
           minimum=0, maximum=14, spec="§1.11"),
    Option("ball_room", "bool", False,
           "Allow the Ball Room among the random Dark City districts (it needs a 'thank you' step).",
           spec="§2.5 #16"),
    # -- [open] rulings ---------------------------------------------------------------------------
    Option("end_of_turn_order", "list", list(END_OF_TURN_EFFECTS),
           "Order of the end-of-turn effects after the Warlord's or Diplomat's move.",
           choices=END_OF_TURN_EFFECTS, spec="§1.5 step 5, §3 #13, §6 #9"),
    Option("tax_when_assassinated", "bool", False,
           "Whether an assassinated Tax Collector is still paid.", spec="§3 #11"),
    Option("emperor_assassinated", "choice", "crown_passes",
           "An assassinated Emperor: his player still passes the crown at the end of the round (no payment), "
           "or the crown does not move.",
           choices=("crown_passes", "no_move"), spec="§3 #15"),
    Option("queen_neighbour", "choice", "rank4_player",
           "The Queen is paid next to the player of the rank-4 character, or next to whoever receives the "
           "crown from the Emperor.",
           choices=("rank4_player", "crown_receiver"), spec="§3 #16, §6 #2"),
    Option("wizard_duplicates", "choice", "taken_card",
           "The Wizard's duplicate allowance: only the card he takes and builds at once, or any build that turn.",
           choices=("taken_card", "any_build"), spec="§1.6 Wizard, §6 #10"),
    Option("witch_passive_powers", "bool", True,
           "The Witch also gets the passive powers of her target (Bishop's protection, Tax Collector's tax).",
           spec="§3 #9"),
    Option("diplomat_completed_cities", "bool", True,
           "The Diplomat may exchange with a completed city.", spec="§3 #20"),
    Option("diplomat_duplicates", "bool", False,
           "The Diplomat's exchange may create a duplicate district in either city.", spec="§3 #20"),
    Option("diplomat_gives_keep", "bool", True,
           "The Diplomat may give his own Keep away.", spec="§2.5 #5"),
    Option("diplomat_great_wall", "choice", "taken_plus_one",
           "The Great Wall and the Diplomat: the taken district counts 1 more when its owner has a Great Wall, "
           "or the Great Wall does not change the exchange.",
           choices=("taken_plus_one", "ignore"), spec="§2.5 #2"),
    Option("graveyard_saves_itself", "bool", False,
           "A destroyed Graveyard may save itself.", spec="§2.5 #8"),
    Option("bell_tower_first", "choice", "all",
           "When the Bell Tower's announcement completes several cities at once: each counts as first (+4), "
           "or none of them gets the first-completer bonus.",
           choices=("all", "none"), spec="§2.5 #11, §6 #7"),
    Option("bell_tower_size", "choice", "minus_one",
           "Completion size after the Bell Tower's announcement: one less than the game's size, or always 7.",
           choices=("minus_one", "seven"), spec="§2.5 #12"),
    Option("hospital_districts", "bool", False,
           "An assassinated Hospital owner may also use district powers and end-of-turn district effects.",
           spec="§2.5 #13, §6 #8"),
    Option("first_bonus_requires_complete", "bool", False,
           "The +4 first-completer bonus requires the city to still be complete at the end.", spec="§3 #21"),
    Option("lighthouse_on_exchange", "bool", False,
           "A Lighthouse received through the Diplomat's exchange triggers its search.", spec="§2.5 #20"),
), SHORTCUTS)


def check_for_players(options: dict, players: int) -> None:
    """The option checks that depend on the number of players (spec §1.3, §1.11)."""
    chars = options["characters"]
    if chars is not None:
        ranks: dict[int, str] = {}
        for cid in chars:
            rank = CHARACTER_INDEX[cid].rank
            if rank in ranks:
                raise InvalidOptions("bad_characters", f"characters {ranks[rank]!r} and {cid!r} both have rank "
                                     f"{rank}; choose one character per rank", option="characters")
            ranks[rank] = cid
        missing = [r for r in range(1, 9) if r not in ranks]
        if missing:
            raise InvalidOptions("bad_characters", f"characters must include one character of each rank 1-8; "
                                 f"rank {missing[0]} is missing", option="characters")
        rank9 = ranks.get(9)
    else:
        rank9 = {"none": None, "artist": "artist", "queen": "queen", "random": "random"}[options["rank9"]]
    if rank9 is not None and players < 4:
        raise InvalidOptions("bad_characters", "a rank-9 character cannot be used with 2 or 3 players",
                             option="characters" if chars is not None else "rank9")
    if rank9 == "queen" and players < 5:
        raise InvalidOptions("bad_characters", "the Queen is only used with 5 or more players",
                             option="characters" if chars is not None else "rank9")
    if players == 8 and rank9 is None:
        raise InvalidOptions("bad_characters", "8 players need a rank-9 character (Artist or Queen)",
                             option="characters" if chars is not None else "rank9")
    extra = options["dark_city_districts"]
    if len(extra) + options["random_dark_city_districts"] > 14:
        raise InvalidOptions("bad_districts", "at most 14 Dark City districts exist",
                             option="random_dark_city_districts")
    if sorted(options["end_of_turn_order"]) != sorted(END_OF_TURN_EFFECTS):
        raise InvalidOptions("bad_option_value", "end_of_turn_order must list each of "
                             f"{', '.join(END_OF_TURN_EFFECTS)} once", option="end_of_turn_order")
