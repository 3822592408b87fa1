// The lobby: play now (a table found for you), open a table (game, seats, bots, clock,
// options), share its links, list the tables, the tables waiting for players (open seats)
// and your own games with whose turn it is and the time left.
import {h, api, day, memory, plainName, seatNumber, toast} from "./common.js";
import {account, askName, onAccount, openAuth, startAccount} from "./account.js";
import {Countdown, clockProfiles, clockWords, low, span, speedOf, timeLeft, turnBased} from "./clock.js";

let games = [];
let clocks = [];  // the clock profiles the server offers for the chosen game

function gameByName(name) { return games.find((g) => g.name === name); }

// Typed options (bool, int, str, list) give the control; an untyped one is read from its default.
function optionType(option) {
  return option.type || (typeof option.default === "boolean" ? "bool" : Number.isInteger(option.default) ? "int" : "json");
}

function optionField(option) {
  const type = optionType(option);
  const id = `opt-${option.name}`;
  let input;
  if (option.choices) {
    input = h("select", {id, "data-option": option.name, "data-type": type},
      option.choices.map((c) => h("option", {value: JSON.stringify(c), selected: c === option.default}, String(c))));
  } else if (type === "bool") {
    input = h("input", {id, type: "checkbox", "data-option": option.name, "data-type": type, checked: option.default === true});
  } else if (type === "int") {
    input = h("input", {id, type: "number", "data-option": option.name, "data-type": type, value: option.default ?? "", min: option.min ?? null, max: option.max ?? null});
  } else {
    const shown = option.default === null ? "default" : type === "str" ? String(option.default) : JSON.stringify(option.default);
    input = h("input", {id, type: "text", "data-option": option.name, "data-type": type, placeholder: shown});
  }
  const name = option.name.replaceAll("_", " ");
  if (type === "bool") return h("label", {class: "toggle"}, input, h("span", {}, `${name[0].toUpperCase()}${name.slice(1)}: `, option.help));
  return h("label", {}, h("span", {}, `${name}: `, h("span", {class: "muted"}, option.help)), input);
}

// A table's variants (the game's yes-or-no options) for players; the options that set a deal,
// a card folder or a cap are for designers and tests, folded away under their own heading.
function optionFields(game) {
  const variants = game.options.filter((o) => optionType(o) === "bool");
  const others = game.options.filter((o) => !variants.includes(o));
  return [...variants.map(optionField),
    others.length ? h("details", {class: "designer-options"}, h("summary", {}, "For designers and tests"), others.map(optionField)) : null];
}

function optionValues() {
  const out = {};
  for (const el of document.querySelectorAll("[data-option]")) {
    const name = el.dataset.option;
    const type = el.dataset.type;
    if (el.tagName === "SELECT") out[name] = JSON.parse(el.value);
    else if (type === "bool") out[name] = el.checked;
    else if (el.value.trim() === "") continue;
    else if (type === "int") out[name] = Number(el.value);
    else if (type === "str") out[name] = el.value;
    else {
      try { out[name] = JSON.parse(el.value); } catch (error) { throw new Error(`option ${name}: not valid JSON`); }
    }
  }
  const game = gameByName(document.getElementById("game").value);
  for (const option of game.options) {
    if (JSON.stringify(out[option.name]) === JSON.stringify(option.default)) delete out[option.name];
  }
  return out;
}

// What a seat may be: you, a person with a link, an open seat anyone may take, or a bot.
const SEAT_KINDS = [["you", "you"], ["person", "a person (gets a link)"], ["open", "open: anyone may take it"]];

// The bot levels first, in words a player understands; the bots for testing (and any agent
// the server offers, by its spec) after them.
function botOptions(game, choice) {
  const titles = game.bot_titles || {};
  const option = (b) => h("option", {value: b, selected: choice === b}, titles[b] || `${b} bot`);
  const levels = game.bots.filter((b) => ["easy", "medium", "hard"].includes(b));
  const others = game.bots.filter((b) => !levels.includes(b));
  return [h("optgroup", {label: "Bots"}, levels.map(option)),
    others.length ? h("optgroup", {label: "Bots for testing"}, others.map(option)) : null];
}

