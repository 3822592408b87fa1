// The live table page: one WebSocket, the seat's view redrawn after every move.
//
// Safety against stray clicks: a control acts only once it has been on screen ARM_MS for
// this move (a button that appears under the pointer between two clicks of a double-click
// is not armed yet), every control is disabled from the moment a move is sent until the next
// state arrives, and moves that cannot be taken back ask first, in words.
import {h, api, memory, plainName, seatName, seatNumber, toast} from "./common.js";
import {cardLookup, cardName, cardTexts, drawGame, finalTable, linkCards, loadCatalogue, rendererFor, seatStrip} from "./board.js";
import {account, askName, onAccount, openAuth, profileUrl, startAccount} from "./account.js";
import {openPlayerReport, reportButton} from "./report.js";
import {Countdown, low, settingOf, timeLeft} from "./clock.js";
import {drawGuide, markRegion} from "./guide.js";

const ARM_MS = 300;
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token");
// How long a finished trick, a combat's result or a character's reveal stays at least (ms);
// ``#pace=0`` in the link turns the pause off.
const HOLD_MS = fragment.has("pace") ? Math.max(0, Number(fragment.get("pace")) || 0) : 1500;

// "How to play" opens by itself once, at a Learn table; after that it stays as the player
// left it, through reloads (kept per table in this browser).
function howtoKey() {
  return `parlour.howto.${tableId}`;
}

function howtoAtStart() {
  const kept = localStorage.getItem(howtoKey());
  return kept === null ? fragment.get("learn") === "1" : kept === "open";
}

function setHowto(open) {
  page.howto = open;
  localStorage.setItem(howtoKey(), open ? "open" : "closed");
  draw();
}

const page = {
  view: null, table: null, seat: null, catalogue: {}, pending: false, filter: null, closed: false, rematch: null,
  events: [], last: {}, fresh: true, shown: new Map(), shownMove: null, confirm: null, hints: null,
  banner: null, howto: howtoAtStart(), asked: false,
  autoPass: null,  // "Pass for me" as the player last set it, until a view carries it
  bots: null,  // the game's bot levels, once a waiting table needs them
  closing: false,  // the creator asked to close the waiting table: "Close it?" shows
  claimed: null,  // the account this finished game was saved to
  clock: null,  // the last clock the server sent (a Countdown from the moment it arrived)
  backSent: false,  // "I'm back" is on its way: the button waits for the next state
  myTurn: null,  // whether the view last shown was this seat's turn (null: none shown yet)
};
const cardInfo = cardLookup(tableId, () => { drawLog(); draw(); });
const queue = [];
let holdUntil = 0;
let pumpTimer = null;
let socket = null;
let retry = 500;

