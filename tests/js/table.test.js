// The table page's pure parts: the state merged from syncs and updates (table/state.js), the frame's labels
// (table/labels.js), the clocks (table/clocks.js); and the links (links.js) and guide Markdown (guide.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom } from "./fake-dom.js";

const storage = installDom();
const i18n = await import("../../src/cetate/web/i18n.js");
const { TableState } = await import("../../src/cetate/web/table/state.js");
const { actionLabel, seatNames } = await import("../../src/cetate/web/table/labels.js");
const { clockLeft, formatClock } = await import("../../src/cetate/web/table/clocks.js");
const { inviteHash } = await import("../../src/cetate/web/links.js");
const { renderMarkdown, slugify } = await import("../../src/cetate/web/guide.js");

i18n.install(new i18n.Catalog("en", {
  "player.default": "Player {number}",
  "web.table.bot_name": "Bot {number}",
  "card.castle": "Castle",
  "action.build": "Build {card:@card}",
  "action.take": "{seat:@player} takes",
}));

function sync(extra = {}) {
  return {
    table: { status: "playing", seq: 3, to_move: 0, seats: [{ seat: 0, kind: "human", name: "Ann" }, { seat: 1, kind: "bot" }] },
    seat: 0,
    view: { players: [{}, {}], phase: "turn", you: { hand: [1, 2] }, gold: 2 },
    legal_actions: [{ type: "build", card: 1 }, { type: "pass" }],
    action_notes: [{ price: 2 }, {}],
    ...extra,
  };
}

test("a sync replaces what the page knows; the notes follow the legal actions", () => {
  const s = new TableState("t1");
  s.applySync(sync());
  assert.equal(s.seat, 0);
  assert.equal(s.table.seq, 3);
  assert.deepEqual(s.noteOf({ card: 1, type: "build" }), { price: 2 });
  assert.deepEqual(s.names(), ["Ann", "Bot 2"]);
  assert.equal(s.isMyTurn(), true);
  s.applySync(sync({ legal_actions: [], action_notes: undefined }));
  assert.equal(s.isMyTurn(), false);
  assert.equal(s.noteOf({ type: "build", card: 1 }), null);
});

test("an update merges the summary and the view's changed parts, and drops the removed ones", () => {
  const s = new TableState("t1");
  s.applySync(sync());
  s.applyUpdate({
    table: { seq: 4, to_move: 1 },
    view_changes: { gold: 5, phase: "draft" },
    view_removed: ["you"],
    legal_actions: [],
    events: [{ type: "built", seat: 0 }],
    last_action: { seat: 0, action: { type: "build", card: 1 } },
  });
  assert.equal(s.table.seq, 4);
  assert.equal(s.table.status, "playing"); // kept from the sync
  assert.deepEqual(s.view, { players: [{}, {}], phase: "draft", gold: 5 });
  assert.deepEqual(s.lastEvents, [{ type: "built", seat: 0 }]);
  assert.equal(s.lastAction.seat, 0);
  assert.equal(s.isMyTurn(), false);
  // a whole view replaces the merged one
  s.applyUpdate({ view: { players: [{}, {}], phase: "end" } });
  assert.deepEqual(s.view, { players: [{}, {}], phase: "end" });
  assert.deepEqual(s.lastEvents, []);
  assert.equal(s.lastAction, null);
});

test("presence changes only the seats' `connected`", () => {
  const s = new TableState("t1");
  assert.equal(s.applyPresence({ seats: [] }), false); // nothing to change before the sync
  s.applySync(sync());
  assert.equal(s.applyPresence({ seats: [{ seat: 0, connected: false }, { seat: 5, connected: true }] }), true);
  assert.equal(s.table.seats[0].connected, false);
  assert.equal(s.offline(s.table.seats[0]), true);
  assert.equal(s.offline(s.table.seats[1]), false); // a bot is never away
});

