// The Citadels table: character strip, cities, your hand, the turn's controls and every sub-phase as a dialog
// built from `legal_actions`. The generic frame (table.js) calls `render(ctx)` after every sync/update and
// lists any legal action this module does not claim in `handled` as a plain button, so nothing can get stuck.
// It knows no rule: the cards' numbers, names and texts come from the engine's catalog (`ctx.catalog`), what a
// move costs from its note (`ctx.noteOf(action)`), and why something cannot be done from the view's
// `refusals` (each with its message `refusal.<code>`).
import { h, fromMarkup } from "../dom.js";
import { actOf, button, byType, countOf, iconButton, markHint, nameOf, noteOf, seatOrder, touchScreen, whyNot } from "../kit.js";
import {
  districtInfo, characterInfo, districtSvg, characterSvg, characterBackSvg,
  coinSvg, crownSvg, cardBackSvg, shieldSvg, markerSvg,
} from "./citadels-art.js";

const P = "web.citadels";

// a touch screen (a phone, a tablet): the hints say "tap" where they say "click" (web.citadels.touch.*)
const touch = touchScreen;

// -- small helpers (the rest are the kit's) --------------------------------------------------------------

function cardEl(card, ctx, opts = {}) {
  const info = districtInfo(card, ctx.catalog);
  const cls = ["card", "district", `size-${opts.size || "md"}`, `colour-${info.colour}`, opts.cls];
  if (opts.onClick) cls.push("clickable");
  if (opts.disabled) cls.push("disabled");
  if (opts.highlight) cls.push("highlight");
  const el = h(opts.onClick ? "button" : "div", {
    class: cls,
    type: opts.onClick ? "button" : null,
    title: opts.title || cardTitle(info, ctx),
    dataset: { card: info.id, ...(opts.data || {}) },
    "aria-disabled": opts.disabled ? "true" : null,
  });
  el.appendChild(fromMarkup(districtSvg(info, ctx.catalog, { text: opts.text })));
  if (opts.caption) el.appendChild(h("span", { class: ["card-caption", opts.captionCls] }, opts.caption));
  if (opts.onClick && !opts.disabled) el.addEventListener("click", opts.onClick);
  return markHint(el, opts.onClick);
}

function cardTitle(card, ctx) {
  const info = districtInfo(card, ctx.catalog);
  let s = `${info.name} · ${ctx.t("screen.hint.card", { colour: info.colour, cost: info.cost })}`;
  if (info.text) s += `\n${info.text}`;
  if (info.beautified) s += `\n${ctx.t(`${P}.note.beautified`)}`;
  if (info.stored) s += `\n${ctx.t(`${P}.note.museum`, { count: info.stored })}`;
  return s;
}

function charTitle(id, ctx) {
  const c = characterInfo(id, ctx.catalog);
  return `${c.name} (${c.rank})\n${c.text}`;
}

function charEl(id, ctx, opts = {}) {
  const cls = ["card", "character", `size-${opts.size || "md"}`, opts.cls];
  if (opts.onClick) cls.push("clickable");
  if (opts.disabled) cls.push("disabled");
  const el = h(opts.onClick ? "button" : "div", {
    class: cls,
    type: opts.onClick ? "button" : null,
    title: opts.title || charTitle(id, ctx),
    dataset: { character: id },
    "aria-disabled": opts.disabled ? "true" : null,
  });
  el.appendChild(fromMarkup(characterSvg(id, ctx.catalog, { compact: !!opts.compact })));
  (opts.markers || []).forEach((m, i) => el.appendChild(h("span", { class: `card-marker ${m}`, style: { top: `${-5 + i * 19}px` }, html: markerSvg(m) })));
  if (opts.caption) el.appendChild(h("span", { class: ["card-caption", opts.captionCls] }, opts.caption));
  if (opts.onClick && !opts.disabled) el.addEventListener("click", opts.onClick);
  return markHint(el, opts.onClick);
}

// -- the module ---------------------------------------------------------------------------------------

