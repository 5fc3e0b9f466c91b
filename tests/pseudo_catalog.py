"""A marked test translation for the "every text comes from the catalogs" checks of the command line.

`write_pseudo_catalog(folder, lang, catalogs)` writes `<lang>.toml` holding every English message of the
given catalogs wrapped in ⟪ ⟫ (placeholders kept); `outside_catalog(output)` is what is left of a screen once
every marked text is taken out: any letter left there was not written through a catalog.
"""

from __future__ import annotations

import json
import re
from pathlib import Path


def write_pseudo_catalog(folder: Path, lang: str, catalogs) -> None:
    messages: dict = {}
    for catalog in catalogs:
        messages.update({k: catalog.raw(k, "en")[0] for k in catalog.keys("en")})

    def wrap(text: str) -> str:
        return json.dumps(f"⟪{text}⟫", ensure_ascii=False)

    lines, tables = [], []
    for key, value in sorted(messages.items()):
        if isinstance(value, dict):
            tables.append(f"[{json.dumps(key)}]")
            tables += [f"{form} = {json.dumps(v) if form == '_count' else wrap(v)}" for form, v in value.items()]
        else:
            lines.append(f"{json.dumps(key)} = {wrap(value)}")
    folder.mkdir()
    (folder / f"{lang}.toml").write_text("\n".join(lines + tables) + "\n", encoding="utf-8")


def outside_catalog(text: str) -> str:
    """What is left of an output once every catalog text (⟪...⟫, possibly nested) is taken out."""
    while True:
        shorter = re.sub(r"⟪[^⟪⟫]*⟫", "", text)
        if shorter == text:
            return text
        text = shorter
