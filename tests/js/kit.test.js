// The game modules' kit (src/cetate/web/kit.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./fake-dom.js";

installDom();
const kit = await import("../../src/cetate/web/kit.js");

const names = ["Ann", "Bob", "Cyril"];
const ctxWith = (hint, sent = []) => ({
  hint,
  players: names,
  t: (key, params) => `${key}:${JSON.stringify(params)}`,
  act: (a) => sent.push(a),
});

test("actionKey ignores the order of an action's fields", () => {
  assert.equal(kit.actionKey({ type: "build", card: 3 }), kit.actionKey({ card: 3, type: "build" }));
  assert.notEqual(kit.actionKey({ type: "build", card: 3 }), kit.actionKey({ type: "build", card: 4 }));
  assert.notEqual(kit.actionKey({ type: "take", cells: [1, 2] }), kit.actionKey({ type: "take", cells: [2, 1] }));
  assert.equal(kit.actionKey(null), "[]");
});

test("byType groups legal actions by type, in their order", () => {
  const legal = [{ type: "take", n: 1 }, { type: "build", card: 2 }, { type: "take", n: 2 }];
  assert.deepEqual(kit.byType(legal), { take: [legal[0], legal[2]], build: [legal[1]] });
  assert.deepEqual(kit.byType(null), {});
});

test("the hint marks only the control of its own move", () => {
  const ctx = ctxWith({ action: { card: 2, type: "build" } });
  assert.equal(kit.isHint(ctx, { type: "build", card: 2 }), true);
  assert.equal(kit.hinted(ctx, { type: "build", card: 2 }), "hinted");
  assert.equal(kit.hinted(ctx, { type: "build", card: 3 }), null);
  assert.equal(kit.hinted(ctxWith(null), { type: "build", card: 2 }), null);
  assert.equal(kit.hinted(ctx, null), null);
});

test("actOf plays its action after `before`, and carries it", () => {
  const sent = [];
  const order = [];
  const ctx = ctxWith({ action: { type: "pass" } }, sent);
  const f = kit.actOf(ctx, { type: "pass" }, () => order.push("before"));
  assert.deepEqual(f.action, { type: "pass" });
  assert.equal(f.hinted, true);
  f();
  assert.deepEqual(sent, [{ type: "pass" }]);
  assert.deepEqual(order, ["before"]);
  assert.equal(kit.actOf(ctx, { type: "other" }).hinted, false);
});

test("button, iconButton and toolButton: classes, labels, clicks and the hint mark", () => {
  const sent = [];
  const ctx = ctxWith({ action: { type: "pass" } }, sent);
  const b = kit.button("Pass", kit.actOf(ctx, { type: "pass" }), "primary", { "data-action": "pass" });
  assert.equal(b.tagName, "BUTTON");
  assert.equal(b.getAttribute("type"), "button");
  assert.deepEqual(b.className.split(" ").sort(), ["button", "hinted", "primary"]);
  assert.equal(b.getAttribute("data-action"), "pass");
  assert.equal(b.textContent, "Pass");
  b.click();
  assert.deepEqual(sent, [{ type: "pass" }]);

  const plain = kit.button("Other", () => sent.push("plain"));
  assert.equal(plain.className, "button");
  plain.click();
  assert.equal(sent.at(-1), "plain");

  const icon = kit.iconButton('<svg class="i"></svg>', "Gold", kit.actOf(ctx, { type: "gold" }), "small");
  assert.equal(icon.className, "button small");
  assert.equal(icon.childNodes[0].tagName, "SVG");
  assert.equal(icon.childNodes[1].textContent, "Gold");

  const tool = kit.toolButton("⟲", "Rotate", () => {}, "akr-tool");
  assert.equal(tool.className, "akr-tool");
  assert.equal(tool.getAttribute("title"), "Rotate");
  assert.equal(tool.getAttribute("aria-label"), "Rotate");
  assert.equal(tool.textContent, "⟲");
});

test("markHint marks an element whose handler plays the hint", () => {
  const ctx = ctxWith({ action: { type: "pass" } });
  const el = globalThis.document.createElement("div");
  assert.equal(kit.markHint(el, kit.actOf(ctx, { type: "pass" })), el);
  assert.ok(el.classList.contains("hinted"));
  const other = globalThis.document.createElement("div");
  kit.markHint(other, () => {});
  kit.markHint(other, null);
  assert.equal(other.className, "");
});

