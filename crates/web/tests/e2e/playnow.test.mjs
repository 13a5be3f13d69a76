// "Play now" in the browser: two accounts, each in a browser of their
// own, pick the same game and clock in the lobby and land at the same
// game, each at their own seat (one by pointing, one by the keyboard);
// leaving the page or cancelling leaves the pool; a person who asks for
// the computer gets a rated game against it, and one who waits past the
// server's --pool-wait gets one by themselves. In English on a desktop
// and in German and French on a phone, whose controls are 44×44.

import { test } from "node:test";
import assert from "node:assert/strict";
import { withBrowser } from "./harness.mjs";

const PASSWORD = "orange-meadow-47";

/** The words of each language the test reads, from the catalogs. */
const WORDS = {
  en: { name: "Name", password: "Password", signUp: "Make an account", find: "Find opponents", looking: "Looking for opponents…", computer: "Play the computer now", cancel: "Cancel", rules: "Rules" },
  de: { name: "Name", password: "Passwort", signUp: "Konto anlegen", find: "Gegner suchen", looking: "Suche Gegner…", computer: "Jetzt gegen den Computer", cancel: "Abbrechen", rules: "Regeln" },
  fr: { name: "Nom", password: "Mot de passe", signUp: "Créer un compte", find: "Chercher des adversaires", looking: "Recherche d'adversaires…", computer: "Jouer contre l'ordinateur", cancel: "Annuler", rules: "Règles" },
};

