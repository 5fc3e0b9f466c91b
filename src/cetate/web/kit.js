// The kit of the game modules (games/<id>.js): the small helpers every table module needs, written once.
// A game module draws what `ctx` holds (the view, the legal actions and their notes, the catalog); these helpers
// only sort legal actions, read the engine's notes and refusals, make buttons, name seats and mark the control
// of a hinted move. None of them knows a rule of any game. The frame (table.js, replay.js) uses `actionKey` too,
// and passes it as `ctx.actionKey`.
import { h, fromMarkup } from "./dom.js";

// A legal action's identity: the same object, whatever the order of its keys.
export function actionKey(a) {
  const keys = Object.keys(a || {}).sort();
  return JSON.stringify(keys.map((k) => [k, a[k]]));
}

// The legal actions grouped by type, in their order: {type: [action, ...]}.
export function byType(legal) {
  const out = {};
  for (const a of legal || []) (out[a.type] ||= []).push(a);
  return out;
}

// -- what the engine says about moves: action notes and refusals ----------------------------------------------

// The engine's note on a legal action (what it costs and does: ctx.noteOf), or {} when there is none.
export function noteOf(ctx, action) {
  return (action && ctx.noteOf && ctx.noteOf(action)) || {};
}

// The view's refusal (`view.refusals`: {code, target, ...numbers}) whose target has every field of `target`
// (e.g. {card: 12}, {gate: 2}, or a would-be action), or null.
export function refusalOf(ctx, target) {
  const wanted = Object.entries(target || {});
  const same = (a, b) => a === b || (typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b));
  return ((ctx.view && ctx.view.refusals) || []).find((r) => r.target && wanted.every(([k, v]) => same(r.target[k], v))) || null;
}

// A refusal in words: its message `refusal.<code>`, with the target's fields and the refusal's numbers.
export function refusalText(ctx, refusal) {
  const { code, target, ...numbers } = refusal;
  return ctx.t(`refusal.${code}`, { ...(target || {}), ...numbers });
}

// The refusal of `target` in words (refusalOf, refusalText), or `fallback` when the view has none.
export function whyNot(ctx, target, fallback = null) {
  const r = refusalOf(ctx, target);
  return r ? refusalText(ctx, r) : fallback;
}

// -- the hint (the frame puts the move suggested for this seat in `ctx.hint`) -----------------------------

// True when `action` is the move the hint suggests.
export function isHint(ctx, action) {
  return !!(action && ctx && ctx.hint && actionKey(ctx.hint.action) === actionKey(action));
}

// The class that marks the control of the hinted move ("hinted"), or null: for h()'s class lists.
export function hinted(ctx, action) {
  return isHint(ctx, action) ? "hinted" : null;
}

// A click handler that plays `action` (after `before()`, when given). It carries its action (`.action`) and
// whether it is the hint's (`.hinted`), so the element it is bound to can be marked (markHint).
export function actOf(ctx, action, before = null) {
  const f = () => { if (before) before(); ctx.act(action); };
  f.action = action;
  f.hinted = isHint(ctx, action);
  return f;
}

// Mark `el` as the hinted control when its click handler was made by actOf for the hint's move; returns `el`.
export function markHint(el, onClick) {
  if (onClick && onClick.hinted) el.classList.add("hinted");
  return el;
}

// -- controls ---------------------------------------------------------------------------------------------

// A button labelled `label` (text or elements) with class "button <cls>"; marked when its handler plays the hint.
export function button(label, onClick, cls = "", attrs = {}) {
  const b = h("button", { type: "button", class: `button ${cls}`.trim(), ...attrs }, label);
  b.addEventListener("click", onClick);
  return markHint(b, onClick);
}

// A button with an icon (SVG markup) before its label.
export function iconButton(svg, label, onClick, cls = "", attrs = {}) {
  const b = h("button", { type: "button", class: `button ${cls}`.trim(), ...attrs }, fromMarkup(svg), h("span", null, label));
  b.addEventListener("click", onClick);
  return markHint(b, onClick);
}

// A small tool button that shows `content` (a symbol) and is named by `title` (tooltip and aria-label); its
// class is `cls` alone (the game styles its tools).
export function toolButton(content, title, onClick, cls = "", attrs = {}) {
  const b = h("button", { type: "button", class: cls || null, title, "aria-label": title, ...attrs }, content);
  b.addEventListener("click", onClick);
  return markHint(b, onClick);
}

// -- seats ------------------------------------------------------------------------------------------------

// A seat's name as the frame gives it (ctx.players), or the default "Player N".
export function nameOf(ctx, seat) {
  return ctx.players[seat] ?? ctx.t("player.default", { number: seat + 1 });
}

// The order to draw `count` seats in for the viewer `me`: you first, then the others in turn order; with
// `mineLast`, the others in turn order after you and yours last (next to your hand). A spectator (me null)
// sees the seats in their own order.
export function seatOrder(count, me, { mineLast = false } = {}) {
  const all = [...Array(Math.max(0, count || 0)).keys()];
  if (me === null || me === undefined || !(me >= 0 && me < count)) return all;
  return all.map((i) => (me + i + (mineLast ? 1 : 0)) % count);
}

// How many items of `list` equal `x`.
export function countOf(list, x) {
  let n = 0;
  for (const y of list || []) if (y === x) n++;
  return n;
}

// A touch screen (a phone, a tablet): the game modules' hints say "tap" where they say "click"
// (web.<game>.touch.*). The last pointer used decides; before any, the screen's main pointer does.
let touchSeen = false;
if (typeof window !== "undefined") window.addEventListener("pointerdown", (ev) => { touchSeen = ev.pointerType === "touch"; }, true);
export function touchScreen() {
  return touchSeen || (typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches);
}
