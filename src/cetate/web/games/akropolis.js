// The Akropolis table: the construction site, the cities as SVG hexes with their levels (zoom, pan, fit,
// tabs for every player and the solo Architect), placing a tile or an Athena small tile with a preview that
// follows the pointer and says why a spot is refused, the Athena cards, a live score breakdown per colour and
// the final score table. The generic frame (table.js) calls `render(ctx)` after every sync/update; any legal
// action this module does not claim in `handled` is still offered there as a plain button.
import { h, fromMarkup } from "../dom.js";
import * as gamedata from "../gamedata.js";
import * as i18n from "../i18n.js";
import { actOf, button, byType, hinted, nameOf, refusalOf, refusalText, seatOrder, toolButton, touchScreen } from "../kit.js";
import * as art from "./akropolis-art.js";

const P = "web.akropolis";
const SCORES_KEY = "cetate.akropolis.scores"; // "0": the score breakdown is hidden
const MIN_VIEW = [11, 8.5]; // the smallest viewBox a fitted city gets (plane units)
const DRAG_PX = 5; // a press that moves farther than this pans instead of clicking

const { key } = art;

// -- what the engine says: the catalog (ctx.catalog), the view's `spots` and `refusals` ------------------------

// Where the piece in hand may go at anchor (q, r) turned `rot`, as the view's `spots` say (notes.py): one mark
// per anchor and rotation, a digit for a legal placement (the stones it earns), else a letter for the reason
// (the catalog's `spot_codes`); an anchor not listed has the mark `else`.
// { ok, why (a refusal code), level (where it would lie), stones }
function spotAt(v, cat, q, r, rot) {
  const sp = v.spots;
  if (!sp) return { ok: false, why: null, level: null, stones: 0 };
  const entry = sp.at[key(q, r)];
  const mark = entry ? entry[1][sp.piece === "small" ? 0 : rot] : sp.else;
  const ok = /^[0-9]$/.test(mark);
  return { ok, why: ok ? null : ((cat || {}).spot_codes || {})[mark] || null, level: entry ? entry[0] : null, stones: ok ? Number(mark) : 0 };
}

// the anchors where the piece in hand fits turned `rot`, with the level it would lie on: [[q, r, level], ...]
function fitsOf(v, rot) {
  const sp = v.spots;
  if (!sp) return [];
  const out = [];
  for (const [k, [lvl, marks]] of Object.entries(sp.at)) {
    if (/^[0-9]$/.test(marks[sp.piece === "small" ? 0 : rot])) out.push([...k.split(",").map(Number), lvl]);
  }
  return out;
}

// -- drawing a city ---------------------------------------------------------------------------------------

// the empty cells next to a city (drawn faintly while a piece is in hand)
function emptyAround(cells) {
  const built = new Set((cells || []).map((c) => key(c.q, c.r)));
  const out = new Map();
  for (const c of cells || []) {
    for (const [q, r] of art.neighbours(c.q, c.r)) if (!built.has(key(q, r))) out.set(key(q, r), [q, r]);
  }
  return [...out.values()];
}

// the plane box of some cells (and extra [q, r] cells)
function bounds(cells, extra = []) {
  let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
  const add = (q, r) => {
    const [x, y] = art.centre(q, r);
    minX = Math.min(minX, x - 1); maxX = Math.max(maxX, x + 1);
    minY = Math.min(minY, y - art.SQ3 / 2); maxY = Math.max(maxY, y + art.SQ3 / 2);
  };
  for (const c of cells || []) add(c.q, c.r);
  for (const [q, r] of extra) add(q, r);
  if (minX === Infinity) { minX = -1; maxX = 1; minY = -1; maxY = 1; }
  return { minX, minY, maxX, maxY };
}

// names from the catalog (the message catalogs' words when it is not loaded)
function kindName(ctx, code) {
  return (((ctx.catalog || {}).kinds || {})[code] || {}).name || ctx.t(`kind.${code}`);
}

function cardOf(ctx, id) {
  const c = ((ctx.catalog || {}).cards || {})[id] || {};
  return { kind: c.kind || "q", name: c.name || ctx.t(`card.${id}`), text: c.text || ctx.t(`help.card.${id}`) };
}

function pieceName(ctx, piece) {
  return ((ctx.catalog || {}).pieces || {})[piece] || ctx.t(`piece.${piece}`);
}

// -- small helpers (the rest are the kit's) --------------------------------------------------------------

function scoresShown() {
  try { return localStorage.getItem(SCORES_KEY) !== "0"; } catch { return true; }
}

function setScoresShown(on) {
  try { localStorage.setItem(SCORES_KEY, on ? "1" : "0"); } catch { /* private mode */ }
}

function hexName(ctx, code) {
  return code.length === 2 ? `${kindName(ctx, code[0])} / ${kindName(ctx, code[1])}` : kindName(ctx, code);
}

function hexTitle(ctx, code, lvl) {
  return ctx.t(`${P}.hex_title`, { kind: hexName(ctx, code), level: lvl });
}

// -- module state for the keyboard (one listener for the page, acting on the table drawn last) ----------

let live = null; // { root, ctx, rotate(delta), zoom(f), fit(), cancel() }

// a touch screen (a phone, a tablet): the words say "tap" where they say "click", and leave out the keys
const touch = touchScreen;
// the key of a hint in words for the pointer at hand (web.akropolis.touch.* on a touch screen)
function how(key) {
  return touch() ? `${P}.touch.${key}` : `${P}.hint.${key}`;
}
let keysBound = false;

function bindKeys() {
  if (keysBound) return;
  keysBound = true;
  document.addEventListener("keydown", (e) => {
    if (!live || !live.root.isConnected) return;
    const target = e.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (document.querySelector(".tp-dialog-layer .overlay, .scores-dialog, .curtain")) return;
    const k = e.key;
    let done = true;
    if (k === "r" || k === "R") live.rotate(e.shiftKey ? -1 : 1);
    else if (k === "e" || k === "E") live.rotate(1);
    else if (k === "q" || k === "Q") live.rotate(-1);
    else if (k === "+" || k === "=") live.zoom(1.25);
    else if (k === "-" || k === "_") live.zoom(0.8);
    else if (k === "0" || k === "f" || k === "F") live.fit();
    else if (k === "Escape") done = live.cancel();
    // flat-topped hexes: up and down go straight; left and right go up-left and down-right (with Shift,
    // down-left and up-right)
    else if (k === "ArrowLeft") done = e.shiftKey ? live.move(-1, 1) : live.move(-1, 0);
    else if (k === "ArrowRight") done = e.shiftKey ? live.move(1, -1) : live.move(1, 0);
    else if (k === "ArrowUp") done = live.move(0, -1);
    else if (k === "ArrowDown") done = live.move(0, 1);
    else if (k === "Enter" && !(target && target.closest && target.closest("button, a"))) done = live.place();
    else if (/^[1-9]$/.test(k)) done = live.pick(Number(k) - 1);
    else done = false;
    if (done) e.preventDefault();
  });
}

