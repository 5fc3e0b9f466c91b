// The end of the game: the score table (a game module may draw its own), the scores dialog, and the ways on
// (play again, the replay, the record, home).
import * as i18n from "../i18n.js";
import { api } from "../api.js";
import { h, icon } from "../dom.js";
import { errorText } from "../errors.js";
import { playAgain } from "../tables.js";
import { renderDialog } from "./dialogs.js";
import { humanise } from "./labels.js";

// A score column's name: the game's `score.<column>`, else the frame's `web.score.<column>` (rank, total), else
// the column's name in words.
export function columnLabel(c) {
  for (const key of [`score.${c}`, `web.score.${c}`]) if (i18n.has(key)) return i18n.t(key);
  return humanise(c);
}

export function scoreTable(result, columns, names, mySeat = null) {
  const t = i18n.t;
  const scores = [...(result.scores || [])].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.seat - b.seat);
  const cols = columns && columns.length ? columns : Object.keys(scores[0] || {}).filter((k) => !["seat", "rank"].includes(k));
  const winners = new Set(result.winners || []);
  const table = h("table", { class: "score-table", "data-testid": "score-table" });
  table.append(h("thead", null, h("tr", null,
    h("th", { scope: "col" }, columnLabel("rank")),
    h("th", { scope: "col" }, t("web.table.player")),
    ...cols.map((c) => h("th", { scope: "col", class: c === "total" ? "total" : "" }, columnLabel(c))))));
  const body = h("tbody");
  for (const s of scores) {
    const row = h("tr", { class: [winners.has(s.seat) && "winner", s.seat === mySeat && "me"] },
      h("td", { class: "rank" }, String(s.rank ?? "")),
      h("th", { scope: "row" }, names[s.seat] ?? t("player.default", { number: s.seat + 1 })));
    for (const c of cols) {
      const v = s[c];
      if (v && typeof v === "object") {
        const parts = Object.entries(v);
        const sum = parts.reduce((a, [, x]) => a + (Number(x) || 0), 0);
        row.append(h("td", { class: "extras" }, String(sum),
          parts.length ? h("span", { class: "extras-detail" }, parts.map(([k, x]) => h("span", null, `${t(`score.extra.${k}`)}: ${x}`))) : null));
      } else {
        row.append(h("td", { class: c === "total" ? "total" : "" }, v === undefined || v === null ? "" : String(v)));
      }
    }
    body.append(row);
  }
  table.append(body);
  const notes = h("div", { class: "score-notes" });
  const w = [...winners];
  if (w.length) notes.append(h("p", { class: "winners" }, t("web.table.winners", { count: w.length, winners: w }, names)));
  if (result.tie_break && result.tie_break !== "none") notes.append(h("p", null, t("web.table.tie_break", { rule: t(`tie_break.${result.tie_break}`) })));
  if (result.rounds) notes.append(h("p", { class: "muted" }, t("web.table.rounds", { count: result.rounds })));
  if (result.stalled) notes.append(h("p", { class: "muted" }, t("web.table.stalled")));
  return h("div", { class: "scores" }, h("div", { class: "score-scroll" }, table), notes);
}

// the game module's score table, else the frame's (columns: mod.scoreColumns, else every field of a score)
export function gameScoreTable(mod, result, names, mySeat) {
  return mod.scoreTable ? mod.scoreTable(result, names, mySeat) : scoreTable(result, mod.scoreColumns, names, mySeat);
}

export class EndOfGame {
  // page: its id, game, root, state, mod and toast()
  constructor(page) {
    this.page = page;
    this.shown = false; // the scores opened by themselves once
  }

  result() {
    const { mod, state } = this.page;
    return mod.result ? mod.result(state.view) : state.view.result;
  }

  replayLink() {
    const page = this.page;
    return h("a", { class: "button", href: `#/replay/${encodeURIComponent(page.id)}?seat=${page.state.seat ?? ""}` }, i18n.t("web.table.replay"));
  }

  // the action bar once the game is over
  barButtons() {
    const t = i18n.t;
    return h("div", { class: "bar-main" },
      h("button", { type: "button", class: "button primary", onclick: () => this.show() }, t("web.table.show_scores")),
      this.playAgainButton(),
      this.replayLink(),
      h("a", { class: "button ghost", href: "#/" }, t("web.nav.home")));
  }

  // the scores open by themselves the first time the page sees the result
  showOnce(result) {
    if (result && !this.shown) { this.shown = true; this.show(); }
  }

  show() {
    const t = i18n.t;
    const page = this.page;
    const result = this.result();
    if (!result) return;
    const close = () => layer.remove();
    const layer = renderDialog({
      title: t("web.table.scores_title"),
      kind: "picker",
      onClose: close,
      cls: "scores-dialog",
      body: [gameScoreTable(page.mod, result, page.state.names(), page.state.seat)],
      buttons: [
        this.playAgainButton(),
        this.replayLink(),
        h("a", { class: "button", href: api.recordUrl(page.id, page.state.token), download: `${page.game}-${page.id}.json` }, icon("download"), t("web.table.download_record")),
        h("button", { type: "button", class: "button primary", onclick: close }, t("web.table.close")),
      ],
    });
    page.root.append(layer);
  }

  // the device that made the table may make the same one again once the game is over
  playAgainButton() {
    const page = this.page;
    if (!page.state.host()) return null;
    const btn = h("button", { type: "button", class: "button", "data-testid": "play-again" }, i18n.t("web.table.play_again"));
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      try {
        await playAgain(page.state.table, page.state.view && page.state.view.options);
      } catch (e) {
        page.toast(i18n.t("web.table.play_again_failed", { error: errorText(e) }), "error");
        btn.disabled = false;
      }
    });
    return btn;
  }
}
