"""Message catalogs and plural rules (cetate.core.i18n), with small catalogs written in tmp_path."""

from __future__ import annotations

import pytest

from cetate.core.i18n import CORE_MESSAGES, LANGUAGES, Catalog, plural_category

EN = """
greeting = "Hello, {name}!"
only_en = "English only"
broken = "Unclosed {brace"
positional = "first {0}"
attr = "value {x.y}"

[card]
castle = "Castle"
manor = "Manor"

[character]
king = "King"

[event.cards_drawn]
one = "{seat:@player} draws {count} card"
other = "{seat:@player} draws {count} cards"

[event.gold_taken]
_count = "amount"
one = "{seat:@player} takes {amount} gold coin"
other = "{seat:@player} takes {amount} gold coins"

[event.built]
text = "unused"

[event]
"cards_drawn.private" = "{seat:@player} draws {cards:@card*}"
laboratory = "{seat:@player} discards a card"
"laboratory.private" = "{seat:@player} discards the {card:@card}"
"only.private" = "secret {card:@card}"

[msg]
built = "{seat:@player} builds the {card:@card}"
hand = "Hand: {cards:@card*}"
winners = "Winners: {seats:@player*}"
crowned = "{who:@character} is called"
missing = "{who:@player} takes {amount}"
plain_count = "{count} things"
"""

CS = """
greeting = "Ahoj, {name}!"

[card]
castle = "Hrad"

[event.cards_drawn]
one = "{seat:@player} si bere {count} kartu"
few = "{seat:@player} si bere {count} karty"
many = "{seat:@player} si bere {count} karty (many)"
other = "{seat:@player} si bere {count} karet"

[msg]
hand = "Ruka: {cards:@card*}"
"""

KO = """
[event.cards_drawn]
other = "{seat:@player}이(가) 카드 {count}장을 뽑습니다"
"""

PT = """
[event.cards_drawn]
one = "{seat:@player} compra {count} carta"
other = "{seat:@player} compra {count} cartas"
"""

RO = """
[event.cards_drawn]
one = "{seat:@player} trage {count} carte"
few = "{seat:@player} trage {count} cărți"
other = "{seat:@player} trage {count} de cărți"
"""


@pytest.fixture
def catalog(tmp_path):
    for lang, text in {"en": EN, "cs": CS, "ko": KO, "pt": PT, "ro": RO}.items():
        (tmp_path / f"{lang}.toml").write_text(text, encoding="utf-8")
    return Catalog(tmp_path)


# -- plural rules --------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "n", "form"), [
    ("en", 0, "other"), ("en", 1, "one"), ("en", 2, "other"), ("en", 21, "other"),
    ("cs", 0, "other"), ("cs", 1, "one"), ("cs", 2, "few"), ("cs", 3, "few"), ("cs", 4, "few"),
    ("cs", 5, "other"), ("cs", 11, "other"), ("cs", 22, "other"), ("cs", 1.5, "many"),
    ("ko", 0, "other"), ("ko", 1, "other"), ("ko", 2, "other"), ("ko", 5, "other"), ("ko", 100, "other"),
    ("pt", 0, "one"), ("pt", 1, "one"), ("pt", 2, "other"), ("pt", 5, "other"),
    ("ro", 1, "one"), ("ro", 0, "few"), ("ro", 2, "few"), ("ro", 19, "few"), ("ro", 20, "other"),
    ("ro", 101, "few"), ("ro", 120, "other"),
])
def test_plural_category(lang, n, form):
    assert plural_category(lang, n) == form


def test_plural_category_uses_absolute_value():
    assert plural_category("en", -1) == "one"
    assert plural_category("cs", -3) == "few"


@pytest.mark.parametrize("lang", ["xx", "not a language", ""])
def test_plural_category_unknown_language_uses_english_rules(lang):
    assert plural_category(lang, 1) == "one"
    assert plural_category(lang, 2) == "other"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_project_language_has_a_plural_rule(lang):
    assert plural_category(lang, 5) in ("one", "few", "many", "other")


# -- rendering -----------------------------------------------------------------------------------

def test_simple_text(catalog):
    assert catalog.text("greeting", name="Ana") == "Hello, Ana!"
    assert catalog.text("greeting", "cs", name="Ana") == "Ahoj, Ana!"


def test_plural_forms_english(catalog):
    assert catalog.text("event.cards_drawn", seat=0, count=1) == "Player 1 draws 1 card"
    assert catalog.text("event.cards_drawn", seat=0, count=2) == "Player 1 draws 2 cards"
    assert catalog.text("event.cards_drawn", seat=0, count=0) == "Player 1 draws 0 cards"


