// Clocks as the server keeps them: a table's speed in words, each seat's time left counted
// down between two states, and the speed profiles the server offers. Every number comes from
// the server (API.md, "Clocks"); the page only subtracts the time since a state arrived.
import {api} from "./common.js";

/** "3 min", "10 s", "1 min 30 s", "2 h", "1 day", "3 days": a length of time in words (a
 * number and its unit never part at the end of a line). */
export function span(seconds) {
  const s = Math.max(0, Math.round(Number(seconds) || 0));
  const unit = (n, word) => `${n}\u00A0${word}`;
  if (s >= 86400 && s % 86400 === 0) return unit(s / 86400, s === 86400 ? "day" : "days");
  if (s >= 3600 && s % 3600 === 0) return unit(s / 3600, "h");
  if (s >= 60) return s % 60 ? `${unit(Math.floor(s / 60), "min")} ${unit(s % 60, "s")}` : unit(s / 60, "min");
  return unit(s, "s");
}

/** Whether ``clock`` is a clock's setting ({initial, increment} or {per_move}). */
function isSetting(clock) {
  return Boolean(clock) && typeof clock === "object" && ("per_move" in clock || "initial" in clock);
}

/** A clock's setting in words: "3 min + 10 s", "1 day a move"; null for none. */
export function clockWords(setting) {
  if (!isSetting(setting)) return null;
  if (setting.per_move !== undefined && setting.per_move !== null) return `${span(setting.per_move)} a move`;
  return setting.increment ? `${span(setting.initial)} + ${span(setting.increment)}` : span(setting.initial);
}

/** Whether a setting is turn-based (a time for each decision), not real time. */
export function turnBased(setting) {
  return isSetting(setting) && setting.per_move !== undefined && setting.per_move !== null;
}

/** The setting a table's entry (a lobby row, a table's description) carries, if any: its
 * "clock" when that holds the setting, else a "clock_setting" beside it. */
export function settingOf(entry) {
  if (!entry) return null;
  for (const candidate of [entry.clock, entry.clock && entry.clock.setting, entry.clock_setting]) {
    if (isSetting(candidate)) return candidate;
  }
  return null;
}

/** A table's speed in words for the lobby's lists ("3 min + 10 s"), or null. */
export function speedOf(entry) {
  if (entry && typeof entry.clock_label === "string") return entry.clock_label;
  return clockWords(settingOf(entry));
}

/** Time left as a clock shows it: "2:05", "0:09", "1:02:03", and "2 d 4 h" beyond a day. */
export function timeLeft(seconds) {
  const s = Math.max(0, Math.ceil(Number(seconds) || 0));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const pad = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${minutes}:${pad(s % 60)}`;
}

/** A clock as it stood when it arrived ({remaining, running} of a view or a table's
 * description), counting down the running seat from that moment. */
export class Countdown {
  constructor(clock, arrived = performance.now()) {
    this.remaining = Array.isArray(clock && clock.remaining) ? clock.remaining : [];
    this.running = clock && Number.isInteger(clock.running) ? clock.running : null;
    this.arrived = arrived;
    this.setting = settingOf({clock});
  }

  /** Whether any seat has a clock at all. */
  get any() { return this.remaining.some((r) => r !== null && r !== undefined); }

  /** Seconds left for ``seat`` now (null: no clock for that seat). */
  left(seat, now = performance.now()) {
    const r = this.remaining[seat];
    if (r === null || r === undefined) return null;
    const spent = seat === this.running ? (now - this.arrived) / 1000 : 0;
    return Math.max(0, r - spent);
  }
}

/** Whether ``left`` seconds are little: under 30 s, or under a tenth of a move's time at a
 * turn-based table (``perMove``, when the server says it). */
export function low(left, perMove = null) {
  if (left === null || left === undefined) return false;
  return left < 30 || (Number(perMove) > 0 && left < perMove / 10);
}

let profiles = null;
/** The clock profiles the server offers for ``game`` ([{name, label, clock}], ``clock`` null
 * for none): the game's own "clocks" in ``GET /api/games``, else ``GET /api/clocks``; none
 * on a server without clocks. */
export async function clockProfiles(game) {
  if (game && Array.isArray(game.clocks)) return game.clocks;
  if (!profiles) {
    profiles = api("/api/clocks").then((answer) => (Array.isArray(answer) ? answer : answer.clocks || answer.profiles || []), () => []);
  }
  return profiles;
}
