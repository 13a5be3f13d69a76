// Accounts in the browser: a person signs up (after the server refused a
// name and a password, said in the reader's language), signs out and in,
// starts a game against the computer, and on a second browser signs in,
// finds the game in "my games" and plays its seat there; then reads the
// profile, changes the settings and the password, signs out everywhere
// and deletes the account. In English on a
// desktop and in German on a phone.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { decideByPointing, expectRefusals, logLength, waitForMoreMoves, withBrowser } from "./harness.mjs";

const PASSWORD = "orange-meadow-47";

/** The words of each language the test reads, from the catalogs. */
const WORDS = {
  en: {
    signIn: "Sign in", signUp: "Make an account", name: "Name", password: "Password", email: "E-mail address (optional)",
    signOut: "Sign out", settings: "Settings", profile: "Profile", myGames: "My games", yourTurn: "Your turn",
    nameRefused: "This name cannot be used", passwordRefused: "This password cannot be used",
    wrong: "The name or the password is wrong.", taken: "This name is taken", start: "Start the game",
    language: "Language of pages and mails", settingsEmail: "E-mail address", mails: "Send me mails when a game waits for me or ends", save: "Save", saved: "Saved.",
    emailRefused: "This e-mail address does not look right", delete: "Delete the account", deleteYes: "Yes, delete it",
    deletePassword: "Password", playing: "Games in play", record: "download the record", presentPassword: "Present password", newPassword: "New password",
    changePassword: "Change the password", passwordWrong: "The password is wrong.", everywhere: "Sign out everywhere",
    passwordChanged: "The password is changed; you are signed out on every other device.",
  },
  de: {
    signIn: "Anmelden", signUp: "Konto anlegen", name: "Name", password: "Passwort", email: "E-Mail-Adresse (freiwillig)",
    signOut: "Abmelden", settings: "Einstellungen", profile: "Profil", myGames: "Meine Partien", yourTurn: "Du bist am Zug",
    nameRefused: "Dieser Name geht nicht", passwordRefused: "Dieses Passwort geht nicht",
    wrong: "Der Name oder das Passwort ist falsch.", taken: "Dieser Name ist vergeben", start: "Partie starten",
    language: "Sprache der Seiten und Mails", settingsEmail: "E-Mail-Adresse", mails: "Mir Mails schicken, wenn eine Partie auf mich wartet oder endet", save: "Speichern",
    saved: "Gespeichert.", emailRefused: "Diese E-Mail-Adresse sieht nicht richtig aus", delete: "Konto löschen",
    deleteYes: "Ja, löschen", deletePassword: "Passwort", playing: "Laufende Partien", presentPassword: "Jetziges Passwort",
    newPassword: "Neues Passwort", changePassword: "Passwort ändern", passwordWrong: "Das Passwort ist falsch.",
    everywhere: "Überall abmelden", passwordChanged: "Das Passwort ist geändert; auf allen anderen Geräten bist du abgemeldet.",
  },
};

/** Plays seat `seat` (`{seat, token}`) of game `id` to the end through
 * the API, always the first legal move, the computer answering each. */
async function playToTheEnd(server, id, { seat, token }) {
  for (;;) {
    const view = await (await fetch(`${server.url}/api/games/${id}`)).json();
    if (view.status === "over") return;
    if (view.state.to_act !== seat || view.thinking !== null) {
      await new Promise((done) => setTimeout(done, 20));
      continue;
    }
    const answer = await fetch(`${server.url}/api/games/${id}/moves`, {
      method: "POST",
      body: JSON.stringify({ move: view.state.legal[0], at: view.record.moves.length }),
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    });
    assert.equal(answer.status, 200, await answer.text());
  }
}

/** Fills and sends the sign-up form. */
async function signUp(page, words, name, password, email = "") {
  const form = page.locator("form.sign-up");
  await form.getByLabel(words.name, { exact: true }).fill(name);
  await form.getByLabel(words.password, { exact: true }).fill(password);
  await form.getByLabel(words.email).fill(email);
  await form.getByRole("button", { name: words.signUp }).click();
}

async function signIn(page, words, name, password) {
  const form = page.locator("form.sign-in");
  await form.getByLabel(words.name, { exact: true }).fill(name);
  await form.getByLabel(words.password, { exact: true }).fill(password);
  await form.getByRole("button", { name: words.signIn }).click();
}

/** Opens the header's menu of the signed-in person and picks `item` by
 * pointing. */
