// The Gates of the Citadel table (Jocul Cetății): the shuffle and the pair draft ("Dividing the citadel"), then
// six duels: both main cards face up with their explosions, the preliminary scores and the difference kept of
// them (only the leader's margin counts, spec gates R32), the action row
// (who acts first, who answers, what each attached), your hand with Skip, the Crowns' extra card, the Poet's
// graveyard pick, the four gates on their holders' sides (yours below, the opponent's above, open and neutral
// ones in the middle), the siege target and the defence's three cards, the scores, the +5 table, both
// graveyards, the calculation of every duel, and a large preview of any hovered card in a corner of the table.
// The generic frame (table.js) calls `render(ctx)` after every sync/update; any legal action this module does
// not claim in `handled` is still offered there as a plain button.
// It only draws what the engine says: the cards' numbers from the view's `card_set`, their names and texts from
// the game's catalog (`ctx.catalog`), the explosions, the choosers, the gate at stake and the gates held from
// the view, a siege's odds and what a card would do now from the action notes (`ctx.noteOf`), and why a move
// is refused from the view's `refusals`. It works out no rule itself.
import { h, fromMarkup } from "../dom.js";
import * as i18n from "../i18n.js";
import { actOf, button, byType, hinted, nameOf, noteOf, refusalOf, refusalText, touchScreen } from "../kit.js";
import * as art from "./gates-art.js";
import * as walk from "./walkthrough.js";

const P = "web.gates";
// a hint in words for the pointer at hand: "tap" on a touch screen (web.gates.touch.*), "click" elsewhere
const hintKey = (name) => `${P}.${touchScreen() ? "touch" : "hint"}.${name}`;

// -- small helpers (the rest are the kit's) --------------------------------------------------------------

function isSeat(x) { return x === 0 || x === 1; }

// the seat drawn below (yours; seat 1 for a spectator's view... seat 0) and the one drawn above
function sides(ctx) {
  const bottom = isSeat(ctx.seat) ? ctx.seat : 0;
  return { bottom, top: 1 - bottom };
}

// The card list the view is played with: the numbers from the view's `card_set` (the engine's, with the
// printed values of this game's options), each card's names and text from the catalog. `known` is false when
// the view names a card list other than the catalog's (its names may then be missing).
function cardSet(ctx) {
  const v = ctx.view || {};
  const cat = ctx.catalog || {};
  const given = v.card_set || {};
  const merge = (numbers, named) => {
    const out = {};
    for (const [id, c] of Object.entries(numbers || named || {})) out[id] = { ...((named || {})[id] || {}), ...c };
    return out;
  };
  return {
    main: merge(given.main, cat.main),
    action: merge(given.action, cat.action),
    known: !cat.digest || !v.cards_digest || cat.digest === v.cards_digest,
  };
}

// the card's own name on its face (the catalog's, without the translation in brackets)
function faceName(t, cs, id) {
  const c = cs.main[id] || cs.action[id];
  return (c && c.face) || t(`card.${id}`);
}

// the card list's own (Romanian) name, kept as a subtitle where the catalog gives one (the main cards and the
// specials, in a language that names them otherwise)
function nativeName(cs, id) {
  const c = cs.main[id] || cs.action[id];
  return (c && c.native) || null;
}

function nativeLine(t, cs, id) {
  const native = nativeName(cs, id);
  return native ? h("span", { class: "gt-c-native", title: t(`${P}.names.native`, { name: native }) }, h("span", null, native)) : null;
}

