// The table's panel of the people at the table says the server's refusals
// (ending a game as abandoned, offering a rematch, reading the invitations
// again) in the reader's language, never the server's English words. The
// catalogs are the real ones, read from disk.

import { test } from "node:test";
import assert from "node:assert/strict";
import "./page-globals.mjs";
const { setLanguage } = await import("../../assets/js/i18n.js");
const { ApiError } = await import("../../assets/js/api.js");
const { refusal } = await import("../../assets/js/table/people.js");

test("a refusal at the table is said in the reader's words, by what was asked and the status", async () => {
  const early = new ApiError(409, { error: "seat 1 has not been away for 259200 s; the game can be ended as abandoned 5 s from now" });
  await setLanguage("de");
  assert.equal(refusal("abandon", early),
    "Die Partie kann jetzt nicht als abgebrochen beendet werden: Die Person ist zurück, oder die Partie ging weiter.");
  assert.equal(refusal("rematch", new ApiError(0, { error: "Failed to fetch" })),
    "Der Server ist nicht erreichbar. Prüfe die Verbindung und versuche es noch einmal.");
  await setLanguage("fr");
  assert.equal(refusal("rematch", new ApiError(503, { error: "the rematch could not be stored; try again" })),
    "Le serveur est occupé. Réessayez dans un instant.");
  assert.equal(refusal("invitations", new ApiError(403, { error: "only the host (the seat of the game's creator) reads the invitations again" })),
    "Les liens d'invitation n'ont pas pu être lus. Rechargez la page pour réessayer.");
  await setLanguage("en");
  assert.equal(refusal("abandon", new TypeError("x is undefined")),
    "The game cannot be ended as abandoned now: the player came back, or the game went on.");
});
