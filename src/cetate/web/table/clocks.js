// The players' clocks (tables with a time control): the time each seat has left, counted down in the page
// between the server's clock messages.
import * as i18n from "../i18n.js";
import { h } from "../dom.js";

// seconds left on a clock {remaining, at, running} at `now` (ms)
export function clockLeft(c, now = Date.now()) {
  return Math.max(0, c.remaining - (c.running ? (now - c.at) / 1000 : 0));
}

// "m:ss"; "h:mm:ss" from an hour; "2 d 3:05" from a day (a turn-based table's time per move)
export function formatClock(c, now = Date.now()) {
  const left = clockLeft(c, now);
  if (left >= 3600) {
    const d = Math.floor(left / 86400);
    const hr = Math.floor((left % 86400) / 3600);
    const mm = String(Math.floor((left % 3600) / 60)).padStart(2, "0");
    if (d > 0) return `${i18n.t("web.turns.days", { count: d })} ${hr}:${mm}`;
    return `${hr}:${mm}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
  }
  const m = Math.floor(left / 60);
  const s = Math.floor(left % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
}

export class Clocks {
  constructor() {
    this.bySeat = {}; // seat -> {remaining, at, running}
    this.timer = null;
  }

  // the table summary's clock: every human seat's time left, one running
  read(table) {
    const c = table && table.clock;
    if (!c || !Array.isArray(c.remaining_s)) return;
    const now = Date.now();
    c.remaining_s.forEach((left, seat) => {
      const s = (table.seats || []).find((x) => x.seat === seat);
      if (s && s.kind !== "bot") this.bySeat[seat] = { remaining: left, at: now, running: c.running === seat };
    });
  }

  // a `clock` message: one seat's time
  set(m) {
    this.bySeat[m.seat] = { remaining: m.remaining_s, at: Date.now(), running: m.running !== false };
  }

  // the clock of a seat's chip, or null
  chipClock(seat) {
    const clock = this.bySeat[seat];
    if (!clock) return null;
    return h("span", { class: ["chip-clock", clock.running && "running"], dataset: { seat }, title: i18n.t("web.table.clock") }, formatClock(clock));
  }

  // redraw the clocks shown under `root`
  tick(root) {
    for (const el of root.querySelectorAll(".chip-clock[data-seat]")) {
      const c = this.bySeat[Number(el.dataset.seat)];
      if (c) {
        el.textContent = formatClock(c);
        el.classList.toggle("running", !!c.running);
        el.classList.toggle("low", c.running && clockLeft(c) < 30);
      }
    }
  }

  start(root) {
    this.stop();
    this.timer = setInterval(() => this.tick(root), 500);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }
}
