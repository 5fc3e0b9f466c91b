// The account pages (docs/accounts.md): #/signin (sign in, or make an account and bring this browser's guest
// tables to it), #/account (the account's settings, its seats, export and deletion), #/u/{name} (a player's
// public profile with the rating history drawn as a chart) and #/ratings/{game} (a game's leaderboard).
import * as i18n from "./i18n.js";
import { api } from "./api.js";
import { h, clear, icon } from "./dom.js";
import { setTitle } from "./header.js";
import { errorText, codeText } from "./errors.js";
import * as account from "./account.js";
import { emailBox } from "./turns.js";

// -- shared bits --------------------------------------------------------------------------------------

// The games (id and name in the reader's language), loaded once per language.
const gameCache = new Map();
async function gamesList() {
  const lang = i18n.getLang();
  if (!gameCache.has(lang)) {
    gameCache.set(lang, (async () => {
      const games = await api.games();
      return Promise.all(games.map(async (g) => {
        let name = g.name || g.id;
        try {
          const cat = await i18n.catalog(g.id);
          if (cat.has("game.name")) name = cat.t("game.name");
        } catch { /* the API's English name */ }
        return { id: g.id, name };
      }));
    })().catch((e) => { gameCache.delete(lang); throw e; }));
  }
  return gameCache.get(lang);
}

function gameName(games, id) {
  const g = games.find((x) => x.id === id);
  return g ? g.name : id;
}

function dateText(iso, withTime = false) {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return "";
  return withTime ? d.toLocaleString(i18n.getLang()) : d.toLocaleDateString(i18n.getLang());
}

function botName(id) {
  return i18n.has(`bot.${id}.name`) ? i18n.t(`bot.${id}.name`) : id;
}

function ratingText(r) {
  return i18n.t("web.account.rating_value", { shown: r.shown, plus_minus: r.plus_minus });
}

function field(label, input, help = null, name = null) {
  return h("label", { class: "acc-field", dataset: name ? { field: name } : null },
    h("span", { class: "acc-label" }, label), input,
    help ? h("span", { class: "field-help" }, help) : null,
    h("span", { class: "field-error", role: "alert" }));
}

function languageBoxes(chosen, name) {
  const set = new Set(chosen || []);
  const group = h("div", { class: "acc-langs", role: "group" });
  for (const code of i18n.LANGUAGES) {
    group.append(h("label", { class: "check-item" },
      h("input", { type: "checkbox", name, value: code, checked: set.has(code) }), h("span", null, i18n.languageName(code))));
  }
  return group;
}

function checkedLanguages(group) {
  return [...group.querySelectorAll("input[type=checkbox]")].filter((b) => b.checked).map((b) => b.value);
}

// An error under its field when the server names one that the form has, else in the form's own line
function showError(form, line, e) {
  for (const el of form.querySelectorAll(".field-error")) el.textContent = "";
  line.textContent = "";
  const text = errorText(e);
  const slot = e && e.field ? form.querySelector(`[data-field="${CSS.escape(String(e.field))}"] .field-error`) : null;
  if (slot) slot.textContent = text;
  else line.textContent = text;
}

async function busy(button, fn) {
  button.disabled = true;
  try { return await fn(); } finally { button.disabled = false; }
}

// a message the next page shows once (after signing up, deleting the account...)
let flash = null;
function takeFlash() { const f = flash; flash = null; return f; }

// this page's address with "localhost" for a number address (browsers offer passkeys only by a name)
function namedUrl() {
  const port = location.port ? `:${location.port}` : "";
  return `${location.protocol}//localhost${port}${location.pathname}${location.hash}`;
}

// -- #/signin -----------------------------------------------------------------------------------------

export class SignInPage {
  constructor(query) {
    this.mode = query && query.get("mode") === "signup" ? "signup" : "signin";
    this.next = query ? query.get("next") : null;
  }

  async mount(root) {
    this.root = root;
    root.classList.add("acc-page", "signin-page");
    await i18n.use("");
    this.flash = takeFlash();
    this.render();
  }

  async onLang() { await i18n.use(""); this.render(); }

  onAccount() { this.render(); }

  goOn() {
    const next = this.next && /^[a-z]/.test(this.next) ? `#/${this.next}` : "#/account";
    location.hash = next;
  }

