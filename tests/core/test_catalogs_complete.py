"""Every translated message catalog is complete and consistent with the English one.

For each catalog folder (the core `messages/` folder and each game's), every language file present
(`cs.toml`, `pt.toml`, `ro.toml`, `ko.toml`; every project language must be there) must have exactly the keys of `en.toml`, the same
placeholders per key, and valid plural tables for its language. A translation may turn an English plain
string into a plural table (Czech agrees nouns with numbers where English does not), or a table into a
plain string (Korean has no plural forms), as long as the placeholders stay those of English.
At the end, a few Czech, Portuguese and Korean texts are rendered to check the plural forms chosen.
"""

from __future__ import annotations

import string
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import cetate.games as registry
from cetate.core.i18n import CORE_MESSAGES, LANGUAGES, PLURAL_FORMS, Catalog, _flatten, plural_category

GAMES_PACKAGE = Path(registry.__file__).parent
SAMPLE_INTEGERS = range(0, 1001)
SAMPLE_COUNTS = (0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 101, 1.5)


def _catalog_folders() -> list[Path]:
    """The core folder, each registered game's folder, and any `messages/` folder in the games package."""
    folders = {CORE_MESSAGES.resolve()}
    for game in registry.all():
        folder = game.messages_dir()
        if folder is not None and Path(folder).is_dir():
            folders.add(Path(folder).resolve())
    folders.update(p.resolve() for p in GAMES_PACKAGE.glob("*/messages") if p.is_dir())
    return sorted(folders)


FOLDERS = _catalog_folders()


def _label(folder: Path) -> str:
    return "core" if folder == CORE_MESSAGES.resolve() else folder.parent.name


TRANSLATIONS = [(folder, path.stem) for folder in FOLDERS for path in sorted(folder.glob("*.toml"))
                if path.stem != "en"]
ALL_FILES = [(folder, path.stem) for folder in FOLDERS for path in sorted(folder.glob("*.toml"))]


def _ids(cases: list[tuple[Path, str]]) -> list[str]:
    return [f"{_label(folder)}-{lang}" for folder, lang in cases]


