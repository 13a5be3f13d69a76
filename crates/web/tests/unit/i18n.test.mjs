// The page's reader of the message catalogs formats the same examples as
// fluent-bundle does in the Rust tests (tests/catalogs.rs), word for word.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

globalThis.localStorage = { getItem: () => null, setItem: () => {} };
const { parseCatalog, formatMessage } = await import("../../assets/js/i18n.js");

const examples = JSON.parse(readFileSync(new URL("../l10n-examples.json", import.meta.url), "utf8"));

test("the page reads every example as fluent-bundle does", () => {
  const catalogs = {};
  for (const { language, id, args, text } of examples) {
    catalogs[language] ??= parseCatalog(readFileSync(new URL(`../../../l10n/locales/${language}.ftl`, import.meta.url), "utf8"));
    assert.equal(formatMessage(catalogs[language], language, id, args), text, `${language} ${id}`);
  }
});