// where a hint puts a piece: the placement it plays, or the one it means to play after taking a tile
function hintPlacement(hint) {
  const a = hint.action.type === "take" ? (hint.then || [])[0] : hint.action;
  return a && (a.type === "place" || a.type === "place_small") ? a : null;
}

// A take or place the server refused (its error shows as a toast) must not leave the tile hanging: after a
// while, a pending placement still waiting in the same phase is dropped and the board drawn again.
function expire(pending, phase) {
  setTimeout(() => {
    const cur = live && live.ctx;
    if (!cur || cur.ui.pending !== pending || cur.view.phase !== phase) return;
    cur.ui.pending = null;
    if (phase === "take") cur.ui.sel = pending.site;
    cur.rerender();
  }, 8000);
}

// -- the module ---------------------------------------------------------------------------------------

const akropolis = {
  id: "akropolis",

  advancedOptions: [
    "athena_cards", "statue_stone_value", "first_player", "house_tie", "barracks_edge", "barracks_variant_count",
    "lake", "athena_recheck", "dual_hexes", "card_centre", "long_three_player_stacks", "stone_supply", "final_tie",
  ],

  optionChoiceLabel(name, value, cat, catalog) {
    if (name === "athena_cards") return ((catalog && catalog.cards) || {})[value]?.name || cat.t(`card.${value}`);
    if (name === "architect") return ((catalog && catalog.architects) || {})[value]?.name || cat.t(`architect.${value}`);
    return null;
  },

  result(view) { return view && view.result; },

  journalClass(ev) {
    if (ev.type === "site_refilled") return "journal-round";
    if (ev.type === "game_over") return "journal-end";
    if (ev.type === "turn_started") return "akr-j-turn";
    if (ev.type === "card_completed" || ev.type === "architect_card") return "journal-call";
    return "";
  },

  status(ctx) {
    const v = ctx.view;
    const t = ctx.t;
    let text;
    // a tile picked up from the site (sent with its placement) is in hand: the header says to place it
    const inHand = v.phase === "take" && ctx.ui && ((ctx.ui.sel !== null && ctx.ui.sel !== undefined) || ctx.ui.pending);
    if (v.phase === "over") text = t("phase.over");
    else if (v.to_move === ctx.seat && !ctx.readOnly) text = t(`${P}.status.${inHand ? "place" : v.phase}_you`);
    else text = t(`${P}.status.${v.phase}`, { seat: v.to_move }, ctx.players);
    return { round: v.round, text, lastRound: v.stacks === 0 && v.phase !== "over" };
  },

  badges(ctx, seat) {
    const v = ctx.view;
    const t = ctx.t;
    const s = v.seats && v.seats[seat];
    if (!s) return [];
    const out = [{ html: art.stoneSvg(), text: String(s.stones), title: t(`${P}.badge.stones`, { count: s.stones }), cls: "akr-badge-stones" }];
    if (scoresShown() && s.score) out.push({ text: t(`${P}.badge.score`, { total: s.score.total }), title: t(`${P}.badge.score_title`), cls: "akr-badge-score" });
    if (v.players > 1 && v.chief === seat) out.push({ text: t(`${P}.badge.chief`), title: t(`${P}.badge.chief_title`), cls: "akr-badge-chief" });
    if (v.athena) out.push({ html: art.pieceKindSvg("head"), text: `${s.completed.length}/${v.athena.cards.length}`, title: t(`${P}.badge.statue`, { count: s.completed.length }), cls: "akr-badge-statue" });
    return out;
  },

  guideSection(ctx) {
    // the sections of guide/en.md
    const p = ctx.view.phase;
    if (p === "athena") return { slug: "cards" };
    if (p === "place" || p === "small") return { slug: "placement" };
    if (p === "over") return { slug: "scoring" };
    return { slug: ctx.view.players === 1 ? "solo" : "turn" };
  },

  // the final score table (the frame shows it in its dialog and on the replay's last step)
  scoreTable(result, names, mySeat) {
    return finalTable(result, names, mySeat);
  },

  // a move taken back: a tile still drawn where it was dropped no longer goes there
  takenBack(ui) {
    ui.pending = null;
    ui.sel = null;
    ui.hover = null;
  },

  // a move in words from the view it is chosen in (the bar's list of moves, the replay): a take names the
  // tile, its position as the view counts it (1: the free one) and its cost, all the engine's
  actionLabel(ctx, a) {
    if (a.type !== "take") return null;
    const tile = ((ctx.view || {}).site || [])[a.site];
    if (!tile) return null;
    return tile.cost
      ? ctx.t("action.take", { tile: tile.id, position: tile.position, cost: tile.cost })
      : ctx.t("action.take_free", { tile: tile.id });
  },

  // the hint in words: where a tile goes is shown on the city (outlined), not given as coordinates
  hintLabel(ctx, hint) {
    const type = hint.action.type;
    if (type === "take") return ctx.t(hintPlacement(hint) ? `${P}.suggest.take` : `${P}.suggest.take_only`);
    if (type === "place" || type === "place_small") return ctx.t(`${P}.suggest.${type}`);
    return null;
  },

  // playing a hint that takes a tile also places it where the hint said (as a click on the city would)
  playHint(ctx, hint) {
    const v = ctx.view;
    const spot = hintPlacement(hint);
    if (hint.action.type !== "take" || !spot || spot.type !== "place") return false;
    const tile = v.site[hint.action.site];
    if (!tile) return false;
    const level = spotAt(v, ctx.catalog, spot.q, spot.r, spot.rot).level;
    const pending = { site: hint.action.site, tile: tile.id, codes: tile.hexes, q: spot.q, r: spot.r, rot: spot.rot, level, turn: v.turn };
    ctx.ui.pending = pending;
    ctx.ui.sel = null;
    ctx.act(hint.action);
    ctx.rerender();
    expire(pending, "take");
    return true;
  },

  render(ctx) {
    bindKeys();
    art.use(ctx.catalog);
    const v = ctx.view;
    const ui = ctx.ui;
    const L = byType(ctx.legal);
    const handled = new Set();
    const claim = (list) => { for (const a of list || []) handled.add(ctx.actionKey(a)); };
    const me = ctx.seat ?? null;
    const mine = me !== null && v.to_move === me && !ctx.readOnly && (ctx.legal || []).length > 0 && v.phase !== "over";
    if (ui.rot === undefined) ui.rot = 0;
    ui.views ||= {};

    // a new decision of ours shows our city
    const stepKey = `${v.turn}|${v.phase}|${v.to_move}`;
    if (ui.step !== stepKey) {
      ui.step = stepKey;
      if (mine && me !== null && (v.phase === "place" || v.phase === "small")) ui.shown = me;
    }
    if (!mine || v.phase !== "take") ui.sel = null;
    if (ui.sel !== null && ui.sel !== undefined && !(L.take || []).some((a) => a.site === ui.sel)) ui.sel = null;

    // a hint just given: select its tile, turn it and show it where the bot would put it
    const hint = mine ? ctx.hint : null;
    const hintPlace = hint ? hintPlacement(hint) : null;
    if (hint && ui.hintSeen !== hint) { // this hint object, not its seq: a move taken back repeats a seq
      ui.hintSeen = hint;
      if (hint.action.type === "take") { ui.sel = hint.action.site; ui.pending = null; }
      if (hintPlace) {
        ui.rot = hintPlace.rot;
        ui.hover = [hintPlace.q, hintPlace.r];
        ui.hoverSeat = me;
        ui.shown = me;
      }
    }

    // the tile taken a moment ago goes where it was dropped (and stays drawn there until the server answers)
    const pend = ui.pending;
    if (pend && (!mine || v.turn !== pend.turn || !(v.phase === "take" || v.phase === "place") || (pend.sent && v.phase !== "place"))) {
      ui.pending = null;
    } else if (pend && !pend.sent && v.phase === "place" && L.place && v.held && v.held.id === pend.tile) {
      pend.sent = true;
      ctx.act({ type: "place", q: pend.q, r: pend.r, rot: pend.rot });
      expire(pend, "place");
    }

    // what the pointer carries now
    let piece = null;
    if (mine && v.phase === "take" && ui.sel !== null && ui.sel !== undefined && v.site[ui.sel]) {
      piece = { kind: "tile", codes: v.site[ui.sel].hexes, id: v.site[ui.sel].id };
    } else if (mine && ui.pending) {
      piece = { kind: "tile", codes: ui.pending.codes, id: ui.pending.tile };
    } else if (mine && v.phase === "place" && v.held) {
      piece = { kind: "tile", codes: v.held.hexes, id: v.held.id };
    } else if (mine && v.phase === "small" && v.athena && v.athena.small_held) {
      piece = { kind: "small", codes: v.athena.small_held.hex, id: v.athena.small_held.id };
    }
    // a city tile turns; a small tile turns when its legal placements differ by their turn (a dual hex)
    if (piece) piece.turns = piece.kind === "tile" || (L.place_small || []).some((a) => a.rot !== 0);
    if (ui.shown === undefined || ui.shown === null || (ui.shown !== "arch" && !(ui.shown >= 0 && ui.shown < v.players))) {
      ui.shown = me !== null ? me : 0;
    }
    if (ui.shown === "arch" && !v.architect) ui.shown = me ?? 0;

    claim(L.take); claim(L.place); claim(L.place_small);
    if (mine && v.phase === "athena") { claim(L.athena); claim(L.done); }

    const board = h("div", {
      class: ["akr", v.phase === "over" && "over"],
      dataset: { phase: v.phase, mine: mine ? "1" : "0", pending: ui.pending ? "1" : "0", shown: String(ui.shown) },
    });
    board.append(siteStrip(ctx, L, mine, piece));
    const main = h("div", { class: "akr-main" });
    const area = h("div", { class: "akr-area" }, cityTabs(ctx));
    const handles = { ctx, piece, mine, board, hintPlace: piece && !ui.pending ? hintPlace : null };
    area.append(ui.shown === "arch" ? architectPanel(ctx) : cityFrame(ctx, ui.shown, handles));
    const side = h("div", { class: "akr-side" }, scorePanel(ctx));
    if (v.athena) side.append(athenaPanel(ctx, L, mine));
    main.append(area, side);
    board.append(main);

    live = {
      root: board,
      ctx,
      rotate: (delta) => {
        if (!handles.piece || !handles.piece.turns) return;
        ui.rot = (((ui.rot || 0) + delta) % 6 + 6) % 6;
        ctx.rerender();
      },
      zoom: (f) => handles.zoom && handles.zoom(f),
      fit: () => handles.fit && handles.fit(),
      move: (dq, dr) => { if (!handles.move) return false; handles.move(dq, dr); return true; },
      place: () => { if (!handles.place) return false; handles.place(); return true; },
      // a digit picks the tile at that place of the construction site (1: the free one)
      pick: (n) => {
        const v = ctx.view;
        if (!mine || v.phase !== "take" || ui.pending || !(L.take || []).some((a) => a.site === n)) return false;
        ui.sel = n;
        ui.shown = me;
        ctx.rerender();
        return true;
      },
      cancel: () => {
        if (ui.sel === null || ui.sel === undefined) return false;
        ui.sel = null;
        ctx.rerender();
        return true;
      },
    };

    const bar = [];
    if (mine) barControls(ctx, L, piece, bar);
    return { board, bar, dialog: null, handled };
  },
};

