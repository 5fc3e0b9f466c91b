"""Citadels card data: districts and characters as tables (spec citadels §1.6, §2.1-§2.3).

Cards are held in states as small integers (indexes into DISTRICTS); JSON documents use the ids.
"""

from __future__ import annotations

from typing import NamedTuple

COLOURS = ("yellow", "blue", "green", "red", "purple")
YELLOW, BLUE, GREEN, RED, PURPLE = range(5)


class District(NamedTuple):
    id: str
    colour: int
    cost: int
    score: int  # points at the end (spec §1.9: University and Dragon Gate cost 6, score 8)
    copies: int
    set: str  # "base" (FFG classic, 66 cards) or "dark_city"


# spec citadels §2.1 (base deck, 66 cards) and §2.3 (Dark City purples, kept here for the expansion)
DISTRICTS: tuple[District, ...] = (
    District("manor", YELLOW, 3, 3, 5, "base"),
    District("castle", YELLOW, 4, 4, 4, "base"),
    District("palace", YELLOW, 5, 5, 3, "base"),
    District("temple", BLUE, 1, 1, 3, "base"),
    District("church", BLUE, 2, 2, 3, "base"),
    District("monastery", BLUE, 3, 3, 3, "base"),
    District("cathedral", BLUE, 5, 5, 2, "base"),
    District("tavern", GREEN, 1, 1, 5, "base"),
    District("market", GREEN, 2, 2, 4, "base"),
    District("trading_post", GREEN, 2, 2, 3, "base"),
    District("docks", GREEN, 3, 3, 3, "base"),
    District("harbor", GREEN, 4, 4, 3, "base"),
    District("town_hall", GREEN, 5, 5, 2, "base"),
    District("watchtower", RED, 1, 1, 3, "base"),
    District("prison", RED, 2, 2, 3, "base"),
    District("battlefield", RED, 3, 3, 3, "base"),
    District("fortress", RED, 5, 5, 2, "base"),
    District("haunted_city", PURPLE, 2, 2, 1, "base"),
    District("keep", PURPLE, 3, 3, 2, "base"),
    District("laboratory", PURPLE, 5, 5, 1, "base"),
    District("smithy", PURPLE, 5, 5, 1, "base"),
    District("observatory", PURPLE, 5, 5, 1, "base"),
    District("graveyard", PURPLE, 5, 5, 1, "base"),
    District("dragon_gate", PURPLE, 6, 8, 1, "base"),
    District("university", PURPLE, 6, 8, 1, "base"),
    District("library", PURPLE, 6, 6, 1, "base"),
    District("great_wall", PURPLE, 6, 6, 1, "base"),
    District("school_of_magic", PURPLE, 6, 6, 1, "base"),
    # spec §2.3: the 14 Dark City purples
    District("lighthouse", PURPLE, 3, 3, 1, "dark_city"),
    District("armory", PURPLE, 3, 3, 1, "dark_city"),
    District("museum", PURPLE, 4, 4, 1, "dark_city"),
    District("imperial_treasury", PURPLE, 4, 4, 1, "dark_city"),
    District("map_room", PURPLE, 5, 5, 1, "dark_city"),
    District("wishing_well", PURPLE, 5, 5, 1, "dark_city"),
    District("quarry", PURPLE, 5, 5, 1, "dark_city"),
    District("poor_house", PURPLE, 5, 5, 1, "dark_city"),
    District("bell_tower", PURPLE, 5, 5, 1, "dark_city"),
    District("factory", PURPLE, 6, 6, 1, "dark_city"),
    District("park", PURPLE, 6, 6, 1, "dark_city"),
    District("hospital", PURPLE, 6, 6, 1, "dark_city"),
    District("throne_room", PURPLE, 6, 6, 1, "dark_city"),
    District("ball_room", PURPLE, 6, 6, 1, "dark_city"),
)

DISTRICT_IDS = tuple(d.id for d in DISTRICTS)
DISTRICT_INDEX = {d.id: i for i, d in enumerate(DISTRICTS)}
COST = tuple(d.cost for d in DISTRICTS)
SCORE = tuple(d.score for d in DISTRICTS)
COLOUR = tuple(d.colour for d in DISTRICTS)


def _idx(name: str) -> int:
    return DISTRICT_INDEX[name]


