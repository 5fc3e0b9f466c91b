// What the table page knows of its table, as the server said it: the table's summary, this seat's view, the
// legal actions with their notes, the last move, and the seats this device holds. Syncs replace it; updates
// merge into it (docs/server.md, "WebSocket"). No DOM here: the components draw from it.
import { store } from "../api.js";
import * as gamedata from "../gamedata.js";
import { actionKey } from "../kit.js";
import { seatNames } from "./labels.js";

export class TableState {
  constructor(id) {
    this.id = id;
    this.game = null;
    this.table = null; // the summary: status, seats, to_move, seq, clock, hints, undo...
    this.view = null; // the view of this device's seat (a spectator's view when seat is null)
    this.seat = null;
    this.token = null;
    this.legal = [];
    this.notes = [];
    this.noteOf = () => null;
    this.lastEvents = [];
    this.lastAction = null;
  }

  // the seats this device holds a token for: {seat: {token, kind, invite?}}
  held() {
    const e = store.table(this.id);
    const out = {};
    if (e && e.seats) for (const [seat, s] of Object.entries(e.seats)) if (s && s.token) out[Number(seat)] = s;
    return out;
  }

  // the host token, when this device made the table (it may start it, make new links, seat bots)
  host() {
    return (store.table(this.id) || {}).host || null;
  }

  names() {
    return seatNames(this.table ? this.table.seats : [], this.view && this.view.players ? this.view.players.length : 0);
  }

  // the legal actions and their notes (`action_notes`, aligned with them: what each costs and does)
  setMoves(m) {
    this.legal = m.legal_actions || [];
    this.notes = m.action_notes || [];
    this.noteOf = gamedata.notesByAction(this.legal, this.notes, actionKey);
  }

  applySync(m) {
    this.table = m.table;
    if (m.seat !== undefined) this.seat = m.seat;
    this.view = m.view;
    this.setMoves(m);
    this.lastEvents = [];
  }

  // an update carries the summary's changing fields and, once the socket has a view, only the view's changed
  // top-level parts: merged into what the sync and earlier updates brought
  applyUpdate(m) {
    this.table = { ...(this.table || {}), ...(m.table || {}) };
    if (m.view !== undefined) this.view = m.view;
    else {
      const view = { ...(this.view || {}), ...(m.view_changes || {}) };
      for (const key of m.view_removed || []) delete view[key];
      this.view = view;
    }
    this.setMoves(m);
    this.lastAction = m.last_action || null;
    this.lastEvents = m.events || [];
  }

  // a seat's first socket opened or its last one closed: only the seats' `connected` changes
  applyPresence(m) {
    if (!this.table || !Array.isArray(m.seats)) return false;
    for (const p of m.seats) {
      const s = (this.table.seats || []).find((x) => x.seat === p.seat);
      if (s) s.connected = !!p.connected;
    }
    return true;
  }

  // this device plays a seat for which a decision is pending
  isMyTurn() {
    return this.seat !== null && !!this.table && this.table.status !== "over" && this.legal.length > 0;
  }

  // the seat this device should hand over to (hot seat): another seat it holds whose move it is now, or null
  curtainSeat() {
    if (!this.table || this.table.status !== "playing") return null;
    const held = this.held();
    if (Object.keys(held).length < 2) return null;
    const next = this.table.to_move;
    if (next === null || next === undefined || next === this.seat || !held[next]) return null;
    return next;
  }

  // a human seat with no open socket (the server's presence)
  offline(s) {
    return s.kind === "human" && s.connected === false && this.table.status !== "over";
  }

  // this seat no longer plays (its token was lost): the page goes on as a spectator
  dropSeat() {
    this.token = null;
    this.seat = null;
    this.setMoves({});
  }
}
