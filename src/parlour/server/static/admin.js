// The admin's page: open reports (resolve, delete the line), tables (stop, delete) and
// accounts (ban, mute, make admin), each through /api/admin/... (docs/server.md, "Admin").
// Names, reasons and lines are text, never markup.
import {h, api, day, toast} from "./common.js";
import {profileUrl, startAccount} from "./account.js";

const button = (label, onclick, danger = false) =>
  h("button", {type: "button", class: `small${danger ? " danger" : " secondary"}`, onclick}, label);

/** Do ``action`` (a request), say ``done``, and draw the page again; the server's refusal
 * is shown as it is. */
async function act(action, done) {
  try {
    await action();
    toast(done);
  } catch (error) {
    toast(error.message);
  }
  await load();
}

function table(headings, rows, id) {
  // Each cell names its column, which a phone shows beside it (the rows stack there).
  for (const row of rows) [...row.children].forEach((cell, i) => { if (headings[i]) cell.dataset.label = headings[i]; });
  return h("table", {class: "tables", id},
    h("thead", {}, h("tr", {}, headings.map((text) => h("th", {}, text)))),
    h("tbody", {}, rows));
}

function reports(found) {
  if (!found.length) return h("p", {class: "muted"}, "No open reports.");
  return table(["When", "By", "About", "Reason", ""], found.map((r) => h("tr", {"data-report": r.id},
    h("td", {}, day(r.created_at)),
    h("td", {}, r.reporter || "deleted player"),
    h("td", {},
      r.subject ? h("strong", {}, r.subject) : null,
      r.chat_text !== null ? h("div", {class: "quote"}, `\u201C${r.chat_text}\u201D`) : null,
      r.table ? h("div", {}, h("a", {href: `/table/${encodeURIComponent(r.table)}`}, `table ${r.table}`)) : null),
    h("td", {}, r.reason),
    h("td", {class: "actions-cell"},
      button("Resolve", () => act(() => api(`/api/admin/reports/${r.id}/resolve`, {}), `Report ${r.id} resolved.`)),
      r.chat !== null && r.chat_text !== null
        ? button("Delete the line", () => act(() => api(`/api/admin/chat/${r.chat}`, undefined, {method: "DELETE"}), "The line is deleted."), true)
        : null))), "reports-table");
}

function tables(found) {
  if (!found.length) return h("p", {class: "muted"}, "No tables.");
  return table(["Made", "Game", "Status", "Moves", "Last move", "Seats", ""], found.map((t) => h("tr", {"data-table": t.id},
    h("td", {}, day(t.created_at)),
    h("td", {}, h("a", {href: `/table/${encodeURIComponent(t.id)}`}, t.game), t.public ? "" : h("span", {class: "muted"}, " private")),
    h("td", {}, t.status),
    h("td", {class: "num"}, t.moves),
    h("td", {}, t.moved_at ? day(t.moved_at) : "none yet"),
    h("td", {}, t.names.join(", ")),
    h("td", {class: "actions-cell"},
      t.status === "playing" || t.status === "waiting"
        ? button("Stop", () => act(() => api(`/api/admin/tables/${encodeURIComponent(t.id)}/stop`, {}), `Table ${t.id} stopped.`))
        : null,
      button("Delete", () => {
        if (window.confirm(`Delete table ${t.id} with its moves and chat, for good?`)) {
          act(() => api(`/api/admin/tables/${encodeURIComponent(t.id)}`, undefined, {method: "DELETE"}), `Table ${t.id} deleted.`);
        }
      }, true)))), "tables-table");
}

function accounts(found) {
  if (!found.length) return h("p", {class: "muted"}, "No accounts.");
  const doing = (a, verb, done) => () => act(() => api(`/api/admin/accounts/${encodeURIComponent(a.username)}/${verb}`, {}), done);
  return table(["Username", "Role", "Joined", "Standing", ""], found.map((a) => h("tr", {"data-account": a.username},
    h("td", {}, h("a", {href: profileUrl(a.username)}, a.username)),
    h("td", {}, a.role),
    h("td", {}, day(a.joined)),
    h("td", {}, [a.banned_at ? "banned" : null, a.muted_at ? "muted" : null].filter(Boolean).join(", ") || "fine"),
    h("td", {class: "actions-cell"},
      a.banned_at ? button("Unban", doing(a, "unban", `${a.username} is unbanned.`))
        : button("Ban", doing(a, "ban", `${a.username} is banned.`), true),
      a.muted_at ? button("Unmute", doing(a, "unmute", `${a.username} is unmuted.`))
        : button("Mute", doing(a, "mute", `${a.username} is muted.`)),
      a.role === "admin" ? null : button("Make admin", doing(a, "make-admin", `${a.username} is an admin.`))))), "accounts-table");
}

async function load() {
  try {
    const [r, t, a] = await Promise.all([api("/api/admin/reports"), api("/api/admin/tables"), api("/api/admin/accounts")]);
    document.getElementById("reports").replaceChildren(reports(r.reports));
    document.getElementById("tables").replaceChildren(tables(t.tables));
    document.getElementById("accounts").replaceChildren(accounts(a.accounts));
  } catch (error) {
    document.getElementById("admin").replaceChildren(h("div", {class: "panel failure"},
      h("h2", {}, "The admin's lists cannot be shown"), h("p", {}, `The server says: ${error.message}.`)));
  }
}

startAccount();
load();
