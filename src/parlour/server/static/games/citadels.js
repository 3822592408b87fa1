// Citadels: the draft, the characters called, every city, gold, the crown, the hand.
// Card names and rules texts come from the server's catalogue (/api/games/citadels/cards).
import {consequence, count, h, nameClass, title} from "../common.js";

function districtInfo(slug, ctx) {
  return (ctx.catalogue.districts || {})[slug] || {name: title(slug), colour: "grey", cost: "?"};
}

function characterInfo(slug, ctx) {
  return (ctx.catalogue.characters || {})[slug] || {name: title(slug), rank: ""};
}

function district(slug, ctx, {small = false} = {}) {
  const info = districtInfo(slug, ctx);
  const el = h("div", {class: `card district col-${info.colour}${small ? " small" : ""}${info.text ? " special" : ""}`, "data-card": slug},
    h("span", {class: "cost", "aria-label": `cost ${info.cost}`}, info.cost), h("span", {class: nameClass(info.name)}, info.name), h("span", {}, info.text ? "\u2726" : ""));
  ctx.info(el, slug);
  return el;
}

function character(slug, ctx, tags = [], extra = "") {
  const info = characterInfo(slug, ctx);
  const el = h("div", {class: `card character ${extra}`, "data-card": slug},
    h("span", {class: "rank"}, info.rank), h("span", {class: nameClass(info.name)}, info.name),
    h("span", {}, tags.map((t) => h("span", {class: "tag"}, t))));
  ctx.info(el, slug);
  return el;
}

/** The rules text of a district or character for the card panel. */
export function describe(slug, ctx) {
  const characters = ctx.catalogue.characters || {};
  if (slug in characters) {
    const c = characters[slug];
    return {title: `${c.rank} \u00B7 ${c.name}`, facts: c.colour ? `income from ${c.colour} districts` : "", text: c.text};
  }
  const districts = ctx.catalogue.districts || {};
  if (slug in districts) {
    const d = districts[slug];
    const points = d.points !== d.cost ? `, scores ${d.points}` : "";
    return {title: d.name, facts: `${d.colour} district, cost ${d.cost}${points}`, text: d.text || "No special ability: it scores its cost."};
  }
  return null;
}

export function seatStats(view, seat) {
  const out = [count(view.scores[seat], "pt"), `${view.gold[seat]} gold`, count(view.hand_counts[seat], "card")];
  if (view.crown === seat) out.unshift("\u265B crown");
  return out;
}

const the = (slug, ctx) => `the ${characterInfo(slug, ctx).name}`;
const dname = (slug, ctx) => districtInfo(slug, ctx).name;

/** The second step of a move that cannot be taken back, in words; ``null`` for plain moves. */
export function confirm(action, view, ctx) {
  const w = action.split(" ");
  const mine = view.characters || [];
  if (w[0] === "assassinate") {
    const name = characterInfo(w[1], ctx).name;
    return {text: `Murder ${the(w[1], ctx)}? ${consequence("assassinate", ctx, name)}`,
      own: mine.includes(w[1]) ? `The ${name} is your own character!` : null};
  }
  if (w[0] === "rob") {
    const name = characterInfo(w[1], ctx).name;
    return {text: `Rob ${the(w[1], ctx)}? ${consequence("rob", ctx, name)}`,
      own: mine.includes(w[1]) ? `The ${name} is your own character!` : null};
  }
  if (w[0] === "swap") {
    const other = Number(w[2]);
    return {text: `Swap hands with ${ctx.names(other)}? You give your ${count((view.hand || []).length, "card")} and take their ${count(view.hand_counts[other], "card")}.`, own: null};
  }
  if (w[0] === "destroy") {
    const seat = Number(w[1]);
    // The game's words for the move carry its price ("Destroy Bo's Manor (2 gold)").
    const said = (view.labels || {})[action] || `Destroy ${ctx.names(seat)}'s ${dname(w[2], ctx)}`;
    return {text: `${said}? ${consequence("destroy", ctx)}`,
      own: seat === ctx.seat ? `The ${dname(w[2], ctx)} is in your own city!` : null};
  }
  // The Magician's redraw asks once, for the whole set put away, when it is done.
  if (w[0] === "done" && view.turn && view.turn.step === "redraw" && (view.aside || []).length) {
    const aside = view.aside.map((d) => dname(d, ctx));
    return {text: `Put ${aside.join(", ")} under the deck and draw ${count(aside.length, "new card")}?`, own: null};
  }
  return null;
}

/** Which sentence of the catalogue's ``phases`` explains the moment. */
export function phase(view, ctx) {
  if (view.is_over) return null;
  if (view.phase === "draft") return "draft";
  if (view.current_player !== ctx.seat) return "wait";
  if (view.phase === "rescue") return "rescue";
  return view.turn ? view.turn.step : "wait";
}

