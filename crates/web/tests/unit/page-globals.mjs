// What the page's modules expect of a browser, for unit tests run by Node:
// no storage, English as the browser's language, an empty document, and a
// fetch that reads the real catalogs from disk, so that the words tested
// are the ones the page shows. Import it before any module of the page.

import { readFileSync } from "node:fs";

globalThis.localStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
globalThis.navigator = { languages: ["en"] };
globalThis.document = { documentElement: {}, querySelectorAll: () => [], getElementById: () => null };
globalThis.fetch = async (path) => {
  const lang = /\/assets\/locales\/([a-z]+)\.ftl$/.exec(path)[1];
  const text = readFileSync(new URL(`../../../l10n/locales/${lang}.ftl`, import.meta.url), "utf8");
  return { ok: true, text: async () => text };
};
