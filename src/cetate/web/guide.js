// A game's rules guide: its Markdown rendered (a small subset: headings, lists, tables, code, emphasis, and
// **bold** words that name another section become links), and the side panel that shows it at a table or a
// replay. The rules page (rules.js) shows the same guide as a page of its own.
import * as i18n from "./i18n.js";
import { api } from "./api.js";
import { h, clear, icon, esc } from "./dom.js";
import { errorText } from "./errors.js";

export function slugify(s) {
  return String(s).toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function inline(text, slugs) {
  let s = esc(text);
  s = s.replace(/`([^`]+)`/g, "<code>$1</code>");
  s = s.replace(/\*\*([^*]+)\*\*/g, (m, x) => {
    const slug = slugify(x.replace(/<[^>]+>/g, ""));
    return slugs.has(slug) ? `<a href="#" class="guide-link" data-slug="${slug}"><strong>${x}</strong></a>` : `<strong>${x}</strong>`;
  });
  s = s.replace(/(^|[^*\w])\*([^*\s][^*]*?)\*(?!\w)/g, "$1<em>$2</em>");
  return s;
}

export function renderMarkdown(md, slugs = new Set()) {
  const lines = String(md || "").replace(/\r/g, "").split("\n");
  let out = "";
  let para = [];
  const stack = []; // open lists: {indent, tag}
  const flushPara = () => { if (para.length) { out += `<p>${inline(para.join(" "), slugs)}</p>`; para = []; } };
  const closeLists = (indent = -1) => {
    while (stack.length && stack[stack.length - 1].indent > indent) out += `</li></${stack.pop().tag}>`;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^```/.test(line)) {
      flushPara(); closeLists();
      const code = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) code.push(lines[i]);
      out += `<pre><code>${esc(code.join("\n"))}</code></pre>`;
      continue;
    }
    const head = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (head) {
      flushPara(); closeLists();
      const level = Math.min(6, head[1].length + 1);
      out += `<h${level} id="guide-${slugify(head[2])}">${inline(head[2], slugs)}</h${level}>`;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      flushPara(); closeLists();
      const rows = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) rows.push(lines[i]);
      i--;
      const cells = (r) => r.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      const headRow = cells(rows[0]);
      const bodyRows = rows.slice(1).filter((r) => !/^\s*\|?\s*:?-{2,}/.test(r));
      out += `<div class="md-table"><table><thead><tr>${headRow.map((c) => `<th>${inline(c, slugs)}</th>`).join("")}</tr></thead><tbody>`;
      out += bodyRows.map((r) => `<tr>${cells(r).map((c) => `<td>${inline(c, slugs)}</td>`).join("")}</tr>`).join("");
      out += "</tbody></table></div>";
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      flushPara();
      const indent = item[1].length;
      const tag = /\d/.test(item[2]) ? "ol" : "ul";
      const top = stack[stack.length - 1];
      if (!top || indent > top.indent) {
        out += `<${tag}><li>`;
        stack.push({ indent, tag });
      } else {
        closeLists(indent);
        let cur = stack[stack.length - 1];
        // a numbered list right after a bulleted one (or the reverse) is a list of its own
        if (cur && cur.indent === indent && cur.tag !== tag) { out += `</li></${stack.pop().tag}>`; cur = stack[stack.length - 1]; }
        if (cur && cur.indent === indent) out += "</li><li>";
        else { out += `<${tag}><li>`; stack.push({ indent, tag }); }
      }
      out += inline(item[3], slugs);
      continue;
    }
    if (!line.trim()) { flushPara(); if (stack.length && !(lines[i + 1] || "").match(/^\s+\S|^\s*([-*]|\d+\.)\s/)) closeLists(); continue; }
    if (stack.length && /^\s+\S/.test(line)) { out += " " + inline(line.trim(), slugs); continue; }
    closeLists();
    para.push(line.trim());
  }
  flushPara(); closeLists();
  return out;
}

export class GuidePanel {
  constructor(game) {
    this.game = game;
    this.el = null;
    this.sections = null;
    this.lang = null;
  }

  async load() {
    const lang = i18n.getLang();
    if (this.sections && this.lang === lang) return this.sections;
    const doc = await api.guide(this.game, lang);
    this.sections = doc.sections || [];
    this.lang = lang;
    return this.sections;
  }

  get isOpen() { return !!(this.el && this.el.isConnected); }

  async open(slug, anchor) {
    const t = i18n.t;
    if (!this.el) {
      this.body = h("div", { class: "guide-body" });
      this.select = h("select", { class: "guide-select", "aria-label": t("web.guide.sections") });
      this.select.addEventListener("change", () => this.show(this.select.value));
      this.heading = h("h2", null, t("web.guide.title"));
      this.el = h("aside", { class: "guide-panel", role: "complementary", "aria-label": t("web.guide.title") },
        h("div", { class: "guide-head" }, this.heading,
          h("button", { type: "button", class: "icon-button", title: t("web.table.close"), "aria-label": t("web.table.close"), onclick: () => this.close() }, icon("close"))),
        this.select, this.body);
      this.body.addEventListener("click", (e) => {
        const a = e.target.closest("a.guide-link");
        if (a) { e.preventDefault(); this.show(a.dataset.slug); }
      });
    }
    document.body.append(this.el);
    document.body.classList.add("guide-open");
    try {
      await this.load();
    } catch (e) {
      clear(this.body).append(h("p", { class: "error" }, errorText(e)));
      return;
    }
    clear(this.select);
    for (const s of this.sections) this.select.append(h("option", { value: s.slug }, s.title));
    const known = slug && this.sections.some((s) => s.slug === slug || (s.aliases || []).includes(slug));
    this.show(known ? slug : (this.current || (this.sections[0] && this.sections[0].slug)), anchor);
  }

  show(slug, anchor) {
    const sec = this.sections.find((s) => s.slug === slug || (s.aliases || []).includes(slug)) || this.sections[0];
    if (!sec) return;
    this.current = sec.slug;
    this.select.value = sec.slug;
    const slugs = new Set(this.sections.map((s) => s.slug));
    for (const s of this.sections) for (const a of s.aliases || []) slugs.add(a);
    this.body.innerHTML = `<h3 id="guide-${sec.slug}">${esc(sec.title)}</h3>` + renderMarkdown(sec.markdown, slugs);
    const target = anchor ? this.body.querySelector(`#guide-${CSS.escape(anchor)}`) : null;
    if (target) { target.scrollIntoView({ block: "start" }); target.classList.add("flash"); }
    else this.body.scrollTop = 0;
  }

  async relabel() {
    if (!this.el) return;
    this.heading.textContent = i18n.t("web.guide.title");
    if (this.isOpen) await this.open(this.current);
  }

  close() {
    if (this.el) this.el.remove();
    document.body.classList.remove("guide-open");
  }
}