/** A moment worth holding on screen: a character's reveal. */
export function headline(events, view, ctx) {
  const call = [...events].reverse().find((e) => e.kind === "call" && e.seat !== null && e.seat !== undefined);
  if (!call) return null;
  return {kind: "reveal", text: `${the(call.character, ctx).replace(/^t/, "T")} is revealed: ${ctx.names(call.seat)}`};
}

function characters(view, ctx) {
  const revealed = view.revealed || {};
  const row = h("div", {class: "row"});
  const slugs = Object.keys(ctx.catalogue.characters || {});
  for (const slug of slugs) {
    const tags = [];
    let extra = "";
    if (slug in revealed) tags.push(ctx.short(revealed[slug]));
    if ((view.face_up || []).includes(slug)) { tags.push("face up"); extra = "gone"; }
    if (view.murdered === slug) { tags.push("murdered"); extra = "murdered"; }
    if (view.robbed === slug) { tags.push("robbed"); extra = "robbed"; }
    if ((view.absent || []).includes(slug)) { tags.push("absent"); extra = "gone"; }
    if (view.called === slug) { tags.push("called"); extra += " called"; }
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
  return h("div", {class: "panel", id: "characters", "data-region": "characters"}, h("h3", {}, "Characters"),
    h("div", {class: "muted"}, facts.join(" \u00B7 ")), row);
}

function draft(view, ctx) {
  const legal = ctx.legal;
  const open = [...legal].filter((a) => a.startsWith("choose ") || (a.startsWith("discard ") && (ctx.catalogue.characters || {})[a.slice(8)]));
  if (!open.length) return null;
  const offered = [...new Set(open.map((a) => a.split(" ")[1]))];
  const row = h("div", {class: "row"});
  for (const slug of offered) {
    const info = characterInfo(slug, ctx);
    // Every ability in full before you choose; the whole offer is the move.
    const offer = h("div", {class: "offer", "data-card": slug}, character(slug, ctx), h("p", {class: "ability"}, info.text || ""));
    ctx.bindCard(offer, slug);
    row.append(offer);
  }
  const verb = open.some((a) => a.startsWith("discard ")) && !open.some((a) => a.startsWith("choose ")) ? "Put one face down" : "Choose your character";
  return h("div", {class: "panel", id: "draft", "data-region": "characters"}, h("h3", {}, verb), h("div", {class: "offers"}, row));
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
        view.crown === seat ? h("span", {class: "crown", title: "crown", "data-region": "crown"}, "\u265B") : null,
        h("span", {class: "seat-name"}, ctx.names(seat)),
        h("span", {class: "coin"}, view.gold[seat]),
        h("span", {class: "pill"}, count(view.hand_counts[seat], "card")),
        h("span", {class: "pill"}, count(view.scores[seat], "pt")),
        revealed[seat] ? h("span", {class: "pill"}, characterInfo(revealed[seat], ctx).name) : null),
      row));
  });
  return h("div", {class: "panel", "data-region": "cities"}, h("h3", {}, "Cities"), grid);
}

export function render(view, ctx) {
  const board = h("div", {class: "board"}, draft(view, ctx), characters(view, ctx), cities(view, ctx));
  let hand = null;
  if (Array.isArray(view.hand)) {
    // One row that scrolls sideways: your characters, the districts drawn, your districts.
    const row = h("div", {class: "row hand-row"});
    for (const c of view.characters || []) row.append(character(c, ctx, ["yours"]));
    // A district drawn that you already hold or have built is marked, on both cards: a city
    // has one of each district, so keeping it may be keeping a card you cannot build.
    const drawn = view.drawn || [];
    const city = view.cities[ctx.seat] || [];
    const twin = (d, where) => {
      const el = district(d, ctx);
      el.classList.add("duplicate");
      el.append(h("span", {class: "dup-note"}, where));
      return el;
    };
    if (drawn.length) {
      row.append(h("span", {class: "divider"}, "drawn"));
      for (const d of drawn) {
        const held = view.hand.includes(d) ? "in hand" : city.includes(d) ? "built" : null;
        const el = held ? twin(d, held) : district(d, ctx);
        ctx.bindCard(el, d);
        row.append(el);
      }
      row.append(h("span", {class: "divider"}, "hand"));
    }
    for (const d of view.hand) {
      const el = drawn.includes(d) ? twin(d, "drawn too") : district(d, ctx);
      ctx.bindCard(el, d);
      row.append(el);
    }
    if (!view.hand.length) row.append(h("span", {class: "muted"}, "no districts in hand"));
    hand = h("div", {class: "hand", id: "hand"}, h("div", {class: "hand-title"}, `Your hand \u00B7 ${view.gold[ctx.seat]} gold`), row);
  }
  return {board, hand};
}
