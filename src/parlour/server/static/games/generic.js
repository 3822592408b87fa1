// Any game the page does not know yet: its view as a readable list of keys and values.
import {count, h, kv} from "../common.js";

const COMMON = new Set(["game", "players", "seat", "current_player", "is_over", "scores", "winners", "legal_actions", "move"]);

export function seatStats(view, seat) {
  const out = [];
  if (Array.isArray(view.scores)) out.push(`score ${view.scores[seat]}`);
  if (Array.isArray(view.hand_counts)) out.push(count(view.hand_counts[seat], "card"));
  return out;
}

export function render(view, ctx) {
  const rest = Object.fromEntries(Object.entries(view).filter(([k]) => !COMMON.has(k) && k !== "hand"));
  const board = h("div", {class: "board"}, h("div", {class: "panel", id: "generic"}, h("h3", {}, "Table"), kv(rest)));
  let hand = null;
  if (Array.isArray(view.hand)) {
    const row = h("div", {class: "row"});
    for (const card of view.hand) {
      const el = h("div", {class: "card", "data-card": String(card)}, String(card));
      ctx.bindCard(el, String(card));
      row.append(el);
    }
    hand = h("div", {class: "panel hand", id: "hand"}, h("h3", {}, "Your hand"), row);
  }
  return {board, hand};
}