// -- the connection -------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}${query}`);
  socket.onopen = () => { retry = 500; page.fresh = true; page.autoPass = null; draw(); };
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onclose = (event) => {
    if (event.code === 4404) { fail("There is no such table", "The link may be mistyped, or the table was never opened on this server."); return; }
    if (event.code === 4403) {
      // The token rides in the fragment, which the server never sees: the page tells it.
      page.closed = true;
      memory.forgetSeat(tableId, Number(fragment.get("seat")));
      location.replace(`/table/${encodeURIComponent(tableId)}/bad-link`);
      return;
    }
    if (event.code === 4410) { fail("This table was closed", "The person who opened it closed it before the game began, or an admin deleted it."); return; }
    if (event.code === 4423) { fail("This game was stopped", "An admin stopped it, or it was left untouched too long: no more moves are made here."); return; }
    if (event.code === 4500) { fail("This table cannot be shown", "The server could not bring the game back; it is kept as it was."); return; }
    draw();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function live() {
  return Boolean(socket && socket.readyState === WebSocket.OPEN && !page.closed);
}

function sendMessage(message) {
  if (!live()) { toast("Not connected: reconnecting…"); return false; }
  socket.send(JSON.stringify(message));
  return true;
}

async function receive(message) {
  if (message.type === "state") {
    // The clock counts from the moment its state arrives, not from when the page shows it.
    if (message.view) page.clock = message.view.clock ? new Countdown(message.view.clock) : null;
    if (!page.view || page.view.game !== message.view.game) page.catalogue = await loadCatalogue(message.view.game);
    // The first state after a (re)connect carries the whole log: it replaces the log and is
    // shown at once, whatever was waiting. So does a log the server sends again from its
    // start (``log_from`` 0: a name changed its sentences).
    if (page.fresh) { queue.length = 0; holdUntil = 0; message.replaceLog = true; page.fresh = false; }
    if (message.log_from === 0) message.replaceLog = true;
    queue.push(message);
    pump();
  } else if (message.type === "table") {
    page.table = message.table;
    if (message.table && message.table.clock && Array.isArray(message.table.clock.remaining)) page.clock = new Countdown(message.table.clock);
    draw();
  } else if (message.type === "error") {
    page.pending = false;
    page.backSent = false;
    if (page.hints && page.hints.waiting) page.hints = null;
    toast(message.message);
    draw();
  } else if (message.type === "rematch") {
    page.rematch = message.url;
    draw();
  } else if (message.type === "chat") {
    addChat(message, true);
  } else if (message.type === "chat_deleted") {
    document.querySelector(`#chat [data-line="${Number(message.id)}"]`)?.remove();
  } else if (message.type === "chat_log") {
    document.getElementById("chat").replaceChildren();
    for (const line of message.lines || []) addChat(line);
  } else if (message.type === "hint") {
    if (page.view && message.move === page.view.move) { page.hints = {actions: message.actions}; draw(); }
  }
}

/** Show queued states in order; a state worth seeing (a trick taken, a reveal) holds the
 * next one back for HOLD_MS. Only this page waits: the game and its bots go on. */
function pump() {
  clearTimeout(pumpTimer);
  while (queue.length) {
    const wait = holdUntil - performance.now();
    if (wait > 0) { pumpTimer = setTimeout(pump, wait); return; }
    if (show(queue.shift())) holdUntil = performance.now() + HOLD_MS;
  }
}

/** Take a state in; whether it holds the next one back. */
function show(message) {
  const view = message.view;
  page.pending = false;
  page.filter = null;
  page.confirm = null;
  if (!page.view || page.view.move !== view.move) page.hints = null;
  page.seat = view.seat;
  page.view = view;
  page.backSent = false;
  let held = false;
  if (message.replaceLog) {
    lines.queue = [];
    page.events = [...message.events];
    page.last = {};
    for (const event of page.events) page.last[event.kind] = event;
    drawLog();
  } else {
    for (const event of message.events) page.last[event.kind] = event;
    page.events.push(...message.events);
    appendLog(message.events);
    const headline = renderer().headline ? renderer().headline(message.events, view, context(new Set())) : null;
    if (headline) {
      page.banner = headline;
      held = HOLD_MS > 0;
    } else if (message.events.length) {
      page.banner = null;  // the next player has acted
    }
  }
  draw();
  noticeTurn(view);
  return held;
}

// -- clocks, absence and the turn notice -------------------------------------------------------

/** The seats a bot plays for because their person's time ran out (API.md, "Clocks"). */
function absent(view = page.view) {
  return new Set(view && Array.isArray(view.absent) ? view.absent : []);
}

/** A turn-based table's time for a move, when the server says it (for the warning). */
function perMove() {
  const setting = (page.clock && page.clock.setting) || settingOf(page.table);
  return setting && setting.per_move ? setting.per_move : null;
}

/** Each seat's time left and whether it is away, added to the seat strip. */
function decorateSeats(view) {
  const away = absent(view);
  for (const el of document.querySelectorAll("#seats .seat[data-seat]")) {
    const seat = Number(el.dataset.seat);
    const name = el.querySelector(".name");
    if (page.clock && page.clock.left(seat) !== null) {
      name.append(h("span", {class: "seat-clock", title: "time left"},
        h("span", {class: "sr-only"}, "time left "), h("span", {"data-clock-seat": seat})));
    }
    if (away.has(seat)) {
      el.classList.add("away");
      el.append(h("div", {class: "away-mark", "data-away": seat}, "away — played by a bot"));
    }
  }
  tickClocks();
}

/** Count the running seat's clock down: every clock on the page shows the time left now. */
function tickClocks() {
  const clock = page.clock;
  for (const el of document.querySelectorAll("[data-clock-seat]")) {
    const seat = el.dataset.clockSeat === "mine" ? page.seat : Number(el.dataset.clockSeat);
    const left = clock && seat !== null ? clock.left(seat) : null;
    const text = left === null ? "" : timeLeft(left);
    if (el.textContent !== text) el.textContent = text;
    const box = el.parentElement;
    box.classList.toggle("running", Boolean(clock) && seat === clock.running);
    box.classList.toggle("low", low(left, perMove()));
  }
  const mine = document.getElementById("my-clock");
  const shown = Boolean(clock) && page.seat !== null && clock.left(page.seat) !== null && Boolean(page.view) && !page.view.is_over;
  mine.classList.toggle("hidden", !shown);
}
setInterval(tickClocks, 250);

/** "I'm back" for this seat while a bot plays it; everyone else sees the seat marked away. */
function drawAway(view) {
  const box = document.getElementById("away");
  const mine = page.seat !== null && absent(view).has(page.seat) && !view.is_over;
  box.classList.toggle("hidden", !mine);
  const button = document.getElementById("back-button");
  button.disabled = !mine || page.backSent || !live();
  button.textContent = page.backSent ? "Taking your seat back…" : "I'm back";
}

const SOUND = "parlour.sound";
function soundOn() { return localStorage.getItem(SOUND) !== "off"; }
let audio = null;

/** Browsers start sound only after the player has touched the page: the first touch opens it. */
function openAudio() {
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) audio = new Context();
    if (audio && audio.state === "suspended") audio.resume();
  } catch (error) { audio = null; }
}

/** Two short soft notes, made with the Web Audio API (no sound file). */
function chime() {
  openAudio();
  if (!audio) return;
  const start = audio.currentTime + 0.02;
  [660, 880].forEach((frequency, i) => {
    const at = start + i * 0.16;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + 0.32);
  });
}

/** When it becomes this seat's turn: the title says so (``draw``) and, while the tab is
 * hidden, a sound (unless turned off) and a notification (once the player allowed them). */
function noticeTurn(view) {
  const mine = page.seat !== null && view.current_player === page.seat && !view.is_over && !absent(view).has(page.seat) && !waiting();
  const before = page.myTurn;
  page.myTurn = mine;
  if (!mine || before !== false || !document.hidden) return;
  if (soundOn()) { try { chime(); } catch (error) { /* no sound on this device */ } }
  if ("Notification" in window && Notification.permission === "granted") {
    try {
      const note = new Notification(`Your turn · ${page.table ? page.table.title : "Parlour"}`, {
        body: page.table ? `It is your move at the ${page.table.title} table.` : "It is your move.",
        tag: `parlour-${tableId}`,
      });
      note.onclick = () => { window.focus(); note.close(); };
    } catch (error) { /* a browser that shows notifications only from a service worker */ }
  }
}

