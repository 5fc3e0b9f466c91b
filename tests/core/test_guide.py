"""Guide headings: explicit section ids, accent-free slugs, and every translated guide keeping the English ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cetate.games as registry
from cetate.core.guide import slug, split_heading, strip_ids
from cetate.server.api import guide_sections


def test_slug_drops_accents_like_the_web_client():
    assert slug("Athéna") == "athena"
    assert slug("Cărțile speciale") == "cartile-speciale"
    assert slug("  Web table!  ") == "web-table"


def test_explicit_ids_are_split_off_and_stripped_for_printing():
    assert split_heading("Tah hráče {#turn}") == ("Tah hráče", "turn")
    assert split_heading("Setup") == ("Setup", None)
    assert strip_ids("## Tah {#turn}\ntext {#not-a-heading}\n### Sub {#sub}") == \
        "## Tah\ntext {#not-a-heading}\n### Sub"


def test_sections_use_the_id_and_keep_the_title_slug_as_an_alias():
    sections = guide_sections("## Tah hráče {#turn}\nJak se hraje.\n## Athéna\nKarty.\n")
    assert [(s["slug"], s["title"], s["aliases"]) for s in sections] == [
        ("turn", "Tah hráče", ["tah-hrace"]), ("athena", "Athéna", [])]


def _ids(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^##\s+(.*)$", line)
        if m:
            title, ident = split_heading(m.group(1))
            out.append(ident or slug(title))
    return out


@pytest.mark.parametrize("game", [g.id for g in registry.all()])
def test_translated_guides_keep_the_english_section_ids(game):
    folder = registry.get(game).guide_dir()
    english = _ids(Path(folder) / "en.md")
    for other in sorted(Path(folder).glob("*.md")):
        if other.name != "en.md":
            assert _ids(other) == english, other.name
