// Fool's Blade: each weapon part by part, gear, stash, curses, the fight and the boss.
// Card names and rules texts come from the table's cards (/api/tables/{id}/cards).
import {consequence, count, h, nameClass, title} from "../common.js";

const PARTS = ["blade", "guard", "handle", "pommel"];
// Elements as coloured words: emoji fonts are missing on many machines.
function element(name) {
  return name ? h("span", {class: `element el-${name}`}, name) : "";
}

function name(id, ctx) {
  const info = ctx.cardInfo(id);
  return info && info.name ? info.name : title(id);
}

function kindLine(info) {
  if (!info.kind) return "";
  if (info.kind === "part") return `${info.legendary ? "legendary " : ""}${info.part}`;
  return info.kind;
}

function card(id, ctx) {
  const info = ctx.cardInfo(id) || {};
  const strength = info.strength ?? info.value;
  const el = h("div", {class: "card fb-card", "data-card": id},
    h("span", {class: "kind"}, kindLine(info)),
    h("span", {class: nameClass(name(id, ctx))}, name(id, ctx)),
    h("span", {class: "str"}, element(info.element), strength === undefined ? "" : ` ${strength}`));
  ctx.info(el, id);
  return el;
}

/** The rules text of any card for the card panel. */
export function describe(id, ctx) {
  const info = ctx.cardInfo(id);
  if (!info) return null;
  const facts = [kindLine(info)];
  if (info.element) facts.push(info.element);
  if (typeof info.strength === "number") facts.push(`strength ${info.strength}`);
  if (typeof info.value === "number") facts.push(`value ${info.value}`);
  if (info.set) facts.push(`set ${title(info.set)}`);
  return {title: info.name || title(id), facts: facts.filter(Boolean).join(" \u00B7 "), text: info.text || "No special text."};
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
  const row = h("div", {class: "chips", "data-region": label.toLowerCase()}, h("span", {class: "muted"}, `${label}:`));
  for (const id of ids) {
    const chip = h("span", {class: "chip", "data-card": id}, name(id, ctx));
    ctx.info(chip, id);
    ctx.bindCard(chip, id);
    row.append(chip);
  }
  return row;
}

export function seatStats(view, seat) {
  const out = [count(view.scores[seat], "pt")];
  if (Array.isArray(view.hand_counts)) out.push(`${view.hand_counts[seat]}${view.hand_limits ? "/" + view.hand_limits[seat] : ""} cards`);
  if (view.classes && view.classes[seat]) out.push(title(view.classes[seat]));
  return out;
}

/** Whose is a card on the table (weapon, gear or stash), or ``null``. */
function ownerOf(view, id) {
  for (let seat = 0; seat < view.players; seat++) {
    const weapon = (view.weapons || [])[seat] || {};
    if (Object.values(weapon).includes(id) || ((view.gear || [])[seat] || []).includes(id) || ((view.stash || [])[seat] || []).includes(id)) return seat;
  }
  return null;
}

/** The second step of a move that cannot be taken back, in words; ``null`` for plain moves. */
export function confirm(action, view, ctx) {
  const w = action.split(" ");
  const id = w[1];
  if (w[0] === "steal") {
    const other = view.decision ? view.decision.other : ownerOf(view, id);
    const from = other === null || other === undefined ? "" : ` from ${ctx.names(other)}`;
    return {text: `Steal ${name(id, ctx)}${from}? ${consequence("steal", ctx)}`, own: other === ctx.seat ? "That card is your own!" : null};
  }
  if (w[0] === "break") {
    const owner = ownerOf(view, id);
    const whose = owner === null ? "" : owner === ctx.seat ? " (yours)" : ` (${ctx.names(owner)}'s)`;
    return {text: `Break ${name(id, ctx)}${whose}? ${consequence("break", ctx)}`,
      own: owner === ctx.seat || (view.hand || []).includes(id) ? "You are breaking one of your own cards!" : null};
  }
  if (w[0] === "fight") {
    return {text: `Fight ${name(id, ctx)}? ${consequence("fight", ctx)}`, own: null};
  }
  return null;
}

/** What the seat to act is asked and why, in the view's words ("Discard 1 card: Burr Rat's
 * Lose effect"), and the card it may answer, if any; ``null`` when the phase says it all. */
