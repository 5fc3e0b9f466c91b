// The generic table: what a game with no table module of its own (games/<id>.js) is drawn with, on the table page
// and in the replay. It knows no rule and no game: it draws the seat's view as data, readably, and offers every
// legal action as a button in the game's own words.
//   the view's fields   a label (the game's `view.<field>` message, else the field's name) and its value: numbers
//                       and words as they are, yes/no, a seat's name for the fields that name a seat, lists as
//                       chips or small tables, objects as nested groups; a list with one item per seat becomes a
//                       column of the players' table (and a badge on each seat's chip)
//   the moves           each legal action labelled like the frame labels moves (`action.<type>`, its fields),
//                       with the engine's note (`note.<field>` messages, else "field: value"); the view's
//                       refusals (`refusal.<code>`) as disabled moves with their reason, or as a list
//   the end             the final scores (the frame's score table), the winners
import { h } from "../dom.js";
import { actOf, nameOf, refusalText } from "../kit.js";
import { actionLabel, humanise } from "./labels.js";
import { scoreTable } from "./scores.js";

// fields the frame or this module draws apart, never as data
const APART = new Set(["result", "refusals", "legal_actions", "action_notes"]);
// fields whose whole number names a seat
const SEAT_FIELD = /^(seat|to_move|first|winner|actor|current|leader|dealer|crown|starting_seat)$|_seat$/;
// fields whose list of whole numbers names seats
const SEATS_FIELD = /^(seats|winners|ranking|order|turn_order)$|_seats$/;
const MAX_DEPTH = 3;

// A view field's label: the game's `view.<field>` message, else its name in words.
export function fieldLabel(ctx, name) {
  const key = `view.${name}`;
  return ctx.cat && ctx.cat.has(key) ? ctx.t(key) : humanise(name);
}

function seatCount(ctx) {
  return (ctx.players || []).length;
}

function isSeat(ctx, v) {
  return Number.isInteger(v) && v >= 0 && v < seatCount(ctx);
}

function seatName(ctx, seat) {
  return nameOf(ctx, seat) + (seat === ctx.seat ? ` ${ctx.t("web.table.you")}` : "");
}

function scalar(ctx, v) {
  if (v === null || v === undefined) return ctx.t("web.generic.none");
  if (typeof v === "boolean") return ctx.t(v ? "web.generic.yes" : "web.generic.no");
  if (typeof v === "number" || typeof v === "string") return String(v);
  return JSON.stringify(v);
}

const isPlain = (v) => v === null || ["number", "string", "boolean"].includes(typeof v);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

// One value, drawn for the field `name` (depth: how deep in the view it sits).
export function valueOf(ctx, name, v, depth = 0) {
  if (SEAT_FIELD.test(name) && isSeat(ctx, v)) return h("span", { class: "gv-seat", dataset: { seat: v } }, seatName(ctx, v));
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "muted" }, ctx.t("web.generic.none"));
    if (SEATS_FIELD.test(name) && v.every((x) => isSeat(ctx, x))) return h("span", { class: "gv-chips" }, v.map((x) => h("span", { class: "gv-chip gv-seat", dataset: { seat: x } }, seatName(ctx, x))));
    if (v.every(isPlain)) return h("span", { class: "gv-chips" }, v.map((x) => h("span", { class: "gv-chip" }, scalar(ctx, x))));
    if (v.every(isObject) && depth < MAX_DEPTH) return rowsTable(ctx, v, depth + 1);
    return h("code", { class: "gv-raw" }, JSON.stringify(v));
  }
  if (isObject(v)) return depth < MAX_DEPTH ? fieldList(ctx, v, depth + 1) : h("code", { class: "gv-raw" }, JSON.stringify(v));
  return h("span", { class: typeof v === "number" ? "gv-number" : null }, scalar(ctx, v));
}

// A list of objects as a table, one column per field any of them has.
function rowsTable(ctx, rows, depth) {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return h("table", { class: "gv-table" },
    h("thead", null, h("tr", null, cols.map((c) => h("th", { scope: "col" }, fieldLabel(ctx, c))))),
    h("tbody", null, rows.map((r) => h("tr", null, cols.map((c) => h("td", null, c in r ? valueOf(ctx, c, r[c], depth) : ""))))));
}

// An object's fields as label / value pairs.
function fieldList(ctx, obj, depth = 0) {
  const dl = h("dl", { class: "gv-fields" });
  for (const [k, v] of Object.entries(obj)) {
    if (APART.has(k)) continue;
    dl.append(h("div", { class: "gv-field", dataset: { field: k } }, h("dt", null, fieldLabel(ctx, k)), h("dd", null, valueOf(ctx, k, v, depth))));
  }
  return dl;
}

// The view's top-level lists that hold one item per seat: {field: list}.
export function perSeatFields(ctx) {
  const n = seatCount(ctx);
  const out = {};
  if (n < 2) return out;
  for (const [k, v] of Object.entries(ctx.view || {})) {
    if (!APART.has(k) && !SEATS_FIELD.test(k) && Array.isArray(v) && v.length === n) out[k] = v;
  }
  return out;
}

