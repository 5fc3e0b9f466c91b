// The public lobby's filters and quick match in the client (docs/accounts.md, "The public lobby", "Quick match"):
// which open tables a filter keeps, the quick-match calls with the account's CSRF header, and the wait's clock.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./fake-dom.js";

installDom();
const { api } = await import("../../src/cetate/web/api.js");
const { publicMatches } = await import("../../src/cetate/web/lobby.js");
const { clockText } = await import("../../src/cetate/web/quickmatch.js");

function fakeFetch(answers) {
  const calls = [];
  globalThis.fetch = async (url, init) => {
    calls.push({ url, method: init.method, headers: init.headers, body: init.body ? JSON.parse(init.body) : undefined });
    const [status, body] = answers.shift() || [500, {}];
    return { ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) };
  };
  return calls;
}

const table = (over = {}) => ({ table_id: "t", game: "citadels", players: 4, rated: false, ratings: null, ...over });

test("the lobby's filters: players, rated or not, and near my rating", () => {
  const none = { players: "", rated: "", near: "" };
  assert.equal(publicMatches(table(), none), true);
  assert.equal(publicMatches(table(), { ...none, players: "4" }), true);
  assert.equal(publicMatches(table(), { ...none, players: "3" }), false);
  assert.equal(publicMatches(table({ rated: true }), { ...none, rated: "rated" }), true);
  assert.equal(publicMatches(table(), { ...none, rated: "rated" }), false);
  assert.equal(publicMatches(table({ rated: true }), { ...none, rated: "unrated" }), false);
  const rated = table({ rated: true, ratings: { low: 1600, high: 1700 } });
  const near = { ...none, near: "near" };
  assert.equal(publicMatches(rated, near, { citadels: 1400 }, 300), true); // 1600 - 300 <= 1400
  assert.equal(publicMatches(rated, near, { citadels: 1250 }, 300), false);
  assert.equal(publicMatches(rated, near, { citadels: 2050 }, 300), false);
  assert.equal(publicMatches(rated, near, { gates: 900 }, 300), true); // no rating at this game: kept
  assert.equal(publicMatches(table(), near, { citadels: 900 }, 300), true); // nobody rated seated: kept
  assert.equal(publicMatches(rated, none, { citadels: 900 }, 300), true); // the filter off
});

test("quick match calls carry the CSRF header; the lobby and a seat need none", async () => {
  const calls = fakeFetch([[201, { status: "waiting" }], [200, { status: "matched" }], [200, { cancelled: true }],
    [200, { status: "none" }], [200, { tables: [] }], [200, { seat: 1, token: "tok" }]]);
  await api.quickJoin({ game: "gates", players: 2, bots_after_s: 30 }, "c1");
  await api.quickBots("c2");
  await api.quickCancel("c3");
  await api.quick();
  await api.lobby("gates");
  await api.sit("a b", "Ana");
  assert.deepEqual(calls.map((c) => [c.method, c.url]), [["POST", "/api/quick"], ["POST", "/api/quick/bots"],
    ["POST", "/api/quick/cancel"], ["GET", "/api/quick"], ["GET", "/api/lobby?game=gates"], ["POST", "/api/tables/a%20b/sit"]]);
  assert.deepEqual(calls.slice(0, 3).map((c) => c.headers["X-CSRF-Token"]), ["c1", "c2", "c3"]);
  assert.deepEqual(calls[0].body, { game: "gates", players: 2, bots_after_s: 30 });
  assert.equal(calls[4].headers["X-CSRF-Token"], undefined);
  assert.deepEqual(calls[5].body, { name: "Ana" });
});

test("the wait reads as minutes and seconds", () => {
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(7.9), "0:07");
  assert.equal(clockText(75), "1:15");
  assert.equal(clockText(-3), "0:00");
});
