"""`Catalog.event` prefers `event.<type>.private` when the receiver saw every field it names."""

from __future__ import annotations

from pathlib import Path

from cetate.core.i18n import Catalog


def test_private_message_needs_all_its_fields(tmp_path: Path):
    (tmp_path / "en.toml").write_text('''
[event]
drew = "{seat:@player} draws."
"drew.private" = "{seat:@player} draws {cards:@card*} ({count})."
plain = "Nothing secret."

[event."peek.private"]
one = "{seat:@player} sees {count} card: {card}."
other = "{seat:@player} sees {count} cards: {card}."

[event.peek]
one = "{seat:@player} sees {count} card."
other = "{seat:@player} sees {count} cards."
''', encoding="utf-8")
    cat = Catalog(tmp_path)
    assert cat.event({"type": "drew", "seat": 0}) == "Player 1 draws."
    assert cat.event({"type": "drew", "seat": 0, "cards": ["a"]}) == "Player 1 draws."  # count missing
    assert cat.event({"type": "drew", "seat": 0, "cards": [], "count": 0}) == "Player 1 draws nothing (0)."
    assert cat.event({"type": "plain"}) == "Nothing secret."
    assert cat.event({"type": "peek", "seat": 1, "count": 1}) == "Player 2 sees 1 card."
    assert cat.event({"type": "peek", "seat": 1, "count": 2, "card": "x"}) == "Player 2 sees 2 cards: x."