  render() {
    const t = i18n.t;
    const signup = this.mode === "signup";
    setTitle(t(signup ? "web.account.signup.title" : "web.account.signin.title"));
    document.title = `${t(signup ? "web.account.signup.title" : "web.account.signin.title")} · ${t("web.app.name")}`;
    const root = clear(this.root);
    if (this.flash) root.append(h("div", { class: "acc-flash acc-narrow", role: "status", "data-testid": "flash" }, this.flash.map((f) => h("p", null, f))));
    const user = account.user();
    if (user) {
      root.append(h("section", { class: "acc-card acc-narrow" },
        h("p", null, t("web.account.signed_in_as", { name: user.display_name || user.name })),
        h("div", { class: "button-row" },
          h("a", { class: "button primary", href: "#/account" }, t("web.account.menu.account")),
          h("a", { class: "button", href: "#/" }, t("web.nav.home")))));
      return;
    }
    const tabs = h("div", { class: "acc-tabs", role: "tablist" },
      h("button", { type: "button", role: "tab", class: ["acc-tab", !signup && "active"], "aria-selected": String(!signup), "data-testid": "tab-signin",
        onclick: () => { this.mode = "signin"; this.render(); } }, t("web.account.sign_in")),
      h("button", { type: "button", role: "tab", class: ["acc-tab", signup && "active"], "aria-selected": String(signup), "data-testid": "tab-signup",
        onclick: () => { this.mode = "signup"; this.render(); } }, t("web.account.sign_up")));
    root.append(h("section", { class: "acc-card acc-narrow" },
      tabs,
      h("h1", null, t(signup ? "web.account.signup.title" : "web.account.signin.title")),
      h("p", { class: "muted" }, t(signup ? "web.account.signup.intro" : "web.account.signin.intro")),
      signup ? this.signUpForm() : this.signInForm(),
      h("p", { class: "acc-switch" }, h("a", { href: signup ? "#/signin" : "#/signin?mode=signup", "data-testid": "switch-mode",
        onclick: (ev) => { ev.preventDefault(); this.mode = signup ? "signin" : "signup"; this.render(); } },
      t(signup ? "web.account.signup.switch" : "web.account.signin.switch"))),
      h("p", { class: "muted small" }, t("web.account.guest_note"))));
  }

  signInForm() {
    const t = i18n.t;
    const name = h("input", { type: "text", id: "signin-name", name: "username", autocomplete: "username", required: true, maxlength: "200" });
    const password = h("input", { type: "password", id: "signin-password", name: "password", autocomplete: "current-password", required: true, maxlength: "1000" });
    const line = h("p", { class: "form-error", role: "alert", "data-testid": "form-error" });
    const submit = h("button", { class: "button primary", type: "submit", id: "signin-submit" }, t("web.account.signin.submit"));
    const form = h("form", { class: "acc-form", novalidate: true },
      field(t("web.account.field.name"), name, null, "name"),
      field(t("web.account.field.password"), password, null, "password"),
      h("div", { class: "form-actions" }, submit), line);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      await busy(submit, async () => {
        try {
          await account.signIn(name.value.trim(), password.value);
          this.goOn();
        } catch (e) {
          showError(form, line, e);
        }
      });
    });
    return h("div", null, form, this.passkeySignIn());
  }

  // "Sign in with a passkey": the browser offers the passkeys it holds for this site
  passkeySignIn() {
    const t = i18n.t;
    const support = account.passkeySupport();
    if (support === "unsupported") return null;
    const box = h("div", { class: "acc-passkey", "data-testid": "passkey-signin-box" },
      h("p", { class: "acc-or" }, h("span", null, t("web.account.passkey.alternative"))));
    if (support === "needs_name") {
      box.append(h("p", { class: "muted small", "data-testid": "passkey-needs-name" }, t("web.account.passkey.needs_name", { url: namedUrl() })));
      return box;
    }
    const line = h("p", { class: "form-error", role: "alert", "data-testid": "passkey-error" });
    const button = h("button", { type: "button", class: "button", id: "passkey-signin" }, icon("key"), h("span", null, t("web.account.passkey.sign_in")));
    button.addEventListener("click", () => busy(button, async () => {
      line.textContent = "";
      try {
        await account.signInWithPasskey();
        this.goOn();
      } catch (e) {
        line.textContent = e instanceof account.PasskeyCancelled ? t("web.account.passkey.cancelled") : errorText(e);
      }
    }));
    box.append(h("div", { class: "form-actions" }, button), line);
    return box;
  }

  signUpForm() {
    const t = i18n.t;
    const name = h("input", { type: "text", id: "signup-name", name: "username", autocomplete: "username", maxlength: "24" });
    const display = h("input", { type: "text", id: "signup-display", name: "nickname", autocomplete: "nickname", maxlength: "40" });
    const password = h("input", { type: "password", id: "signup-password", autocomplete: "new-password", maxlength: "256" });
    const password2 = h("input", { type: "password", id: "signup-password2", autocomplete: "new-password", maxlength: "256" });
    const langs = languageBoxes([i18n.getLang()], "languages");
    const tokens = account.claimableTokens();
    const claim = h("input", { type: "checkbox", id: "signup-claim", checked: tokens.length > 0 });
    const line = h("p", { class: "form-error", role: "alert", "data-testid": "form-error" });
    const submit = h("button", { class: "button primary", type: "submit", id: "signup-submit" }, t("web.account.signup.submit"));
    const form = h("form", { class: "acc-form", novalidate: true },
      field(t("web.account.field.name"), name, t("web.account.field.name_help"), "name"),
      field(t("web.account.field.display_name"), display, t("web.account.field.display_name_help"), "display_name"),
      field(t("web.account.field.password"), password, t("web.account.field.password_help"), "password"),
      field(t("web.account.field.password2"), password2, null, "password2"),
      h("fieldset", { class: "acc-fieldset", dataset: { field: "languages" } },
        h("legend", null, t("web.account.field.languages")), langs,
        h("span", { class: "field-help" }, t("web.account.field.languages_help")),
        h("span", { class: "field-error", role: "alert" })),
      tokens.length ? h("div", { class: "acc-claim" },
        h("label", { class: "check-line", for: "signup-claim" }, claim, h("span", null, t("web.account.claim.label", { count: tokens.length }))),
        h("p", { class: "field-help" }, t("web.account.claim.help"))) : null,
      h("div", { class: "form-actions" }, submit), line);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      for (const el of form.querySelectorAll(".field-error")) el.textContent = "";
      line.textContent = "";
      const problems = account.checkSignUp({ name: name.value, password: password.value, password2: password2.value });
      if (problems.length) {
        for (const p of problems) {
          const slot = form.querySelector(`[data-field="${p.field}"] .field-error`);
          if (slot && !slot.textContent) slot.textContent = codeText(p.code);
        }
        return;
      }
      await busy(submit, async () => {
        try {
          const body = { name: name.value.trim(), password: password.value, languages: checkedLanguages(langs) };
          if (display.value.trim()) body.display_name = display.value.trim();
          if (tokens.length && claim.checked) body.claim = tokens;
          const doc = await account.signUp(body);
          const moved = (doc.claimed || []).length;
          const taken = (doc.taken || []).length;
          flash = [i18n.t("web.account.welcome", { name: doc.user.display_name || doc.user.name })];
          if (moved) flash.push(i18n.t("web.account.claim.done", { count: moved }));
          if (taken) flash.push(i18n.t("web.account.claim.taken", { count: taken }));
          this.goOn();
        } catch (e) {
          showError(form, line, e);
        }
      });
    });
    return form;
  }
}