const citadels = {
  id: "citadels",

  advancedOptions: [
    "max_rounds", "deck", "starting_seat", "characters", "end_of_turn_order", "tax_when_assassinated",
    "emperor_assassinated", "queen_neighbour", "wizard_duplicates", "witch_passive_powers",
    "diplomat_completed_cities", "diplomat_duplicates", "diplomat_gives_keep", "diplomat_great_wall",
    "graveyard_saves_itself", "bell_tower_first", "bell_tower_size", "hospital_districts",
    "first_bonus_requires_complete", "lighthouse_on_exchange",
  ],
  orderedOptions: ["end_of_turn_order"],

  // `data`: the game's static catalog (the lobby's copy of ctx.catalog)
  optionChoiceLabel(name, value, cat, data = null) {
    const d = data || {};
    if (name === "characters") {
      const c = d.characters && d.characters[value];
      return c ? `${c.name} (${c.rank})` : cat.t(`character.${value}`);
    }
    if (name === "dark_city_districts") {
      const c = d.districts && d.districts[value];
      return c ? c.name : cat.t(`card.${value}`);
    }
    return null;
  },

  scoreColumns: ["districts", "all_colours", "first_complete", "complete", "extras", "gold", "total"],

  result(view) { return view && view.result; },

  journalClass(ev) {
    if (ev.type === "round_started") return "journal-round";
    if (ev.type === "game_over") return "journal-end";
    if (ev.type === "character_revealed" || ev.type === "character_silent" || ev.type === "character_absent") return "journal-call";
    return "";
  },

  status(ctx) {
    const v = ctx.view;
    const t = ctx.t;
    const me = ctx.seat;
    const turn = v.turn;
    let text = "";
    const mover = v.to_move;
    switch (v.phase) {
      case "draft":
        text = mover === me ? t(`${P}.status.draft_you`) : t(`${P}.status.draft`, { seat: mover }, ctx.players);
        break;
      case "over":
        text = t("phase.over");
        break;
      case "graveyard":
        text = t(`${P}.status.graveyard`, { seat: v.graveyard ? v.graveyard.owner : mover, card: v.graveyard ? v.graveyard.card : "" }, ctx.players);
        break;
      case "emperor_tribute":
        text = t(`${P}.status.tribute`, { seat: mover, emperor: turn ? turn.seat : mover }, ctx.players);
        break;
      case "ball_room":
      case "emperor_heir":
        text = t(`${P}.status.phase`, { seat: mover, phase: t(`phase.${v.phase}`) }, ctx.players);
        break;
      default:
        if (turn) {
          const key = turn.mode === "action_only" ? "status.turn_action_only" : turn.mode === "witch" ? "status.turn_witch" : "status.turn";
          text = t(`${P}.${key}`, { seat: turn.seat, character: turn.character }, ctx.players);
          if (v.phase !== "turn") text += " · " + t(`phase.${v.phase}`);
        } else {
          text = t(`phase.${v.phase}`);
        }
    }
    return { round: v.round, text, lastRound: !!v.end_triggered && v.phase !== "over" };
  },

  badges(ctx, seat) {
    const v = ctx.view;
    const p = v.players[seat];
    if (!p) return [];
    const t = ctx.t;
    const out = [
      { html: coinSvg(), text: String(p.gold), title: t(`${P}.badge.gold`, { count: p.gold }), cls: "gold" },
      { html: cardBackSvg(), text: String(p.hand_size), title: t(`${P}.badge.hand`, { count: p.hand_size }), cls: "hand" },
    ];
    if (p.crown) out.push({ html: crownSvg(), text: "", title: t(`${P}.badge.crown`), cls: "crown" });
    if (v.characters && v.characters.bishop_protects === seat) out.push({ html: shieldSvg(), text: "", title: t(`${P}.badge.protected`), cls: "protected" });
    for (const id of p.characters || []) {
      const c = characterInfo(id, ctx.catalog);
      out.push({ html: "", text: c.name, title: c.text, cls: "character" });
    }
    if (p.complete) out.push({ html: "", text: t(`${P}.badge.complete`), title: t(`${P}.badge.complete_title`), cls: "complete" });
    return out;
  },

  guideSection(ctx) {
    const v = ctx.view;
    const c = v.turn ? v.turn.character : null;
    switch (v.phase) {
      case "draft": return { slug: "draft" };
      case "keep": return { slug: "turn" };
      case "graveyard": return { slug: "districts", anchor: "graveyard" };
      case "lighthouse": return { slug: "districts", anchor: "lighthouse" };
      case "bell_tower": return { slug: "districts", anchor: "bell-tower" };
      case "ball_room": return { slug: "districts", anchor: "ball-room" };
      case "emperor_crown": case "emperor_tribute": case "emperor_heir": return { slug: "crown" };
      case "over": return { slug: "end" };
      default:
        if (c === "warlord") return { slug: "warlord" };
        if (c) return { slug: "characters", anchor: c.replace(/_/g, "-") };
        return { slug: "turn" };
    }
  },

  render(ctx) {
    const v = ctx.view;
    const L = byType(ctx.legal);
    const handled = new Set();
    const claim = (list) => { for (const a of list || []) handled.add(ctx.actionKey(a)); };
    const ui = ctx.ui;
    if (ui.picker && !(L[ui.picker.type] && L[ui.picker.type].length)) ui.picker = null;

    const board = h("div", { class: "cz" });
    board.append(characterStrip(ctx), cities(ctx, L));
    if (ctx.seat !== null && ctx.seat !== undefined && v.you) board.append(handArea(ctx, L, claim));

    const bar = [];
    let dialog = null;
    if (!ctx.readOnly) {
      if (v.phase === "turn") turnControls(ctx, L, claim, bar);
      dialog = phaseDialog(ctx, L, claim) || pickerDialog(ctx, L);
    }
    return { board, bar, dialog, handled };
  },
};