// -- the construction site ------------------------------------------------------------------------------

function siteStrip(ctx, L, mine, piece) {
  const v = ctx.view;
  const t = ctx.t;
  const ui = ctx.ui;
  const me = ctx.seat;
  const stones = me !== null && me !== undefined && v.seats[me] ? v.seats[me].stones : null;
  const takeable = new Set((L.take || []).map((a) => a.site));
  const strip = h("section", { class: "akr-site", "aria-label": t(`${P}.site.title`), "data-testid": "site" });
  strip.append(h("h3", { class: "akr-site-title" }, t(`${P}.site.title`)));
  const row = h("div", { class: "akr-site-row" });
  v.site.forEach((tile, i) => {
    const dear = refusalOf(ctx, { site: i }); // a position we cannot pay for, with the engine's numbers
    const selected = ui.sel === i;
    const canTake = mine && v.phase === "take" && takeable.has(i);
    const pendingHere = ui.pending && ui.pending.site === i && v.phase === "take";
    const el = h(canTake ? "button" : "div", {
      type: canTake ? "button" : null,
      class: ["akr-site-tile", dear && "too-dear", selected && "selected", canTake && "takeable", pendingHere && "selected",
        canTake && hinted(ctx, { type: "take", site: i })],
      dataset: { site: i, tile: tile.id, cost: tile.cost },
      title: [t(`${P}.site.tile`, { tile: tile.id, hexes: [...tile.hexes].map((c) => kindName(ctx, c)).join(", ") }),
        dear ? refusalText(ctx, dear) : tile.cost ? t(`${P}.site.cost`, { count: tile.cost }) : t(`${P}.site.free`)].join("\n"),
      "aria-pressed": canTake ? (selected ? "true" : "false") : null,
    });
    // its position as the view counts it (1: the free one; the key that picks it)
    el.append(h("span", { class: "akr-pos", "aria-hidden": "true" }, String(tile.position ?? "")));
    el.append(fromMarkup(art.pieceSvg(tile.hexes, { rot: selected ? ui.rot : 0 })));
    el.append(h("span", { class: ["akr-cost", tile.cost === 0 && "free"] },
      tile.cost ? [fromMarkup(art.stoneSvg()), String(tile.cost)] : t(`${P}.site.free`)));
    if (dear) el.append(h("span", { class: "akr-dear" }, t(`${P}.site.too_dear_short`)));
    if (canTake) {
      el.addEventListener("click", () => {
        ui.sel = ui.sel === i ? null : i;
        ui.pending = null;
        if (ui.sel !== null) ui.shown = me;
        ctx.rerender();
      });
    }
    row.append(el);
  });
  if (v.held) {
    const held = h("div", { class: "akr-site-tile held", title: t(`${P}.site.held`) },
      fromMarkup(art.pieceSvg(v.held.hexes, { rot: ui.rot })), h("span", { class: "akr-cost" }, t(`${P}.site.held`)));
    row.append(held);
  }
  strip.append(row);
  const info = h("div", { class: "akr-site-info" },
    h("span", null, t(`${P}.site.turn`, { turn: v.turn, turns: v.turns })),
    h("span", null, t(`${P}.site.stacks`, { count: v.stacks, tiles: v.stack_tiles })));
  if (stones !== null) info.prepend(h("span", { class: "akr-my-stones", title: t(`${P}.badge.stones`, { count: stones }) }, fromMarkup(art.stoneSvg()), t(`${P}.site.stones`, { count: stones })));
  if (piece && v.phase === "take" && ui.sel !== null && !touch()) info.append(h("span", { class: "akr-hint-keys" }, t(`${P}.hint.keys`)));
  strip.append(info);
  return strip;
}

