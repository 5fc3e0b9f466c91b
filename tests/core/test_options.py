"""Typed game options (cetate.core.options) and the Citadels schema built on them."""

from __future__ import annotations

import pytest

from cetate.core.errors import InvalidOptions
from cetate.core.options import Option, OptionSchema
from cetate.games.citadels import GAME
from cetate.games.citadels.options import SCHEMA as CITADELS

SCHEMA = OptionSchema((
    Option("fast", "bool", False, "Play fast."),
    Option("size", "int", 8, "City size.", minimum=4, maximum=12),
    Option("limit", "int", None, "Bank cap.", minimum=0, maximum=100, nullable=True),
    Option("free", "int", 0, "Any integer."),
    Option("mode", "choice", "a", "Mode.", choices=("a", "b", "c"), spec="§9"),
))


def test_defaults_filled():
    assert SCHEMA.validate(None) == {"fast": False, "size": 8, "limit": None, "free": 0, "mode": "a"}
    assert SCHEMA.validate({}) == SCHEMA.defaults()
    assert SCHEMA.validate({"size": 5}) == {"fast": False, "size": 5, "limit": None, "free": 0, "mode": "a"}


def test_valid_values_kept():
    raw = {"fast": True, "size": 12, "limit": 0, "free": -7, "mode": "c"}
    assert SCHEMA.validate(raw) == raw
    assert SCHEMA.validate({"size": 4})["size"] == 4
    assert SCHEMA.validate({"limit": None})["limit"] is None


def test_validate_does_not_mutate_input():
    raw = {"size": 6}
    SCHEMA.validate(raw)
    assert raw == {"size": 6}


def test_unknown_option_names_it_and_the_known_ones():
    with pytest.raises(InvalidOptions) as info:
        SCHEMA.validate({"sise": 5})
    err = info.value
    assert err.code == "unknown_option"
    assert err.params["option"] == "sise"
    assert "'sise'" in err.message
    for name in ("fast", "size", "limit", "free", "mode"):
        assert name in err.message
    assert isinstance(err, ValueError)  # InvalidOptions is also a ValueError


def test_several_unknown_options_name_the_first_sorted():
    with pytest.raises(InvalidOptions) as info:
        SCHEMA.validate({"zeta": 1, "alpha": 2})
    assert info.value.params["option"] == "alpha"


@pytest.mark.parametrize(("name", "value", "allowed"), [
    ("fast", 1, "true or false"),
    ("fast", "yes", "true or false"),
    ("fast", None, "true or false"),
    ("size", 3, "an integer from 4 to 12"),
    ("size", 13, "an integer from 4 to 12"),
    ("size", True, "an integer from 4 to 12"),
    ("size", 5.0, "an integer from 4 to 12"),
    ("size", "5", "an integer from 4 to 12"),
    ("size", None, "an integer from 4 to 12"),
    ("limit", -1, "an integer from 0 to 100 or null (no limit)"),
    ("limit", 101, "an integer from 0 to 100 or null (no limit)"),
    ("free", "x", "an integer from -inf to inf"),
    ("mode", "d", "'a', 'b', 'c'"),
    ("mode", 1, "'a', 'b', 'c'"),
    ("mode", None, "'a', 'b', 'c'"),
])
def test_bad_value_names_the_option_and_allowed_values(name, value, allowed):
    with pytest.raises(InvalidOptions) as info:
        SCHEMA.validate({name: value})
    err = info.value
    assert err.code == "bad_option_value"
    assert err.params == {"option": name}
    assert repr(name) in err.message
    assert repr(value) in err.message
    assert allowed in err.message
    assert str(err).startswith("bad_option_value: ")
    assert err.to_dict() == {"code": "bad_option_value", "message": err.message, "params": {"option": name}}


@pytest.mark.parametrize("raw", [[], "size=5", 3, ("size", 5)])
def test_options_must_be_an_object(raw):
    with pytest.raises(InvalidOptions) as info:
        SCHEMA.validate(raw)
    assert info.value.code == "bad_options"
    assert type(raw).__name__ in info.value.message


def test_duplicate_option_names_rejected():
    with pytest.raises(AssertionError):
        OptionSchema((Option("x", "bool", False, ""), Option("x", "bool", True, "")))


def test_describe():
    docs = {d["name"]: d for d in SCHEMA.describe()}
    assert list(docs) == ["fast", "size", "limit", "free", "mode"]
    assert docs["fast"] == {"name": "fast", "type": "bool", "default": False, "help": "Play fast."}
    assert docs["size"]["minimum"] == 4 and docs["size"]["maximum"] == 12
    assert docs["limit"]["nullable"] is True
    assert "minimum" not in docs["free"] and "maximum" not in docs["free"]
    assert docs["mode"]["choices"] == ["a", "b", "c"] and docs["mode"]["spec"] == "§9"


def test_every_default_is_valid():
    for schema in (SCHEMA, CITADELS):
        for opt in schema.options:
            assert opt.check(opt.default) == opt.default


# -- the Citadels schema through setup -----------------------------------------------------------

def test_citadels_defaults():
    opts = CITADELS.validate(None)
    base = {"discard_mode": "deck_bottom", "completion_size": 8, "bank_limit": None, "max_rounds": 40,
            "deck": "classic66", "warlord_timing": "end_of_turn", "starting_seat": None}
    assert {k: opts[k] for k in base} == base
    # the Dark City options default to the classic game
    assert opts["characters"] is None and opts["character_preset"] == "classic" and opts["rank9"] == "none"
    assert opts["dark_city_districts"] == [] and opts["random_dark_city_districts"] == 0
    assert GAME.setup(4, 1).options == opts
    assert GAME.options is CITADELS


def test_citadels_setup_rejects_unknown_and_bad_options():
    with pytest.raises(InvalidOptions) as info:
        GAME.setup(4, 1, {"bank": 30})
    assert info.value.params["option"] == "bank" and "bank_limit" in info.value.message
    with pytest.raises(InvalidOptions) as info:
        GAME.setup(4, 1, {"discard_mode": "burn"})
    assert "'deck_bottom', 'discard_pile'" in info.value.message
    with pytest.raises(InvalidOptions) as info:
        GAME.setup(4, 1, {"completion_size": 3})
    assert "completion_size" in info.value.message and "4 to 12" in info.value.message


@pytest.mark.parametrize("players", [0, 1, 9, "4", None, 4.0])
def test_citadels_setup_rejects_bad_player_counts(players):
    with pytest.raises(InvalidOptions) as info:
        GAME.setup(players, 1)
    assert info.value.code == "bad_players"


def test_citadels_eight_players_need_a_rank_nine_character():
    with pytest.raises(InvalidOptions) as info:
        GAME.setup(8, 1)
    assert info.value.code == "bad_characters" and "rank-9" in info.value.message
    assert GAME.setup(8, 1, {"rank9": "artist"}).n == 8


def test_citadels_starting_seat_must_be_a_seat():
    assert GAME.setup(3, 1, {"starting_seat": 2}).crown == 2
    with pytest.raises(InvalidOptions) as info:
        GAME.setup(3, 1, {"starting_seat": 3})
    assert info.value.params["option"] == "starting_seat" and "0 to 2" in info.value.message
