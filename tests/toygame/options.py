"""Pebbles' options and their command-line shortcuts (`--misere`, `--pile N`), as data."""

from __future__ import annotations

from cetate.core.errors import InvalidOptions
from cetate.core.options import Option, OptionSchema, Shortcut


def pile_shortcut(text: str) -> dict:
    """`--pile N`: start with N pebbles."""
    if not text.strip().isdigit():
        raise InvalidOptions("bad_option_value", f"--pile takes a number of pebbles, not {text!r}", option="stones")
    return {"stones": int(text)}


SCHEMA = OptionSchema((
    Option("stones", "int", 15, "Pebbles on the table at the start.", minimum=3, maximum=60),
    Option("max_take", "int", 3, "The most pebbles a player may take in one turn.", minimum=2, maximum=6),
    Option("misere", "bool", False, "Whoever takes the last pebble loses instead of winning."),
), (
    Shortcut("misere", "The misère game: whoever takes the last pebble loses.", sets={"misere": True}),
    Shortcut("pile", "Start with N pebbles.", parse=pile_shortcut, metavar="N"),
))