test("nameOf gives the frame's name, else the default player name", () => {
  const ctx = ctxWith(null);
  assert.equal(kit.nameOf(ctx, 1), "Bob");
  assert.equal(kit.nameOf(ctx, 5), 'player.default:{"number":6}');
});

test("seatOrder: you first, or the others after you and yours last; a spectator's in seat order", () => {
  assert.deepEqual(kit.seatOrder(4, 2), [2, 3, 0, 1]);
  assert.deepEqual(kit.seatOrder(4, 2, { mineLast: true }), [3, 0, 1, 2]);
  assert.deepEqual(kit.seatOrder(4, 0, { mineLast: true }), [1, 2, 3, 0]);
  assert.deepEqual(kit.seatOrder(3, null), [0, 1, 2]);
  assert.deepEqual(kit.seatOrder(3, undefined, { mineLast: true }), [0, 1, 2]);
  assert.deepEqual(kit.seatOrder(1, 0), [0]);
  assert.deepEqual(kit.seatOrder(2, 7), [0, 1]);
});

test("countOf counts equal items", () => {
  assert.equal(kit.countOf(["a", "b", "a"], "a"), 2);
  assert.equal(kit.countOf([], "a"), 0);
  assert.equal(kit.countOf(null, "a"), 0);
});

test("noteOf: the engine's note on a legal action, or an empty one", () => {
  const ctx = { noteOf: (a) => (a.type === "build" ? { price: 3 } : null) };
  assert.deepEqual(kit.noteOf(ctx, { type: "build", card: 1 }), { price: 3 });
  assert.deepEqual(kit.noteOf(ctx, { type: "pass" }), {});
  assert.deepEqual(kit.noteOf(ctx, null), {});
  assert.deepEqual(kit.noteOf({}, { type: "build" }), {});
});

test("refusalOf finds the view's refusal by its target's fields; refusalText says it", () => {
  const refusals = [
    { code: "gold", target: { type: "build", card: "castle" }, cost: 5, gold: 4 },
    { code: "height", target: { site: 2, cells: [[0, 1], [1, 1]] } },
    { code: "symbol", target: { gate: 1 }, symbol: "coin" },
  ];
  const ctx = { view: { refusals }, t: (key, params) => `${key} ${JSON.stringify(params)}` };
  assert.equal(kit.refusalOf(ctx, { card: "castle" }), refusals[0]);
  assert.equal(kit.refusalOf(ctx, { type: "build", card: "castle" }), refusals[0]);
  assert.equal(kit.refusalOf(ctx, { type: "build", card: "manor" }), null);
  assert.equal(kit.refusalOf(ctx, { cells: [[0, 1], [1, 1]] }), refusals[1]);
  assert.equal(kit.refusalOf(ctx, { gate: 1 }), refusals[2]);
  assert.equal(kit.refusalOf({ view: {} }, { gate: 1 }), null);
  assert.equal(kit.refusalText(ctx, refusals[0]), 'refusal.gold {"type":"build","card":"castle","cost":5,"gold":4}');
  assert.equal(kit.refusalText(ctx, refusals[2]), 'refusal.symbol {"gate":1,"symbol":"coin"}');
});

test("whyNot says the view's refusal of a target, else the fallback", () => {
  const refusals = [{ code: "gold", target: { type: "build", card: "castle" }, cost: 5, gold: 4 }];
  const ctx = { view: { refusals }, t: (key, params) => `${key} ${JSON.stringify(params)}` };
  assert.equal(kit.whyNot(ctx, { type: "build", card: "castle" }), 'refusal.gold {"type":"build","card":"castle","cost":5,"gold":4}');
  assert.equal(kit.whyNot(ctx, { type: "build", card: "manor" }), null);
  assert.equal(kit.whyNot(ctx, { type: "build", card: "manor" }, "not now"), "not now");
  assert.equal(kit.whyNot({ view: {}, t: ctx.t }, { card: "castle" }, ""), "");
});
