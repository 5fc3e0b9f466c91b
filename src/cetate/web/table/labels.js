// How the frame names things it does not draw itself: a legal action (its `action.<type>` message, or its
// fields), the seats, and the game.
import * as i18n from "../i18n.js";

// A field's name in words, for what a game gives no message for: "max_take" -> "Max take".
export function humanise(name) {
  const words = String(name).replace(/[_-]+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : String(name);
}

export function actionLabel(a, names) {
  const key = `action.${a.type}`;
  const params = { ...a };
  delete params.type;
  if (i18n.has(key)) return i18n.t(key, params, names);
  const rest = Object.entries(params).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`).join(", ");
  return rest ? `${a.type} (${rest})` : a.type;
}

// A move in words as its game module says it (`actionLabel(ctx, action)`: from the view the move was chosen
// in, e.g. Akropolis names the tile, its position and its cost), else the frame's plain label above.
export function moveLabel(mod, ctx, a, names) {
  let label = null;
  if (mod && mod.actionLabel && ctx && ctx.view) {
    try { label = mod.actionLabel(ctx, a); } catch (e) { console.error(e); }
  }
  return label || actionLabel(a, names);
}

// Each seat's name: the one it joined with, else "Bot N" or "Player N".
export function seatNames(seats, count) {
  const out = [];
  const n = Math.max(count || 0, (seats || []).length);
  for (let i = 0; i < n; i++) {
    const s = (seats || []).find((x) => x && x.seat === i) || (seats || [])[i] || {};
    if (s.name) out.push(s.name);
    else if (s.kind === "bot") out.push(i18n.t("web.table.bot_name", { number: i + 1 }));
    else out.push(i18n.t("player.default", { number: i + 1 }));
  }
  return out;
}

export function gameTitle(table) {
  return i18n.has("game.name") ? i18n.t("game.name") : table && table.game;
}