// -- the character strip ------------------------------------------------------------------------------

function characterStrip(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const ch = v.characters;
  const you = v.you || {};
  const mine = new Set(you.characters || []);
  const knownDown = new Set(you.known_face_down || []);
  const last = new Set((ctx.lastEvents || []).filter((e) => e.type === "character_revealed").map((e) => e.character));
  const strip = h("div", { class: "cz-strip", role: "list", "aria-label": t(`${P}.strip.title`) });
  for (const id of ch.roster) {
    const markers = [];
    const notes = [];
    const cls = [];
    // each note: a short caption under the card and a sentence for its tooltip
    const note = (short, long) => notes.push([t(short), t(long)]);
    if (ch.face_up.includes(id)) { cls.push("face-up"); note(`${P}.note.out`, `${P}.note.out_long`); }
    if (ch.killed === id) { markers.push("killed"); note("screen.note.killed", `${P}.note.killed_long`); }
    if (ch.robbed === id) { markers.push("robbed"); note("screen.note.robbed", `${P}.note.robbed_long`); }
    if (ch.bewitched === id) { markers.push("bewitched"); note(`${P}.note.bewitched`, `${P}.note.bewitched_long`); }
    if (ch.calling === id) { cls.push("calling"); markers.push("calling"); notes.push(["", t(`${P}.note.calling_long`)]); }
    if (ch.absent.includes(id)) { cls.push("absent"); note("screen.note.absent", `${P}.note.absent_long`); }
    if (mine.has(id)) { cls.push("mine"); note("screen.note.yours", `${P}.note.yours_long`); }
    if (knownDown.has(id)) { cls.push("known-down"); note(`${P}.note.hidden`, `${P}.note.known_face_down_long`); }
    if (last.has(id)) cls.push("highlight");
    const owner = Object.prototype.hasOwnProperty.call(ch.revealed, id) ? ch.revealed[id] : null;
    const short = notes.map((n) => n[0]).filter(Boolean);
    const caption = owner !== null ? nameOf(ctx, owner) : short[0] || "";
    let title = charTitle(id, ctx);
    if (owner !== null) title += "\n" + t(`${P}.note.revealed_long`, { seat: owner }, ctx.players);
    for (const n of notes) title += "\n" + n[1];
    const el = charEl(id, ctx, {
      size: "xs", compact: true, cls: cls.join(" "), markers, caption, title,
      captionCls: owner !== null ? "owner" : "",
      onClick: () => ctx.openGuide("characters", id.replace(/_/g, "-")),
    });
    el.setAttribute("role", "listitem");
    strip.append(el);
  }
  if (ch.face_down_count) {
    const back = h("div", { class: "card character size-xs face-down-pile", title: t("screen.face_down", { count: ch.face_down_count }) });
    back.appendChild(fromMarkup(characterBackSvg(String(ch.face_down_count))));
    back.appendChild(h("span", { class: "card-caption" }, t(`${P}.note.hidden`)));
    strip.append(back);
  }
  const info = h("div", { class: "strip-info" }, h("span", null, t("screen.deck", { count: v.deck_size })));
  if (v.options.discard_mode === "discard_pile") info.append(h("span", null, t("screen.discard_pile", { count: v.discard_pile_size })));
  if (v.bank !== null && v.bank !== undefined) info.append(h("span", null, t("screen.bank", { count: v.bank })));
  info.append(h("span", null, t(`${P}.strip.complete_at`, { count: v.completion_size })));
  strip.append(info);
  return strip;
}

// -- cities -----------------------------------------------------------------------------------------

