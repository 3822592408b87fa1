// The account in every page's header: "Sign in" and "Sign up" for a guest, the signed-in
// name with its menu (profile, leaderboards, password, data, delete, sign out) otherwise.
// Usernames are data: always put in the page as text, never as markup.
import {h, api, memory, toast} from "./common.js";

/** The signed-in account (``{username, ...}`` from ``GET /api/me``) or ``null``; ``known``
 * once the server has answered, ``offered`` while the server has accounts at all. */
export const account = {user: null, known: false, offered: true};
const listeners = [];
let asked = null;

/** Call ``fn(user)`` whenever the account changes (sign in, sign up, sign out, delete). */
export function onAccount(fn) { listeners.push(fn); }

function changed(user) {
  account.user = user;
  account.known = true;
  draw();
  for (const fn of listeners) fn(user);
}

/** Ask the server who is signed in (once a page), draw the header's part; the user or null. */
export function startAccount() {
  if (!asked) {
    asked = api("/api/me").then((user) => user, (error) => {
      // A server without accounts (404) offers no sign-in at all.
      if (error.status === 404 || error.status === 405) account.offered = false;
      return null;
    }).then((user) => { changed(user); return user; });
  }
  return asked;
}

/** The path of a player's profile page. */
export function profileUrl(username) { return `/players/${encodeURIComponent(username)}`; }

function slot() {
  let nav = document.getElementById("account");
  if (!nav) {
    nav = h("nav", {id: "account", class: "account", "aria-label": "account"});
    document.querySelector("header.bar").append(nav);
  }
  return nav;
}

function draw() {
  const nav = slot();
  if (!account.offered) { nav.replaceChildren(); return; }
  const user = account.user;
  if (!user) {
    nav.replaceChildren(
      h("button", {type: "button", class: "secondary small", id: "sign-in", onclick: () => openAuth("signin")}, "Sign in"),
      h("button", {type: "button", class: "small", id: "sign-up", onclick: () => openAuth("signup")}, "Sign up"));
    return;
  }
  const item = (el) => h("li", {}, el);
  const menu = h("details", {class: "menu", id: "account-menu"},
    h("summary", {id: "account-name", title: "your account"}, h("span", {class: "account-dot", "aria-hidden": "true"}), user.username),
    h("ul", {role: "list"},
      item(h("a", {href: profileUrl(user.username), id: "menu-profile"}, "Your profile")),
      user.role === "admin" ? item(h("a", {href: "/admin", id: "menu-admin"}, "Admin")) : null,
      item(h("a", {href: "/ratings/fearless", id: "menu-ratings"}, "Leaderboards")),
      item(h("button", {type: "button", class: "link", id: "menu-password", onclick: () => openPassword()}, "Change password")),
      item(h("a", {href: "/api/me/export", download: `parlour-${user.username}.json`, id: "menu-export"}, "Download my data")),
      item(h("button", {type: "button", class: "link danger", id: "menu-delete", onclick: () => openDelete()}, "Delete account")),
      item(h("button", {type: "button", class: "link", id: "sign-out", onclick: signOut}, "Sign out"))));
  nav.replaceChildren(menu);
}

// A click elsewhere closes the menu.
document.addEventListener("click", (event) => {
  const menu = document.getElementById("account-menu");
  if (menu && menu.open && !menu.contains(event.target)) menu.open = false;
});

async function signOut() {
  try {
    await api("/api/session", undefined, {method: "DELETE"});
  } catch (error) { toast(error.message); return; }
  changed(null);
}

// -- the dialog -----------------------------------------------------------------------------

function dialog() {
  let box = document.getElementById("account-dialog");
  if (!box) {
    box = h("dialog", {id: "account-dialog", class: "dialog", "aria-labelledby": "dialog-title"});
    document.body.append(box);
  }
  return box;
}

/** A field with its label (``for``) and an optional line of help under it. */
export function field(id, label, attrs, help) {
  const helpId = help ? `${id}-help` : null;
  return h("div", {class: "field"},
    h("label", {for: id}, label),
    h("input", {id, name: id, ...attrs, "aria-describedby": helpId}),
    help ? h("span", {id: helpId, class: "help"}, help) : null);
}

/** Fill the dialog with a form: its title, fields, the submit's words and what it does. The
 * server's message shows in the form when ``submit`` throws. */