/** Signs up `name` on a new page and waits for the lobby. */
async function signedIn(open, server, words, name) {
  const page = await open();
  await page.goto(`${server.url}/account`);
  const form = page.locator("form.sign-up");
  await form.getByLabel(words.name, { exact: true }).fill(name);
  await form.getByLabel(words.password, { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: words.signUp }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.locator("#play-now").waitFor();
  return page;
}

/** Where `page` stands in the pool, as the server says. */
async function poolState(page) {
  return page.evaluate(async () => (await (await fetch("/api/pool")).json()).status);
}

/** Waits until the server has `page`'s person out of the pool (a leave
 * is sent as the page moves on, and answered a moment later). */
async function outOfPool(page) {
  await page.waitForFunction(async () => (await (await fetch("/api/pool")).json()).status === "none");
}

/** Every visible control under `selector` is at least 44 by 44 pixels. */
async function assertTouchTargets(page, selector) {
  const small = await page.locator(selector).evaluateAll((elements) => elements
    .filter((element) => element.offsetParent !== null)
    .map((element) => ({ element: element.outerHTML.slice(0, 80), box: element.getBoundingClientRect() }))
    .filter(({ box }) => box.width < 44 || box.height < 44)
    .map(({ element, box }) => `${element} ${box.width}x${box.height}`));
  assert.deepEqual(small, [], "touch targets of at least 44x44");
}

for (const { lang, locale, viewport } of [
  { lang: "en", locale: "en-GB", viewport: { width: 1360, height: 900 } },
  { lang: "de", locale: "de-DE", viewport: { width: 375, height: 812 } },
]) {
  test(`two accounts paired by play now land at their own seats of one game (${lang}, ${viewport.width}x${viewport.height})`, { timeout: 120000 }, async () => {
    await withBrowser({ viewport, locale }, async ({ server, open }) => {
      const words = WORDS[lang];
      const anna = await signedIn(open, server, words, "Anna_pn");
      const bert = await signedIn(open, server, words, "Bert_pn");
      if (viewport.width < 600) await assertTouchTargets(anna, "#play-now button, #play-now select");

      // Anna waits, by pointing; leaving the page leaves the pool, and
      // coming back she waits again.
      await anna.locator("#playnow-mode").selectOption("2p");
      await anna.getByRole("button", { name: words.find }).click();
      await anna.getByText(words.looking).waitFor();
      await anna.locator(".playnow-waited").waitFor();
      assert.equal(await poolState(anna), "waiting");
      if (viewport.width < 600) await assertTouchTargets(anna, "#play-now button");
      await anna.locator("header nav").getByRole("link", { name: words.rules }).click();
      await anna.waitForURL(/\/rules$/);
      await outOfPool(anna);
      await anna.goBack();
      await anna.getByRole("button", { name: words.find }).click();
      await anna.getByText(words.looking).waitFor();

      // Bert asks by the keyboard: the clock's picker, Tab to the button,
      // Enter. He is paired at once, and Anna at her page's next ask.
      await bert.locator("#playnow-clock").focus();
      await bert.keyboard.press("Tab");
      await bert.keyboard.press("Enter");
      await bert.waitForURL(/\/games\/[a-z0-9]{12}$/);
      await anna.waitForURL(/\/games\/[a-z0-9]{12}$/, { timeout: 15000 });
      assert.equal(new URL(anna.url()).pathname, new URL(bert.url()).pathname);

      // Each at their own seat, named after their account.
      for (const [page, name] of [[anna, "Anna_pn"], [bert, "Bert_pn"]]) {
        await page.locator(".seat-card.mine").waitFor();
        assert.equal(await page.locator(".seat-card.mine").count(), 1);
        assert.equal(await page.locator(".seat-card.mine .seat-name").textContent(), name);
      }
      const id = new URL(anna.url()).pathname.split("/").pop();
      const game = await (await fetch(`${server.url}/api/games/${id}`)).json();
      assert.equal(game.rated, true);
      assert.deepEqual(game.clock, { initial_s: 300, increment_s: 5 });
      assert.deepEqual(game.seats.map((seat) => seat.ai), [null, null]);
    });
  });
}

test("a person who asks for the computer plays it at once, and cancelling leaves the pool (fr, 375x812)", { timeout: 120000 }, async () => {
  await withBrowser({ viewport: { width: 375, height: 812 }, locale: "fr-FR" }, async ({ server, open }) => {
    const words = WORDS.fr;
    const page = await signedIn(open, server, words, "Carl_pn");
    await page.locator("#playnow-mode").selectOption("3p");
    await page.getByRole("button", { name: words.find }).click();
    await page.getByText(words.looking).waitFor();
    await page.getByRole("button", { name: words.cancel }).click();
    await page.getByRole("button", { name: words.find }).waitFor();
    await outOfPool(page);

    await page.getByRole("button", { name: words.find }).click();
    await page.getByRole("button", { name: words.computer }).click();
    await page.waitForURL(/\/games\/[a-z0-9]{12}$/);
    await page.locator(".seat-card.mine").waitFor();
    assert.equal(await page.locator(".seat-card").count(), 3);
    const id = new URL(page.url()).pathname.split("/").pop();
    const game = await (await fetch(`${server.url}/api/games/${id}`)).json();
    assert.equal(game.rated, true);
    // A newcomer meets the level whose rating is nearest theirs: 3.
    assert.deepEqual(game.seats.map((seat) => seat.ai).filter((level) => level !== null), [3, 3]);
  });
});

test("after the server's --pool-wait the computer takes the empty seat by itself (en, 1360x900)", { timeout: 120000 }, async () => {
  await withBrowser({ extra: ["--pool-wait", "1"] }, async ({ server, open }) => {
    const words = WORDS.en;
    const page = await signedIn(open, server, words, "Dora_pn");
    await page.getByRole("button", { name: words.find }).click();
    await page.getByText(words.looking).waitFor();
    // The page's next ask, a heartbeat (5 s) later, finds the wait over.
    await page.waitForURL(/\/games\/[a-z0-9]{12}$/, { timeout: 15000 });
    await page.locator(".seat-card.mine").waitFor();
    const id = new URL(page.url()).pathname.split("/").pop();
    const game = await (await fetch(`${server.url}/api/games/${id}`)).json();
    assert.equal(game.rated, true);
    assert.equal(game.seats.filter((seat) => seat.ai === 3).length, 1);
  });
});