HAUNTED_CITY = _idx("haunted_city")
KEEP = _idx("keep")
LABORATORY = _idx("laboratory")
SMITHY = _idx("smithy")
OBSERVATORY = _idx("observatory")
GRAVEYARD = _idx("graveyard")
DRAGON_GATE = _idx("dragon_gate")
UNIVERSITY = _idx("university")
LIBRARY = _idx("library")
GREAT_WALL = _idx("great_wall")
SCHOOL_OF_MAGIC = _idx("school_of_magic")
LIGHTHOUSE = _idx("lighthouse")
ARMORY = _idx("armory")
MUSEUM = _idx("museum")
IMPERIAL_TREASURY = _idx("imperial_treasury")
MAP_ROOM = _idx("map_room")
WISHING_WELL = _idx("wishing_well")
QUARRY = _idx("quarry")
POOR_HOUSE = _idx("poor_house")
BELL_TOWER = _idx("bell_tower")
FACTORY = _idx("factory")
PARK = _idx("park")
HOSPITAL = _idx("hospital")
THRONE_ROOM = _idx("throne_room")
BALL_ROOM = _idx("ball_room")
BASE_PURPLES = tuple(i for i, d in enumerate(DISTRICTS) if d.set == "base" and d.colour == PURPLE)
DARK_CITY_DISTRICTS = tuple(d.id for d in DISTRICTS if d.set == "dark_city")


_BASE_DECK = tuple(i for i, d in enumerate(DISTRICTS) if d.set == "base" for _ in range(d.copies))


def base_deck() -> list[int]:
    """The 66 cards of the FFG classic deck, in table order (shuffled at setup)."""
    return list(_BASE_DECK)


class Character(NamedTuple):
    code: int  # stable small integer used inside states (base characters: their rank)
    id: str
    rank: int
    income: int | None  # the colour whose districts pay this character, or None
    set: str


# spec citadels §1.6: the 8 base characters (code = rank) and the 10 Dark City characters
CHARACTERS: tuple[Character, ...] = (
    Character(1, "assassin", 1, None, "base"),
    Character(2, "thief", 2, None, "base"),
    Character(3, "magician", 3, None, "base"),
    Character(4, "king", 4, YELLOW, "base"),
    Character(5, "bishop", 5, BLUE, "base"),
    Character(6, "merchant", 6, GREEN, "base"),
    Character(7, "architect", 7, None, "base"),
    Character(8, "warlord", 8, RED, "base"),
    Character(11, "witch", 1, None, "dark_city"),
    Character(12, "tax_collector", 2, None, "dark_city"),
    Character(13, "wizard", 3, None, "dark_city"),
    Character(14, "emperor", 4, YELLOW, "dark_city"),
    Character(15, "abbot", 5, BLUE, "dark_city"),
    Character(16, "alchemist", 6, None, "dark_city"),
    Character(17, "navigator", 7, None, "dark_city"),
    Character(18, "diplomat", 8, RED, "dark_city"),
    Character(19, "artist", 9, None, "dark_city"),
    Character(20, "queen", 9, None, "dark_city"),
)
CHARACTER_INDEX = {c.id: c for c in CHARACTERS}
CHARACTER_BY_CODE = {c.code: c for c in CHARACTERS}
CHARACTER_IDS = tuple(c.id for c in CHARACTERS)
BASE_ROSTER = tuple(c.id for c in CHARACTERS if c.set == "base")
DARK_CITY_CHARACTERS = tuple(c.id for c in CHARACTERS if c.set == "dark_city")

ASSASSIN, THIEF, MAGICIAN, KING, BISHOP, MERCHANT, ARCHITECT, WARLORD = range(1, 9)
WITCH, TAX_COLLECTOR, WIZARD, EMPEROR, ABBOT, ALCHEMIST, NAVIGATOR, DIPLOMAT, ARTIST, QUEEN = range(11, 21)

# spec citadels §1.3: face-up removals (rank 4, King or Emperor, is never face up); with a rank-9 character
FACE_UP_REMOVALS = {2: 0, 3: 0, 4: 2, 5: 1, 6: 0, 7: 0}
FACE_UP_REMOVALS_RANK9 = {4: 3, 5: 2, 6: 1, 7: 0, 8: 0}
