// The table's chat: a table with two invited players or more has one; spectators read it. The page keeps the
// last CHAT_SHOWN lines, as many as the server sends on a sync.
import * as i18n from "../i18n.js";
import { api } from "../api.js";
import { h, clear } from "../dom.js";
import { errorText } from "../errors.js";

export const CHAT_SHOWN = 100; // server: CHAT_KEPT

export class Chat {
  // page: its state (table, seat, token, names()), id and toast()
  constructor(page) {
    this.page = page;
    this.lines = null; // none before the first sync
    this.el = null;
  }

  // the chat panel, built anew with the frame (in the current language)
  element() {
    const t = i18n.t;
    this.list = h("ol", { class: "chat-list", "aria-live": "polite", "data-testid": "chat-list" });
    this.box = h("div", { class: "chat-scroll" }, this.list);
    this.input = h("input", { type: "text", class: "chat-input", maxlength: "300", autocomplete: "off",
      placeholder: t("web.chat.placeholder"), "aria-label": t("web.chat.label"), "data-testid": "chat-input" });
    this.form = h("form", { class: "chat-form" }, this.input, h("button", { type: "submit", class: "button small" }, t("web.chat.send")));
    this.form.addEventListener("submit", (e) => { e.preventDefault(); this.send(); });
    this.el = h("section", { class: "tp-chat hidden", "aria-label": t("web.chat.title"), "data-testid": "chat" },
      h("h2", null, t("web.chat.title")), this.box, this.form);
    return this.el;
  }

  // a sync carries the table's last lines
  reset(lines) {
    this.lines = Array.isArray(lines) ? lines : this.lines || [];
  }

  render() {
    const s = this.page.state;
    if (!this.el || !s.table) return;
    const friends = (s.table.seats || []).filter((x) => x.kind === "human").length >= 2;
    this.el.classList.toggle("hidden", !friends);
    this.form.classList.toggle("hidden", s.seat === null || s.seat === undefined);
    clear(this.list);
    const lines = this.lines || [];
    if (!lines.length) this.list.append(h("li", { class: "chat-empty muted" }, i18n.t("web.chat.empty")));
    for (const line of lines) this.list.append(this.item(line));
    this.box.scrollTop = this.box.scrollHeight;
  }

  item(line) {
    const s = this.page.state;
    const name = line.name || s.names()[line.seat] || "";
    return h("li", { class: ["chat-line", line.seat === s.seat && "mine"], dataset: { n: line.n } },
      h("span", { class: "chat-name" }, name), " ", h("span", { class: "chat-text" }, line.text));
  }

  add(line) {
    if (!line || !this.lines || this.lines.some((x) => x.n === line.n)) return;
    this.lines.push(line);
    if (this.lines.length > CHAT_SHOWN) this.lines.splice(0, this.lines.length - CHAT_SHOWN);
    this.render();
  }

  async send() {
    const text = this.input.value.trim();
    if (!text) return;
    this.input.disabled = true;
    try {
      const res = await api.say(this.page.id, this.page.state.token, text);
      this.input.value = "";
      this.add(res.line);
    } catch (e) {
      this.page.toast(errorText(e), "error");
    } finally {
      this.input.disabled = false;
      this.input.focus();
    }
  }
}
