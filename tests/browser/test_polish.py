"""Player polish (issue 32): bundled fonts for every language, bots and guides in players' words, and a new table
at its own address with a link for the host's own seat.

The font and guide checks need no browser; the others run in Chromium (skipped without it, like every browser
test). CETATE_SCREENSHOTS=1 saves the new-table form in English and Korean, desktop and phone, to
docs/screenshots/.
"""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import pytest

import cetate
from cetate import games
from cetate.core.guide import for_reader, option_words
from cetate.core.i18n import LANGUAGES, Catalog

SRC = Path(cetate.__file__).parent
WEB = SRC / "web"
FONTS = WEB / "fonts"
TIMEOUT_MS = 15_000
FONT_BUDGET = 1_500_000  # bytes, every bundled font together
GAMES = ("citadels", "akropolis", "gates")


def _font_faces() -> list[tuple[str, str]]:
    """(family, file) of every @font-face rule of style.css."""
    css = (WEB / "style.css").read_text(encoding="utf-8")
    faces = re.findall(r"@font-face\s*\{(.*?)\}", css, re.S)
    assert faces, "style.css has no @font-face rule"
    out = []
    for face in faces:
        assert "font-display: swap" in face, face
        family = re.search(r'font-family:\s*"([^"]+)"', face).group(1)
        out.append((family, re.search(r'url\("([^"]+)"\)', face).group(1)))
    return out


def test_bundled_fonts_and_their_licences_are_there():
    faces = _font_faces()
    files = [WEB / url for _, url in faces]
    for path in files:
        assert path.is_file() and path.suffix == ".woff2", path
    assert sum(p.stat().st_size for p in FONTS.glob("*.woff2")) < FONT_BUDGET
    licences = sorted(FONTS.glob("OFL-*.txt"))
    assert licences, "no licence next to the fonts"
    for licence in licences:
        assert "SIL Open Font License" in licence.read_text(encoding="utf-8"), licence
    # the body's font stack starts with the bundled families
    css = (WEB / "style.css").read_text(encoding="utf-8")
    stack = re.search(r"--font-sans:\s*([^;]+);", css).group(1)
    for family in {f for f, _ in faces}:
        assert f'"{family}"' in stack, family


def test_every_character_of_the_catalogs_and_guides_has_a_bundled_font():
    pytest.importorskip("brotli", reason="reading woff2 needs brotli (the dev extra: fonttools[woff])")
    from fontTools.ttLib import TTFont

    covered: set[int] = set()
    for _, url in _font_faces():
        covered |= set(TTFont(WEB / url).getBestCmap())
    texts = sorted(SRC.glob("**/messages/*.toml")) + sorted(SRC.glob("games/*/guide/*.md"))
    missing = {}
    for path in texts:
        for ch in path.read_text(encoding="utf-8"):
            if ch.isprintable() and not ch.isspace() and ord(ch) not in covered:
                missing.setdefault(ch, path.relative_to(SRC).as_posix())
    assert not missing, ("characters no bundled font draws (run tools/font_subsets.py): "
                         + ", ".join(f"{c!r} U+{ord(c):04X} in {p}" for c, p in sorted(missing.items())))


def test_one_guide_text_for_two_readers():
    text = ("Read it.<!--terminal--> Open it with `cetate rules x`.<!--/terminal--><!--web--> Open it here.<!--/web-->\n"
            "<!--terminal-->\nOnly for the terminal.\n<!--/terminal-->\n"
            "The {option:warlord_timing} option: {value:warlord_timing=any_time}, {value:end_of_turn_order=park,alchemist}"
            " or {value:characters=}.")
    assert for_reader(text, "terminal") == (
        "Read it. Open it with `cetate rules x`.\n\nOnly for the terminal.\n\n"
        'The `warlord_timing` option: `any_time`, `["park", "alchemist"]` or `[]`.')
    words = option_words(Catalog(games.get("citadels").messages_dir()), "en", "citadels",
                         games.get("citadels").options.describe())
    web = for_reader(text, "web", words)
    assert web.startswith("Read it. Open it here.\n")
    assert "terminal" not in web and "cetate" not in web and "warlord_timing" not in web and "any_time" not in web
    assert "*Park, Alchemist's refund*" in web and "*none*" in web


@pytest.mark.parametrize("game_id", GAMES)
def test_web_guides_show_no_command_or_option_id(game_id):
    game = games.get(game_id)
    options = game.options.describe()
    ids = {o["name"] for o in options}
    for lang in LANGUAGES:
        text = (game.guide_dir() / f"{lang}.md").read_text(encoding="utf-8")
        web = for_reader(text, "web", option_words(Catalog(game.messages_dir()), lang, game_id, options))
        terminal = for_reader(text, "terminal")
        for shown, reader in ((web, "web"), (terminal, "terminal")):
            assert not re.search(r"<!--|\{option:|\{value:", shown), (lang, reader)
        assert "cetate " not in web and "--lang" not in web and "-o name" not in web, lang
        code = set(re.findall(r"`([^`\n]+)`", web))
        assert not code & ids, (lang, code & ids)
        assert f"cetate rules {game_id}" in terminal, lang  # the terminal keeps its commands


