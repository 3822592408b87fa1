// Fool's Blade: each weapon part by part, gear, stash, curses, the fight and the boss.
import {count, h, title} from "../common.js";

const PARTS = ["blade", "guard", "handle", "pommel"];
// Elements as coloured words: emoji fonts are missing on many machines.
function element(name) {
  return name ? h("span", {class: `element el-${name}`}, name) : "";
}

function name(id, ctx) {
  const info = ctx.cardInfo(id);
  return info && info.name ? info.name : title(id);
}

function card(id, ctx) {
  const info = ctx.cardInfo(id) || {};
  const strength = info.strength ?? info.value;
  return h("div", {class: "card fb-card", "data-card": id, title: info.text || name(id, ctx)},
    h("span", {class: "kind"}, info.kind ? `${info.kind}${info.part ? " \u00B7 " + info.part : ""}` : ""),
    h("span", {}, name(id, ctx)),
    h("span", {class: "str"}, element(info.element), strength === undefined ? "" : ` ${strength}`));
}

/** The printed strength of the assembled parts, or "?" while a part's data is unknown. */
function weaponStrength(weapon, ctx) {
  let total = 0;
  for (const part of PARTS) {
    if (!weapon || !weapon[part]) continue;
    const info = ctx.cardInfo(weapon[part]);
    if (!info || typeof info.strength !== "number") return "?";
    total += info.strength;
  }
  return total;
}

function list(label, ids, ctx) {
  if (!ids || !ids.length) return null;
  return h("div", {class: "muted"}, `${label}: `, ids.map((id) => name(id, ctx)).join(", "));
}

export function seatStats(view, seat) {
  const out = [count(view.scores[seat], "pt")];
  if (Array.isArray(view.hand_counts)) out.push(`${view.hand_counts[seat]}${view.hand_limits ? "/" + view.hand_limits[seat] : ""} cards`);
  if (view.classes && view.classes[seat]) out.push(title(view.classes[seat]));
  return out;
}

function seatPanel(view, seat, ctx) {
  const weapon = (view.weapons || [])[seat] || {};
  const parts = PARTS.map((part) => {
    const id = weapon[part];
    const info = id ? ctx.cardInfo(id) : null;
    return h("div", {class: "part", "data-card": id || ""}, h("div", {class: "label"}, part),
      id ? name(id, ctx) : "\u2014",
      info && typeof info.strength === "number" ? h("div", {}, element(info.element), ` ${info.strength}`) : null);
  });
  const curses = ((view.curses || [])[seat] || []).map(([id, left]) => `${name(id, ctx)} (${left} turns)`);
  return h("div", {class: `fb-seat${view.active === seat ? " city active" : ""}`, "data-seat": seat},
    h("div", {class: "head"}, h("strong", {}, ctx.names(seat)),
      view.classes && view.classes[seat] ? h("span", {class: "pill"}, name(view.classes[seat], ctx)) : null,
      h("span", {class: "pill"}, `weapon ${weaponStrength(weapon, ctx)}`),
      h("span", {class: "pill"}, count(view.scores[seat], "pt"))),
    h("div", {class: "weapon"}, parts),
    list("Gear", (view.gear || [])[seat], ctx),
    list("Stash", (view.stash || [])[seat], ctx),
    curses.length ? h("div", {class: "muted"}, `Curses: ${curses.join(", ")}`) : null);
}

function combat(view, ctx) {
  const fight = view.combat;
  const boss = view.boss;
  if (!fight && !boss) return null;
  const box = h("div", {class: "panel", id: "combat"}, h("h3", {}, fight ? "Combat" : "Boss"));
  if (fight) {
    box.append(h("div", {class: "combat"},
      h("div", {}, h("div", {}, ctx.names(fight.seat)), h("div", {class: "strength"}, fight.player_strength)),
      h("div", {class: "vs"}, "vs"),
      h("div", {}, card(fight.monster, ctx), h("div", {class: "strength"}, element(fight.element), ` ${fight.monster_strength}`))));
  }
  if (boss) {
    box.append(h("div", {class: "muted"}, `${name(boss.approach, ctx)} \u00B7 strikes ${boss.strikes}/${boss.strike_limit}`),
      h("div", {class: "row"}, (boss.cards || []).map((id) => card(id, ctx))));
  }
  return box;
}

export function render(view, ctx) {
  const decks = view.decks ? Object.entries(view.decks).map(([d, n]) => `${d} ${n}`).join(" \u00B7 ") : "";
  const info = h("div", {class: "panel"}, h("h3", {}, `Turn ${view.turn ?? "?"} \u00B7 ${view.phase ? title(view.phase) : ""}`),
    h("div", {class: "muted"}, `${view.active === null ? "Setup: classes are chosen, nothing dealt yet" : `Active: ${ctx.names(view.active)}`} \u00B7 decks: ${decks}`));
  const forge = view.forge ? h("div", {class: "panel", id: "forge"}, h("h3", {}, "The Forge"),
    h("div", {class: "row"}, view.forge.map((id) => { const el = card(id, ctx); ctx.bindCard(el, id); return el; }))) : null;
  const seats = h("div", {class: "cities"});
  for (let seat = 0; seat < view.players; seat++) seats.append(seatPanel(view, seat, ctx));
  const board = h("div", {class: "board"}, info, combat(view, ctx), forge, h("div", {class: "panel"}, h("h3", {}, "Weapons"), seats));
  let hand = null;
  if (Array.isArray(view.hand)) {
    const row = h("div", {class: "row"});
    for (const id of view.hand) { const el = card(id, ctx); ctx.bindCard(el, id); row.append(el); }
    hand = h("div", {class: "panel hand", id: "hand"}, h("h3", {}, "Your hand"), row);
  }
  return {board, hand};
}