function cities(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const wrap = h("div", { class: "cz-cities" });
  const lastBuilt = {};
  for (const e of ctx.lastEvents || []) {
    if (e.type === "built" || e.type === "graveyard_taken") lastBuilt[e.seat] = e.card;
    if (e.type === "exchanged") { lastBuilt[e.seat] = e.take; lastBuilt[e.target] = e.give; }
  }
  const known = (v.you && v.you.known_hands) || {};
  for (const seat of seatOrder(v.players.length, ctx.seat, { mineLast: true })) {
    const p = v.players[seat];
    const me = seat === ctx.seat;
    const row = h("section", {
      class: ["city-row", me && "me", v.to_move === seat && "to-move", p.complete && "complete"],
      dataset: { seat },
      "aria-label": t(`${P}.city_of`, { seat }, ctx.players),
    });
    row.append(ctx.chip(seat));
    const cards = h("div", { class: "city-cards" });
    let highlighted = false;
    const city = p.city;
    for (let i = city.length - 1; i >= 0; i--) {
      // the last copy of the card just built is the new one
      const c = city[i];
      const hl = !highlighted && lastBuilt[seat] === c.id;
      if (hl) highlighted = true;
      cards.prepend(cardEl(c, ctx, { size: "sm", highlight: hl }));
    }
    if (!city.length) cards.append(h("span", { class: "muted small empty-city" }, t(`${P}.empty_city`)));
    const meta = h("div", { class: "city-meta" },
      h("span", { class: "city-count", title: t(`${P}.city_size`, { count: city.length, size: v.completion_size }) }, `${city.length}/${v.completion_size}`));
    if (known[String(seat)] && known[String(seat)].length) {
      meta.append(h("span", { class: "known-hand small", title: t("screen.known_hand", { seat, cards: known[String(seat)] }, ctx.players) },
        t(`${P}.known_short`, { cards: known[String(seat)] })));
    }
    row.append(cards, meta);
    wrap.append(row);
  }
  return wrap;
}

// -- your hand ---------------------------------------------------------------------------------------

function handArea(ctx, L, claim) {
  const v = ctx.view;
  const t = ctx.t;
  const you = v.you;
  const area = h("section", { class: "cz-hand", "data-testid": "hand", "aria-label": t(`${P}.hand.title`) });
  const head = h("div", { class: "hand-head" }, h("h3", null, t(`${P}.hand.title`), " ", h("span", { class: "muted" }, t(`${P}.hand.count`, { count: you.hand.length }))));
  if (you.characters && you.characters.length) {
    const mineBox = h("div", { class: "my-characters" }, h("span", { class: "muted small" }, t(`${P}.hand.your_characters`)));
    for (const id of you.characters) {
      const c = characterInfo(id, ctx.catalog);
      mineBox.append(h("span", { class: ["char-tag", v.characters.calling === id && "calling", v.characters.killed === id && "killed"], title: c.text },
        `${c.rank} · ${c.name}`));
    }
    head.append(mineBox);
  }
  if (you.museum && you.museum.length) {
    head.append(h("span", { class: "muted small" }, t(`${P}.hand.museum`, { cards: you.museum })));
  }
  area.append(head);
  const builds = new Map((L.build || []).map((a) => [a.card, a]));
  const myTurn = v.phase === "turn" && v.turn && v.turn.seat === ctx.seat && !ctx.readOnly && (ctx.legal || []).length > 0;
  if (myTurn) claim(L.build);
  const cards = h("div", { class: "hand-cards" });
  for (const card of you.hand) {
    if (!myTurn) { cards.append(cardEl(card, ctx, { size: "md" })); continue; }
    const a = builds.get(card.id);
    if (a) {
      const price = noteOf(ctx, a).price ?? "?";
      cards.append(cardEl(card, ctx, {
        size: "md", cls: "buildable", caption: t(`${P}.hand.build`, { cost: price }), captionCls: "ok",
        title: `${t("action.build", { card: card.id })}\n${cardTitle(card, ctx)}`,
        onClick: actOf(ctx, a),
      }));
    } else {
      const why = whyNot(ctx, { type: "build", card: card.id }, t(`${P}.why.other`));
      cards.append(cardEl(card, ctx, { size: "md", disabled: true, cls: "unbuildable", caption: why, title: `${why}\n${cardTitle(card, ctx)}` }));
    }
  }
  if (!you.hand.length) cards.append(h("p", { class: "muted" }, t(`${P}.hand.empty`)));
  area.append(cards);
  return area;
}

// -- the turn's controls (action bar) -------------------------------------------------------------------

const PICKERS = {
  assassinate: "character", steal: "character", bewitch: "character",
  swap_hands: "player", wizard: "player",
  destroy: "district", armory: "district",
  exchange: "exchange", beautify: "own", laboratory: "hand", museum: "hand",
};

