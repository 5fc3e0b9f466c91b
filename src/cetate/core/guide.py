"""Rules guides: headings, section ids and slugs shared by `cetate rules` and the web guide panel, and the
passages and option names each of the two shows its own way (`for_reader`).

A heading may end with an explicit id, `## Tah hráče {#turn}`: translated guides give their sections the same
ids as the English one, so a game module can open "the turn section" in any language. Without an id, the
section's id is the slug of its title. Slugs drop accents (`Athéna` -> `athena`), like the web client's.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

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


# -- one guide, two readers -----------------------------------------------------------------------------------
# The guide files serve both the terminal (`cetate rules`) and the web client. A passage for one reader only is
# marked `<!--terminal-->...<!--/terminal-->` or `<!--web-->...<!--/web-->` (inline or over several lines);
# an option is named `{option:warlord_timing}` and one of its values `{value:warlord_timing=any_time}` (a list
# option's value: its items with commas, `{value:end_of_turn_order=park,alchemist}`; empty: `{value:characters=}`):
# the terminal shows the ids people type (`-o warlord_timing=any_time`), the web the words of the new-table form.
_ONLY = re.compile(r"<!--\s*(web|terminal)\s*-->(.*?)<!--\s*/\1\s*-->", re.S)
_TOKEN = re.compile(r"\{(option|value):([a-z0-9_]+)(?:=([^}\s]*))?\}")
_GONE = "\x00"  # marks the place of a passage dropped, to drop the line it leaves empty


def for_reader(markdown: str, reader: str, words: Callable[[str, str | None], str] | None = None) -> str:
    """The guide as `reader` ("terminal" or "web") shows it. `words(option, value)` gives the web's Markdown for an
    option (`value` None) or one of its values; without it (and for the terminal) ids are shown as code."""
    text = _ONLY.sub(lambda m: m.group(2) if m.group(1) == reader else _GONE, markdown)
    lines = [line for line in text.split("\n") if not (_GONE in line and not line.replace(_GONE, "").strip())]
    text = re.sub(r" ?\x00", "", "\n".join(lines))

    def token(m: re.Match) -> str:
        option, value = m.group(2), m.group(3) if m.group(1) == "value" else None
        if reader == "terminal" or words is None:
            if value is not None and ("," in value or value == ""):  # a list option's value, as JSON
                return "`[" + ", ".join(f'"{v}"' for v in value.split(",") if v) + "]`"
            return f"`{option if value is None else value}`"
        return words(option, value)

    return _TOKEN.sub(token, text)


def option_words(catalog, lang: str, game_id: str, options: list[dict]) -> Callable[[str, str | None], str]:
    """`words` for the web reader: an option's label and its values' labels, as the new-table form shows them
    (the keys `web.<game>.option.<name>.label` and `....choice.<value>` of the game's catalog)."""
    kinds = {o["name"]: o for o in options}

    def words(option: str, value: str | None) -> str:
        base = f"web.{game_id}.option.{option}"
        if value is None:
            label = catalog.text(f"{base}.label", lang) if catalog.has(f"{base}.label") else option.replace("_", " ")
            return f"*{label}*"
        if kinds.get(option, {}).get("type") == "list":
            items = [v for v in value.split(",") if v]
            if not items:
                return f"*{catalog.text('web.guide.value.empty', lang)}*"
            if all(catalog.has(f"{base}.choice.{v}") for v in items):
                return "*" + ", ".join(catalog.text(f"{base}.choice.{v}", lang) for v in items) + "*"
        for key in (f"{base}.choice.{value}", f"web.guide.value.{value}"):
            if catalog.has(key):
                return f"*{catalog.text(key, lang)}*"
        if value == "null":
            kind = kinds.get(option, {}).get("type")
            key = f"{base}.none" if catalog.has(f"{base}.none") else "web.new.no_limit" if kind == "int" \
                else "web.new.use_default"
            return f"*{catalog.text(key, lang)}*"
        if re.fullmatch(r"[−-]?\d+", value):
            return value
        return f"*{value.replace('_', ' ').capitalize()}*"  # a name without a label of its own (the Architect's)

    return words