// what a special card does, in words
function specialText(t, c) {
  return c.text || t(`help.special.${c.special}`);
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function gateState(holder) {
  if (holder === 0 || holder === 1) return `s${holder}`;
  return holder === "neutral" ? "neutral" : "open";
}

// did the main card in play of `seat` explode against the opposing one (the engine says, `prelim_fired`)?
function firedIn(view, seat) {
  return !!(view.prelim_fired && view.prelim_fired[seat]);
}

// -- cards -----------------------------------------------------------------------------------------------

function mainCard(ctx, cs, id, opts = {}) {
  const t = ctx.t;
  const c = cs.main[id];
  const tag = opts.onClick ? "button" : "div";
  if (!c) return h(tag, { class: "gt-card gt-main", dataset: { card: id } }, id);
  const own = c.explosion > 0;
  const el = h(tag, {
    type: opts.onClick ? "button" : null,
    class: ["gt-card", "gt-main", `size-${opts.size || "md"}`, opts.fired && "fired", opts.onClick && "pick", nativeName(cs, id) && "has-native", opts.cls],
    dataset: { card: id, kind: "main", ...(opts.data || {}) },
    "aria-label": t(`${P}.aria.main`, { card: id, value: c.value, index: c.index, explosion: signed(c.explosion) }),
  },
  h("span", { class: "gt-c-name" }, h("span", null, faceName(t, cs, id))),
  nativeLine(t, cs, id),
  h("span", { class: "gt-c-index", title: t(`${P}.card.index`) }, fromMarkup(art.shieldSvg()), h("b", null, String(c.index))),
  h("span", { class: "gt-c-value", title: t(`${P}.card.value`) }, h("b", null, String(c.value))),
  h("span", { class: "gt-c-art" }, fromMarkup(art.emblemSvg(id))),
  h("span", { class: ["gt-c-boom", own ? "own" : "opp"], title: t(own ? `${P}.card.explosion_own` : `${P}.card.explosion_opp`, { amount: Math.abs(c.explosion) }) },
    fromMarkup(art.burstSvg()), h("b", null, signed(c.explosion)), h("small", null, t(own ? `${P}.card.own` : `${P}.card.opp`))));
  if (opts.fired) el.append(h("span", { class: "gt-fired", title: t(`${P}.card.fired`) }, fromMarkup(art.burstSvg("gt-burst")), h("span", null, t(`${P}.card.fired`))));
  if (opts.onClick) el.addEventListener("click", opts.onClick);
  return el;
}

function tableText(t, symbol, values) {
  if (symbol === "wild") return t(`${P}.card.table_wild`);
  if (symbol === "none" || !values) return t(`${P}.card.table_none`);
  return t(`${P}.card.table`, { first: values[0], second: values[values.length - 1] });
}

function actionCard(ctx, cs, id, opts = {}) {
  const t = ctx.t;
  const c = cs.action[id];
  const tag = opts.onClick ? "button" : "div";
  if (!c) return h(tag, { class: "gt-card gt-action", dataset: { card: id } }, id);
  const table = (ctx.view.table_bonus || {})[c.symbol];
  const el = h(tag, {
    type: opts.onClick ? "button" : null,
    class: ["gt-card", "gt-action", `sym-${c.symbol}`, c.special && "special", `size-${opts.size || "md"}`,
      opts.onClick && "pick", opts.disabled && "disabled", opts.cancelled && "cancelled", nativeName(cs, id) && "has-native", opts.cls],
    dataset: { card: id, kind: "action", ...(opts.data || {}) },
    disabled: opts.onClick && opts.disabled ? true : null,
    "aria-label": t(`${P}.aria.action`, { card: id, value: c.value, circle: c.circle, symbol: c.symbol }),
  },
  h("span", { class: "gt-c-name" }, h("span", null, faceName(t, cs, id))),
  nativeLine(t, cs, id),
  h("span", { class: "gt-c-value", title: t(`${P}.card.value`) }, h("b", null, signed(c.value).replace("+", ""))),
  h("span", { class: "gt-c-circle", title: t(`${P}.card.circle`) }, h("b", null, String(c.circle))),
  h("span", { class: "gt-c-symbol", title: t(`symbol.${c.symbol}`) }, fromMarkup(art.symbolSvg(c.symbol))),
  c.special
    ? h("span", { class: "gt-c-text" }, h("span", null, specialText(t, c)))
    : h("span", { class: "gt-c-table" }, h("span", null, tableText(t, c.symbol, table))));
  if (opts.cancelled) el.append(h("span", { class: "gt-stamp" }, h("span", null, t(`${P}.card.cancelled`))));
  if (opts.caption) el.append(h("span", { class: ["gt-caption", opts.captionCls] }, h("span", null, opts.caption)));
  if (opts.onClick && !opts.disabled) el.addEventListener("click", opts.onClick);
  return el;
}

function anyCard(ctx, cs, id, opts = {}) {
  return cs.main[id] ? mainCard(ctx, cs, id, opts) : actionCard(ctx, cs, id, opts);
}

// a small card: the value and the index (main) or the value and the symbol (action)
function miniCard(ctx, cs, id, opts = {}) {
  const t = ctx.t;
  const m = cs.main[id];
  const a = cs.action[id];
  const native = nativeName(cs, id);
  const name = [(m || a || {}).name || t(`card.${id}`), native].filter(Boolean).join(" · ");
  if (m) {
    return h("span", { class: ["gt-mini", "main", opts.cls], dataset: { card: id }, title: name },
      h("b", null, String(m.value)), h("small", null, String(m.index)));
  }
  if (a) {
    return h("span", { class: ["gt-mini", "action", `sym-${a.symbol}`, opts.cls], dataset: { card: id }, title: name },
      h("b", null, signed(a.value).replace("+", "")), fromMarkup(art.symbolSvg(a.symbol, "gt-sym tiny")));
  }
  return h("span", { class: "gt-mini" }, "?");
}

function backs(count, max = 8) {
  const row = h("span", { class: "gt-backs" });
  for (let i = 0; i < Math.min(count, max); i++) row.append(h("span", { class: "gt-back" }, fromMarkup(art.cardBackSvg())));
  return row;
}

function symbolLabel(t, symbol) {
  return h("span", { class: "gt-symlabel" }, fromMarkup(art.symbolSvg(symbol, "gt-sym small")), t(`symbol.${symbol}`));
}

// -- the hover preview: a large card pinned to a corner of the table -------------------------------------

function previewDetails(ctx, cs, id) {
  const t = ctx.t;
  const v = ctx.view;
  const m = cs.main[id];
  const a = cs.action[id];
  const native = nativeName(cs, id);
  const out = h("div", { class: "gt-pv-text" }, h("h4", null, (m || a || {}).name || t(`card.${id}`),
    native ? h("small", { class: "gt-pv-native", title: t(`${P}.names.native`, { name: native }) }, native) : null));
  if (m) {
    out.append(h("p", null, t(`${P}.preview.main`, { value: m.value, index: m.index })));
    out.append(h("p", { class: m.explosion > 0 ? "own" : "opp" }, t(m.explosion > 0 ? `${P}.preview.explosion_own` : `${P}.preview.explosion_opp`, { amount: Math.abs(m.explosion), index: m.index })));
    const victims = m.fires_against || [];
    out.append(h("p", { class: "muted" }, victims.length ? t(`${P}.preview.fires`, { cards: victims }) : t(`${P}.preview.fires_none`)));
    const seat = v.current ? v.current.indexOf(id) : -1;
    if (seat >= 0) {
      const other = v.current[1 - seat];
      out.append(h("p", { class: "gt-pv-now" }, firedIn(v, seat) ? t(`${P}.preview.fires_now`, { card: other }) : t(`${P}.preview.quiet_now`, { card: other })));
    }
  } else if (a) {
    out.append(h("p", null, t(`${P}.preview.action`, { value: a.value, circle: a.circle })));
    const table = (v.table_bonus || {})[a.symbol];
    let sym;
    if (a.symbol === "wild") sym = t(`${P}.preview.symbol_wild`);
    else if (a.symbol === "none" || !table) sym = t(`${P}.preview.symbol_none`);
    else sym = t(`${P}.preview.symbol`, { symbol: a.symbol, first: table[0], second: table[table.length - 1] });
    out.append(h("p", { class: "gt-pv-sym" }, fromMarkup(art.symbolSvg(a.symbol, "gt-sym small")), sym));
    if (a.special) out.append(h("p", { class: "gt-pv-special" }, specialText(t, a)));
    const now = attachNote(ctx, id);
    if (now) out.append(h("p", { class: "gt-pv-now", "data-testid": "attach-note" }, now));
    out.append(h("p", { class: "muted" }, t(`${P}.preview.circle_help`)));
  }
  return out;
}

// what attaching card `id` now would do, as the engine's note on that move says (null: not a move now)
function attachNote(ctx, id) {
  const t = ctx.t;
  const me = ctx.seat;
  const note = noteOf(ctx, { type: "attach", card: id });
  if (!isSeat(me)) return null;
  if (note.battle) return t(`${P}.preview.now_battle`);
  if (!note.totals) return null;
  const totals = { mine: note.totals[me], theirs: note.totals[1 - me] };
  if (note.cancelled) return t(`${P}.preview.now_cancelled`, totals);
  return t(note.bonus ? `${P}.preview.now_bonus` : `${P}.preview.now`, { ...totals, step: note.step, score: note.score, bonus: note.bonus });
}

function bindPreview(container, ctx, cs) {
  const box = h("div", { class: "gt-preview", "aria-hidden": "true", "data-testid": "card-preview" });
  container.append(box);
  let current = null;
  const hide = () => { current = null; box.classList.remove("show"); };
  container.addEventListener("mouseover", (e) => {
    const el = e.target && e.target.closest ? e.target.closest("[data-card]") : null;
    if (!el || !container.contains(el) || box.contains(el)) return;
    if (el === current) return;
    current = el;
    const id = el.dataset.card;
    box.replaceChildren(
      h("div", { class: "gt-pv-card" }, anyCard(ctx, cs, id, { size: "xl", fired: el.classList.contains("fired") })),
      previewDetails(ctx, cs, id));
    // the corner of the table away from the card
    const area = (container.closest(".tp-board") || container).getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const left = r.left + r.width / 2 > area.left + area.width / 2;
    const up = r.top + r.height / 2 > area.top + area.height / 2;
    box.classList.toggle("at-left", left);
    box.classList.toggle("at-top", up);
    box.style.left = left ? `${Math.max(0, area.left) + 8}px` : "";
    box.style.right = left ? "" : `${Math.max(0, window.innerWidth - area.right) + 8}px`;
    box.style.top = up ? `${Math.max(0, area.top) + 8}px` : "";
    box.style.bottom = up ? "" : `${Math.max(0, window.innerHeight - area.bottom) + 8}px`;
    box.classList.add("show");
  });
  container.addEventListener("mouseout", (e) => {
    if (!current) return;
    const to = e.relatedTarget;
    if (to && current.contains(to)) return;
    hide();
  });
  container.addEventListener("mouseleave", hide);
  return box;
}

// -- the module ---------------------------------------------------------------------------------------

const gates = {
  id: "gates",

  advancedOptions: ["main_deck_order", "action_deal", "action_order", "alliance_value", "neutral_gates"],

  result(view) { return view && view.result; },

  journalClass(ev) {
    if (ev.type === "duel_started" || ev.type === "siege_duel_started" || ev.type === "pairs_dealt") return "journal-round";
    if (ev.type === "match_over" || ev.type === "match_drawn") return "journal-end";
    if (["duel_won", "duel_tied", "gate_taken", "gate_neutral", "siege_won", "siege_failed", "main_lead", "main_scores", "main_difference"].includes(ev.type)) return "journal-call";
    if (ev.type === "explosion_own" || ev.type === "explosion_opponent") return "gt-j-boom";
    if (ev.type === "table_bonus" || ev.type === "table_wild") return "gt-j-bonus";
    return "";
  },

  status(ctx) {
    const v = ctx.view;
    const t = ctx.t;
    const mover = v.to_move;
    let text;
    if (v.phase === "over") text = t("phase.over");
    else if (isSeat(ctx.seat) && mover === ctx.seat && !ctx.readOnly) text = t(`${P}.status.${v.phase}_you`, { pair: v.pair_index + 1 });
    else text = t(`${P}.status.${v.phase}`, { seat: mover, pair: v.pair_index + 1 }, ctx.players);
    return { round: v.round || null, text };
  },

  badges(ctx, seat) {
    const v = ctx.view;
    const t = ctx.t;
    if (!v || !v.gates) return [];
    const held = v.gates_held ? v.gates_held[seat] : 0;
    const hand = Array.isArray(v.hands[seat]) ? v.hands[seat].length : v.hands[seat];
    return [
      { html: art.gateSvg(0, "none", `s${seat}`), text: String(held), title: t(`${P}.badge.gates`, { count: held }), cls: "gt-badge-gates" },
      { text: t(`${P}.badge.score`, { score: v.scores[seat] }), title: t(`${P}.badge.score_title`), cls: "gt-badge-score" },
      ...(v.phase === "shuffle" || v.phase === "draft" || v.phase === "start" ? [] : [
        { html: art.cardBackSvg(), text: String(hand), title: t(`${P}.badge.hand`, { count: hand }), cls: "gt-badge-hand" }]),
    ];
  },

  guideSection(ctx) {
    const p = ctx.view.phase;
    if (p === "shuffle" || p === "draft" || p === "start") return { slug: "setup" };
    if (p === "poet") return { slug: "special-cards", anchor: "poetul-misterului" };
    if (p === "extra") return { slug: "special-cards", anchor: "coroanele-unirii" };
    if (p === "siege") return { slug: "siege" };
    if (p === "over") return { slug: "end" };
    return { slug: "duel" };
  },

  scoreTable(result, names, mySeat) {
    return finalTable(result, names, mySeat);
  },

  render(ctx) {
    const v = ctx.view;
    const t = ctx.t;
    const ui = ctx.ui;
    const cs = cardSet(ctx);
    const L = byType(ctx.legal);
    const handled = new Set();
    const claim = (list) => { for (const a of list || []) handled.add(ctx.actionKey(a)); };
    const me = isSeat(ctx.seat) ? ctx.seat : null;
    const mine = me !== null && v.to_move === me && !ctx.readOnly && (ctx.legal || []).length > 0 && v.phase !== "over";

    // the duel shown in the calculation panel: the latest finished one, unless the player picked another
    const hist = v.history || [];
    if (ui.histLen !== hist.length) { ui.histLen = hist.length; ui.duel = null; }
    if (ui.picker && !["main", "action"].includes(ui.picker)) ui.picker = null;

    const board = h("div", {
      class: ["gt", v.phase === "over" && "over"],
      dataset: { phase: v.phase, mine: mine ? "1" : "0", round: String(v.round || 0), seat: me === null ? "" : String(me) },
    });
    const setup = v.phase === "shuffle" || v.phase === "draft" || v.phase === "start";
    const left = setup ? draftField(ctx, cs, L, mine) : duelField(ctx, cs, L, mine);
    if (!cs.known) left.prepend(h("p", { class: "notice warn gt-other-cards" }, t(`${P}.other_cards`)));
    board.append(left, infoColumn(ctx, cs));
    bindPreview(board, ctx, cs);
    guide(ctx, cs, board);

    claim(L.shuffle); claim(L.start); claim(L.choose); claim(L.attach); claim(L.skip); claim(L.siege); claim(L.no_siege); claim(L.poet);

    const bar = [];
    if (mine) barControls(ctx, cs, L, bar);
    let dialog = null;
    if (mine && v.phase === "poet" && L.poet) dialog = poetDialog(ctx, cs, L);
    else if (ui.picker) dialog = graveyardDialog(ctx, cs);
    return { board, bar, dialog, handled };
  },
};

// -- the draft ("Dividing the citadel") -------------------------------------------------------------------

function draftField(ctx, cs, L, mine) {
  const v = ctx.view;
  const t = ctx.t;
  const me = isSeat(ctx.seat) ? ctx.seat : null;
  const { bottom, top } = sides(ctx);
  const sec = h("section", { class: "gt-left gt-draft", "data-testid": "draft" });
  sec.append(h("div", { class: "gt-head" },
    h("h3", null, t(`${P}.draft.title`)),
    h("p", { class: "muted small" }, t(`${P}.draft.help`, { seat: v.first_chooser }, ctx.players))));
  const pairs = h("div", { class: "gt-pairs" });
  if (v.phase === "shuffle") {
    // before the shuffle, the pairs lie face down: one pair per duel (spec gates §3.2, setup 1)
    for (let i = 0; i < ((ctx.catalog || {}).duels || 0); i++) {
      pairs.append(h("div", { class: "gt-pair face-down" },
        h("div", { class: "gt-pair-head" }, h("b", null, t(`${P}.draft.pair`, { pair: i + 1 }))),
        h("div", { class: "gt-pair-cards" }, h("span", { class: "gt-back big" }, fromMarkup(art.cardBackSvg())), h("span", { class: "gt-back big" }, fromMarkup(art.cardBackSvg())))));
    }
    sec.append(pairs);
    const centre = h("div", { class: "gt-centre-call" });
    if (mine && L.shuffle) {
      centre.append(button(t(`${P}.btn.shuffle`), actOf(ctx, L.shuffle[0]), "primary big", { "data-action": "shuffle" }),
        h("p", { class: "muted small" }, t(`${P}.draft.shuffle_help`)));
    } else {
      centre.append(h("p", { class: "gt-wait" }, t(`${P}.draft.wait_shuffle`, { seat: v.to_move }, ctx.players)));
    }
    sec.append(centre);
    return sec;
  }
  const picks = new Map((L.choose || []).map((a) => [a.card, a]));
  v.pairs.forEach((pair, i) => {
    const chooser = (v.choosers || [])[i];
    const done = i < v.pair_index;
    const current = v.phase === "draft" && i === v.pair_index;
    const box = h("div", { class: ["gt-pair", done && "done", current && "current"], dataset: { pair: i } });
    box.append(h("div", { class: "gt-pair-head" },
      h("b", null, t(`${P}.draft.pair`, { pair: i + 1 })),
      h("span", { class: ["gt-who", `gt-seat-${chooser}`] }, chooser === me ? t(`${P}.draft.you_choose`) : t(`${P}.draft.chooses`, { seat: chooser }, ctx.players))));
    const cards = h("div", { class: "gt-pair-cards" });
    for (const id of pair) {
      const action = current && mine ? picks.get(id) : null;
      let owner = null;
      if (done) owner = v.drafted[0][i] === id ? 0 : 1;
      const card = mainCard(ctx, cs, id, {
        size: "md",
        onClick: action ? actOf(ctx, action) : null,
        data: action ? { action: "choose" } : {},
        cls: [owner !== null && `owned gt-seat-${owner}`, owner !== null && owner === chooser && "chosen", hinted(ctx, action)].filter(Boolean).join(" "),
      });
      const slot = h("div", { class: "gt-pair-slot" }, card);
      if (owner !== null) {
        slot.append(h("span", { class: ["gt-went", `gt-seat-${owner}`] },
          owner === chooser ? t(`${P}.draft.taken_by`, { seat: owner }, ctx.players) : t(`${P}.draft.went_to`, { seat: owner }, ctx.players)));
      }
      cards.append(slot);
    }
    box.append(cards);
    pairs.append(box);
  });
  sec.append(pairs);
  // the two pools drafted so far
  const pools = h("div", { class: "gt-pools" });
  for (const seat of [bottom, top]) {
    const list = v.drafted[seat] || [];
    pools.append(h("div", { class: ["gt-pool", `gt-seat-${seat}`] },
      h("span", { class: "gt-pool-name" }, seat === me ? t(`${P}.draft.your_pool`, { count: list.length }) : t(`${P}.draft.pool`, { seat, count: list.length }, ctx.players)),
      h("span", { class: "gt-pool-cards" }, list.map((id) => miniCard(ctx, cs, id)))));
  }
  sec.append(pools);
  if (v.phase === "start") {
    const centre = h("div", { class: "gt-centre-call" });
    if (mine && L.start) {
      centre.append(button(t(`${P}.btn.start`), actOf(ctx, L.start[0]), "primary big", { "data-action": "start" }),
        h("p", { class: "muted small" }, t(`${P}.draft.start_help`)));
    } else {
      centre.append(h("p", { class: "gt-wait" }, t(`${P}.draft.wait_start`, { seat: v.to_move }, ctx.players)));
    }
    sec.append(centre);
  }
  return sec;
}

// -- a duel ----------------------------------------------------------------------------------------------

function duelField(ctx, cs, L, mine) {
  const v = ctx.view;
  const { bottom, top } = sides(ctx);
  const sec = h("section", { class: "gt-left gt-duel", "data-testid": "duel" });
  sec.append(v.phase === "over" ? resultRow(ctx) : actionRow(ctx, cs));
  const out = outOfCards(ctx);
  if (out) sec.append(out);
  const field = h("div", { class: "gt-field" });
  // the gate track runs down the left: the opponent's gates, the open and neutral ones, yours
  field.append(
    h("div", { class: "gt-cell gt-cell-top" }, playerStrip(ctx, cs, top), gateRow(ctx, cs, L, mine, top, "top")),
    duelSide(ctx, cs, top, "top"),
    h("div", { class: "gt-cell gt-cell-middle" }, gateRow(ctx, cs, L, mine, null, "middle")),
    middleCell(ctx, cs),
    h("div", { class: "gt-cell gt-cell-bottom" }, gateRow(ctx, cs, L, mine, bottom, "bottom"), playerStrip(ctx, cs, bottom)),
    duelSide(ctx, cs, bottom, "bottom"));
  sec.append(field);
  const hand = handArea(ctx, cs, L, mine, bottom);
  if (hand) sec.append(hand);
  return sec;
}

// the action row at the top: the duel, who acts first, who answers and what each did
function actionRow(ctx, cs) {
  const v = ctx.view;
  const t = ctx.t;
  const row = h("div", { class: "gt-row", "data-testid": "action-row" });
  const gate = v.stake ?? null;
  row.append(h("div", { class: "gt-row-duel" },
    h("b", null, t(`${P}.row.duel`, { round: v.round, duels: (ctx.catalog || {}).duels ?? "?" })),
    gate !== null
      ? h("span", { class: "gt-row-stake" }, t(`${P}.row.for_gate`, { gate }), fromMarkup(art.symbolSvg(v.gate_symbols[gate], "gt-sym small")))
      : h("span", { class: "gt-row-stake siege" }, t(`${P}.row.siege_duel`))));
  if (!v.order) return row;
  const actor = v.actor;
  const firstDone = actor === v.order[1] || v.phase === "siege";
  v.order.forEach((seat, k) => {
    const plays = v.plays[seat] || [];
    let state;
    if (v.phase === "siege") state = plays.length ? "attached" : "skipped";
    else if (actor === seat) state = v.phase === "extra" ? "extra" : v.phase === "poet" ? "poet" : "acting";
    else if (k === 0 ? firstDone : false) state = plays.length ? "attached" : "skipped";
    else state = "waiting";
    const what = state === "attached" ? t(`${P}.row.attached`, { cards: plays }) : t(`${P}.row.${state}`);
    row.append(h("div", { class: ["gt-row-seat", `gt-seat-${seat}`, actor === seat && "acting"], dataset: { seat, state } },
      h("span", { class: "gt-row-rank" }, String(k + 1)),
      h("span", { class: "gt-row-text" },
        h("b", null, t(k === 0 ? `${P}.row.first` : `${P}.row.second`, { seat }, ctx.players)),
        h("span", { class: "gt-row-state" }, what))));
  });
  if (v.phase === "siege" && isSeat(v.attacker)) {
    row.append(h("div", { class: "gt-row-seat acting siege" }, h("span", { class: "gt-row-text" },
      h("b", null, t(`${P}.row.attacker`, { seat: v.attacker }, ctx.players)))));
  }
  return row;
}

function resultRow(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const r = v.result || {};
  const winners = r.winners || [];
  const gatesOf = (s) => (r.scores && r.scores[s] ? r.scores[s].gates : 0);
  const text = winners.length === 1
    ? t(`${P}.result.winner`, { seat: winners[0], gates: gatesOf(winners[0]), other: gatesOf(1 - winners[0]) }, ctx.players)
    : t(`${P}.result.draw`);
  return h("div", { class: "gt-row gt-result-row", "data-testid": "result-row" },
    h("div", { class: "gt-row-duel" }, h("b", null, t("phase.over"))),
    h("div", { class: "gt-result-text" }, h("b", null, text), " ", h("span", { class: "muted" }, t(`${P}.result.by.${r.tie_break || "none"}`))));
}

// a player's strip: the chip, the hand (the opponent's as card backs), the reserve and the main deck
function playerStrip(ctx, cs, seat) {
  const v = ctx.view;
  const t = ctx.t;
  const me = isSeat(ctx.seat) ? ctx.seat : null;
  const strip = h("div", { class: ["gt-strip", `gt-seat-${seat}`, seat === me && "me"], dataset: { seat } });
  strip.append(ctx.chip(seat));
  if (seat !== me) {
    const count = Array.isArray(v.hands[seat]) ? v.hands[seat].length : v.hands[seat];
    const known = (v.known_hands && v.known_hands[seat]) || [];
    strip.append(h("span", { class: "gt-stat gt-opp-hand", dataset: { count, known: known.length } }, h("span", { class: "gt-stat-label" }, t(`${P}.strip.hand`, { count })),
      backs(Math.max(0, count - known.length)), known.map((id) => miniCard(ctx, cs, id, { cls: "known" }))));
  }
  strip.append(h("span", { class: "gt-stat", title: t(`${P}.strip.reserve_title`) }, h("span", { class: "gt-stat-label" }, t(`${P}.strip.reserve`, { count: v.reserves[seat] }))));
  const deck = v.main_deck[seat] || { count: 0, cards: [] };
  strip.append(h("span", { class: "gt-stat gt-deck", title: t(`${P}.strip.deck_title`) },
    h("span", { class: "gt-stat-label" }, t(`${P}.strip.deck`, { count: deck.count })),
    h("span", { class: "gt-minis" }, deck.cards.map((id) => miniCard(ctx, cs, id)))));
  return strip;
}

// one row of the gate track: the gates held by `seat` (null: the open and neutral ones), one fixed slot per gate
function gateRow(ctx, cs, L, mine, seat, where) {
  const v = ctx.view;
  const t = ctx.t;
  const row = h("div", { class: ["gt-gates", `gt-gates-${where}`, seat !== null && `gt-seat-${seat}`], dataset: { where } });
  const targets = new Map(((mine && L.siege) || []).map((a) => [a.gate, a]));
  const stake = v.stake ?? null;
  for (let g = 0; g < v.gates.length; g++) {
    const holder = v.gates[g];
    const here = seat === null ? !isSeat(holder) : holder === seat;
    if (!here) { row.append(h("div", { class: "gt-gate-slot empty" })); continue; }
    const symbol = v.gate_symbols[g];
    const state = gateState(holder);
    const action = targets.get(g);
    const threatened = v.phase === "siege" && (v.targets || []).includes(g);
    const label = holder === null ? t(`${P}.gate.open`) : holder === "neutral" ? t(`${P}.gate.neutral`) : t(`${P}.gate.held`, { seat: holder }, ctx.players);
    const refused = mine && v.phase === "siege" ? refusalOf(ctx, { gate: g }) : null;
    const el = h(action ? "button" : "div", {
      type: action ? "button" : null,
      class: ["gt-gate", `state-${state}`, stake === g && "stake", action && "target", threatened && "threatened", hinted(ctx, action)],
      dataset: { gate: g, holder: holder === null ? "open" : String(holder), ...(action ? { action: "siege" } : {}), ...(refused ? { refusal: refused.code } : {}) },
      title: `${t(`gate.${g}`)} · ${t(`symbol.${symbol}`)} · ${label}${refused ? ` · ${refusalText(ctx, refused)}` : ""}`,
      "aria-label": action ? t(`${P}.siege.attack`, { gate: g }) : null,
    }, fromMarkup(art.gateSvg(g, symbol, state)),
    stake === g || holder === "neutral" ? h("span", { class: "gt-gate-label" }, stake === g ? t(`${P}.gate.stake`) : label) : null);
    if (action) {
      el.addEventListener("click", actOf(ctx, action));
      const odds = noteOf(ctx, action).odds;
      if (odds) {
        el.append(h("span", { class: "gt-odds" }, odds.shown
          ? t(`${P}.siege.chance`, { chance: Math.round(odds.chance * 100) })
          : t(`${P}.siege.sure`)));
      }
    }
    row.append(h("div", { class: "gt-gate-slot" }, el));
  }
  return row;
}

// one side of the duel: the main card in play and the action cards attached to it
function duelSide(ctx, cs, seat, where) {
  const v = ctx.view;
  const t = ctx.t;
  const cell = h("div", { class: ["gt-side", `gt-side-${where}`, `gt-seat-${seat}`], dataset: { seat } });
  if (!v.current) {
    if (v.phase === "over" && v.result && v.result.scores) {
      const s = v.result.scores[seat];
      cell.append(h("div", { class: ["gt-final", (v.result.winners || []).includes(seat) && "winner"] },
        h("span", { class: "gt-final-name" }, nameOf(ctx, seat)),
        h("span", { class: "gt-final-num" }, t(`${P}.result.gates`, { count: s.gates })),
        h("span", { class: "gt-final-num" }, t(`${P}.result.score`, { score: s.score }))));
    }
    return cell;
  }
  const mainId = v.current[seat];
  const fired = firedIn(v, seat);
  cell.append(h("div", { class: "gt-slot main" }, h("span", { class: "gt-slot-label" }, t(`${P}.duel.main`)), mainCard(ctx, cs, mainId, { size: "md", fired, data: { role: "main", seat: String(seat) } })));
  const plays = v.plays[seat] || [];
  plays.forEach((id, k) => {
    cell.append(h("div", { class: "gt-slot" }, h("span", { class: "gt-slot-label" }, t(`${P}.duel.step`, { step: k + 1 })), actionCard(ctx, cs, id, { size: "sm", data: { role: "play", seat: String(seat) } })));
  });
  const stolen = v.stolen[seat];
  if (Array.isArray(stolen) && stolen.length) {
    cell.append(h("div", { class: "gt-slot stolen" }, h("span", { class: "gt-slot-label" }, t(`${P}.duel.stolen`)), h("span", { class: "gt-minis" }, stolen.map((id) => miniCard(ctx, cs, id)))));
  } else if (typeof stolen === "number" && stolen) {
    cell.append(h("div", { class: "gt-slot stolen" }, h("span", { class: "gt-slot-label" }, t(`${P}.duel.stolen_count`, { count: stolen }))));
  }
  if (v.battle === seat) cell.append(h("span", { class: "gt-tag battle" }, t(`${P}.duel.battle`)));
  return cell;
}

// the middle of the duel: the preliminary main scores and who leads; beside them the last duel in short
function middleCell(ctx, cs) {
  const v = ctx.view;
  const t = ctx.t;
  const { bottom, top } = sides(ctx);
  const cell = h("div", { class: "gt-middle" });
  if (v.current && v.prelim) {
    const box = h("div", { class: "gt-scoreline", "data-testid": "prelim" });
    box.append(h("div", { class: "gt-sl-title" }, t(`${P}.duel.prelim`)));
    const num = (seat) => {
      // how the engine made the score: the value, its own explosion, the opposing explosion taken
      const [value, own, taken] = (v.prelim_terms || [])[seat] || [v.prelim[seat], 0, 0];
      const parts = [String(value)];
      if (own) parts.push(`+${own}`);
      if (taken) parts.push(`−${taken}`);
      const how = parts.join(" ");
      return h("div", { class: ["gt-sl-seat", `gt-seat-${seat}`, (v.prelim_differenced || [])[seat] > 0 && "lead"], dataset: { seat } },
        h("span", { class: "gt-sl-name" }, nameOf(ctx, seat)),
        h("b", { class: "gt-sl-num" }, String(v.prelim[seat])),
        parts.length > 1 ? h("span", { class: "gt-sl-how" }, `${how} = ${v.prelim[seat]}`) : null);
    };
    box.append(h("div", { class: "gt-sl-nums" }, num(top), h("span", { class: "gt-sl-vs" }, ":"), num(bottom)));
    // only the difference of the main scores counts (spec gates R32): the engine reports the differenced pair
    const kept = v.prelim_differenced || [0, 0];
    const leader = kept[0] > 0 ? 0 : kept[1] > 0 ? 1 : null;
    box.append(h("div", { class: "gt-sl-lead", "data-testid": "prelim-kept" }, leader === null
      ? t(`${P}.duel.tie`)
      : t(`${P}.duel.leads`, { seat: leader, difference: kept[leader] }, ctx.players)));
    cell.append(box);
  }
  const hist = v.history || [];
  if (hist.length && v.phase !== "over") cell.append(lastDuel(ctx, cs, hist[hist.length - 1]));
  else if (v.phase === "over" && hist.length && hist[hist.length - 1].siege) cell.append(lastDuel(ctx, cs, hist[hist.length - 1]));
  return cell;
}

// the previous duel in a few words, with the defence's cards when it ended in a siege
function lastDuel(ctx, cs, d) {
  const t = ctx.t;
  const box = h("div", { class: "gt-last", "data-testid": "last-duel" });
  box.append(h("div", { class: "gt-last-title" }, t(`${P}.last.title`, { round: d.round })));
  box.append(h("div", null, d.winner === null || d.winner === undefined
    ? t(`${P}.last.tied`, { total: d.totals ? d.totals[0] : 0 })
    : t(`${P}.last.won`, { seat: d.winner, won: d.totals[d.winner], lost: d.totals[1 - d.winner], points: d.points }, ctx.players)));
  if (d.gate) {
    box.append(h("div", null, d.gate.holder === "neutral" ? t(`${P}.last.gate_neutral`, { gate: d.gate.gate }) : t(`${P}.last.gate`, { gate: d.gate.gate, seat: d.gate.holder }, ctx.players)));
  }
  if (d.siege) box.append(siegeReveal(ctx, cs, d.siege, true));
  return box;
}

// the defence's cards turned over in a siege (`compact`: small cards, for the middle of the table)
function siegeReveal(ctx, cs, s, compact = false) {
  const t = ctx.t;
  const symbol = ctx.view.gate_symbols[s.gate];
  const cards = h("div", { class: "gt-reveal-cards" });
  s.cards.forEach((id, i) => {
    // whether the card held the gate, as the engine recorded it (`hits`; absent in older records)
    const cls = s.hits ? (s.hits[i] ? "hit" : "miss") : null;
    cards.append(compact ? miniCard(ctx, cs, id, { cls }) : actionCard(ctx, cs, id, { size: "xs", cls }));
  });
  if (!s.cards.length) cards.append(h("span", { class: "muted small" }, t(`${P}.siege.no_cards`)));
  return h("div", { class: ["gt-reveal", s.defended ? "held" : "taken", compact && "compact"], "data-testid": "siege-reveal" },
    h("div", null, t(`${P}.siege.reveal`, { seat: s.attacker, gate: s.gate, symbol }, ctx.players)),
    cards,
    h("b", null, s.defended ? t(`${P}.siege.held`, { gate: s.gate }) : t(`${P}.siege.taken`, { gate: s.gate, seat: s.attacker }, ctx.players)));
}

// your hand: the cards to attach (clickable on your turn), or the opponent's hidden one for a spectator
function handArea(ctx, cs, L, mine, seat) {
  const v = ctx.view;
  const t = ctx.t;
  const me = isSeat(ctx.seat) ? ctx.seat : null;
  const box = h("section", { class: ["gt-hand", `gt-seat-${seat}`], "data-testid": "hand" });
  const head = h("div", { class: "gt-hand-head" });
  box.append(head);
  if (me === null) return null;
  const hand = Array.isArray(v.hands[me]) ? v.hands[me] : [];
  head.append(h("h3", null, t(`${P}.hand.title`, { count: hand.length })));
  const picks = new Map(((mine && L.attach) || []).map((a) => [a.card, a]));
  if (mine && (v.phase === "action" || v.phase === "extra")) {
    box.classList.add("choosing");
  }
  const row = h("div", { class: "gt-hand-cards" });
  const known = new Set((v.known_hands && v.known_hands[me]) || []);
  for (const id of hand) {
    const action = picks.get(id);
    const refused = mine ? refusalOf(ctx, { card: id }) : null;
    const blocked = !!refused && !action;
    row.append(actionCard(ctx, cs, id, {
      size: "lg",
      onClick: action ? actOf(ctx, action) : null,
      cls: hinted(ctx, action),
      disabled: blocked,
      data: action ? { action: "attach" } : refused ? { refusal: refused.code } : {},
      caption: known.has(id) ? t(`${P}.hand.known`) : blocked ? refusalText(ctx, refused) : null,
    }));
  }
  if (!hand.length) row.append(h("p", { class: "muted" }, t(`${P}.hand.empty`)));
  box.append(row);
  return box;
}

// -- a seat out of action cards: the engine's table note (notes.table_notes), said plainly ---------------------

function outOfCards(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const me = isSeat(ctx.seat) ? ctx.seat : null;
  const notes = (v.table_notes || []).filter((n) => n.kind === "no_action_cards");
  if (!notes.length) return null;
  const box = h("div", { class: "gt-out-notes", "data-testid": "out-of-cards", role: "status" });
  const seats = new Set(notes.map((n) => n.seat));
  if (seats.has(0) && seats.has(1)) {
    // both hands are empty: the remaining duels are the main cards' alone
    box.append(h("p", { class: ["gt-out", "both", me !== null && "mine"] }, t(`${P}.out.both`, { count: notes[0].duels_left })));
    return box;
  }
  for (const n of notes) {
    box.append(h("p", { class: ["gt-out", `gt-seat-${n.seat}`, n.seat === me && "mine"], dataset: { seat: String(n.seat) } },
      n.seat === me
        ? t(`${P}.out.you`, { count: n.duels_left, reserve: n.reserve })
        : t(`${P}.out.other`, { seat: n.seat, count: n.duels_left }, ctx.players)));
  }
  return box;
}

// -- the first-match guide (walkthrough.js): the draft, then the first duel, on the player's real cards ---------

// the stage of the guide this table can show now (null: none), whether or not this device has seen it
function guideStage(ctx) {
  const v = ctx.view;
  if (ctx.readOnly || !isSeat(ctx.seat) || v.phase === "over") return null;
  if (v.phase === "draft" && v.pairs && v.pairs[v.pair_index]) return "draft";
  const hand = v.hands ? v.hands[ctx.seat] : null;
  if ((v.phase === "action" || v.phase === "extra") && v.current && Array.isArray(hand) && hand.length) return "duel";
  return null;
}

function guide(ctx, cs, board) {
  const stage = guideStage(ctx);
  if (!stage || walk.done("gates", stage)) {
    if (ctx.ui.walk && ctx.ui.walk.stage !== stage) ctx.ui.walk = null;
    return;
  }
  const steps = stage === "draft" ? draftSteps(ctx, cs) : duelSteps(ctx, cs);
  walk.mount(board, ctx, { game: "gates", stage, steps, keys: `${P}.walk`, home: ".gt-left" });
}

function draftSteps(ctx, cs) {
  const v = ctx.view;
  const t = ctx.t;
  const W = `${P}.walk.draft`;
  const id = v.pairs[v.pair_index][0];
  const c = cs.main[id];
  if (!c) return [];
  const card = faceName(t, cs, id);
  const at = `.gt-pair.current [data-card="${id}"]`;
  const before = ".gt-pair.current";
  return [
    { text: t(`${W}.intro`), focus: ".gt-pair.current", before },
    { text: t(`${W}.value`, { card, value: c.value }), focus: `${at} .gt-c-value`, before },
    { text: t(`${W}.index`, { card, index: c.index }), focus: `${at} .gt-c-index`, before },
    { text: t(c.explosion > 0 ? `${W}.explosion_own` : `${W}.explosion_opp`, { card, explosion: signed(c.explosion) }), focus: `${at} .gt-c-boom`, before },
    { text: t(`${W}.choose`), focus: ".gt-pair.current", before },
  ];
}

function duelSteps(ctx, cs) {
  const v = ctx.view;
  const t = ctx.t;
  const W = `${P}.walk.duel`;
  const me = ctx.seat;
  const hand = v.hands[me];
  const table = v.table_bonus || {};
  // the example: the first plain card of the hand with a symbol of the +5 table, else the first card with one,
  // else the first card
  const withTable = hand.filter((x) => cs.action[x] && table[cs.action[x].symbol]);
  const id = withTable.find((x) => !cs.action[x].special) || withTable[0] || hand[0];
  const c = cs.action[id];
  const steps = [];
  if (v.prelim && cs.main[v.current[me]]) {
    steps.push({ text: t(`${W}.mains`, { mine: faceName(t, cs, v.current[me]), theirs: faceName(t, cs, v.current[1 - me]), a: v.prelim[me], b: v.prelim[1 - me] }),
      focus: "[data-testid=prelim]", before: ".gt-field" });
  }
  if (c) {
    const card = faceName(t, cs, id);
    const at = `.gt-hand [data-card="${id}"]`;
    const values = table[c.symbol];
    let text;
    if (values) text = t(`${W}.table`, { card, symbol: t(`symbol.${c.symbol}`), first: values[0], second: values[values.length - 1] });
    else text = t(c.symbol === "wild" ? `${W}.table_wild` : `${W}.table_none`, { card });
    steps.push(
      { text: t(`${W}.hand`, { card, value: c.value }), focus: `${at} .gt-c-value`, before: ".gt-hand" },
      { text: t(`${W}.circle`, { card, circle: c.circle }), focus: `${at} .gt-c-circle`, before: ".gt-hand" },
      { text, focus: `${at} .gt-c-symbol`, before: ".gt-hand" });
  }
  steps.push({ text: t(`${W}.go`), focus: ".gt-hand-cards", before: ".gt-hand" });
  return steps;
}

// -- the information column: scores, +5 table, graveyards, the calculation of a duel -----------------------

function infoColumn(ctx, cs) {
  const col = h("aside", { class: "gt-info" });
  col.append(summaryPanel(ctx, cs), scoreBoard(ctx), legend(ctx), graveyards(ctx, cs));
  const stage = guideStage(ctx);
  if (stage && walk.done("gates", stage)) {
    col.append(h("p", { class: "gt-walk-again" }, button(ctx.t(`${P}.walk.again`), () => {
      walk.reset("gates");
      ctx.ui.walk = null;
      ctx.rerender();
    }, "small ghost", { "data-walk": "again" })));
  }
  return col;
}

function scoreBoard(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const { bottom, top } = sides(ctx);
  const table = h("table", { class: "gt-scoreboard", "data-testid": "scoreboard" },
    h("thead", null, h("tr", null, h("th", null, ""), h("th", { scope: "col" }, t(`${P}.scores.gates`)), h("th", { scope: "col" }, t(`${P}.scores.score`)))));
  const body = h("tbody");
  for (const seat of [bottom, top]) {
    const held = v.gates_held ? v.gates_held[seat] : 0;
    body.append(h("tr", { class: `gt-seat-${seat}`, dataset: { seat } },
      h("th", { scope: "row" }, h("span", { class: "gt-dot" }), nameOf(ctx, seat)),
      h("td", null, String(held)),
      h("td", { class: "gt-score-num" }, String(v.scores[seat]))));
  }
  table.append(body);
  const neutral = v.gates.filter((g) => g === "neutral").length;
  return h("section", { class: "gt-panel" }, h("h4", null, t(`${P}.scores.title`)), table,
    neutral ? h("p", { class: "muted small" }, t(`${P}.scores.neutral`, { count: neutral })) : null);
}

function legend(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const list = h("ul", { class: "gt-legend", "data-testid": "table-legend" });
  for (const [s, vals] of Object.entries(v.table_bonus || {})) {
    list.append(h("li", { dataset: { symbol: s } }, symbolLabel(t, s), h("span", { class: "gt-legend-vals" }, vals.map((x) => h("b", null, String(x))))));
  }
  list.append(h("li", { dataset: { symbol: "wild" } }, symbolLabel(t, "wild"), h("span", { class: "gt-legend-vals wide" }, t(`${P}.legend.wild`))));
  return h("section", { class: "gt-panel" }, h("h4", null, t(`${P}.legend.title`)), list, h("p", { class: "muted small" }, t(`${P}.legend.help`)));
}

function graveyards(ctx, cs) {
  const v = ctx.view;
  const t = ctx.t;
  const ui = ctx.ui;
  const section = h("section", { class: "gt-panel gt-graves", "data-testid": "graveyards" }, h("h4", null, t(`${P}.grave.title`)));
  for (const kind of ["main", "action"]) {
    const list = kind === "main" ? v.main_graveyard : v.action_graveyard;
    const open = button(t(`${P}.grave.${kind}`, { count: list.length }), () => { ui.picker = kind; ctx.rerender(); }, "small ghost gt-grave-open", { "data-grave": kind });
    section.append(h("div", { class: "gt-grave" }, open,
      h("div", { class: "gt-minis wrap" }, list.length ? list.map((id) => miniCard(ctx, cs, id)) : h("span", { class: "muted small" }, t(`${P}.grave.empty`)))));
  }
  return section;
}

function graveyardDialog(ctx, cs) {
  const v = ctx.view;
  const t = ctx.t;
  const ui = ctx.ui;
  const kind = ui.picker;
  const list = kind === "main" ? v.main_graveyard : v.action_graveyard;
  const close = () => { ui.picker = null; ctx.rerender(); };
  const body = h("div", { class: "gt-dialog-cards" });
  for (const id of list) body.append(anyCard(ctx, cs, id, { size: "lg" }));
  if (!list.length) body.append(h("p", { class: "muted" }, t(`${P}.grave.empty`)));
  const wrap = h("div", { class: "gt-dialog" }, h("p", { class: "dialog-hint" }, t(`${P}.grave.${kind}_help`)), body);
  bindPreview(wrap, ctx, cs);
  return { title: t(`${P}.grave.${kind}`, { count: list.length }), kind: "picker", onClose: close, body: wrap, cls: "gt-grave-dialog",
    buttons: [button(t("web.table.close"), close, "primary")] };
}

function poetDialog(ctx, cs, L) {
  const t = ctx.t;
  const body = h("div", { class: "gt-dialog-cards" });
  for (const a of L.poet) {
    body.append(actionCard(ctx, cs, a.card, { size: "lg", onClick: actOf(ctx, a), data: { action: "poet" }, cls: hinted(ctx, a) }));
  }
  const wrap = h("div", { class: "gt-dialog" }, h("p", { class: "dialog-hint" }, t(`${P}.poet.help`)), body);
  bindPreview(wrap, ctx, cs);
  return { title: t(`${P}.poet.title`), kind: "required", body: wrap, cls: "gt-poet-dialog" };
}

// the calculation of a finished duel, step by step, so that a player sees why it ended so
function summaryPanel(ctx, cs) {
  const v = ctx.view;
  const t = ctx.t;
  const ui = ctx.ui;
  const hist = v.history || [];
  const panel = h("section", { class: "gt-panel gt-summary", "data-testid": "duel-summary" }, h("h4", null, t(`${P}.sum.title`)));
  if (!hist.length) {
    panel.append(h("p", { class: "muted small" }, t(`${P}.sum.none`)));
    return panel;
  }
  const shown = ui.duel !== null && ui.duel !== undefined && ui.duel < hist.length ? ui.duel : hist.length - 1;
  const tabs = h("div", { class: "gt-tabs", role: "tablist" });
  hist.forEach((d, i) => {
    const winner = d.winner === null || d.winner === undefined ? "tie" : String(d.winner);
    tabs.append(button(String(d.round), () => { ui.duel = i; ctx.rerender(); }, `small gt-tab ${i === shown ? "active" : ""}`,
      { role: "tab", "aria-selected": i === shown ? "true" : "false", title: t(`${P}.sum.tab`, { round: d.round }), dataset: { duel: i, winner } }));
  });
  panel.append(tabs, duelSummary(ctx, cs, hist[shown]));
  return panel;
}

function duelSummary(ctx, cs, d) {
  const t = ctx.t;
  const { bottom, top } = sides(ctx);
  const seats = [bottom, top];
  const table = h("table", { class: "gt-sum" });
  table.append(h("thead", null, h("tr", null, h("th", null, d.gate ? t(`${P}.sum.for_gate`, { gate: d.gate.gate }) : t(`${P}.sum.siege_duel`)),
    ...seats.map((s) => h("th", { scope: "col", class: `gt-seat-${s}` }, nameOf(ctx, s))))));
  const body = h("tbody");
  const row = (label, cells, cls = "") => body.append(h("tr", { class: cls }, h("th", { scope: "row" }, label), ...cells.map((c) => h("td", null, c))));
  row(t(`${P}.sum.main_card`), seats.map((s) => {
    const id = d.mains[s];
    const c = cs.main[id];
    return h("span", { class: "gt-sum-card", dataset: { card: id } }, faceName(t, cs, id), c ? h("small", null, ` ${c.value}/${c.index}`) : null);
  }));
  row(t(`${P}.sum.prelim`), seats.map((s) => h("span", null, String(d.prelim[s]), d.fired && d.fired[s] ? fromMarkup(art.burstSvg("gt-burst inline")) : null)));
  if (d.battle !== undefined && d.battle !== null) {
    row(t(`${P}.sum.battle`, { seat: d.battle }, ctx.players), seats.map((s) => h("span", { class: "gt-minis" }, (d.battle_cards[s] || []).map((id) => miniCard(ctx, cs, id)))), "gt-sum-battle");
    row(t(`${P}.sum.battle_sum`), seats.map((s) => String(d.totals[s])), "gt-sum-total");
  } else {
    if (d.differenced) row(t(`${P}.sum.differenced`), seats.map((s) => String(d.differenced[s])));
    row(t(`${P}.sum.main_final`), seats.map((s) => String(d.main[s])));
    (d.steps || []).forEach((st) => {
      row(t(`${P}.sum.step`, { step: st.step }), seats.map((s) => {
        const id = st.cards[s];
        if (!id) return h("span", { class: "muted" }, "—");
        if (st.cancelled[s]) return h("span", { class: "gt-sum-step cancelled", dataset: { card: id } }, h("s", null, faceName(t, cs, id)), " ", h("small", null, t(`${P}.sum.cancelled`)));
        const score = st.scores[s];
        const bonus = st.circle_bonus[s];
        const value = st.values ? st.values[s] : null; // the card's value before the circle bonus (the engine's)
        return h("span", { class: "gt-sum-step", dataset: { card: id } }, h("span", { class: "gt-sum-cardname" }, faceName(t, cs, id)),
          h("span", { class: "gt-sum-calc" }, bonus && value !== null ? t(`${P}.sum.calc_circle`, { value, bonus, score }) : t(`${P}.sum.calc`, { score }),
            st.table_bonus[s] ? h("b", { class: "gt-plus5" }, " ", t(`${P}.sum.bonus`, { bonus: st.table_bonus[s] })) : null));
      }));
    });
    const stolen = d.stolen || [[], []];
    if (seats.some((s) => (Array.isArray(stolen[s]) ? stolen[s].length : stolen[s]))) {
      row(t(`${P}.sum.stolen`), seats.map((s) => (Array.isArray(stolen[s])
        ? h("span", { class: "gt-minis" }, stolen[s].map((id) => miniCard(ctx, cs, id)))
        : String(stolen[s] || 0))));
    }
    row(t(`${P}.sum.total`), seats.map((s) => h("b", null, String(d.totals[s]))), "gt-sum-total");
  }
  table.append(body);
  const out = h("div", { class: "gt-sum-wrap", dataset: { round: d.round } }, table);
  out.append(h("p", { class: "gt-sum-result" }, d.winner === null || d.winner === undefined
    ? t(`${P}.sum.tied`)
    : t(`${P}.sum.won`, { seat: d.winner, won: d.totals[d.winner], lost: d.totals[1 - d.winner], points: d.points }, ctx.players)));
  if (d.gate) {
    out.append(h("p", { class: "gt-sum-gate" }, d.gate.holder === "neutral"
      ? t(`${P}.last.gate_neutral`, { gate: d.gate.gate })
      : t(`${P}.last.gate`, { gate: d.gate.gate, seat: d.gate.holder }, ctx.players)));
  }
  const latest = (ctx.view.history || [])[ctx.view.history.length - 1] === d;
  if (d.siege) out.append(siegeReveal(ctx, cs, d.siege));
  else if (latest && ctx.view.phase === "siege") out.append(h("p", { class: "gt-sum-gate" }, t(`${P}.row.attacker`, { seat: ctx.view.attacker }, ctx.players)));
  else if (!d.gate && d.winner !== null && d.winner !== undefined) out.append(h("p", { class: "muted small" }, t(`${P}.sum.no_siege`)));
  return out;
}

// -- the action bar -----------------------------------------------------------------------------------------

function barControls(ctx, cs, L, bar) {
  const v = ctx.view;
  const t = ctx.t;
  if (v.phase === "draft") {
    bar.push(h("span", { class: "bar-hint" }, t(hintKey("draft"), { pair: v.pair_index + 1, seat: 1 - ctx.seat }, ctx.players)));
  } else if (v.phase === "action") {
    const second = v.order && v.order[1] === ctx.seat;
    bar.push(h("span", { class: "bar-hint" }, t(second ? hintKey("action_second") : hintKey("action_first"))));
    if (L.skip) bar.push(button(t(`${P}.btn.skip`), actOf(ctx, L.skip[0]), "", { "data-action": "skip" }));
  } else if (v.phase === "extra") {
    bar.push(h("span", { class: "bar-hint" }, t(hintKey("extra"))));
    if (L.skip) bar.push(button(t(`${P}.btn.skip_extra`), actOf(ctx, L.skip[0]), "", { "data-action": "skip" }));
  } else if (v.phase === "poet") {
    bar.push(h("span", { class: "bar-hint" }, t(`${P}.hint.poet`)));
  } else if (v.phase === "siege") {
    bar.push(h("span", { class: "bar-hint" }, t(hintKey("siege"))));
    if (L.no_siege) bar.push(button(t(`${P}.btn.no_siege`), actOf(ctx, L.no_siege[0]), "ghost", { "data-action": "no_siege" }));
  } else if (v.phase === "shuffle") {
    bar.push(h("span", { class: "bar-hint" }, t(`${P}.hint.shuffle`)));
  } else if (v.phase === "start") {
    bar.push(h("span", { class: "bar-hint" }, t(`${P}.hint.start`)));
  }
}

// -- the final scores --------------------------------------------------------------------------------------

function finalTable(result, names, mySeat) {
  const t = i18n.t;
  const rows = (result.scores || []).map((s, seat) => ({ ...s, seat }));
  rows.sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.seat - b.seat);
  const winners = new Set(result.winners || []);
  const table = h("table", { class: "score-table gt-final-table", "data-testid": "score-table" });
  table.append(h("thead", null, h("tr", null,
    h("th", { scope: "col" }, t(`${P}.final.rank`)),
    h("th", { scope: "col" }, t("web.table.player")),
    h("th", { scope: "col", class: "total" }, t(`${P}.final.gates`)),
    h("th", { scope: "col" }, t(`${P}.final.score`)))));
  const body = h("tbody");
  for (const s of rows) {
    body.append(h("tr", { class: [winners.has(s.seat) && "winner", s.seat === mySeat && "me"], dataset: { seat: String(s.seat) } },
      h("td", { class: "rank" }, String(s.rank ?? "")),
      h("th", { scope: "row" }, nameOf({ players: names, t }, s.seat)),
      h("td", { class: "total" }, String(s.gates)),
      h("td", null, String(s.score))));
  }
  table.append(body);
  const notes = h("div", { class: "score-notes" });
  const w = [...winners];
  if (w.length === 1) notes.append(h("p", { class: "winners" }, t("web.table.winners", { count: 1, winners: w }, names)));
  else notes.append(h("p", { class: "winners" }, t(`${P}.result.draw`)));
  notes.append(h("p", null, t(`${P}.result.by.${result.tie_break || "none"}`)));
  const st = result.stats;
  if (st) {
    notes.append(h("p", { class: "muted" }, t(`${P}.final.stats`, {
      duels: st.duels, explosions: st.explosion_duels, bonuses: st.table_bonuses, cards: st.cards_attached,
      sieges: st.sieges, won: st.sieges_won, neutral: st.neutral_gates,
    })));
  }
  return h("div", { class: "scores gt-final-scores" }, h("div", { class: "score-scroll" }, table), notes);
}

export default gates;
