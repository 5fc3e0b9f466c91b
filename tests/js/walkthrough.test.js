// The first-match guide's memory (src/cetate/web/games/walkthrough.js): a stage finished or the guide skipped
// is kept per game in localStorage, "show again" forgets it, and a damaged or missing storage never breaks it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./fake-dom.js";

const storage = installDom();
const walk = await import("../../src/cetate/web/games/walkthrough.js");

test("a finished stage is remembered for its game only", () => {
  storage.clear();
  assert.equal(walk.done("gates", "draft"), false);
  walk.finish("gates", "draft");
  assert.equal(walk.done("gates", "draft"), true);
  assert.equal(walk.done("gates", "duel"), false);
  assert.equal(walk.done("citadels", "draft"), false);
  walk.finish("gates", "duel");
  assert.deepEqual(JSON.parse(storage.getItem("cetate.walkthrough")), { gates: { draft: true, duel: true } });
});

test("skipping covers every stage; show again forgets the game's guide only", () => {
  storage.clear();
  walk.finish("akropolis", "first");
  walk.skip("gates");
  assert.equal(walk.done("gates", "draft") && walk.done("gates", "duel"), true);
  walk.reset("gates");
  assert.equal(walk.done("gates", "draft"), false);
  assert.equal(walk.done("akropolis", "first"), true);
});

test("a damaged value or a storage that refuses writes shows the guide again", () => {
  storage.setItem("cetate.walkthrough", "{not json");
  assert.equal(walk.done("gates", "draft"), false);
  storage.setItem("cetate.walkthrough", "[1, 2]");
  assert.equal(walk.done("gates", "draft"), false);
  storage.setItem("cetate.walkthrough", JSON.stringify({ gates: "yes" }));
  assert.equal(walk.done("gates", "draft"), false);
  walk.finish("gates", "draft");
  assert.equal(walk.done("gates", "draft"), true);
  const setItem = storage.setItem;
  storage.setItem = () => { throw new Error("quota"); };
  try {
    walk.reset("gates"); // no exception: nothing kept
    assert.equal(walk.done("gates", "draft"), true);
  } finally {
    storage.setItem = setItem;
  }
});
