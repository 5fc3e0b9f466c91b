"""The notes that call a legal move void (games/citadels/notes.py, issue 32 item 4): naming a character set
aside face up wastes the Assassin's, the Thief's or the Witch's power (spec §1.6), so the note says so and the
page offers it disabled with the message `void.<code>`. Only face-up characters are marked: a face-down one
is never told apart (hidden information)."""

from __future__ import annotations

import random

import pytest

from cetate.core.i18n import LANGUAGES, Catalog
from cetate.games.citadels import notes
from tests.games.citadels.scenario import GAME

DARK = {"characters": ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat",
                       "artist"], "random_dark_city_districts": 14, "ball_room": True}
POWERS = ("assassinate", "steal", "bewitch")


@pytest.mark.parametrize(("players", "options"), [(4, None), (5, DARK), (5, None)])
def test_void_exactly_for_the_face_up_characters(players, options):
    seen = 0
    for seed in range(6):
        s = GAME.setup(players, seed, options)
        rnd = random.Random(seed)
        while (seat := GAME.to_move(s)) is not None:
            legal = GAME.legal_actions(s)
            face_up = set(GAME.view(s, seat)["characters"]["face_up"])
            for a, note in zip(legal, GAME.annotate(s, seat, legal), strict=True):
                if a["type"] in POWERS:
                    assert note == ({"void": "face_up"} if a["character"] in face_up else {}), (a, note, face_up)
                    seen += a["character"] in face_up
                else:
                    assert "void" not in note
            GAME.apply(s, rnd.choice(legal))
    assert seen, "no face-up target met"


def test_every_void_code_has_its_message_in_every_language():
    catalog = Catalog(GAME.messages_dir())
    for code in notes.VOID_CODES:
        for lang in LANGUAGES:
            assert catalog.has(f"void.{code}", lang), (code, lang)
