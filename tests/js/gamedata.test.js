// A game's static catalog in the browser, and the action notes looked up by action (src/cetate/web/gamedata.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as gamedata from "../../src/cetate/web/gamedata.js";
import { actionKey } from "../../src/cetate/web/kit.js";

test("notesByAction finds the note of a legal action, whatever the order of its fields", () => {
  const legal = [{ type: "build", card: 4 }, { type: "gold" }, { type: "destroy", seat: 1, card: 9 }];
  const notes = [{ price: 3, printed: 4 }, {}, { price: 2 }];
  const noteOf = gamedata.notesByAction(legal, notes, actionKey);
  assert.deepEqual(noteOf({ card: 4, type: "build" }), { price: 3, printed: 4 });
  assert.deepEqual(noteOf({ type: "gold" }), {});
  assert.deepEqual(noteOf({ card: 9, seat: 1, type: "destroy" }), { price: 2 });
});

test("notesByAction: no note for an action that is not legal, nor for no action", () => {
  const noteOf = gamedata.notesByAction([{ type: "gold" }], [{ x: 1 }], actionKey);
  assert.equal(noteOf({ type: "cards" }), null);
  assert.equal(noteOf(null), null);
  assert.equal(noteOf(undefined), null);
});

test("notesByAction: missing or short notes give an empty note for each legal action", () => {
  const legal = [{ type: "a" }, { type: "b" }];
  assert.deepEqual(gamedata.notesByAction(legal, null, actionKey)({ type: "b" }), {});
  assert.deepEqual(gamedata.notesByAction(legal, [{ n: 1 }], actionKey)({ type: "b" }), {});
  assert.deepEqual(gamedata.notesByAction(legal, [null, { n: 2 }], actionKey)({ type: "a" }), {});
  assert.equal(gamedata.notesByAction(null, null, actionKey)({ type: "a" }), null);
});

test("load fetches a catalog once per game and language; get returns it once loaded", async (t) => {
  const calls = [];
  t.mock.method(globalThis, "fetch", async (url) => {
    calls.push(url);
    return { ok: true, status: 200, json: async () => ({ cards: { 1: { name: url } } }) };
  });
  assert.deepEqual(gamedata.get("demo", "cs"), {});
  const [a, b] = await Promise.all([gamedata.load("demo", "cs"), gamedata.load("demo", "cs")]);
  assert.equal(a, b);
  assert.deepEqual(calls, ["/api/games/demo/catalog/cs"]);
  assert.equal(gamedata.get("demo", "cs"), a);
  await gamedata.load("demo", "ro");
  assert.deepEqual(calls, ["/api/games/demo/catalog/cs", "/api/games/demo/catalog/ro"]);
  assert.deepEqual(gamedata.get("other", "cs"), {});
});

test("a catalog that failed to load is asked for again", async (t) => {
  let answer = { ok: false, status: 503, json: async () => ({}) };
  const fetch = t.mock.method(globalThis, "fetch", async () => answer);
  await assert.rejects(gamedata.load("flaky", "en"), /catalog 503/);
  assert.deepEqual(gamedata.get("flaky", "en"), {});
  answer = { ok: true, status: 200, json: async () => ({ ok: 1 }) };
  assert.deepEqual(await gamedata.load("flaky", "en"), { ok: 1 });
  assert.equal(fetch.mock.callCount(), 2);
});