// -- #/account ----------------------------------------------------------------------------------------

export class AccountPage {
  async mount(root) {
    this.root = root;
    root.classList.add("acc-page", "account-page");
    await i18n.use("");
    await account.load();
    this.flash = takeFlash();
    this.games = await gamesList().catch(() => []);
    this.render();
  }

  async onLang() {
    await i18n.use("");
    this.games = await gamesList().catch(() => this.games || []);
    this.render();
  }

  onAccount() { this.render(); }

  render() {
    const t = i18n.t;
    setTitle(t("web.account.title"));
    document.title = `${t("web.account.title")} · ${t("web.app.name")}`;
    const root = clear(this.root);
    const user = account.user();
    if (this.flash) root.append(h("div", { class: "acc-flash", role: "status", "data-testid": "flash" }, this.flash.map((f) => h("p", null, f))));
    if (!user) {
      root.append(h("section", { class: "acc-card acc-narrow" },
        h("p", null, t("web.account.need_sign_in")),
        h("div", { class: "button-row" }, h("a", { class: "button primary", href: "#/signin?next=account" }, t("web.account.sign_in")))));
      return;
    }
    root.append(h("section", { class: "acc-head" },
      h("div", { class: "acc-avatar", "aria-hidden": "true" }, initials(user.display_name || user.name)),
      h("div", null,
        h("h1", null, user.display_name || user.name),
        h("p", { class: "muted" }, `@${user.name}`, user.created_at ? " · " + t("web.account.since", { date: dateText(user.created_at) }) : ""),
        h("div", { class: "button-row" },
          h("a", { class: "button small", href: `#/u/${encodeURIComponent(user.name)}`, "data-testid": "profile-link" }, t("web.account.view_profile")),
          h("a", { class: "button small ghost", href: "#/ratings" }, t("web.account.menu.ratings"))))));
    this.seatsBox = h("section", { class: "acc-card acc-seats", "data-testid": "account-seats" }, h("h2", null, t("web.account.seats.title")), h("p", { class: "muted" }, t("web.lobby.loading")));
    root.append(h("div", { class: "acc-columns" },
      h("div", null, this.seatsBox, this.claimSlot = h("div")),
      h("div", null, this.profileForm(user), emailBox(), this.passwordForm(),
        this.passkeysBox = h("section", { class: "acc-card acc-passkeys", "data-testid": "passkeys" }),
        this.sessionsBox(), this.dataBox(), this.deleteForm())));
    this.loadPasskeys();
    this.loadSeats();
  }

  // "Tables on this device": the guest seats this browser holds that the account does not have yet
  claimBox(seats) {
    const t = i18n.t;
    const tokens = account.claimableTokens(undefined, seats);
    if (!tokens.length) return null;
    const line = h("p", { class: "muted small", role: "status" });
    const button = h("button", { type: "button", class: "button", "data-testid": "claim" }, t("web.account.claim.button"));
    button.addEventListener("click", () => busy(button, async () => {
      try {
        const doc = await account.claim(tokens);
        const parts = [t("web.account.claim.done", { count: (doc.claimed || []).length })];
        if ((doc.taken || []).length) parts.push(t("web.account.claim.taken", { count: doc.taken.length }));
        this.flash = parts;
        this.render();
      } catch (e) { line.textContent = errorText(e); }
    }));
    return h("section", { class: "acc-card" },
      h("h2", null, t("web.account.claim.title")),
      h("p", { class: "muted" }, t("web.account.claim.label", { count: tokens.length })),
      h("p", { class: "field-help" }, t("web.account.claim.help")),
      h("div", { class: "button-row" }, button), line);
  }