function drawNoticeTools(view) {
  const seated = page.seat !== null && !view.is_over;
  document.getElementById("sound-label").classList.toggle("hidden", !seated);
  document.getElementById("sound").checked = soundOn();
  const ask = seated && "Notification" in window && Notification.permission === "default";
  document.getElementById("notify-button").classList.toggle("hidden", !ask);
}

// -- names and words ------------------------------------------------------------------------

function renderer() {
  return rendererFor(page.view ? page.view.game : "");
}

function names(seat) {
  return seatName(page.table, seat, page.seat, page.view && page.view.names);
}

/** What a button says for an action: the game's words the view carries, else the action text. */
function labelOf(action) {
  const labels = (page.view && page.view.labels) || {};
  return labels[action] || action;
}

/** An event's text with "(you)" after your own name and card ids given their names. The
 * server's sentence already names every seat (a name, else "Player N"); whose line it is
 * comes from the event's fields (``logLine``), never from the text. */
function eventText(event) {
  let text = String(event.text);
  if (page.seat !== null) {
    // The server writes your name like anyone's; the page adds that it is you.
    const mine = plainName(page.table, page.seat, page.view && page.view.names);
    const exact = mine.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    text = text.replace(new RegExp(`(^|\\W)${exact}(?!\\w| \\(you\\))`, "g"), (all, before) => `${before}${mine} (you)`);
  }
  // Per-table cards (Fool's Blade) by any id; a district only by an id no sentence word can
  // be ("haunted-city", not "keep").
  const cards = cardInfo.all();
  const districts = page.catalogue.districts || {};
  const named = (word) => (cards[word] || (word.includes("-") && districts[word]) || {}).name;
  return text.replace(/\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b|\b[a-z]{4,}\b/g, (word) => named(word) || word);
}

function logLine(event) {
  const mine = page.seat !== null && event.seat === page.seat;
  return h("p", {class: mine ? "mine" : "", "data-kind": event.kind}, ...linkCards(eventText(event), event, (id) => cardName(id, cardInfo, page.catalogue)));
}

/** The whole log anew (card names may have arrived), but for the lines still waiting their turn. */
function drawLog() {
  const log = document.getElementById("log");
  const shown = page.events.slice(0, page.events.length - lines.queue.length);
  log.replaceChildren(...(shown.length ? shown.map(logLine) : [h("p", {class: "muted"}, "The table is set.")]));
  log.scrollTop = log.scrollHeight;
}

// New lines come in bursts (a bot's whole turn at once): they are shown one at a time at the
// table's pace, each marked while it is new, faster when many wait; ``#pace=0`` shows them at
// once. Only the page waits: the game and its bots go on.
const LINE_MS = HOLD_MS / 4;
const lines = {queue: [], timer: null};

function appendLog(events) {
  lines.queue.push(...events);
  if (lines.timer === null) showLines();
}

function showLines() {
  const log = document.getElementById("log");
  const now = LINE_MS > 0 ? lines.queue.splice(0, 1) : lines.queue.splice(0);
  if (now.length) log.querySelector(":scope > p.muted")?.remove();
  for (const event of now) {
    const line = logLine(event);
    line.classList.add("fresh");
    log.append(line);
    markMoved(line);
  }
  log.scrollTop = log.scrollHeight;
  lines.timer = lines.queue.length ? setTimeout(showLines, LINE_MS / Math.ceil(lines.queue.length / 6)) : null;
}

/** The cards a new log line names, marked on the table where they are now (where they went),
 * for as long as the line is new. */
function markMoved(line) {
  const ids = new Set([...line.querySelectorAll("[data-info]")].map((el) => el.dataset.info));
  for (const id of ids) {
    for (const el of document.querySelectorAll(`#table-layout [data-card="${CSS.escape(id)}"]`)) {
      el.classList.remove("moved");
      void el.offsetWidth;  // restart the mark's animation on a card marked before
      el.classList.add("moved");
    }
  }
}

/** The people at the table besides this page's seat, by the name the table shows. */
function others() {
  const table = page.table;
  if (!table || !table.seats) return [];
  return table.seats.filter((s) => !s.bot && s.seat !== page.seat && !(table.open || []).includes(s.seat))
    .map((s) => plainName(table, s.seat, page.view && page.view.names));
}

document.getElementById("report-player").addEventListener("click", () => openPlayerReport(others(), tableId));

/** Show a chat line; a ``fresh`` one from someone else while the chat is out of sight is
 * counted on the unread badge. */
function addChat(line, fresh = false) {
  const box = document.getElementById("chat");
  const who = line.seat === null || line.seat === undefined ? (line.name || "someone") : names(line.seat);
  // Everything people type is text, never markup.
  const mine = line.seat === page.seat;
  const report = mine || line.id === null || line.id === undefined ? null
    : reportButton({chat: line.id}, line.text, `report this line by ${who}`);
  box.append(h("p", {class: mine ? "mine" : "", "data-line": line.id}, h("strong", {}, `${who}: `), line.text, report ? " " : null, report));
  box.scrollTop = box.scrollHeight;
  if (fresh && line.seat !== page.seat && !unread.seen) {
    unread.count += 1;
    drawUnread();
  }
}

// On a phone the chat is below the whole table: lines that arrive while it is out of sight
// are counted on a badge that leads there, and the count clears once the chat is seen.
const unread = {count: 0, seen: false};

function drawUnread() {
  const badge = document.getElementById("chat-unread");
  badge.classList.toggle("hidden", !unread.count);
  badge.textContent = `Chat \u00B7 ${unread.count} new`;
}

