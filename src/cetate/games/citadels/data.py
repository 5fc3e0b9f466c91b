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


def base_deck() -> list[int]:
    """The 66 cards of the FFG classic deck, in table order (shuffled at setup)."""
    deck: list[int] = []
    for i, d in enumerate(DISTRICTS):
        if d.set == "base":
            deck.extend([i] * d.copies)
    return deck


class Character(NamedTuple):
    id: str
    rank: int
    income: int | None  # the colour whose districts pay this character, or None
    set: str


# spec citadels §1.6, base characters (the rank is also the calling order)
CHARACTERS: tuple[Character, ...] = (
    Character("assassin", 1, None, "base"),
    Character("thief", 2, None, "base"),
    Character("magician", 3, None, "base"),
    Character("king", 4, YELLOW, "base"),
    Character("bishop", 5, BLUE, "base"),
    Character("merchant", 6, GREEN, "base"),
    Character("architect", 7, None, "base"),
    Character("warlord", 8, RED, "base"),
)
CHARACTER_INDEX = {c.id: c for c in CHARACTERS}
BASE_ROSTER = tuple(c.id for c in CHARACTERS if c.set == "base")

ASSASSIN, THIEF, MAGICIAN, KING, BISHOP, MERCHANT, ARCHITECT, WARLORD = range(1, 9)

# spec citadels §1.3: face-up removals for 8 characters (rank 4, the King, is never face up)
FACE_UP_REMOVALS = {2: 0, 3: 0, 4: 2, 5: 1, 6: 0, 7: 0}