@pytest.mark.parametrize(("n", "text"), [
    (1, "Hráč 1 si bere 1 kartu"),  # "Hráč 1": the core Czech catalog's default seat name
    (2, "Hráč 1 si bere 2 karty"),
    (4, "Hráč 1 si bere 4 karty"),
    (5, "Hráč 1 si bere 5 karet"),
    (0, "Hráč 1 si bere 0 karet"),
])
def test_plural_forms_czech(catalog, n, text):
    assert catalog.text("event.cards_drawn", "cs", seat=0, count=n) == text


def test_plural_forms_korean_always_other(catalog):
    for n in (0, 1, 2, 7):
        assert catalog.text("event.cards_drawn", "ko", seat=1, count=n) == f"플레이어 2이(가) 카드 {n}장을 뽑습니다"


def test_plural_forms_portuguese_and_romanian(catalog):
    assert catalog.text("event.cards_drawn", "pt", seat=0, count=0) == "Jogador 1 compra 0 carta"
    assert catalog.text("event.cards_drawn", "pt", seat=0, count=3) == "Jogador 1 compra 3 cartas"
    assert catalog.text("event.cards_drawn", "ro", seat=0, count=1) == "Jucătorul 1 trage 1 carte"
    assert catalog.text("event.cards_drawn", "ro", seat=0, count=3) == "Jucătorul 1 trage 3 cărți"
    assert catalog.text("event.cards_drawn", "ro", seat=0, count=20) == "Jucătorul 1 trage 20 de cărți"


def test_plural_count_parameter_can_be_renamed(catalog):
    assert catalog.text("event.gold_taken", seat=0, amount=1) == "Player 1 takes 1 gold coin"
    assert catalog.text("event.gold_taken", seat=0, amount=3) == "Player 1 takes 3 gold coins"


def test_plural_without_count_uses_zero_or_other(catalog):
    assert catalog.text("event.cards_drawn", seat=0) == "Player 1 draws ? cards"
    assert catalog.text("event.cards_drawn", seat=0, count="many") == "Player 1 draws many cards"


def test_plural_form_missing_in_language_falls_back_to_other(tmp_path):
    (tmp_path / "cs.toml").write_text('[x]\none = "jeden"\nother = "jiné {count}"\n', encoding="utf-8")
    cat = Catalog(tmp_path)
    assert cat.text("x", "cs", count=3) == "jiné 3"  # "few" is missing: use "other"
    assert cat.text("x", "cs", count=1) == "jeden"


def test_fallback_to_english_then_key(catalog):
    assert catalog.text("only_en", "cs") == "English only"
    assert catalog.text("only_en", "ko") == "English only"
    assert catalog.text("no.such.key", "cs") == "no.such.key"
    assert catalog.text("no.such.key") == "no.such.key"


def test_unknown_language_falls_back_to_english(catalog):
    assert catalog.text("greeting", "xx", name="Bo") == "Hello, Bo!"
    assert catalog.text("event.cards_drawn", "de", seat=0, count=1) == "Player 1 draws 1 card"


def test_fallback_to_english_uses_english_plural_rules(catalog):
    # the Korean catalog has no gold_taken: the English text and English plural rules are used
    assert catalog.text("event.gold_taken", "ko", seat=0, amount=1) == "Player 1 takes 1 gold coin"


def test_player_references(catalog):
    players = ["Ana", "Bogdan", "Cristi"]
    assert catalog.text("msg.built", players=players, seat=1, card="castle") == "Bogdan builds the Castle"
    # no players list, or a seat out of range: the core "Player N" text
    assert catalog.text("msg.built", seat=2, card="castle") == "Player 3 builds the Castle"
    assert catalog.text("msg.built", players=players, seat=5, card="castle") == "Player 6 builds the Castle"
    assert catalog.text("msg.built", players=players, seat="x", card="manor") == "Player x builds the Manor"


def test_card_references_translated(catalog):
    assert catalog.text("msg.hand", "cs", cards=["castle"]) == "Ruka: Hrad"
    # a sentence that falls back to English is rendered wholly in English, references included
    assert catalog.text("msg.built", "cs", seat=0, card="castle") == "Player 1 builds the Castle"
    assert catalog.text("msg.built", seat=0, card="unknown") == "Player 1 builds the card.unknown"
    assert catalog.text("msg.crowned", who="king") == "King is called"