  async loadSeats() {
    const t = i18n.t;
    const box = this.seatsBox;
    let seats;
    try {
      seats = (await account.tables()).seats || [];
    } catch (e) {
      if (box === this.seatsBox) clear(box).append(h("h2", null, t("web.account.seats.title")), h("p", { class: "error" }, errorText(e)));
      return;
    }
    if (box !== this.seatsBox) return;
    clear(this.claimSlot).append(this.claimBox(seats) || "");
    clear(box).append(h("h2", null, t("web.account.seats.title")));
    if (!seats.length) { box.append(h("p", { class: "muted" }, t("web.account.seats.none"))); return; }
    const list = h("ul", { class: "table-list" });
    for (const s of seats) {
      const result = s.status === "over" && s.result && Array.isArray(s.result.winners)
        ? h("span", { class: `status-pill ${s.result.winners.includes(s.seat) ? "won" : "lost"}` }, t(s.result.winners.includes(s.seat) ? "web.lobby.result.won" : "web.lobby.result.lost"))
        : null;
      list.append(h("li", { class: "table-row", "data-table": s.table_id },
        h("div", { class: "table-row-main" },
          h("strong", null, gameName(this.games, s.game)),
          h("span", { class: `status-pill ${s.status}` }, t(`web.status.${s.status}`)),
          result),
        h("div", { class: "muted small" }, t("web.lobby.table_line", { count: s.players, seat: s.seat + 1 }),
          s.updated_at ? " · " + dateText(s.updated_at, true) : ""),
        h("div", { class: "button-row" },
          this.openButton(s),
          s.status === "over" ? h("a", { class: "button small", href: `#/replay/${encodeURIComponent(s.table_id)}?seat=${s.seat}` }, t("web.lobby.replay")) : null)));
    }
    box.append(list);
  }

  // "Open": the seat on this device, with a token of its own for it when this device has none yet
  openButton(s) {
    const t = i18n.t;
    const open = h("a", { class: "button small primary", href: `#/t/${encodeURIComponent(s.table_id)}` }, t("web.lobby.open"));
    open.addEventListener("click", async (ev) => {
      ev.preventDefault();
      try {
        await account.seatToken(s.table_id, s.seat, s.game);  // kept with this device's seats: the table finds it
        location.hash = `#/t/${encodeURIComponent(s.table_id)}`;
      } catch (e) {
        clear(this.seatsBox.querySelector(".seats-error") || this.seatsBox.appendChild(h("p", { class: "error seats-error" })))
          .append(errorText(e));
      }
    });
    return open;
  }

