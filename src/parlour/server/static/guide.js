// "How to play": the game's guide (from the server's catalogue), each section and step with a
// "show me" button that scrolls to the part of the table it speaks of and highlights it.
// The renderers mark those parts with ``data-region`` (one or more of the guide's region keys).
import {h} from "./common.js";

// How long a region stays highlighted after "show me" (ms).
const SHOWN_MS = 2500;
const shown = {key: null, until: 0, timer: null};
let built = null;  // what the panel was last built from, so a new state does not rebuild it

/** The elements of a region now on the page: the innermost of those marked with its key
 * (a gear row rather than the weapons panel around it), visible ones only. */
function regionElements(key) {
  const marked = [...document.querySelectorAll("[data-region]")]
    .filter((el) => el.dataset.region.split(" ").includes(key) && el.getClientRects().length);
  return marked.filter((el) => !marked.some((other) => other !== el && el.contains(other)));
}

/** Mark the region last shown again, while its highlight lasts: a new state redraws the table. */
export function markRegion() {
  for (const el of document.querySelectorAll(".region-shown")) el.classList.remove("region-shown");
  if (!shown.key || performance.now() > shown.until) return;
  for (const el of regionElements(shown.key)) el.classList.add("region-shown");
}

/** Scroll to a region and highlight it; ``false`` when it is not on the table now. */
function showRegion(key) {
  const found = regionElements(key);
  if (!found.length) return false;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  found[0].scrollIntoView({block: "center", behavior: still ? "auto" : "smooth"});
  shown.key = key;
  shown.until = performance.now() + SHOWN_MS;
  clearTimeout(shown.timer);
  shown.timer = setTimeout(() => { shown.key = null; markRegion(); }, SHOWN_MS + 50);
  markRegion();
  return true;
}

function showButton(key, regions) {
  const words = regions[key] || key;
  const note = h("span", {class: "region-note muted", "aria-live": "polite"});
  const button = h("button", {type: "button", class: "link show-me", "data-show": key,
    onclick: () => {
      const said = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
      const found = showRegion(key);
      // Found, the outline shows it; the words are for screen readers alone.
      note.classList.toggle("sr-only", found);
      note.textContent = found ? ` ${said}: outlined on the table.` : ` ${said}: not on the table right now.`;
    }},
  `Show me ${words}`);
  return [" ", button, note];
}

/** Fill the How to play panel from the catalogue (``how_to_play``, ``regions``); built once
 * for a given guide and title, so the keyboard keeps its place while the game goes on. */
export function drawGuide(box, catalogue, title, close) {
  const guide = catalogue.how_to_play || [];
  const key = JSON.stringify([title, guide.length]);
  if (built === key && box.childElementCount) return;
  built = key;
  const regions = catalogue.regions || {};
  const section = (part) => h("div", {class: "howto-part", "data-section": part.heading},
    h("h3", {}, part.heading),
    h("p", {}, part.text, part.region ? showButton(part.region, regions) : null),
    part.steps ? h("ol", {}, part.steps.map((step, i) => {
      const region = (part.step_regions || [])[i];
      return h("li", {}, h("span", {class: "step-text"}, step), region ? showButton(region, regions) : null);
    })) : null);
  box.replaceChildren(h("div", {class: "howto-head"}, h("h2", {}, `How to play ${title}`),
    h("button", {type: "button", class: "secondary small", onclick: close}, "Close")),
  h("div", {class: "howto-grid"}, guide.map(section)),
  h("p", {class: "muted"}, "Tap any card to read what it does."));
}