function drawSeats() {
  const game = gameByName(document.getElementById("game").value);
  const players = Number(document.getElementById("players").value);
  const box = document.getElementById("seat-picks");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 0; seat < players; seat++) {
    const choice = before[seat] || (seat === 0 ? "you" : "medium");
    const select = h("select", {id: `seat-${seat}`, "data-seat": seat},
      // Open seats come with accounts: a server without them offers none.
      SEAT_KINDS.filter(([value]) => value !== "open" || account.offered).map(([value, words]) => h("option", {value, selected: choice === value}, words)),
      botOptions(game, choice));
    // One "you" a table: choosing it for a seat makes the seat that had it a person's.
    select.addEventListener("change", () => {
      publicByDefault();
      if (select.value !== "you") return;
      for (const other of box.querySelectorAll("select")) if (other !== select && other.value === "you") other.value = "person";
    });
    box.append(h("label", {}, `Seat ${seatNumber(seat)}`, select));
  }
  publicByDefault();
}

/** Until the box is ticked or cleared by hand, a table is public while it has an open seat
 * (the lobby must list it for anyone to take the seat), as the server's default is. */
function publicByDefault() {
  const box = document.getElementById("public");
  if (box.dataset.chosen) return;
  box.checked = [...document.querySelectorAll("#seat-picks select")].some((s) => s.value === "open");
}

function drawGameForm() {
  const game = gameByName(document.getElementById("game").value);
  const players = document.getElementById("players");
  players.min = game.min_players;
  players.max = game.max_players;
  const n = Number(players.value);
  if (n < game.min_players || n > game.max_players) players.value = Math.min(Math.max(4, game.min_players), game.max_players);
  document.getElementById("options").replaceChildren(...optionFields(game));
  drawSeats();
  drawClocks(game);
}

/** The clock choice: the server's profiles, real-time ones and turn-based ones apart, each
 * with its label and its numbers in words ("Fast: 3 min + 10 s", "1 day a move"). */
async function drawClocks(game) {
  const found = await clockProfiles(game);
  if (gameByName(document.getElementById("game").value) !== game) return;  // chosen again meanwhile
  clocks = Array.isArray(found) ? found : [];
  const select = document.getElementById("clock");
  const before = select.value;
  const flat = (text) => String(text).replace(/\s/g, " ").toLowerCase();
  const option = (profile) => {
    const words = clockWords(profile.clock);
    const label = profile.label || profile.name;
    return h("option", {value: profile.name, selected: profile.name === before},
      // The server's label, with the numbers in words unless it says them already.
      !words || flat(label).includes(flat(words)) ? label : flat(words).startsWith(flat(label)) ? words : `${label}: ${words}`);
  };
  const none = clocks.filter((p) => !p.clock);
  const live = clocks.filter((p) => p.clock && !turnBased(p.clock));
  const slow = clocks.filter((p) => turnBased(p.clock));
  select.replaceChildren(...none.map(option),
    live.length ? h("optgroup", {label: "Real time"}, live.map(option)) : null,
    slow.length ? h("optgroup", {label: "Turn-based (days to play)"}, slow.map(option)) : null);
  document.getElementById("clock-label").classList.toggle("hidden", !clocks.length);
}

