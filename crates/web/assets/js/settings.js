// The settings of the signed-in account (/settings): the e-mail address,
// mails about games on or off, the language of mails and pages, the
// password, signing out on every device, and deleting the account.

import { request } from "./api.js";
import { account, field, loadAccount, onSubmit, setAccount, statusLines } from "./account.js";
import { LANGUAGES, setLanguage, t } from "./i18n.js";
import { el } from "./page.js";

/** The languages by their own names, as the header's chooser shows them. */
const LANGUAGE_NAMES = { en: "English", de: "Deutsch", fr: "Français" };

export async function showSettings(main, navigate) {
  const me = account() || await loadAccount();
  if (!me) {
    main.replaceChildren(el("section", { class: "notice" },
      el("h1", {}, t("settings-title")),
      el("p", {}, t("settings-signed-out")),
      el("p", {}, el("a", { href: "/account" }, t("account-sign-in-link")))));
    return;
  }
  main.replaceChildren(el("div", { class: "account-page settings" },
    el("h1", {}, t("settings-title")),
    el("p", {}, t("account-signed-in-as", { name: me.name })),
    detailsForm(me, navigate), passwordForm(), everywhereForm(navigate), deleteForm(navigate)));
}

function detailsForm(me, navigate) {
  const email = field("settings-email", t("account-email"), { type: "email", autocomplete: "email", value: me.email || "" },
    t("settings-email-hint"));
  const mails = el("input", { type: "checkbox", id: "settings-mails", name: "settings-mails", checked: me.mail_on });
  const language = el("select", { id: "settings-language", name: "settings-language" },
    ...LANGUAGES.map((lang) => el("option", { value: lang, lang, selected: lang === me.language }, LANGUAGE_NAMES[lang])));
  const lines = statusLines();
  const form = el("form", { class: "account-form", "aria-labelledby": "settings-details" },
    el("h2", { id: "settings-details" }, t("settings-details")),
    email.row,
    el("label", { class: "toggle", for: "settings-mails" }, mails, t("settings-mails")),
    el("div", { class: "field account-field" }, el("label", { for: "settings-language" }, t("settings-language")), language),
    el("button", { type: "submit", class: "primary" }, t("settings-save")), lines.error, lines.done);
  onSubmit(form, lines, async () => {
    const address = email.input.value.trim();
    const changed = await request("PATCH", "/api/me", {
      body: { email: address || null, mail_on: mails.checked, language: language.value },
    });
    setAccount(changed);
    if (changed.language !== document.documentElement.lang) {
      // The pages follow the account's language from now on; the page is
      // drawn again in it, saying that the change was kept.
      await setLanguage(changed.language, true);
      const chooser = document.getElementById("language");
      if (chooser) chooser.value = changed.language;
      await showSettings(document.getElementById("main"), navigate);
      const again = document.querySelector(".settings form .done");
      if (again) {
        again.textContent = t("settings-saved");
        again.hidden = false;
      }
      return;
    }
    lines.succeed(t("settings-saved"));
  });
  return form;
}

function passwordForm() {
  const present = field("settings-password", t("settings-password-now"), { type: "password", autocomplete: "current-password", required: true });
  const next = field("settings-new-password", t("settings-password-new"), { type: "password", autocomplete: "new-password", required: true, minlength: 10 },
    t("account-password-hint"));
  const lines = statusLines();
  const form = el("form", { class: "account-form", "aria-labelledby": "settings-password-title" },
    el("h2", { id: "settings-password-title" }, t("settings-password")), present.row, next.row,
    el("button", { type: "submit" }, t("settings-password-change")), lines.error, lines.done);
  onSubmit(form, lines, async () => {
    await request("POST", "/api/me/password", { body: { password: present.input.value, new_password: next.input.value } });
    present.input.value = "";
    next.input.value = "";
    lines.succeed(t("settings-password-changed"));
  });
  return form;
}

function everywhereForm(navigate) {
  const lines = statusLines();
  const form = el("form", { class: "account-form", "aria-labelledby": "settings-everywhere" },
    el("h2", { id: "settings-everywhere" }, t("settings-sign-out-everywhere")),
    el("p", {}, t("settings-sign-out-everywhere-explained")),
    el("button", { type: "submit", "data-action": "sign-out-everywhere" }, t("settings-sign-out-everywhere")), lines.error);
  onSubmit(form, lines, async () => {
    await request("DELETE", "/api/sessions");
    setAccount(null);
    navigate("/account");
  });
  return form;
}

/** Deleting asks for the password, then once more whether the person
 * means it: the account cannot be brought back. */
function deleteForm(navigate) {
  const password = field("settings-delete-password", t("account-password"), { type: "password", autocomplete: "current-password", required: true });
  const lines = statusLines();
  const ask = el("button", { type: "submit", class: "danger" }, t("settings-delete"));
  const confirm = el("div", { class: "confirm", hidden: true, role: "group", "aria-labelledby": "settings-delete-confirm" },
    el("p", { id: "settings-delete-confirm" }, t("settings-delete-confirm")));
  const yes = el("button", { type: "button", class: "danger", "data-action": "delete-account" }, t("settings-delete-yes"));
  const no = el("button", { type: "button" }, t("settings-delete-no"));
  confirm.append(yes, " ", no);
  const form = el("form", { class: "account-form delete", "aria-labelledby": "settings-delete-title" },
    el("h2", { id: "settings-delete-title" }, t("settings-delete")),
    el("p", {}, t("settings-delete-explained")), password.row, ask, confirm, lines.error);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    lines.clear();
    ask.hidden = true;
    confirm.hidden = false;
    yes.focus();
  });
  no.addEventListener("click", () => {
    confirm.hidden = true;
    ask.hidden = false;
    ask.focus();
  });
  yes.addEventListener("click", async () => {
    yes.disabled = true;
    try {
      await request("DELETE", "/api/me", { body: { password: password.input.value } });
      setAccount(null);
      navigate("/");
    } catch (problem) {
      lines.fail(problem);
      confirm.hidden = true;
      ask.hidden = false;
    } finally {
      yes.disabled = false;
    }
  });
  return form;
}
