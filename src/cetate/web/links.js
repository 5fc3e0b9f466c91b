// Table links: a link shown with its copy button, and the page a pasted link or table id leads to.
import * as i18n from "./i18n.js";
import { h, copyText } from "./dom.js";

// a link in a read-only field with its copy button (the invite and spectator links; the table's invite panel)
export function linkLine(url, extra = {}) {
  const t = i18n.t;
  const input = h("input", { type: "text", readonly: true, value: absolute(url), class: "link-field", ...extra });
  const btn = h("button", { type: "button", class: "button small" }, t("web.new.copy"));
  btn.addEventListener("click", async () => { input.select(); await copyText(input.value); btn.textContent = t("web.new.copied"); });
  return h("div", { class: "link-line" }, input, btn);
}

// "#/t/{id}?seat=&token=" from a pasted invite link, spectator link or bare table id.
export function inviteHash(text) {
  if (!text) return null;
  const m = /#\/(t|replay)\/([^?\s#]+)(\?[^\s#]*)?/.exec(text);
  if (m) return `#/${m[1]}/${m[2]}${m[3] || ""}`;
  if (/^[A-Za-z0-9_-]{4,}$/.test(text)) return `#/t/${text}`;
  return null;
}

export function absolute(url) {
  try { return new URL(url, location.href).href; } catch { return url; }
}
