// Citadels card art, drawn in code as SVG (our own simple drawings, never the publishers' images).
// District cards: colour band with the name, cost coin, a building drawn from the card's colour and id, and
// the effect text of the districts that have one. Character cards: rank, name, an emblem, and the short power
// text. Every number, name and text comes from the engine's static catalog (`data`: ctx.catalog, served by
// GET /api/games/citadels/catalog/{lang}) or from the view; this file keeps only its drawing data (palette,
// shapes, emblems).
import { esc } from "../dom.js";

export const PALETTE = {
  yellow: { main: "#d4a017", dark: "#7a5800", light: "#fbf0c8", wall: "#f1d98a" },
  blue: { main: "#3569b8", dark: "#1c3d73", light: "#dfe9f8", wall: "#a9c2e8" },
  green: { main: "#3b8f4a", dark: "#1f5a2a", light: "#e0f1e2", wall: "#a7d4ae" },
  red: { main: "#bf3a2b", dark: "#72190f", light: "#f8e0dc", wall: "#e6a59b" },
  purple: { main: "#7a48ad", dark: "#45246b", light: "#ece2f6", wall: "#c4a8e2" },
};

const CHAR_COLOUR = {
  assassin: "#3f4250", thief: "#56683a", magician: "#4a3f8c", king: "#b8860b", bishop: "#2d5f9e",
  merchant: "#2e7f45", architect: "#8a6236", warlord: "#9e2f27", witch: "#5a2d6a", tax_collector: "#6b6527",
  wizard: "#28597f", emperor: "#a8781e", abbot: "#36679a", alchemist: "#2f7d70", navigator: "#245f7d",
  diplomat: "#85353a", artist: "#a84a76", queen: "#8d3784",
};

// A district as drawn: the catalog's entry (colour, cost, score, name, effect text) under what the view says of
// this copy (a view's card: {id, colour, cost, score, beautified?, stored?}; or an id).
export function districtInfo(card, data) {
  const c = typeof card === "string" ? { id: card } : card;
  const d = (data && data.districts && data.districts[c.id]) || {};
  return { colour: "purple", cost: 0, score: 0, name: c.id, text: null, ...d, ...c };
}

// A character as drawn: {id, rank, income, name, text} from the catalog.
export function characterInfo(id, data) {
  const c = (data && data.characters && data.characters[id]) || {};
  return { id, rank: "?", income: null, name: id, text: "", ...c };
}

export function colourName(colour, data) {
  const c = data && data.colours && data.colours[colour];
  return c ? c.name : colour;
}

function hash(s) {
  let x = 2166136261;
  for (let i = 0; i < s.length; i++) { x ^= s.charCodeAt(i); x = Math.imul(x, 16777619); }
  return x >>> 0;
}

function rnd(seed) {
  let x = seed || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
}

let uid = 0;

// -- icons -----------------------------------------------------------------------------------------

export function coinSvg(cls = "icon coin") {
  return `<svg class="${cls}" viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="8.6" fill="#e9b730" stroke="#8a6300" stroke-width="1.4"/><circle cx="10" cy="10" r="5.4" fill="none" stroke="#b88a12" stroke-width="1.2"/><path d="M8.2 7.2l1.8-1.4 1.8 1.4-1.8 5.6z" fill="#fff3c0" opacity=".8"/></svg>`;
}

export function crownSvg(cls = "icon crown") {
  return `<svg class="${cls}" viewBox="0 0 24 20" aria-hidden="true"><path d="M2.5 15.5 1.6 4.8l5.6 4.6L12 1.8l4.8 7.6 5.6-4.6-.9 10.7z" fill="#f0c23b" stroke="#8a6300" stroke-width="1.3" stroke-linejoin="round"/><rect x="2.6" y="15.3" width="18.8" height="3.2" rx="1" fill="#d9a520" stroke="#8a6300" stroke-width="1.2"/><circle cx="12" cy="11.5" r="1.6" fill="#c0392b"/><circle cx="6.5" cy="12.5" r="1.1" fill="#2e86c1"/><circle cx="17.5" cy="12.5" r="1.1" fill="#2e86c1"/></svg>`;
}

