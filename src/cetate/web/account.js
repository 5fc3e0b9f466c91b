// Who is signed in on this browser, and the account calls (docs/accounts.md). The session itself is an HttpOnly
// cookie the page never sees; what the page keeps is the answer of GET /api/account: the user (null for a guest)
// and the CSRF token every state-changing account request sends as `X-CSRF-Token`.
import { api, store, ApiError } from "./api.js";

const state = { user: null, csrf: null, loaded: null };
const listeners = new Set();

function set(user, csrf) {
  const before = JSON.stringify(state.user);
  state.user = user || null;
  if (csrf) state.csrf = csrf;
  if (JSON.stringify(state.user) !== before) for (const fn of [...listeners]) fn(state.user);
}

// Ask the server who is signed in (once; `fresh` asks again). A server that cannot answer leaves a guest.
export function load(fresh = false) {
  if (!state.loaded || fresh) {
    state.loaded = api.account().then((doc) => { set(doc && doc.user, doc && doc.csrf); return state.user; },
      (e) => { console.warn("account", e); state.loaded = null; return state.user; });
  }
  return state.loaded;
}

export function user() { return state.user; }
export function signedIn() { return !!state.user; }
export function csrf() { return state.csrf; }
// fn(user or null), called when someone signs in or out or the account changes; returns the unsubscribe
export function onChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

// A state-changing call with the CSRF token. A refused token (another tab signed in or out meanwhile) is
// fetched again and the call tried once more; an ended session makes this browser a guest.
async function send(call) {
  if (!state.csrf) await load(true);
  try {
    return await call(state.csrf);
  } catch (e) {
    if (e instanceof ApiError && e.code === "csrf_failed") {
      await load(true);
      return call(state.csrf);
    }
    if (e instanceof ApiError && (e.code === "session_expired" || e.code === "not_signed_in")) load(true);
    throw e;
  }
}

// { name, password, display_name?, languages?, claim? } -> the answer ({user, csrf, claimed, taken})
export async function signUp(body) {
  const doc = await send((c) => api.signUp(body, c));
  set(doc.user, doc.csrf);
  return doc;
}

export async function signIn(name, password) {
  const doc = await send((c) => api.signIn({ name, password }, c));
  set(doc.user, doc.csrf);
  return doc;
}

export async function signOut() {
  await send((c) => api.signOut(c));
  set(null);
  await load(true); // a guest's token for the next sign-in
}

export async function signOutEverywhere() {
  const doc = await send((c) => api.signOutEverywhere(c));
  set(null);
  await load(true);
  return doc;
}

export async function update(fields) {
  const doc = await send((c) => api.updateAccount(fields, c));
  set(doc.user);
  return doc.user;
}

export function changePassword(current, next) {
  return send((c) => api.changePassword(current, next, c));
}

export async function remove(password) {
  const doc = await send((c) => api.deleteAccount(password, c));
  set(null);
  await load(true);
  return doc;
}

export function claim(tokens) {
  return send((c) => api.claim(tokens, c));
}

export function tables() {
  return api.accountTables();
}

// Open one of the account's seats on this device: the token this device holds for it, or a new one the server
// gives the account (a second device: the phone after the laptop), kept like any seat token of this device.
export async function seatToken(tableId, seat, game = null) {
  const held = store.table(tableId);
  const mine = held && held.seats && held.seats[seat];
  if (mine && mine.token && !mine.invite) return mine.token;
  const doc = await send((c) => api.seatToken(tableId, seat, c));
  store.addSeat(tableId, seat, doc.token, "human", game);
  return doc.token;
}

// "Export my data": the browser downloads the JSON file the server makes (the session cookie signs the GET)
export function exportData() {
  const a = document.createElement("a");
  a.href = api.exportUrl();
  a.setAttribute("download", "");
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// The seats of this browser's guest tables that an account can take over, [{table_id, seat, token}]: the seats
// this device plays (its own credentials and the seats it joined), not the invite links it holds for other
// people, nor the host-only token (docs/accounts.md, "Claiming a guest's tables"). `except`: the account's own
// seats ({table_id, seat}), already claimed.
export function claimableSeats(all = store.all(), except = []) {
  const had = new Set(except.map((x) => `${x.table_id}/${x.seat}`));
  const out = [];
  for (const [id, e] of Object.entries(all || {})) {
    for (const [seat, s] of Object.entries((e && e.seats) || {})) {
      if (s && s.token && !s.invite && !had.has(`${id}/${seat}`)) out.push({ table_id: id, seat: Number(seat), token: s.token });
    }
  }
  return out;
}

export function claimableTokens(all = store.all(), except = []) {
  return [...new Set(claimableSeats(all, except).map((x) => x.token))];
}

// What the sign-up form can tell before asking the server (the server checks again): the codes are the
// server's own, so the words come from the same messages. Returns [] or [{field, code}].
export const NAME_RULE = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u;
export function checkSignUp({ name, password, password2 }) {
  const out = [];
  const n = String(name || "").trim().normalize("NFKC");
  if (n.length < 2 || n.length > 24 || !NAME_RULE.test(n)) out.push({ field: "name", code: "bad_user_name" });
  const p = String(password || "");
  if (p.length < 8 || (n && p.normalize("NFKC").toLowerCase() === n.toLowerCase())) out.push({ field: "password", code: "weak_password" });
  else if (p.length > 256) out.push({ field: "password", code: "long_password" });
  if (password2 !== undefined && p !== password2) out.push({ field: "password2", code: "password_mismatch" });
  return out;
}

// -- passkeys (docs/accounts.md, "Passkeys") ---------------------------------------------------------------
// The server makes and checks every ceremony; the page only hands the options to the browser's WebAuthn and
// the browser's answer back. Browsers offer passkeys only in a secure context opened by a name, not an IP.

// "ok", "unsupported" (no WebAuthn here) or "needs_name" (the page was opened by an IP address)
export function passkeySupport(win = globalThis) {
  if (!win.PublicKeyCredential || !win.navigator || !win.navigator.credentials) return "unsupported";
  const host = (win.location && win.location.hostname) || "";
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(":") || host.startsWith("[")) return "needs_name";
  if (win.isSecureContext === false) return "unsupported";
  return "ok";
}

