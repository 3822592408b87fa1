// Shared helpers of the pages: element building, the API, seat names, card drawing.

/** Build an element: h("div", {class: "x", onclick: f}, child, "text", ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** GET or POST JSON (another method with ``{method}``); throws an Error carrying the
 * server's message, its status and, when throttled, ``retryAfter`` in seconds. */
export async function api(path, body, {method} = {}) {
  const init = {method: method || (body === undefined ? "GET" : "POST")};
  if (body !== undefined) {
    init.headers = {"Content-Type": "application/json"};
    init.body = JSON.stringify(body);
  }
  const answer = await fetch(path, init);
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    const error = new Error(data.message || `${answer.status} ${answer.statusText}`);
    error.status = answer.status;
    error.retryAfter = Number(answer.headers.get("Retry-After")) || null;
    throw error;
  }
  return data;
}

/** "+1.2", "\u22120.8" (a true minus sign), "0.0": a rating change; "unrated" for none. */
export function signed(change) {
  if (change === null || change === undefined) return "unrated";
  const text = Math.abs(change).toFixed(1);
  if (text === "0.0") return "\u00B10.0";
  return `${change > 0 ? "+" : "\u2212"}${text}`;
}

/** A date for people ("3 Dec 2026"), from an ISO text. */
export function day(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleDateString("en-GB", {day: "numeric", month: "short", year: "numeric"});
}

/** A seat's number as people read it: from 1 ("Seat 1" is seat 0 of the API, of actions
 * and of ``#seat=N`` links, which stay from 0). */
export function seatNumber(seat) {
  return seat + 1;
}

/** The name a seat goes by, as the log's sentences write it (``people.sentence_names`` on the
 * server): its name ("Ana", "easy bot"), with its seat's number where two seats share it
 * ("easy bot (seat 2)"), else "Player N", numbered from 1. Names are data: always put in the
 * page as text, never as markup. */
export function plainName(table, seat, names) {
  if (seat === null || seat === undefined) return "nobody";
  const given = givenName(table, seat, names);
  if (!given) return `Player ${seatNumber(seat)}`;
  const seats = Math.max(table && table.seats ? table.seats.length : 0, (names || []).length);
  let sharing = 0;
  for (let s = 0; s < seats; s++) if (givenName(table, s, names) === given) sharing += 1;
  return sharing > 1 ? `${given} (seat ${seatNumber(seat)})` : given;
}

function givenName(table, seat, names) {
  const all = names || (table && table.names) || [];
  const info = table && table.seats ? table.seats[seat] : null;
  return all[seat] || (info && info.bot ? `${info.bot} bot` : null);
}

/** How the page names a seat: "Ana", "easy bot 2", with "(you)" for the page's own seat. */
export function seatName(table, seat, mySeat, names) {
  const name = plainName(table, seat, names);
  return seat !== null && seat !== undefined && seat === mySeat ? `${name} (you)` : name;
}

/** The browser's memory: the name last given, the seat links this browser holds. */
export const memory = {
  name() { return localStorage.getItem("parlour.name") || ""; },
  setName(name) { localStorage.setItem("parlour.name", name); },
  seats() {
    try { return JSON.parse(localStorage.getItem("parlour.seats") || "[]"); } catch (error) { return []; }
  },
  /** Keep a seat link ({table, seat, url, title}); one entry per table and seat. */
  keepSeat(entry) {
    const seats = memory.seats().filter((s) => !(s.table === entry.table && s.seat === entry.seat));
    seats.unshift({...entry, kept: new Date().toISOString()});
    localStorage.setItem("parlour.seats", JSON.stringify(seats.slice(0, 50)));
  },
  forgetSeat(table, seat) {
    localStorage.setItem("parlour.seats", JSON.stringify(memory.seats().filter((s) => !(s.table === table && s.seat === seat))));
  },
};

/** The class of a card's name: long words get a smaller type, so names wrap between words
 * and are never cut inside one ("Watchtower", "Quartermaster"). */
export function nameClass(name) {
  const longest = Math.max(0, ...String(name).split(/\s+/).map((w) => w.length));
  return longest > 11 ? "dname longer" : longest > 8 ? "dname long" : "dname";
}

/** "1 card", "3 cards". */
export function count(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** What a move that cannot be taken back does, in the game's words (its guide's
 * ``consequences``), ``{name}`` replaced by what the move names. */
export function consequence(verb, ctx, name = "") {
  return ((ctx.catalogue.consequences || {})[verb] || "").replaceAll("{name}", name);
}

/** "haunted-city" -> "Haunted City". */
export function title(slug) {
  return String(slug).split(/[-_]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

// Fearless suits: a colour and a distinct shape each, so colour-blind players tell them apart.
export const SUITS = {blue: "\u25C6", orange: "\u25CF", magenta: "\u25B2", green: "\u2663"};

/** A Fearless card ("green+6", "blue-1", "zero") drawn with CSS. */
export function fearlessCard(text, {small = false} = {}) {
  if (text === "zero") {
    return h("div", {class: `card zero${small ? " small" : ""}`, "data-card": text, title: "zero"},
      h("span", {class: "big"}, "0"));
  }
  const match = /^([a-z]+)([+-]\d+)$/.exec(text);
  if (!match) return h("div", {class: `card${small ? " small" : ""}`, "data-card": text}, text);
  const [, suit, value] = match;
  const pip = SUITS[suit] || "?";
  return h("div", {class: `card suit-${suit}${small ? " small" : ""}`, "data-card": text, title: `${suit} ${value}`},
    h("span", {class: "corner"}, value, h("br"), pip),
    h("span", {class: "pip"}, pip),
    h("span", {class: "big"}, value),
    h("span", {class: "corner br"}, pip));
}

/** A face-down card. */
export function cardBack({small = false, label = ""} = {}) {
  return h("div", {class: `card back${small ? " small" : ""}`, title: label || "face down"});
}

/** Show a short message at the bottom of the page for a few seconds. */
export function toast(message) {
  let el = document.getElementById("toast");
  if (!el) {
    el = h("div", {id: "toast", class: "toast", role: "alert"});
    document.body.append(el);
  }
  el.textContent = message;
  el.hidden = false;
  clearTimeout(el._timer);
  el._timer = setTimeout(() => { el.hidden = true; }, 5000);
}

/** A key/value grid for any JSON value (the generic fallback of unknown views). */
export function kv(object) {
  const grid = h("div", {class: "kv"});
  for (const [key, value] of Object.entries(object)) {
    grid.append(h("div", {class: "k"}, key), h("div", {class: "v"}, show(value)));
  }
  return grid;
}

function show(value) {
  if (value === null || value === undefined) return "\u2014";
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value) && value.every((x) => x === null || typeof x !== "object")) {
    return value.map((x) => (x === null ? "\u2014" : String(x))).join(", ") || "none";
  }
  return JSON.stringify(value);
}
