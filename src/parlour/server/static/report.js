// Reporting a chat line or a player to the admins (POST /api/reports): signed-in players
// only; the reason is asked in the account dialog. Names and lines are text, never markup.
import {h, api, toast} from "./common.js";
import {account, field, showForm} from "./account.js";

/** Open the dialog that reports ``what`` (``{chat: id}`` or ``{player: name, table?}``);
 * ``shown`` is what the dialog quotes (the line, or the name). */
export function openReport(what, shown) {
  showForm({
    title: what.chat !== undefined ? "Report this chat line" : "Report this player",
    intro: `\u201C${shown}\u201D: an admin reads every report.`,
    fields: [field("report-reason", "What is wrong?", {required: true, maxlength: 500, autocomplete: "off"}, "a sentence is enough")],
    verb: "Send the report",
    submit: async (form) => {
      await api("/api/reports", {...what, reason: form.querySelector("#report-reason").value.trim()});
      toast("Thank you: an admin will read your report.");
    },
  });
}

/** Open the dialog that reports one of ``names`` (the people at table ``table``). */
export function openPlayerReport(names, table) {
  const choice = h("select", {id: "report-player-name", required: true}, names.map((name) => h("option", {value: name}, name)));
  showForm({
    title: "Report a player",
    intro: "An admin reads every report.",
    fields: [h("div", {class: "field"}, h("label", {for: "report-player-name"}, "Who?"), choice),
      field("report-reason", "What is wrong?", {required: true, maxlength: 500, autocomplete: "off"}, "a sentence is enough")],
    verb: "Send the report",
    submit: async (form) => {
      await api("/api/reports", {player: choice.value, table, reason: form.querySelector("#report-reason").value.trim()});
      toast("Thank you: an admin will read your report.");
    },
  });
}

/** A small "report" button for ``what``, or null for a guest (only accounts report). */
export function reportButton(what, shown, label) {
  if (!account.user) return null;
  return h("button", {type: "button", class: "link report", "aria-label": label, title: label,
    onclick: () => openReport(what, shown)}, "report");
}
