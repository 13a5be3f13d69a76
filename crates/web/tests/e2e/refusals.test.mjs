// The server's refusals at the table reach a person in their own
// language, never in the server's English: a seat's link that is not the
// game's, opened in a German and in a French browser. (Which words each
// refusal gets is tests/unit/refusals.test.mjs's.)

import { test } from "node:test";
import assert from "node:assert/strict";
import { catalog, withBrowser } from "./harness.mjs";

/** A game between two people, created on the server; its seats' tokens. */
async function peopleGame(server, body = {}) {
  const response = await fetch(`${server.url}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ players: 2, seats: [{ name: "Anna" }, { name: "Bruno" }], ...body }),
  });
  assert.equal(response.status, 201);
  const created = await response.json();
  return { id: created.id, tokens: created.seats.map((seat) => seat.token) };
}

for (const [language, locale] of [["de", "de-DE"], ["fr", "fr-FR"]]) {
  test(`a seat's link that is not the game's is refused in words of the reader's (${language})`, { timeout: 120000 }, async () => {
    await withBrowser({ locale }, async ({ server, open }) => {
      const { id } = await peopleGame(server);
      const { tokens: [stranger] } = await peopleGame(server);
      const page = await open();
      await page.goto(`${server.url}/games/${id}#token=${stranger}`);
      const error = page.locator(".turn .error");
      await error.waitFor();
      const text = await error.textContent();
      assert.equal(text, catalog(language)["table-error-seat"]);
      assert.doesNotMatch(text, /token|seat/, "not the server's English");
      // The link is not offered again.
      await page.reload();
      await page.locator(".seat-card").first().waitFor();
      assert.equal(await page.locator(".seat-card.mine").count(), 0);
    });
  });
}