// Seen means above the dock, which covers up to the bottom third of the window.
new IntersectionObserver(([entry]) => {
  unread.seen = entry.isIntersecting;
  if (unread.seen) { unread.count = 0; drawUnread(); }
}, {rootMargin: "0px 0px -34% 0px"}).observe(document.getElementById("chat-panel"));
// Arrow keys move between the cards of the hand (Tab and Shift+Tab still go card by card).
document.getElementById("hand-area").addEventListener("keydown", (e) => {
  if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
  const cards = [...document.querySelectorAll("#hand-area [tabindex='0']")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  e.preventDefault();
  cards[(at + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length].focus();
});
document.getElementById("chat-unread").addEventListener("click", () => {
  document.getElementById("chat-panel").scrollIntoView({behavior: "smooth", block: "center"});
  unread.count = 0;
  drawUnread();
});

// -- moves ----------------------------------------------------------------------------------

/** Whether a control for ``action`` has been on screen long enough to act. */
function armed(action) {
  const since = page.shown.get(action);
  return since !== undefined && performance.now() - since >= ARM_MS;
}

/** A click or key on a control: acts only on a control armed, connected and still shown. */
function press(action, el) {
  if (!el.isConnected || el.disabled || el.getAttribute("aria-disabled") === "true") return;
  if (!armed(action)) return;
  choose(action);
}

function choose(action) {
  if (page.pending || !page.view || page.view.passing || !(page.view.legal_actions || []).includes(action)) return;
  const r = renderer();
  const check = r.confirm ? r.confirm(action, page.view, context(new Set())) : null;
  if (check) {
    page.confirm = {action, ...check, at: performance.now()};
    draw();
    setTimeout(armControls, ARM_MS + 20);
    document.getElementById("confirm-no").focus();
    return;
  }
  send(action);
}

function send(action) {
  if (page.pending || !page.view) return;
  const handFocused = document.activeElement && document.activeElement.closest("#hand-area, #actions");
  if (!sendMessage({type: "act", action, move: page.view.move})) return;
  page.pending = true;
  page.confirm = null;
  page.keepFocus = Boolean(handFocused);
  // Whoever moves has seen what was held for them: their move's answer is shown at once.
  holdUntil = 0;
  draw();
}

function armControls() {
  for (const el of document.querySelectorAll("[data-action]")) {
    if (armed(el.dataset.action) && !el.disabled) el.dataset.armed = "";
  }
  const yes = document.getElementById("confirm-yes");
  if (page.confirm && performance.now() - page.confirm.at >= ARM_MS) yes.dataset.armed = "";
}

// -- drawing --------------------------------------------------------------------------------

function context(legal) {
  const bound = new Set();
  const bind = (el, action) => {
    if (!legal.has(action)) return;
    bound.add(action);
    if (!page.shown.has(action)) page.shown.set(action, performance.now());
    el.classList.add("playable");
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", labelOf(action));
    el.title = labelOf(action);
    el.dataset.action = action;
    el.addEventListener("click", () => press(action, el));
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); press(action, el); } });
  };
  const bindCard = (el, id) => {
    const matches = [...legal].filter((a) => a.split(" ").slice(1).includes(id));
    if (matches.length === 1) { bind(el, matches[0]); return; }
    if (!matches.length) return;
    el.classList.add("playable");
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", `${matches.length} moves with this card`);
    if (page.filter === id) el.classList.add("chosen");
    const pick = () => { page.filter = page.filter === id ? null : id; draw(); };
    el.addEventListener("click", pick);
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
  };
  return {seat: page.seat, table: page.table, legal, bind, bindCard, bound, info: texts.info, catalogue: page.catalogue, cardInfo,
    names, short: (seat) => (seat === page.seat ? "you" : plainName(page.table, seat, page.view && page.view.names)),
    lastEvent: (kind) => page.last[kind] || null};
}

// Rules text: a tap on a card that is not a move opens it; a move's card has an "i" button.
const texts = cardTexts((id) => {
  const r = renderer();
  return r.describe ? r.describe(id, context(new Set())) : null;
});

function fail(headline, detail) {
  page.closed = true;
  const box = document.getElementById("failure");
  box.replaceChildren(h("div", {class: "panel failure"}, h("h2", {}, headline), h("p", {}, detail),
    h("p", {}, h("a", {class: "button", href: "/"}, "Back to the lobby"))));
  box.classList.remove("hidden");
  for (const id of ["table-layout", "dock", "final", "waiting"]) document.getElementById(id).classList.add("hidden");
  document.getElementById("status").textContent = "closed";
}

/** The card this seat may answer, with its text, in the dock (``null``: none). */
function drawAskedCard(id, ctx) {
  const box = document.getElementById("asked-card");
  const found = id && renderer().describe ? renderer().describe(id, ctx) : null;
  box.classList.toggle("hidden", !found);
  if (!found) { box.replaceChildren(); return; }
  box.replaceChildren(h("strong", {}, found.title), " ", h("span", {class: "muted"}, found.facts || ""), h("p", {}, found.text || ""));
}

function drawStatus(myTurn) {
  const el = document.getElementById("status");
  const view = page.view;
  el.className = "pill";
  if (page.closed) { el.textContent = "closed"; return; }
  if (!live()) { el.textContent = "reconnecting…"; el.classList.add("offline"); return; }
  if (!view) { el.textContent = "connecting…"; return; }
  if (view.is_over) { el.textContent = "game over"; el.classList.add("over"); return; }
  if (waiting()) { el.textContent = "waiting for players"; return; }
  if (myTurn) { el.textContent = "your turn"; el.classList.add("turn"); return; }
  if (page.seat !== null && absent(view).has(page.seat)) { el.textContent = "away: a bot plays for you"; el.classList.add("offline"); return; }
  el.textContent = `${names(view.current_player)} to play`;
}

