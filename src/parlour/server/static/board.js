// Drawing a table from a view: the seat strip, the game's board and hand, the final table.
import {h, api, plainName, seatName, seatNumber, signed, title} from "./common.js";
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
export function loadCatalogue(game) {
  // The promise is kept, so states arriving while it loads are taken in their order.
  if (!(game in catalogues)) {
    catalogues[game] = api(`/api/games/${encodeURIComponent(game)}/cards`).catch(() => ({}));
  }
  return catalogues[game];
}

/** A lookup of card fields (rules text included) by id for a table whose game loads its
 * cards per table (Fool's Blade), calling ``redraw`` once they arrive; ``null`` until then and
 * for other games. */
export function cardLookup(tableId, redraw) {
  let known = null;
  let asked = false;
  const lookup = (id) => {
    if (id === null || id === undefined) return null;
    if (!asked) {
      asked = true;
      api(`/api/tables/${encodeURIComponent(tableId)}/cards`)
        .then((cards) => { known = cards; redraw(); })
        .catch(() => { known = {}; });
    }
    return known ? known[id] || null : null;
  };
  lookup.all = () => known || {};
  return lookup;
}

/** The window with a card's rules text, ``describe(id)`` giving {title, facts, text}:
 * ``info(el, id)`` marks a card (a tap on it, or on its "i" when the card is also a move,
 * opens the text); ``show(id)`` opens it; Escape or × closes it. */
export function cardTexts(describe) {
  let box = document.getElementById("card-info");
  if (!box) {
    box = h("div", {id: "card-info", class: "card-info hidden", role: "dialog", "aria-labelledby": "card-info-title"},
      h("button", {type: "button", class: "close", id: "card-info-close", "aria-label": "close"}, "×"),
      h("h3", {id: "card-info-title"}), h("p", {id: "card-info-facts", class: "muted"}), h("p", {id: "card-info-text"}));
    document.body.append(box);
  }
  const show = (id) => {
    const found = describe(id);
    if (!found) return;
    box.querySelector("#card-info-title").textContent = found.title;
    box.querySelector("#card-info-facts").textContent = found.facts || "";
    box.querySelector("#card-info-text").textContent = found.text || "";
    box.classList.remove("hidden");
    box.dataset.card = id;
    box.querySelector("#card-info-close").focus({preventScroll: true});
  };
  const hide = () => box.classList.add("hidden");
  box.querySelector("#card-info-close").addEventListener("click", hide);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });
  // A tap on a card that is not a move shows its rules text.
  document.addEventListener("click", (event) => {
    const target = event.target.closest ? event.target.closest("[data-info]") : null;
    if (!target || target.closest("[data-action], .playable")) return;
    show(target.dataset.info);
  });
  const info = (el, id) => {
    el.dataset.info = id;
    el.append(h("button", {type: "button", class: "info-dot", "aria-label": "rules text", tabindex: -1,
      onclick: (e) => { e.stopPropagation(); show(id); }}, "i"));
  };
  return {info, show, hide};
}

/** The name a card goes by, from its id: a per-table card (``cardInfo``) or the game's
 * catalogue (a district, a character); ``null`` for an id that is no card. */
export function cardName(id, cardInfo, catalogue) {
  const known = cardInfo.all()[id] || (catalogue.districts || {})[id] || (catalogue.characters || {})[id];
  return known && known.name ? known.name : null;
}

/** A log line's ``text`` with each card its ``event`` names (in the event's fields) made a
 * link to the card's rules text, as cards on the table are; ``nameOf(id)`` names a card the
 * page knows (``null`` for other words). */