def test_every_bot_has_a_name_and_a_line_in_every_language():
    from cetate.bots import names

    catalog = Catalog()
    for bot in names():
        for lang in LANGUAGES:
            for part in ("name", "about"):
                key = f"bot.{bot}.{part}"
                assert catalog.raw(key, lang)[1] == lang, (key, lang)


# -- in the browser ------------------------------------------------------------------------------------------

def _lang(page, lang: str, name: str = "Ana") -> None:
    page.add_init_script(f"localStorage.setItem('cetate.lang', '{lang}'); localStorage.setItem('cetate.name', '{name}');")


def test_fonts_are_served_as_fonts(server):
    for _, url in _font_faces():
        with urllib.request.urlopen(f"{server}/{url}", timeout=10) as r:
            assert r.status == 200 and r.headers["Content-Type"] == "font/woff2", url


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_new_table_form_names_bots_for_players(new_page, server, screenshot, lang):
    for width, height, suffix in ((1280, 800, ""), (390, 844, "-phone")):
        page = new_page(width, height)
        _lang(page, lang)
        page.goto(f"{server}/#/new/citadels")
        page.locator("#create-table").wait_for(timeout=TIMEOUT_MS)
        page.locator("select.seat-bot").first.wait_for(timeout=TIMEOUT_MS)
        page.evaluate("document.fonts.ready")
        labels = page.locator("select.seat-bot").first.locator("option").all_inner_texts()
        ids = {"citadels-heuristic", "ismcts", "ismcts-normal", "ismcts-hard", "random"}
        assert not ids & set(labels), labels
        page.locator("select.seat-bot").first.select_option("random")
        hint = page.locator(".seat-row").nth(1).locator(".seat-hint")
        expected = Catalog().text("bot.random.about", lang)
        assert hint.inner_text() == expected
        # the bundled fonts draw the page: Korean with the Korean face
        family = "Cetate Sans KR" if lang == "ko" else "Cetate Sans"
        sample = Catalog().text("bot.random.name", lang)
        assert page.evaluate(f"document.fonts.check('15px \"{family}\"', {sample!r})")
        assert page.evaluate(f"[...document.fonts].some((f) => f.family.replace(/\"/g, '') === '{family}' && f.status === 'loaded')")
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling on a phone
        screenshot(page, f"new-table-{lang}{suffix}.png", full_page=True)


def test_a_new_table_opens_at_its_address_with_every_link(new_page, server):
    page = new_page(1280, 800)
    _lang(page, "en")
    page.goto(f"{server}/#/new/gates")
    page.locator("#create-table").wait_for(timeout=TIMEOUT_MS)
    page.locator("select.seat-kind[data-seat='1']").select_option("human")
    page.locator("#create-table").click()
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TIMEOUT_MS)
    table_id = page.url.rsplit("/", 1)[1]
    panel = page.locator(".waiting-panel")
    panel.wait_for(timeout=TIMEOUT_MS)
    friend = panel.locator("[data-testid=invite-row][data-seat='1'] [data-testid=invite-link]")
    assert f"#/t/{table_id}?seat=1&token=" in friend.input_value()
    assert panel.locator("[data-testid=spectator-link]").input_value().endswith(f"#/t/{table_id}")
    # the host's own seat: a link to open it on another device, made on demand (never the host's token)
    own = panel.locator("[data-testid=invite-row][data-seat='0']")
    assert own.locator("[data-testid=invite-link]").count() == 0
    own.locator("[data-testid=invite-new]", has_text="Make a link").click()
    own.locator("[data-testid=invite-confirm]").click()
    link = page.locator(".waiting-panel [data-testid=invite-row][data-seat='0'] [data-testid=invite-link]")
    link.wait_for(timeout=TIMEOUT_MS)
    host = page.evaluate(f"JSON.parse(localStorage.getItem('cetate.tables'))['{table_id}'].host")
    assert f"#/t/{table_id}?seat=0&token=" in link.input_value() and host not in link.input_value()
    page.reload()
    page.locator(".waiting-panel").wait_for(timeout=TIMEOUT_MS)  # the address still finds the table


def test_the_rules_page_shows_no_terminal_command(new_page, server):
    page = new_page(1280, 800)
    _lang(page, "ko")
    page.goto(f"{server}/#/rules/gates/options")
    body = page.locator("[data-testid=rules]")
    body.wait_for(timeout=TIMEOUT_MS)
    text = body.inner_text()
    assert "cetate" not in text and "action_order" not in text and "-o " not in text
    label = Catalog(games.get("gates").messages_dir()).text("web.gates.option.action_order.label", "ko")
    assert label in text