export function showForm({title, intro, fields, verb, submit, footer, danger}) {
  const box = dialog();
  const error = h("p", {id: "dialog-error", class: "form-error", role: "alert"});
  const button = h("button", {type: "submit", id: "dialog-submit", class: danger ? "danger" : null}, verb);
  const form = h("form", {method: "dialog", class: "dialog-form"},
    h("h2", {id: "dialog-title"}, title),
    intro ? h("p", {class: "intro"}, intro) : null,
    ...fields, error,
    h("div", {class: "actions"}, button,
      h("button", {type: "button", class: "secondary", id: "dialog-cancel", onclick: () => box.close()}, "Cancel")),
    footer || null);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    button.disabled = true;
    try {
      await submit(form);
      box.close();
    } catch (failure) {
      let message = failure.message;
      if (failure.retryAfter && !/minute|second/.test(message)) message += ` Try again in ${wait(failure.retryAfter)}.`;
      error.textContent = message;
    } finally {
      button.disabled = false;
    }
  });
  box.replaceChildren(form);
  if (!box.open) box.showModal();
  const first = form.querySelector("input");
  if (first) first.focus();
  return box;
}

function wait(seconds) {
  return seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
}

const value = (form, id) => form.querySelector(`#${id}`).value;

/** Sign in (``"signin"``) or sign up (``"signup"``); ``then(user)`` runs once it worked. */
export function openAuth(mode, {then = null, intro = null} = {}) {
  const up = mode === "signup";
  const other = h("p", {class: "switch"}, up ? "Already have an account? " : "No account yet? ",
    h("button", {type: "button", class: "link", id: "dialog-switch", onclick: () => openAuth(up ? "signin" : "signup", {then, intro})}, up ? "Sign in" : "Sign up"));
  showForm({
    title: up ? "Create an account" : "Sign in",
    intro: intro || (up ? "A name that lasts: your tables on any device, your games and your rating per game." : null),
    fields: [
      field("auth-username", "Username", {autocomplete: "username", required: true, minlength: up ? 3 : null, maxlength: up ? 20 : null, autocapitalize: "none", spellcheck: "false"},
        up ? "3 to 20 letters, digits, _ or -" : null),
      field("auth-password", "Password", {type: "password", autocomplete: up ? "new-password" : "current-password", required: true, minlength: up ? 10 : null, maxlength: 200},
        up ? "at least 10 characters" : null),
    ],
    verb: up ? "Sign up" : "Sign in",
    footer: other,
    submit: async (form) => {
      const body = {username: value(form, "auth-username").trim(), password: value(form, "auth-password")};
      const user = await api(up ? "/api/accounts" : "/api/session", body);
      changed(user);
      if (then) await then(user);
    },
  });
}

function openPassword() {
  document.getElementById("account-menu").open = false;
  showForm({
    title: "Change password",
    fields: [
      field("current-password", "Current password", {type: "password", autocomplete: "current-password", required: true}),
      field("new-password", "New password", {type: "password", autocomplete: "new-password", required: true, minlength: 10, maxlength: 200}, "at least 10 characters"),
    ],
    verb: "Change password",
    submit: async (form) => {
      await api("/api/me/password", {password: value(form, "current-password"), new_password: value(form, "new-password")});
      toast("Your password is changed.");
    },
  });
}

function openDelete() {
  document.getElementById("account-menu").open = false;
  showForm({
    title: "Delete your account",
    intro: "Your account, its sign-in and its ratings go for good. The games you finished stay, with your seat named \u201Cdeleted player\u201D. Download your data first if you want to keep it.",
    fields: [field("delete-password", "Password", {type: "password", autocomplete: "current-password", required: true})],
    verb: "Delete my account",
    danger: true,
    submit: async (form) => {
      await api("/api/accounts/me", {password: value(form, "delete-password")}, {method: "DELETE"});
      changed(null);
      toast("Your account is deleted.");
    },
  });
}

/** Ask a guest the name the table should call them (the last one given is filled in); the
 * name, or null if they cancel. */
export function askName(why) {
  return new Promise((resolve) => {
    let answered = null;
    const box = showForm({
      title: "What should the table call you?",
      intro: why,
      fields: [field("guest-name", "Your name", {autocomplete: "nickname", required: true, maxlength: 24, value: memory.name()}, "shown to the others at the table")],
      verb: "Sit down",
      submit: async (form) => {
        answered = value(form, "guest-name").trim();
        if (!answered) throw new Error("Please give a name.");
        memory.setName(answered);
      },
    });
    box.addEventListener("close", () => resolve(answered), {once: true});
  });
}