async function create(event) {
  event.preventDefault();
  const body = {game: document.getElementById("game").value, players: Number(document.getElementById("players").value), bots: {}};
  try {
    body.options = optionValues();
  } catch (error) { toast(error.message); return; }
  const open = [];
  let mine = null;
  for (const select of document.querySelectorAll("#seat-picks select")) {
    const seat = Number(select.dataset.seat);
    if (select.value === "open") open.push(seat);
    else if (select.value === "you") mine = seat;
    else if (select.value !== "person") body.bots[seat] = select.value;
  }
  if (open.length) body.open = open;
  body.public = document.getElementById("public").checked;
  const clock = clocks.find((p) => p.name === document.getElementById("clock").value);
  if (clock && clock.clock) body.clock = clock.clock;
  const seed = document.getElementById("seed").value.trim();
  if (seed) body.seed = Number(seed);
  if (account.user) {
    // The account's seat follows it to any device; the server names it after the account.
    if (mine !== null) body.sit = mine;
    if (document.getElementById("rated").checked) body.rated = true;
  } else {
    // Your name goes to the seat you are about to sit at.
    const name = document.getElementById("my-name").value.trim();
    if (name && mine !== null) { body.names = {[mine]: name}; memory.setName(name); }
  }
  try {
    const answer = await api("/api/tables", body);
    const title = gameByName(body.game).title;
    // A seat taken as the account is marked so: the table page offers no "save this game" for it.
    const as = (seat) => (body.sit === seat ? account.user.username : null);
    // The links of the other seats are kept too (nothing lost once the page is left), marked as
    // links to give: "your tables" does not list them as this browser's seats.
    for (const s of answer.seats) memory.keepSeat({table: answer.table, seat: s.seat, url: s.url, title, account: as(s.seat), given: s.seat !== mine});
    showLinks(answer, mine, open);
    listTables();
    listMine();
    listOpen();
  } catch (error) { toast(error.message); }
}

function showLinks(answer, mine = null, open = []) {
  const list = document.getElementById("links");
  const full = (path) => new URL(path, location.href).href;
  // Your own seat first.
  const seats = [...answer.seats].sort((a, b) => (b.seat === mine) - (a.seat === mine));
  list.replaceChildren(
    ...seats.map((s) => h("li", {},
      h("a", {class: s.seat === mine || mine === null ? "button" : "button secondary", href: s.url, "data-seat-link": s.seat}, s.seat === mine ? `Go to your seat (seat ${seatNumber(s.seat)})` : `Sit at seat ${seatNumber(s.seat)}`), " ",
      h("button", {type: "button", class: "secondary", onclick: () => copy(full(s.url))}, "copy link"), " ",
      h("span", {class: "muted"}, full(s.url)))),
    open.length ? h("li", {id: "open-note"}, `Open: ${open.length === 1 ? "seat" : "seats"} ${open.map(seatNumber).join(", ")}. Anyone may take ${open.length === 1 ? "it" : "them"} from \u201COpen seats\u201D in the lobby; the game starts when every seat is taken.`) : null,
    h("li", {}, h("a", {href: answer.spectate, id: "spectate-link"}, "Watch as a spectator"), " ", h("span", {class: "muted"}, full(answer.spectate))));
  const local = ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);
  document.getElementById("lan-hint").classList.toggle("hidden", !local);
  document.getElementById("created").classList.remove("hidden");
}

async function copy(text) {
  try { await navigator.clipboard.writeText(text); toast("Link copied"); } catch (error) { toast(text); }
}

async function listTables() {
  const tables = await api("/api/tables").catch(() => []);
  const groups = {playing: [], waiting: [], over: []};
  for (const t of tables) (groups[t.status] || groups.playing).push(t);
  const box = document.getElementById("tables");
  box.replaceChildren();
  const section = (label, rows, finished) => {
    if (!rows.length) return;
    box.append(h("h3", {}, label), h("table", {class: "tables"}, h("tbody", {}, rows.map((t) => h("tr", {},
      h("td", {}, t.title, !finished && speedOf(t) ? h("span", {class: "speed"}, speedOf(t)) : null), h("td", {}, `${t.players}p`),
      h("td", {class: "scores"}, t.scores ? t.scores.join(" / ") : ""),
      h("td", {}, finished ? h("a", {href: `/replay/${t.id}`}, "replay") : h("a", {href: `/table/${t.id}`}, "watch")))))));
  };
  section("Waiting", groups.waiting, false);
  section("Playing", groups.playing, false);
  section("Finished", groups.over, true);
  if (!tables.length) box.append(h("p", {class: "muted"}, "No tables yet."));
}

/** The time-left cells of "Your games", counted down between two answers of the server. */
let ticking = [];

