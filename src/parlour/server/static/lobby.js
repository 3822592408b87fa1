// The lobby: open a table (game, seats, bots, options), share its links, list the tables.
import {h, api, memory, toast} from "./common.js";

let games = [];

function gameByName(name) { return games.find((g) => g.name === name); }

function optionField(option) {
  // Typed options (bool, int, str, list) give the control; an untyped one is read from its default.
  const type = option.type || (typeof option.default === "boolean" ? "bool" : Number.isInteger(option.default) ? "int" : "json");
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
    input = h("input", {id, type: "text", "data-option": option.name, "data-type": type, placeholder: option.default === null ? "default" : JSON.stringify(option.default)});
  }
  return h("label", {}, h("span", {}, `${option.name}: `, h("span", {class: "muted"}, option.help)), input);
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

function drawSeats() {
  const game = gameByName(document.getElementById("game").value);
  const players = Number(document.getElementById("players").value);
  const box = document.getElementById("seat-picks");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 0; seat < players; seat++) {
    const choice = before[seat] || (seat === 0 ? "person" : "medium");
    box.append(h("label", {}, `Seat ${seat}`, h("select", {id: `seat-${seat}`, "data-seat": seat},
      h("option", {value: "person", selected: choice === "person"}, "a person"),
      game.bots.map((b) => h("option", {value: b, selected: choice === b}, `${b} bot`)))));
  }
}

function drawGameForm() {
  const game = gameByName(document.getElementById("game").value);
  const players = document.getElementById("players");
  players.min = game.min_players;
  players.max = game.max_players;
  const n = Number(players.value);
  if (n < game.min_players || n > game.max_players) players.value = Math.min(Math.max(4, game.min_players), game.max_players);
  document.getElementById("options").replaceChildren(...game.options.map(optionField));
  drawSeats();
}

async function create(event) {
  event.preventDefault();
  const body = {game: document.getElementById("game").value, players: Number(document.getElementById("players").value), bots: {}};
  try {
    body.options = optionValues();
  } catch (error) { toast(error.message); return; }
  for (const select of document.querySelectorAll("#seat-picks select")) {
    if (select.value !== "person") body.bots[select.dataset.seat] = select.value;
  }
  const seed = document.getElementById("seed").value.trim();
  if (seed) body.seed = Number(seed);
  // Your name goes to the first seat a person takes: the one you are about to sit at.
  const name = document.getElementById("my-name").value.trim();
  const first = [...document.querySelectorAll("#seat-picks select")].find((s) => s.value === "person");
  if (name && first) { body.names = {[first.dataset.seat]: name}; memory.setName(name); }
  try {
    const answer = await api("/api/tables", body);
    const title = gameByName(body.game).title;
    for (const s of answer.seats) memory.keepSeat({table: answer.table, seat: s.seat, url: s.url, title});
    showLinks(answer);
    listTables();
    listMine();
  } catch (error) { toast(error.message); }
}

function showLinks(answer) {
  const list = document.getElementById("links");
  const full = (path) => new URL(path, location.href).href;
  list.replaceChildren(
    ...answer.seats.map((s) => h("li", {},
      h("a", {class: "button", href: s.url, "data-seat-link": s.seat}, `Sit at seat ${s.seat}`), " ",
      h("button", {type: "button", class: "secondary", onclick: () => copy(full(s.url))}, "copy link"), " ",
      h("span", {class: "muted"}, full(s.url)))),
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
      h("td", {}, t.title), h("td", {}, `${t.players}p`),
      h("td", {}, t.scores ? t.scores.join(" / ") : ""),
      h("td", {}, finished ? h("a", {href: `/replay/${t.id}`}, "replay") : h("a", {href: `/table/${t.id}`}, "watch")))))));
  };
  section("Waiting", groups.waiting, false);
  section("Playing", groups.playing, false);
  section("Finished", groups.over, true);
  if (!tables.length) box.append(h("p", {class: "muted"}, "No tables yet."));
}

/** "Your tables": the seat links this browser holds, with how each table stands now. */
async function listMine() {
  const box = document.getElementById("mine");
  const held = memory.seats();
  document.getElementById("mine-panel").classList.toggle("hidden", !held.length);
  if (!held.length) { box.replaceChildren(); return; }
  const tokenOf = (url) => new URLSearchParams(String(url).split("#")[1] || "").get("token") || "";
  let answers = [];
  try {
    answers = (await api("/api/seats", {seats: held.map((e) => ({table: e.table, token: tokenOf(e.url)}))})).seats;
  } catch (error) { answers = []; }
  const rows = held.map((entry, i) => {
    const found = answers[i] || {};
    let status = found.error ? "gone" : found.status || "unknown";
    if (found.status === "over") status = (found.winners || []).includes(found.seat) ? "finished: you won" : "finished";
    const turn = Boolean(found.your_turn) && found.status !== "over";
    const forget = h("button", {type: "button", class: "quiet small", "aria-label": `forget seat ${entry.seat} of ${entry.table}`,
      onclick: () => { memory.forgetSeat(entry.table, entry.seat); listMine(); }}, "forget");
    return h("tr", {"data-table": entry.table},
      h("td", {}, h("a", {href: entry.url}, `${found.title || entry.title || entry.table} \u00B7 seat ${entry.seat}`)),
      h("td", {}, h("span", {class: `pill${turn ? " turn" : ""}`, title: found.error || ""}, turn ? "your turn" : status)),
      h("td", {}, forget));
  });
  box.replaceChildren(h("table", {class: "tables"}, h("tbody", {}, rows)));
}

/** "Learn": a first game against easy bots with hints on and the guide open. */
async function learn(game) {
  const players = Math.min(Math.max(3, game.min_players), game.max_players);
  const bots = {};
  for (let seat = 1; seat < players; seat++) bots[seat] = "easy";
  const body = {game: game.name, players, bots, hints: true};
  const name = document.getElementById("my-name").value.trim();
  if (name) { body.names = {0: name}; memory.setName(name); }
  try {
    const answer = await api("/api/tables", body);
    memory.keepSeat({table: answer.table, seat: 0, url: answer.seats[0].url, title: game.title});
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
  document.getElementById("my-name").value = memory.name();
  document.getElementById("learn").replaceChildren(...games.map((g) => h("button", {type: "button", class: "secondary", "data-learn": g.name, onclick: () => learn(g)}, `Learn ${g.title}`)));
  drawGameForm();
  listTables();
  listMine();
  setInterval(() => { listTables(); listMine(); }, 10000);
}

start();