export function cardBackSvg(cls = "icon cardback") {
  return `<svg class="${cls}" viewBox="0 0 16 20" aria-hidden="true"><rect x="1" y="1" width="14" height="18" rx="2" fill="#5b4a7a" stroke="#2f2442" stroke-width="1.2"/><path d="M8 4l3.5 6L8 16l-3.5-6z" fill="#c9b6ea" opacity=".8"/></svg>`;
}

export function shieldSvg(cls = "icon shield") {
  return `<svg class="${cls}" viewBox="0 0 20 22" aria-hidden="true"><path d="M10 1.5 18 4.5v6c0 5-3.6 8.6-8 10-4.4-1.4-8-5-8-10v-6z" fill="#3569b8" stroke="#1c3d73" stroke-width="1.3"/><path d="M10 5v12M5.5 9.5h9" stroke="#dfe9f8" stroke-width="1.6"/></svg>`;
}

export function markerSvg(kind, cls = "marker") {
  const shapes = {
    killed: `<circle cx="12" cy="12" r="11" fill="#2b2b33"/><path d="M12 3.5 14 14h-4z" fill="#e8e8ee"/><rect x="7.5" y="14" width="9" height="2" rx="1" fill="#c9a227"/><rect x="11" y="16" width="2" height="4.5" fill="#8a6236"/>`,
    robbed: `<circle cx="12" cy="12" r="11" fill="#56683a"/><path d="M9 7.5h6l-1.4 2.4c3.4 1.4 5 4.4 4.2 7-.6 2-3 2.6-5.8 2.6s-5.2-.6-5.8-2.6c-.8-2.6.8-5.6 4.2-7z" fill="#e9d9a0"/><circle cx="12" cy="15" r="1.8" fill="#e9b730"/>`,
    bewitched: `<circle cx="12" cy="12" r="11" fill="#5a2d6a"/><path d="M12 5c4 0 6.5 2.6 6.5 6S15.8 17 12.6 17c-2.4 0-4-1.6-4-3.6s1.5-3.2 3.2-3.2 2.6 1 2.6 2.2" fill="none" stroke="#f0d7ff" stroke-width="1.8" stroke-linecap="round"/>`,
    calling: `<circle cx="12" cy="12" r="11" fill="#d4a017"/><path d="M7 10h3l4-3.5v11L10 14H7z" fill="#fff7dc"/><path d="M16.5 9c1 1.6 1 4.4 0 6" fill="none" stroke="#fff7dc" stroke-width="1.6" stroke-linecap="round"/>`,
    beautified: `<circle cx="12" cy="12" r="11" fill="#e9b730" stroke="#8a6300" stroke-width="1.5"/><text x="12" y="16" text-anchor="middle" font-size="11" font-weight="700" fill="#5a3d00">+1</text>`,
    protected: `<path d="M12 1.5 21 5v7c0 5.6-4 9.6-9 11-5-1.4-9-5.4-9-11V5z" fill="#3569b8" stroke="#1c3d73" stroke-width="1.4"/><path d="M12 6v12M7 10.5h10" stroke="#dfe9f8" stroke-width="1.8"/>`,
  };
  return `<svg class="${cls} ${kind}" viewBox="0 0 24 24" aria-hidden="true">${shapes[kind] || ""}</svg>`;
}

// -- buildings ----------------------------------------------------------------------------------------

