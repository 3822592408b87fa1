// The live table page: one WebSocket, the seat's view redrawn after every move.
import {h, api, seatName, toast} from "./common.js";
import {cardLookup, drawGame, finalTable, loadCatalogue, seatStrip} from "./board.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token");
const page = {view: null, table: null, seat: null, catalogue: {}, pending: false, filter: null, closed: false, rematch: null};
const cardInfo = cardLookup(tableId, () => draw());
let socket = null;
let retry = 500;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}${query}`);
  socket.onopen = () => { retry = 500; setStatus(); };
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onclose = (event) => {
    if (event.code === 4403 || event.code === 4404) { page.closed = true; setStatus("closed"); return; }
    setStatus("reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

async function receive(message) {
  if (message.type === "state") {
    page.pending = false;
    page.filter = null;
    page.seat = message.view.seat;
    if (!page.view || page.view.game !== message.view.game) page.catalogue = await loadCatalogue(message.view.game);
    page.view = message.view;
    addEvents(message.events);
    draw();
  } else if (message.type === "table") {
    page.table = message.table;
    draw();
  } else if (message.type === "error") {
    page.pending = false;
    toast(message.message);
    draw();
  } else if (message.type === "rematch") {
    page.rematch = message.url;
    draw();
  }
}

function addEvents(events) {
  const log = document.getElementById("log");
  for (const event of events) {
    const mine = page.seat !== null && event.text.startsWith(`Player ${page.seat} `);
    log.append(h("p", {class: mine ? "mine" : "", "data-kind": event.kind}, event.text));
  }
  log.scrollTop = log.scrollHeight;
}

function send(action) {
  if (page.pending || !page.view || !socket || socket.readyState !== WebSocket.OPEN) return;
  page.pending = true;
  socket.send(JSON.stringify({type: "act", action, move: page.view.move}));
  draw();
}

function setStatus(text) {
  const el = document.getElementById("status");
  const view = page.view;
  el.className = "pill";
  if (text) { el.textContent = text; return; }
  if (!view) { el.textContent = "connecting…"; return; }
  if (view.is_over) { el.textContent = "game over"; el.classList.add("over"); return; }
  if (page.seat !== null && view.current_player === page.seat) { el.textContent = "your turn"; el.classList.add("turn"); return; }
  el.textContent = `${seatName(page.table, view.current_player, page.seat)} to play`;
}

function draw() {
  const view = page.view;
  if (!view) return;
  const table = page.table;
  // For scripts and tests driving the page: which move is shown, and whether it is final.
  document.body.dataset.move = view.move;
  document.body.dataset.over = view.is_over;
  document.getElementById("game-title").textContent = table ? `\u00B7 ${table.title}` : "";
  document.getElementById("who").textContent = page.seat === null ? "Watching as a spectator" : `You are Player ${page.seat}`;
  const myTurn = page.seat !== null && view.current_player === page.seat && !view.is_over;
  document.title = `${myTurn ? "\u25CF Your turn \u00B7 " : ""}Parlour${table ? " \u00B7 " + table.title : ""}`;
  setStatus(socket && socket.readyState === WebSocket.OPEN ? undefined : "reconnecting…");
  document.getElementById("seats").replaceChildren(...seatStrip(view, table, page.seat));

  const legal = new Set(myTurn && !page.pending ? view.legal_actions || [] : []);
  const bound = new Set();
  const bind = (el, action) => {
    if (!legal.has(action)) return;
    bound.add(action);
    el.classList.add("playable");
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", action);
    el.dataset.action = action;
    el.addEventListener("click", () => send(action));
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); send(action); } });
  };
  const bindCard = (el, id) => {
    const matches = [...legal].filter((a) => a.split(" ").slice(1).includes(id));
    if (matches.length === 1) { bind(el, matches[0]); return; }
    if (!matches.length) return;
    el.classList.add("playable");
    el.tabIndex = 0;
    if (page.filter === id) el.classList.add("chosen");
    el.addEventListener("click", () => { page.filter = page.filter === id ? null : id; draw(); });
  };
  const ctx = {seat: page.seat, table, legal, bind, bindCard, catalogue: page.catalogue, cardInfo,
    names: (seat) => seatName(table, seat, page.seat)};
  const {board, hand} = drawGame(view, ctx);
  document.getElementById("board").replaceChildren(board);
  document.getElementById("hand-area").replaceChildren(...(hand ? [hand] : []));

  const prompt = document.getElementById("prompt");
  const actions = document.getElementById("actions");
  const controls = document.getElementById("controls");
  controls.classList.toggle("hidden", page.seat === null || view.is_over);
  if (page.pending) prompt.textContent = "Sending…";
  else if (myTurn) prompt.textContent = bound.size ? "Your turn: click a highlighted card or choose" : "Your turn: choose";
  else prompt.textContent = `Waiting for ${seatName(table, view.current_player, page.seat)}…`;
  const say = document.getElementById("say-text");
  if (view.legal_actions && view.legal_actions.length) say.placeholder = `or type an action, e.g. ${view.legal_actions[0]}`;
  let open = [...legal].filter((a) => !bound.has(a));
  if (page.filter) open = [...legal].filter((a) => a.split(" ").slice(1).includes(page.filter));
  actions.replaceChildren(...open.slice(0, 60).map((a) => h("button", {type: "button", class: "secondary", "data-action": a, onclick: () => send(a)}, a)));
  if (open.length > 60) actions.append(h("span", {class: "muted"}, `${open.length - 60} more: type one below`));
  if (page.filter) actions.append(h("button", {type: "button", onclick: () => { page.filter = null; draw(); }}, "cancel"));

  const final = document.getElementById("final");
  final.classList.toggle("hidden", !view.is_over);
  if (view.is_over) {
    const buttons = h("div", {class: "actions", style: "justify-content:center;margin-top:.6rem"},
      page.rematch ? h("a", {class: "button", href: page.rematch, id: "join-rematch"}, "Join the rematch") : null,
      page.seat !== null && !page.rematch ? h("button", {type: "button", id: "rematch", onclick: rematch}, "Rematch") : null,
      h("a", {class: "button secondary", href: `/replay/${encodeURIComponent(tableId)}`}, "Replay"),
      h("a", {class: "button secondary", href: "/"}, "Lobby"));
    final.replaceChildren(h("div", {class: "panel final"}, h("h2", {}, "Final table"), ...finalTable(view, table, page.seat), buttons));
  }
}

async function rematch() {
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {token});
    page.rematch = answer.url;
    draw();
  } catch (error) {
    toast(error.message);
  }
}

document.getElementById("say").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("say-text");
  const text = input.value.trim();
  if (!text) return;
  if (!(page.view && page.view.legal_actions)) { toast("It is not your turn."); return; }
  send(text);
  input.value = "";
});

connect();