async function menu(page, item) {
  await page.locator(".account-menu summary").click();
  await page.locator(".account-menu .menu").getByText(item, { exact: true }).click();
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
  test(`an account is made, used on two browsers, changed and deleted (${lang}, ${viewport.width}x${viewport.height})`, { timeout: 300000 }, async () => {
    await withBrowser({ viewport, locale }, async ({ server, open }) => {
      const words = WORDS[lang];
      // Valid, but looks like markup and an attack to a careless page.
      const name = "script-alert_1";
      const page = await open();
      await page.goto(server.url);
      await page.locator("#account-menu").getByRole("link", { name: words.signIn }).click();
      await page.waitForURL(/\/account$/);

      // Refusals, in the reader's language: a name with markup, a common
      // password; nothing the name says is run.
      await signUp(page, words, "<img src=x onerror=alert(1)>", PASSWORD);
      await page.locator("form.sign-up .error").getByText(words.nameRefused).waitFor();
      await signUp(page, words, name, "password1234");
      await page.locator("form.sign-up .error").getByText(words.passwordRefused).waitFor();
      assert.equal(await page.locator("img[src='x']").count(), 0);

      await signUp(page, words, name, PASSWORD);
      await page.waitForURL((url) => url.pathname === "/");
      await page.locator(".account-menu summary").getByText(name, { exact: true }).waitFor();
      // The name is text: the menu holds no element made from it.
      assert.equal(await page.locator(".account-name").innerHTML(), name);

      // Another account with a look-alike of the name is refused.
      await menu(page, words.signOut);
      await page.locator("#account-menu").getByRole("link", { name: words.signIn }).waitFor();
      await page.goto(`${server.url}/account`);
      await signUp(page, words, name.toUpperCase(), PASSWORD);
      await page.locator("form.sign-up .error").getByText(words.taken).waitFor();

      await signIn(page, words, name, "not-the-password-1");
      await page.locator("form.sign-in .error").getByText(words.wrong).waitFor();
      await signIn(page, words, name, PASSWORD);
      await page.waitForURL((url) => url.pathname === "/");
      await page.locator(".account-menu summary").getByText(name, { exact: true }).waitFor();
      if (viewport.width < 600) {
        await assertTouchTargets(page, "header a, header summary, header select, .create button, .create select");
      }

      // A game against the computer, started while signed in: its seat is
      // the account's.
      await page.locator(".seat-row[data-seat='1'] .seat-level").selectOption("1");
      await page.getByRole("button", { name: words.start }).click();
      await page.waitForURL(/\/games\/[a-z0-9]{12}$/);
      const id = new URL(page.url()).pathname.split("/").pop();
      await page.locator(".seat-card").first().waitFor();

      // A second browser holds no token: signed in, it finds the game in
      // "my games", and its table gets the seat from the account.
      const other = await open();
      await other.goto(`${server.url}/account`);
      await signIn(other, words, name, PASSWORD);
      await other.waitForURL((url) => url.pathname === "/");
      const mine = other.locator(`.list-account li[data-game='${id}']`);
      await mine.waitFor();
      const waiting = await other.evaluate(async () => (await (await fetch("/api/me/games")).json()).waiting);
      await other.waitForFunction((n) => document.title === (n > 0 ? `(${n}) Carolus` : "Carolus"), waiting);
      assert.equal(await other.evaluate((game) => localStorage.getItem(`carolus.game.${game}`), id), null);
      await mine.locator("a.game-link").click();
      await other.waitForURL(new RegExp(`/games/${id}$`));
      await other.getByRole("heading", { name: words.yourTurn }).waitFor({ timeout: 30000 });
      const before = await logLength(other);
      assert.ok(await decideByPointing(other), "the seat is this person's on the second browser");
      await waitForMoreMoves(other, before);
      assert.ok(await other.evaluate((game) => localStorage.getItem(`carolus.game.${game}`), id));

      // The first browser, which holds the seat's token too, lists the
      // game once: as the account's.
      await page.goto(server.url);
      await page.locator(`.list-account li[data-game='${id}']`).waitFor();
      await page.locator(".list-mine[data-loaded]").waitFor({ state: "attached" });
      assert.equal(await page.locator(`.list-mine li[data-game='${id}']`).count(), 0);

      // The profile lists the game in play, and no ratings (none exist).
      // The menu is reached by the keyboard: Enter opens it, Tab walks it.
      await other.locator(".account-menu summary").focus();
      await other.keyboard.press("Enter");
      await other.keyboard.press("Tab");
      await other.keyboard.press("Tab");
      assert.equal(await other.evaluate(() => document.activeElement.textContent), words.profile);
      await other.keyboard.press("Enter");
      await other.waitForURL(new RegExp(`/players/${name}$`));
      assert.equal(await other.locator("h1.profile-name").textContent(), name);
      await other.locator(`.profile-playing li[data-game='${id}']`).waitFor();
      assert.equal(await other.locator(".profile-ratings").count(), 0);
      if (lang === "en") {
        // Played to its end, the game is among the finished ones with its
        // record to download (once: a whole game costs seconds).
        const { seats } = await (await other.context().request.get(`${server.url}/api/games/${id}/mine`)).json();
        await playToTheEnd(server, id, seats[0]);
        await other.reload();
        const finished = other.locator(`.profile-finished li[data-game='${id}']`);
        await finished.waitFor();
        assert.equal(await other.locator(`.profile-playing li[data-game='${id}']`).count(), 0);
        const [download] = await Promise.all([other.waitForEvent("download"), finished.getByRole("link", { name: words.record }).click()]);
        const record = JSON.parse(readFileSync(await download.path(), "utf8"));
        const replay = await (await fetch(`${server.url}/api/replay`, { method: "POST", body: JSON.stringify(record), headers: { "Content-Type": "application/json" } })).json();
        assert.equal(replay.error, null, "the downloaded record replays");
      }

      // Settings: an address the server refuses, then a good one, mails off.
      await menu(other, words.settings);
      await other.waitForURL(/\/settings$/);
      const details = other.locator(".settings form").first();
      await details.getByLabel(words.settingsEmail, { exact: true }).fill("karl@localhost");
      await details.getByRole("button", { name: words.save }).click();
      await details.locator(".error").getByText(words.emailRefused).waitFor();
      await details.getByLabel(words.settingsEmail, { exact: true }).fill("karl@example.org");
      await details.getByLabel(words.mails).setChecked(false);
      // The language chosen here is the pages' too: from here on German.
      await details.getByLabel(words.language).selectOption("de");
      await details.getByRole("button", { name: words.save }).click();
      const after = WORDS.de;
      await other.locator(".settings form").first().locator(".done").getByText(after.saved).waitFor();
      assert.equal(await other.locator("#language").inputValue(), "de");
      const me = await other.evaluate(async () => (await fetch("/api/me")).json());
      assert.equal(me.email, "karl@example.org");
      assert.equal(me.mail_on, false);
      assert.equal(me.language, "de");
      if (viewport.width < 600) {
        // A checkbox is picked by its whole label.
        await assertTouchTargets(other, ".settings input:not([type=checkbox]), .settings .toggle, .settings select, .settings button");
      }

      // A new password ends the first browser's session; signing out
      // everywhere ends this one; the new password signs in again.
      const NEW_PASSWORD = "quiet-harbour-83";
      const change = other.locator(".settings form").nth(1);
      await change.getByLabel(after.presentPassword, { exact: true }).fill("not-the-password-1");
      await change.getByLabel(after.newPassword, { exact: true }).fill(NEW_PASSWORD);
      await change.getByRole("button", { name: after.changePassword }).click();
      await change.locator(".error").getByText(after.passwordWrong).waitFor();
      await change.getByLabel(after.presentPassword, { exact: true }).fill(PASSWORD);
      await change.getByRole("button", { name: after.changePassword }).click();
      await change.locator(".done").getByText(after.passwordChanged).waitFor();
      // Asked outside the pages (with their cookies), which log nothing.
      assert.equal((await page.context().request.get(`${server.url}/api/me`)).status(), 401);
      await other.getByRole("button", { name: after.everywhere }).click();
      await other.waitForURL(/\/account$/);
      assert.equal((await other.context().request.get(`${server.url}/api/me`)).status(), 401);
      await signIn(other, after, name, NEW_PASSWORD);
      await other.waitForURL((url) => url.pathname === "/");
      await menu(other, after.settings);
      await other.waitForURL(/\/settings$/);

      // Deleting asks for the password and once more; then the account is
      // gone and the first browser's session with it.
      const remove = other.locator("form.delete");
      await remove.getByLabel(after.deletePassword, { exact: true }).fill(NEW_PASSWORD);
      await remove.getByRole("button", { name: after.delete }).click();
      await remove.getByRole("button", { name: after.deleteYes }).click();
      await other.waitForURL((url) => url.pathname === "/");
      await other.locator("#account-menu").getByRole("link", { name: after.signIn }).waitFor();
      assert.equal((await fetch(`${server.url}/api/players/${name}`)).status, 404);
      await page.goto(server.url);
      await page.locator("#account-menu").getByRole("link", { name: words.signIn }).waitFor();
      // The two names and the look-alike refused, the wrong password, and
      // the first browser's session found ended; on the second, the
      // address and the wrong present password.
      await expectRefusals(page, [422, 422, 409, 401, 401]);
      await expectRefusals(other, [422, 403]);
    });
  });
}
