// The site header every page shares: the brand, the page title, a slot for the page's own buttons, the account
// ("Sign in" for a guest; the person's name and a small menu when signed in) and the language switch. Pages set
// their title and fill the slot through this module (app.js builds the header).
import * as i18n from "./i18n.js";
import { h, clear, icon } from "./dom.js";
import * as account from "./account.js";
import { errorText } from "./errors.js";

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
  const who = h("div", { class: "account-box", id: "account-box" });
  // the "your turn" count (turns.js fills it in; hidden at 0)
  const turns = h("a", { class: "turns-badge", id: "turns-badge", href: "#/turns", hidden: true, "data-testid": "turns-badge" });
  header.append(brand, title, slot, turns, who, select);
  renderAccount();
  watchHeight(header);
  return header;
}

// The header's height as --top-h on the document: on a phone the header wraps to two lines, and what sticks under
// it (style.css, "phone layout") reads its height from there
let observer = null;
function watchHeight(header) {
  const set = () => document.documentElement.style.setProperty("--top-h", `${Math.ceil(header.getBoundingClientRect().height)}px`);
  if (observer) observer.disconnect();
  if (typeof ResizeObserver === "function") {
    observer = new ResizeObserver(set);
    observer.observe(header);
  }
  set();
}

// The header's account corner, drawn again when someone signs in or out (app.js listens to account.js)
export function renderAccount() {
  const box = document.getElementById("account-box");
  if (!box) return;
  const t = i18n.t;
  const user = account.user();
  clear(box);
  if (!user) {
    box.append(h("a", { class: "button small account-signin", href: "#/signin", "data-testid": "header-signin" }, t("web.account.sign_in")));
    return;
  }
  const menu = h("details", { class: "account-menu" });
  const close = () => { menu.open = false; };
  const signOut = h("button", { type: "button", class: "menu-item", "data-testid": "header-signout" }, t("web.account.sign_out"));
  signOut.addEventListener("click", async () => {
    close();
    try { await account.signOut(); } catch (e) { alert(errorText(e)); }
  });
  menu.append(
    h("summary", { class: "button small account-name", title: user.name, "data-testid": "header-account" },
      icon("person"), h("span", { class: "label" }, user.display_name || user.name)),
    h("div", { class: "menu-list" },
      h("a", { class: "menu-item", href: `#/u/${encodeURIComponent(user.name)}`, onclick: close }, t("web.account.menu.profile")),
      h("a", { class: "menu-item", href: "#/account", onclick: close }, t("web.account.menu.account")),
      h("a", { class: "menu-item", href: "#/ratings", onclick: close }, t("web.account.menu.ratings")),
      signOut));
  box.append(menu);
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
  renderAccount();
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
