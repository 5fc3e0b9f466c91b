// The browser's message catalogs (src/cetate/web/i18n.js): plural forms, Python-style formats and references,
// rendered like cetate/core/i18n.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./fake-dom.js";

installDom().setItem("cetate.lang", "pt"); // the language this device chose earlier
const i18n = await import("../../src/cetate/web/i18n.js");
const { Catalog } = i18n;

const cards = { one: "{count} card", other: "{count} cards" };

test("plural forms follow each language's rules", () => {
  const cases = {
    en: [[0, "other"], [1, "one"], [2, "other"], [5, "other"]],
    cs: [[1, "one"], [2, "few"], [4, "few"], [5, "other"], [1.5, "many"]],
    ro: [[1, "one"], [2, "few"], [19, "few"], [20, "other"], [101, "few"]],
    pt: [[0, "one"], [1, "one"], [2, "other"]],
    ko: [[1, "other"], [2, "other"]],
  };
  for (const [lang, list] of Object.entries(cases)) {
    const cat = new Catalog(lang, {});
    for (const [n, form] of list) assert.equal(cat.pluralForm(n), form, `${lang} ${n}`);
  }
  assert.equal(new Catalog("en", {}).pluralForm(-1), "one");
  assert.deepEqual(i18n.PLURAL_FORMS, ["zero", "one", "two", "few", "many", "other"]);
});

test("a plural table picks its form by `count`, or by the parameter `_count` names", () => {
  const cat = new Catalog("cs", {
    cards: { one: "{count} karta", few: "{count} karty", other: "{count} karet" },
    gold: { _count: "gold", one: "{gold} zlaťák", few: "{gold} zlaťáky", other: "{gold} zlaťáků" },
    partial: { one: "jedna" },
  });
  assert.equal(cat.t("cards", { count: 1 }), "1 karta");
  assert.equal(cat.t("cards", { count: 3 }), "3 karty");
  assert.equal(cat.t("cards", { count: 7 }), "7 karet");
  assert.equal(cat.t("gold", { gold: 2 }), "2 zlaťáky");
  assert.equal(cat.t("cards", {}), "? karet"); // no count: the form of 0, and "?" for the missing parameter
  assert.equal(cat.t("partial", { count: 5 }), "partial"); // no form and no `other`: the key
  assert.equal(new Catalog("en", { cards }).t("cards", { count: 1 }), "1 card");
});

test("format specs: width, alignment, precision, integers and percentages", () => {
  const cat = new Catalog("en", {});
  assert.equal(cat.format("[{x:>4}]", { x: 7 }), "[   7]");
  assert.equal(cat.format("[{x:<4}]", { x: 7 }), "[7   ]");
  assert.equal(cat.format("[{x:^5}]", { x: "ab" }), "[ ab  ]");
  assert.equal(cat.format("[{x:4}]", { x: 7 }), "[   7]"); // numbers go right by default
  assert.equal(cat.format("[{x:4}]", { x: "a" }), "[a   ]");
  assert.equal(cat.format("{x:.2f}", { x: 1.5 }), "1.50");
  assert.equal(cat.format("{x:.0%}", { x: 0.256 }), "26%");
  assert.equal(cat.format("{x:.1%}", { x: 0.5 }), "50.0%");
  assert.equal(cat.format("{x:%}", { x: 0.5 }), "50.000000%");
  assert.equal(cat.format("{x:d}", { x: 12 }), "12");
  assert.equal(cat.format("{x:.3}", { x: "abcdef" }), "abc");
  assert.equal(cat.format("{{literal}} {x}", { x: 1 }), "{literal} 1");
  assert.equal(cat.format("{p:+} {n:+} {z:+}", { p: 3, n: -2, z: 0 }), "+3 -2 +0");
  assert.equal(cat.format("[{p: }] [{p:+.1f}] [{p:>+4}]", { p: 3 }), "[ 3] [+3.0] [  +3]");
  assert.equal(cat.format("{s:+}", { s: "text" }), "{s:+}"); // a sign on a string: the template, as Python refuses it
});

test("Python's str() of values: None, True, lists", () => {
  const cat = new Catalog("en", {});
  assert.equal(cat.format("{a} {b} {c} {d}", { a: null, b: true, c: false, d: [1, "x"] }), "None True False [1, 'x']");
});

test("fields reach into objects and lists", () => {
  const cat = new Catalog("en", {});
  assert.equal(cat.format("{p.name} {l[1]} {m[k]}", { p: { name: "Ann" }, l: [4, 5], m: { k: "v" } }), "Ann 5 v");
  assert.equal(cat.format("{missing}", {}), "?");
});

test("a broken template or value renders the template itself, never throws", () => {
  const cat = new Catalog("en", { bad: "oops {x", pos: "{0}", d: "{x:d}" });
  assert.equal(cat.t("bad", { x: 1 }), "oops {x");
  assert.equal(cat.t("pos", {}), "{0}");
  assert.equal(cat.t("d", { x: "text" }), "{x:d}");
  assert.equal(cat.format("a } b", {}), "a } b");
  assert.equal(cat.t("no.such.key"), "no.such.key");
});

test("references: seats by name, catalog entries, lists", () => {
  const cat = new Catalog("en", {
    "player.default": "Player {number}",
    "card.castle": "Castle",
    "card.manor": "Manor",
    "list.separator": ", ",
    "list.empty": "nothing",
    built: "{seat:@player} built {card:@card}",
    cards: "{cards:@card*}",
  });
  assert.equal(cat.t("built", { seat: 1, card: "castle" }, ["Ann", "Bob"]), "Bob built Castle");
  assert.equal(cat.t("built", { seat: 4, card: "castle" }, ["Ann", "Bob"]), "Player 5 built Castle");
  assert.equal(cat.t("built", { seat: 0, card: "keep" }), "Player 1 built card.keep");
  assert.equal(cat.t("cards", { cards: ["castle", "manor"] }), "Castle, Manor");
  assert.equal(cat.t("cards", { cards: [] }), "nothing");
  assert.equal(cat.t("cards", { cards: "manor" }), "Manor");
});

test("an event uses its private message when the receiver saw every field it names", () => {
  const cat = new Catalog("en", {
    "player.default": "Player {number}",
    "event.drew": "{seat:@player} drew {count} cards",
    "event.drew.private": "{seat:@player} drew {cards}",
  });
  assert.equal(cat.event({ type: "drew", seat: 0, count: 2 }, ["Ann"]), "Ann drew 2 cards");
  assert.equal(cat.event({ type: "drew", seat: 0, count: 2, cards: "x, y" }, ["Ann"]), "Ann drew x, y");
  assert.equal(cat.event({ type: "unknown" }), "event.unknown");
});

test("the module's catalog: install, t, has; languages named in their own words", () => {
  i18n.install(new Catalog("en", { hello: "Hello {name}" }));
  assert.equal(i18n.t("hello", { name: "Ann" }), "Hello Ann");
  assert.equal(i18n.has("hello"), true);
  assert.equal(i18n.has("nope"), false);
  assert.deepEqual(i18n.LANGUAGES, ["en", "cs", "pt", "ro", "ko"]);
  assert.equal(i18n.getLang(), "pt"); // the saved choice
  assert.equal(i18n.languageName("cs"), "Čeština");
  assert.equal(i18n.languageName("ko"), "한국어");
});