function roof(kind, x, y, w, p) {
  // a roof on top of a block whose top-left corner is (x, y) and width w
  const cx = x + w / 2;
  switch (kind) {
    case "gable": return `<path d="M${x - 2} ${y}L${cx} ${y - w * 0.45}L${x + w + 2} ${y}z" fill="${p.main}" stroke="${p.dark}" stroke-width="1"/>`;
    case "spire": return `<path d="M${x - 1} ${y}L${cx} ${y - w * 1.3}L${x + w + 1} ${y}z" fill="${p.main}" stroke="${p.dark}" stroke-width="1"/>`;
    case "dome": return `<path d="M${x} ${y}A${w / 2} ${w / 2.2} 0 0 1 ${x + w} ${y}z" fill="${p.main}" stroke="${p.dark}" stroke-width="1"/><path d="M${cx} ${y - w / 2.2}v-4" stroke="${p.dark}" stroke-width="1"/>`;
    case "onion": return `<path d="M${x + 1} ${y}C${x - 2} ${y - w * 0.5} ${cx - 1} ${y - w * 0.6} ${cx} ${y - w * 1.05}C${cx + 1} ${y - w * 0.6} ${x + w + 2} ${y - w * 0.5} ${x + w - 1} ${y}z" fill="${p.main}" stroke="${p.dark}" stroke-width="1"/>`;
    case "battlement": {
      const n = Math.max(2, Math.round(w / 5));
      const step = w / (2 * n - 1);
      let d = "";
      for (let i = 0; i < n; i++) d += `<rect x="${x + i * 2 * step}" y="${y - 4}" width="${step}" height="4.2" fill="${p.wall}" stroke="${p.dark}" stroke-width=".8"/>`;
      return d;
    }
    case "awning": {
      let d = `<path d="M${x - 3} ${y}L${x + 2} ${y - 7}H${x + w - 2}L${x + w + 3} ${y}z" fill="${p.light}" stroke="${p.dark}" stroke-width="1"/>`;
      for (let i = 0; i < 4; i++) d += `<path d="M${x - 3 + i * (w + 6) / 4} ${y}L${x + 2 + i * (w - 4) / 4} ${y - 7}H${x + 2 + (i + 0.5) * (w - 4) / 4}L${x - 3 + (i + 0.5) * (w + 6) / 4} ${y}z" fill="${p.main}"/>`;
      return d;
    }
    default: return `<rect x="${x - 1}" y="${y - 2}" width="${w + 2}" height="2.5" fill="${p.dark}"/>`;
  }
}

function windows(x, y, w, hgt, p, r) {
  let d = "";
  const cols = Math.max(1, Math.floor(w / 8));
  const rows = Math.max(1, Math.floor(hgt / 11));
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      if (r() < 0.2) continue;
      const wx = x + (i + 0.5) * (w / cols) - 1.6;
      const wy = y + 3 + j * 10;
      d += `<path d="M${wx} ${wy + 5}v-3a1.6 1.6 0 0 1 3.2 0v3z" fill="${p.dark}" opacity=".75"/>`;
    }
  }
  return d;
}

const STYLE = {
  yellow: { roofs: ["gable", "dome", "battlement"], towerRoof: ["spire", "dome"] },
  blue: { roofs: ["gable", "dome"], towerRoof: ["spire", "spire", "dome"] },
  green: { roofs: ["gable", "awning", "flat"], towerRoof: ["gable", "flat"] },
  red: { roofs: ["battlement", "battlement", "gable"], towerRoof: ["battlement", "spire"] },
  purple: { roofs: ["dome", "onion", "gable"], towerRoof: ["onion", "spire"] },
};

// A building for a district, drawn between x 8..92 and ground line y `ground`.
export function buildingSvg(id, colour, cost, ground = 86) {
  const p = PALETTE[colour] || PALETTE.purple;
  const st = STYLE[colour] || STYLE.purple;
  const r = rnd(hash(id) || 7);
  const pick = (a) => a[Math.floor(r() * a.length)];
  let out = "";
  // hills and ground
  out += `<path d="M0 ${ground}Q25 ${ground - 6} 50 ${ground - 2}T100 ${ground - 3}V${ground + 8}H0z" fill="${p.light}" opacity=".9"/>`;
  const towers = Math.min(2, Math.floor((cost + r() * 2) / 2.5));
  const mainW = 26 + cost * 3 + r() * 6;
  const mainH = 14 + cost * 2.5 + r() * 6;
  const mx = 50 - mainW / 2;
  const my = ground - mainH;
  const side = [];
  for (let i = 0; i < towers; i++) {
    const tw = 9 + r() * 5;
    const th = mainH + 8 + r() * 10;
    const left = i === 0 ? r() < 0.5 : !side[0].left;
    const tx = left ? mx - tw + 4 : mx + mainW - 4;
    side.push({ left, tx, tw, th });
  }
  for (const s of side) {
    const ty = ground - s.th;
    out += `<rect x="${s.tx}" y="${ty}" width="${s.tw}" height="${s.th}" fill="${p.wall}" stroke="${p.dark}" stroke-width="1"/>`;
    out += roof(pick(st.towerRoof), s.tx, ty, s.tw, p);
    out += windows(s.tx, ty + 2, s.tw, s.th - 8, p, r);
  }
  out += `<rect x="${mx}" y="${my}" width="${mainW}" height="${mainH}" fill="${p.wall}" stroke="${p.dark}" stroke-width="1.1"/>`;
  out += roof(pick(st.roofs), mx, my, mainW, p);
  out += windows(mx + 2, my + 1, mainW - 4, mainH - 12, p, r);
  // door
  out += `<path d="M${47} ${ground}v-7a3 3 0 0 1 6 0v7z" fill="${p.dark}"/>`;
  // a pennant on the highest point, for nobles and the military
  if (colour === "yellow" || colour === "red") {
    const fx = side.length ? side[0].tx + side[0].tw / 2 : 50;
    const fy = side.length ? ground - side[0].th - 12 : my - 14;
    out += `<path d="M${fx} ${fy + 10}V${fy}" stroke="${p.dark}" stroke-width="1"/><path d="M${fx} ${fy}l8 2.5-8 2.5z" fill="${p.main}"/>`;
  }
  if (colour === "purple") {
    out += `<path d="M50 ${my - 20}l1.8 3.8 4.2.5-3.1 2.9.8 4.1-3.7-2-3.7 2 .8-4.1-3.1-2.9 4.2-.5z" fill="#f6e27a" opacity=".95"/>`;
  }
  return out;
}