test("hot seat: the curtain falls when the move passes to another seat this device holds", () => {
  storage.clear();
  const s = new TableState("hs");
  s.applySync(sync({ table: { status: "playing", to_move: 1, seats: [{ seat: 0, kind: "hotseat" }, { seat: 1, kind: "hotseat" }] } }));
  assert.equal(s.curtainSeat(), null); // this device holds no seat
  storage.setItem("cetate.tables", JSON.stringify({ hs: { seats: { 0: { token: "a", kind: "hotseat" }, 1: { token: "b", kind: "hotseat" } }, host: "h" } }));
  assert.deepEqual(Object.keys(s.held()), ["0", "1"]);
  assert.equal(s.host(), "h");
  assert.equal(s.curtainSeat(), 1);
  s.seat = 1;
  assert.equal(s.curtainSeat(), null); // it is already that seat's turn on the device
  s.seat = 0;
  s.table.status = "over";
  assert.equal(s.curtainSeat(), null);
  s.dropSeat();
  assert.equal(s.seat, null);
  assert.equal(s.token, null);
  assert.deepEqual(s.legal, []);
});

test("seat names: joined names, bots, default player names", () => {
  assert.deepEqual(seatNames([{ seat: 1, name: "Bob" }, { seat: 0, kind: "bot" }], 3), ["Bot 1", "Bob", "Player 3"]);
  assert.deepEqual(seatNames(null, 2), ["Player 1", "Player 2"]);
});

test("an action's label: its message, else its fields", () => {
  assert.equal(actionLabel({ type: "build", card: "castle" }, []), "Build Castle");
  assert.equal(actionLabel({ type: "take", seat: 1 }, ["Ann", "Bob"]), "Bob takes");
  assert.equal(actionLabel({ type: "swap", cells: [1, 2], tile: "t" }, []), "swap (cells=[1,2], tile=t)");
  assert.equal(actionLabel({ type: "pass" }, []), "pass");
});

test("clocks count down while they run", () => {
  const c = { remaining: 95, at: 1000, running: true };
  assert.equal(clockLeft(c, 1000), 95);
  assert.equal(clockLeft(c, 11000), 85);
  assert.equal(formatClock(c, 11000), "1:25");
  assert.equal(formatClock(c, 200000), "0:00");
  assert.equal(formatClock({ ...c, running: false }, 50000), "1:35");
  assert.equal(formatClock({ remaining: 3 * 3600 + 5 * 60 + 7, at: 0, running: false }, 0), "3:05:07"); // turn-based
});

test("inviteHash: invite links, spectator and replay links, bare table ids", () => {
  assert.equal(inviteHash("https://x.org/#/t/abc123?seat=1&token=zz"), "#/t/abc123?seat=1&token=zz");
  assert.equal(inviteHash("see #/replay/abc123?seat=0 there"), "#/replay/abc123?seat=0");
  assert.equal(inviteHash("Tbl_42-x"), "#/t/Tbl_42-x");
  assert.equal(inviteHash("abc"), null);
  assert.equal(inviteHash("no link here"), null);
  assert.equal(inviteHash(""), null);
});

test("the guide's Markdown: headings, lists, tables, code, emphasis, links to other sections", () => {
  assert.equal(slugify("Les Rôles: Évêque"), "les-roles-eveque");
  const html = renderMarkdown([
    "# The turn", "", "Take **gold** or *cards*; see **Unknown**.", "",
    "- one", "  - nested", "- two", "", "1. first", "2. second", "",
    "| a | b |", "|---|---|", "| 1 | `x<y` |", "", "```", "<raw>", "```",
  ].join("\n"), new Set(["gold"]));
  assert.ok(html.includes('<h2 id="guide-the-turn">The turn</h2>'), html);
  assert.ok(html.includes('<a href="#" class="guide-link" data-slug="gold"><strong>gold</strong></a>'), html);
  assert.ok(html.includes("<em>cards</em>"), html);
  assert.ok(html.includes("<strong>Unknown</strong>") && !html.includes('data-slug="unknown"'), html);
  assert.ok(html.includes("<ul><li>one<ul><li>nested</li></ul></li><li>two</li></ul>"), html);
  assert.ok(html.includes("<ol><li>first</li><li>second</li></ol>"), html);
  assert.ok(html.includes("<thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td><code>x&lt;y</code></td></tr></tbody>"), html);
  assert.ok(html.includes("<pre><code>&lt;raw&gt;</code></pre>"), html);
  assert.equal(renderMarkdown("<script>alert(1)</script>"), "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
});