  profileForm(user) {
    const t = i18n.t;
    const display = h("input", { type: "text", id: "account-display", maxlength: "40", value: user.display_name || "" });
    const langs = languageBoxes(user.languages, "account-languages");
    const line = h("p", { class: "form-error", role: "alert" });
    const ok = h("p", { class: "acc-ok", role: "status" });
    const submit = h("button", { type: "submit", class: "button primary", id: "account-save" }, t("web.account.save"));
    const form = h("form", { class: "acc-card acc-form", novalidate: true },
      h("h2", null, t("web.account.profile.title")),
      field(t("web.account.field.display_name"), display, t("web.account.field.display_name_help"), "display_name"),
      h("fieldset", { class: "acc-fieldset", dataset: { field: "languages" } },
        h("legend", null, t("web.account.field.languages")), langs, h("span", { class: "field-error", role: "alert" })),
      h("div", { class: "form-actions" }, submit), ok, line);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      ok.textContent = "";
      busy(submit, async () => {
        try {
          await account.update({ display_name: display.value.trim(), languages: checkedLanguages(langs) });
          this.flash = [t("web.account.saved")];
          this.render();
        } catch (e) { showError(form, line, e); }
      });
    });
    return form;
  }

  passwordForm() {
    const t = i18n.t;
    const current = h("input", { type: "password", id: "password-current", autocomplete: "current-password" });
    const next = h("input", { type: "password", id: "password-new", autocomplete: "new-password" });
    const next2 = h("input", { type: "password", id: "password-new2", autocomplete: "new-password" });
    const line = h("p", { class: "form-error", role: "alert" });
    const ok = h("p", { class: "acc-ok", role: "status" });
    const submit = h("button", { type: "submit", class: "button" }, t("web.account.password.change"));
    const form = h("form", { class: "acc-card acc-form", novalidate: true },
      h("h2", null, t("web.account.password.title")),
      field(t("web.account.password.current"), current, null, "current"),
      field(t("web.account.password.new"), next, t("web.account.field.password_help"), "new"),
      field(t("web.account.password.new2"), next2, null, "new2"),
      h("div", { class: "form-actions" }, submit), ok, line);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      ok.textContent = "";
      for (const el of form.querySelectorAll(".field-error")) el.textContent = "";
      line.textContent = "";
      if (next.value !== next2.value) { form.querySelector('[data-field="new2"] .field-error').textContent = codeText("password_mismatch"); return; }
      busy(submit, async () => {
        try {
          await account.changePassword(current.value, next.value);
          current.value = next.value = next2.value = "";
          ok.textContent = t("web.account.password.changed");
        } catch (e) { showError(form, line, e); }
      });
    });
    return form;
  }

  // "Passkeys": the account's passkeys, each with its dates and a Remove button, and a way to add one
  async loadPasskeys(flash = null) {
    const t = i18n.t;
    const box = this.passkeysBox;
    let list = [];
    let failed = null;
    try { list = (await account.passkeys()).passkeys || []; } catch (e) { failed = e; }
    if (box !== this.passkeysBox) return;
    clear(box).append(h("h2", null, t("web.account.passkey.title")), h("p", { class: "muted" }, t("web.account.passkey.help")));
    const line = h("p", { class: "form-error", role: "alert", "data-testid": "passkey-error" });
    const ok = h("p", { class: "acc-ok", role: "status", "data-testid": "passkey-ok" }, flash || "");
    if (failed) { line.textContent = errorText(failed); box.append(line); return; }
    const items = h("ul", { class: "passkey-list" });
    for (const p of list) {
      const remove = h("button", { type: "button", class: "button small ghost", "data-testid": "passkey-remove" }, t("web.account.passkey.remove"));
      remove.addEventListener("click", () => {
        if (!confirm(t("web.account.passkey.confirm_remove", { name: p.name }))) return;
        busy(remove, async () => {
          try { await account.removePasskey(p.id); this.loadPasskeys(t("web.account.passkey.removed")); } catch (e) { line.textContent = errorText(e); }
        });
      });
      items.append(h("li", { class: "passkey-row", "data-passkey": p.id },
        h("span", { class: "passkey-icon", "aria-hidden": "true" }, icon("key")),
        h("span", { class: "passkey-main" }, h("strong", null, p.name),
          h("span", { class: "muted small" }, t("web.account.passkey.created", { date: dateText(p.created_at) }), " · ",
            p.last_used_at ? t("web.account.passkey.last_used", { date: dateText(p.last_used_at, true) }) : t("web.account.passkey.never_used"))),
        remove));
    }
    box.append(list.length ? items : h("p", { class: "muted", "data-testid": "passkey-none" }, t("web.account.passkey.none")));
    const support = account.passkeySupport();
    if (support === "needs_name") box.append(h("p", { class: "muted small", "data-testid": "passkey-needs-name" }, t("web.account.passkey.needs_name", { url: namedUrl() })));
    else if (support === "unsupported") box.append(h("p", { class: "muted small" }, t("web.account.passkey.unsupported")));
    else {
      const name = h("input", { type: "text", id: "passkey-name", maxlength: "64", placeholder: t("web.account.passkey.name_placeholder") });
      const add = h("button", { type: "button", class: "button", id: "passkey-add" }, icon("key"), h("span", null, t("web.account.passkey.add")));
      add.addEventListener("click", () => busy(add, async () => {
        line.textContent = ""; ok.textContent = "";
        try {
          await account.addPasskey(name.value.trim());
          this.loadPasskeys(t("web.account.passkey.added"));
        } catch (e) {
          line.textContent = e instanceof account.PasskeyCancelled ? t("web.account.passkey.cancelled") : errorText(e);
        }
      }));
      box.append(field(t("web.account.passkey.name"), name, null, "passkey-name"), h("div", { class: "button-row" }, add));
    }
    box.append(ok, line);
  }

  sessionsBox() {
    const t = i18n.t;
    const line = h("p", { class: "form-error", role: "alert" });
    const out = h("button", { type: "button", class: "button", "data-testid": "sign-out" }, t("web.account.sign_out"));
    const everywhere = h("button", { type: "button", class: "button", "data-testid": "sign-out-everywhere" }, t("web.account.sessions.everywhere"));
    out.addEventListener("click", () => busy(out, async () => {
      try { await account.signOut(); location.hash = "#/"; } catch (e) { line.textContent = errorText(e); }
    }));
    everywhere.addEventListener("click", () => busy(everywhere, async () => {
      try {
        const doc = await account.signOutEverywhere();
        flash = [t("web.account.sessions.ended", { count: doc.ended || 0 })];
        location.hash = "#/signin";
      } catch (e) { line.textContent = errorText(e); }
    }));
    return h("section", { class: "acc-card" },
      h("h2", null, t("web.account.sessions.title")),
      h("p", { class: "muted" }, t("web.account.sessions.help")),
      h("div", { class: "button-row" }, out, everywhere), line);
  }

  dataBox() {
    const t = i18n.t;
    const button = h("button", { type: "button", class: "button", "data-testid": "export" }, icon("download"), h("span", null, t("web.account.data.export")));
    button.addEventListener("click", () => account.exportData());
    return h("section", { class: "acc-card" },
      h("h2", null, t("web.account.data.title")),
      h("p", { class: "muted" }, t("web.account.data.help")),
      h("div", { class: "button-row" }, button));
  }

  deleteForm() {
    const t = i18n.t;
    const password = h("input", { type: "password", id: "delete-password", autocomplete: "current-password" });
    const line = h("p", { class: "form-error", role: "alert" });
    const submit = h("button", { type: "submit", class: "button danger", id: "delete-account" }, t("web.account.delete.button"));
    const form = h("form", { class: "acc-card acc-form acc-danger", novalidate: true },
      h("h2", null, t("web.account.delete.title")),
      h("p", { class: "acc-warning" }, t("web.account.delete.warning")),
      field(t("web.account.delete.password"), password, null, "password"),
      h("div", { class: "form-actions" }, submit), line);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      form.querySelector('[data-field="password"] .field-error').textContent = "";
      line.textContent = "";
      if (!password.value) { form.querySelector('[data-field="password"] .field-error').textContent = codeText("wrong_password"); return; }
      if (!confirm(t("web.account.delete.confirm"))) return;
      busy(submit, async () => {
        try {
          await account.remove(password.value);
          flash = [t("web.account.delete.done")];
          location.hash = "#/signin";
        } catch (e) { showError(form, line, e); }
      });
    });
    return form;
  }
}