function drawHowto() {
  const box = document.getElementById("howto");
  const button = document.getElementById("howto-button");
  const guide = page.catalogue.how_to_play || [];
  button.classList.toggle("hidden", !guide.length);
  button.setAttribute("aria-expanded", String(page.howto));
  box.classList.toggle("hidden", !page.howto || !guide.length);
  if (!page.howto) return;
  drawGuide(box, page.catalogue, page.table ? page.table.title : "this game", () => setHowto(false));
}

function draw() {
  const view = page.view;
  drawHowto();
  drawWaiting();
  if (!view || page.closed) { drawStatus(false); return; }
  const table = page.table;
  const r = renderer();
  // While a bot plays for this seat (its person away), the seat's turns are the bot's.
  const away = absent(view);
  const myTurn = page.seat !== null && view.current_player === page.seat && !view.is_over && !away.has(page.seat);
  if (page.shownMove !== view.move) { page.shown = new Map(); page.shownMove = view.move; }
  // While the server passes for the seat, its lone "pass" is no choice to offer.
  const canAct = myTurn && !view.passing && !page.pending && live() && !waiting();
  // For scripts and tests driving the page: which move is shown, and whether it is final.
  document.body.dataset.move = view.move;
  document.body.dataset.over = view.is_over;
  document.getElementById("game-title").textContent = table ? `\u00B7 ${table.title}` : "";
  const myName = page.seat === null ? null : plainName(table, page.seat, view.names);
  document.getElementById("who").textContent = page.seat === null ? "Watching as a spectator" : `You are ${myName}`;
  document.title = `${myTurn ? "\u25CF Your turn \u00B7 " : ""}Parlour${table ? " \u00B7 " + table.title : ""}`;
  drawStatus(myTurn);
  document.getElementById("seats").replaceChildren(...seatStrip(view, table, page.seat));
  decorateSeats(view);

  // Where the keyboard was, to put it back after the redraw.
  const focused = document.activeElement;
  const focusBox = focused && focused.closest ? focused.closest("#hand-area, #actions") : null;
  const focusIndex = focusBox ? [...focusBox.querySelectorAll("[tabindex='0'], button")].indexOf(focused) : -1;

  const legal = new Set(canAct ? view.legal_actions || [] : []);
  const ctx = context(legal);
  const {board, hand} = drawGame(view, ctx);
  document.getElementById("board").replaceChildren(board);
  document.getElementById("hand-area").replaceChildren(...(hand ? [hand] : []));

  const dock = document.getElementById("dock");
  dock.classList.toggle("hidden", page.seat === null);
  document.getElementById("chat-form").classList.toggle("hidden", page.seat === null);  // seats chat
  document.getElementById("report-player").classList.toggle("hidden", !account.user || !others().length);
  dock.classList.toggle("offline", !live());
  dock.classList.toggle("my-turn", myTurn);
  document.getElementById("say").classList.toggle("hidden", page.seat === null || view.is_over);

  const turn = document.getElementById("turn");
  // What is asked and why, when the game says more than its phase (a discard a card's effect
  // asks, a card played that may be answered).
  const ask = !view.is_over && r.asked ? r.asked(view, ctx) : null;
  let words;
  if (view.is_over) words = "The game is over";
  else if (!live()) words = "Reconnecting\u2026 your controls come back in a moment";
  else if (waiting()) words = "Waiting for players: the game starts when every seat is taken";
  else if (away.has(page.seat)) words = "A bot is playing for you";
  else if (page.pending) words = "Sending\u2026";
  else if (view.passing) words = "Passing for you (your only move)\u2026";
  else if (myTurn) {
    const buttons = [...legal].some((a) => !ctx.bound.has(a));
    const how = !ctx.bound.size ? "choose below" : buttons ? "tap a highlighted card or choose below" : "tap a highlighted card";
    words = ask ? `Your turn: ${ask.words} (${how})` : `Your turn: ${how}`;
  }
  else if (away.has(view.current_player)) words = `Waiting for ${names(view.current_player)} (away: a bot plays for them)\u2026`;
  else words = ask ? `Waiting for ${names(view.current_player)}: ${ask.words}\u2026` : `Waiting for ${names(view.current_player)}\u2026`;
  if (turn.textContent !== words) turn.textContent = words;
  const key = r.phase ? r.phase(view, ctx) : null;
  // The phase's sentence only while nothing more particular is asked (it would be stale).
  document.getElementById("phase").textContent = key && !ask && page.catalogue.phases && !waiting() && !away.has(page.seat) ? page.catalogue.phases[key] || "" : "";
  drawAskedCard(myTurn && ask ? ask.card : null, ctx);

  // Buttons for the moves no card on the table stands for; while a move is on its way or the
  // line is down, the last ones shown stay visible but disabled.
  const actions = document.getElementById("actions");
  let open = [...legal].filter((a) => !ctx.bound.has(a));
  if (page.filter) open = [...legal].filter((a) => a.split(" ").slice(1).includes(page.filter));
  const shownActions = canAct ? open : [];
  for (const a of shownActions) if (!page.shown.has(a)) page.shown.set(a, performance.now());
  const buttons = shownActions.slice(0, 60).map((a) => {
    const el = h("button", {type: "button", class: `secondary${/^(pass|end turn)$/.test(a) ? " quiet" : ""}`, "data-action": a}, labelOf(a));
    el.addEventListener("click", () => press(a, el));
    return el;
  });
  if (!canAct && myTurn && !view.passing) {
    for (const a of (view.legal_actions || []).slice(0, 12)) buttons.push(h("button", {type: "button", class: "secondary", disabled: true, "data-disabled-action": a}, labelOf(a)));
  }
  actions.replaceChildren(...buttons);
  if (open.length > 60) actions.append(h("span", {class: "muted"}, `${open.length - 60} more: type one below`));
  if (page.filter && canAct) actions.append(h("button", {type: "button", class: "quiet", onclick: () => { page.filter = null; draw(); }}, "cancel"));
  const say = document.getElementById("say-text");
  if (view.legal_actions && view.legal_actions.length) say.placeholder = `or type an action, e.g. ${view.legal_actions[0]}`;
  for (const el of document.querySelectorAll("#say button, #say input")) el.disabled = !canAct;

  drawConfirm();
  drawBanner();
  drawTools(view, myTurn);
  drawAway(view);
  drawNoticeTools(view);
  drawNameForm(view);
  markRegion();
  armControls();
  setTimeout(armControls, ARM_MS + 20);

  if (focusBox || page.keepFocus) {
    // Keyboard players keep their place: the same spot in the hand, else its first move.
    const box = document.getElementById(focusBox ? focusBox.id : "hand-area");
    const spots = [...box.querySelectorAll("[tabindex='0'], button:not([disabled])")];
    const target = spots[Math.min(Math.max(focusIndex, 0), spots.length - 1)] || document.querySelector("#hand-area [tabindex='0']") || document.getElementById("hand-area");
    target.focus({preventScroll: true});
    page.keepFocus = page.pending;
  }

  const final = document.getElementById("final");
  final.classList.toggle("hidden", !view.is_over);
  if (view.is_over) {
    const buttonsRow = h("div", {class: "actions", style: "justify-content:center;margin-top:.6rem"},
      page.rematch ? h("a", {class: "button", href: page.rematch, id: "join-rematch"}, "Join the rematch") : null,
      page.seat !== null && !page.rematch ? h("button", {type: "button", id: "rematch", onclick: rematch}, "Rematch") : null,
      h("a", {class: "button secondary", href: `/replay/${encodeURIComponent(tableId)}`}, "Replay"),
      h("a", {class: "button secondary", href: "/"}, "Lobby"));
    final.replaceChildren(h("div", {class: "panel final"}, h("h2", {}, "Final table"), ...finalTable(view, table, page.seat), buttonsRow, claimOffer()));
  }
}

