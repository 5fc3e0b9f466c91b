"""`cetate games` (the registered games) and `cetate rules` (a game's rules guide, or one section of it)."""

from __future__ import annotations

import re
from pathlib import Path

import typer
from rich.markdown import Markdown
from rich.table import Table

from cetate import games as registry
from cetate.cli.base import (
    EXIT_FAILURE,
    LANG_HELP,
    catalog_for,
    check_lang,
    fail,
    find_game,
    name_of,
    new_console,
)
from cetate.core.guide import for_reader, slug, split_heading, strip_ids


def games(
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
) -> None:
    """List the registered games."""
    lang = check_lang(lang)
    core = catalog_for()
    console = new_console()
    table = Table(header_style="bold")
    for column in ("id", "name", "players", "description"):
        table.add_column(core.text(f"cli.games.{column}", lang))
    for game in registry.all():
        catalog = catalog_for(game)
        description = game.description
        if catalog.raw("game.description", lang)[0] is not None:
            description = catalog.text("game.description", lang)
        lo, hi = game.min_players, game.max_players
        table.add_row(game.id, name_of(game, catalog, lang), str(lo) if lo == hi else f"{lo}-{hi}", description)
    console.print(table)



_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def _guide_files(folder: Path | None, lang: str) -> list[Path]:
    if folder is None:
        return []
    folder = Path(folder)
    for candidate in (lang, "en"):
        if (folder / f"{candidate}.md").is_file():
            return [folder / f"{candidate}.md"]
        if (folder / candidate).is_dir():
            found = sorted((folder / candidate).glob("*.md"))
            if found:
                return found
    return []


def _section(text: str, wanted: str) -> str | None:
    lines = text.splitlines()
    wanted = wanted.strip().lower()
    headings = [(i, len(m.group(1)), *split_heading(m.group(2)))
                for i, line in enumerate(lines) if (m := _HEADING.match(line))]

    for matcher in (lambda h, _: h.lower() == wanted, lambda _, i: i == slug(wanted),
                    lambda h, _: slug(h) == slug(wanted), lambda h, _: wanted in h.lower()):
        found = [(level, k) for k, (_, level, title, ident) in enumerate(headings) if matcher(title, ident)]
        if found:  # the broadest matching section first ("warlord": the section, not the character)
            level, k = min(found)
            start = headings[k][0]
            end = next((j for j, lv, _, _ in headings[k + 1:] if lv <= level), len(lines))
            return "\n".join(lines[start:end])
    return None


def rules(
    game_id: str = typer.Argument(..., metavar="GAME"),
    section: str | None = typer.Argument(None, help="A heading of the guide (or part of one)."),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
) -> None:
    """Print the rules guide of a game (or one section of it)."""
    lang = check_lang(lang)
    game = find_game(game_id, lang)
    catalog = catalog_for(game)
    files = _guide_files(game.guide_dir(), lang)
    if not files:
        fail(catalog, lang, "cli.error.no_guide", EXIT_FAILURE, game=name_of(game, catalog, lang),
              folder=str(game.guide_dir()))
    text = for_reader("\n\n".join(f.read_text(encoding="utf-8") for f in files), "terminal")
    if section:
        part = _section(text, section)
        if part is None:
            titles = [split_heading(m.group(2))[0] for line in text.splitlines() if (m := _HEADING.match(line))]
            fail(catalog, lang, "cli.error.no_section", section=section, game=name_of(game, catalog, lang),
                  sections="; ".join(titles))
        text = part
    new_console().print(Markdown(strip_ids(text)))