// -- the tabs: one per city (and the Architect in solo) ------------------------------------------------------

function cityTabs(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const ui = ctx.ui;
  const tabs = h("div", { class: "akr-tabs", role: "tablist", "aria-label": t(`${P}.tabs`) });
  const lastSeat = ctx.lastAction ? ctx.lastAction.seat : null;
  const add = (id, label, total, stones, mini, cls) => {
    const b = h("button", {
      type: "button", role: "tab", class: ["akr-tab", ui.shown === id && "active", ...[cls].flat()],
      "aria-selected": ui.shown === id ? "true" : "false", dataset: { tab: String(id) },
    },
    mini ? h("span", { class: "akr-tab-mini" }, fromMarkup(mini)) : null,
    h("span", { class: "akr-tab-text" },
      h("span", { class: "akr-tab-name" }, label),
      h("span", { class: "akr-tab-meta" },
        scoresShown() ? h("span", { class: "akr-tab-score" }, t(`${P}.badge.score`, { total })) : null,
        h("span", { class: "akr-tab-stones" }, fromMarkup(art.stoneSvg()), String(stones)))));
    b.addEventListener("click", () => { ui.shown = id; ui.hover = null; ctx.rerender(); });
    tabs.append(b);
  };
  for (const seat of seatOrder(v.players, ctx.seat)) {
    const s = v.seats[seat];
    const label = seat === ctx.seat ? t(`${P}.city.yours`) : nameOf(ctx, seat);
    add(seat, label, s.score.total, s.stones, miniCity(s.city), [v.to_move === seat && "to-move", lastSeat === seat && "last"]);
  }
  if (v.architect) {
    const a = v.architect;
    add("arch", t("architect.name"), a.score.total, a.stones, null, "arch");
  }
  return tabs;
}

function miniCity(cells) {
  const b = bounds(cells);
  let body = "";
  for (const c of cells) {
    const [x, y] = art.centre(c.q, c.r);
    const code = c.hex.length === 2 ? c.hex[0] : c.hex.toLowerCase();
    body += `<polygon points="${art.corners(x, y, 0.97).map((p) => p.join(",")).join(" ")}" fill="${art.level(code, c.level)}" stroke="#2b2418" stroke-width=".08"/>`;
  }
  return `<svg viewBox="${b.minX} ${b.minY} ${b.maxX - b.minX} ${b.maxY - b.minY}" aria-hidden="true">${body}</svg>`;
}

// -- a city ----------------------------------------------------------------------------------------------