@cache
def _messages(folder: Path, lang: str) -> dict[str, Any]:
    """The flattened keys of one file, read the way `Catalog` reads them."""
    with (folder / f"{lang}.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    out: dict[str, Any] = {}
    _flatten("", raw, out)
    return out


def _is_table(value: Any) -> bool:
    return isinstance(value, dict)


def _forms(value: Any) -> dict[str, str]:
    """The texts of a message: {"": text} for a plain string, {form: text} for a plural table."""
    if _is_table(value):
        return {k: v for k, v in value.items() if k != "_count"}
    return {"": value}


def _placeholders(text: str) -> set[str]:
    """The replacement fields of a text, written out whole: "{seat:@player}", "{mean:.1f}", "{count}"."""
    out = set()
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            out.add("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return out


def _field_names(value: Any) -> set[str]:
    names = set()
    for text in _forms(value).values():
        for _, name, _, _ in string.Formatter().parse(text):
            if name:
                names.add(name.split(".")[0].split("[")[0])
    return names


def _all_placeholders(value: Any) -> set[str]:
    return set().union(*(_placeholders(t) for t in _forms(value).values()))


def _required_forms(lang: str) -> set[str]:
    return {plural_category(lang, n) for n in SAMPLE_INTEGERS} | {"other"}


def _allowed_forms(lang: str) -> set[str]:
    from babel import Locale

    return set(Locale.parse(lang).plural_form.tags) | {"other"}


def test_the_folders_are_found():
    assert CORE_MESSAGES.resolve() in FOLDERS
    assert any(_label(f) == "citadels" for f in FOLDERS)
    for folder in FOLDERS:
        assert (folder / "en.toml").is_file(), f"{folder} has no en.toml"
    assert ("cs" in {lang for _, lang in TRANSLATIONS}), "no Czech catalog found"


@pytest.mark.parametrize("folder", FOLDERS, ids=[_label(f) for f in FOLDERS])
def test_every_project_language_has_a_catalog(folder):
    missing = [lang for lang in LANGUAGES if not (folder / f"{lang}.toml").is_file()]
    assert not missing, f"{_label(folder)}: no catalog for {missing}"


@pytest.mark.parametrize("game", [g.id for g in registry.all()])
def test_every_project_language_has_a_rules_guide(game):
    folder = Path(registry.get(game).guide_dir())
    missing = [lang for lang in LANGUAGES if not (folder / f"{lang}.md").is_file()]
    assert not missing, f"{game}: no rules guide for {missing}"


@pytest.mark.parametrize(("folder", "lang"), ALL_FILES, ids=_ids(ALL_FILES))
def test_language_file_is_a_project_language(folder, lang):
    assert lang in LANGUAGES, f"{folder / (lang + '.toml')}: '{lang}' is not one of {LANGUAGES}"


@pytest.mark.parametrize(("folder", "lang"), TRANSLATIONS, ids=_ids(TRANSLATIONS))
def test_same_keys_as_english(folder, lang):
    english, translated = set(_messages(folder, "en")), set(_messages(folder, lang))
    missing, extra = sorted(english - translated), sorted(translated - english)
    assert not missing and not extra, (
        f"{_label(folder)}/{lang}.toml: {len(missing)} missing keys {missing}; {len(extra)} extra keys {extra}")


@pytest.mark.parametrize(("folder", "lang"), ALL_FILES, ids=_ids(ALL_FILES))
def test_messages_are_well_formed(folder, lang):
    problems = []
    allowed, required = _allowed_forms(lang), _required_forms(lang)
    for key, value in _messages(folder, lang).items():
        if _is_table(value):
            forms = set(value) - {"_count"}
            if unknown := forms - set(PLURAL_FORMS):
                problems.append(f"{key}: unknown plural forms {sorted(unknown)}")
            if unused := forms - allowed:
                problems.append(f"{key}: forms {sorted(unused)} are never chosen in '{lang}'")
            if missing := required - forms:
                problems.append(f"{key}: plural forms {sorted(missing)} missing (needed in '{lang}')")
            if not isinstance(value.get("_count", "count"), str):
                problems.append(f"{key}: _count must be a parameter name")
        for form, text in _forms(value).items():
            where = f"{key}[{form}]" if form else key
            if not isinstance(text, str) or not text.strip():
                problems.append(f"{where}: not a text: {text!r}")
                continue
            try:
                _placeholders(text)
            except ValueError as exc:
                problems.append(f"{where}: bad placeholder syntax ({exc}): {text!r}")
    assert not problems, f"{_label(folder)}/{lang}.toml:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize(("folder", "lang"), TRANSLATIONS, ids=_ids(TRANSLATIONS))
def test_same_placeholders_as_english(folder, lang):
    english, translated = _messages(folder, "en"), _messages(folder, lang)
    problems = []
    for key in sorted(english.keys() & translated.keys()):
        en_value, value = english[key], translated[key]
        try:
            expected = _all_placeholders(en_value)
            found = _all_placeholders(value)
        except ValueError:
            continue  # reported by test_messages_are_well_formed
        if found != expected:
            problems.append(f"{key}: placeholders {sorted(found)}, English has {sorted(expected)}")
        for form, text in _forms(value).items():
            if form and (stray := _placeholders(text) - expected):
                problems.append(f"{key}[{form}]: placeholders {sorted(stray)} not in English")
        if _is_table(value):
            # the parameter that selects the form must be one the caller passes
            passed = _field_names(en_value) | ({en_value.get("_count", "count")} if _is_table(en_value) else set())
            count = value.get("_count", "count")
            if count not in passed:
                problems.append(f"{key}: _count '{count}' is not a parameter of the English message {sorted(passed)}")
    assert not problems, f"{_label(folder)}/{lang}.toml:\n  " + "\n  ".join(problems)


def _sample_params(value: Any, n: int | float) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for text in _forms(value).values():
        for _, name, spec, _ in string.Formatter().parse(text):
            if not name:
                continue
            name = name.split(".")[0].split("[")[0]
            if spec.startswith("@") and spec.endswith("*"):
                params[name] = ["a", "b"]
            elif spec == "@player":
                params[name] = 1
            elif spec.startswith("@"):
                params[name] = "x"
            elif spec:
                params[name] = 2.5
            else:
                params[name] = n
    if _is_table(value):
        params[value.get("_count", "count")] = n
    return params


@pytest.mark.parametrize(("folder", "lang"), TRANSLATIONS, ids=_ids(TRANSLATIONS))
def test_every_message_renders(folder, lang):
    """Render each key with the English parameters and many counts: nothing is left unformatted."""
    catalog = Catalog(folder)
    english, translated = _messages(folder, "en"), _messages(folder, lang)
    problems = []
    for key in sorted(english.keys() & translated.keys()):
        for n in SAMPLE_COUNTS:
            params = _sample_params(english[key], n)
            if _is_table(english[key]):
                params[english[key].get("_count", "count")] = n
            result = catalog.text(key, lang, players=["Alena", "Bořek"], **params)
            templates = _forms(translated[key]).values()
            if (result in templates and any(_placeholders(t) for t in templates)) or result == key:
                problems.append(f"{key} (n={n}): not rendered: {result!r}")
                break
    assert not problems, f"{_label(folder)}/{lang}.toml:\n  " + "\n  ".join(problems)


# -- Czech: the right plural forms -----------------------------------------------------------------

@pytest.fixture(scope="module")
def citadels():
    return Catalog(registry.get("citadels").messages_dir())


PLAYERS = ["Alena", "Bořek", "Cyril"]


@pytest.mark.parametrize(("lang", "count", "text"), [
    ("cs", 1, "Alena si bere 1 kartu."),
    ("cs", 2, "Alena si bere 2 karty."),
    ("cs", 3, "Alena si bere 3 karty."),
    ("cs", 4, "Alena si bere 4 karty."),
    ("cs", 5, "Alena si bere 5 karet."),
    ("cs", 0, "Alena si bere 0 karet."),
    ("cs", 22, "Alena si bere 22 karet."),
    ("pt", 0, "Alena compra 0 carta."),  # Brazilian Portuguese puts 0 and 1 in the singular
    ("pt", 1, "Alena compra 1 carta."),
    ("pt", 2, "Alena compra 2 cartas."),
    ("pt", 5, "Alena compra 5 cartas."),
])
def test_cards_drawn_plural_forms(citadels, lang, count, text):
    assert citadels.event({"type": "cards_drawn", "seat": 0, "count": count}, lang, PLAYERS) == text


def test_czech_cards_drawn_private_lists_the_cards(citadels):
    event = {"type": "cards_drawn", "seat": 1, "count": 2, "cards": ["castle", "watchtower"]}
    assert citadels.event(event, "cs", PLAYERS) == "Bořek si bere: Zámek, Obranná věž."


@pytest.mark.parametrize(("amount", "word"), [(1, "zlaťák"), (2, "zlaťáky"), (4, "zlaťáky"), (5, "zlaťáků"),
                                              (0, "zlaťáků"), (12, "zlaťáků")])
def test_czech_gold_agrees_with_the_number(citadels, amount, word):
    assert citadels.event({"type": "gold_taken", "seat": 2, "amount": amount}, "cs", PLAYERS) == \
        f"Cyril si bere {amount} {word}."
    assert citadels.text("screen.bank", "cs", count=amount) == f"bank: {amount} {word}"


def test_czech_event_with_several_references(citadels):
    event = {"type": "destroyed", "seat": 0, "target": 1, "card": "castle", "price": 3}
    assert citadels.event(event, "cs", PLAYERS) == "Alena jako Žoldnéř boří hráči Bořek stavbu Zámek za 3 zlaťáky."
    event = {"type": "round_started", "round": 2, "crown": 1, "face_up": ["king", "bishop"]}
    assert citadels.event(event, "cs", PLAYERS) == \
        "Začíná 2. kolo. Korunu má Bořek. Lícem nahoru odloženo: Král, Kněz."


def test_czech_private_variant_with_a_plural_table(citadels):
    public = {"type": "laboratory_used", "seat": 0, "amount": 1}
    assert citadels.event(public, "cs", PLAYERS) == "Alena odhazuje v Laboratoři kartu a získává 1 zlaťák."
    assert citadels.event({**public, "card": "temple"}, "cs", PLAYERS) == \
        "Alena odhazuje v Laboratoři kartu Chrám a získává 1 zlaťák."


@pytest.mark.parametrize(("count", "text"), [(1, "1 hráč"), (3, "3 hráči"), (5, "5 hráčů"), (7, "7 hráčů")])
def test_czech_core_counts(count, text):
    assert Catalog().text("cli.count.players", "cs", count=count) == text


@pytest.mark.parametrize(("builds", "text"), [(1, "akce čeká, zbývá 1 stavba"), (2, "akce čeká, zbývají 2 stavby"),
                                              (0, "akce čeká, zbývá 0 staveb")])
def test_czech_count_parameter_other_than_count(citadels, builds, text):
    action = citadels.text("screen.action_pending", "cs")
    assert citadels.text("screen.turn_status", "cs", action=action, builds=builds) == text


# -- Portuguese and Korean: the forms their rules choose ------------------------------------------------

PT_KO_PLAYERS = ["Ana", "Bruno", "Carla"]


def test_portuguese_event_with_several_references(citadels):
    event = {"type": "destroyed", "seat": 0, "target": 1, "card": "castle", "price": 3}
    assert citadels.event(event, "pt", PT_KO_PLAYERS) == \
        "Ana, o Mercenário, destrói o distrito Castelo de Bruno por 3 moedas de ouro."
    assert Catalog().text("cli.count.players", "pt", count=1) == "1 jogador"
    assert Catalog().text("cli.count.players", "pt", count=3) == "3 jogadores"


@pytest.mark.parametrize("count", [0, 1, 2, 5, 21])
def test_korean_has_one_form_for_every_count(citadels, count):
    assert citadels.event({"type": "cards_drawn", "seat": 0, "count": count}, "ko", PT_KO_PLAYERS) == \
        f"Ana 님이 카드 {count}장을 뽑습니다."
    assert Catalog().text("cli.count.players", "ko", count=count) == f"플레이어 {count}명"


def test_korean_private_message_and_lists(citadels):
    event = {"type": "cards_drawn", "seat": 1, "count": 2, "cards": ["castle", "watchtower"]}
    assert citadels.event(event, "ko", PT_KO_PLAYERS) == "Bruno 님이 성, 망루 카드를 뽑습니다."
    event = {"type": "round_started", "round": 2, "crown": 1, "face_up": ["king", "bishop"]}
    assert citadels.event(event, "ko", PT_KO_PLAYERS) == \
        "2라운드가 시작됩니다. 왕관은 Bruno 님에게 있습니다. 앞면이 보이게 제외된 역할: 왕, 주교."
