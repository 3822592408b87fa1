// A game's leaderboard: players and bot levels, best first. Names are text, never markup.
import {h, api} from "./common.js";
import {account, onAccount, profileUrl, startAccount} from "./account.js";

const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let board = null;

function draw() {
  if (!board) return;
  const me = account.user ? account.user.username.toLowerCase() : null;
  const rows = board.players.map((p, i) => {
    const who = p.bot
      ? h("span", {}, `${p.bot} bot `, h("span", {class: "pill bot"}, "bot"))
      : h("a", {href: profileUrl(p.username)}, p.username);
    const mine = !p.bot && me && p.username.toLowerCase() === me;
    return h("tr", {class: mine ? "me" : null, "data-player": p.bot ? `bot:${p.bot}` : p.username},
      h("td", {class: "num"}, i + 1), h("td", {}, who, mine ? " (you)" : ""),
      h("td", {class: "num"}, Number(p.rating).toFixed(1)), h("td", {class: "num"}, p.games));
  });
  document.getElementById("board").replaceChildren(rows.length
    ? h("table", {class: "tables", id: "leaderboard"},
      h("thead", {}, h("tr", {}, h("th", {class: "num"}, "#"), h("th", {}, "Player"), h("th", {class: "num"}, "Rating"), h("th", {class: "num"}, "Games"))),
      h("tbody", {}, rows))
    : h("p", {class: "muted"}, "Nobody is rated in this game yet."));
}

async function start() {
  onAccount(draw);
  startAccount();
  const games = await api("/api/games").catch(() => []);
  const current = games.find((g) => g.name === game);
  document.getElementById("game-title").textContent = `\u00B7 ${current ? current.title : game}`;
  document.title = `${current ? current.title : game} leaderboard \u00B7 Parlour`;
  document.getElementById("games").replaceChildren(...games.map((g) => h("a", {href: `/ratings/${encodeURIComponent(g.name)}`,
    "aria-current": g.name === game ? "page" : null}, g.title)));
  try {
    board = await api(`/api/ratings/${encodeURIComponent(game)}`);
  } catch (error) {
    document.getElementById("board").replaceChildren(h("p", {class: "muted"}, `The leaderboard cannot be shown: ${error.message}.`));
    return;
  }
  draw();
}

start();
