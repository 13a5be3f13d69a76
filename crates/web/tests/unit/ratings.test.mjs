// Ratings in words: the number with its "?", a change with its sign, and
// the server's refusals of a rated game (its 400s name the field `rated`
// and what is missing, API.md) said from the real catalogs.

import { test } from "node:test";
import assert from "node:assert/strict";
import "./page-globals.mjs";
const { setLanguage } = await import("../../assets/js/i18n.js");
const { ApiError } = await import("../../assets/js/api.js");
const { modeName, ratedProblem, shownRating, signedChange } = await import("../../assets/js/ratings.js");

test("a rating shows a ? while provisional, and a change its sign", () => {
  assert.equal(shownRating({ rating: 1532, provisional: true }), "1532?");
  assert.equal(shownRating({ rating: 1611.4, provisional: false }), "1611");
  assert.equal(signedChange(32), "+32");
  assert.equal(signedChange(-12), "−12");
  assert.equal(signedChange(0), "±0");
});

test("the server's refusals of a rated game are said in the reader's language", async () => {
  // The reasons as crates/server/src/api.rs words them (`check_rated`).
  const refusal = (reason) => new ApiError(400, { error: `field \`rated\`: ${reason}` });
  await setLanguage("en");
  assert.equal(ratedProblem(refusal("a rated game needs a clock")), "A rated game needs a clock.");
  assert.match(ratedProblem(refusal("a rated game has no invited seats; leave them open for people signed in")),
    /^A rated game has no invited seats/);
  assert.match(ratedProblem(refusal(
    "a rated game has one named person's seat, the creator's; the others are open or the computer's")),
  /^In a rated game only your own seat is named/);
  assert.equal(ratedProblem(new ApiError(403, { error: "sign in to create a rated game" })), "Sign in to create a rated game.");
  // Any other refusal is not a rated game's: the page says it as it is.
  assert.equal(ratedProblem(new ApiError(400, { error: "field `seats[1].name`: empty" })), null);
  assert.equal(ratedProblem(new ApiError(429, { error: "slow down" })), null);
  assert.equal(ratedProblem(new Error("network")), null);
  await setLanguage("de");
  assert.equal(ratedProblem(refusal("a rated game needs a clock")), "Eine gewertete Partie braucht eine Uhr.");
  assert.equal(modeName("teams"), "Teamspiel");
  await setLanguage("fr");
  assert.equal(ratedProblem(new ApiError(403, {})), "Connectez-vous pour créer une partie classée.");
  assert.equal(modeName("3p"), "3 joueurs");
});