// -- text helpers --------------------------------------------------------------------------------------

// the width of `text` at `size` in the page's own font, measured on a canvas (an estimate without one), so
// that a name is squeezed only when it needs it, in any language ("Obranná věž")
let measurer = null;
let measuredFamily = null;
function textWidth(text, size, weight) {
  try {
    if (!measurer) measurer = document.createElement("canvas").getContext("2d");
    const lang = document.documentElement.lang;
    if (!measuredFamily || measuredFamily.lang !== lang) measuredFamily = { lang, family: getComputedStyle(document.body).fontFamily };
    measurer.font = `${weight} ${size}px ${measuredFamily.family}`;
    return measurer.measureText(text).width;
  } catch {
    return text.length * size * 0.6;
  }
}

function fitText(text, x, y, maxWidth, size, attrs = "") {
  // an SVG text squeezed to maxWidth when it is wider (with a little room for a font still loading);
  // `data-fit`: the width it must fit (tests/browser/test_overflow.py checks it)
  const weight = (/font-weight="(\d+)"/.exec(attrs) || [])[1] || "400";
  const squeeze = textWidth(text, size, weight) > maxWidth * 0.96 ? ` textLength="${maxWidth}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<text x="${x}" y="${y}" font-size="${size}" text-anchor="middle" data-fit="${maxWidth}"${squeeze} ${attrs}>${esc(text)}</text>`;
}

function htmlText(text, x, y, w, hgt, cls) {
  return `<foreignObject x="${x}" y="${y}" width="${w}" height="${hgt}"><div xmlns="http://www.w3.org/1999/xhtml" class="${cls}">${esc(text)}</div></foreignObject>`;
}

// -- cards --------------------------------------------------------------------------------------------