function fromB64(text) {
  const s = atob(String(text).replace(/-/g, "+").replace(/_/g, "/") + "===".slice((String(text).length + 3) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0)).buffer;
}

function toB64(buffer) {
  let s = "";
  for (const b of new Uint8Array(buffer)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// the options' JSON as WebAuthn takes it (the browser's own parser where it has one)
export function creationOptions(json) {
  if (globalThis.PublicKeyCredential && PublicKeyCredential.parseCreationOptionsFromJSON) return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  return { ...json, challenge: fromB64(json.challenge), user: { ...json.user, id: fromB64(json.user.id) },
    excludeCredentials: (json.excludeCredentials || []).map((c) => ({ ...c, id: fromB64(c.id) })) };
}

export function requestOptions(json) {
  if (globalThis.PublicKeyCredential && PublicKeyCredential.parseRequestOptionsFromJSON) return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  return { ...json, challenge: fromB64(json.challenge), allowCredentials: (json.allowCredentials || []).map((c) => ({ ...c, id: fromB64(c.id) })) };
}

// the browser's credential as JSON for the server (its own toJSON() where it has one)
export function credentialJSON(cred) {
  if (typeof cred.toJSON === "function") return cred.toJSON();
  const r = cred.response;
  const response = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r.attestationObject) response.attestationObject = toB64(r.attestationObject);
  if (r.authenticatorData) response.authenticatorData = toB64(r.authenticatorData);
  if (r.signature) response.signature = toB64(r.signature);
  if (r.userHandle) response.userHandle = toB64(r.userHandle);
  if (typeof r.getTransports === "function") response.transports = r.getTransports();
  return { id: cred.id, rawId: toB64(cred.rawId), type: cred.type, response,
    clientExtensionResults: cred.getClientExtensionResults ? cred.getClientExtensionResults() : {},
    authenticatorAttachment: cred.authenticatorAttachment || undefined };
}

// The person closed the browser's passkey dialog, or it timed out: not an error to show in red
export class PasskeyCancelled extends Error {}

function browserAsk(fn) {
  return fn().catch((e) => {
    if (e && (e.name === "NotAllowedError" || e.name === "AbortError")) throw new PasskeyCancelled(e.message);
    throw e;
  });
}

export function passkeys() {
  return api.passkeys();
}

export async function addPasskey(name) {
  const start = await send((c) => api.passkeyOptions(c));
  const cred = await browserAsk(() => navigator.credentials.create({ publicKey: creationOptions(start.options) }));
  const doc = await send((c) => api.addPasskey({ ticket: start.ticket, credential: credentialJSON(cred), name: name || null }, c));
  return doc.passkey;
}

export function removePasskey(id) {
  return send((c) => api.removePasskey(id, c));
}

export async function signInWithPasskey() {
  const start = await send((c) => api.passkeySignInOptions(c));
  const cred = await browserAsk(() => navigator.credentials.get({ publicKey: requestOptions(start.options) }));
  const doc = await send((c) => api.passkeySignIn({ ticket: start.ticket, credential: credentialJSON(cred) }, c));
  set(doc.user, doc.csrf);
  return doc;
}
// -- notification choices (turn-based play, docs/turn-based.md) ------------------------------------------
async function notifyCall(method, body, csrf) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (csrf) headers["X-CSRF-Token"] = csrf;
  let res;
  try {
    res = await fetch("/api/account/notify", { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "network", String(e && e.message ? e.message : e));
  }
  let doc = null;
  try { doc = await res.json(); } catch { doc = null; }
  if (!res.ok) {
    const err = (doc && doc.error) || {};
    throw new ApiError(res.status, err.code || `http_${res.status}`, err.message || res.statusText, err.field || null);
  }
  return doc;
}

// {email, email_turns, mail_available}
export function notifySettings() { return notifyCall("GET"); }
// {email: string|null, email_turns: bool} -> the saved choices
export function sendNotify(body) { return send((c) => notifyCall("PUT", body, c)); }
