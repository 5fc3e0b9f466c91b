// The "your turn" sound (off unless the player turns it on; remembered on this device).
const KEY = "cetate.sound";
let audio = null;

export function soundOn() {
  try { return localStorage.getItem(KEY) === "1"; } catch { return false; }
}

export function setSound(on) {
  try { localStorage.setItem(KEY, on ? "1" : "0"); } catch { /* private mode */ }
}

// two short notes
export function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    for (const [f, at] of [[660, 0], [990, 0.13]]) {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.type = "sine";
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, now + at);
      g.gain.exponentialRampToValueAtTime(0.18, now + at + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.16);
      o.connect(g).connect(audio.destination);
      o.start(now + at);
      o.stop(now + at + 0.18);
    }
  } catch { /* no audio here */ }
}

// the tab's alert: a sound when it becomes this device's turn (`mine` now, not before)
export class TurnAlert {
  constructor() {
    this.was = false;
  }

  update(mine) {
    if (mine && !this.was && soundOn()) beep();
    this.was = mine;
  }
}