function tickMine() {
  for (const {el, countdown, seat} of ticking) {
    if (!el.isConnected) continue;
    const left = countdown.left(seat);
    el.textContent = left === null ? "" : `${timeLeft(left)} left`;
    el.classList.toggle("low", low(left, countdown.setting && countdown.setting.per_move));
  }
}

/** Whose turn a table of "Your games" is and the time left to the seat that moves: "your
 * turn" and your time, or "Bo to play" and theirs (the clock of API.md, "Clocks"). */
function turnCells(entry, turn, status) {
  const countdown = new Countdown(entry.clock);
  const mover = countdown.running !== null ? countdown.running : entry.current_player;
  let whose = status;
  if (turn) whose = "your turn";
  else if (entry.status === "playing" && Number.isInteger(entry.current_player)) {
    whose = `${plainName(entry, entry.current_player, entry.names)} to play`;
  }
  const cells = [h("td", {}, h("span", {class: `pill${turn ? " turn" : ""}`, title: entry.error || ""}, whose))];
  const left = h("span", {class: "time-left", "data-time-left": entry.table}, "");
  if (countdown.any && Number.isInteger(mover)) ticking.push({el: left, countdown, seat: mover});
  cells.push(h("td", {class: "num"}, left));
  return cells;
}

/** Who else sits at a table of "Your games" and when it began: "with Bo, easy bot · 3 Dec 2026". */
function who(found, seat) {
  const others = [];
  for (let s = 0; s < (found.players || 0); s++) if (s !== seat) others.push(plainName(found, s, found.names));
  const when = found.created_at ? day(found.created_at) : "";
  return [others.length ? `with ${others.join(", ")}` : "", when].filter(Boolean).join(" \u00B7 ");
}

/** The seat links this browser opened for others at a table, to copy again ("nothing lost"). */
function linksToGive(table) {
  const given = memory.seats().filter((e) => e.table === table && e.given).sort((a, b) => a.seat - b.seat);
  if (!given.length) return null;
  const full = (path) => new URL(path, location.href).href;
  return h("details", {class: "given"}, h("summary", {}, `links to send (${given.length})`),
    given.map((e) => h("div", {}, `seat ${seatNumber(e.seat)} `,
      h("button", {type: "button", class: "quiet small", "data-given": e.seat, onclick: () => copy(full(e.url))}, "copy link"))));
}

/** "Your games": a signed-in account's unfinished tables from the server (any device), in its
 * order (the most urgent first), with whose turn it is and the time left; then the seat links
 * this browser holds, each with how its table stands now. */
async function listMine() {
  const box = document.getElementById("mine");
  let fromAccount = [];
  if (account.user) {
    const answer = await api("/api/me/tables").catch(() => []);
    fromAccount = Array.isArray(answer) ? answer : answer.tables || [];
  }
  const ours = (e) => fromAccount.some((a) => a.table === e.table && a.seat === e.seat);
  const held = memory.seats().filter((e) => !ours(e) && !e.given);
  document.getElementById("mine-help").textContent = account.user
    ? "Your seats at unfinished tables, on every device where you sign in, then the seat links this browser holds."
    : "The seats this browser holds. Their links are kept here, in this browser only: sign in to find your tables on any device.";
  document.getElementById("mine-panel").classList.toggle("hidden", !held.length && !fromAccount.length);
  if (!held.length && !fromAccount.length) { box.replaceChildren(); return; }
  const tokenOf = (url) => new URLSearchParams(String(url).split("#")[1] || "").get("token") || "";
  let answers = [];
  if (held.length) {
    try {
      answers = (await api("/api/seats", {seats: held.map((e) => ({table: e.table, token: tokenOf(e.url)}))})).seats;
    } catch (error) { answers = []; }
  }
  const row = (entry, found, forgettable) => {
    let status = found.error ? "gone" : found.status || "unknown";
    if (found.status === "over") status = (found.winners || []).includes(found.seat) ? "finished: you won" : "finished";
    if (found.status === "waiting" && (found.open || []).length) status = "waiting for players";
    const turn = Boolean(found.your_turn) && found.status !== "over" && !(found.open || []).length;
    const cells = forgettable
      ? [h("td", {}, h("span", {class: `pill${turn ? " turn" : ""}`, title: found.error || ""}, turn ? "your turn" : status)), h("td", {})]
      : turnCells(found, turn, status);
    const forget = forgettable ? h("button", {type: "button", class: "quiet small", "aria-label": `forget seat ${seatNumber(entry.seat)} of ${entry.table}`,
      onclick: () => { memory.forgetSeat(entry.table, entry.seat); listMine(); }}, "forget") : null;
    return h("tr", {"data-table": entry.table, "data-mine": forgettable ? "browser" : "account"},
      h("td", {}, h("a", {href: entry.url || `/table/${encodeURIComponent(entry.table)}`}, found.title || entry.title || entry.table),
        h("div", {class: "muted small"}, who(found, entry.seat)), linksToGive(entry.table)),
      cells,
      h("td", {}, forget));
  };
  ticking = [];
  const rows = [...fromAccount.map((entry) => row(entry, entry, false)), ...held.map((entry, i) => row(entry, answers[i] || {}, true))];
  box.replaceChildren(h("table", {class: "tables mine"}, h("tbody", {}, rows)));
  tickMine();
}

