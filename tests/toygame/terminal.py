"""How `cetate play` draws Pebbles (its `Terminal` part): the pile, the hints from the engine's notes, takes
typed as "take N"."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from cetate.core.i18n import Catalog


def table(view: dict, catalog: Catalog, lang: str, names: list[str], seat: int | None) -> Group:
    rule = "screen.rule_misere" if view["misere"] else "screen.rule"
    lines = [Text(catalog.text("screen.pile", lang, count=view["stones"]), style="bold"),
             Text("● " * view["stones"]),
             Text(catalog.text(rule, lang, max_take=view["max_take"]), style="dim")]
    for p, taken in enumerate(view["taken"]):
        lines.append(Text(catalog.text("screen.taken", lang, players=names, seat=p, count=taken)))
    return Group(*lines)


def hint(view: dict, action: dict, catalog: Catalog, lang: str, note: dict | None = None) -> str:
    if not note:
        return ""
    key = "screen.hint.wins" if note["wins"] else "screen.hint.left"
    return catalog.text(key, lang, count=note["left"])


def parse(text: str, legal: list[dict]) -> dict | None:
    words = text.lower().split()
    if len(words) == 2 and words[0] == "take" and words[1].isdigit():
        return {"type": "take", "count": int(words[1])}
    return None


def short(action: dict, catalog: Catalog, lang: str) -> str | None:
    return f"take {action['count']}"