function drawConfirm() {
  const box = document.getElementById("confirm");
  const c = page.confirm;
  box.classList.toggle("hidden", !c);
  box.classList.toggle("danger", Boolean(c && c.own));
  if (!c) return;
  document.getElementById("confirm-text").textContent = c.text;
  const own = document.getElementById("confirm-own");
  own.textContent = c.own ? `\u26A0 ${c.own}` : "";
  own.classList.toggle("hidden", !c.own);
  const yes = document.getElementById("confirm-yes");
  yes.textContent = labelOf(c.action);
  delete yes.dataset.armed;
}

function drawBanner() {
  const box = document.getElementById("banner");
  const b = page.banner;
  box.classList.toggle("hidden", !b);
  box.className = `banner${b ? ` ${b.kind}` : " hidden"}`;
  if (b && box.textContent !== b.text) box.textContent = b.text;
}

function drawTools(view, myTurn) {
  const autoLabel = document.getElementById("auto-pass-label");
  const hasSetting = page.seat !== null && "auto_pass" in view && !view.is_over && page.table && page.table.passes;
  autoLabel.classList.toggle("hidden", !hasSetting);
  if (hasSetting) {
    // A view sent (or held on screen) before the server had the player's click must not undo it.
    if (page.autoPass === Boolean(view.auto_pass)) page.autoPass = null;
    document.getElementById("auto-pass").checked = page.autoPass ?? Boolean(view.auto_pass);
  }
  const hintButton = document.getElementById("hint-button");
  const hints = Boolean(page.table && page.table.hints) && page.seat !== null && !view.is_over;
  hintButton.classList.toggle("hidden", !hints);
  hintButton.disabled = !(myTurn && live() && !page.pending && !view.passing);
  const box = document.getElementById("hints");
  box.classList.toggle("hidden", !page.hints);
  if (!page.hints) return;
  if (page.hints.waiting) { box.replaceChildren(h("p", {class: "muted"}, "Thinking about your moves\u2026")); return; }
  // Each move's control carries its chance too, so the hand itself shows the advice.
  const entries = new Map(page.hints.actions.map((entry) => [entry.action, entry]));
  for (const el of document.querySelectorAll("[data-action]")) {
    const entry = entries.get(el.dataset.action);
    if (entry) el.append(h("span", {class: `hint-badge${entry.rank === 1 ? " top" : ""}`, title: hintWords(entry)}, percent(entry.win_chance)));
  }
  const ties = page.hints.actions.filter((entry) => entry.rank === 1).length;
  box.replaceChildren(h("div", {class: "hints-head"}, h("strong", {}, "Chance to win after each move"),
    h("button", {type: "button", class: "quiet small", onclick: () => { page.hints = null; draw(); }}, "hide")),
  h("p", {class: "hints-note"}, ties > 1
    ? `\u00b1 is how far each estimate may be off (95%). The first ${ties} moves are as good as each other within that; the first is the steady choice.`
    : "\u00b1 is how far each estimate may be off (95%). The first move is better than the others by more than that."),
  h("ol", {}, page.hints.actions.map((entry, i) => {
    const tag = entry.rank !== 1 ? null : i === 0 ? "suggested" : "as good";
    const parts = [h("span", {class: "pct"}, percent(entry.win_chance)), h("span", {class: "err"}, `\u00b1${spread(entry)}`), " ", labelOf(entry.action)];
    if (tag) parts.push(" ", h("span", {class: "hint-tag"}, tag));
    if (entry.does) parts.push(h("span", {class: "does"}, capitalised(entry.does)));
    const next = i > 0 && page.hints.actions[i - 1].rank !== entry.rank;
    return h("li", {"data-hint": entry.action, "data-rank": String(entry.rank), class: next ? "rank-break" : ""}, ...parts);
  })));
}

