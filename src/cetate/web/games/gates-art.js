// Gates of the Citadel art, drawn in code as SVG (our own simple drawings): the four symbols (engraving chisel,
// coin, motor, map) and the wild and empty ones, an emblem for each main card, the gates of the citadel, the
// explosion burst, the index shield, the circle ring and the card back. Pictures only: the cards' numbers,
// names and texts come from the engine (the view's `card_set` and the catalog, `ctx.catalog`).

// -- the symbols (24 x 24) ------------------------------------------------------------------------------

function gearPath(cx, cy, rOut, rIn, teeth) {
  const pts = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    for (const [da, r] of [[-0.3, rIn], [-0.18, rOut], [0.18, rOut], [0.3, rIn]]) {
      pts.push([cx + r * Math.cos(a + da * step * 1.6), cy + r * Math.sin(a + da * step * 1.6)]);
    }
  }
  return "M" + pts.map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`).join("L") + "Z";
}

const SYMBOL_SVG = {
  chisel: `<g transform="rotate(-40 12 12)"><rect x="10" y="1.2" width="4" height="9.2" rx="1.6" fill="#9a6b3c" stroke="#5e3d1d" stroke-width=".7"/>
    <rect x="9.5" y="10" width="5" height="2.1" rx=".5" fill="#6d737b"/>
    <path d="M10.1 12.1h3.8v7.2l-1.9 3.2-1.9-3.2z" fill="#c3cbd3" stroke="#4a5058" stroke-width=".7" stroke-linejoin="round"/>
    <path d="M12 12.6v8.8" stroke="#fff" stroke-width=".5" opacity=".7"/></g>`,
  coin: `<circle cx="12" cy="12" r="9.6" fill="#e2b33c" stroke="#8a6514" stroke-width="1.3"/>
    <circle cx="12" cy="12" r="6.9" fill="#efc957" stroke="#8a6514" stroke-width=".8"/>
    <path d="M9 15.6v-4.4h1.3v-1.5h1v1.5h1.4v-1.5h1v1.5h1.3v4.4z" fill="#8a6514"/>`,
  motor: `<path d="${gearPath(12, 12, 10.4, 7.6, 8)}" fill="#b4553a" stroke="#6a2814" stroke-width=".8" stroke-linejoin="round"/>
    <circle cx="12" cy="12" r="3.4" fill="#f3e3c7" stroke="#6a2814" stroke-width=".8"/><circle cx="12" cy="12" r="1.2" fill="#6a2814"/>`,
  map: `<path d="M2.5 6.2l6.2-2.3 6.6 2.3 6.2-2.3v13.9l-6.2 2.3-6.6-2.3-6.2 2.3z" fill="#eadbb0" stroke="#6b5a35" stroke-width=".9" stroke-linejoin="round"/>
    <path d="M8.7 3.9v13.9M15.3 6.2v13.9" stroke="#6b5a35" stroke-width=".6" opacity=".7"/>
    <path d="M4.6 15.5c2.2-1 2.6-4.2 5.6-4.6s3.6 2.6 6.2.4" fill="none" stroke="#b03a2e" stroke-width="1.1" stroke-dasharray="1.3 1.1" stroke-linecap="round"/>
    <path d="M16.6 8.9l2.4 2.4M19 8.9l-2.4 2.4" stroke="#b03a2e" stroke-width="1.2" stroke-linecap="round"/>`,
  wild: `<path d="M12 1.5l2.3 7.3 7.2 3.2-7.2 3.2L12 22.5l-2.3-7.3L2.5 12l7.2-3.2z" fill="#8a5cc2" stroke="#4b2b74" stroke-width=".8" stroke-linejoin="round"/>
    <circle cx="12" cy="12" r="2.3" fill="#f3e9ff"/>`,
  none: `<circle cx="12" cy="12" r="8.4" fill="none" stroke="#8f8676" stroke-width="1.3" stroke-dasharray="2.2 2"/>`,
};

export function symbolSvg(symbol, cls = "gt-sym") {
  return `<svg class="${cls}" viewBox="0 0 24 24" aria-hidden="true" data-symbol="${symbol}">${SYMBOL_SVG[symbol] || SYMBOL_SVG.none}</svg>`;
}

// -- the main cards' emblems (24 x 24, one colour) -------------------------------------------------------

const EMBLEM = {
  // Scout: a spyglass
  M01: `<path d="M3.5 15.5l11-5.2 1.6 3.4-11 5.2z"/><path d="M14.2 9.6l4.8-2.3 2.3 4.8-4.8 2.3z"/><path d="M8 18l-2 3.5M9.6 17.3l2.2 3.7" stroke="currentColor" stroke-width="1.2" fill="none"/>`,
  // Sapper: a shovel
  M02: `<path d="M11 2.5h2v11h-2z"/><path d="M8.2 2h7.6v2H8.2z"/><path d="M7.5 13.5h9v3.5c0 2.8-2 5-4.5 5s-4.5-2.2-4.5-5z"/>`,
  // Archer: a bow and an arrow
  M03: `<path d="M7 2.5c7 3 7 16 0 19" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M7 2.5v19" stroke="currentColor" stroke-width=".8"/><path d="M3 12h16" stroke="currentColor" stroke-width="1.3"/><path d="M22 12l-4-2.4v4.8z"/><path d="M3 12l-1.5-2M3 12l-1.5 2" stroke="currentColor" stroke-width="1"/>`,
  // Mason: a wall of bricks
  M04: `<path d="M2 5h9v4H2zM13 5h9v4h-9zM2 11h4v4H2zM8 11h8v4H8zM18 11h4v4h-4zM2 17h9v4H2zM13 17h9v4h-9z"/>`,
  // Sentinel: a halberd
  M05: `<path d="M11.2 6h1.6v16h-1.6z"/><path d="M12 1l2 4.5h-4z"/><path d="M12.8 6.5c4 0 6 1.5 6.5 4.5-2.3-1.2-4.3-1.4-6.5-1z"/><path d="M11.2 7l-3.5 2 3.5 1.5z"/>`,
  // Ranger: a hatchet
  M06: `<path d="M13.5 3.5l1.6 1-8.5 16.8-1.7-.9z"/><path d="M14.3 4.5c2.6-.6 5.4.5 6.7 2.8l-1.9 3.3c-1.4-1.8-3.6-2.4-5.8-1.8z"/>`,
  // Merchant: a balance
  M07: `<path d="M11.3 3h1.4v17h-1.4zM7 21h10v1.5H7zM4 6h16v1.3H4z"/><path d="M5 7.3l-3 6h6zM19 7.3l-3 6h6z" fill="none" stroke="currentColor" stroke-width="1"/><path d="M1.8 13.3h6.4a3.2 2.2 0 0 1-6.4 0zM15.8 13.3h6.4a3.2 2.2 0 0 1-6.4 0z"/>`,
  // Priest: a bell
  M08: `<path d="M12 2.5a1.5 1.5 0 0 1 1.5 1.5v.6c3 .8 4.5 3.4 4.5 7v4l2 2.5H4l2-2.5v-4c0-3.6 1.5-6.2 4.5-7V4A1.5 1.5 0 0 1 12 2.5z"/><circle cx="12" cy="20.5" r="1.8"/>`,
  // Captain: a banner on a pole
  M09: `<path d="M5 2h1.6v20H5z"/><path d="M6.6 3h13l-3.2 4.5 3.2 4.5h-13z"/>`,
  // Knight: a helmet
  M10: `<path d="M12 2.5c5 0 8 3.6 8 8.5v7.5l-3 3H7l-3-3V11c0-4.9 3-8.5 8-8.5z"/><path d="M6.5 11.5h11v2h-11zM11.2 13.5h1.6v6h-1.6z" fill="#fff" opacity=".85"/>`,
  // Gunner: a cannon
  M11: `<path d="M2.5 9.6l14.5-3.9 1.2 4.6-14.5 3.9z"/><circle cx="8.5" cy="16" r="4.3"/><circle cx="8.5" cy="16" r="1.6" fill="#fff" opacity=".85"/><circle cx="20.3" cy="6.2" r="1.6"/>`,
  // General: a star in laurels
  M12: `<path d="M12 4l1.9 4 4.3.5-3.2 2.9.9 4.3-3.9-2.2-3.9 2.2.9-4.3-3.2-2.9 4.3-.5z"/><path d="M4 9c-.5 6 2.5 10 8 12.5M20 9c.5 6-2.5 10-8 12.5" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M4.5 13l-2-1M5.6 16.3l-2.2-.3M7.8 19l-1.7.8M19.5 13l2-1M18.4 16.3l2.2-.3M16.2 19l1.7.8" stroke="currentColor" stroke-width="1.3"/>`,
};