/** "Open seats": the tables waiting for players, who sits already, a button per free seat. */
async function listOpen() {
  const tables = await api("/api/tables?open=true").catch(() => []);
  const waiting = (Array.isArray(tables) ? tables : []).filter((t) => (t.open || []).length);
  const box = document.getElementById("open-seats");
  document.getElementById("open-panel").classList.toggle("hidden", !waiting.length);
  box.replaceChildren(...waiting.map((t) => {
    const open = new Set(t.open);
    const seats = [];
    for (let seat = 0; seat < t.players; seat++) {
      const info = (t.seats || [])[seat] || {};
      const name = (t.names || [])[seat] || (info.bot ? `${info.bot} bot` : null);
      seats.push(h("li", {"data-seat": seat}, h("span", {class: "seat-no"}, seatNumber(seat)), " ",
        open.has(seat)
          ? [h("span", {class: "pill open"}, "free"), h("button", {type: "button", class: "small", "data-take": `${t.id}:${seat}`,
            "aria-label": `Take seat ${seatNumber(seat)} at ${t.title}`, onclick: (e) => take(t, seat, e.target)}, t.rated && !account.user ? "Sign in to take" : "Take seat")]
          : h("span", {class: "seat-name"}, name || "someone")));
    }
    return h("div", {class: "open-table", "data-open-table": t.id},
      h("div", {class: "head"}, h("span", {}, t.title), h("span", {class: "muted"}, `${t.players} players`),
        t.rated ? h("span", {class: "pill rated"}, "rated") : null,
        speedOf(t) ? h("span", {class: "pill speed"}, speedOf(t)) : null,
        h("a", {href: `/table/${encodeURIComponent(t.id)}`, class: "muted"}, "look")),
      h("ul", {}, seats));
  }));
}