function cityFrame(ctx, seat, handles) {
  const v = ctx.view;
  const t = ctx.t;
  const ui = ctx.ui;
  const s = v.seats[seat];
  const placing = handles.piece && seat === ctx.seat;
  const piece = placing ? handles.piece : null;
  const frame = h("div", { class: "akr-cityframe", "data-testid": "city", dataset: { seat } });

  // fit markers: every anchor where the piece fits with the current rotation (the view's spots)
  const fits = piece && !ui.pending ? fitsOf(v, ui.rot) : [];

  const ghosts = piece ? emptyAround(s.city) : [];
  let markup = "";
  markup += '<g class="akr-ghosts">';
  for (const [q, r] of ghosts) {
    const [x, y] = art.centre(q, r);
    markup += `<polygon points="${art.corners(x, y, 0.94).map((p) => p.map((n) => n.toFixed(3)).join(",")).join(" ")}"/>`;
  }
  markup += "</g>";
  // shadows first (higher stacks cast longer ones), then the hexes from low to high
  const cells = [...s.city].sort((a, b) => a.level - b.level || a.r - b.r || a.q - b.q);
  markup += '<g class="akr-shadows">';
  for (const c of cells) {
    if (c.level < 2) continue;
    const [x, y] = art.centre(c.q, c.r);
    const o = 0.07 * (c.level - 1);
    markup += `<polygon points="${art.corners(x + o, y + o * 1.3, 1).map((p) => p.map((n) => n.toFixed(3)).join(",")).join(" ")}"/>`;
  }
  markup += "</g><g class=\"akr-cells\">";
  for (const c of cells) {
    const [x, y] = art.centre(c.q, c.r);
    markup += art.hexMarkup(c.hex, c.level, x, y, {
      rot: c.rot || 0, title: hexTitle(ctx, c.hex, c.level),
      attrs: { "data-q": c.q, "data-r": c.r, "data-level": c.level, "data-hex": c.hex },
    });
  }
  markup += "</g>";
  if (s.last && s.last.length) markup += `<path class="akr-last" d="${art.outlinePath(s.last)}"/>`;
  markup += '<g class="akr-fits">';
  for (const [q, r, lvl] of fits) {
    const [x, y] = art.centre(q, r);
    // a dot near the top of the anchor cell, clear of the pictogram and the level number
    const built = lvl > 1;
    markup += `<circle cx="${x.toFixed(3)}" cy="${(y - (built ? 0.6 : 0)).toFixed(3)}" r="${built ? 0.12 : 0.15}" class="akr-fit${built ? " up" : ""}" data-q="${q}" data-r="${r}"/>`;
  }
  markup += "</g>";
  const hp = placing ? handles.hintPlace : null;
  if (hp) {
    const cs = hp.type === "place" ? art.tileCells(hp.q, hp.r, hp.rot) : [[hp.q, hp.r]];
    markup += `<path class="akr-hint-outline" data-testid="hint-spot" d="${art.outlinePath(cs)}"/>`;
  }
  markup += '<g class="akr-preview"></g>';

  const b = bounds(s.city, ghosts);
  const fitBox = () => {
    // room around the city, more above it for the tools and below it for the reason line
    let w = b.maxX - b.minX + 1.2;
    let hh = b.maxY - b.minY + 1.8;
    const cx = (b.minX + b.maxX) / 2;
    const cy = (b.minY + b.maxY) / 2 - 0.25;
    w = Math.max(w, MIN_VIEW[0]);
    hh = Math.max(hh, MIN_VIEW[1]);
    return { x: cx - w / 2, y: cy - hh / 2, w, h: hh };
  };
  const vkey = String(seat);
  let box = ui.views[vkey] || fitBox();
  const svg = fromMarkup(`<svg class="akr-city-svg" xmlns="http://www.w3.org/2000/svg" role="img" preserveAspectRatio="xMidYMid meet">${markup}</svg>`);
  svg.setAttribute("aria-label", seat === ctx.seat ? t(`${P}.city.yours`) : t(`${P}.city.of`, { seat }, ctx.players));
  const setBox = (nb, manual = true) => {
    box = nb;
    if (manual) ui.views[vkey] = nb; else delete ui.views[vkey];
    svg.setAttribute("viewBox", `${nb.x} ${nb.y} ${nb.w} ${nb.h}`);
  };
  setBox(box, !!ui.views[vkey]);
  frame.append(svg);

  const preview = svg.querySelector(".akr-preview");
  const reason = h("div", { class: "akr-reason", role: "status", "aria-live": "polite" });

  const toPlane = (ev) => {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  };

  // the piece at anchor (q, r): its cells and codes, and whether it may go there (the view's spots: the
  // level it would lie on and the stones it would earn, or the engine's reason)
  const spot = (q, r) => {
    if (!piece) return null;
    const where = spotAt(v, ctx.catalog, q, r, ui.rot);
    if (piece.kind === "tile") return { cells: art.tileCells(q, r, ui.rot), codes: [...piece.codes], rot: ui.rot, ...where };
    return { cells: [[q, r]], codes: [piece.codes], rot: piece.turns ? ui.rot : 0, ...where };
  };

  const showReason = (sp) => {
    reason.className = "akr-reason";
    if (!piece) { reason.textContent = ""; return; }
    if (!sp) { reason.textContent = t(how(piece.kind === "tile" ? "point" : "point_small")); return; }
    if (!sp.ok) {
      reason.classList.add("bad");
      reason.textContent = sp.why ? t(`refusal.${sp.why}`) : "";
    } else {
      reason.classList.add("ok");
      reason.textContent = t(`${P}.reason.ok`, { level: sp.level }) + (sp.stones ? " " + t(`${P}.reason.quarries`, { count: sp.stones }) : "");
    }
  };

  const drawPreview = (at) => {
    while (preview.firstChild) preview.removeChild(preview.firstChild);
    const sp = at ? spot(at[0], at[1]) : null;
    preview.setAttribute("class", "akr-preview" + (sp ? (sp.ok ? " legal" : " illegal") : ""));
    showReason(sp);
    if (!sp) return sp;
    let m = "";
    sp.cells.forEach(([q, r], i) => {
      const [x, y] = art.centre(q, r);
      // a legal spot shows the level the piece would lie on; a refused one has none
      m += art.hexMarkup(sp.codes[i], sp.ok ? sp.level : 1, x, y, { rot: sp.rot, cls: "akr-ghost-hex", number: sp.ok });
    });
    m += `<path class="akr-preview-outline" d="${art.outlinePath(sp.cells)}"/>`;
    const g = fromMarkup(`<svg xmlns="http://www.w3.org/2000/svg"><g>${m}</g></svg>`).firstElementChild;
    preview.appendChild(g);
    preview.dataset.q = String(at[0]);
    preview.dataset.r = String(at[1]);
    return sp;
  };

  if (ui.pending && seat === ctx.seat) {
    // the tile we just dropped stays drawn where it goes until the server answers
    const cs = art.tileCells(ui.pending.q, ui.pending.r, ui.pending.rot);
    let m = "";
    cs.forEach(([q, r], i) => {
      const [x, y] = art.centre(q, r);
      m += art.hexMarkup(ui.pending.codes[i], ui.pending.level || 1, x, y, { cls: "akr-ghost-hex", number: !!ui.pending.level });
    });
    m += `<path class="akr-preview-outline" d="${art.outlinePath(cs)}"/>`;
    preview.setAttribute("class", "akr-preview legal pending");
    preview.appendChild(fromMarkup(`<svg xmlns="http://www.w3.org/2000/svg"><g>${m}</g></svg>`).firstElementChild);
  } else if (piece) {
    const sp = drawPreview(ui.hover && ui.hoverSeat === seat ? ui.hover : null);
    // a first tap shown before the board was drawn again still says that a second one places
    const tapped = ui.tapAt && ui.hover && ui.tapAt[0] === ui.hover[0] && ui.tapAt[1] === ui.hover[1] && ui.tapAt[2] === seat;
    if (sp && sp.ok && tapped) reason.textContent += " " + t(`${P}.touch.again`);
  }

  const place = (at) => {
    const sp = spot(at[0], at[1]);
    if (!sp) return;
    if (!sp.ok) {
      reason.classList.remove("shake");
      void reason.offsetWidth;
      reason.classList.add("shake");
      return;
    }
    const v2 = ctx.view;
    const [q, r] = at;
    if (v2.phase === "take") {
      const site = ui.sel;
      const tile = v2.site[site];
      if (!tile) return;
      const pending = { site, tile: tile.id, codes: tile.hexes, q, r, rot: ui.rot, level: sp.level, turn: v2.turn };
      ui.pending = pending;
      ui.sel = null;
      ctx.act({ type: "take", site });
      ctx.rerender();
      expire(pending, "take");
    } else if (v2.phase === "place" && v2.held) {
      const pending = { site: null, tile: v2.held.id, codes: v2.held.hexes, q, r, rot: ui.rot, level: sp.level, turn: v2.turn, sent: true };
      ui.pending = pending;
      ctx.act({ type: "place", q, r, rot: ui.rot });
      ctx.rerender();
      expire(pending, "place");
    } else if (v2.phase === "small") {
      ctx.act({ type: "place_small", q, r, rot: sp.rot });
    }
  };

  // pointer: hover moves the preview, a press that stays put places, a drag pans, the wheel zooms; the press
  // lives in ui, so that a board drawn again between press and release (an update came) still gets the click
  // two fingers pinch: the city zooms about the point between them and follows them (no tap, no drag then)
  const fingers = new Map(); // pointerId -> [clientX, clientY], the touches on this city
  let pinch = null; // { d, box, at, toStart } while two fingers are down
  const midOf = () => {
    const [a, b] = [...fingers.values()];
    return { x: (a[0] + b[0]) / 2, y: (a[1] + b[1]) / 2, d: Math.max(1, Math.hypot(a[0] - b[0], a[1] - b[1])) };
  };
  const pinchStart = () => {
    const m = svg.getScreenCTM();
    ui.press = null;
    ui.tapAt = null;
    if (!m) return;
    const inv = m.inverse(); // the screen -> plane map of the city as the pinch starts
    const toStart = (x, y) => new DOMPoint(x, y).matrixTransform(inv);
    const s0 = midOf();
    pinch = { d: s0.d, box: { ...box }, at: toStart(s0.x, s0.y), toStart };
  };
  // the new box: the old one scaled by the fingers' spread about the plane point first under their middle, and
  // moved so that this point stays under their middle now
  const pinchMove = () => {
    const s1 = midOf();
    const b0 = pinch.box;
    const w = Math.min(80, Math.max(4, b0.w * pinch.d / s1.d));
    const f = b0.w / w;
    const mid = pinch.toStart(s1.x, s1.y);
    setBox({ x: pinch.at.x - (mid.x - b0.x) / f, y: pinch.at.y - (mid.y - b0.y) / f, w: b0.w / f, h: b0.h / f });
  };
  const fingerUp = (ev) => {
    if (!fingers.delete(ev.pointerId)) return false;
    if (pinch) {
      if (fingers.size < 2) pinch = null;
      return true;
    }
    return false;
  };
  svg.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0 && ev.pointerType === "mouse") return;
    if (ev.pointerType === "touch") {
      fingers.set(ev.pointerId, [ev.clientX, ev.clientY]);
      if (fingers.size === 2) { pinchStart(); return; }
      if (pinch) return;
    }
    ui.press = { seat, x: ev.clientX, y: ev.clientY, box: { ...box }, dragging: false, id: ev.pointerId };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (fingers.has(ev.pointerId)) {
      fingers.set(ev.pointerId, [ev.clientX, ev.clientY]);
      if (pinch && fingers.size >= 2) { pinchMove(); return; }
    }
    if (ui.press && ui.press.id === ev.pointerId && ui.press.seat === seat) {
      const dx = ev.clientX - ui.press.x;
      const dy = ev.clientY - ui.press.y;
      if (!ui.press.dragging && Math.hypot(dx, dy) > DRAG_PX) {
        ui.press.dragging = true;
        try { svg.setPointerCapture(ev.pointerId); } catch { /* gone */ }
        svg.classList.add("dragging");
      }
      if (ui.press.dragging) {
        const m = svg.getScreenCTM();
        const k = m ? m.a : 1;
        setBox({ ...ui.press.box, x: ui.press.box.x - dx / k, y: ui.press.box.y - dy / k });
        return;
      }
    }
    if (!piece || ui.pending) return;
    const p = toPlane(ev);
    if (!p) return;
    const at = art.cellAt(p[0], p[1]);
    if (ui.hover && ui.hover[0] === at[0] && ui.hover[1] === at[1] && ui.hoverSeat === seat) return;
    ui.hover = at;
    ui.hoverSeat = seat;
    drawPreview(at);
  });
  const release = (ev) => {
    if (fingerUp(ev) || pinch) { ui.press = null; return; }
    if (!ui.press || ui.press.id !== ev.pointerId || ui.press.seat !== seat) return;
    const wasDrag = ui.press.dragging;
    ui.press = null;
    svg.classList.remove("dragging");
    if (wasDrag || ev.type === "pointercancel") return;
    if (!piece || ui.pending) return;
    const p = toPlane(ev);
    if (!p) return;
    const at = art.cellAt(p[0], p[1]);
    ui.hover = at;
    ui.hoverSeat = seat;
    const sp = drawPreview(at);
    if (ev.pointerType !== "mouse") {
      // a finger has no hover: the first tap shows the piece there, a second tap on the same cell places it
      const again = ui.tapAt && ui.tapAt[0] === at[0] && ui.tapAt[1] === at[1] && ui.tapAt[2] === seat;
      if (!again) {
        ui.tapAt = [at[0], at[1], seat];
        if (sp && sp.ok) reason.textContent += " " + t(`${P}.touch.again`);
        return;
      }
    }
    ui.tapAt = null;
    place(at);
  };
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);
  svg.addEventListener("pointerleave", (ev) => {
    if (ui.press && ui.press.dragging) return;
    ui.press = null;
    if (!piece || ui.pending || ev.pointerType !== "mouse") return; // a lifted finger leaves the preview
    ui.hover = null;
    drawPreview(null);
  });
  const zoomAt = (factor, px, py) => {
    const nw = Math.min(80, Math.max(4, box.w / factor));
    const f = box.w / nw;
    const [ux, uy] = px === undefined ? [box.x + box.w / 2, box.y + box.h / 2] : [px, py];
    setBox({ x: ux - (ux - box.x) / f, y: uy - (uy - box.y) / f, w: box.w / f, h: box.h / f });
  };
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const p = toPlane(ev);
    const factor = Math.exp(-Math.max(-120, Math.min(120, ev.deltaY)) / 300);
    if (p) zoomAt(factor, p[0], p[1]); else zoomAt(factor);
  }, { passive: false });
  handles.zoom = (f) => zoomAt(f);
  handles.fit = () => setBox(fitBox(), false);
  // the keyboard: the arrows move the piece from cell to cell (starting where it fits), Enter places it
  if (piece && !ui.pending) {
    handles.move = (dq, dr) => {
      const from = ui.hover && ui.hoverSeat === seat ? ui.hover : null;
      const at = from ? [from[0] + dq, from[1] + dr] : (fits[0] || [0, 0]);
      ui.hover = at;
      ui.hoverSeat = seat;
      drawPreview(at);
    };
    handles.place = () => {
      if (ui.hover && ui.hoverSeat === seat) place(ui.hover);
    };
  }

  // the tools over the city: zoom, fit, rotate
  const rotTitle = (k) => t(`${P}.btn.${k}`);
  const canRotate = piece && piece.turns;
  const tools = h("div", { class: "akr-tools" },
    toolButton("+", t(`${P}.btn.zoom_in`), () => handles.zoom(1.25), "akr-tool", { "data-tool": "zoom-in" }),
    toolButton("−", t(`${P}.btn.zoom_out`), () => handles.zoom(0.8), "akr-tool", { "data-tool": "zoom-out" }),
    toolButton(t(`${P}.btn.fit`), t(`${P}.btn.fit_title`), () => handles.fit(), "akr-tool wide", { "data-tool": "fit" }));
  if (canRotate) {
    tools.append(
      toolButton("⟲", rotTitle("rotate_ccw"), () => live && live.rotate(-1), "akr-tool", { "data-tool": "rotate-ccw" }),
      toolButton("⟳", rotTitle("rotate_cw"), () => live && live.rotate(1), "akr-tool", { "data-tool": "rotate-cw" }));
  }
  frame.append(tools);
  // under the city: its name and size, or while placing, whether the piece fits where the pointer is
  const line = h("div", { class: "akr-line" });
  if (piece) line.append(reason);
  else {
    line.append(h("span", { class: "akr-city-caption" },
      seat === ctx.seat ? t(`${P}.city.yours`) : t(`${P}.city.of`, { seat }, ctx.players),
      " · ", t(`${P}.city.tiles`, { count: s.tiles })),
    h("span", { class: "akr-line-help" }, t(touch() ? `${P}.touch.city_help` : `${P}.city_help.text`)));
  }
  return h("div", { class: "akr-cityblock" }, frame, line);
}

