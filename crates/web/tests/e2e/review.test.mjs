// The review after a game: a person finishes a game against the computer,
// opens the review, and finds the three decisions that cost them most, each
// with the move played and the better one drawn on the board as it was and
// their sentences, and tries one again against the computer. On a wide
// screen in English and on a phone in German.

import { test } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, newPage, startServer } from "./harness.mjs";

const CASES = [
  { lang: "en", locale: "en-GB", viewport: { width: 1360, height: 900 }, open: "Review the game", played: "Played:", better: "Better:",
    again: "Try again from here", turn: "Your turn" },
  { lang: "de", locale: "de-DE", viewport: { width: 375, height: 812 }, open: "Die Partie durchgehen", played: "Gespielt:", better: "Besser:",
    again: "Von hier aus noch einmal versuchen", turn: "Du bist am Zug" },
];

/** Plays Anna's seat of game `game` to the end through the API, her
 * decisions spread over the legal moves, the computer answering each. */
async function playToTheEnd(server, game) {
  for (let made = 0; ; ) {
    const view = await (await fetch(`${server.url}/api/games/${game.id}`)).json();
    if (view.status === "over") return made;
    if (view.state.to_act !== 0 || view.thinking !== null) {
      await new Promise((done) => setTimeout(done, 20));
      continue;
    }
    const legal = view.state.legal;
    const answer = await fetch(`${server.url}/api/games/${game.id}/moves`, {
      method: "POST",
      body: JSON.stringify({ move: legal[(made * 7) % legal.length], at: view.record.moves.length }),
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${game.seats[0].token}` },
    });
    assert.equal(answer.status, 200, await answer.text());
    made += 1;
  }
}

for (const words of CASES) {
  test(`the review shows three costly decisions with two moves each (${words.lang}, ${words.viewport.width}×${words.viewport.height})`, { timeout: 300000 }, async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const created = await fetch(`${server.url}/api/games`, {
        method: "POST", body: JSON.stringify({ players: 2, seats: [{ name: "Anna" }, { ai: 2 }] }),
        headers: { "Content-Type": "application/json" },
      });
      const game = await created.json();
      assert.ok(await playToTheEnd(server, game) > 20);
      const phone = words.viewport.width < 600;
      const page = await newPage(browser, { viewport: words.viewport, locale: words.locale, hasTouch: phone, isMobile: phone });
      await page.goto(`${server.url}/games/${game.id}#token=${game.seats[0].token}`);
      const open = page.getByRole("button", { name: words.open });
      await open.waitFor({ timeout: 120000 });
      if (phone) {
        const box = await open.boundingBox();
        assert.ok(box.height >= 44, `a finger's height, not ${box.height}`);
        await open.tap();
      } else {
        await open.focus();
        await page.keyboard.press("Enter");
      }
      const items = page.locator(".review-item");
      await items.first().waitFor();
      assert.equal(await items.count(), 3, "Anna's three costliest decisions");
      for (let k = 0; k < 3; k += 1) {
        const item = items.nth(k);
        assert.equal(await item.locator(".review-board svg.board").count(), 2, "the move played and the better one, each on a board");
        const labels = await item.locator(".review-label").allInnerTexts();
        assert.ok(labels[0].startsWith(words.played) && labels[1].startsWith(words.better), labels.join(" | "));
        const sentences = await item.locator(".why-text").allInnerTexts();
        assert.equal(sentences.length, 2);
        for (const sentence of sentences) {
          assert.match(sentence.trim(), /\S.*[.!:]$/s, sentence);
          assert.ok(!sentence.includes("explain-"), sentence);
        }
        assert.notEqual(labels[0].slice(words.played.length), labels[1].slice(words.better.length), "two different moves");
      }
      // A decision's position can be shown on the table.
      const show = items.first().locator("button").first();
      await (phone ? show.tap() : show.click());
      await page.locator(".replay-bar").waitFor();
      // And tried again against the computer: a new game from that
      // position, whose person's turn it is, with the moves before it.
      const index = Number(await items.nth(1).getAttribute("data-move"));
      const again = items.nth(1).getByRole("button", { name: words.again });
      await (phone ? again.tap() : again.click());
      await page.waitForURL((url) => url.pathname.startsWith("/games/") && !url.pathname.endsWith(game.id));
      await page.getByRole("heading", { name: words.turn }).waitFor();
      await page.waitForFunction((n) => document.querySelectorAll(".log-list li").length === n, index - 1);
      assert.deepEqual(page.problems, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