// A district card. `card` is a view's card ({id, colour, cost, score, beautified?, stored?}) or an id; `data`
// the static catalog (names and effect texts).
export function districtSvg(card, data, opts = {}) {
  const c = districtInfo(card, data);
  const p = PALETTE[c.colour] || PALETTE.purple;
  const name = c.name;
  const id = `d${++uid}`;
  const text = c.text && opts.text !== false ? c.text : "";
  const pictureGround = text ? 78 : 100;
  let s = `<svg class="card-svg district-svg" viewBox="0 0 100 140" role="img" aria-label="${esc(name)}">`;
  s += `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="${p.light}"/></linearGradient>`;
  s += `<clipPath id="${id}c"><rect x="4" y="26" width="92" height="${text ? 58 : 84}" rx="3"/></clipPath></defs>`;
  s += `<rect x="1" y="1" width="98" height="138" rx="7" fill="url(#${id}g)" stroke="${p.dark}" stroke-width="2"/>`;
  // picture
  s += `<g clip-path="url(#${id}c)"><rect x="4" y="26" width="92" height="84" fill="${p.light}" opacity=".55"/>${buildingSvg(c.id, c.colour, c.cost, pictureGround)}</g>`;
  // colour band with the name
  s += `<path d="M1 8a7 7 0 0 1 7-7h84a7 7 0 0 1 7 7v16H1z" fill="${p.main}"/>`;
  s += fitText(name, 60, 17, 62, name.length > 13 ? 9 : 10.5, `fill="#fff" font-weight="700" class="card-name"`);
  // cost coin
  s += `<circle cx="15" cy="15" r="11.5" fill="#e9b730" stroke="#7a5800" stroke-width="1.6"/><circle cx="15" cy="15" r="8.6" fill="none" stroke="#b88a12" stroke-width="1"/>`;
  s += `<text x="15" y="19.5" font-size="13" font-weight="800" text-anchor="middle" fill="#3d2a00" class="card-cost">${c.cost}</text>`;
  if (c.score !== c.cost && !c.beautified) {
    s += `<path d="M84 30l4.4 2.2 4.9-.4-1.7 4.6 1.7 4.6-4.9-.4L84 42.8l-4.4-2.2-4.9.4 1.7-4.6-1.7-4.6 4.9.4z" fill="#fff" stroke="${p.dark}"/>`;
    s += `<text x="84" y="39.6" font-size="8" font-weight="800" text-anchor="middle" fill="${p.dark}">${c.score}</text>`;
  }
  if (text) {
    s += `<rect x="5" y="86" width="90" height="50" rx="4" fill="#fffdf6" stroke="${p.main}" stroke-width=".8"/>`;
    s += htmlText(text, 7, 87, 86, 48, "card-text");
  } else {
    s += `<rect x="30" y="124" width="40" height="11" rx="5.5" fill="${p.main}" opacity=".9"/>`;
    s += fitText(colourName(c.colour, data), 50, 132.2, 36, 7, `fill="#fff" font-weight="600"`);
  }
  if (c.beautified) {
    s += `<g transform="translate(74 27)"><circle cx="10" cy="10" r="9" fill="#e9b730" stroke="#7a5800" stroke-width="1.4"/><text x="10" y="13.6" font-size="9.5" font-weight="800" text-anchor="middle" fill="#3d2a00">+1</text></g>`;
  }
  if (c.stored) {
    s += `<g transform="translate(4 27)"><rect width="22" height="14" rx="4" fill="${p.dark}"/><text x="11" y="10.5" font-size="9" font-weight="700" text-anchor="middle" fill="#fff">${c.stored}</text></g>`;
  }
  s += `</svg>`;
  return s;
}

