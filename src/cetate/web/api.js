// REST and WebSocket access to the cetate server (docs/server.md), and the seat tokens this device holds.

export class ApiError extends Error {
  constructor(status, code, message, field = null) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

// `headers`: extra request headers (the account routes' `X-CSRF-Token`). The browser sends this site's cookies
// (the account session) with every request of its own origin.
async function request(method, path, { body, token, query, headers: extra } = {}) {
  let url = path;
  if (query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, v);
    const s = q.toString();
    if (s) url += (url.includes("?") ? "&" : "?") + s;
  }
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (extra) for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== null) headers[k] = v;
  let res;
  try {
    res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "network", String(e && e.message ? e.message : e));
  }
  let doc = null;
  const text = await res.text();
  try { doc = text ? JSON.parse(text) : null; } catch { doc = null; }
  if (!res.ok) {
    const err = (doc && doc.error) || (doc && doc.detail && { code: "http_" + res.status, message: JSON.stringify(doc.detail) }) || {};
    throw new ApiError(res.status, err.code || `http_${res.status}`, err.message || res.statusText, err.field || null);
  }
  return doc;
}

export const api = {
  games: () => request("GET", "/api/games"),
  guide: (game, lang) => request("GET", `/api/games/${encodeURIComponent(game)}/guide/${encodeURIComponent(lang)}`),
  // `csrf`: the account's token, for a table made signed in (a rated one needs it; docs/accounts.md)
  createTable: (body, csrf) => request("POST", "/api/tables", { body, headers: csrfHeader(csrf) }),
  myTables: (tokens) => request("GET", "/api/tables", { query: { tokens: tokens.join(",") } }),
  table: (id, token) => request("GET", `/api/tables/${encodeURIComponent(id)}`, { token }),
  join: (id, token, name) => request("POST", `/api/tables/${encodeURIComponent(id)}/join`, { token, body: name ? { name } : {} }),
  start: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/start`, { token, body: {} }),
  act: (id, token, action, key) => request("POST", `/api/tables/${encodeURIComponent(id)}/actions`, { token, body: { action, key } }),
  undo: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/undo`, { token }),
  hint: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/hint`, { token }),
  say: (id, token, text) => request("POST", `/api/tables/${encodeURIComponent(id)}/chat`, { token, body: { text } }),
  reissueInvite: (id, seat, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/invite`, { token }),
  seatToBot: (id, seat, token, body = {}) => request("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/bot`, { token, body }),
  review: (id, seat) => request("GET", `/api/tables/${encodeURIComponent(id)}/review`, { query: { seat } }),
  replay: (id, seat) => request("GET", `/api/tables/${encodeURIComponent(id)}/replay`, { query: { seat } }),
  // accounts (docs/accounts.md): every state-changing route takes the CSRF token GET /api/account gives
  account: () => request("GET", "/api/account"),
  signUp: (body, csrf) => request("POST", "/api/account/signup", { body, headers: csrfHeader(csrf) }),
  signIn: (body, csrf) => request("POST", "/api/account/signin", { body, headers: csrfHeader(csrf) }),
  signOut: (csrf) => request("POST", "/api/account/signout", { headers: csrfHeader(csrf) }),
  signOutEverywhere: (csrf) => request("POST", "/api/account/signout-everywhere", { headers: csrfHeader(csrf) }),
  updateAccount: (body, csrf) => request("PATCH", "/api/account", { body, headers: csrfHeader(csrf) }),
  changePassword: (current, next, csrf) => request("POST", "/api/account/password", { body: { current, new: next }, headers: csrfHeader(csrf) }),
  deleteAccount: (password, csrf) => request("POST", "/api/account/delete", { body: { password }, headers: csrfHeader(csrf) }),
  claim: (tokens, csrf) => request("POST", "/api/account/claim", { body: { tokens }, headers: csrfHeader(csrf) }),
  seatToken: (tableId, seat, csrf) => request("POST", "/api/account/seat", { body: { table_id: tableId, seat }, headers: csrfHeader(csrf) }),
  accountTables: () => request("GET", "/api/account/tables"),
  exportUrl: () => "/api/account/export",
  // passkeys (docs/accounts.md, "Passkeys"): options and a ticket, then the browser's credential with the ticket
  passkeys: () => request("GET", "/api/account/passkeys"),
  passkeyOptions: (csrf) => request("POST", "/api/account/passkeys/options", { headers: csrfHeader(csrf) }),
  addPasskey: (body, csrf) => request("POST", "/api/account/passkeys", { body, headers: csrfHeader(csrf) }),
  removePasskey: (id, csrf) => request("DELETE", `/api/account/passkeys/${encodeURIComponent(id)}`, { headers: csrfHeader(csrf) }),
  passkeySignInOptions: (csrf) => request("POST", "/api/account/passkey/options", { headers: csrfHeader(csrf) }),
  passkeySignIn: (body, csrf) => request("POST", "/api/account/passkey/signin", { body, headers: csrfHeader(csrf) }),
  ratings: (game, limit) => request("GET", `/api/ratings/${encodeURIComponent(game)}`, { query: { limit } }),
  user: (name) => request("GET", `/api/users/${encodeURIComponent(name)}`),
  // the public lobby and quick match (docs/accounts.md): the quick-match routes take the account's CSRF token
  lobby: (game) => request("GET", "/api/lobby", { query: { game } }),
  sit: (id, name) => request("POST", `/api/tables/${encodeURIComponent(id)}/sit`, { body: name ? { name } : {} }),
  quick: () => request("GET", "/api/quick"),
  quickJoin: (body, csrf) => request("POST", "/api/quick", { body, headers: csrfHeader(csrf) }),
  quickBots: (csrf) => request("POST", "/api/quick/bots", { headers: csrfHeader(csrf) }),
  quickCancel: (csrf) => request("POST", "/api/quick/cancel", { headers: csrfHeader(csrf) }),
  recordUrl: (id, token) => `/api/tables/${encodeURIComponent(id)}/record` + (token ? `?token=${encodeURIComponent(token)}` : ""),
};