export function asked(view, ctx) {
  // A seat that has made the most plays one seat may make in a window (the game's bound,
  // the view's ``play_cap``) is asked no more in it: its turn line says so while it applies.
  const w = view.window;
  const capped = w && (w.capped || []).includes(ctx.seat)
    ? `you have made ${w.play_cap} plays in this window, the most one seat may make` : null;
  const d = view.decision;
  if (d && d.seat === view.current_player) {
    const other = d.other === null || d.other === undefined ? "" : d.kind === "give" ? ` to ${ctx.names(d.other)}` : ` of ${ctx.names(d.other)}`;
    return {words: `${d.ask}${other}: ${d.why}${capped && d.seat !== ctx.seat ? `; ${capped}` : ""}`, card: null};
  }
  const p = view.pending;
  if (w && p && !p.negated) {
    const on = p.target === null || p.target === undefined ? "" : ` on ${ctx.names(p.target)}`;
    const what = p.ability ? `${name(p.card, ctx)}'s ability` : name(p.card, ctx);
    if (capped) return {words: `${ctx.names(p.seat)} plays ${what}${on}; ${capped}`, card: null};
    return {words: `${ctx.names(p.seat)} plays ${what}${on}: answer it or pass`, card: p.card};
  }
  return capped ? {words: capped.charAt(0).toUpperCase() + capped.slice(1), card: null} : null;
}

export function phase(view, ctx) {
  if (view.is_over) return null;
  if (view.phase === "class") return "class";
  if (view.current_player !== ctx.seat) return "wait";
  return view.phase || "wait";
}

/** Moments worth holding on screen: a combat's result, a fight between players. */
export function headline(events, view, ctx) {
  const ended = [...events].reverse().find((e) => e.kind === "combat_end" || e.kind === "fight");
  if (!ended) return null;
  if (ended.kind === "fight") {
    return {kind: "combat", text: `${ctx.names(ended.seat)} (${ended.strength}) fights ${ctx.names(ended.other)} (${ended.other_strength}): ${ended.winner === null || ended.winner === undefined ? "a draw" : `${ctx.names(ended.winner)} wins`}`};
  }
  const outcome = ended.escaped ? "escaped" : {win: "wins", lose: "loses", draw: "draws"}[ended.outcome] || ended.outcome;
  return {kind: `combat ${ended.outcome}`, text: `${ctx.names(ended.seat)} (${ended.player_strength}) ${outcome} against ${name(ended.monster, ctx)} (${ended.monster_strength})`};
}

function seatPanel(view, seat, ctx) {
  const weapon = (view.weapons || [])[seat] || {};
  const parts = PARTS.map((part) => {
    const id = weapon[part];
    const info = id ? ctx.cardInfo(id) : null;
    const el = h("div", {class: "part", "data-card": id || ""}, h("div", {class: "label"}, part),
      h("div", {class: "dname"}, id ? name(id, ctx) : "\u2014"),
      info && typeof info.strength === "number" ? h("div", {}, element(info.element), ` ${info.strength}`) : null);
    if (id) { ctx.info(el, id); ctx.bindCard(el, id); }
    return el;
  });
  const curses = ((view.curses || [])[seat] || []).map(([id, left]) => {
    const chip = h("span", {class: "chip curse", "data-card": id}, `${name(id, ctx)} (${count(left, "turn")} left)`);
    ctx.info(chip, id);
    return chip;
  });
  const cls = view.classes && view.classes[seat];
  const classPill = cls ? h("span", {class: "pill", "data-card": cls}, name(cls, ctx)) : null;
  if (classPill) ctx.info(classPill, cls);
  return h("div", {class: `fb-seat${view.active === seat ? " city active" : ""}`, "data-seat": seat},
    h("div", {class: "head"}, h("strong", {class: "seat-name"}, ctx.names(seat)), classPill,
      h("span", {class: "pill"}, `weapon ${weaponStrength(weapon, ctx)}`),
      h("span", {class: "pill"}, count(view.scores[seat], "pt"))),
    h("div", {class: "weapon"}, parts),
    list("Gear", (view.gear || [])[seat], ctx),
    list("Stash", (view.stash || [])[seat], ctx),
    curses.length ? h("div", {class: "chips", "data-region": "curses"}, h("span", {class: "muted"}, "Curses:"), curses) : null);
}

/** The fighter's strength in its parts, as the view carries them; the weapon's line says
 * when the element table changed its printed strength. */
function fightParts(view, fight, ctx) {
  const printed = weaponStrength((view.weapons || [])[fight.seat], ctx);
  const rows = (fight.player_parts || []).map(([label, amount]) => {
    let words = label;
    if (label === "weapon" && typeof printed === "number" && printed !== amount) {
      words = `weapon (printed ${printed}, against ${fight.element} by the element table)`;
    }
    return h("li", {}, h("span", {}, words), h("b", {}, amount > 0 && label !== "weapon" ? `+${amount}` : String(amount)));
  });
  return rows.length ? h("ul", {class: "fight-parts", "aria-label": "strength in parts"}, rows) : null;
}

/** The monster's strength in its parts, as the view carries them (printed, modifiers, its own
 * effects, cards in play, played); ``null`` from a view without them. */
