// Accounts in the client (docs/accounts.md): the CSRF header on the account calls and on a rated table, the
// session kept by account.js (a stale token fetched again once), which guest seats a sign-up may claim, the
// sign-up form's own checks, the server's codes in words (errors.js), and the rating chart's geometry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./fake-dom.js";

installDom();
const i18n = await import("../../src/cetate/web/i18n.js");
const { api, ApiError } = await import("../../src/cetate/web/api.js");
const account = await import("../../src/cetate/web/account.js");
const { errorText, codeText } = await import("../../src/cetate/web/errors.js");
const { chartModel, niceTicks, START } = await import("../../src/cetate/web/accounts.js");

i18n.install(new i18n.Catalog("en", {
  "web.error.server": "The server answered: {message}",
  "web.error.network": "No network.",
  "web.error.code.bad_credentials": "That user name and password do not match an account.",
  "web.error.code.password_mismatch": "The two passwords are not the same.",
}));

// a fetch that answers from a list of [status, body] and records what it was asked
function fakeFetch(answers) {
  const calls = [];
  globalThis.fetch = async (url, init) => {
    calls.push({ url, method: init.method, headers: init.headers, body: init.body ? JSON.parse(init.body) : undefined });
    const [status, body] = answers.shift() || [500, {}];
    return { ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) };
  };
  return calls;
}

test("account calls and a signed-in table send the CSRF token; a guest's table sends none", async () => {
  const calls = fakeFetch([[201, { user: { name: "Ana" }, csrf: "c2" }], [201, { table_id: "t" }], [201, { table_id: "u" }]]);
  await api.signUp({ name: "Ana", password: "a long phrase" }, "c1");
  await api.createTable({ game: "gates", rated: true }, "c2");
  await api.createTable({ game: "gates" }, null);
  assert.equal(calls[0].url, "/api/account/signup");
  assert.equal(calls[0].headers["X-CSRF-Token"], "c1");
  assert.equal(calls[0].headers["Content-Type"], "application/json");
  assert.equal(calls[1].headers["X-CSRF-Token"], "c2");
  assert.deepEqual(calls[1].body, { game: "gates", rated: true });
  assert.equal("X-CSRF-Token" in calls[2].headers, false);
});

test("account.js keeps who is signed in, and fetches a refused token again once", async () => {
  const seen = [];
  const off = account.onChange((u) => seen.push(u && u.name));
  const calls = fakeFetch([
    [200, { user: null, csrf: "guest" }], // GET /api/account
    [403, { error: { code: "csrf_failed", message: "stale" } }], // the first sign-in try
    [200, { user: null, csrf: "fresh" }], // GET /api/account again
    [200, { user: { name: "Ana", display_name: "Ana" }, csrf: "session" }], // the second try
  ]);
  assert.equal(await account.load(true), null);
  assert.equal(account.csrf(), "guest");
  await account.signIn("Ana", "a long phrase");
  assert.deepEqual(calls.map((c) => `${c.method} ${c.url} ${c.headers["X-CSRF-Token"] || ""}`.trim()), [
    "GET /api/account", "POST /api/account/signin guest", "GET /api/account", "POST /api/account/signin fresh"]);
  assert.equal(account.user().name, "Ana");
  assert.equal(account.signedIn(), true);
  assert.equal(account.csrf(), "session");
  assert.deepEqual(seen, ["Ana"]);

  // a wrong password is refused plainly, and the person stays who they were
  fakeFetch([[401, { error: { code: "bad_credentials", message: "no", field: "password" } }]]);
  await assert.rejects(account.signIn("Ana", "wrong"), (e) => e instanceof ApiError && e.code === "bad_credentials" && e.field === "password");
  assert.equal(account.user().name, "Ana");

  fakeFetch([[200, { user: null }], [200, { user: null, csrf: "guest2" }]]);
  await account.signOut();
  assert.equal(account.user(), null);
  assert.equal(account.csrf(), "guest2");
  assert.deepEqual(seen, ["Ana", null]);
  off();
});

test("a sign-up claims this device's seats, not the invites it holds for others nor its host token", () => {
  const all = {
    t1: { game: "gates", host: "host1", seats: { 0: { token: "mine1", kind: "human" } }, invites: { 1: "link" } },
    t2: { seats: { 0: { token: "hot0", kind: "hotseat" }, 1: { token: "hot1", kind: "hotseat" } } },
    t3: { seats: { 1: { token: "invite", kind: "human", invite: true } } },
    t4: { host: "host4", seats: {} },
  };
  assert.deepEqual(account.claimableTokens(all), ["mine1", "hot0", "hot1"]);
  // seats the account has already are not offered again
  assert.deepEqual(account.claimableSeats(all, [{ table_id: "t2", seat: 1 }]).map((s) => `${s.table_id}/${s.seat}`), ["t1/0", "t2/0"]);
  assert.deepEqual(account.claimableTokens({}), []);
});