export function emblemSvg(id) {
  return `<svg class="gt-emblem" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">${EMBLEM[id] || EMBLEM.M12}</svg>`;
}

// -- small marks -----------------------------------------------------------------------------------------

export function burstSvg(cls = "gt-burst") {
  const pts = [];
  for (let i = 0; i < 20; i++) {
    const a = (Math.PI * 2 * i) / 20 - Math.PI / 2;
    const r = i % 2 ? 5.2 : 11.4;
    pts.push(`${(12 + r * Math.cos(a)).toFixed(2)},${(12 + r * Math.sin(a)).toFixed(2)}`);
  }
  return `<svg class="${cls}" viewBox="0 0 24 24" aria-hidden="true"><polygon points="${pts.join(" ")}" fill="#f5a623" stroke="#b6361c" stroke-width="1" stroke-linejoin="round"/><circle cx="12" cy="12" r="3.4" fill="#fff2b8"/></svg>`;
}

export function shieldSvg(cls = "gt-shield") {
  return `<svg class="${cls}" viewBox="0 0 24 28" aria-hidden="true" preserveAspectRatio="none"><path d="M12 1l10 3.5v8.5c0 6.5-4.5 11.5-10 14C6.5 24.5 2 19.5 2 13V4.5z" fill="currentColor" stroke="rgba(0,0,0,.45)" stroke-width="1.2"/></svg>`;
}