function initials(name) {
  const parts = String(name || "?").trim().split(/\s+/).filter(Boolean);
  return parts.slice(0, 2).map((p) => [...p][0].toUpperCase()).join("") || "?";
}

// -- the rating chart ---------------------------------------------------------------------------------

// Round steps for an axis: about `count` ticks from lo to hi, on 1, 2 or 5 times a power of ten.
export function niceTicks(lo, hi, count = 4) {
  if (!(hi > lo)) { hi = lo + 1; }
  const raw = (hi - lo) / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) || 10 * mag;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.round(v / step) * step);
  return { step, ticks: out };
}

// The chart of a rating's history, as geometry (no DOM): a start at the newcomer's rating, then one point per
// rated game ({shown, plus_minus}); the y axis spans the shown ratings (at least 100 points), the uncertainty
// band is clipped to it.
export const START = { shown: 1500, plus_minus: 1250 }; // a newcomer's rating (docs/accounts.md, "How a rating is shown")
export function chartModel(history, { width = 560, height = 220, left = 52, right = 14, top = 12, bottom = 34 } = {}) {
  const values = [START, ...(history || [])].map((p, i) => ({ index: i, shown: p.shown, plus_minus: p.plus_minus }));
  const shown = values.map((v) => v.shown);
  let lo = Math.min(...shown);
  let hi = Math.max(...shown);
  if (hi - lo < 100) { const mid = (hi + lo) / 2; lo = mid - 50; hi = mid + 50; }
  const yt = niceTicks(lo, hi, 4);
  lo = Math.min(lo, yt.ticks[0] ?? lo);
  hi = Math.max(hi, yt.ticks[yt.ticks.length - 1] ?? hi);
  lo = Math.floor(lo / yt.step) * yt.step;
  hi = Math.ceil(hi / yt.step) * yt.step;
  const n = values.length - 1;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const x = (i) => left + (n ? (i / n) * plotW : plotW / 2);
  const y = (v) => top + (1 - (v - lo) / (hi - lo)) * plotH;
  const points = values.map((v) => ({ ...v, x: round(x(v.index)), y: round(y(v.shown)) }));
  const line = points.map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join(" ");
  const upper = values.map((v) => `${round(x(v.index))} ${round(y(v.shown + v.plus_minus))}`);
  const lower = values.map((v) => `${round(x(v.index))} ${round(y(v.shown - v.plus_minus))}`).reverse();
  const band = `M${upper.join(" L")} L${lower.join(" L")} Z`;
  const yTicks = niceTicks(lo, hi, 4).ticks.map((v) => ({ value: v, y: round(y(v)) }));
  const xStep = Math.max(1, niceTicks(0, Math.max(1, n), 5).step);
  const xTicks = [];
  for (let i = 0; i <= n; i += xStep) xTicks.push({ value: i, x: round(x(i)) });
  return { width, height, left, right, top, bottom, plot: { x: left, y: top, w: plotW, h: plotH }, lo, hi, points, line, band, xTicks, yTicks };
}

function round(v) { return Math.round(v * 10) / 10; }

const SVG = "http://www.w3.org/2000/svg";
function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

