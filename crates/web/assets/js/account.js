// Accounts in the page (API.md, "Accounts"): who is signed in, the menu in
// the header with their name, the sign-up and sign-in page (/account), and
// the server's refusals said in the reader's language. An account is
// optional: everything else works without one.

import { ApiError, request } from "./api.js";
import { chosenLanguage, language, setLanguage, t } from "./i18n.js";
import { el } from "./page.js";

/** Set while this browser believes it has a session. The cookie itself is
 * HttpOnly, so the page cannot see it; without this mark every visit of a
 * person without an account would ask GET /api/me only to hear 401. */
const SIGNED_IN_KEY = "carolus.signed-in";

let me = null;

/** The signed-in account (`GET /api/me`), or null. */
export function account() {
  return me;
}

/** Reads who is signed in again and redraws the header's menu. */
export async function loadAccount() {
  if (localStorage.getItem(SIGNED_IN_KEY) !== "yes") {
    setAccount(null);
    return null;
  }
  try {
    setAccount(await request("GET", "/api/me"));
  } catch (problem) {
    // 401: the session ended (signed out elsewhere, expired). Anything
    // else (the server unreachable) keeps the mark for the next visit.
    if (problem.status === 401) setAccount(null);
    else drawMenu();
  }
  return me;
}

/** Records the account after signing in, changing settings or leaving. */
export function setAccount(value) {
  me = value;
  if (value) localStorage.setItem(SIGNED_IN_KEY, "yes");
  else localStorage.removeItem(SIGNED_IN_KEY);
  drawMenu();
}

/** Signs out on this device and goes to `to`. */
export async function signOut(navigate, to = "/") {
  try {
    await request("DELETE", "/api/session");
  } finally {
    setAccount(null);
    navigate(to);
  }
}

let navigateTo = (path) => {
  location.href = path;
};

/** The header's part: a link to sign in, or the name with a menu. */
export function startMenu(navigate) {
  navigateTo = navigate;
  drawMenu();
}

function drawMenu() {
  const slot = document.getElementById("account-menu");
  if (!slot) return;
  if (!me) {
    slot.replaceChildren(el("a", { href: "/account", class: "account-link", "data-action": "sign-in" }, t("account-sign-in-link")));
    return;
  }
  const out = el("button", { type: "button", class: "menu-item", "data-action": "sign-out" }, t("account-sign-out"));
  out.addEventListener("click", () => signOut(navigateTo));
  const menu = el("details", { class: "account-menu" },
    // The name is text, never markup (textContent through `el`).
    el("summary", { "aria-label": t("account-menu-label", { name: me.name }) }, el("span", { class: "account-name" }, me.name)),
    el("ul", { class: "menu" },
      el("li", {}, el("a", { href: "/#my-games", class: "menu-item" }, t("account-my-games"))),
      el("li", {}, el("a", { href: `/players/${encodeURIComponent(me.name)}`, class: "menu-item" }, t("account-profile"))),
      el("li", {}, el("a", { href: "/settings", class: "menu-item" }, t("account-settings"))),
      el("li", {}, out)));
  // The menu closes once a choice is made, and with Escape.
  menu.addEventListener("click", (event) => {
    if (event.target.closest(".menu-item")) menu.open = false;
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
  slot.replaceChildren(menu);
}

/** A wait of `seconds` in words: seconds under two minutes, else minutes
 * (rounded up, so that the person never comes back too early). */
export function waitInWords(seconds) {
  if (seconds < 120) return t("account-wait-seconds", { count: Math.ceil(seconds) });
  return t("account-wait-minutes", { count: Math.ceil(seconds / 60) });
}

/** The field a 422 names (`field \`name\`: …`, API.md), or null. */
function refusedField(problem) {
  const match = /^field `([a-z_]+)`/.exec(problem.body.error || "");
  return match ? match[1] : null;
}

/** What went wrong with an account request, in the reader's language. The
 * server's words are English; its status (and for 422 the field it names)
 * says which message of the catalog fits. */
export function accountProblem(problem) {
  if (!(problem instanceof ApiError)) return t("account-error-other");
  switch (problem.status) {
    case 0:
      return t("account-error-network");
    case 401:
      return t("account-error-wrong");
    case 403:
      return t("account-error-password-wrong");
    case 404:
      return t("account-error-not-found");
    case 409:
      return t("account-error-name-taken");
    case 422: {
      const field = refusedField(problem);
      if (field === "name") return t("account-error-name");
      if (field === "password" || field === "new_password") return t("account-error-password");
      if (field === "email") return t("account-error-email");
      return t("account-error-refused");
    }
    case 429:
      return problem.retryAfter
        ? t("account-error-wait", { wait: waitInWords(problem.retryAfter) })
        : t("account-error-wait-soon");
    case 503:
      return t("account-error-unavailable");
    default:
      return t("account-error-other");
  }
}

/** A labelled input of an account form. */
export function field(id, label, attributes = {}, hint = null) {
  const input = el("input", { id, name: id, ...attributes, "aria-describedby": hint ? `${id}-hint` : null });
  return {
    input,
    row: el("div", { class: "field account-field" },
      el("label", { for: id }, label),
      input,
      hint ? el("p", { id: `${id}-hint`, class: "muted hint" }, hint) : null),
  };
}

/** A form's place for its error (read out when it appears) and its result;
 * `explain` turns a failure into words (by default an account request's). */
export function statusLines(explain = accountProblem) {
  const error = el("p", { class: "error", role: "alert", hidden: true });
  const done = el("p", { class: "done", role: "status", hidden: true });
  return {
    error,
    done,
    clear() {
      error.hidden = true;
      done.hidden = true;
    },
    fail(problem) {
      error.textContent = explain(problem);
      error.hidden = false;
    },
    succeed(text) {
      done.textContent = text;
      done.hidden = false;
    },
  };
}

/** Runs `action` for `form`'s submission with its button off meanwhile,
 * its failures said in `lines`. */
export function onSubmit(form, lines, action) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    lines.clear();
    const buttons = form.querySelectorAll("button");
    for (const button of buttons) button.disabled = true;
    try {
      await action();
    } catch (problem) {
      lines.fail(problem);
    } finally {
      for (const button of buttons) button.disabled = false;
    }
  });
}

