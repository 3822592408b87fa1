// The replay page's analysis: each seat's estimated chances over the game (an SVG curve) and
// its marked moves, asked of the server and asked again while it is still computing them.
import {h} from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = {inaccuracy: "#e6a700", mistake: "#e07000", blunder: "#ff3b30"};
const SYMBOLS = {inaccuracy: "?!", mistake: "?", blunder: "??"};
const LINES = ["#8fd3ff", "#b7f28c", "#d6b8ff", "#ffffff", "#9ff0e0", "#ff8fb1", "#c0c0c0"]; // far from the marks' colours
const POLL_MS = 1000;
const WIDTH = 560;
const HEIGHT = 170;
const PAD = 24;

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) el.append(child);
  return el;
}

function pct(value) {
  return `${Math.round(100 * value)}%`;
}

// An action in the game's words, as the table's buttons say it (older analyses: its text).
function said(decision, action) {
  return (decision.labels && decision.labels[action]) || action;
}

function duration(seconds) {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  return `${Math.round(seconds / 60)} min`;
}

/** The analysis panel for table ``tableId``; ``go(step)`` moves the replay to a step. */
export function analysisPanel(tableId, go, onChange) {
  const seats = new Map(); // seat -> {status, done, total, message, analysis}
  let started = null; // when the first answer with progress came, and how far it was then

  async function fetchSeat(seat) {
    let answer;
    try {
      answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/analysis/${seat}`);
    } catch (error) {
      seats.set(seat, {status: "failed", message: String(error)});
      onChange();
      return;
    }
    const data = await answer.json().catch(() => ({}));
    if (answer.status === 202) {
      if (started === null && data.total) started = {at: performance.now(), done: data.done || 0};
      seats.set(seat, {status: "analysing", done: data.done, total: data.total});
      setTimeout(() => fetchSeat(seat), POLL_MS);
    } else if (answer.ok) {
      seats.set(seat, {status: "done", analysis: data.analysis});
    } else {
      seats.set(seat, {status: "failed", message: data.message || `${answer.status}`});
    }
    onChange();
  }

  /** Ask for these seats' analyses (once each). */
  function want(list) {
    for (const seat of list) {
      if (seats.has(seat)) continue;
      seats.set(seat, {status: "analysing", done: 0, total: null});
      fetchSeat(seat);
    }
  }

  function curve(shown, steps, step) {
    const x = (move) => PAD + (WIDTH - 2 * PAD) * (steps ? move / steps : 0);
    const y = (chance) => HEIGHT - PAD - (HEIGHT - 2 * PAD) * chance;
    const plot = svg("svg", {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "curve", role: "img",
      "aria-label": "estimated chances of winning over the game"});
    for (const tick of [0, 0.5, 1]) {
      plot.append(svg("line", {x1: PAD, x2: WIDTH - PAD, y1: y(tick), y2: y(tick), class: "grid"}));
      plot.append(svg("text", {x: 2, y: y(tick) + 4, class: "tick"}, document.createTextNode(pct(tick))));
    }
    plot.append(svg("line", {x1: x(step), x2: x(step), y1: PAD / 2, y2: HEIGHT - PAD, class: "now"}));
    for (const [seat, analysis] of shown) {
      const colour = LINES[seat % LINES.length];
      const points = analysis.decisions.map((d) => [d.move, d.chance]);
      if (analysis.result !== null) points.push([steps, analysis.result]);
      plot.append(svg("polyline", {points: points.map(([m, c]) => `${x(m)},${y(c)}`).join(" "),
        fill: "none", stroke: colour, "stroke-width": 2, "data-seat": seat}));
      for (const d of analysis.decisions.filter((d) => d.verdict)) {
        const dot = svg("circle", {cx: x(d.move), cy: y(d.chance), r: 5, fill: COLOURS[d.verdict],
          stroke: colour, class: `mark ${d.verdict}`, "data-move": d.move});
        dot.append(svg("title", {}, document.createTextNode(`move ${d.move}: ${said(d, d.played)} ${SYMBOLS[d.verdict]}`)));
        dot.addEventListener("click", () => go(d.move));
        plot.append(dot);
      }
    }
    return plot;
  }

  // Which line is whose: a swatch of each shown seat's colour and its name.
  function legend(shown, nameOf) {
    return h("p", {class: "legend"}, ...shown.map(([seat]) => h("span", {class: "legend-seat", "data-seat": seat},
      h("span", {class: "swatch", style: `background:${LINES[seat % LINES.length]}`}), ` ${nameOf(seat)} `)));
  }

  function marks(shown, label) {
    const rows = [];
    for (const [seat, analysis] of shown) {
      for (const d of analysis.decisions.filter((d) => d.verdict)) {
        rows.push(h("li", {class: `marked ${d.verdict}`, "data-move": d.move},
          h("button", {type: "button", class: "secondary", onclick: () => go(d.move)}, `move ${d.move}`),
          " ", label(seat), h("b", {style: `color:${COLOURS[d.verdict]}`}, ` ${said(d, d.played)} ${SYMBOLS[d.verdict]} `),
          `${d.verdict}, ${pct(d.chance)}; better: ${said(d, d.best)} (${pct(d.values[d.best])})`));
      }
    }
    return rows.length ? h("ol", {class: "marks"}, rows) : h("p", {class: "muted"}, "No move is marked.");
  }

  /** Draw the analysis of ``seat`` (``null``: every seat) with the replay at ``step``, seats
   * named by ``nameOf``. */
  function draw(container, seat, players, steps, step, nameOf) {
    const list = seat === null ? [...Array(players).keys()] : [seat];
    want(list);
    const states = list.map((s) => seats.get(s));
    const failed = states.find((s) => s.status === "failed");
    const title = h("h3", {}, seat === null ? "Analysis of every seat" : `Analysis of ${nameOf(seat)}`);
    if (failed) {
      container.replaceChildren(title, h("p", {class: "muted"}, failed.message));
      return;
    }
    const pending = states.filter((s) => s.status !== "done");
    if (pending.length) {
      const done = pending.reduce((n, s) => n + (s.done || 0), 0);
      const totals = pending.every((s) => s.total !== null && s.total !== undefined);
      const total = pending.reduce((n, s) => n + (s.total || 0), 0);
      // The time left, from the pace since the first progress seen (none before a decision is done).
      let left = "";
      if (totals && started && done > started.done) {
        const seconds = (performance.now() - started.at) / 1000 / (done - started.done) * (total - done);
        left = `, about ${duration(seconds)} left`;
      }
      container.replaceChildren(title, h("p", {class: "analysing", role: "status"},
        totals ? `Analysing: ${done} of ${total} decisions${left}` : "Analysing: starting…"),
      totals ? h("progress", {max: total, value: done, "aria-label": "analysis progress"}) : null,
      h("p", {class: "muted"}, "Each decision is played out many times from what the seat knew; the replay works meanwhile."));
      return;
    }
    const shown = list.map((s) => [s, seats.get(s).analysis]);
    const label = (s) => (seat === null ? `${nameOf(s)}:` : "");
    const here = shown.flatMap(([s, a]) => a.decisions.filter((d) => d.move === step && d.verdict).map((d) => [s, d]));
    container.replaceChildren(title, curve(shown, steps, step), legend(shown, nameOf),
      h("p", {class: "muted"}, "Estimated chance of winning after each move, from what the seat knew then; ",
        "marks: ", ...Object.entries(SYMBOLS).map(([v, s]) => h("span", {style: `color:${COLOURS[v]}`}, `${s} ${v} `))),
      ...here.map(([s, d]) => h("p", {class: "verdict-here"}, `This move by ${nameOf(s)} was a ${d.verdict} (${SYMBOLS[d.verdict]}): better ${said(d, d.best)}.`)),
      marks(shown, label));
  }

  return {draw};
}