// -- the solo Architect ------------------------------------------------------------------------------------

function architectPanel(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const a = v.architect;
  const panel = h("div", { class: "akr-architect", "data-testid": "architect" });
  const level = ((ctx.catalog || {}).architects || {})[a.level] || {};
  panel.append(h("h3", null, t("architect.name"), " ", h("span", { class: "muted" }, level.name || t(`architect.${a.level}`))));
  panel.append(h("p", { class: "akr-arch-line" },
    h("span", { class: "akr-my-stones" }, fromMarkup(art.stoneSvg()), t(`${P}.architect.stones`, { count: a.stones })),
    " · ", t(`${P}.architect.total`, { total: a.score.total })));
  panel.append(h("p", { class: "muted small" }, level.rule || t(`${P}.architect.rule.${a.level}`)));
  const tiles = h("div", { class: "akr-arch-tiles" });
  tiles.append(h("div", { class: "akr-arch-tile", title: t(`${P}.architect.start`) }, fromMarkup(art.startingSvg())));
  for (const tile of a.tiles) tiles.append(h("div", { class: "akr-arch-tile", title: t(`${P}.site.tile`, { tile: tile.id, hexes: [...tile.hexes].map((c) => kindName(ctx, c)).join(", ") }) }, fromMarkup(art.pieceSvg(tile.hexes))));
  for (const s of a.small) tiles.append(h("div", { class: "akr-arch-tile small" }, fromMarkup(art.pieceSvg(s.hex))));
  panel.append(h("h4", null, t(`${P}.architect.tiles`, { count: a.tiles.length })), tiles);
  if (a.completed && a.completed.length) panel.append(h("p", null, t(`${P}.architect.cards`, { cards: a.completed })));
  return panel;
}