export function linkCards(text, event, nameOf) {
  const ids = new Set();
  for (const [key, value] of Object.entries(event)) {
    if (key === "kind" || key === "text") continue;
    for (const id of Array.isArray(value) ? value : [value]) if (typeof id === "string" && nameOf(id)) ids.add(id);
  }
  let parts = [text];
  for (const id of ids) {
    const name = nameOf(id);
    parts = parts.flatMap((part) => {
      if (typeof part !== "string") return [part];
      return part.split(name).flatMap((piece, i) => (i ? [h("span", {class: "card-name", "data-info": id, tabindex: 0}, name), piece] : [piece]));
    });
  }
  return parts;
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
        h("span", {class: "seat-no", title: `seat ${seatNumber(seat)}`}, seatNumber(seat)),
        h("span", {class: `dot${info && (info.bot || info.connected) ? " on" : ""}`, title: info && info.bot ? "bot" : info && info.connected ? "connected" : "away"}),
        h("span", {class: "seat-name"}, table && (table.open || []).includes(seat) ? "free seat" : seatName(table, seat, mySeat, view.names))),
      h("div", {class: "stats"}, numbers.map((n) => h("span", {}, n)))));
  }
  return strip;
}

/** Draw the game's board and hand with ``ctx``; an unknown game or a renderer that fails
 * on an unexpected view falls back to the generic one. */
export function drawGame(view, given) {
  // Pages that show no rules texts or past events (the replay) need not give those parts.
  const ctx = {info: () => {}, lastEvent: () => null, short: (seat) => plainName(null, seat, view.names), ...given};
  try {
    return rendererFor(view.game).render(view, ctx);
  } catch (error) {
    console.error(error);
    return generic.render(view, ctx);
  }
}

/** The table of final scores, winners first, with each seat's rating change at a rated table
 * (``rating_changes`` in the table's description: "+1.2", "\u22120.8", "unrated"). */
export function finalTable(view, table, mySeat) {
  const winners = view.winners || [];
  const names = winners.map((s) => seatName(table, s, mySeat, view.names));
  const headline = names.length === 0 ? "Game over" : names.length === 1
    ? (winners[0] === mySeat ? "You win!" : `${names[0]} wins`)
    : `Shared win: ${names.join(", ")}`;
  const order = [...Array(view.players).keys()].sort((a, b) =>
    (winners.includes(b) - winners.includes(a)) || (table && table.lower_score_wins ? view.scores[a] - view.scores[b] : view.scores[b] - view.scores[a]));
  const changes = table && Array.isArray(table.rating_changes) && table.rating_changes.some((c) => c !== null && c !== undefined) ? table.rating_changes : null;
  const change = (s) => {
    const value = changes[s];
    const cls = value === null || value === undefined ? "muted" : value > 0 ? "change-up" : value < 0 ? "change-down" : "";
    return h("td", {class: "num", "data-rating-change": s}, h("span", {class: cls}, signed(value)));
  };
  // Where a game's view breaks the score into parts (Fool's Blade: weapon, monsters,
  // treasures, Legendary), a column each, summing to the score; on a phone, a line under
  // the seat's name instead, so the score stays in view.
  const parts = Array.isArray(view.score_parts) && view.score_parts.length ? view.score_parts : null;
  const partNames = parts ? Object.keys(parts[0]) : [];
  const rows = order.map((s) => h("tr", {}, h("td", {}, winners.includes(s) ? "\u2605 " : ""), h("td", {}, seatName(table, s, mySeat, view.names),
      parts ? h("div", {class: "parts-line"}, partNames.map((part) => `${part.replace(/_/g, " ")}: ${parts[s][part]}`).join(" \u00B7 ")) : null),
    ...partNames.map((part) => h("td", {class: "num score-part", "data-part": part}, parts[s][part])),
    h("td", {class: "num"}, h("b", {}, view.scores[s])),
    changes ? change(s) : null));
  return [h("div", {class: "winner"}, headline),
    h("table", {class: "scores"}, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "Seat"),
      ...partNames.map((part) => h("th", {class: "num score-part"}, title(part))),
      h("th", {class: "num"}, table && table.lower_score_wins ? "Fear (lowest wins)" : "Score"),
      changes ? h("th", {class: "num"}, "Rating") : null)), h("tbody", {}, rows))];
}

export {title};
