// A first-match walkthrough for a game module (issue 32): a short run of steps, each a sentence about one thing
// on the table (one of the player's real cards, a part of the board), drawn as a panel in the page's flow just
// above the part it speaks of, with that part outlined. Being in the flow, it never covers the cards or the
// decision, on a phone either: it pushes them down a little instead, and the page scrolls the panel into view
// when a step opens. Each stage (for Gates: the draft, then the first duel) is shown once per device: finishing
// it or skipping the guide is remembered in localStorage; `reset` brings it back ("show again").
//
// The texts come from the game's message catalogs, with the numbers and names of the engine's view and
// catalog: the guide works nothing out. A module uses it as:
//
//   const steps = [{ text, focus: "css selector of the part outlined", before: "css selector of where the
//                    panel goes (default: focus)" }, ...];
//   walk.mount(board, ctx, { game: "gates", stage: "draft", steps, keys: "web.gates.walk", home: ".gt-left" });
import { h } from "../dom.js";

const STORE = "cetate.walkthrough";

function load() {
  try {
    const doc = JSON.parse(globalThis.localStorage.getItem(STORE) || "{}");
    return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : {};
  } catch {
    return {}; // no storage (a private window) or a damaged value: the guide simply shows
  }
}

function save(doc) {
  try {
    globalThis.localStorage.setItem(STORE, JSON.stringify(doc));
  } catch {
    // nothing to keep it in: the guide shows again next time
  }
}

// has this device finished (or skipped) the stage of the game's guide?
export function done(game, stage) {
  const g = load()[game];
  return !!(g && typeof g === "object" && (g.skipped || g[stage]));
}

export function finish(game, stage) {
  const all = load();
  const g = all[game] && typeof all[game] === "object" ? all[game] : {};
  all[game] = { ...g, [stage]: true };
  save(all);
}

export function skip(game) {
  const all = load();
  all[game] = { skipped: true };
  save(all);
}

// forget the game's guide: every stage shows again
export function reset(game) {
  const all = load();
  delete all[game];
  save(all);
}

// Draw the stage's current step into `board` (already built by the module): outline the step's part and put the
// panel before the part named by `before`. `ctx.ui.walk` keeps the step across re-renders.
export function mount(board, ctx, { game, stage, steps, keys, home = null }) {
  const t = ctx.t;
  const ui = ctx.ui;
  const list = steps.filter((s) => s && s.text);
  if (!list.length) return null;
  if (!ui.walk || ui.walk.stage !== stage) ui.walk = { stage, step: 0, shown: -1 };
  const at = Math.min(Math.max(0, ui.walk.step), list.length - 1);
  ui.walk.step = at;
  const step = list[at];
  const focus = step.focus ? board.querySelector(step.focus) : null;
  if (focus) focus.classList.add("walk-focus");
  const anchor = (step.before ? board.querySelector(step.before) : null) || focus;
  const go = (k) => { ui.walk.step = k; ctx.rerender(); };
  const last = at === list.length - 1;
  const dots = h("span", { class: "walk-dots", "aria-hidden": "true" },
    list.map((_, k) => h("span", { class: ["walk-dot", k === at && "on", k < at && "past"] })));
  const panel = h("section", {
    class: ["walk", `walk-${stage}`],
    role: "region",
    "aria-label": t(`${keys}.aria`),
    "aria-live": "polite",
    "data-testid": "walkthrough",
    dataset: { stage, step: String(at) },
  },
  h("div", { class: "walk-head" }, h("b", { class: "walk-title" }, t(`${keys}.title`)), dots),
  h("p", { class: "walk-text", "data-testid": "walk-text" }, step.text),
  h("div", { class: "walk-buttons" },
    h("button", { type: "button", class: "button ghost small walk-skip", "data-walk": "skip", onclick: () => { skip(game); ui.walk = null; ctx.rerender(); } }, t(`${keys}.skip`)),
    at > 0 ? h("button", { type: "button", class: "button small walk-back", "data-walk": "back", onclick: () => go(at - 1) }, t(`${keys}.back`)) : null,
    h("button", {
      type: "button",
      class: "button primary small walk-next",
      "data-walk": last ? "done" : "next",
      onclick: () => {
        if (last) { finish(game, stage); ui.walk = null; ctx.rerender(); } else go(at + 1);
      },
    }, t(last ? `${keys}.done` : `${keys}.next`))));
  if (anchor && anchor.parentNode) anchor.parentNode.insertBefore(panel, anchor);
  else ((home && board.querySelector(home)) || board).prepend(panel); // the part is missing: the top of `home`
  // bring the panel (and the part under it) into view when a step opens, not at every update of the table
  if (ui.walk.shown !== at) {
    ui.walk.shown = at;
    // when the panel or the part it speaks of is out of sight, the panel goes to the top of the view, the part
    // (below it) with it
    const scroll = () => {
      if (!panel.isConnected || !panel.scrollIntoView) return;
      // what stays on screen over the page: the header (sticky at the top) and, on a phone, the action bar
      const edge = (sel, side, fallback) => {
        const el = document.querySelector(sel);
        if (!el || !["sticky", "fixed"].includes(window.getComputedStyle(el).position)) return fallback;
        return el.getBoundingClientRect()[side];
      };
      const top = Math.max(0, edge(".top", "bottom", 0));
      const bottom = Math.min(window.innerHeight, edge(".tp-bar", "top", window.innerHeight));
      const seen = (el) => {
        if (!el) return true;
        const r = el.getBoundingClientRect();
        return r.top >= top && r.bottom <= bottom;
      };
      if (!seen(panel) || !seen(focus)) {
        panel.style.scrollMarginTop = `${Math.round(top) + 6}px`;
        panel.scrollIntoView({ block: "start", behavior: "auto" });
      }
    };
    if (typeof window !== "undefined" && window.requestAnimationFrame) window.requestAnimationFrame(scroll);
  }
  return panel;
}
