// Step through a finished game, forward and back, as any seat or a spectator saw it.
import {h, api, plainName, seatName, toast} from "./common.js";
import {cardLookup, cardName, cardTexts, drawGame, linkCards, loadCatalogue, rendererFor, seatStrip} from "./board.js";
import {analysisPanel} from "./analysis.js";
import {startAccount} from "./account.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
// ``want`` is the step last asked for: quick clicks count from it, and an answer for an
// older request is dropped.
// ``#seat=N`` opens the replay from seat N's point of view.
const linked = /(?:^#|&)seat=(\d+)/.exec(location.hash);
const page = {step: 0, want: 0, steps: 0, seat: linked ? Number(linked[1]) : null, data: null, catalogue: {}};
const cardInfo = cardLookup(tableId, () => draw());
// The analysis of the seat being viewed (every seat's for a spectator), fetched in the
// background; the page moves on while the server computes it.
const analysis = analysisPanel(tableId, (step) => go(step), () => drawAnalysis());

// Seats are named as at the table ("you" is the seat whose point of view is shown).
const nameOf = (seat) => plainName(page.data.table, seat, page.data.view.names);

function drawAnalysis() {
  if (!page.data) return;
  analysis.draw(document.getElementById("analysis"), page.seat, page.data.view.players, page.steps, page.step, nameOf);
}

function context() {
  const {view, table} = page.data;
  return {seat: page.seat, table, legal: new Set(), bind: () => {}, bindCard: () => {}, catalogue: page.catalogue, cardInfo,
    info: texts.info, short: (seat) => (seat === page.seat ? "you" : nameOf(seat)),
    names: (seat) => seatName(table, seat, page.seat, view.names)};
}

// Cards open their rules text here as at the table.
const texts = cardTexts((id) => {
  const r = rendererFor(page.data.view.game);
  return r.describe ? r.describe(id, context()) : null;
});

async function go(step) {
  page.want = step;
  const query = page.seat === null ? "" : `?seat=${page.seat}`;
  let data;
  try {
    data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay/${step}${query}`);
  } catch (error) {
    if (page.data) { toast(error.message); return; }
    // Nothing to show at all: say why, and the way back.
    const still = /still going on/.test(error.message);
    document.querySelector("main").replaceChildren(h("div", {class: "panel failure", id: "failure"},
      h("h2", {}, still ? "This game is not over yet" : "There is no replay here"),
      h("p", {}, still ? "A replay opens when the game ends: it shows every hand, so it waits until nobody can use it." : `The server says: ${error.message}.`),
      h("p", {}, still ? h("a", {class: "button secondary", href: `/table/${encodeURIComponent(tableId)}`}, "Watch the table") : null, " ",
        h("a", {class: "button", href: "/"}, "Back to the lobby"))));
    return;
  }
  if (step !== page.want) return;
  page.data = data;
  page.step = page.data.step;
  page.steps = page.data.steps;
  page.catalogue = await loadCatalogue(page.data.view.game);
  draw();
}

function draw() {
  const {view, table, events} = page.data;
  document.getElementById("game-title").textContent = `\u00B7 ${table.title}`;
  const select = document.getElementById("seat");
  if (select.options.length === 1) {
    for (let seat = 0; seat < view.players; seat++) select.append(h("option", {value: seat}, seatName(table, seat, null, view.names)));
    select.value = page.seat === null ? "" : String(page.seat);
  }
  const slider = document.getElementById("step");
  slider.max = page.steps;
  slider.value = page.step;
  document.getElementById("where").textContent = `step ${page.step} of ${page.steps}`;
  document.getElementById("seats").replaceChildren(...seatStrip(view, table, page.seat));
  const {board, hand} = drawGame(view, context());
  document.getElementById("board").replaceChildren(board);
  document.getElementById("hand-area").replaceChildren(...(hand ? [hand] : []));
  document.getElementById("log").replaceChildren(...(events.length ? events.map((e) => h("p", {}, ...linkCards(String(e.text), e, (id) => cardName(id, cardInfo, page.catalogue)))) : [h("p", {class: "muted"}, "The table is set.")]));
  drawAnalysis();
}

document.getElementById("first").addEventListener("click", () => go(0));
document.getElementById("back").addEventListener("click", () => go(Math.max(0, page.want - 1)));
document.getElementById("forward").addEventListener("click", () => go(Math.min(page.steps, page.want + 1)));
document.getElementById("last").addEventListener("click", () => go(page.steps));
document.getElementById("step").addEventListener("change", (e) => go(Number(e.target.value)));
document.getElementById("seat").addEventListener("change", (e) => { page.seat = e.target.value === "" ? null : Number(e.target.value); go(page.want); });
document.addEventListener("keydown", (e) => {
  if (e.target.closest && e.target.closest("select")) return;
  if (e.key === "ArrowRight") go(Math.min(page.steps, page.want + 1));
  if (e.key === "ArrowLeft") go(Math.max(0, page.want - 1));
  if (e.key === "Home") { e.preventDefault(); go(0); }
  if (e.key === "End") { e.preventDefault(); go(page.steps); }
});

startAccount();
go(0);
