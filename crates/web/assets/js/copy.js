// Copying a link: a read-only field with the link and a button beside it.
// The button writes the link with the Clipboard API; where that is missing
// or refused (an address that is not secure, a browser that asks and is
// told no), it selects the field's text instead, so that the person copies
// it with the keyboard or the menu. Either way a status next to the button
// says what happened, which screen readers announce.

import { t } from "./i18n.js";
import { el } from "./page.js";

/**
 * A field holding `text` and its copy button. `label` names the field for
 * screen readers (the button says "Copy" and is described by it); `key`
 * keeps the keyboard focus on the button when the table is drawn again.
 */
export function copyField(text, label, key) {
  const field = el("input", { type: "text", readonly: true, value: text, class: "link", "aria-label": label });
  const status = el("span", { class: "copy-status", role: "status", "aria-live": "polite" });
  const button = el("button", { type: "button", class: "secondary copy", "aria-label": `${t("copy-link")}: ${label}`, "data-focus": key },
    t("copy-link"));
  button.addEventListener("click", async () => {
    status.textContent = "";
    try {
      if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      status.textContent = t("link-copied");
    } catch {
      field.focus();
      field.select();
      status.textContent = t("link-selected");
    }
  });
  return el("span", { class: "copy-field" }, field, button, status);
}
