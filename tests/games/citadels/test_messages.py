"""The English Citadels catalog covers every event, action, card, character, colour and phase."""

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
EVENT_TYPES = sorted(set(re.findall(r'Event\(\s*"(\w+)"', Path(rules.__file__).read_text(encoding="utf-8"))))
ACTION_TYPES = sorted(rules._HANDLERS)


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
    assert len(DISTRICTS) == 28 and len(CHARACTERS) == 8
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


def test_events_and_actions_of_real_games_render_for_every_receiver():
    """Random games with every player count: each event reads well for its own seat, another seat and a
    spectator, and private messages never show for a receiver who did not see the secret."""
    seen_types: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (4, 7), (4, 8)):
        rng = Rng.from_seed(seed)
        state = GAME.setup(players, seed, {"discard_mode": "discard_pile"} if seed % 2 else None)
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
    assert {"built", "character_chosen", "cards_drawn", "game_over"} <= seen_types


def test_private_messages_are_used_only_with_the_secret():
    public = CATALOG.event({"type": "cards_drawn", "seat": 1, "count": 2}, "en", players=["Ana", "Ben"])
    private = CATALOG.event({"type": "cards_drawn", "seat": 1, "count": 2, "cards": ["castle", "keep"]}, "en",
                            players=["Ana", "Ben"])
    assert public == "Ben draws 2 cards."
    assert private == "Ben draws Castle, Keep."
    assert CATALOG.event({"type": "character_chosen", "seat": 0}, "en") == "Player 1 chooses a character."
    assert CATALOG.event({"type": "character_chosen", "seat": 0, "character": "king"}, "en") == \
        "Player 1 chooses the King."
