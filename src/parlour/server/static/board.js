// Drawing a table from a view: the seat strip, the game's board and hand, the final table.
import {h, api, seatName, title} from "./common.js";
import * as fearless from "./games/fearless.js";
import * as citadels from "./games/citadels.js";
import * as foolsblade from "./games/foolsblade.js";
import * as generic from "./games/generic.js";

const RENDERERS = {fearless, citadels, foolsblade};

/** The renderer of a game, or the generic one for a game this page does not know. */
export function rendererFor(game) {
  return RENDERERS[game] || generic;
}

const catalogues = {};
/** The game's public card data, fetched once. */
export async function loadCatalogue(game) {
  if (!(game in catalogues)) {
    catalogues[game] = await api(`/api/games/${encodeURIComponent(game)}/cards`).catch(() => ({}));
  }
  return catalogues[game];
}

/** A lookup of card fields by id for a table (games with state.card), calling ``redraw``
 * once a card's fields arrive. */
export function cardLookup(tableId, redraw) {
  const known = {};
  return (id) => {
    if (id === null || id === undefined) return null;
    if (!(id in known)) {
      known[id] = null;
      api(`/api/tables/${encodeURIComponent(tableId)}/cards/${encodeURIComponent(id)}`)
        .then((info) => { known[id] = info; redraw(); })
        .catch(() => {});
    }
    return known[id];
  };
}

/** The strip of seats: names, who is connected, the game's numbers, whose turn it is. */
export function seatStrip(view, table, mySeat) {
  const renderer = rendererFor(view.game);
  const stats = renderer.seatStats || generic.seatStats;
  const strip = [];
  for (let seat = 0; seat < view.players; seat++) {
    const info = table && table.seats ? table.seats[seat] : {};
    let numbers = [];
    try { numbers = stats(view, seat); } catch (error) { numbers = generic.seatStats(view, seat); }
    strip.push(h("div", {class: `seat${seat === mySeat ? " me" : ""}${seat === view.current_player ? " active" : ""}`, "data-seat": seat},
      h("div", {class: "name"},
        h("span", {class: `dot${info && (info.bot || info.connected) ? " on" : ""}`, title: info && info.bot ? "bot" : info && info.connected ? "connected" : "away"}),
        seatName(table, seat, mySeat)),
      h("div", {class: "stats"}, numbers.map((n) => h("span", {}, n)))));
  }
  return strip;
}

/** Draw the game's board and hand with ``ctx``; an unknown game or a renderer that fails
 * on an unexpected view falls back to the generic one. */
export function drawGame(view, ctx) {
  try {
    return rendererFor(view.game).render(view, ctx);
  } catch (error) {
    console.error(error);
    return generic.render(view, ctx);
  }
}

/** The table of final scores, winners first. */
export function finalTable(view, table, mySeat) {
  const winners = view.winners || [];
  const names = winners.map((s) => seatName(table, s, mySeat));
  const headline = names.length === 0 ? "Game over" : names.length === 1
    ? (winners[0] === mySeat ? "You win!" : `${names[0]} wins`)
    : `Shared win: ${names.join(", ")}`;
  const order = [...Array(view.players).keys()].sort((a, b) =>
    (winners.includes(b) - winners.includes(a)) || (table && table.lower_score_wins ? view.scores[a] - view.scores[b] : view.scores[b] - view.scores[a]));
  const rows = order.map((s) => h("tr", {}, h("td", {}, winners.includes(s) ? "\u2605 " : ""), h("td", {}, seatName(table, s, mySeat)), h("td", {}, view.scores[s])));
  return [h("div", {class: "winner"}, headline),
    h("table", {class: "scores"}, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "Seat"), h("th", {}, table && table.lower_score_wins ? "Fear (lowest wins)" : "Score"))), h("tbody", {}, rows))];
}

export {title};