function percent(chance) { return `${Math.round(chance * 100)}%`; }
// Two standard errors: the half-width of a 95% interval, in points of chance.
function spread(entry) { return Math.round(2 * (entry.error || 0) * 100); }
function capitalised(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

/** A hint entry in words, for a card's tooltip. */
function hintWords(entry) {
  const words = `${percent(entry.win_chance)} \u00b1 ${spread(entry)} chance to win${entry.rank === 1 ? ", as good as the best" : ""}`;
  return entry.does ? `${words}. ${capitalised(entry.does)}` : words;
}

function drawNameForm(view) {
  const form = document.getElementById("name-form");
  const needs = page.seat !== null && Array.isArray(view.names) && !view.names[page.seat] && !view.is_over;
  form.classList.toggle("hidden", !needs);
  if (needs && !page.asked) {
    page.asked = true;
    document.getElementById("name-text").value = memory.name();
  }
}

// -- a table waiting for players --------------------------------------------------------------

/** Whether the table waits for people to take its open seats (a table whose game has not
 * begun is "waiting" too, with no open seat: that one plays). */
function waiting() {
  if (page.view && page.view.waiting) return true;
  return Boolean(page.table && page.table.status === "waiting" && (page.table.open || []).length);
}

/** Whether this page is the table's creator's, who may fill a free seat with a bot or close
 * the table: the signed-in account whose username is the table's ``creator`` (a guest's
 * table has none; the server checks again). */
function isCreator() {
  const creator = page.table ? page.table.creator : null;
  return typeof creator === "string" && Boolean(account.user) && account.user.username.toLowerCase() === creator.toLowerCase();
}

function drawWaiting() {
  const box = document.getElementById("waiting");
  const table = page.table;
  const shown = waiting() && Boolean(table) && !page.closed;
  box.classList.toggle("hidden", !shown);
  if (!shown) { page.closing = false; return; }
  const creator = isCreator();
  if (creator && !page.bots) {
    page.bots = [];
    api("/api/games").then((games) => { page.bots = (games.find((g) => g.name === table.game) || {}).bots || []; draw(); }, () => {});
  }
  const open = table.open || [];
  const watchLink = new URL(`/table/${encodeURIComponent(tableId)}`, location.href).href;
  const items = open.map((seat) => {
    const pick = h("select", {id: `bot-${seat}`, "aria-label": `bot level for seat ${seatNumber(seat)}`},
      (page.bots || []).map((b) => h("option", {value: b, selected: b === "medium"}, `${b} bot`)));
    return h("li", {"data-open-seat": seat}, h("span", {class: "seat-no"}, seatNumber(seat)), h("span", {class: "pill open"}, "free"),
      page.seat === null ? h("button", {type: "button", class: "small", "data-take": seat, onclick: (e) => takeSeat(seat, e.target)},
        table.rated && !account.user ? "Sign in to take this seat" : "Take this seat") : null,
      creator && (page.bots || []).length ? [pick, h("button", {type: "button", class: "secondary small", "data-fill": seat, onclick: (e) => fillWithBot(seat, pick.value, e.target)}, "Fill with this bot")] : null);
  });
  const closeControls = !creator ? null : page.closing
    ? h("div", {class: "confirm danger", role: "alertdialog", "aria-labelledby": "close-question"},
      h("p", {id: "close-question"}, "Close this table? It is gone for everyone, and nobody can sit here any more."),
      h("div", {class: "actions"}, h("button", {type: "button", class: "danger", id: "close-yes", onclick: closeTable}, "Close the table"),
        h("button", {type: "button", class: "secondary", onclick: () => { page.closing = false; draw(); }}, "Keep it open")))
    : h("button", {type: "button", class: "quiet small", id: "close-table", onclick: () => { page.closing = true; draw(); }}, "Close the table");
  box.replaceChildren(
    h("h2", {}, "Waiting for players"),
    h("p", {}, `The game starts when every seat is taken. ${open.length === 1 ? "One seat is" : `${open.length} seats are`} free: anyone can take ${open.length === 1 ? "it" : "one"} here or from \u201COpen seats\u201D in the lobby.`),
    h("ul", {}, items),
    h("p", {class: "muted"}, "This table's address: ", h("span", {id: "watch-link"}, watchLink)),
    closeControls);
}

/** Take a free seat from this page (a spectator's): an account's at once, a guest's once
 * they give a name; the page then opens the seat. */
async function takeSeat(seat, button) {
  const body = {seat};
  if (!account.user && page.table.rated) {
    // Only accounts sit at a rated table.
    openAuth("signin", {intro: "Seats at a rated table are for accounts: sign in (or sign up) and the seat is yours.", then: () => takeSeat(seat, button)});
    return;
  }
  if (!account.user) {
    const name = await askName(`You are taking seat ${seatNumber(seat)} at this table.`);
    if (!name) return;
    body.name = name;
  }
  button.disabled = true;
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/sit`, body);
    memory.keepSeat({table: tableId, seat: answer.seat, url: answer.url, title: page.table.title, account: account.user ? account.user.username : null});
    const target = new URL(answer.url, location.href);
    location.assign(target.href);
    if (target.pathname === location.pathname) location.reload();  // only the fragment changed
  } catch (error) {
    toast(error.message);
    button.disabled = false;
  }
}

async function fillWithBot(seat, bot, button) {
  button.disabled = true;
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/bot`, {bot});
  } catch (error) {
    toast(error.message);
    button.disabled = false;
  }
}

