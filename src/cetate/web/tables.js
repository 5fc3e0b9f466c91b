// Making tables from this device: the new-table form, quick play and "play again" all end here. The device
// remembers the seats it holds (their tokens), the host token and the invite links. Signed in, the creator's
// seat is the account's, and the table may be rated (docs/accounts.md).
import { api, store } from "./api.js";
import * as account from "./account.js";

// Create a table for `game` with `seats` (and options), join this device's seats and remember their tokens.
// `rated`: the result moves the players' ratings (signed in only: the request carries the CSRF token).
// `listed`: the table is public, in the lobby's open tables (its invited seats taken with one click).
export async function createTable(game, players, options, seats, clock = null, rated = false, listed = false) {
  const body = { game, players, options, seats };
  if (clock && clock.per_move_s) body.per_move_s = clock.per_move_s; // turn-based (docs/turn-based.md)
  else if (clock) body.clock = clock;
  if (rated) body.rated = true;
  if (listed) body.public = true;
  const make = () => api.createTable(body, account.signedIn() ? account.csrf() : null);
  let res;
  try {
    res = await make();
  } catch (e) {
    if (e.code !== "csrf_failed") throw e;
    await account.load(true); // another tab signed in or out meanwhile: the current token, and once more
    res = await make();
  }
  const mine = res.seats.filter((s) => s.token && (s.kind === "hotseat" || (s.kind === "human" && s.seat === 0)));
  store.update(res.table_id, (e) => {
    e.game = game;
    e.host = res.host_token;
    e.seats = {};
    for (const s of mine) e.seats[s.seat] = { token: s.token, kind: s.kind };
    e.invites = res.invite_links || {};
    e.spectator = res.spectator_link || null;
  });
  const me = account.user();
  const name = store.name() || (me && (me.display_name || me.name)) || "";
  for (const s of mine) {
    const wanted = s.kind === "human" ? name : seats[s.seat] && seats[s.seat].name;
    try { await api.join(res.table_id, s.token, wanted || undefined); } catch (e) { console.warn("join failed", e); }
  }
  return res;
}

// a quick game: you and bots, 4 players where the game allows it (a duel has 2)
export function quickPlayers(game) {
  return Math.min(Math.max(4, game.min_players || 2), game.max_players || 4);
}

export async function quickPlay(game) {
  const players = quickPlayers(game);
  const seats = [{ kind: "human", name: store.name() || undefined }];
  for (let i = 1; i < players; i++) seats.push({ kind: "bot", level: "normal" });
  const res = await createTable(game.id, players, {}, seats);
  location.hash = `#/t/${res.table_id}`;
}

// "Play again": a new table like the finished one (the same game, seats, bots, options and clock), made
// from the device that made the first one; invited players get new links, as for any new table.
export async function playAgain(table, options) {
  const seats = table.seats.map((s) => s.kind === "bot"
    ? { kind: "bot", bot: s.bot || undefined, level: s.level || undefined }
    : { kind: s.kind, name: s.kind === "hotseat" ? s.name || undefined : undefined });
  const clock = !table.clock ? null : table.clock.per_move_s ? { per_move_s: table.clock.per_move_s }
    : { initial_s: table.clock.initial_s, increment_s: table.clock.increment_s };
  const res = await createTable(table.game, table.players, options || {}, seats, clock, !!table.rated && account.signedIn());
  location.hash = `#/t/${res.table_id}`;
}