function turnControls(ctx, L, claim, bar) {
  const t = ctx.t;
  const v = ctx.view;
  const turn = v.turn;
  const act = (a) => actOf(ctx, a);
  if (L.take_gold) { claim(L.take_gold); bar.push(iconButton(coinSvg("icon"), t(`${P}.btn.take_gold`), act(L.take_gold[0]), "primary", { "data-action": "take_gold" })); }
  if (L.draw_cards) {
    claim(L.draw_cards);
    const { draw = "?", keep = "?", by = [] } = noteOf(ctx, L.draw_cards[0]);
    let label = keep === draw ? t(`${P}.btn.draw_all`, { draw }) : t(`${P}.btn.draw`, { draw, keep });
    if (by.length) label = t(`${P}.btn.draw_by`, { action: label, cards: by });
    bar.push(iconButton(cardBackSvg("icon"), label, act(L.draw_cards[0]), "primary", { "data-action": "draw_cards" }));
  }
  if (L.collect_income) {
    claim(L.collect_income);
    const colour = characterInfo(turn.character, ctx.catalog).income;
    const amount = noteOf(ctx, L.collect_income[0]).gold ?? turn.income_available;
    bar.push(iconButton(coinSvg("icon"), t(`${P}.btn.income`, { amount, colour: colour || "purple" }), act(L.collect_income[0]), "", { "data-action": "collect_income" }));
  }
  for (const type of ["assassinate", "steal", "bewitch", "swap_hands", "wizard", "destroy", "exchange", "armory", "beautify", "laboratory", "museum"]) {
    if (!L[type]) continue;
    claim(L[type]);
    // the Witch must name her target: her only way on is the main button
    const must = type === "bewitch" && !L.end_turn;
    const hintHere = ctx.hint && ctx.hint.action.type === type ? " hinted" : "";
    bar.push(button(t(`${P}.btn.${type}`), () => { ctx.ui.picker = { type, kind: PICKERS[type] }; ctx.rerender(); }, (must ? "power primary" : "power") + hintHere, { "data-action": type }));
  }
  for (const type of ["discard_and_draw", "abbot_collect", "smithy"]) {
    if (!L[type]) continue;
    claim(L[type]);
    bar.push(button(t(`action.${type}`), act(L[type][0]), "power", { "data-action": type }));
  }
  if (L.build && L.build.length) bar.push(h("span", { class: "bar-hint" }, t(touch() ? `${P}.touch.build` : `${P}.hint.build`)));
  else if (turn && turn.acted && turn.builds_left > 0 && turn.seat === ctx.seat && !L.build) bar.push(h("span", { class: "bar-hint" }, t(`${P}.hint.cannot_build`)));
  if (turn && turn.character === "witch" && turn.mode === "normal" && turn.acted && L.bewitch) bar.push(h("span", { class: "bar-hint" }, t(`${P}.hint.witch`)));
  if (L.end_turn) { claim(L.end_turn); bar.push(button(t("action.end_turn"), act(L.end_turn[0]), "end-turn", { "data-action": "end_turn" })); }
}

// -- sub-phase dialogs --------------------------------------------------------------------------------

function cardsRow(...children) {
  return h("div", { class: "dialog-cards" }, ...children);
}