async function closeTable() {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}`, undefined, {method: "DELETE"});
    page.closed = true;
    if (socket) socket.close();
    location.href = "/";
  } catch (error) {
    toast(error.message);
  }
}

// -- a finished game kept in an account ----------------------------------------------------------

/** At the end of a game played with a seat link, "Save this game to my account": the game
 * then counts in the account's history (never in ratings). A guest signs up (or in) first. */
function claimOffer() {
  if (!token || page.seat === null || !account.offered || !account.known || (page.table && page.table.rated)) return null;
  if (page.claimed) {
    return h("p", {class: "claim", id: "claimed"}, "Saved to your account: it is in ", h("a", {href: profileUrl(page.claimed)}, "your profile"), ".");
  }
  const user = account.user;
  // A seat taken as an account is already in it.
  const kept = memory.seats().find((s) => s.table === tableId && s.seat === page.seat);
  if (user && kept && kept.account && kept.account.toLowerCase() === user.username.toLowerCase()) return null;
  if (user) {
    return h("div", {class: "claim"}, h("button", {type: "button", id: "claim", onclick: () => claim().catch((error) => toast(error.message))}, "Save this game to my account"));
  }
  return h("div", {class: "claim"},
    h("p", {class: "muted"}, "Keep this game in a history of your own: it shows on your profile with its replay."),
    h("button", {type: "button", id: "claim-signup", onclick: () => openAuth("signup", {
      intro: "Create an account and this game is saved to it. (Have one already? Sign in below.)", then: claim})}, "Save this game to a new account"));
}

async function claim() {
  await api(`/api/tables/${encodeURIComponent(tableId)}/claim`, {token});
  page.claimed = account.user.username;
  memory.keepSeat({table: tableId, seat: page.seat, url: location.pathname + location.hash, title: page.table ? page.table.title : "", account: page.claimed});
  draw();
}

// One click: the rematch opens (or, if another seat asked first, is found) and this seat
// goes straight to its place there; the others get "Join the rematch".
async function rematch() {
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {token});
    location.assign(answer.url);
  } catch (error) {
    toast(error.message);
  }
}

// -- the page's own controls ----------------------------------------------------------------

document.getElementById("say").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("say-text");
  const text = input.value.trim();
  if (!text) return;
  if (!(page.view && page.view.legal_actions)) { toast("It is not your turn."); return; }
  choose(text);
  if (!page.confirm && !(page.view.legal_actions || []).includes(text)) send(text);  // the server explains
  input.value = "";
});

document.getElementById("confirm-yes").addEventListener("click", () => {
  const c = page.confirm;
  if (!c || performance.now() - c.at < ARM_MS) return;
  send(c.action);
});
document.getElementById("confirm-no").addEventListener("click", () => { page.confirm = null; draw(); });

document.getElementById("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("chat-text");
  const text = input.value.trim();
  if (text && sendMessage({type: "chat", text})) input.value = "";
});

document.getElementById("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = document.getElementById("name-text").value.trim();
  if (!name) return;
  if (sendMessage({type: "name", name})) memory.setName(name);
});

document.getElementById("auto-pass").addEventListener("change", (event) => {
  const wanted = event.target.checked;
  if (sendMessage({type: "settings", auto_pass: wanted})) page.autoPass = wanted;
  else event.target.checked = !wanted;
});

document.getElementById("back-button").addEventListener("click", () => {
  if (page.backSent) return;
  if (sendMessage({type: "back"})) { page.backSent = true; draw(); }
});

document.getElementById("sound").addEventListener("change", (event) => {
  localStorage.setItem(SOUND, event.target.checked ? "on" : "off");
  if (event.target.checked) openAudio();
});

document.getElementById("notify-button").addEventListener("click", async () => {
  openAudio();
  let answer = "default";
  try { answer = await Notification.requestPermission(); } catch (error) { answer = Notification.permission; }
  if (answer === "granted") toast("You will get a notification when it is your turn and this tab is in the background.");
  else if (answer === "denied") toast("Notifications are blocked for this site: the browser's site settings can allow them.");
  draw();
});
// The first touch of the page lets it play the turn sound later.
document.addEventListener("pointerdown", openAudio, {once: true});
document.addEventListener("keydown", openAudio, {once: true});

document.getElementById("hint-button").addEventListener("click", () => {
  if (!page.view) return;
  if (sendMessage({type: "hint", move: page.view.move})) { page.hints = {waiting: true}; draw(); }
});

document.getElementById("howto-button").addEventListener("click", () => setHowto(!page.howto));
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && page.confirm) { page.confirm = null; draw(); } });

// The dock at the bottom keeps the hand and the moves in view: the page leaves room for it.
new ResizeObserver(() => {
  const dock = document.getElementById("dock");
  document.body.style.setProperty("--dock", `${dock.classList.contains("hidden") ? 0 : dock.offsetHeight}px`);
}).observe(document.getElementById("dock"));

if (token) {
  const seat = Number(fragment.get("seat"));
  const before = memory.seats().find((s) => s.table === tableId && s.seat === seat) || {};
  memory.keepSeat({...before, table: tableId, seat: Number.isInteger(seat) ? seat : null, url: location.pathname + location.hash.replace(/&?(learn|pace)=[^&]*/g, "")});
}
// Without a seat link the server opens the signed-in account's seat: signing in or out
// reconnects as the new account.
let accountSeen = false;
onAccount(() => {
  if (accountSeen && !token && socket) socket.close();
  accountSeen = true;
  draw();
});
startAccount();
connect();
