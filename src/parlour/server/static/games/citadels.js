// Citadels: the draft, the characters called, every city, gold, the crown, the hand.
import {count, h, title} from "../common.js";

function district(slug, ctx, {small = false} = {}) {
  const info = (ctx.catalogue.districts || {})[slug] || {name: title(slug), colour: "grey", cost: "?"};
  return h("div", {class: `card district col-${info.colour}${small ? " small" : ""}`, "data-card": slug, title: `${info.name} (${info.colour}, cost ${info.cost})`},
    h("span", {class: "cost"}, info.cost), h("span", {}, info.name), h("span", {}, ""));
}

function character(slug, ctx, tags = [], extra = "") {
  const info = (ctx.catalogue.characters || {})[slug] || {name: title(slug), rank: ""};
  return h("div", {class: `card character ${extra}`, "data-card": slug, title: info.name},
    h("span", {class: "rank"}, info.rank), h("span", {}, info.name),
    h("span", {}, tags.map((t) => h("span", {class: "tag"}, t))));
}

export function seatStats(view, seat) {
  const out = [count(view.scores[seat], "pt"), `${view.gold[seat]} gold`, count(view.hand_counts[seat], "card")];
  if (view.crown === seat) out.unshift("\u265B crown");
  return out;
}

function characters(view, ctx) {
  const revealed = view.revealed || {};
  const row = h("div", {class: "row"});
  const slugs = Object.keys(ctx.catalogue.characters || {});
  for (const slug of slugs) {
    const tags = [];
    let extra = "";
    if (slug in revealed) tags.push(revealed[slug] === ctx.seat ? "You" : `P${revealed[slug]}`);
    if ((view.face_up || []).includes(slug)) { tags.push("face up"); extra = "gone"; }
    if (view.murdered === slug) { tags.push("murdered"); extra = "murdered"; }
    if (view.robbed === slug) { tags.push("robbed"); extra = "robbed"; }
    if ((view.absent || []).includes(slug)) { tags.push("absent"); extra = "gone"; }
    if (view.called === slug) tags.push("called");
    const el = character(slug, ctx, tags, extra);
    // The Assassin's and the Thief's targets are picked by clicking the character.
    if (view.phase !== "draft") ctx.bindCard(el, slug);
    row.append(el);
  }
  const facts = [
    `Round ${view.round}`,
    `${view.phase === "draft" ? "Character draft" : "Turns"}`,
    `crown: ${ctx.names(view.crown)}`,
    `deck: ${view.deck_count}`,
  ];
  if (view.last_round) facts.push("last round");
  return h("div", {class: "panel", id: "characters"}, h("h3", {}, "Characters"),
    h("div", {class: "muted"}, facts.join(" \u00B7 ")), row);
}

function draft(view, ctx) {
  const legal = ctx.legal;
  const open = [...legal].filter((a) => a.startsWith("choose ") || (a.startsWith("discard ") && (ctx.catalogue.characters || {})[a.slice(8)]));
  if (!open.length) return null;
  const offered = [...new Set(open.map((a) => a.split(" ")[1]))];
  const row = h("div", {class: "row"});
  for (const slug of offered) {
    const el = character(slug, ctx);
    ctx.bindCard(el, slug);
    row.append(el);
  }
  const verb = open.some((a) => a.startsWith("discard ")) && !open.some((a) => a.startsWith("choose ")) ? "Put one face down" : "Choose your character";
  return h("div", {class: "panel", id: "draft"}, h("h3", {}, verb), row);
}

function cities(view, ctx) {
  const grid = h("div", {class: "cities"});
  const revealed = Object.fromEntries(Object.entries(view.revealed || {}).map(([c, s]) => [s, c]));
  const active = view.turn ? view.turn.seat : view.current_player;
  view.cities.forEach((city, seat) => {
    const built = city.map((d) => {
      const el = district(d, ctx, {small: true});
      ctx.bind(el, `destroy ${seat} ${d}`);  // the Warlord's target
      return el;
    });
    const row = h("div", {class: "row"}, built.length ? built : h("span", {class: "muted"}, "no districts yet"));
    grid.append(h("div", {class: `city${seat === active ? " active" : ""}`, "data-seat": seat},
      h("div", {class: "head"},
        view.crown === seat ? h("span", {class: "crown", title: "crown"}, "\u265B") : null,
        h("span", {}, ctx.names(seat)),
        h("span", {class: "coin"}, view.gold[seat]),
        h("span", {class: "pill"}, count(view.hand_counts[seat], "card")),
        h("span", {class: "pill"}, count(view.scores[seat], "pt")),
        revealed[seat] ? h("span", {class: "pill"}, title(revealed[seat])) : null),
      row));
  });
  return h("div", {class: "panel"}, h("h3", {}, "Cities"), grid);
}

export function render(view, ctx) {
  const board = h("div", {class: "board"}, draft(view, ctx), characters(view, ctx), cities(view, ctx));
  let hand = null;
  if (Array.isArray(view.hand)) {
    const parts = [];
    if ((view.characters || []).length) {
      parts.push(h("div", {class: "muted"}, "Your characters"), h("div", {class: "row"}, view.characters.map((c) => character(c, ctx))));
    }
    if ((view.drawn || []).length) {
      const row = h("div", {class: "row"});
      for (const d of view.drawn) { const el = district(d, ctx); ctx.bindCard(el, d); row.append(el); }
      parts.push(h("div", {class: "muted"}, "Drawn: keep one"), row);
    }
    const row = h("div", {class: "row"});
    for (const d of view.hand) { const el = district(d, ctx); ctx.bindCard(el, d); row.append(el); }
    parts.push(h("div", {class: "muted"}, `Your districts \u00B7 ${view.gold[ctx.seat]} gold`), row);
    hand = h("div", {class: "panel hand", id: "hand"}, h("h3", {}, "Your hand"), parts);
  }
  return {board, hand};
}