let chartId = 0;
function ratingChart(history) {
  const t = i18n.t;
  // a phone gets a narrower drawing, so that its words stay readable once scaled to the screen
  const narrow = typeof matchMedia === "function" && matchMedia("(max-width: 600px)").matches;
  const m = chartModel(history, narrow ? { width: 340, height: 210, left: 46 } : {});
  const clip = `acc-clip-${++chartId}`;
  const svg = s("svg", { viewBox: `0 0 ${m.width} ${m.height}`, class: "rating-chart", role: "img", "aria-label": t("web.account.chart.label", { count: history.length }) });
  svg.append(s("defs", null, s("clipPath", { id: clip }, s("rect", { x: m.plot.x, y: m.plot.y, width: m.plot.w, height: m.plot.h }))));
  const grid = s("g", { class: "chart-grid" });
  for (const tk of m.yTicks) {
    grid.append(s("line", { x1: m.plot.x, x2: m.plot.x + m.plot.w, y1: tk.y, y2: tk.y }));
    grid.append(s("text", { x: m.plot.x - 6, y: tk.y + 4, "text-anchor": "end", class: "chart-tick" }, String(tk.value)));
  }
  for (const tk of m.xTicks) {
    grid.append(s("text", { x: tk.x, y: m.plot.y + m.plot.h + 16, "text-anchor": "middle", class: "chart-tick" }, String(tk.value)));
  }
  svg.append(grid);
  svg.append(s("path", { d: m.band, class: "chart-band", "clip-path": `url(#${clip})` }));
  svg.append(s("g", { class: "chart-axes" },
    s("line", { x1: m.plot.x, x2: m.plot.x, y1: m.plot.y, y2: m.plot.y + m.plot.h }),
    s("line", { x1: m.plot.x, x2: m.plot.x + m.plot.w, y1: m.plot.y + m.plot.h, y2: m.plot.y + m.plot.h })));
  svg.append(s("path", { d: m.line, class: "chart-line" }));
  for (const p of m.points) {
    const label = p.index === 0
      ? t("web.account.chart.start", { shown: p.shown, plus_minus: p.plus_minus })
      : t("web.account.chart.point", { number: p.index, shown: p.shown, plus_minus: p.plus_minus });
    svg.append(s("circle", { cx: p.x, cy: p.y, r: p.index === m.points.length - 1 ? 4.5 : 3, class: ["chart-dot", p.index === 0 ? "start" : ""].join(" ").trim() }, s("title", null, label)));
  }
  svg.append(s("text", { x: m.plot.x + m.plot.w / 2, y: m.height - 4, "text-anchor": "middle", class: "chart-axis-label" }, t("web.account.chart.x")));
  svg.append(s("text", { x: 12, y: m.plot.y + m.plot.h / 2, "text-anchor": "middle", class: "chart-axis-label", transform: `rotate(-90 12 ${m.plot.y + m.plot.h / 2})` }, t("web.account.chart.y")));
  return svg;
}

// -- #/u/{name} ---------------------------------------------------------------------------------------

export class ProfilePage {
  constructor(name) { this.name = name; }

  async mount(root) {
    this.root = root;
    root.classList.add("acc-page", "profile-page");
    await i18n.use("");
    try {
      [this.doc, this.games] = await Promise.all([api.user(this.name), gamesList().catch(() => [])]);
    } catch (e) {
      this.error = e;
    }
    this.render();
  }

  async onLang() {
    await i18n.use("");
    this.games = await gamesList().catch(() => this.games || []);
    this.render();
  }

  render() {
    const t = i18n.t;
    const root = clear(this.root);
    if (this.error) {
      setTitle(t("web.account.profile.title"));
      root.append(h("div", { class: "notice error", "data-testid": "profile-error" }, h("p", null, errorText(this.error)), h("a", { href: "#/", class: "button" }, t("web.nav.home"))));
      return;
    }
    const d = this.doc;
    const shownName = d.display_name || d.name;
    setTitle(shownName);
    document.title = `${shownName} · ${t("web.app.name")}`;
    const me = account.user();
    const langs = (d.languages || []).map((c) => i18n.languageName(c)).join(", ");
    root.append(h("section", { class: "acc-head" },
      h("div", { class: "acc-avatar", "aria-hidden": "true" }, initials(shownName)),
      h("div", null,
        h("h1", { "data-testid": "profile-name" }, shownName),
        h("p", { class: "muted" }, `@${d.name}`, d.since ? " · " + t("web.account.since", { date: dateText(d.since) }) : ""),
        langs ? h("p", { class: "muted small" }, t("web.account.profile.languages", { languages: langs })) : null,
        me && me.name === d.name ? h("div", { class: "button-row" }, h("a", { class: "button small", href: "#/account" }, t("web.account.menu.account"))) : null)));
    const games = h("section", { class: "acc-games" });
    if (!d.games.length) games.append(h("p", { class: "acc-card muted" }, t("web.account.profile.no_games")));
    for (const g of d.games) {
      const card = h("article", { class: "acc-card acc-game", dataset: { game: g.game } },
        h("div", { class: "acc-game-head" },
          h("h2", null, gameName(this.games, g.game)),
          h("a", { class: "button small ghost", href: `#/ratings/${encodeURIComponent(g.game)}` }, t("web.account.ratings.link"))),
        h("p", { class: "acc-stats" }, t("web.account.profile.played", { count: g.played, won: g.won })));
      if (g.rating) {
        card.append(h("div", { class: "acc-rating" },
          h("span", { class: "acc-rating-label" }, t("web.account.rating")),
          h("strong", { class: "acc-rating-value", "data-testid": "rating" }, ratingText(g.rating)),
          h("span", { class: "muted small" }, t("web.account.profile.rated_games", { count: g.rating.games }))));
        card.append(h("p", { class: "field-help" }, t("web.account.rating_help")));
        if (g.history && g.history.length) {
          card.append(h("figure", { class: "acc-chart" }, ratingChart(g.history),
            h("figcaption", { class: "muted small" }, t("web.account.chart.caption"))));
        }
      } else {
        card.append(h("p", { class: "muted small" }, t("web.account.profile.unrated")));
      }
      games.append(card);
    }
    const recent = h("section", { class: "acc-card acc-recent" }, h("h2", null, t("web.account.profile.recent")));
    if (!d.recent.length) recent.append(h("p", { class: "muted" }, t("web.account.profile.no_games")));
    else {
      const list = h("ul", { class: "table-list" });
      for (const r of d.recent) {
        list.append(h("li", { class: "table-row" },
          h("div", { class: "table-row-main" },
            h("strong", null, gameName(this.games, r.game)),
            h("span", { class: `status-pill ${r.won ? "won" : "lost"}` }, t(r.won ? "web.account.profile.won" : "web.account.profile.lost")),
            r.rated ? h("span", { class: "status-pill rated" }, t("web.account.rated")) : null),
          h("div", { class: "muted small" }, t("cli.count.players", { count: r.players }), r.at ? " · " + dateText(r.at, true) : ""),
          h("div", { class: "button-row" },
            h("a", { class: "button small", href: `#/replay/${encodeURIComponent(r.table_id)}?seat=${r.seat}`, "data-testid": "replay-link" }, t("web.lobby.replay")))));
      }
      recent.append(list);
    }
    root.append(h("div", { class: "acc-columns" }, games, recent));
  }
}