function phaseDialog(ctx, L, claim) {
  const v = ctx.view;
  const t = ctx.t;
  const you = v.you || {};
  const players = ctx.players;
  const act = (a) => actOf(ctx, a);
  const required = (title, body, extra = {}) => ({ title, body, kind: "required", ...extra });

  if (L.pick || L.discard_character) {
    const list = L.pick || L.discard_character;
    claim(list);
    const discard = !L.pick;
    const offered = cardsRow(...list.map((a) => charEl(a.character, ctx, { size: "lg", onClick: act(a) })));
    const info = h("div", { class: "dialog-info" });
    if (v.characters.face_up.length) {
      info.append(h("div", { class: "info-line" }, h("span", { class: "muted" }, t(`${P}.draft.face_up`)),
        ...v.characters.face_up.map((id) => charEl(id, ctx, { size: "xxs", compact: true, cls: "face-up" }))));
    }
    if (you.characters && you.characters.length) {
      info.append(h("div", { class: "info-line" }, h("span", { class: "muted" }, t(`${P}.draft.yours`)),
        ...you.characters.map((id) => charEl(id, ctx, { size: "xxs", compact: true }))));
    }
    const hidden = Math.max(0, v.characters.roster.length - v.characters.face_up.length - list.length - (you.characters || []).length);
    return required(t(`${P}.draft.${discard ? "title_discard" : "title_pick"}`),
      [h("p", { class: "dialog-hint" }, t(`${P}.draft.${discard ? "hint_discard" : "hint_pick"}`, { count: hidden })), offered, info],
      { cls: "draft-dialog" });
  }

  if (L.keep) {
    claim(L.keep);
    const keepable = new Map(L.keep.map((a) => [a.card, a]));
    const drawn = you.drawn || L.keep.map((a) => districtInfo(a.card, ctx.catalog));
    return required(t(`${P}.keep.title`, { count: v.turn ? v.turn.keep : 1 }),
      [h("p", { class: "dialog-hint" }, t(touch() ? `${P}.touch.keep` : `${P}.keep.hint`, { count: v.turn ? v.turn.keep : 1 })),
        cardsRow(...drawn.map((c) => cardEl(c, ctx, { size: "lg", onClick: keepable.has(c.id) ? act(keepable.get(c.id)) : null, disabled: !keepable.has(c.id) })))]);
  }

  if (L.discard || L.stop_discarding) {
    claim(L.discard); claim(L.stop_discarding);
    const discardable = new Map((L.discard || []).map((a) => [a.card, a]));
    const aside = you.set_aside || [];
    const body = [
      h("p", { class: "dialog-hint" }, t(touch() ? `${P}.touch.magician` : `${P}.magician.hint`)),
      cardsRow(...you.hand.map((c) => cardEl(c, ctx, { size: "md", onClick: discardable.has(c.id) ? act(discardable.get(c.id)) : null, caption: t(`${P}.magician.discard`) }))),
    ];
    if (aside.length) body.push(h("div", { class: "info-line" }, h("span", { class: "muted" }, t(`${P}.magician.set_aside`)), ...aside.map((c) => cardEl(c, ctx, { size: "xs", cls: "set-aside" }))));
    const stop = L.stop_discarding ? button(aside.length ? t(`${P}.magician.stop`, { count: aside.length }) : t(`${P}.magician.stop_none`), act(L.stop_discarding[0]), "primary") : null;
    return required(t(`${P}.magician.title`), body, { buttons: [stop] });
  }

  if (L.graveyard_take || L.graveyard_decline) {
    claim(L.graveyard_take); claim(L.graveyard_decline);
    const g = v.graveyard || {};
    return required(t("phase.graveyard"), [
      h("p", { class: "dialog-hint" }, t(`${P}.graveyard.text`, { card: g.card, warlord: g.warlord }, players)),
      g.card ? cardsRow(cardEl(g.card, ctx, { size: "lg" })) : null,
    ], { buttons: [
      L.graveyard_take ? iconButton(coinSvg("icon"), t("action.graveyard_take"), act(L.graveyard_take[0]), "primary") : null,
      L.graveyard_decline ? button(t("action.graveyard_decline"), act(L.graveyard_decline[0])) : null,
    ] });
  }

  if (L.navigator_gold || L.navigator_cards) {
    claim(L.navigator_gold); claim(L.navigator_cards);
    return required(t("phase.navigator"), [h("p", { class: "dialog-hint" }, t(`${P}.navigator.hint`))], { buttons: [
      L.navigator_gold ? iconButton(coinSvg("icon big"), t("action.navigator_gold"), act(L.navigator_gold[0]), "primary big") : null,
      L.navigator_cards ? iconButton(cardBackSvg("icon big"), t("action.navigator_cards"), act(L.navigator_cards[0]), "primary big") : null,
    ] });
  }

  if (L.wizard_take || L.wizard_build) {
    claim(L.wizard_take); claim(L.wizard_build);
    const take = new Map((L.wizard_take || []).map((a) => [a.card, a]));
    const build = new Map((L.wizard_build || []).map((a) => [a.card, a]));
    const handCards = you.wizard_hand || [...new Set([...take.keys()])].map((id) => districtInfo(id, ctx.catalog));
    const seen = new Set();
    const items = [];
    for (const c of handCards) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const n = countOf(handCards.map((x) => x.id), c.id);
      const why = build.has(c.id) ? null : whyNot(ctx, { type: "wizard_build", card: c.id });
      items.push(h("div", { class: "card-with-buttons" },
        cardEl(c, ctx, { size: "md", caption: n > 1 ? `×${n}` : "", title: why ? `${why}\n${cardTitle(c, ctx)}` : null }),
        take.has(c.id) ? button(t(`${P}.wizard.take`), act(take.get(c.id)), "small") : null,
        build.has(c.id) ? button(t(`${P}.wizard.build`, { cost: noteOf(ctx, build.get(c.id)).price ?? "?" }), act(build.get(c.id)), "small primary") : null,
        why ? h("span", { class: "muted small why-not" }, why) : null));
    }
    return required(t(`${P}.wizard.title`, { target: v.turn ? v.turn.target : null }, players),
      [h("p", { class: "dialog-hint" }, t(`${P}.wizard.hint`)), cardsRow(...items)]);
  }

  if (L.crown) {
    claim(L.crown);
    return required(t(`phase.${v.phase}`), [
      h("p", { class: "dialog-hint" }, t(`${P}.crown.hint`)),
      h("div", { class: "player-choices" }, ...L.crown.map((a) => playerButton(ctx, a.target, act(a), crownSvg("icon")))),
    ]);
  }

  if (L.tribute_gold || L.tribute_card) {
    claim(L.tribute_gold); claim(L.tribute_card);
    const cardActs = new Map((L.tribute_card || []).map((a) => [a.card, a]));
    return required(t(`${P}.tribute.title`, { emperor: v.turn ? v.turn.seat : null }, players), [
      h("p", { class: "dialog-hint" }, t(`${P}.tribute.hint`)),
      cardActs.size ? cardsRow(...you.hand.map((c) => cardEl(c, ctx, { size: "md", onClick: cardActs.has(c.id) ? act(cardActs.get(c.id)) : null, disabled: !cardActs.has(c.id) }))) : null,
    ], { buttons: [L.tribute_gold ? iconButton(coinSvg("icon"), t("action.tribute_gold"), act(L.tribute_gold[0]), "primary") : null] });
  }

  if (L.lighthouse_take) {
    claim(L.lighthouse_take);
    const deck = (you.deck_cards || []).map((c) => c.id);
    const items = L.lighthouse_take.map((a) => {
      const n = countOf(deck, a.card);
      return cardEl(a.card, ctx, { size: "sm", onClick: act(a), caption: n > 1 ? `×${n}` : "" });
    });
    return required(t("phase.lighthouse"), [h("p", { class: "dialog-hint" }, t(`${P}.lighthouse.hint`, { count: deck.length })), h("div", { class: "dialog-cards grid" }, ...items)], { cls: "wide" });
  }

  if (L.announce_bell_tower || L.decline_bell_tower) {
    claim(L.announce_bell_tower); claim(L.decline_bell_tower);
    const note = noteOf(ctx, L.announce_bell_tower && L.announce_bell_tower[0]);
    return required(t("phase.bell_tower"), [
      cardsRow(cardEl("bell_tower", ctx, { size: "md" })),
      h("p", { class: "dialog-hint" }, t(`${P}.bell_tower.hint`, { size: note.size ?? "?", current: note.current ?? v.completion_size })),
    ], { buttons: [
      L.announce_bell_tower ? button(t("action.announce_bell_tower"), act(L.announce_bell_tower[0]), "primary") : null,
      L.decline_bell_tower ? button(t("action.decline_bell_tower"), act(L.decline_bell_tower[0])) : null,
    ] });
  }

  if (L.thank) {
    claim(L.thank);
    return required(t("phase.ball_room"), [h("p", { class: "dialog-hint" }, t(`${P}.ball_room.hint`, { crown: v.crown }, players))],
      { buttons: [button(t("action.thank"), act(L.thank[0]), "primary")] });
  }
  return null;
}

