"""The English Citadels catalog covers every event, action, card, character, colour, phase and score part."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cetate.core.i18n import Catalog
from cetate.core.rng import Rng
from cetate.games import get
from cetate.games.citadels import rules
from cetate.games.citadels.data import CHARACTERS, COLOURS, DISTRICTS
from cetate.games.citadels.state import PHASES

GAME = get("citadels")
CATALOG = Catalog(GAME.messages_dir())
# the rules are split by concern (rules.py's docstring): every module of the package may emit events, as
# `Event("type", ...)` or, on the hot paths, as the tuple `ev.append(("type", ...))` (core/events.py, Events)
EVENT_TYPES = sorted({t for path in Path(rules.__file__).parent.glob("*.py")
                      for t in re.findall(r'(?:Event\(|ev\.append\(\()\s*"(\w+)"',
                                          path.read_text(encoding="utf-8"))})
ACTION_TYPES = sorted(rules.ACTION_TYPES)


def test_the_engine_emits_events_we_found():
    assert len(EVENT_TYPES) >= 30 and "built" in EVENT_TYPES


@pytest.mark.parametrize("event_type", EVENT_TYPES)
def test_every_event_type_has_an_english_message(event_type):
    assert CATALOG.has(f"event.{event_type}", "en")


@pytest.mark.parametrize("action_type", ACTION_TYPES)
def test_every_action_type_has_an_english_label(action_type):
    assert CATALOG.has(f"action.{action_type}", "en")


def test_every_card_character_colour_and_phase_has_a_name():
    keys = CATALOG.keys("en")
    assert len(DISTRICTS) == 42 and len(CHARACTERS) == 18  # base game and Dark City
    for d in DISTRICTS:
        assert f"card.{d.id}" in keys
        if COLOURS[d.colour] == "purple":
            assert f"help.card.{d.id}" in keys
    for c in CHARACTERS:
        assert f"character.{c.id}" in keys and f"help.character.{c.id}" in keys
    for colour in COLOURS:
        assert f"colour.{colour}" in keys
    for phase in PHASES:
        assert f"phase.{phase}" in keys


def _clean(text: str) -> bool:
    return "?" not in text and "{" not in text and not text.startswith(("event.", "action.", "card.", "character."))


def _check_random_game(players: int, seed: int, options: dict | None, seen_types: set[str]) -> None:
    """Play a random game: each event reads well for its own seat, another seat and a spectator, and
    private messages never show for a receiver who did not see the secret."""
    rng = Rng.from_seed(seed)
    state = GAME.setup(players, seed, options)
    while GAME.to_move(state) is not None:
        legal = GAME.legal_actions(state)
        for action in legal:
            label = CATALOG.text(f"action.{action['type']}", "en",
                                 **{k: v for k, v in action.items() if k != "type"})
            assert _clean(label), (action, label)
        for event in GAME.apply(state, legal[rng.below(len(legal))]):
            seen_types.add(event.type)
            for receiver in (None, *range(players)):
                doc = GAME.event_view(event, receiver)
                text = CATALOG.event(doc, "en")
                assert _clean(text), (doc, text)
                if event.secret is not None and (receiver is None or receiver not in event.seats):
                    # a seat that did not see the secret gets the public sentence, built from public data
                    assert text == CATALOG.text(f"event.{event.type}", "en", **event.data), (doc, text)


def test_events_and_actions_of_real_games_render_for_every_receiver():
    """Random classic games with every player count."""
    seen_types: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (4, 7), (4, 8)):
        _check_random_game(players, seed, {"discard_mode": "discard_pile"} if seed % 2 else None, seen_types)
    assert {"built", "character_chosen", "cards_drawn", "game_over"} <= seen_types


DARK_CITY_ROSTERS = (
    ("witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat", "queen"),
    ("assassin", "tax_collector", "wizard", "emperor", "bishop", "alchemist", "navigator", "diplomat", "artist"),
    ("witch", "thief", "magician", "king", "abbot", "merchant", "architect", "warlord", "artist"),
    ("assassin", "thief", "wizard", "king", "bishop", "merchant", "navigator", "warlord", "queen"),
)


def test_dark_city_games_render_for_every_receiver():
    """Random games with Dark City characters and all 14 Dark City districts."""
    seen_types: set[str] = set()
    seed = 0
    for roster in DARK_CITY_ROSTERS:
        for players in (5, 6, 8) if roster[-1] == "queen" else (4, 5, 7, 8):
            seed += 1
            options = {"characters": list(roster), "random_dark_city_districts": 14, "ball_room": True,
                       "discard_mode": "discard_pile" if seed % 2 else "deck_bottom"}
            _check_random_game(players, seed, options, seen_types)
    assert {"bewitched", "wizard_looks", "crown_moved", "built", "game_over"} <= seen_types


def test_private_messages_are_used_only_with_the_secret():
    public = CATALOG.event({"type": "cards_drawn", "seat": 1, "count": 2}, "en", players=["Ana", "Ben"])
    private = CATALOG.event({"type": "cards_drawn", "seat": 1, "count": 2, "cards": ["castle", "keep"]}, "en",
                            players=["Ana", "Ben"])
    assert public == "Ben draws 2 cards."
    assert private == "Ben draws Castle, Keep."
    assert CATALOG.event({"type": "character_chosen", "seat": 0}, "en") == "Player 1 chooses a character."
    assert CATALOG.event({"type": "character_chosen", "seat": 0, "character": "king"}, "en") == \
        "Player 1 chooses the King."


def test_every_score_part_has_a_name():
    """The score table's columns, and each source of `extras` (points some purple districts add)."""
    keys = CATALOG.keys("en")
    for part in ("districts", "all_colours", "first_complete", "complete", "extras", "gold", "total", "rank"):
        assert f"score.{part}" in keys
    for source in ("imperial_treasury", "map_room", "wishing_well", "museum"):
        assert f"score.extra.{source}" in keys