// -- #/ratings/{game} ---------------------------------------------------------------------------------

export class LeaderboardPage {
  constructor(game) { this.game = game; }

  async mount(root) {
    this.root = root;
    root.classList.add("acc-page", "ratings-page");
    await i18n.use("");
    this.games = await gamesList().catch((e) => { this.error = e; return []; });
    if (!this.game && this.games.length) this.game = this.games[0].id;
    if (this.game) {
      try { this.doc = await api.ratings(this.game, 100); } catch (e) { this.error = e; }
    }
    this.render();
  }

  async onLang() {
    await i18n.use("");
    this.games = await gamesList().catch(() => this.games || []);
    this.render();
  }

  render() {
    const t = i18n.t;
    const name = gameName(this.games, this.game);
    setTitle(t("web.account.ratings.title", { game: name }));
    document.title = `${t("web.account.ratings.title", { game: name })} · ${t("web.app.name")}`;
    const root = clear(this.root);
    const tabs = h("nav", { class: "acc-tabs" }, this.games.map((g) => h("a", { class: ["acc-tab", g.id === this.game && "active"], href: `#/ratings/${encodeURIComponent(g.id)}` }, g.name)));
    root.append(h("section", { class: "acc-card" },
      tabs,
      h("h1", null, t("web.account.ratings.title", { game: name })),
      h("p", { class: "muted" }, t("web.account.ratings.intro"))));
    if (this.error) { root.append(h("div", { class: "notice error" }, errorText(this.error))); return; }
    const rows = (this.doc && this.doc.ratings) || [];
    const box = h("section", { class: "acc-card" });
    if (!rows.length) {
      box.append(h("p", { class: "muted", "data-testid": "ratings-empty" }, t("web.account.ratings.empty")));
      root.append(box);
      return;
    }
    const me = account.user();
    const body = h("tbody");
    for (const r of rows) {
      let who;
      if (r.kind === "bot") {
        who = h("span", { class: "acc-who bot" }, icon("bot"), h("span", null, botName(r.bot)), h("span", { class: "status-pill bot" }, t("web.account.ratings.bot")));
      } else if (r.name) {
        who = h("a", { class: "acc-who", href: `#/u/${encodeURIComponent(r.name)}` }, icon("person"), h("span", null, r.display_name || r.name));
      } else {
        who = h("span", { class: "acc-who muted" }, t("web.account.ratings.deleted"));
      }
      const mine = me && r.kind === "user" && r.name === me.name;
      body.append(h("tr", { class: mine ? "mine" : null, dataset: { kind: r.kind } },
        h("td", { class: "num" }, String(r.rank)),
        h("td", null, who),
        h("td", { class: "num" }, ratingText(r)),
        h("td", { class: "num" }, String(r.games))));
    }
    box.append(h("div", { class: "acc-table-wrap" }, h("table", { class: "acc-table", "data-testid": "leaderboard" },
      h("thead", null, h("tr", null,
        h("th", { class: "num" }, t("web.account.ratings.rank")),
        h("th", null, t("web.account.ratings.player")),
        h("th", { class: "num" }, t("web.account.rating")),
        h("th", { class: "num" }, t("web.account.ratings.games")))),
      body)));
    root.append(box);
  }
}
