// The client's entry point: the header (language switch) and the hash router. Nothing imports this module:
// the pages take what they share from the modules below them (header.js for the title and the header's slot).
//   #/            lobby              #/new/{game}         new table form
//   #/t/{id}      a table (?seat=&token= from an invite link)     #/replay/{id}   a finished game's replay
//   #/rules/{game}[/{section}]   a game's rules guide
//   #/signin      sign in or make an account     #/account   your account     #/u/{name}   a player's profile
//   #/ratings[/{game}]   a game's leaderboard      #/quick?game=&players=   quick match
//   #/turns   the tables where it is your turn (turns.js)
import * as i18n from "./i18n.js";
import { h, clear, parseHash } from "./dom.js";
import { buildHeader, relabelHeader, renderAccount, setTitle, headerSlot } from "./header.js";
import * as account from "./account.js";
import { SignInPage, AccountPage, ProfilePage, LeaderboardPage } from "./accounts.js";
import { LobbyPage, NewTablePage } from "./lobby.js";
import { TablePage } from "./table.js";
import { ReplayPage } from "./replay.js";
import { RulesPage } from "./rules.js";
import { QuickMatchPage } from "./quickmatch.js";
import { TurnsPage, startTurns, renderBadge } from "./turns.js";

const app = {
  page: null,
  root: null,
};

async function route() {
  const { path, query } = parseHash();
  if (app.page && app.page.unmount) app.page.unmount();
  app.page = null;
  clear(headerSlot() || document.createElement("div"));
  for (const menu of document.querySelectorAll("#top details[open]")) menu.open = false;
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
  else if (path[0] === "signin") page = new SignInPage(query);
  else if (path[0] === "account") page = new AccountPage();
  else if (path[0] === "u" && path[1]) page = new ProfilePage(path[1]);
  else if (path[0] === "ratings") page = new LeaderboardPage(path[1] || null);
  else if (path[0] === "quick") page = new QuickMatchPage(query);
  else if (path[0] === "turns") page = new TurnsPage();
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
  await Promise.all([i18n.use(""), account.load()]);
  buildHeader();
  startTurns(); // the header's "your turn" badge, kept fresh while the tab is open
  // signing in or out redraws the header's account corner, and the page when it shows something that depends on it
  account.onChange(() => {
    renderAccount();
    if (app.page && app.page.onAccount) app.page.onAccount();
  });
  i18n.onChange(async () => {
    const page = app.page;
    if (page && page.onLang) {
      await page.onLang();
    } else {
      await i18n.use("");
      await route();
    }
    relabelHeader();
    renderBadge();
  });
  window.addEventListener("hashchange", route);
  await route();
}

// the page (index.html) has an #app element; a module imported elsewhere (tests) starts nothing
if (document.getElementById("app")) start();