/** /account: sign in, or make an account (name, password, e-mail). */
export function showAccountPage(main, navigate) {
  if (me) {
    main.replaceChildren(el("section", { class: "notice" },
      el("h1", {}, t("account-title")),
      el("p", {}, t("account-signed-in-as", { name: me.name })),
      el("p", {}, el("a", { href: "/settings" }, t("account-settings")))));
    return;
  }
  main.replaceChildren(el("div", { class: "account-page" },
    el("h1", {}, t("account-title")),
    el("div", { class: "sign-in-column" }, signInForm(navigate), forgotForm()),
    signUpForm(navigate)));
}

/** "Forgot your password?": asks for a reset mail by name or address. The
 * answer is the same whether or not an account matches (API.md), and so
 * are the words said here. */
function forgotForm() {
  const who = field("forgot-who", t("reset-forgot-who"), { type: "text", autocomplete: "username", required: true, maxlength: 254 },
    t("reset-forgot-hint"));
  const lines = statusLines();
  const form = el("form", { class: "account-form forgot", "aria-labelledby": "forgot-title" },
    who.row, el("button", { type: "submit" }, t("reset-forgot-send")), lines.error, lines.done);
  onSubmit(form, lines, async () => {
    const text = who.input.value.trim();
    // Names have no "@" (API.md), so one means an address.
    const body = text.includes("@") ? { email: text } : { name: text };
    await request("POST", "/api/password-reset/request", { body });
    lines.succeed(t("reset-asked"));
  });
  // Folded away until asked for: most people signing in remember.
  return el("details", { class: "forgot-section" },
    el("summary", { id: "forgot-title" }, t("reset-forgot")), form);
}

function signInForm(navigate) {
  const name = field("signin-name", t("account-name"), { type: "text", autocomplete: "username", required: true, maxlength: 20 });
  const password = field("signin-password", t("account-password"), { type: "password", autocomplete: "current-password", required: true });
  const lines = statusLines();
  const form = el("form", { class: "account-form sign-in", "aria-labelledby": "signin-title" },
    el("h2", { id: "signin-title" }, t("account-sign-in")), name.row, password.row,
    el("button", { type: "submit", class: "primary" }, t("account-sign-in")), lines.error);
  onSubmit(form, lines, async () => {
    await request("POST", "/api/session", { body: { name: name.input.value.trim(), password: password.input.value } });
    await signedIn(navigate);
  });
  return form;
}

function signUpForm(navigate) {
  const name = field("signup-name", t("account-name"), { type: "text", autocomplete: "username", required: true, maxlength: 20 },
    t("account-name-hint"));
  const password = field("signup-password", t("account-password"), { type: "password", autocomplete: "new-password", required: true, minlength: 10 },
    t("account-password-hint"));
  const email = field("signup-email", t("account-email-optional"), { type: "email", autocomplete: "email" }, t("account-email-hint"));
  const lines = statusLines();
  const form = el("form", { class: "account-form sign-up", "aria-labelledby": "signup-title" },
    el("h2", { id: "signup-title" }, t("account-sign-up")), name.row, password.row, email.row,
    el("button", { type: "submit", class: "primary" }, t("account-sign-up")), lines.error);
  onSubmit(form, lines, async () => {
    const body = { name: name.input.value.trim(), password: password.input.value };
    if (email.input.value.trim()) body.email = email.input.value.trim();
    await request("POST", "/api/accounts", { body });
    // Mails come in the language the person signed up in (the account
    // starts in English); the settings change it later.
    await request("PATCH", "/api/me", { body: { language: language() } });
    await signedIn(navigate);
  });
  return form;
}

async function signedIn(navigate) {
  localStorage.setItem(SIGNED_IN_KEY, "yes");
  await loadAccount();
  // A device where the person never chose a language takes the account's.
  if (me && !chosenLanguage() && me.language !== language()) {
    await setLanguage(me.language);
    const chooser = document.getElementById("language");
    if (chooser) chooser.value = me.language;
    drawMenu();
  }
  navigate("/");
}