export function cardBackSvg(cls = "gt-back-svg") {
  return `<svg class="${cls}" viewBox="0 0 70 98" aria-hidden="true" preserveAspectRatio="none">
    <rect x="1" y="1" width="68" height="96" rx="6" fill="#2f2a4a" stroke="#171427" stroke-width="1.5"/>
    <rect x="5" y="5" width="60" height="88" rx="4" fill="none" stroke="#c9a646" stroke-width="1" opacity=".8"/>
    <path d="M5 22l60 54M5 76l60-54" stroke="#3c3660" stroke-width="7"/>
    <path d="M24 64V42h4v-5h4v5h6v-5h4v5h4v22h-8v-7a3 3 0 0 0-6 0v7z" fill="#c9a646"/></svg>`;
}

// -- the gates (80 x 72) ---------------------------------------------------------------------------------

const ROMAN = ["I", "II", "III", "IV"];
export function roman(gate) { return ROMAN[gate] || String(gate + 1); }

// state: "open" (not fought yet), "neutral", "s0" or "s1" (held by that seat)
export function gateSvg(gate, symbol, state) {
  const wall = { open: "#cbbd9c", neutral: "#a7a59f", s0: "#5b8cc0", s1: "#c86a55" }[state] || "#cbbd9c";
  const dark = { open: "#7d6f52", neutral: "#5f5d58", s0: "#1f466f", s1: "#6e2718" }[state] || "#7d6f52";
  const crenels = (x, w) => {
    let d = "";
    for (let i = 0; i < w; i += 6) d += `M${x + i} 14h3.4v-4h-3.4z`;
    return d;
  };
  const hatch = state === "neutral"
    ? `<path d="M14 62l14-14M20 62l10-10M52 62l14-14M58 62l8-8" stroke="${dark}" stroke-width="1" opacity=".45"/>` : "";
  return `<svg class="gt-gate-svg" viewBox="0 0 80 72" aria-hidden="true">
    <path d="M4 70V14h20v10h32V14h20v56z" fill="${wall}" stroke="${dark}" stroke-width="1.6" stroke-linejoin="round"/>
    <path d="${crenels(4, 20)}${crenels(56, 20)}" fill="${wall}" stroke="${dark}" stroke-width="1.2"/>
    <path d="M24 24h32" stroke="${dark}" stroke-width="1.2"/>
    <path d="M27 70V44a13 13 0 0 1 26 0v26z" fill="#2b2418" stroke="${dark}" stroke-width="1.4"/>
    <path d="M9 28h6M9 40h6M65 28h6M65 40h6" stroke="${dark}" stroke-width="1.4" opacity=".7"/>
    ${hatch}
    <g transform="translate(30.5 46) scale(.8)">${SYMBOL_SVG[symbol] || SYMBOL_SVG.none}</g>
    <rect x="26" y="2" width="28" height="14" rx="3" fill="#f6ecd2" stroke="${dark}" stroke-width="1.2"/>
    <text x="40" y="12.8" text-anchor="middle" font-size="11" font-weight="700" fill="#2b2418" font-family="Georgia, serif">${ROMAN[gate] || gate + 1}</text>
  </svg>`;
}
