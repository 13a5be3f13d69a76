// The page says the server's refusals of account requests in the reader's
// language: by status, by the field a 422 names, and a 429's Retry-After
// in words. The catalogs are the real ones, read from disk.

import { test } from "node:test";
import assert from "node:assert/strict";
import "./page-globals.mjs";
const { setLanguage } = await import("../../assets/js/i18n.js");
const { ApiError } = await import("../../assets/js/api.js");
const { accountProblem, waitInWords } = await import("../../assets/js/account.js");

test("a wait is said in seconds, then in whole minutes rounded up", async () => {
  await setLanguage("en");
  assert.equal(waitInWords(1), "one second");
  assert.equal(waitInWords(45), "45 seconds");
  assert.equal(waitInWords(121), "3 minutes");
  await setLanguage("de");
  assert.equal(waitInWords(60), "60 Sekunden");
  assert.equal(waitInWords(900), "15 Minuten");
});

test("refusals are said by their status and the field a 422 names", async () => {
  await setLanguage("de");
  assert.equal(accountProblem(new ApiError(429, { error: "attempts are limited" }, 120)),
    "Zu viele Versuche. Versuche es in 2 Minuten noch einmal.");
  assert.equal(accountProblem(new ApiError(429, { error: "attempts are limited" })),
    "Zu viele Versuche. Versuche es gleich noch einmal.");
  await setLanguage("fr");
  assert.equal(accountProblem(new ApiError(429, {}, 1)), "Trop de tentatives. Réessayez dans une seconde.");
  await setLanguage("en");
  assert.equal(accountProblem(new ApiError(401, { error: "the name or the password is wrong" })),
    "The name or the password is wrong.");
  assert.match(accountProblem(new ApiError(409, { error: "the name is taken" })), /^This name is taken/);
  assert.match(accountProblem(new ApiError(422, { error: "field `name`: the character '<' at 1" })), /^This name cannot be used/);
  assert.match(accountProblem(new ApiError(422, { error: "field `new_password`: too short" })), /^This password cannot be used/);
  assert.match(accountProblem(new ApiError(422, { error: "field `email`: an address is name@domain.example" })),
    /^This e-mail address does not look right/);
  assert.equal(accountProblem(new ApiError(0, { error: "Failed to fetch" })),
    "The server cannot be reached. Check the connection and try again.");
});
