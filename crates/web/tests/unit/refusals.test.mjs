// A page says the server's refusals in the reader's language, never the
// server's English: by the refusal's code where the server names one,
// else by the status and what was asked. The catalogs are the real ones,
// read from disk.

import { test } from "node:test";
import assert from "node:assert/strict";
import "./page-globals.mjs";
const { setLanguage } = await import("../../assets/js/i18n.js");
const { ApiError } = await import("../../assets/js/api.js");
const { failure, refusal } = await import("../../assets/js/refusals.js");

test("a refusal at the table is said in the reader's words, by what was asked and the status", async () => {
  const early = new ApiError(409, { error: "seat 1 has not been away for 259200 s; the game can be ended as abandoned 5 s from now" });
  await setLanguage("de");
  assert.equal(refusal("abandon", failure(early)),
    "Die Partie kann jetzt nicht als abgebrochen beendet werden: Die Person ist zurück, oder die Partie ging weiter.");
  assert.equal(refusal("rematch", failure(new ApiError(0, { error: "Failed to fetch" }))),
    "Der Server ist nicht erreichbar. Prüfe die Verbindung und versuche es noch einmal.");
  await setLanguage("fr");
  assert.equal(refusal("rematch", failure(new ApiError(503, { error: "the rematch could not be stored; try again" }))),
    "Le serveur est occupé. Réessayez dans un instant.");
  assert.equal(refusal("invitations", failure(new ApiError(403, { error: "only the host (the seat of the game's creator) reads the invitations again" }))),
    "Les liens d'invitation n'ont pas pu être lus. Rechargez la page pour réessayer.");
  await setLanguage("en");
  assert.equal(refusal("abandon", failure(new TypeError("x is undefined"))),
    "The game cannot be ended as abandoned now: the player came back, or the game went on.");
});

test("the game's refusals are said by their code, whatever the request", async () => {
  const refused = (status, code, error) => failure(new ApiError(status, { error, code }));
  await setLanguage("en");
  const turn = refused(403, "not_your_turn", "it is seat 0's turn, not seat 1's");
  assert.equal(refusal("move", turn), "It is not your turn.");
  assert.equal(refusal("hint", turn), "It is not your turn.");
  assert.equal(refusal("takeback", refused(403, "take_back_with_clock", "a game with a clock does not allow taking back")),
    "A game with a clock allows no taking back.");
  assert.equal(refusal("move", refused(403, "not_a_seat", "the token is not one of this game's seats")),
    refusal("socket", { status: 401, code: null }), "a seat's link that is not this game's, however it is told");
  await setLanguage("de");
  assert.equal(refusal("hint", refused(403, "no_hints", "this game was created without hints")),
    "Diese Partie wurde ohne Tipps angelegt.");
  await setLanguage("fr");
  assert.equal(refusal("claim", refused(409, "seat_taken", "seat 1 is already taken")),
    "Cette place est déjà prise.");
  // A code the page does not know yet is said by what was asked.
  await setLanguage("en");
  assert.equal(refusal("hint", refused(409, "some_new_refusal", "…")), "No hint can be given now.");
});

test("every request of the table has words of its own in every language, and none is the server's", async () => {
  const actions = ["move", "takeback", "hint", "explain", "practice", "claim", "states", "outcomes", "analysis",
    "lesson", "socket", "game", "abandon", "rematch", "invitations", "list", "create", "example"];
  const english = "the server's own words";
  for (const language of ["en", "de", "fr"]) {
    await setLanguage(language);
    const said = actions.map((action) => refusal(action, failure(new ApiError(500, { error: english }))));
    for (const [index, text] of said.entries()) {
      assert.ok(text && !text.includes(english) && !text.includes("table-error"), `${language} ${actions[index]}: ${text}`);
    }
    const fallback = refusal("no such request", failure(new ApiError(500, { error: english })));
    assert.ok(!said.includes(fallback), `${language}: a request said as a generic failure`);
  }
});
