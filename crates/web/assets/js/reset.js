// The page a password-reset mail links to (/reset#token=…, API.md
// "Accounts"): the new password twice, then the way to sign in with it.
// The token rides in the fragment, which browsers never send to a server,
// and is taken out of the address as soon as it is read, so that it is
// left neither in the history nor in a shared or bookmarked address.

import { ApiError, request } from "./api.js";
import { accountProblem, field, loadAccount, onSubmit, statusLines } from "./account.js";
import { t } from "./i18n.js";
import { el } from "./page.js";

/** The token read from the address; kept here because the address no
 * longer has it when the page is drawn again (a change of language). */
let token = null;

/** Takes the token out of the address (`#token=…`) into this page. */
function takeToken() {
  const found = new URLSearchParams(location.hash.slice(1)).get("token");
  if (found) {
    token = found;
    history.replaceState(null, "", location.pathname);
  }
}

/** A refused reset in the reader's language: 403 is the link (unknown,
 * expired or used); anything else is said as for other account forms. */
function resetProblem(problem) {
  if (problem instanceof ApiError && problem.status === 403) return t("reset-error-link");
  return accountProblem(problem);
}

/** /reset: set a new password with the link's token. */
export function showResetPage(main) {
  takeToken();
  if (!token) {
    main.replaceChildren(el("section", { class: "notice reset" }, el("h1", {}, t("reset-title")),
      el("p", {}, t("reset-no-link")),
      el("p", {}, el("a", { href: "/account" }, t("reset-ask-again")))));
    return;
  }
  const password = field("reset-password", t("reset-new-password"),
    { type: "password", autocomplete: "new-password", required: true, minlength: 10 }, t("account-password-hint"));
  const again = field("reset-again", t("reset-repeat-password"),
    { type: "password", autocomplete: "new-password", required: true, minlength: 10 });
  const lines = statusLines(resetProblem);
  const form = el("form", { class: "account-form reset", "aria-labelledby": "reset-form-title" },
    // The form is the page: its heading is the page's.
    el("h1", { id: "reset-form-title" }, t("reset-title")), password.row, again.row,
    el("button", { type: "submit", class: "primary" }, t("reset-save")), lines.error);
  onSubmit(form, lines, async () => {
    if (password.input.value !== again.input.value) {
      lines.error.textContent = t("reset-mismatch");
      lines.error.hidden = false;
      again.input.focus();
      return;
    }
    await request("POST", "/api/password-reset", { body: { token, new_password: password.input.value } });
    // The link is used up; a second try would only be refused.
    token = null;
    // Every session of the account ended, this device's too if it was
    // signed in to it: the header must not still show the name.
    await loadAccount();
    const done = el("section", { class: "notice reset-done" },
      el("h1", {}, t("reset-title")),
      el("p", { role: "status" }, t("reset-done")),
      el("p", {}, el("a", { href: "/account", class: "button primary" }, t("reset-sign-in"))));
    main.replaceChildren(done);
    done.querySelector("a").focus();
  });
  main.replaceChildren(el("div", { class: "account-page settings" }, form));
  password.input.focus();
}