// -- the score breakdown ------------------------------------------------------------------------------------

// the five colours in scoring order, from the catalog: { id, letter, name, rule, variant_option, variant }
function coloursOf(catalog) {
  return (catalog && catalog.colours) || [];
}

function scorePanel(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const ui = ctx.ui;
  const shown = scoresShown();
  const arch = ui.shown === "arch" && v.architect;
  const seat = arch ? null : ui.shown;
  const sc = arch ? v.architect.score : v.seats[seat] && v.seats[seat].score;
  const toggle = button(shown ? t(`${P}.score.hide`) : t(`${P}.score.show`), () => { setScoresShown(!shown); ctx.rerender(); },
    "small ghost akr-score-toggle", { "aria-expanded": shown ? "true" : "false", "data-testid": "score-toggle" });
  const who = arch ? t("architect.name") : seat === ctx.seat ? t(`${P}.city.yours`) : nameOf(ctx, seat);
  const panel = h("section", { class: ["akr-panel", "akr-scores", !shown && "collapsed"], "aria-label": t(`${P}.score.title`) },
    h("div", { class: "akr-panel-head" }, h("h3", null, t(`${P}.score.title`)), toggle));
  if (!shown || !sc) return panel;
  panel.append(h("p", { class: "akr-score-who" }, who));
  panel.append(breakdown(t, ctx.catalog, sc, v.options, arch));
  return panel;
}

function breakdown(t, catalog, sc, options, arch) {
  const table = h("table", { class: "akr-score-table", "data-testid": "score-breakdown" });
  const body = h("tbody");
  for (const colour of coloursOf(catalog)) {
    const c = colour.id;
    const p = sc.colours[c];
    if (!p) continue;
    const variant = options && options[colour.variant_option];
    const tip = arch ? t(`${P}.architect.rule_colour`) : `${colour.rule}${variant ? `\n${colour.variant}` : ""}`;
    body.append(h("tr", { class: ["akr-score-row", p.points && "scoring"], dataset: { colour: c }, title: tip },
      h("th", { scope: "row" }, h("span", { class: "akr-swatch", style: { background: art.level(colour.letter, 2) } }), colour.name),
      h("td", { class: "akr-formula" },
        h("span", { class: "v", title: t(`${P}.score.value_title`, { count: p.districts }) }, String(p.value)),
        " × ",
        h("span", { class: "s", title: t(`${P}.score.stars_title`) }, `${p.stars}★`)),
      h("td", { class: "akr-points" }, String(p.points)),
      h("td", { class: "akr-doubled" }, p.doubled ? h("span", { class: "akr-x2", title: t(`${P}.score.doubled`, { count: p.doubled }) }, t(`${P}.score.doubled_short`, { count: p.doubled })) : "")));
  }
  if (sc.quarries && sc.quarries.count !== undefined) {
    body.append(h("tr", { class: "akr-score-row" },
      h("th", { scope: "row" }, h("span", { class: "akr-swatch", style: { background: art.level("q", 1) } }), t("score.quarries")),
      h("td", { class: "akr-formula" }, t(`${P}.score.quarries_formula`, { count: sc.quarries.count, points: sc.quarries.value })),
      h("td", { class: "akr-points" }, String(sc.quarries.points)), h("td")));
  }
  body.append(h("tr", { class: "akr-score-row stones" },
    h("th", { scope: "row" }, fromMarkup(art.stoneSvg()), t("score.stones")),
    h("td", { class: "akr-formula" }, `${sc.stones} × ${sc.stone_value}`),
    h("td", { class: "akr-points" }, String(sc.stone_points)),
    h("td", { class: "akr-doubled" }, sc.statue ? h("span", { class: "akr-x2", title: t(`${P}.score.statue_title`) }, fromMarkup(art.pieceKindSvg("head"))) : "")));
  table.append(body);
  table.append(h("tfoot", null, h("tr", { class: "akr-score-total" },
    h("th", { scope: "row" }, t("score.total")), h("td"), h("td", { class: "akr-points" }, String(sc.total)), h("td"))));
  return table;
}

// -- Athena ---------------------------------------------------------------------------------------------