test("the sign-up form checks what it can before asking the server", () => {
  const ok = { name: "Ana", password: "a long phrase", password2: "a long phrase" };
  assert.deepEqual(account.checkSignUp(ok), []);
  assert.deepEqual(account.checkSignUp({ ...ok, name: "Ștefan.M" }), []); // letters of any script
  assert.deepEqual(account.checkSignUp({ ...ok, name: "강민" }), []);
  for (const name of ["a", "-ana", "a b", "x".repeat(25), ""]) {
    assert.deepEqual(account.checkSignUp({ ...ok, name }), [{ field: "name", code: "bad_user_name" }], name);
  }
  assert.deepEqual(account.checkSignUp({ ...ok, password: "short", password2: "short" }), [{ field: "password", code: "weak_password" }]);
  assert.deepEqual(account.checkSignUp({ name: "Maria1234", password: "maria1234", password2: "maria1234" }), [{ field: "password", code: "weak_password" }]);
  assert.deepEqual(account.checkSignUp({ ...ok, password2: "another" }), [{ field: "password2", code: "password_mismatch" }]);
});

test("the server's codes are shown in words, others as the server said them", () => {
  assert.equal(errorText(new ApiError(401, "bad_credentials", "no match")), "That user name and password do not match an account.");
  assert.equal(errorText(new ApiError(422, "cannot_afford", "too dear")), "The server answered: too dear");
  assert.equal(errorText(new ApiError(0, "network", "down")), "No network.");
  assert.equal(codeText("password_mismatch"), "The two passwords are not the same.");
});

test("axis steps are round numbers that cover the range", () => {
  assert.deepEqual(niceTicks(1500, 1700, 4), { step: 50, ticks: [1500, 1550, 1600, 1650, 1700] });
  assert.deepEqual(niceTicks(0, 7, 5).step, 2);
  assert.deepEqual(niceTicks(1423, 1611, 4).ticks, [1450, 1500, 1550, 1600]);
  assert.deepEqual(niceTicks(5, 5).ticks, [5, 5.5, 6]); // an empty range is widened to one
});

test("the rating chart starts at a newcomer's rating and draws one point per rated game, inside its plot", () => {
  const history = [{ shown: 1672, plus_minus: 1210 }, { shown: 1640, plus_minus: 1100 }, { shown: 1790, plus_minus: 990 }];
  const m = chartModel(history, { width: 560, height: 220 });
  assert.equal(m.points.length, 4);
  assert.deepEqual([m.points[0].shown, m.points[0].plus_minus], [START.shown, START.plus_minus]);
  assert.equal(m.points[0].x, m.plot.x);
  assert.equal(m.points[3].x, m.plot.x + m.plot.w);
  for (const p of m.points) {
    assert.ok(p.y >= m.plot.y - 0.1 && p.y <= m.plot.y + m.plot.h + 0.1, JSON.stringify(p));
  }
  // higher ratings are drawn higher up
  assert.ok(m.points[3].y < m.points[1].y && m.points[1].y < m.points[0].y);
  assert.ok(m.lo <= 1500 && m.hi >= 1790);
  assert.match(m.line, /^M[\d.]+ [\d.]+( L[\d.]+ [\d.]+){3}$/);
  assert.match(m.band, /Z$/);
  assert.deepEqual(m.xTicks.map((tk) => tk.value), [0, 1, 2, 3]);
  assert.ok(m.yTicks.length >= 3 && m.yTicks.every((tk) => tk.value % 50 === 0));

  // one game of no change still has a readable axis
  const flat = chartModel([{ shown: 1500, plus_minus: 1200 }]);
  assert.ok(flat.hi - flat.lo >= 100);
  assert.equal(flat.points[1].y, flat.points[0].y);
  // many games: a few x ticks, not one per game
  const many = chartModel(Array.from({ length: 40 }, (_, i) => ({ shown: 1500 + i * 5, plus_minus: 1000 - i * 10 })));
  assert.ok(many.xTicks.length <= 9, String(many.xTicks.length));
});