@pytest.mark.parametrize("action", [
    {"type": "bewitch", "character": "king"},
    {"type": "wizard", "target": 1},
    {"type": "wizard_take", "card": "castle"},
    {"type": "wizard_build", "card": "castle"},
    {"type": "crown", "target": 1},
    {"type": "tribute_card", "card": "castle"},
    {"type": "exchange", "give": "temple", "target": 1, "take": "castle"},
    {"type": "beautify", "card": "castle"},
    {"type": "museum", "card": "castle"},
    {"type": "armory", "target": 1, "card": "castle"},
    {"type": "lighthouse_take", "card": "castle"},
])
def test_dark_city_action_labels_use_their_parameters(action):
    label = CATALOG.text(f"action.{action['type']}", "en", players=["Ana", "Ben"],
                         **{k: v for k, v in action.items() if k != "type"})
    assert _clean(label), label
    for key, value in action.items():
        if key == "type":
            continue
        name = "Ben" if key == "target" else CATALOG.text(f"{'character' if key == 'character' else 'card'}.{value}")
        assert name in label, (key, label)


def test_dark_city_events_read_well_public_and_private():
    names = ["Ana", "Ben", "Cy"]

    def say(doc: dict) -> str:
        text = CATALOG.event(doc, "en", players=names)
        assert _clean(text), (doc, text)
        return text

    assert say({"type": "tribute_paid", "seat": 1, "to": 0, "gold": 1}) == "Ben pays tribute to Ana."
    assert say({"type": "tribute_paid", "seat": 1, "to": 0, "cards": 1}) == "Ben pays tribute to Ana."
    assert say({"type": "tribute_paid", "seat": 1, "to": 0, "cards": 1, "card": "park"}) == \
        "Ben gives the Park to Ana as tribute."
    assert say({"type": "wizard_took", "seat": 0, "target": 2}) == "Ana takes a card from the hand of Cy."
    assert say({"type": "wizard_took", "seat": 0, "target": 2, "card": "keep"}) == \
        "Ana takes the Keep from the hand of Cy."
    assert say({"type": "museum_stored", "seat": 2, "count": 1}) == \
        "Cy puts a card under the Museum (1 card there now)."
    assert say({"type": "museum_stored", "seat": 2, "count": 3, "card": "manor"}) == \
        "Cy puts the Manor under the Museum."
    assert say({"type": "park", "seat": 0, "count": 2}).endswith("draws 2 cards thanks to the Park.")
    assert say({"type": "park", "seat": 0, "count": 2, "cards": ["keep", "park"]}).endswith(
        "draws Keep, Park thanks to the Park.")
    assert "Temple" in say({"type": "exchanged", "seat": 0, "target": 1, "give": "temple", "take": "castle",
                            "paid": 3})
    assert say({"type": "crown_moved", "seat": 2, "previous": 0, "reason": "emperor"}) == \
        "The crown passes to Cy."
