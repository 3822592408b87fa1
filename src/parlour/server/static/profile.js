// A player's profile: their rating in each game and the games they played, newest first,
// each with its replay and the rating it moved. Names are text, never markup.
import {h, api, day, signed} from "./common.js";
import {account, startAccount} from "./account.js";
import {reportButton} from "./report.js";

const username = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

/** "1st", "2nd", "3rd", "4th". */
function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({1: "st", 2: "nd", 3: "rd"}[n % 10] || "th");
  return `${n}${suffix}`;
}

function change(value) {
  const cls = value === null || value === undefined ? "muted" : value > 0 ? "change-up" : value < 0 ? "change-down" : "";
  return h("span", {class: cls}, signed(value));
}

async function start() {
  const signedIn = startAccount();
  document.getElementById("player-name").textContent = username;
  document.title = `${username} \u00B7 Parlour`;
  let games = [];
  let player;
  try {
    [player, games] = await Promise.all([api(`/api/players/${encodeURIComponent(username)}`), api("/api/games").catch(() => [])]);
  } catch (error) {
    document.getElementById("profile").replaceChildren(h("div", {class: "panel failure", id: "failure"},
      h("h2", {}, error.status === 404 ? "There is no such player" : "This profile cannot be shown"),
      h("p", {}, error.status === 404 ? `Nobody here is called \u201C${username}\u201D: the name may be mistyped, or the account was deleted.` : `The server says: ${error.message}.`),
      h("p", {}, h("a", {class: "button", href: "/"}, "Back to the lobby"))));
    return;
  }
  await signedIn;
  const titleOf = (name) => (games.find((g) => g.name === name) || {}).title || name;
  document.getElementById("player-name").textContent = player.username;
  const mine = account.user && account.user.username.toLowerCase() === player.username.toLowerCase();
  document.getElementById("joined").textContent = `${mine ? "you \u00B7 " : ""}joined ${day(player.joined)}`;
  const report = mine ? null : reportButton({player: player.username}, player.username, `report ${player.username}`);
  if (report) document.getElementById("joined").after(" ", report);

  const ratings = Object.entries(player.ratings || {});
  document.getElementById("ratings").replaceChildren(...(ratings.length
    ? ratings.map(([game, r]) => h("div", {class: "rating-card", "data-rating": game},
      h("a", {href: `/ratings/${encodeURIComponent(game)}`}, titleOf(game)),
      h("div", {class: "big"}, Number(r.rating).toFixed(1)),
      h("div", {class: "muted"}, `${r.games} rated ${r.games === 1 ? "game" : "games"}`)))
    : [h("p", {class: "muted"}, "No rated games yet: a rated table (tick \u201CRated\u201D when you open one) moves a rating when it ends.")]));

  const played = player.games || [];
  document.getElementById("games").replaceChildren(played.length
    ? h("table", {class: "tables", id: "games-table"},
      h("thead", {}, h("tr", {}, h("th", {}, "Finished"), h("th", {}, "Game"), h("th", {}, "Place"), h("th", {class: "num"}, "Rating"), h("th", {}, ""))),
      h("tbody", {}, played.map((g) => h("tr", {"data-table": g.table},
        h("td", {}, day(g.finished_at)),
        h("td", {}, titleOf(g.game)),
        h("td", {}, g.place === null || g.place === undefined ? "" : g.place === 1 ? "1st \u2605" : ordinal(g.place)),
        h("td", {class: "num"}, change(g.rating_change)),
        h("td", {}, h("a", {href: `/replay/${encodeURIComponent(g.table)}`, "aria-label": `replay of the ${titleOf(g.game)} game of ${day(g.finished_at)}`}, "replay"))))))
    : h("p", {class: "muted"}, "No finished games yet."));
}

start();