function athenaPanel(ctx, L, mine) {
  const v = ctx.view;
  const t = ctx.t;
  const ath = v.athena;
  const ready = new Set(mine && v.phase === "athena" ? ath.ready : []);
  const offers = new Map((L.athena || []).map((a) => [`${a.card}|${a.tile}`, a]));
  const panel = h("section", { class: "akr-panel akr-athena", "data-testid": "athena", "aria-label": t(`${P}.athena.title`) },
    h("div", { class: "akr-panel-head" }, h("h3", null, t(`${P}.athena.title`))));
  if (ready.size) panel.append(h("p", { class: "akr-athena-hint" }, t(touch() ? `${P}.touch.ready_hint` : `${P}.athena.ready_hint`)));
  const archDone = new Set(v.architect ? v.architect.completed : []);
  for (const card of ath.cards) {
    const isReady = ready.has(card.id);
    const done = ctx.seat !== null && ctx.seat !== undefined && card.completed_by.includes(ctx.seat);
    const about = cardOf(ctx, card.id);
    const el = h("article", { class: ["akr-card", `colour-${about.kind}`, isReady && "ready", done && "done"], dataset: { card: card.id } });
    const name = h("button", { type: "button", class: "akr-card-name", title: t(`${P}.athena_extra.guide`) }, about.name);
    name.addEventListener("click", () => ctx.openGuide("cards"));
    el.append(h("div", { class: "akr-card-head" },
      name,
      h("span", { class: "akr-card-piece", title: t(`${P}.athena.pieces`, { piece: pieceName(ctx, card.piece), count: card.pieces_left }) },
        fromMarkup(art.pieceKindSvg(card.piece)), `${pieceName(ctx, card.piece)} ×${card.pieces_left}`)));
    el.append(h("p", { class: "akr-card-text" }, about.text));
    const under = h("div", { class: "akr-under" });
    for (const s of card.under) {
      const a = isReady ? offers.get(`${card.id}|${s.id}`) : null;
      const title = hexName(ctx, s.hex);
      const tile = h(a ? "button" : "span", {
        type: a ? "button" : null, class: ["akr-small", a && "pick"], title: a ? t(`${P}.athena.take`, { kind: title }) : title,
        dataset: a ? { action: "athena", card: card.id, tile: s.id } : { tile: s.id },
      }, fromMarkup(art.pieceSvg(s.hex)));
      if (a) tile.addEventListener("click", actOf(ctx, a));
      under.append(tile);
    }
    if (!card.under.length) under.append(h("span", { class: "muted small" }, t(`${P}.athena.no_small`)));
    el.append(under);
    const who = card.completed_by.map((seat) => nameOf(ctx, seat));
    if (archDone.has(card.id)) who.push(t("architect.name"));
    if (who.length) el.append(h("p", { class: "akr-card-by" }, t(`${P}.athena.completed_by`, { names: who.join(t("list.separator")) })));
    panel.append(el);
  }
  // a card we may complete now is brought into sight in the side column
  const first = panel.querySelector(".akr-card.ready");
  if (first) requestAnimationFrame(() => { if (first.isConnected) first.scrollIntoView({ block: "nearest" }); });
  return panel;
}

// -- the action bar ---------------------------------------------------------------------------------------

function barControls(ctx, L, piece, bar) {
  const v = ctx.view;
  const t = ctx.t;
  const ui = ctx.ui;
  if (v.phase === "take") {
    if (ui.pending) bar.push(h("span", { class: "bar-hint" }, t(`${P}.hint.sending`)));
    else if (ui.sel === null || ui.sel === undefined) bar.push(h("span", { class: "bar-hint akr-bar-hint" }, t(how("choose"))));
    else {
      bar.push(h("span", { class: "bar-hint akr-bar-hint" }, t(how("place"))));
      bar.push(button(t(`${P}.btn.cancel`), () => { ui.sel = null; ctx.rerender(); }, "small ghost", { "data-action": "cancel" }));
    }
  } else if (v.phase === "place") {
    bar.push(h("span", { class: "bar-hint akr-bar-hint" }, t(ui.pending ? `${P}.sending.place` : how("place"))));
  } else if (v.phase === "athena") {
    bar.push(h("span", { class: "bar-hint akr-bar-hint" }, t(`${P}.hint.athena`, { cards: v.athena ? v.athena.ready : [] })));
    if (L.done) bar.push(button(t(`${P}.btn.done`), actOf(ctx, L.done[0]), "primary", { "data-action": "done" }));
  } else if (v.phase === "small") {
    bar.push(h("span", { class: "bar-hint akr-bar-hint" }, t(how("small"))));
  }
  if (piece && piece.turns && !ui.pending) {
    bar.push(button("⟲", () => live && live.rotate(-1), "small akr-rot", { title: t(`${P}.btn.rotate_ccw`), "aria-label": t(`${P}.btn.rotate_ccw`), "data-action": "rotate-ccw" }));
    bar.push(button("⟳", () => live && live.rotate(1), "small akr-rot", { title: t(`${P}.btn.rotate_cw`), "aria-label": t(`${P}.btn.rotate_cw`), "data-action": "rotate-cw" }));
  }
}

// -- the final scores --------------------------------------------------------------------------------------

function finalTable(result, names, mySeat) {
  const t = i18n.t;
  const colours = coloursOf(gamedata.get("akropolis", i18n.getLang()));
  const rows = (result.scores || []).map((s, seat) => ({ ...s, seat, name: nameOf({ players: names, t }, seat) }));
  if (result.architect) rows.push({ ...result.architect, seat: "arch", name: t("architect.name") });
  rows.sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const quarries = !!result.architect;
  const winners = new Set(result.winners || []);
  const table = h("table", { class: "score-table akr-final", "data-testid": "score-table" });
  table.append(h("thead", null, h("tr", null,
    h("th", { scope: "col" }, t("score.rank")),
    h("th", { scope: "col" }, t("web.table.player")),
    ...colours.map((c) => h("th", { scope: "col", dataset: { colour: c.id } }, h("span", { class: "akr-swatch", style: { background: art.level(c.letter, 2) } }), c.name)),
    quarries ? h("th", { scope: "col" }, t("score.quarries")) : null,
    h("th", { scope: "col" }, t("score.stones")),
    h("th", { scope: "col", class: "total" }, t("score.total")))));
  const body = h("tbody");
  for (const s of rows) {
    const won = s.seat === "arch" ? !!result.architect_won : winners.has(s.seat);
    const tr = h("tr", { class: [won && "winner", s.seat === mySeat && "me", s.seat === "arch" && "akr-arch-row"], dataset: { seat: String(s.seat) } },
      h("td", { class: "rank" }, String(s.rank ?? "")),
      h("th", { scope: "row" }, s.name));
    for (const { id: c } of colours) {
      const p = s.colours[c];
      tr.append(h("td", { class: "akr-final-cell", dataset: { colour: c } },
        h("span", { class: "akr-final-points" }, String(p.points)),
        h("span", { class: "akr-final-formula" }, `${p.value} × ${p.stars}★`),
        p.doubled ? h("span", { class: "akr-final-doubled" }, t(`${P}.score.doubled`, { count: p.doubled })) : null));
    }
    if (quarries) tr.append(h("td", null, s.quarries ? String(s.quarries.points) : ""));
    tr.append(h("td", { class: "akr-final-cell" },
      h("span", { class: "akr-final-points" }, String(s.stone_points)),
      h("span", { class: "akr-final-formula" }, `${s.stones} × ${s.stone_value}`)));
    tr.append(h("td", { class: "total" }, String(s.total)));
    body.append(tr);
  }
  table.append(body);
  const notes = h("div", { class: "score-notes" });
  const w = [...winners];
  if (w.length) notes.append(h("p", { class: "winners" }, t("web.table.winners", { count: w.length, winners: w }, names)));
  if (result.architect) notes.append(h("p", { class: result.architect_won ? "winners" : "" }, t(result.architect_won ? `${P}.final.architect_won` : `${P}.final.architect_lost`)));
  if (result.tie_break && result.tie_break !== "none") notes.append(h("p", null, t("web.table.tie_break", { rule: t(`tie_break.${result.tie_break}`) })));
  if (result.rounds) notes.append(h("p", { class: "muted" }, t("web.table.rounds", { count: result.rounds })));
  return h("div", { class: "scores akr-final-scores" }, h("div", { class: "score-scroll" }, table), notes);
}

export default akropolis;
