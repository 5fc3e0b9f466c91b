// The journal: every event of the game in words (the catalog's `event.<type>` messages), the last move's
// events marked. The table keeps it up to date from syncs and updates; the replay redraws it at each step.
import * as i18n from "../i18n.js";
import { h, clear } from "../dom.js";

export function renderJournal(list, entries, names, mod) {
  clear(list);
  for (const e of entries) list.append(journalItem(e, names, mod));
}

export function journalItem(e, names, mod) {
  const cls = ["journal-item", e.last && "last", mod && mod.journalClass ? mod.journalClass(e.ev) : ""];
  return h("li", { class: cls, dataset: { type: e.ev.type } }, i18n.eventText(e.ev, names));
}

// The table's journal panel: the entries ({ev, last}) and their list.
export class Journal {
  constructor() {
    this.entries = [];
    this.list = h("ol", { class: "journal-list", "aria-live": "polite" });
    this.box = h("div", { class: "journal-scroll" }, this.list);
  }

  element() {
    return h("section", { class: "tp-journal", "aria-label": i18n.t("web.table.journal") }, h("h2", null, i18n.t("web.table.journal")), this.box);
  }

  // a sync: the whole journal anew
  reset(events) {
    this.entries = (events || []).map((ev) => ({ ev, last: false }));
  }

  renderAll(names, mod) {
    renderJournal(this.list, this.entries, names, mod);
    requestAnimationFrame(() => { this.box.scrollTop = this.box.scrollHeight; });
  }

  // an update: the move's events are added and marked as the last ones (the list follows them to the bottom)
  add(events, names, mod) {
    for (const e of this.entries) e.last = false;
    for (const li of this.list.querySelectorAll(".last")) li.classList.remove("last");
    const box = this.box;
    const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 60;
    for (const ev of events) {
      const entry = { ev, last: true };
      this.entries.push(entry);
      this.list.append(journalItem(entry, names, mod));
    }
    if (nearBottom || events.length) box.scrollTop = box.scrollHeight;
  }

  // under the hot-seat curtain nothing of the previous player's journal stays in the page
  blank() {
    clear(this.list);
  }
}