def test_list_references(catalog):
    assert catalog.text("msg.hand", cards=["castle", "manor"]) == "Hand: Castle, Manor"
    assert catalog.text("msg.hand", "cs", cards=["castle", "manor"]) == "Ruka: Hrad, Manor"
    assert catalog.text("msg.hand", cards=[]) == "Hand: nothing"
    assert catalog.text("msg.hand", cards=("castle",)) == "Hand: Castle"
    assert catalog.text("msg.hand", cards="castle") == "Hand: Castle"  # a single value is a list of one
    assert catalog.text("msg.winners", players=["A", "B", "C"], seats=[2, 0]) == "Winners: C, A"
    assert catalog.text("msg.winners", seats=[0, 1]) == "Winners: Player 1, Player 2"


def test_list_separator_and_empty_text_can_be_overridden(tmp_path):
    (tmp_path / "en.toml").write_text('"list.separator" = " + "\n"list.empty" = "-"\nl = "{xs:@card*}"\n',
                                      encoding="utf-8")
    cat = Catalog(tmp_path)
    assert cat.text("l", xs=["a", "b"]) == "card.a + card.b"
    assert cat.text("l", xs=[]) == "-"


def test_missing_parameter_renders_question_mark(catalog):
    assert catalog.text("greeting") == "Hello, ?!"
    assert catalog.text("msg.missing", players=["A"], who=0) == "A takes ?"


def test_bad_templates_never_raise(catalog):
    assert catalog.text("broken", x=1) == "Unclosed {brace"
    assert catalog.text("positional") == "first {0}"
    assert catalog.text("attr", x=1) == "value {x.y}"


def test_event_rendering(catalog):
    event = {"type": "cards_drawn", "seat": 1, "count": 2}
    assert catalog.event(event, players=["A", "B"]) == "B draws 2 cards"
    assert catalog.event(event, "cs", players=["A", "B"]) == "B si bere 2 karty"
    assert catalog.event({"type": "nothing_known", "seat": 0}) == "event.nothing_known"


def test_event_private_message_used_only_with_the_secret(catalog):
    public = {"type": "cards_drawn", "seat": 0, "count": 2}
    private = {**public, "cards": ["castle", "manor"]}
    assert catalog.event(public, players=["A"]) == "A draws 2 cards"  # the plural table
    assert catalog.event(private, players=["A"]) == "A draws Castle, Manor"
    assert catalog.event({"type": "laboratory", "seat": 0}) == "Player 1 discards a card"
    assert catalog.event({"type": "laboratory", "seat": 0, "card": "castle"}) == "Player 1 discards the Castle"
    # a private message without a public one: the key is the fallback for spectators
    assert catalog.event({"type": "only"}) == "event.only"
    assert catalog.event({"type": "only", "card": "manor"}) == "secret Manor"


def test_has_keys_and_raw(catalog):
    assert catalog.has("greeting")
    assert catalog.has("greeting", "cs")
    assert not catalog.has("only_en", "cs")
    assert catalog.has("list.separator")  # from the core catalog
    keys = catalog.keys()
    assert {"greeting", "card.castle", "event.cards_drawn", "msg.hand", "player.default"} <= keys
    assert catalog.raw("greeting", "cs") == ("Ahoj, {name}!", "cs")
    assert catalog.raw("only_en", "cs") == ("English only", "en")
    assert catalog.raw("nope", "cs") == (None, "cs")


def test_plural_tables_stay_whole_and_other_tables_flatten(catalog):
    table, _ = catalog.raw("event.cards_drawn", "en")
    assert set(table) == {"one", "other"}
    assert catalog.raw("event.gold_taken", "en")[0]["_count"] == "amount"
    # a table with a non-plural key is a folder, not a plural table
    assert catalog.text("event.built.text") == "unused"
    assert not catalog.has("event.built")


def test_later_folders_override_earlier_ones(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "en.toml").write_text('x = "from a"\ny = "only a"\n', encoding="utf-8")
    (b / "en.toml").write_text('x = "from b"\n"player.default" = "Seat {number}"\n', encoding="utf-8")
    cat = Catalog(a, b, None)
    assert cat.text("x") == "from b"
    assert cat.text("y") == "only a"
    assert cat.text("player.default", number=3) == "Seat 3"  # a game may override core texts


def test_missing_folder_or_language_file_is_empty(tmp_path):
    cat = Catalog(tmp_path / "does-not-exist")
    assert cat.text("greeting") == "greeting"
    assert cat.text("player.default", "ko", number=2) == "플레이어 2"  # the core catalog still answers


def test_core_catalog_only():
    cat = Catalog()
    assert cat.folders == [CORE_MESSAGES]
    assert cat.text("error.not_your_turn") == "It is not your turn."
    assert cat.text("error.malformed_action", detail="no type") == "That action is malformed: no type"
    assert cat.text("player.default", number=1) == "Player 1"