/** Take a free seat: an account's at once, a guest's once they give a name. */
async function take(table, seat, button) {
  const body = {seat};
  if (!account.user && table.rated) {
    // Only accounts sit at a rated table.
    openAuth("signin", {intro: "Seats at a rated table are for accounts: sign in (or sign up) and the seat is yours.", then: () => take(table, seat, button)});
    return;
  }
  if (!account.user) {
    const name = await askName(`You are taking seat ${seatNumber(seat)} at a ${table.title} table.`);
    if (!name) return;
    body.name = name;
  }
  button.disabled = true;
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(table.id)}/sit`, body);
    memory.keepSeat({table: table.id, seat: answer.seat, url: answer.url, title: table.title, account: account.user ? account.user.username : null});
    location.href = answer.url;
  } catch (error) {
    toast(error.message);
    button.disabled = false;
    listOpen();
  }
}

// -- play now ------------------------------------------------------------------------------------

/** The ticket being waited on: {ticket, game, players, rated, bots_after, since, timer}. */
let waitingFor = null;

/** One row a game: its name, a table size ("any" or a number of players) and "Play now". */
function drawPlay() {
  document.getElementById("play-games").replaceChildren(...games.map((game) => {
    const sizes = [];
    for (let n = game.min_players; n <= game.max_players; n++) sizes.push(n);
    const size = h("select", {id: `play-size-${game.name}`, "aria-label": `table size for ${game.title}`},
      h("option", {value: "", selected: true}, "any size"),
      sizes.map((n) => h("option", {value: n}, `${n} players`)));
    return h("div", {class: "play-game", "data-play-game": game.name},
      h("span", {class: "play-title"}, game.title),
      size,
      h("button", {type: "button", "data-play": game.name, "aria-label": `Play ${game.title} now`, onclick: (e) => playNow(game, size.value, e.target)}, "Play now"));
  }));
  drawPlayNote();
}

function drawPlayNote() {
  const after = document.getElementById("play-bots").value;
  const note = document.getElementById("play-bots-help");
  note.textContent = after ? `If nobody else comes within ${span(after)}, bots take the empty seats.` : "You wait until enough people ask for the same game and size.";
  note.classList.remove("hidden");
}

/** Ask for a seat: ``POST /api/match``; a guest gives the name the table calls them first. */
async function playNow(game, size, button) {
  const rated = Boolean(account.user) && document.getElementById("play-rated").checked;
  const after = document.getElementById("play-bots").value;
  const body = {game: game.name, players: size ? Number(size) : null, rated, bots_after: after ? Number(after) : null};
  if (!account.user) {
    const name = await askName(`You are looking for a ${game.title} table with other people.`);
    if (!name) return;
    body.name = name;
  }
  button.disabled = true;
  try {
    const answer = await api("/api/match", body);
    waitingFor = {...body, ticket: answer.ticket, title: game.title, since: performance.now(), waiting: null, timer: null};
    drawWaitingFor();
    poll();
  } catch (error) {
    toast(error.status === 404 || error.status === 405 ? "This server has no “Play now” yet: open a table below." : error.message);
  } finally {
    button.disabled = false;
  }
}

/** Ask how the ticket stands every 1.5 s: a count of people waiting, or the seat. */
async function poll() {
  const mine = waitingFor;
  if (!mine) return;
  let answer;
  try {
    answer = await api(`/api/match/${encodeURIComponent(mine.ticket)}`);
  } catch (error) {
    if (waitingFor !== mine) return;
    if (error.status === 404 || error.status === 410) { stopWaiting(); toast(error.message); return; }
    answer = null;  // a moment without the server: ask again
  }
  if (waitingFor !== mine) return;
  if (answer && answer.status === "seated") {
    waitingFor = null;
    memory.keepSeat({table: answer.table, seat: answer.seat, url: answer.url, title: mine.title, account: account.user ? account.user.username : null});
    document.getElementById("play-count").textContent = "Seated: going to your table…";
    location.href = answer.url;
    return;
  }
  if (answer && answer.status && answer.status !== "waiting") {
    stopWaiting();  // cancelled elsewhere (another tab of this browser)
    toast("This search for a table was cancelled.");
    return;
  }
  if (answer && Number.isInteger(answer.waiting)) mine.waiting = answer.waiting;
  drawWaitingFor();
  mine.timer = setTimeout(poll, 1500);
}

function drawWaitingFor() {
  const mine = waitingFor;
  document.getElementById("play-choose").classList.toggle("hidden", Boolean(mine));
  document.getElementById("play-wait").classList.toggle("hidden", !mine);
  if (!mine) return;
  const size = mine.players ? `${mine.players} players` : "any size";
  document.getElementById("play-wait-title").textContent = `Looking for a ${mine.title} table · ${size}${mine.rated ? " · rated" : ""}`;
  const count = document.getElementById("play-count");
  const words = mine.waiting === null ? "Asking who is waiting…" : `${mine.waiting} ${mine.waiting === 1 ? "person" : "people"} waiting`;
  if (count.textContent !== words) count.textContent = words;
  const waited = timeLeft((performance.now() - mine.since) / 1000);
  document.getElementById("play-note").textContent = mine.bots_after
    ? `Waiting ${waited}. Bots take the empty seats once ${span(mine.bots_after)} have passed.`
    : `Waiting ${waited}. You are seated as soon as enough people are here.`;
}

function stopWaiting() {
  if (waitingFor) clearTimeout(waitingFor.timer);
  waitingFor = null;
  drawWaitingFor();
}

/** Leave the queue: ``DELETE /api/match/{ticket}``. */
async function cancelPlay() {
  const mine = waitingFor;
  if (!mine) return;
  stopWaiting();
  try {
    await api(`/api/match/${encodeURIComponent(mine.ticket)}`, undefined, {method: "DELETE"});
  } catch (error) {
    if (error.status !== 404) toast(error.message);
  }
}

/** The parts of the lobby that depend on who is signed in. */
function drawAccount() {
  const user = account.user;
  // Rated tables are for accounts: "Play now" offers "Rated" only when signed in.
  document.getElementById("play-rated-label").classList.toggle("hidden", !user);
  if (!user) document.getElementById("play-rated").checked = false;
  document.getElementById("rated-label").classList.toggle("hidden", !user);
  if (!user) document.getElementById("rated").checked = false;
  document.getElementById("my-name-label").classList.toggle("hidden", Boolean(user));
  drawSeats();
  listMine();
  listOpen();
}

/** "Learn": a first game against easy bots with hints on and the guide open. */
async function learn(game) {
  const players = Math.min(Math.max(3, game.min_players), game.max_players);
  const bots = {};
  for (let seat = 1; seat < players; seat++) bots[seat] = "easy";
  const body = {game: game.name, players, bots, hints: true};
  const name = document.getElementById("my-name").value.trim();
  if (account.user) body.sit = 0;
  else if (name) { body.names = {0: name}; memory.setName(name); }
  try {
    const answer = await api("/api/tables", body);
    memory.keepSeat({table: answer.table, seat: 0, url: answer.seats[0].url, title: game.title, account: body.sit === 0 ? account.user.username : null});
    location.href = `${answer.seats[0].url}&learn=1`;
  } catch (error) { toast(error.message); }
}

async function start() {
  games = await api("/api/games");
  const select = document.getElementById("game");
  select.replaceChildren(...games.map((g) => h("option", {value: g.name, selected: g.name === "fearless"}, g.title)));
  select.addEventListener("change", drawGameForm);
  document.getElementById("players").addEventListener("change", drawSeats);
  document.getElementById("create").addEventListener("submit", create);
  document.getElementById("public").addEventListener("change", (e) => { e.target.dataset.chosen = "yes"; });
  document.getElementById("my-name").value = memory.name();
  document.getElementById("learn").replaceChildren(...games.map((g) => h("button", {type: "button", class: "secondary", "data-learn": g.name, onclick: () => learn(g)}, `Learn ${g.title}`)));
  document.getElementById("boards").replaceChildren(...games.map((g) => h("a", {href: `/ratings/${encodeURIComponent(g.name)}`}, g.title)));
  drawGameForm();
  drawPlay();
  document.getElementById("play-bots").addEventListener("change", drawPlayNote);
  document.getElementById("play-cancel").addEventListener("click", cancelPlay);
  // Leaving the lobby while waiting leaves the queue: nobody is seated at a table they left.
  window.addEventListener("pagehide", () => {
    if (waitingFor) fetch(`/api/match/${encodeURIComponent(waitingFor.ticket)}`, {method: "DELETE", keepalive: true}).catch(() => {});
  });
  setInterval(() => { if (waitingFor) drawWaitingFor(); tickMine(); }, 1000);
  onAccount(drawAccount);
  await startAccount();
  listTables();
  listOpen();
  setInterval(() => { listTables(); listMine(); listOpen(); }, 10000);
}

start();
