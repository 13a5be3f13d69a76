// Translations: the message catalogs in Project Fluent's syntax
// (assets/locales/*.ftl), the same files the terminal game reads with
// fluent-bundle. This module reads the part of the syntax the catalogs use —
// messages, multi-line text, variables and select expressions on a number's
// plural category or a word — so that the page needs no library and no
// build step; the Rust tests check that every catalog stays inside it.

export const LANGUAGES = ["en", "de", "fr"];
const STORAGE_KEY = "carolus.language";

let current = "en";
let messages = new Map();
let fallback = new Map();
let plurals = new Intl.PluralRules("en");

/** The language of the page: the person's choice, else the browser's. */
export function preferredLanguage() {
  const chosen = chosenLanguage();
  if (chosen) return chosen;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** The language the person chose on this device, or null. */
export function chosenLanguage() {
  const chosen = localStorage.getItem(STORAGE_KEY);
  return LANGUAGES.includes(chosen) ? chosen : null;
}

export function language() {
  return current;
}

async function fetchCatalog(lang) {
  const response = await fetch(`/assets/locales/${lang}.ftl`);
  if (!response.ok) throw new Error(`the ${lang} catalog could not be loaded (${response.status})`);
  return parseCatalog(await response.text());
}

/** Loads `lang` (with English under it for anything missing). */
export async function setLanguage(lang, remember = false) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  if (fallback.size === 0) fallback = await fetchCatalog("en");
  messages = lang === "en" ? fallback : await fetchCatalog(lang);
  current = lang;
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  if (remember) localStorage.setItem(STORAGE_KEY, lang);
  translateTree(document);
}

/** The message `id` with its variables filled in. */
export function t(id, args = {}) {
  const pattern = messages.get(id) ?? fallback.get(id);
  if (pattern === undefined) return id;
  return formatPattern(pattern, args, plurals);
}

/** The message `id` of `catalog` (from `parseCatalog`) in `lang`. */
export function formatMessage(catalog, lang, id, args = {}) {
  const pattern = catalog.get(id);
  if (pattern === undefined) return id;
  return formatPattern(pattern, args, new Intl.PluralRules(lang));
}

/** Fills every element under `root` that names a message in `data-l10n`. */
export function translateTree(root) {
  for (const element of root.querySelectorAll("[data-l10n]")) {
    const args = element.dataset.l10nArgs ? JSON.parse(element.dataset.l10nArgs) : {};
    element.textContent = t(element.dataset.l10n, args);
  }
}

// ---- The catalog syntax ------------------------------------------------

/**
 * Reads a catalog into a map from message ids to parsed patterns. An entry
 * is `id = text`, continued on following indented lines; `#` starts a
 * comment line.
 */
export function parseCatalog(text) {
  const entries = new Map();
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length) {
    const match = /^([a-zA-Z][a-zA-Z0-9_-]*)\s*=\s?(.*)$/.exec(lines[i]);
    i += 1;
    if (!match) continue;
    const body = [match[2]];
    while (i < lines.length && (/^\s+\S/.test(lines[i]) || (lines[i].trim() === "" && continues(lines, i)))) {
      body.push(lines[i]);
      i += 1;
    }
    entries.set(match[1], parsePattern(dedent(body)));
  }
  return entries;
}

function continues(lines, i) {
  for (let j = i; j < lines.length; j += 1) {
    if (lines[j].trim() !== "") return /^\s+\S/.test(lines[j]);
  }
  return false;
}

/** Joins an entry's lines, without the indentation they share. */
function dedent(body) {
  const first = body[0].trim();
  const rest = body.slice(1);
  const indents = rest.filter((line) => line.trim() !== "").map((line) => /^\s*/.exec(line)[0].length);
  const common = indents.length ? Math.min(...indents) : 0;
  const lines = rest.map((line) => line.slice(common).replace(/\s+$/, ""));
  const all = first === "" ? lines : [first, ...lines];
  return all.join("\n").replace(/^\n+|\n+$/g, "");
}

/** A pattern: a list of text pieces and placeables. */
function parsePattern(source) {
  const parser = { source, at: 0 };
  return readPattern(parser, () => false);
}

function readPattern(parser, atEnd) {
  const parts = [];
  let text = "";
  while (parser.at < parser.source.length && !atEnd(parser)) {
    const char = parser.source[parser.at];
    if (char === "{") {
      if (text) parts.push(text);
      text = "";
      parser.at += 1;
      parts.push(readPlaceable(parser));
    } else {
      text += char;
      parser.at += 1;
    }
  }
  if (text) parts.push(text);
  return parts;
}

function skipSpace(parser) {
  while (/\s/.test(parser.source[parser.at] || "")) parser.at += 1;
}

function readPlaceable(parser) {
  skipSpace(parser);
  let expression;
  const rest = parser.source.slice(parser.at);
  const variable = /^\$([a-zA-Z][a-zA-Z0-9_-]*)/.exec(rest);
  const literal = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
  if (variable) {
    expression = { variable: variable[1] };
    parser.at += variable[0].length;
  } else if (literal) {
    expression = { literal: literal[1].replace(/\\(.)/g, "$1") };
    parser.at += literal[0].length;
  } else {
    throw new Error(`unsupported placeable at "${rest.slice(0, 20)}"`);
  }
  skipSpace(parser);
  if (parser.source.startsWith("->", parser.at)) {
    parser.at += 2;
    expression = { select: expression.variable, variants: readVariants(parser) };
  }
  skipSpace(parser);
  if (parser.source[parser.at] !== "}") throw new Error("a placeable is not closed");
  parser.at += 1;
  return expression;
}

function readVariants(parser) {
  const variants = [];
  for (;;) {
    skipSpace(parser);
    const rest = parser.source.slice(parser.at);
    const head = /^(\*?)\[\s*([^\]\s]+)\s*\][ \t]*/.exec(rest);
    if (!head) break;
    parser.at += head[0].length;
    const value = readPattern(parser, (p) => {
      const ahead = p.source.slice(p.at);
      return /^\n\s*(\*?\[|\})/.test(ahead) || ahead.startsWith("}");
    });
    variants.push({ key: head[2], isDefault: head[1] === "*", value: trimPattern(value) });
  }
  return variants;
}

function trimPattern(parts) {
  const copy = [...parts];
  if (typeof copy[0] === "string") copy[0] = copy[0].replace(/^\s+/, "");
  const last = copy.length - 1;
  if (typeof copy[last] === "string") copy[last] = copy[last].replace(/\s+$/, "");
  return copy.filter((part) => part !== "");
}

function formatPattern(parts, args, rules) {
  return parts.map((part) => formatPart(part, args, rules)).join("");
}

function formatPart(part, args, rules) {
  if (typeof part === "string") return part;
  if ("literal" in part) return part.literal;
  if ("variable" in part) {
    const value = args[part.variable];
    if (value === undefined) return `{$${part.variable}}`;
    // Numbers as they are, as fluent-bundle writes them in the terminal.
    return String(value);
  }
  const value = args[part.select];
  const chosen =
    part.variants.find((variant) => String(value) === variant.key) ||
    (typeof value === "number" && part.variants.find((variant) => variant.key === rules.select(value))) ||
    part.variants.find((variant) => variant.isDefault) ||
    part.variants[0];
  return formatPattern(chosen.value, args, rules);
}
