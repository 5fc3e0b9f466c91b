// A game's rules guide as a page of its own (#/rules/{game} or #/rules/{game}/{section}): the sections listed
// at the side, one shown at a time, links inside the guide going to other sections. Reached from the lobby's
// game cards, before any table exists; at a table the same guide opens in a side panel (guide.js).
import * as i18n from "./i18n.js";
import { api } from "./api.js";
import { h, clear, esc } from "./dom.js";
import { setTitle } from "./header.js";
import { renderMarkdown } from "./guide.js";
import { errorText } from "./errors.js";
import { quickPlay, quickPlayers } from "./tables.js";

export class RulesPage {
  constructor(gameId, section) {
    this.gameId = gameId;
    this.section = section || null;
  }

  async mount(root) {
    this.root = root;
    root.classList.add("rules-page");
    await this.load();
    this.render();
  }

  async onLang() {
    await this.load();
    this.render();
  }

  async load() {
    await i18n.use(this.gameId);
    this.error = null;
    try {
      const [doc, games] = await Promise.all([api.guide(this.gameId, i18n.getLang()), api.games()]);
      this.doc = doc;
      this.game = games.find((g) => g.id === this.gameId) || null;
    } catch (e) {
      this.doc = null;
      this.error = e;
    }
  }

  render() {
    const t = i18n.t;
    const root = clear(this.root);
    const name = i18n.has("game.name") ? i18n.t("game.name") : this.gameId;
    setTitle(t("web.rules.title", { game: name }));
    document.title = `${t("web.rules.title", { game: name })} · ${t("web.app.name")}`;
    if (!this.doc) {
      root.append(h("div", { class: "notice error" }, errorText(this.error)),
        h("a", { class: "button", href: "#/" }, t("web.nav.home")));
      return;
    }
    const sections = this.doc.sections || [];
    const slugs = new Set();
    for (const s of sections) { slugs.add(s.slug); for (const a of s.aliases || []) slugs.add(a); }
    const sec = sections.find((s) => s.slug === this.section || (s.aliases || []).includes(this.section)) || sections[0];
    const link = (slug) => `#/rules/${encodeURIComponent(this.gameId)}/${encodeURIComponent(slug)}`;

    const toc = h("nav", { class: "rules-toc", "aria-label": t("web.rules.contents") },
      h("h2", null, t("web.rules.contents")),
      h("ol", null, ...sections.map((s) => h("li", null,
        h("a", { href: link(s.slug), class: s === sec ? "current" : null, "aria-current": s === sec ? "page" : null }, s.title)))));
    const body = h("article", { class: "rules-body guide-body", "data-testid": "rules" });
    if (sec) body.innerHTML = `<h2 id="guide-${sec.slug}">${esc(sec.title)}</h2>` + renderMarkdown(sec.markdown, slugs);
    body.addEventListener("click", (e) => {
      const a = e.target.closest("a.guide-link");
      if (a) { e.preventDefault(); location.hash = link(a.dataset.slug); }
    });
    const i = sections.indexOf(sec);
    const pager = h("div", { class: "rules-pager" },
      i > 0 ? h("a", { class: "button small", href: link(sections[i - 1].slug), rel: "prev" }, `← ${sections[i - 1].title}`) : h("span"),
      i >= 0 && i < sections.length - 1 ? h("a", { class: "button small", href: link(sections[i + 1].slug), rel: "next" }, `${sections[i + 1].title} →`) : h("span"));

    const actions = h("div", { class: "rules-actions" }, h("a", { class: "button ghost small", href: "#/" }, `← ${t("web.rules.back")}`));
    if (this.game) {
      const status = h("span", { class: "form-error", role: "alert" });
      const quick = h("button", { type: "button", class: "button primary small" }, t("web.lobby.quick", { count: quickPlayers(this.game) - 1 }));
      quick.addEventListener("click", async () => {
        quick.disabled = true;
        try { await quickPlay(this.game); } catch (e) { status.textContent = errorText(e); quick.disabled = false; }
      });
      actions.append(quick, h("a", { class: "button small", href: `#/new/${encodeURIComponent(this.gameId)}` }, t("web.lobby.new_table")), status);
    }
    root.append(actions, h("div", { class: "rules-layout" }, toc, h("div", { class: "rules-main" }, body, pager)));
    window.scrollTo(0, 0);
  }
}
