// The replay page says what stopped a record's replay in the reader's
// language, from the server's `problem` (never its English `error`), and
// names where: the file, the line, the move. The catalogs are the real
// ones, read from disk.

import { test } from "node:test";
import assert from "node:assert/strict";
import "./page-globals.mjs";
const { setLanguage } = await import("../../assets/js/i18n.js");
const { problemText } = await import("../../assets/js/replay.js");

const illegal = { kind: "illegal", index: 11, token: "move 9" };

test("an illegal move is named by its place and token in every language", async () => {
  await setLanguage("en");
  assert.equal(problemText("broken.json", illegal),
    "broken.json: move 11 “move 9” cannot be played there; the board shows the game up to the move before it.");
  await setLanguage("de");
  assert.equal(problemText("broken.json, Zeile 2", illegal),
    "broken.json, Zeile 2: Zug 11 „move 9“ ist an dieser Stelle nicht möglich; das Brett zeigt die Partie bis zum Zug davor.");
  await setLanguage("fr");
  assert.equal(problemText("broken.json", illegal),
    "broken.json : le coup 11 « move 9 » ne peut pas être joué à cet endroit ; le plateau montre la partie jusqu'au coup précédent.");
});

test("each kind of problem has its own words, and one the page does not know has general ones", async () => {
  for (const lang of ["en", "de", "fr"]) {
    await setLanguage(lang);
    const said = [
      { kind: "field", field: "moves" },
      { kind: "setup", field: "setup.order" },
      { kind: "malformed", index: 3, token: "move   5" },
      illegal,
      { kind: "not_a_record" },
      { kind: "something_new" },
    ].map((problem) => problemText("game.json", problem));
    assert.equal(new Set(said).size, said.length, `${lang}: ${said.join(" | ")}`);
    for (const text of said) {
      assert.ok(text.startsWith("game.json"), text);
      assert.doesNotMatch(text, /\{|\}|undefined/, text);
    }
    assert.ok(said[0].includes("moves") && said[1].includes("setup.order") && said[2].includes("move   5"));
  }
});
