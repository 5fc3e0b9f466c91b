// The site header every page shares: the brand, the page title, a slot for the page's own buttons and the
// language switch. Pages set their title and fill the slot through this module (app.js builds the header).
import * as i18n from "./i18n.js";
import { h, clear, icon } from "./dom.js";

export function buildHeader() {
  const header = document.getElementById("top");
  clear(header);
  const brand = h("a", { class: "brand", href: "#/" }, icon("tower", "brand-icon"), h("span", { class: "brand-name" }, i18n.t("web.app.name")));
  const title = h("div", { class: "page-title", id: "page-title" });
  const slot = h("div", { class: "header-slot", id: "header-slot" });
  const select = h("select", { class: "lang-select", id: "lang-select", "aria-label": i18n.t("web.lang.label"), title: i18n.t("web.lang.label") });
  for (const code of i18n.LANGUAGES) {
    select.appendChild(h("option", { value: code, selected: code === i18n.getLang() }, i18n.languageName(code)));
  }
  select.addEventListener("change", () => i18n.setLang(select.value));
  header.append(brand, title, slot, select);
  return header;
}

export function relabelHeader() {
  const name = document.querySelector("#top .brand-name");
  if (name) name.textContent = i18n.t("web.app.name");
  const select = document.getElementById("lang-select");
  if (select) {
    select.value = i18n.getLang();
    select.title = i18n.t("web.lang.label");
    select.setAttribute("aria-label", i18n.t("web.lang.label"));
  }
}

// The page's title in the header, with `extra` (an element: status pills) after it.
export function setTitle(text, extra = null) {
  const el = document.getElementById("page-title");
  if (!el) return;
  clear(el);
  if (text) el.append(h("span", { class: "page-title-main" }, text));
  if (extra) el.append(extra);
}

// The header's slot for the page's own buttons (null before the header is built).
export function headerSlot() {
  return document.getElementById("header-slot");
}