function csrfHeader(csrf) {
  return csrf ? { "X-CSRF-Token": csrf } : undefined;
}

export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const a = new Uint8Array(16);
  crypto.getRandomValues(a);
  return [...a].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// -- tokens remembered on this device (localStorage) -----------------------------------------------
// cetate.tables = { tableId: { game, host?, seats: { seat: { token, kind, invite? } }, invites?, spectator?, created } }
// A seat's token is its own credential, or (`invite: true`) an invite link not used to join yet: joining spends
// it and the server answers with the seat's own token, which replaces it.

const TABLES_KEY = "cetate.tables";

export const store = {
  all() {
    try { return JSON.parse(localStorage.getItem(TABLES_KEY) || "{}") || {}; } catch { return {}; }
  },
  save(all) { localStorage.setItem(TABLES_KEY, JSON.stringify(all)); },
  table(id) { return this.all()[id] || null; },
  update(id, fn) {
    const all = this.all();
    const entry = all[id] || { seats: {}, created: Date.now() };
    fn(entry);
    all[id] = entry;
    this.save(all);
    return entry;
  },
  addSeat(id, seat, token, kind = "human", game = null, invite = false) {
    return this.update(id, (e) => {
      e.seats = e.seats || {};
      e.seats[seat] = invite ? { token, kind, invite: true } : { token, kind };
      if (game) e.game = game;
    });
  },
  forget(id) { const all = this.all(); delete all[id]; this.save(all); },
  // a token that no longer holds its seat (an invite already used, a link the host replaced): forget the seat
  dropToken(id, token) {
    const e = this.table(id);
    if (!e || !token) return;
    this.update(id, (x) => {
      for (const [seat, s] of Object.entries(x.seats || {})) if (s && s.token === token) delete x.seats[seat];
    });
  },
  tokens() {
    const out = new Set();
    for (const e of Object.values(this.all())) {
      if (e.host) out.add(e.host);
      for (const s of Object.values(e.seats || {})) if (s && s.token) out.add(s.token);
    }
    return [...out];
  },
  name() { return localStorage.getItem("cetate.name") || ""; },
  setName(n) { localStorage.setItem("cetate.name", n || ""); },
};

// -- the live connection to one table ----------------------------------------------------------------
// Server to client: sync, update, error, clock, presence, chat, taken_back, undo, pong. Client to server: act, ping. The socket reconnects by
// itself (growing delays up to 10 s) and every (re)connection starts with a fresh `sync`; an update whose
// `seq` does not follow the last one forces a reconnect, so the client never shows a state with a gap.

