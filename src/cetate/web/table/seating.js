// Which seat this device plays at the table, and with which token: the token an invite link brings (kept,
// then taken out of the address bar), a token that no longer holds its seat (forgotten: the page goes on as a
// spectator), joining with a name, and handing the device to the next seat it holds (hot seat).
import * as i18n from "../i18n.js";
import { api, store, ApiError } from "../api.js";
import { h } from "../dom.js";
import { errorText } from "../errors.js";

// The table's first document with the best token this device has for it: the invite link's (`?token=`), else
// the seat's own. Returns {doc, token, notice}; doc is null when there is no such table.
export async function openTable(id, query, held) {
  const qToken = query.get("token");
  const qSeat = query.get("seat");
  let token = null;
  let notice = null;
  if (qToken) {
    token = qToken;
    history.replaceState(null, "", `#/t/${encodeURIComponent(id)}`);
  } else {
    const mine = held();
    const seats = Object.keys(mine).map(Number).sort((a, b) => a - b);
    if (seats.length) token = mine[seats[0]].token;
  }
  let doc = null;
  const tried = new Set();
  while (!doc) {
    try {
      doc = await api.table(id, token);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return { doc: null, token: null, notice: null };
      if (!(e instanceof ApiError) || !token || ![401, 403, 409].includes(e.status)) throw e;
      // this token no longer holds a seat here (an invite already used, a link the host replaced): forget it,
      // and use the seat's own token if this browser has it (the friend who joined reopens their link)
      tried.add(token);
      store.dropToken(id, token);
      const mine = held();
      const candidates = qToken ? [mine[Number(qSeat)]] : Object.keys(mine).map(Number).sort((a, b) => a - b).map((n) => mine[n]);
      const next = candidates.find((s) => s && s.token && !tried.has(s.token));
      if (next) { token = next.token; continue; }
      notice = i18n.t(e.code === "invite_spent" ? "web.table.invite_spent" : e.code === "token_revoked" ? "web.table.token_revoked" : "web.table.bad_token");
      token = null;
    }
  }
  if (qToken && token === qToken && doc.seat !== null && doc.seat !== undefined) {
    const prior = store.table(id);
    const kind = prior && prior.seats && prior.seats[doc.seat] ? prior.seats[doc.seat].kind : (doc.table.seats[doc.seat] || {}).kind || "human";
    store.addSeat(id, doc.seat, qToken, kind, doc.table.game, !!doc.invite);
  } else if (qToken && token === qToken && qSeat !== null && doc.seat === null) {
    notice = i18n.t("web.table.bad_token");
  }
  return { doc, token, notice };
}

export class Seating {
  // page: its id, game, root, state, conn, ui, notice, switching, toast(), render(), applySync()
  constructor(page) {
    this.page = page;
  }

  // a seat that has not joined yet joins now (its name is asked once); so does an invite link, which becomes
  // this device's own token for the seat when it is used (a link the host made anew, for a seat already taken)
  needsJoin(doc) {
    const seat = this.page.state.seat;
    return seat !== null && !!(doc.invite || (doc.table.seats[seat] && !doc.table.seats[seat].joined));
  }

  askJoin() {
    const t = i18n.t;
    const page = this.page;
    const st = page.state;
    const names = st.names();
    const input = h("input", { type: "text", maxlength: "32", value: store.name(), placeholder: names[st.seat], id: "join-name" });
    const go = h("button", { type: "submit", class: "button primary" }, t("web.table.join_button"));
    const form = h("form", { class: "join-dialog-form" }, h("label", { for: "join-name" }, t("web.lobby.name_label")), input, go);
    const layer = h("div", { class: "overlay required join-overlay" },
      h("div", { class: "dialog" }, h("div", { class: "dialog-head" }, h("h2", null, t("web.table.join_title", { number: st.seat + 1 }))),
        h("div", { class: "dialog-body" }, h("p", null, t("web.table.join_text")), form)));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      go.disabled = true;
      const name = input.value.trim();
      if (name) store.setName(name);
      try {
        const doc = await api.join(page.id, st.token, name || undefined);
        layer.remove();
        if (doc.token && doc.token !== st.token) this.takeToken(doc.token, !!doc.host);
        page.applySync(doc);
      } catch (err) {
        if (err instanceof ApiError && (err.code === "invite_spent" || err.code === "token_revoked")) {
          layer.remove();
          this.lostSeat(err.code);
          return;
        }
        go.disabled = false;
        page.toast(errorText(err), "error");
      }
    });
    page.root.append(layer);
    input.focus();
  }

  // joining spent the invite link: this device keeps the seat's own token from now on (reloads use it); a link
  // to the host's own seat makes this device a host too
  takeToken(token, host = false) {
    const page = this.page;
    const st = page.state;
    const kind = (st.held()[st.seat] || {}).kind || "human";
    store.addSeat(page.id, st.seat, token, kind, page.game);
    if (host) store.update(page.id, (e) => { e.host = e.host || token; });
    st.token = token;
    if (page.conn) page.conn.setToken(token);
  }

  // this device's token no longer holds its seat (the host made the seat a new link, or its invite was used
  // elsewhere): say so, forget it, and go on watching as a spectator
  lostSeat(code) {
    const page = this.page;
    store.dropToken(page.id, page.state.token);
    page.notice = i18n.t(code === "invite_spent" ? "web.table.invite_spent" : "web.table.token_revoked");
    page.state.dropSeat();
    page.ui = {};
    if (page.conn) page.conn.setToken(null);
    page.render();
  }

  // hot seat: the device goes to `seat` (another seat it holds); the page waits for that seat's sync
  switchSeat(seat) {
    const page = this.page;
    const held = page.state.held();
    if (!held[seat]) return;
    page.state.token = held[seat].token;
    page.state.seat = seat;
    page.switching = true;
    page.ui = {};
    page.state.setMoves({});
    page.render();
    page.conn.setToken(page.state.token);
  }
}
