"""The construction site's positions as players count them (issue 32 item 3): the view gives each site tile
its `position` from 1 (1 is the free one) beside its cost, and a take is labelled with that position, the tile
and the cost, in every language, for the terminal (`describe_action`) as for the browser."""

from __future__ import annotations

from cetate.cli.base import action_label
from cetate.core.i18n import LANGUAGES, Catalog
from cetate.games import get

GAME = get("akropolis")


def test_view_positions_count_from_one():
    s = GAME.setup(3, 4)
    view = GAME.view(s, 0)
    assert [t["position"] for t in view["site"]] == list(range(1, len(view["site"]) + 1))
    assert [t["cost"] for t in view["site"]] == [t["position"] - 1 for t in view["site"]]


def test_a_take_is_labelled_with_its_position_tile_and_cost():
    s = GAME.setup(2, 1)
    catalog = Catalog(GAME.messages_dir())
    names = ["Ann", "Bob"]
    site = GAME.view(s, 0)["site"]
    for a in GAME.legal_actions(s):
        if a["type"] != "take":
            continue
        tile = site[a["site"]]
        described = GAME.describe_action(s, a)
        assert described["tile"] == tile["id"] and described["cost"] == tile["cost"]
        assert described["position"] == tile["position"]
        for lang in LANGUAGES:
            text = action_label(GAME, s, a, catalog, lang, names)
            assert "?" not in text and "{" not in text, (lang, text)
            assert str(tile["id"]) in text
            if tile["cost"]:
                assert str(tile["position"]) in text
    assert catalog.text("action.take", "en", tile=9, position=2, cost=1) == "Take tile 9 from position 2 (1 stone)"