export class TableConnection {
  constructor(tableId, token, handlers = {}) {
    this.tableId = tableId;
    this.token = token || null;
    this.h = handlers;
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.seq = null;
    this.timer = null;
    this.ping = null;
    this.lastMessage = 0;
    this.pending = new Map();
    this.onVisible = () => { if (document.visibilityState === "visible") this.poke(); };
    this.onOnline = () => this.poke();
    document.addEventListener("visibilitychange", this.onVisible);
    window.addEventListener("online", this.onOnline);
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${proto}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}${q}`;
  }

  connect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.status("connecting");
    let ws;
    try { ws = new WebSocket(this.url()); } catch { this.retry(); return; }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.lastMessage = Date.now();
      this.status("online");
      clearInterval(this.ping);
      this.ping = setInterval(() => {
        if (Date.now() - this.lastMessage > 50000) { try { ws.close(); } catch { /* already closed */ } return; }
        this.send({ type: "ping" });
      }, 20000);
    };
    ws.onmessage = (e) => {
      this.lastMessage = Date.now();
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      this.dispatch(msg);
    };
    ws.onclose = (e) => {
      clearInterval(this.ping);
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      if (e.code === 4401 || e.code === 4403 || e.code === 4404 || e.code === 4409 || e.code === 1008) {
        this.status("refused", e.code);
        this.h.onRefused && this.h.onRefused(e.code, e.reason);
        return;
      }
      this.retry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  dispatch(msg) {
    switch (msg.type) {
      case "sync":
        this.seq = msg.table && Number.isInteger(msg.table.seq) ? msg.table.seq : null;
        this.pending.clear();
        this.h.onSync && this.h.onSync(msg);
        break;
      case "update":
        if (this.seq !== null && Number.isInteger(msg.seq)) {
          if (msg.seq <= this.seq) return; // already seen (a resent update)
          if (msg.seq !== this.seq + 1) { this.resync(); return; } // a gap: start again from a sync
        }
        if (Number.isInteger(msg.seq)) this.seq = msg.seq;
        if (msg.table) msg.table.seq = msg.seq ?? msg.table.seq;
        this.h.onUpdate && this.h.onUpdate(msg);
        break;
      case "error":
        if (msg.key) this.pending.delete(msg.key);
        this.h.onError && this.h.onError(msg);
        break;
      case "clock":
        this.h.onClock && this.h.onClock(msg);
        break;
      case "presence":
        this.h.onPresence && this.h.onPresence(msg);
        break;
      case "chat":
        this.h.onChat && this.h.onChat(msg.line);
        break;
      case "taken_back":
        this.h.onTakenBack && this.h.onTakenBack(msg);
        break;
      case "undo": // the last move may be taken back (the server checks it just after the move)
        if (msg.seq === this.seq) this.h.onUndo && this.h.onUndo(msg);
        break;
      default:
        break;
    }
  }

  status(s, detail) { this.state = s; this.h.onStatus && this.h.onStatus(s, detail); }

  retry() {
    if (this.closed) return;
    this.status("reconnecting");
    const delay = Math.min(10000, 500 * 2 ** this.attempt) + Math.random() * 300;
    this.attempt = Math.min(this.attempt + 1, 6);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  poke() {
    if (this.closed) return;
    if (!this.ws || this.ws.readyState > 1) { this.attempt = 0; this.connect(); }
  }

  resync() {
    if (this.ws) { const ws = this.ws; this.ws = null; try { ws.close(); } catch { /* closed */ } }
    this.attempt = 0;
    this.connect();
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) { this.ws.send(JSON.stringify(msg)); return true; }
    return false;
  }

  // Play an action. Over the socket when it is open; otherwise through REST (the key makes a retry safe),
  // followed by a fresh sync from GET /api/tables/{id}.
  async act(action) {
    const key = newKey();
    this.pending.set(key, action);
    if (this.send({ type: "act", action, key })) return key;
    try {
      await api.act(this.tableId, this.token, action, key);
      const doc = await api.table(this.tableId, this.token);
      this.dispatch({ type: "sync", ...doc });
    } catch (e) {
      this.pending.delete(key);
      this.h.onError && this.h.onError({ type: "error", code: e.code, message: e.message, key });
    }
    return key;
  }

  setToken(token) {
    this.token = token || null;
    this.resync();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.ping);
    document.removeEventListener("visibilitychange", this.onVisible);
    window.removeEventListener("online", this.onOnline);
    if (this.ws) { const ws = this.ws; this.ws = null; try { ws.close(); } catch { /* closed */ } }
  }
}