// The players' table: one row per seat, one column per per-seat field (an object item spreads into its fields).
function seatsTable(ctx, fields) {
  const cols = [];
  for (const [k, list] of Object.entries(fields)) {
    if (list.every((x) => isPlain(x) || Array.isArray(x))) cols.push({ label: fieldLabel(ctx, k), name: k, get: (i) => list[i] });
    else for (const sub of new Set(list.flatMap((x) => (isObject(x) ? Object.keys(x) : [])))) {
      cols.push({ label: fieldLabel(ctx, sub), name: sub, get: (i) => (isObject(list[i]) ? list[i][sub] : undefined) });
    }
  }
  const mover = ctx.view && ctx.view.to_move;
  return h("table", { class: "gv-table gv-seats", "data-testid": "generic-seats" },
    h("thead", null, h("tr", null, h("th", { scope: "col" }, ctx.t("web.table.player")), cols.map((c) => h("th", { scope: "col" }, c.label)))),
    h("tbody", null, [...Array(seatCount(ctx)).keys()].map((i) => h("tr", { class: [i === ctx.seat && "me", i === mover && "to-move"], dataset: { seat: i } },
      h("th", { scope: "row" }, seatName(ctx, i)),
      cols.map((c) => h("td", null, c.get(i) === undefined ? "" : valueOf(ctx, c.name, c.get(i), 1)))))));
}

// The engine's note on a move in words: `note.<field>` messages (given {value, count: value}), else
// "field: value"; a note field that is false says nothing.
export function noteText(ctx, note) {
  const parts = [];
  for (const [k, v] of Object.entries(note || {})) {
    if (v === false || v === null || v === undefined) continue;
    const key = `note.${k}`;
    if (ctx.cat && ctx.cat.has(key)) parts.push(ctx.t(key, { value: v, count: typeof v === "number" ? v : 0 }, ctx.players));
    else parts.push(v === true ? humanise(k) : `${humanise(k)}: ${isPlain(v) ? scalar(ctx, v) : JSON.stringify(v)}`);
  }
  return parts.join(" · ");
}

function movesPanel(ctx) {
  const legal = ctx.legal || [];
  const refusals = (ctx.view && ctx.view.refusals) || [];
  if (!legal.length && !(refusals.length && !ctx.readOnly)) return null;
  const list = h("div", { class: "gv-move-list" });
  for (const a of legal) {
    const note = noteText(ctx, ctx.noteOf ? ctx.noteOf(a) : null);
    const onClick = actOf(ctx, a);
    const b = h("button", { type: "button", class: ["button gv-move", onClick.hinted && "hinted"], dataset: { action: a.type }, disabled: ctx.readOnly },
      h("span", { class: "gv-move-label" }, actionLabel(a, ctx.players)), note ? h("small", { class: "gv-note" }, note) : null);
    b.addEventListener("click", onClick);
    list.append(b);
  }
  const apart = [];
  for (const r of refusals) {
    const target = r.target || {};
    const reason = refusalText(ctx, r);
    if (typeof target.type === "string") {
      list.append(h("button", { type: "button", class: "button gv-move refused", disabled: true, title: reason, dataset: { action: target.type } },
        h("span", { class: "gv-move-label" }, actionLabel(target, ctx.players)), h("small", { class: "gv-note" }, reason)));
    } else {
      apart.push(h("li", null, reason));
    }
  }
  return h("section", { class: "panel gv-moves", "data-testid": "generic-moves" },
    h("h3", null, ctx.t(legal.length ? "web.table.your_turn" : "web.generic.not_now")),
    list,
    apart.length ? h("div", { class: "gv-refusals" }, h("h4", null, ctx.t("web.generic.not_now")), h("ul", null, apart)) : null);
}

function resultPanel(ctx, result) {
  return h("section", { class: "panel gv-result", "data-testid": "generic-result" },
    h("h3", null, ctx.t("web.generic.over")),
    scoreTable(result, null, ctx.players, ctx.seat));
}

function render(ctx) {
  const view = ctx.view || {};
  const perSeat = perSeatFields(ctx);
  const rest = Object.fromEntries(Object.entries(view).filter(([k]) => !(k in perSeat)));
  const result = view.result;
  const board = h("div", { class: "gv", "data-testid": "generic-table" },
    h("section", { class: "panel gv-view" },
      fieldList(ctx, rest),
      Object.keys(perSeat).length ? seatsTable(ctx, perSeat) : null),
    result ? null : movesPanel(ctx),
    result && !ctx.readOnly ? resultPanel(ctx, result) : null);
  return { board, bar: [], dialog: null, handled: new Set((ctx.legal || []).map((a) => ctx.actionKey(a))), listsAll: true };
}

// each seat's per-seat numbers and words, on its chip
function badges(ctx, seat) {
  const out = [];
  for (const [k, list] of Object.entries(perSeatFields(ctx))) {
    const v = list[seat];
    if (isPlain(v)) out.push({ cls: "gv-badge", title: fieldLabel(ctx, k), text: `${fieldLabel(ctx, k)}: ${scalar(ctx, v)}` });
  }
  return out;
}

export default { render, badges, generic: true };