function monsterParts(fight) {
  const rows = (fight.monster_parts || []).map(([label, amount]) =>
    h("li", {}, h("span", {}, label), h("b", {}, amount > 0 && label !== "printed" ? `+${amount}` : String(amount))));
  return rows.length ? h("ul", {class: "fight-parts monster-parts", "aria-label": "the monster's strength in parts"}, rows) : null;
}

function combat(view, ctx) {
  const fight = view.combat;
  const boss = view.boss;
  if (!fight && !boss) return null;
  const coming = boss && !(boss.cards || []).length;
  const box = h("div", {class: "panel", id: "combat", "data-region": boss ? "combat boss" : "combat"}, h("h3", {}, fight ? "Combat" : coming ? "A Boss approaches" : "Boss"));
  if (fight) {
    box.append(h("div", {class: "combat"},
      h("div", {}, h("div", {class: "seat-name"}, ctx.names(fight.seat)), h("div", {class: "strength", "aria-label": "fighter's strength"}, fight.player_strength),
        fightParts(view, fight, ctx)),
      h("div", {class: "vs"}, "vs"),
      h("div", {}, card(fight.monster, ctx), h("div", {class: "strength", "aria-label": "monster's strength"}, element(fight.element), ` ${fight.monster_strength}`),
        monsterParts(fight) || h("div", {class: "muted small"}, "the monster's strength, after its own and played effects"))));
  }
  if (coming) {
    // Revealed this turn: the Boss cards are gathered only at the start of the next turn.
    const approach = card(boss.approach, ctx);
    ctx.bindCard(approach, boss.approach);
    box.append(h("div", {class: "row"}, approach),
      h("p", {class: "approach-note"}, "The Boss arrives at the start of the next turn; until it is over, nobody can hunt."));
  } else if (boss) {
    const boxCards = boss.cards.map((id) => { const el = card(id, ctx); ctx.bindCard(el, id); return el; });
    box.append(h("div", {class: "muted"}, `${name(boss.approach, ctx)} \u00B7 strikes ${boss.strikes}/${boss.strike_limit}`),
      h("div", {class: "row"}, boxCards));
  }
  return box;
}

/** The class choice: every class's ability in full before you choose. */
function classChoice(view, ctx) {
  const open = [...ctx.legal].filter((a) => a.startsWith("choose "));
  if (!open.length) return null;
  const row = h("div", {class: "offers"});
  for (const action of open) {
    const id = action.slice(7);
    const info = ctx.cardInfo(id) || {};
    // The whole offer, card and text, is the move.
    const offer = h("div", {class: "offer wide", "data-card": id}, card(id, ctx), h("p", {class: "ability"}, info.text || ""));
    ctx.bind(offer, action);
    row.append(offer);
  }
  return h("div", {class: "panel", id: "class-choice"}, h("h3", {}, "Choose your class"), row);
}

export function render(view, ctx) {
  const decks = view.decks ? Object.entries(view.decks).map(([d, n]) => `${d} ${n}`).join(" \u00B7 ") : "";
  const info = h("div", {class: "panel"}, h("h3", {}, `Turn ${view.turn ?? "?"} \u00B7 ${view.phase ? title(view.phase) : ""}`),
    h("div", {class: "muted"}, `${view.active === null ? "Setup: classes are chosen, nothing dealt yet" : `Active: ${ctx.names(view.active)}`} \u00B7 decks: ${decks}`));
  const forge = view.forge ? h("div", {class: "panel", id: "forge", "data-region": "forge"}, h("h3", {}, "The Forge"),
    h("div", {class: "row hand-row"}, view.forge.map((id) => { const el = card(id, ctx); ctx.bindCard(el, id); return el; }))) : null;
  // The Forge's offer to you is a choice: it sits in the dock, above your hand, in view.
  const forgeInDock = forge !== null && view.current_player === ctx.seat && Array.isArray(view.hand);
  const seats = h("div", {class: "cities fb-seats"});
  for (let seat = 0; seat < view.players; seat++) seats.append(seatPanel(view, seat, ctx));
  const board = h("div", {class: "board"}, classChoice(view, ctx), info, combat(view, ctx), forgeInDock ? null : forge,
    // Gear and curses lie beside each weapon: until someone has any, "show me" finds this panel.
    h("div", {class: "panel", "data-region": "weapons gear curses"}, h("h3", {}, "Weapons"), seats));
  let hand = null;
  if (Array.isArray(view.hand)) {
    const row = h("div", {class: "row hand-row"});
    for (const id of view.hand) { const el = card(id, ctx); ctx.bindCard(el, id); row.append(el); }
    if (!view.hand.length) row.append(h("span", {class: "muted"}, "no cards in hand"));
    hand = h("div", {class: "hand", id: "hand"}, forgeInDock ? forge : null, h("div", {class: "hand-title"}, "Your hand"), row);
  }
  return {board, hand};
}