// "free" or "N gold": what a legal move costs, as its note says
function priceCaption(ctx, a) {
  const price = noteOf(ctx, a).price;
  if (price === undefined || price === null) return "";
  return price === 0 ? ctx.t(`${P}.price.free`) : ctx.t(`${P}.price.gold`, { count: price });
}

function playerButton(ctx, seat, onClick, iconSvg = "") {
  const p = ctx.view.players[seat];
  const b = h("button", { type: "button", class: "button player-choice", dataset: { seat } },
    iconSvg ? fromMarkup(iconSvg) : null,
    h("span", { class: "pc-name" }, nameOf(ctx, seat)),
    h("span", { class: "pc-stats" }, fromMarkup(coinSvg()), String(p.gold), " ", fromMarkup(cardBackSvg()), String(p.hand_size), " ",
      h("span", { class: "muted" }, `${p.city.length}/${ctx.view.completion_size}`)));
  b.addEventListener("click", onClick);
  return markHint(b, onClick);
}

// -- target pickers (closable dialogs opened from the action bar) -------------------------------------------

function pickerDialog(ctx, L) {
  const ui = ctx.ui;
  if (!ui.picker) return null;
  const { type, kind } = ui.picker;
  const t = ctx.t;
  const v = ctx.view;
  const list = L[type] || [];
  const close = () => { ui.picker = null; ctx.rerender(); };
  const act = (a) => actOf(ctx, a, () => { ui.picker = null; });
  const picker = (body, extra = {}) => ({ title: t(`${P}.pick.${type}`), body, kind: "picker", onClose: close, ...extra });

  if (kind === "character") {
    const legal = new Map(list.map((a) => [a.character, a]));
    const items = v.characters.roster.map((id) => {
      const a = legal.get(id);
      // a legal target the engine's note calls void (set aside face up: naming it wastes the power) is shown
      // disabled, with the note's reason (`void.<code>`, games/citadels/notes.py)
      const voided = a ? (ctx.noteOf(a) || {}).void : null;
      let caption = "";
      if (!a) caption = whyNot(ctx, { type, character: id }, t(`${P}.why.not_target`));
      else if (voided) caption = t(`void.${voided}`);
      else if (v.characters.face_up.includes(id)) caption = t("screen.note.face_up");
      else if ((v.you.characters || []).includes(id)) caption = t("screen.note.yours");
      const ok = a && !voided;
      const el = charEl(id, ctx, { size: "md", onClick: ok ? act(a) : null, disabled: !ok, caption, cls: v.characters.face_up.includes(id) ? "face-up" : "" });
      if (voided) el.dataset.void = voided;
      return el;
    });
    return picker([h("p", { class: "dialog-hint" }, t(`${P}.pick.${type}_hint`)), h("div", { class: "dialog-cards" }, ...items)], { cls: "wide" });
  }

  if (kind === "player") {
    return picker([h("p", { class: "dialog-hint" }, t(`${P}.pick.${type}_hint`)),
      h("div", { class: "player-choices" }, ...list.map((a) => playerButton(ctx, a.target, act(a))))]);
  }

  if (kind === "district") {
    const legal = new Map(list.map((a) => [`${a.target}|${a.card}`, a]));
    const rows = [];
    for (const seat of seatOrder(v.players.length, ctx.seat, { mineLast: true })) {
      if (seat === ctx.seat && type === "armory") continue;
      const city = v.players[seat].city;
      if (!city.length) continue;
      const seen = new Set();
      const cards = [];
      for (const c of city) {
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        const a = legal.get(`${seat}|${c.id}`);
        let caption;
        if (a) caption = priceCaption(ctx, a);
        else caption = whyNot(ctx, { type, target: seat, card: c.id }, type === "armory" ? "" : t(`${P}.why.not_target`));
        cards.push(cardEl(c, ctx, { size: "sm", onClick: a ? act(a) : null, disabled: !a, caption, captionCls: a ? "ok" : "" }));
      }
      rows.push(h("div", { class: "picker-city" }, h("div", { class: "picker-city-name" }, nameOf(ctx, seat)), h("div", { class: "city-cards" }, ...cards)));
    }
    return picker([h("p", { class: "dialog-hint" }, t(`${P}.pick.${type}_hint`, { gold: v.players[ctx.seat].gold })), ...rows], { cls: "wide" });
  }

  if (kind === "own") {
    const legal = new Map(list.map((a) => [a.card, a]));
    const seen = new Set();
    const cards = [];
    for (const c of v.players[ctx.seat].city) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const a = legal.get(c.id);
      cards.push(cardEl(c, ctx, { size: "md", onClick: a ? act(a) : null, disabled: !a, caption: a ? "" : whyNot(ctx, { type, card: c.id }, t(`${P}.why.not_target`)) }));
    }
    return picker([h("p", { class: "dialog-hint" }, t(`${P}.pick.${type}_hint`, { count: noteOf(ctx, list[0]).left ?? "?" })), h("div", { class: "dialog-cards" }, ...cards)]);
  }

  if (kind === "hand") {
    const legal = new Map(list.map((a) => [a.card, a]));
    const cards = v.you.hand.map((c) => cardEl(c, ctx, { size: "md", onClick: legal.has(c.id) ? act(legal.get(c.id)) : null, disabled: !legal.has(c.id) }));
    return picker([h("p", { class: "dialog-hint" }, t(`${P}.pick.${type}_hint`)), h("div", { class: "dialog-cards" }, ...cards)]);
  }

  if (kind === "exchange") {
    const me = ctx.seat;
    const give = ui.picker.give || null;
    if (!give) {
      const gives = new Set(list.map((a) => a.give));
      const seen = new Set();
      const cards = [];
      for (const c of v.players[me].city) {
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        const ok = gives.has(c.id);
        cards.push(cardEl(c, ctx, { size: "md", disabled: !ok, caption: ok ? "" : t(`${P}.why.not_target`), onClick: ok ? () => { ui.picker = { ...ui.picker, give: c.id }; ctx.rerender(); } : null }));
      }
      return picker([h("p", { class: "dialog-hint" }, t(`${P}.pick.exchange_give`)), h("div", { class: "dialog-cards" }, ...cards)]);
    }
    const legal = new Map(list.filter((a) => a.give === give).map((a) => [`${a.target}|${a.take}`, a]));
    const rows = [];
    for (const seat of seatOrder(v.players.length, me, { mineLast: true })) {
      if (seat === me) continue;
      const city = v.players[seat].city;
      if (!city.length) continue;
      const seen = new Set();
      const cards = [];
      for (const c of city) {
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        const a = legal.get(`${seat}|${c.id}`);
        cards.push(cardEl(c, ctx, { size: "sm", onClick: a ? act(a) : null, disabled: !a, captionCls: a ? "ok" : "",
          caption: a ? priceCaption(ctx, a) : whyNot(ctx, { type: "exchange", give, target: seat, take: c.id }, t(`${P}.why.not_target`)) }));
      }
      rows.push(h("div", { class: "picker-city" }, h("div", { class: "picker-city-name" }, nameOf(ctx, seat)), h("div", { class: "city-cards" }, ...cards)));
    }
    return picker([
      h("div", { class: "info-line" }, h("span", { class: "muted" }, t(`${P}.pick.exchange_giving`)), cardEl(give, ctx, { size: "xs" }),
        button(t(`${P}.pick.exchange_back`), () => { ui.picker = { ...ui.picker, give: null }; ctx.rerender(); }, "small ghost")),
      h("p", { class: "dialog-hint" }, t(`${P}.pick.exchange_take`)), ...rows], { cls: "wide" });
  }
  return null;
}

export default citadels;
