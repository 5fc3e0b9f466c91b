"""Message catalogs: every sentence people read is rendered here, never built by the engines.

Catalog files are TOML, one per language (`en.toml`, `cs.toml`, `pt.toml`, `ro.toml`, `ko.toml`), in the
core `messages/` folder and in each game's `messages/` folder. A key maps either to a string or to a table
of CLDR plural forms (`zero`, `one`, `two`, `few`, `many`, `other`) chosen with Babel's plural rules, so
Czech (one / few / many / other) and Korean (other only) work with the same format:

    [event.cards_drawn]
    _count = "count"        # which parameter selects the plural form (default: "count")
    one = "{seat:@player} draws {count} card"
    other = "{seat:@player} draws {count} cards"

Placeholders use Python format syntax with references:
    {seat:@player}      the name of a seat (from the `players` list the caller passes)
    {card:@card}        the catalog entry `card.<value>` (a card's name in this language)
    {cards:@card*}      a list, each item looked up, joined with ", "
    {seats:@player*}    a list of seat names
Missing languages and keys fall back to English, then to the key itself.
"""

from __future__ import annotations

import string
import tomllib
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale

LANGUAGES = ("en", "cs", "pt", "ro", "ko")
DEFAULT_LANGUAGE = "en"
CORE_MESSAGES = Path(__file__).with_name("messages")
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_category(lang: str, n: int | float) -> str:
    """The CLDR plural category of `n` in `lang` ("one", "few", "many", "other", ...)."""
    try:
        return _locale(lang).plural_form(abs(n))
    except Exception:  # unknown language: English rules
        return "one" if n == 1 else "other"


def _flatten(prefix: str, table: dict, out: dict) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict) and not (set(value) - set(PLURAL_FORMS) - {"_count"}):
            out[full] = value  # a plural table
        elif isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = value


@lru_cache(maxsize=64)
def _load_file(path: str) -> dict[str, Any]:
    p = Path(path)
    if not p.exists():
        return {}
    with p.open("rb") as fh:
        raw = tomllib.load(fh)
    out: dict[str, Any] = {}
    _flatten("", raw, out)
    return out


class _Formatter(string.Formatter):
    def __init__(self, catalog: Catalog, lang: str, players: list[str] | None) -> None:
        self.catalog = catalog
        self.lang = lang
        self.players = players

    def _ref(self, kind: str, value: Any) -> str:
        if kind == "player":
            if self.players is not None and isinstance(value, int) and 0 <= value < len(self.players):
                return self.players[value]
            return self.catalog.text("player.default", self.lang, number=(value + 1) if isinstance(value, int) else value)
        return self.catalog.text(f"{kind}.{value}", self.lang)

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("@"):
            kind = format_spec[1:]
            if kind.endswith("*"):
                items = value if isinstance(value, list | tuple) else [value]
                sep = self.catalog.text("list.separator", self.lang)
                return sep.join(self._ref(kind[:-1], v) for v in items) if items else self.catalog.text("list.empty", self.lang)
            return self._ref(kind, value)
        return super().format_field(value, format_spec)


class Catalog:
    """The merged messages of some folders (core first, then a game's), in every language."""

    def __init__(self, *folders: Path | str | None) -> None:
        self.folders = [Path(CORE_MESSAGES)] + [Path(f) for f in folders if f is not None]

    def _messages(self, lang: str) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for folder in self.folders:
            merged.update(_load_file(str(folder / f"{lang}.toml")))
        return merged

    def has(self, key: str, lang: str = DEFAULT_LANGUAGE) -> bool:
        return key in self._messages(lang)

    def keys(self, lang: str = DEFAULT_LANGUAGE) -> set[str]:
        return set(self._messages(lang))

    def raw(self, key: str, lang: str) -> Any:
        for candidate in (lang, DEFAULT_LANGUAGE):
            messages = self._messages(candidate)
            if key in messages:
                return messages[key], candidate
        return None, lang

    def text(self, key: str, lang: str = DEFAULT_LANGUAGE, players: list[str] | None = None, **params: Any) -> str:
        """Render `key` in `lang` with `params`. Never raises for a missing key or parameter."""
        template, used_lang = self.raw(key, lang)
        if template is None:
            return key
        if isinstance(template, dict):
            count_name = template.get("_count", "count")
            n = params.get(count_name, 0)
            form = plural_category(used_lang, n if isinstance(n, int | float) else 0)
            template = template.get(form, template.get("other", key))
        try:
            return _Formatter(self, used_lang, players).vformat(template, (), _Defaults(params))
        except (ValueError, IndexError, KeyError, AttributeError):
            return template

    def event(self, event: dict, lang: str = DEFAULT_LANGUAGE, players: list[str] | None = None) -> str:
        """Render an event as seen by its receiver (a dict from `Event.view`).

        An event with secret parts may have a second message `event.<type>.private`: it is used when every
        field it names is present (the receiver saw the secret), else `event.<type>` is used.
        """
        params = {k: v for k, v in event.items() if k != "type"}
        key = f"event.{event['type']}"
        private, _ = self.raw(f"{key}.private", lang)
        if private is not None and _template_fields(private) <= params.keys():
            key = f"{key}.private"
        return self.text(key, lang, players, **params)


def _template_fields(template: Any) -> set[str]:
    """The parameter names a message (a string or a plural table) refers to."""
    texts = [v for k, v in template.items() if k != "_count"] if isinstance(template, dict) else [template]
    out: set[str] = set()
    for text in texts:
        try:
            for _, name, _, _ in string.Formatter().parse(str(text)):
                if name:
                    out.add(name.split(".")[0].split("[")[0])
        except ValueError:
            continue
    return out


class _Defaults(dict):
    def __missing__(self, key: str) -> str:
        return "?"