function emblem(id) {
  const E = {
    assassin: `<path d="M20 1.5 24 25h-8z" fill="#eef0f5" stroke="#222" stroke-width=".8"/><path d="M20 4v20" stroke="#b9bccb" stroke-width=".8"/><rect x="9" y="24.5" width="22" height="3.4" rx="1.5" fill="#d8b24a" stroke="#5a4300" stroke-width=".7"/><rect x="18" y="28" width="4" height="8" rx="1" fill="#8a6236"/><circle cx="20" cy="37.5" r="2.4" fill="#d8b24a"/>`,
    thief: `<path d="M13 11h14l-2.5 4.5C32 18 35 24 33.5 29.5 32 35 27 37.5 20 37.5S8 35 6.5 29.5C5 24 8 18 15.5 15.5z" fill="#e6d49a" stroke="#4a3d16" stroke-width="1"/><path d="M14 15.5h12" stroke="#8a6236" stroke-width="2"/><circle cx="20" cy="27" r="4.6" fill="#e9b730" stroke="#7a5800"/><path d="M12 9.5 16 6l4 3 4-3 4 3.5" fill="none" stroke="#4a3d16" stroke-width="1"/>`,
    magician: `<path d="M24 3l2.9 6.6 7.1.7-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7-5.4-4.7 7.1-.7z" fill="#f5e27a" stroke="#6b5a00" stroke-width=".8"/><path d="M5 37 17 21" stroke="#2d2440" stroke-width="3.2" stroke-linecap="round"/><path d="M16 22.5l1.8-2.4" stroke="#fff" stroke-width="3.2" stroke-linecap="round"/><circle cx="9" cy="10" r="1.3" fill="#fff"/><circle cx="33" cy="28" r="1.5" fill="#fff"/>`,
    king: `<path d="M5 31 3.5 10l8.5 7L20 5l8 12 8.5-7L35 31z" fill="#f3c63f" stroke="#6b4f00" stroke-width="1.2" stroke-linejoin="round"/><rect x="5" y="31" width="30" height="5" rx="1.5" fill="#d9a520" stroke="#6b4f00"/><circle cx="20" cy="24" r="2.6" fill="#c0392b"/><circle cx="11.5" cy="25.5" r="1.7" fill="#2e86c1"/><circle cx="28.5" cy="25.5" r="1.7" fill="#2e86c1"/>`,
    bishop: `<path d="M11 37V19C11 11 15 6 20 2c5 4 9 9 9 17v18z" fill="#f4f1e6" stroke="#1c3d73" stroke-width="1.2"/><path d="M20 2c-3 4-4 8-4 12" fill="none" stroke="#1c3d73" stroke-width=".9"/><path d="M20 13v16M15 19h10" stroke="#d4a017" stroke-width="2.2"/><path d="M11 33h18" stroke="#1c3d73" stroke-width="1.2"/>`,
    merchant: `<path d="M20 5v29M7 11h26M13 37h14" stroke="#3a2a10" stroke-width="2" stroke-linecap="round"/><path d="M7 11 3 23M7 11l4 12M33 11l-4 12M33 11l4 12" stroke="#3a2a10" stroke-width=".9"/><path d="M2 23h10a5 5 0 0 1-10 0zM28 23h10a5 5 0 0 1-10 0z" fill="#e9b730" stroke="#6b4f00"/><circle cx="20" cy="5" r="2.2" fill="#e9b730"/>`,
    architect: `<path d="M20 6 9.5 37M20 6l10.5 31" stroke="#eadfc8" stroke-width="2.6" stroke-linecap="round"/><path d="M12.5 28c5 2.6 10 2.6 15 0" fill="none" stroke="#eadfc8" stroke-width="1.6"/><circle cx="20" cy="6" r="3.3" fill="#d4a017" stroke="#5a4300"/><path d="M4 37h32" stroke="#eadfc8" stroke-width="1.2" stroke-dasharray="2 2"/>`,
    warlord: `<path d="M8 6h24v12c0 10-6 16-12 19C14 34 8 28 8 18z" fill="#e8d9c8" stroke="#4a120c" stroke-width="1.2"/><path d="M8 6h24v6H8z" fill="#bf3a2b"/><path d="M13 20l7 6 7-6" fill="none" stroke="#bf3a2b" stroke-width="2.6"/><path d="M33 2 12 30" stroke="#c9ccd6" stroke-width="2.4"/><path d="M12 25.5l5 4" stroke="#8a6236" stroke-width="2.6"/>`,
    witch: `<path d="M3 32c8-4 26-4 34 0-3 3-31 3-34 0z" fill="#2b1736" stroke="#e0c8ee" stroke-width=".9"/><path d="M12 31 21 3c2 5 6 8 9 9-4 2-4 10-3 19z" fill="#2b1736" stroke="#e0c8ee" stroke-width=".9"/><path d="M12.5 27.5c5-1 10-1 15 0" stroke="#a873c9" stroke-width="3"/><circle cx="31" cy="10" r="1.6" fill="#f5e27a"/>`,
    tax_collector: `<rect x="6" y="17" width="28" height="18" rx="2" fill="#8a6236" stroke="#3a2a10" stroke-width="1.1"/><path d="M6 17c0-7 6-11 14-11s14 4 14 11z" fill="#a57a45" stroke="#3a2a10" stroke-width="1.1"/><rect x="17" y="20" width="6" height="7" rx="1" fill="#e9b730" stroke="#6b4f00"/><circle cx="11" cy="6" r="3.4" fill="#e9b730" stroke="#6b4f00"/><circle cx="29" cy="5" r="2.8" fill="#e9b730" stroke="#6b4f00"/>`,
    wizard: `<circle cx="20" cy="17" r="11.5" fill="#8fd0f2" stroke="#e6f6ff" stroke-width="1.2" opacity=".95"/><path d="M14 12a7 7 0 0 1 6-3.5" stroke="#fff" stroke-width="1.8" fill="none" stroke-linecap="round"/><path d="M11 37l4-9h10l4 9z" fill="#d4a017" stroke="#5a4300"/><path d="M32 4l1 2.2 2.4.3-1.8 1.6.5 2.4-2.1-1.2-2.1 1.2.5-2.4-1.8-1.6 2.4-.3z" fill="#fff6b0"/>`,
    emperor: `<path d="M20 36C9 34 4 24 6 10" fill="none" stroke="#f0cf6a" stroke-width="1.8"/><path d="M20 36c11-2 16-12 14-26" fill="none" stroke="#f0cf6a" stroke-width="1.8"/>${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="${7 + i * 0.6}" cy="${30 - i * 5}" rx="3.4" ry="1.6" transform="rotate(${-50 + i * 8} ${7 + i * 0.6} ${30 - i * 5})" fill="#f0cf6a"/><ellipse cx="${33 - i * 0.6}" cy="${30 - i * 5}" rx="3.4" ry="1.6" transform="rotate(${50 - i * 8} ${33 - i * 0.6} ${30 - i * 5})" fill="#f0cf6a"/>`).join("")}<circle cx="20" cy="19" r="6" fill="#b8431f" stroke="#f0cf6a" stroke-width="1.3"/>`,
    abbot: `<path d="M3 9c6-2.5 12-2 17 2 5-4 11-4.5 17-2v25c-6-2.5-12-2-17 2-5-4-11-4.5-17-2z" fill="#f4f1e6" stroke="#1c3d73" stroke-width="1.2"/><path d="M20 11v25" stroke="#1c3d73" stroke-width="1.1"/><path d="M7 15h9M7 19h9M7 23h9M24 15h9M24 19h9M24 23h9" stroke="#8aa4cc" stroke-width="1"/><path d="M28 5v10l2.2-1.6L32.4 15V5" fill="#bf3a2b"/>`,
    alchemist: `<path d="M15 3h10v11l9 18c1.4 3-.4 5-3.4 5H9.4C6.4 37 4.6 35 6 32l9-18z" fill="#e9f5f2" stroke="#1f4f47" stroke-width="1.2"/><path d="M9 27h22l2.6 5.4c.8 1.8-.2 2.6-2 2.6H8.4c-1.8 0-2.8-.8-2-2.6z" fill="#46c2a6"/><circle cx="16" cy="23" r="1.6" fill="#46c2a6"/><circle cx="22" cy="19" r="1.1" fill="#46c2a6"/><path d="M13 3h14" stroke="#1f4f47" stroke-width="2" stroke-linecap="round"/>`,
    navigator: `<circle cx="20" cy="6" r="3.4" fill="none" stroke="#e6f0f5" stroke-width="2.2"/><path d="M20 9.5v26M12 15h16" stroke="#e6f0f5" stroke-width="2.6" stroke-linecap="round"/><path d="M6 24c1 8 7 12 14 12s13-4 14-12" fill="none" stroke="#e6f0f5" stroke-width="2.6" stroke-linecap="round"/><path d="M3.5 26.5 6 23l3 3M36.5 26.5 34 23l-3 3" fill="none" stroke="#e6f0f5" stroke-width="2" stroke-linejoin="round"/>`,
    diplomat: `<path d="M9 5h20c3 0 4 2 4 4v24c0 2 1 3 2 3H13c-2 0-4-1-4-3z" fill="#f6ecd2" stroke="#4a2a12" stroke-width="1.1"/><path d="M9 5c-3 0-4 2-4 4h4" fill="#e2d3aa" stroke="#4a2a12" stroke-width="1"/><path d="M13 11h15M13 15h15M13 19h11" stroke="#9a8a6a" stroke-width="1"/><circle cx="24" cy="28" r="5" fill="#b0302a" stroke="#5a120e"/><path d="M21 33l-2 5 3-1.5 1.5 2 1-5" fill="#b0302a"/>`,
    artist: `<path d="M20 4c10 0 17 6 17 14 0 5-3.5 8-7.5 8-3 0-3.5 2.4-2.5 4.6 1.6 3.6-1 6.4-6 6.4C10 37 3 30 3 20.5 3 11 10 4 20 4z" fill="#f1dfc0" stroke="#5a3a1a" stroke-width="1.2"/><circle cx="12" cy="15" r="3" fill="#bf3a2b"/><circle cx="20" cy="10.5" r="3" fill="#3569b8"/><circle cx="28.5" cy="14" r="3" fill="#3b8f4a"/><circle cx="10.5" cy="24" r="3" fill="#d4a017"/><circle cx="19" cy="29" r="3.4" fill="#fffaf0" stroke="#5a3a1a" stroke-width=".8"/>`,
    queen: `<path d="M4 30C8 18 13 12 20 6c7 6 12 12 16 24z" fill="#f3c63f" stroke="#6b4f00" stroke-width="1.2" stroke-linejoin="round"/><path d="M4 30c10-3 22-3 32 0v5c-10-3-22-3-32 0z" fill="#d9a520" stroke="#6b4f00"/><circle cx="20" cy="18" r="3" fill="#c0392b"/><circle cx="12" cy="24" r="1.8" fill="#8e44ad"/><circle cx="28" cy="24" r="1.8" fill="#8e44ad"/><circle cx="20" cy="5" r="2" fill="#fff"/>`,
  };
  return E[id] || `<circle cx="20" cy="20" r="12" fill="#fff" opacity=".6"/>`;
}

// A character card. `compact` leaves out the power text (for the character strip); `data` is the catalog.
export function characterSvg(id, data, opts = {}) {
  const info = characterInfo(id, data);
  const rank = info.rank;
  const col = CHAR_COLOUR[id] || "#555";
  const name = info.name;
  const gid = `c${++uid}`;
  const compact = !!opts.compact;
  const H = compact ? 112 : 140;
  let s = `<svg class="card-svg character-svg" viewBox="0 0 100 ${H}" role="img" aria-label="${esc(name)}">`;
  s += `<defs><radialGradient id="${gid}" cx=".5" cy=".3" r=".9"><stop offset="0" stop-color="${col}" stop-opacity=".75"/><stop offset="1" stop-color="${col}"/></radialGradient></defs>`;
  s += `<rect x="1" y="1" width="98" height="${H - 2}" rx="8" fill="url(#${gid})" stroke="#1e1a14" stroke-width="2"/>`;
  s += `<rect x="5" y="5" width="90" height="${H - 10}" rx="5" fill="none" stroke="#f3e3b8" stroke-opacity=".55" stroke-width="1"/>`;
  const ey = compact ? 14 : 8;
  const scale = compact ? 1.55 : 1.25;
  s += `<g transform="translate(${50 - 20 * scale} ${ey}) scale(${scale})">${emblem(id)}</g>`;
  // rank
  s += `<circle cx="16" cy="16" r="11" fill="#f6ecd2" stroke="#1e1a14" stroke-width="1.4"/>`;
  s += `<text x="16" y="20.6" font-size="13.5" font-weight="800" text-anchor="middle" fill="#1e1a14" class="card-rank">${rank}</text>`;
  const ny = compact ? 80 : 60;
  s += `<rect x="5" y="${ny}" width="90" height="17" rx="3" fill="#f6ecd2" opacity=".95"/>`;
  s += fitText(name, 50, ny + 12.4, 84, name.length > 11 ? 10 : 11.5, `fill="#1e1a14" font-weight="700" class="card-name"`);
  if (!compact) {
    s += htmlText(info.text, 7, 79, 86, 58, "card-text light");
  }
  s += `</svg>`;
  return s;
}

// The back of a character card (face down).
export function characterBackSvg(label = "") {
  return `<svg class="card-svg character-svg back" viewBox="0 0 100 112" aria-hidden="true"><rect x="1" y="1" width="98" height="110" rx="8" fill="#3b3152" stroke="#1e1a14" stroke-width="2"/><path d="M50 14 80 56 50 98 20 56z" fill="none" stroke="#c9b6ea" stroke-width="2" opacity=".7"/><path d="M50 30 68 56 50 82 32 56z" fill="#c9b6ea" opacity=".35"/>${label ? `<text x="50" y="62" font-size="22" font-weight="800" text-anchor="middle" fill="#f6ecd2">${esc(label)}</text>` : ""}</svg>`;
}
