// "Why?" at the table: beside a hint, the hint's reasons in the reader's
// language; on a move of the log, once the game is over or to a
// spectator, the move against the computer's best in the server's
// sentences. On a wide screen and a phone, in English and German, by
// pointer, by touch and by keyboard.

import { test } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, newPage, startServer } from "./harness.mjs";

const WIDE = { width: 1360, height: 900 };
const PHONE = { width: 375, height: 812 };

const WORDS = {
  en: { locale: "en-GB", ask: "Ask the computer for a hint", why: "Why does the computer suggest this?", whyMove: (n) => `Why move ${n}?`, thinking: "looking at this move" },
  de: { locale: "de-DE", ask: "Den Computer um einen Tipp bitten", why: "Warum schlägt der Computer das vor?", whyMove: (n) => `Warum Zug ${n}?`, thinking: "sieht sich diesen Zug an" },
};

async function createGame(server, body) {
  const answer = await fetch(`${server.url}/api/games`, {
    method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" },
  });
  assert.equal(answer.status, 201);
  return answer.json();
}

/** A page of `lang` at `viewport`, touch on the phone. */
async function pageFor(browser, lang, viewport) {
  const phone = viewport.width < 600;
  return newPage(browser, { viewport, locale: WORDS[lang].locale, hasTouch: phone, isMobile: phone });
}

/** Asserts that a control a finger may press is at least 44 pixels each way on a phone. */
async function assertFingerSized(locator, viewport) {
  if (viewport.width >= 600) return;
  const box = await locator.boundingBox();
  assert.ok(box.width >= 44 && box.height >= 44, `44×44 at least, not ${box.width}×${box.height}`);
}

/** A sentence of the server's words: not empty, ending as sentences end. */
function assertSentence(text) {
  assert.match(text.trim(), /\S.*[.!:]$/s, `a sentence: ${JSON.stringify(text)}`);
  assert.ok(!text.includes("explain-") && !text.includes("{"), text);
}

for (const [lang, viewport] of [["en", WIDE], ["de", PHONE], ["en", PHONE], ["de", WIDE]]) {
  test(`a hint's Why? shows the reasons in words (${lang}, ${viewport.width}×${viewport.height})`, { timeout: 120000 }, async () => {
    const words = WORDS[lang];
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const game = await createGame(server, { players: 2, seats: [{ name: "Anna" }, { ai: 1 }], hints: true });
      const page = await pageFor(browser, lang, viewport);
      await page.goto(`${server.url}/games/${game.id}#token=${game.seats[0].token}`);
      const ask = page.getByRole("button", { name: words.ask });
      await ask.waitFor({ timeout: 30000 });
      const phone = viewport.width < 600;
      await (phone ? ask.tap() : ask.click());
      const why = page.getByRole("button", { name: words.why });
      await why.waitFor({ timeout: 60000 });
      await assertFingerSized(why, viewport);
      assert.equal(await page.locator(".why-text").count(), 0, "the reasons wait for the question");
      if (phone) {
        await why.tap();
      } else {
        // By keyboard: the button takes the focus and Enter presses it.
        await why.focus();
        await page.keyboard.press("Enter");
      }
      const reasons = page.locator(".turn .why-text");
      await reasons.waitFor();
      assertSentence(await reasons.innerText());
      assert.equal(await why.getAttribute("aria-expanded"), "true");
      // Asked again, the reasons are hidden.
      await (phone ? why.tap() : why.click());
      await page.waitForFunction(() => !document.querySelector(".turn .why-text"));
      assert.deepEqual(page.problems, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}

/** Presses Why? on the first decision of the log that has one, and
 * answers the explanation's text once it has come. */
async function explainFirstDecision(page, lang, viewport) {
  const button = page.locator(".log-list .why-button").nth(2);
  await button.waitFor({ timeout: 30000 });
  const label = await button.getAttribute("aria-label");
  const number = Number(/\d+/.exec(label)[0]);
  assert.equal(label, WORDS[lang].whyMove(number));
  await assertFingerSized(button, viewport);
  const phone = viewport.width < 600;
  await (phone ? button.tap() : button.click());
  const text = page.locator(`.log-list li[data-move="${number}"] .why-text:not(.muted)`);
  await text.waitFor({ timeout: 60000 });
  // The board shows the position the decision was made in.
  await page.locator(".replay-bar").waitFor();
  return text.innerText();
}

for (const [lang, viewport] of [["en", WIDE], ["de", PHONE]]) {
  test(`a watched game's log explains a move with Why? (${lang}, ${viewport.width}×${viewport.height})`, { timeout: 180000 }, async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      // A game that stays running: a few of Anna's decisions are made
      // through the API, the computer answering each, then she waits.
      const game = await createGame(server, { players: 2, seats: [{ name: "Anna" }, { ai: 1 }] });
      for (let made = 0; made < 6;) {
        const view = await (await fetch(`${server.url}/api/games/${game.id}`)).json();
        if (view.state.to_act !== 0 || view.thinking !== null) {
          await new Promise((done) => setTimeout(done, 50));
          continue;
        }
        const answer = await fetch(`${server.url}/api/games/${game.id}/moves`, {
          method: "POST",
          body: JSON.stringify({ move: view.state.legal[0], at: view.record.moves.length }),
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${game.seats[0].token}` },
        });
        assert.equal(answer.status, 200);
        made += 1;
      }
      const page = await pageFor(browser, lang, viewport);
      await page.goto(`${server.url}/games/${game.id}`);
      const text = await explainFirstDecision(page, lang, viewport);
      assertSentence(text);
      assert.ok(!text.includes(WORDS[lang].thinking), text);
      assert.deepEqual(page.problems, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}

for (const [lang, viewport] of [["de", WIDE], ["en", PHONE]]) {
  test(`a finished game's log explains a move with Why? (${lang}, ${viewport.width}×${viewport.height})`, { timeout: 180000 }, async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const game = await createGame(server, { players: 3, seats: [{ ai: 1 }, { ai: 2 }, { ai: 1 }] });
      // The computers play it to the end.
      for (let i = 0; i < 600; i += 1) {
        const view = await (await fetch(`${server.url}/api/games/${game.id}`)).json();
        if (view.status === "over") break;
        await new Promise((done) => setTimeout(done, 200));
      }
      const page = await pageFor(browser, lang, viewport);
      await page.goto(`${server.url}/games/${game.id}`);
      await page.locator(".turn .result").waitFor();
      const text = await explainFirstDecision(page, lang, viewport);
      assertSentence(text);
      assert.deepEqual(page.problems, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
