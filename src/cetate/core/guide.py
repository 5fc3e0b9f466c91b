"""Rules guides: headings, section ids and slugs shared by `cetate rules` and the web guide panel.

A heading may end with an explicit id, `## Tah hráče {#turn}`: translated guides give their sections the same
ids as the English one, so a game module can open "the turn section" in any language. Without an id, the
section's id is the slug of its title. Slugs drop accents (`Athéna` -> `athena`), like the web client's.
"""

from __future__ import annotations

import re
import unicodedata

_ID = re.compile(r"\s*\{#([A-Za-z0-9_-]+)\}\s*$")


def slug(text: str) -> str:
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def split_heading(text: str) -> tuple[str, str | None]:
    """(title without the `{#id}` suffix, the explicit id or None)."""
    match = _ID.search(text)
    if match is None:
        return text.strip(), None
    return text[:match.start()].strip(), match.group(1).lower()


def strip_ids(markdown: str) -> str:
    """The markdown with every heading's `{#id}` suffix removed (for printing)."""
    return re.sub(r"^(#{1,6}\s.*?)\s*\{#[A-Za-z0-9_-]+\}\s*$", r"\1", markdown, flags=re.M)
