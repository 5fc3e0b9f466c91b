// The client's entry point: the header (language switch) and the hash router.
//   #/            lobby              #/new/{game}         new table form
//   #/t/{id}      a table (?seat=&token= from an invite link)     #/replay/{id}   a finished game's replay
//   #/rules/{game}[/{section}]   a game's rules guide
import * as i18n from "./i18n.js";
import { h, clear, icon, parseHash } from "./dom.js";
import { LobbyPage, NewTablePage } from "./lobby.js";
import { TablePage } from "./table.js";
import { ReplayPage } from "./replay.js";
import { RulesPage } from "./rules.js";

const app = {
  page: null,
  root: null,
  header: null,
};

function buildHeader() {
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
  app.header = header;
}

function relabelHeader() {
  const name = document.querySelector("#top .brand-name");
  if (name) name.textContent = i18n.t("web.app.name");
  const select = document.getElementById("lang-select");
  if (select) {
    select.value = i18n.getLang();
    select.title = i18n.t("web.lang.label");
    select.setAttribute("aria-label", i18n.t("web.lang.label"));
  }
}

export function setTitle(text, extra = null) {
  const el = document.getElementById("page-title");
  if (!el) return;
  clear(el);
  if (text) el.append(h("span", { class: "page-title-main" }, text));
  if (extra) el.append(extra);
}

export function headerSlot() {
  return document.getElementById("header-slot");
}

async function route() {
  const { path, query } = parseHash();
  if (app.page && app.page.unmount) app.page.unmount();
  app.page = null;
  clear(headerSlot() || document.createElement("div"));
  setTitle("");
  document.title = i18n.t("web.app.name");
  // each page draws into its own element: a page still loading when the user moves on draws into an element
  // that is no longer in the document, never over the new page
  const root = h("div", { class: "page" });
  clear(app.root).append(root);
  let page;
  if (path.length === 0) page = new LobbyPage();
  else if (path[0] === "new" && path[1]) page = new NewTablePage(path[1]);
  else if (path[0] === "t" && path[1]) page = new TablePage(path[1], query);
  else if (path[0] === "replay" && path[1]) page = new ReplayPage(path[1], query);
  else if (path[0] === "rules" && path[1]) page = new RulesPage(path[1], path[2]);
  else {
    root.append(h("div", { class: "notice" }, h("p", null, i18n.t("web.error.not_found")), h("a", { href: "#/", class: "button" }, i18n.t("web.nav.home"))));
    return;
  }
  app.page = page;
  try {
    await page.mount(root);
  } catch (e) {
    console.error(e);
    if (app.page === page) {
      clear(root);
      root.append(h("div", { class: "notice error" }, i18n.t("web.error.generic", { message: String(e && e.message ? e.message : e) })));
    }
  }
}

async function start() {
  app.root = document.getElementById("app");
  await i18n.use("");
  buildHeader();
  i18n.onChange(async () => {
    const page = app.page;
    if (page && page.onLang) {
      await page.onLang();
    } else {
      await i18n.use("");
      await route();
    }
    relabelHeader();
  });
  window.addEventListener("hashchange", route);
  await route();
}

// the page (index.html) has an #app element; a module imported elsewhere (tests) starts nothing
if (document.getElementById("app")) start();
