// Fearless: the trick, the scare track with every ghost, the hand, fear totals.
import {count, h, fearlessCard, seatNumber, SUITS} from "../common.js";

const ORDER = ["blue", "orange", "magenta", "green"];

function sortKey(card) {
  if (card === "zero") return [4, 0];
  const m = /^([a-z]+)([+-]\d+)$/.exec(card);
  return m ? [ORDER.indexOf(m[1]), -Number(m[2])] : [5, 0];
}

function byCard(a, b) {
  const [x, y] = [sortKey(a), sortKey(b)];
  return x[0] - y[0] || x[1] - y[1];
}

function track(view, ctx) {
  const placed = view.ghosts.map((p, seat) => [seat, p]).filter(([, p]) => p !== null);
  // The track reaches at least as far as the ruin's fear, so a ghost's distance reads against it.
  const ruinWords = ctx.catalogue.ruin || {text: "", fear: 1};
  const reach = Math.max(ruinWords.fear, ...placed.map(([, p]) => Math.abs(p)));
  const box = h("div", {class: "track", "aria-label": "scare track"}, h("div", {class: "line"}));
  const pct = (p) => 4 + 92 * (p + reach) / (2 * reach);
  for (let t = -reach; t <= reach; t += reach >= 20 ? 10 : 5) {
    box.append(h("span", {class: "tick", style: `left:${pct(t)}%`}, t > 0 ? `+${t}` : t));
  }
  // Ghosts on the same square stand side by side.
  const seen = {};
  for (const [seat, p] of placed) {
    const n = (seen[p] = (seen[p] || 0) + 1) - 1;
    box.append(h("div", {
      class: `ghost${seat === ctx.seat ? " me" : ""}`,
      style: `left:calc(${pct(p)}% + ${n * 14}px)`,
      title: `${ctx.names(seat)}: ${p > 0 ? "+" : ""}${p}`,
    }, seatNumber(seat)));
  }
  const onRuin = view.ghosts.map((p, seat) => [seat, p]).filter(([, p]) => p === null);
  const ruin = h("div", {class: "ruin"}, h("span", {class: "muted"}, ruinWords.text),
    onRuin.length ? onRuin.map(([seat]) => h("div", {class: `ghost${seat === ctx.seat ? " me" : ""}`, title: ctx.names(seat)}, seatNumber(seat))) : h("span", {}, "nobody"));
  return h("div", {class: "panel", "data-region": "track"}, h("h3", {}, "Scare track"), box, ruin);
}

function trick(view, ctx) {
  const led = view.led_suit ? `${SUITS[view.led_suit] || ""} ${view.led_suit} led` : "nothing led yet";
  const value = view.trick_value > 0 ? `+${view.trick_value}` : String(view.trick_value);
  const slot = (seat, card) => h("div", {class: "slot"}, fearlessCard(card), h("div", {class: "played-by"}, ctx.names(seat)));
  const last = view.tricks && view.tricks.length && !view.trick.length ? view.tricks[view.tricks.length - 1] : null;
  // A finished trick stays in full until the next card is played.
  let shown;
  if (view.trick.length) shown = view.trick.map(([seat, card]) => slot(seat, card));
  else if (last) {
    shown = [h("div", {class: "trick-won"}, `${ctx.names(last.winner)} took this trick (${last.value > 0 ? "+" : ""}${last.value})`),
      ...last.cards.map(([seat, card]) => slot(seat, card))];
  } else shown = [h("span", {class: "muted"}, "Waiting for the lead")];
  return h("div", {class: "panel", id: "trick", "data-region": "trick"},
    h("h3", {}, `Trick ${view.trick_number} of ${view.tricks_per_round} \u00B7 round ${view.round} of ${view.rounds}`),
    h("div", {class: "muted"}, `${led} \u00B7 worth ${value}`),
    h("div", {class: `row trick-cards${last && !view.trick.length ? " done" : ""}`}, shown));
}

/** Fear taken per seat in the round just scored (kept on screen until the next is scored). */
function roundSummary(ctx) {
  const scored = ctx.lastEvent("round");
  if (!scored || !Array.isArray(scored.fear)) return null;
  return h("div", {class: "panel", id: "round-summary"}, h("h3", {}, `Round ${scored.round}: fear taken`),
    h("div", {class: "summary"}, scored.fear.map((fear, seat) => h("div", {class: "summary-cell"},
      h("span", {class: "seat-name"}, ctx.names(seat)), h("strong", {}, `+${fear}`),
      h("span", {class: "muted"}, `total ${scored.totals[seat]}`)))));
}

export function phase(view, ctx) {
  if (view.is_over) return null;
  if (view.current_player !== ctx.seat) return "wait";
  return view.trick.length ? "follow" : "lead";
}

/** Moments worth holding on screen: a trick taken, a round scored. */
export function headline(events, view, ctx) {
  const scored = events.find((e) => e.kind === "round");
  if (scored) return {kind: "round", text: `Round ${scored.round} is over: ${scored.fear.map((f, s) => `${ctx.names(s)} +${f}`).join(", ")}`};
  const won = [...events].reverse().find((e) => e.kind === "trick");
  if (won) return {kind: "trick", text: `${ctx.names(won.seat)} takes the trick (${won.value > 0 ? "+" : ""}${won.value}) and moves to ${won.position > 0 ? "+" : ""}${won.position}`};
  return null;
}

export function seatStats(view, seat) {
  const ghost = view.ghosts[seat];
  return [
    `fear ${view.scores[seat]}`,
    `ghost ${ghost === null ? "ruin" : (ghost > 0 ? "+" : "") + ghost}`,
    count(view.hand_counts[seat], "card"),
  ];
}

export function render(view, ctx) {
  const board = h("div", {class: "board"}, trick(view, ctx), roundSummary(ctx), track(view, ctx));
  let hand = null;
  if (Array.isArray(view.hand) && view.hand.length) {
    const row = h("div", {class: "row hand-row fan"});
    for (const card of [...view.hand].sort(byCard)) {
      const el = fearlessCard(card);
      ctx.bind(el, `play ${card}`);
      row.append(el);
    }
    hand = h("div", {class: "hand", id: "hand"}, h("div", {class: "hand-title"}, "Your hand"), row);
  }
  return {board, hand};
}
