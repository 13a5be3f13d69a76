// Rated games in the browser: a person signs up, makes the lobby's game
// rated (the form keeps to what a rated game needs, and says the server's
// refusal in words when the session ended elsewhere), plays the computer
// at level 1 on the shortest clock the lobby offers to the end by
// pointing, and sees the rating change at the table, the rating, its graph
// and the result against level 1 on the profile, and the name on the
// leaderboard, as text; a second browser signs in and finds the game in
// "my games". Then the leaderboard and the profile are read on a phone in
// German and French, fitting the screen.

import { test } from "node:test";
import assert from "node:assert/strict";
import { decideByPointing, expectRefusals, logLength, waitForMoreMoves, withBrowser } from "./harness.mjs";

const PASSWORD = "orange-meadow-47";
/** A valid name that reads like markup to a careless page. */
const NAME = "script-alert_1";

async function signUp(page, name) {
  const form = page.locator("form.sign-up");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Make an account" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

async function signIn(page, name) {
  const form = page.locator("form.sign-in");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** Plays the person's seat at the table to the end by pointing. */
async function playToTheEnd(page) {
  let decisions = 0;
  for (;;) {
    await page.waitForFunction(() =>
      document.querySelector(".turn .result") ||
      (document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]")), null, { timeout: 60000 });
    if (await page.locator(".turn .result").isVisible()) return decisions;
    const before = await logLength(page);
    assert.ok(await decideByPointing(page), "it is the person's turn, so something can be picked");
    decisions += 1;
    await waitForMoreMoves(page, before);
  }
}

/** Whether the page is no wider than its screen. */
async function fitsTheScreen(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test("a rated game against the computer changes the rating shown at the table, on the profile and on the leaderboard", { timeout: 900000 }, async () => {
  await withBrowser({}, async ({ server, open }) => {
    const page = await open();
    await page.goto(server.url);
    // Without an account the lobby offers no rated game, only a way in.
    await page.locator(".rated-sign-in a").waitFor();
    assert.equal(await page.locator("#rated").count(), 0);
    await page.goto(`${server.url}/account`);
    await signUp(page, NAME);

    // The form keeps to a rated game: an invited seat becomes open, the
    // game gets a clock, and the choices it cannot have are disabled.
    const seat1 = page.locator(".seat-row[data-seat='1'] .seat-kind");
    await seat1.selectOption("invite");
    await page.locator("#clock").selectOption("none");
    await page.getByLabel("Rated game").check();
    await page.getByText("A rated game changes the ratings of the people who play it.").waitFor();
    assert.equal(await seat1.inputValue(), "open");
    assert.equal(await page.locator("#clock").inputValue(), "blitz");
    assert.equal(await page.locator("#clock option[value='none']").isDisabled(), true);
    assert.equal(await seat1.locator("option[value='invite']").isDisabled(), true);
    assert.equal(await seat1.locator("option[value='here']").isDisabled(), true);
    assert.equal(await page.locator("#abandon-after").isVisible(), false);
    await seat1.selectOption("computer");
    await page.locator(".seat-row[data-seat='1'] .seat-level").selectOption("1");

    // The session ended on another device meanwhile: the server refuses
    // (403), and the lobby says why in words.
    await page.evaluate(() => fetch("/api/session", { method: "DELETE" }));
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.locator("form.create .error").getByText("Sign in to create a rated game.").waitFor();
    await expectRefusals(page, [403]);
    // The page learns that it is signed out (401 from GET /api/me).
    await page.goto(`${server.url}/account`);
    await expectRefusals(page, [401]);
    await signIn(page, NAME);
    // By keyboard this time.
    await page.getByLabel("Rated game").focus();
    await page.keyboard.press("Space");
    assert.equal(await page.getByLabel("Rated game").isChecked(), true);
    await page.locator(".seat-row[data-seat='1'] .seat-kind").selectOption("computer");
    await page.locator(".seat-row[data-seat='1'] .seat-level").selectOption("1");
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForURL(/\/games\/[a-z0-9]{12}$/);
    const id = new URL(page.url()).pathname.split("/").pop();
    await page.locator(".rating-changes").getByRole("heading", { name: "Rated game" }).waitFor();
    const view = await (await fetch(`${server.url}/api/games/${id}`)).json();
    assert.equal(view.rated, true);
    assert.equal(view.take_back, false);
    assert.equal(view.clock.initial_s, 600, "the lobby's shortest clock");
    assert.equal(view.seats[0].name, NAME);

    const decisions = await playToTheEnd(page);
    assert.ok(decisions > 10, `a whole game takes many decisions, not ${decisions}`);
    assert.equal(await page.getByRole("button", { name: "Take back my last decision" }).count(), 0);
    const change = page.locator(".rating-changes li[data-seat='0']");
    await change.waitFor({ timeout: 30000 });
    const said = await change.innerText();
    assert.match(said, new RegExp(`^${NAME}: 1500\\? → \\d+\\? \\([+−]\\d+\\)$`));
    assert.equal(await change.locator("*").count(), 0, "the name is text, never markup");
    const over = await (await fetch(`${server.url}/api/games/${id}`)).json();
    const after = over.rating_changes[0].after.rating;
    assert.ok(said.includes(`→ ${after}?`), said);
    assert.equal(await page.locator(".rating-changes li").count(), 1, "the computer has no rating to change");

    // The profile: the rating, its graph with its numbers, and the result
    // against level 1.
    await page.locator(".account-menu summary").click();
    await page.locator(".account-menu .menu").getByText("Profile", { exact: true }).click();
    await page.waitForURL(new RegExp(`/players/${NAME}$`));
    assert.equal(await page.locator(".profile-ratings li[data-mode='2p'] .rating").innerText(), `${after}?`);
    assert.match(await page.locator(".profile-ratings li[data-mode='2p']").innerText(), /\(provisional\)/);
    const graph = page.locator("svg.rating-graph[data-mode='2p']");
    await graph.waitFor();
    assert.equal(await graph.getAttribute("role"), "img");
    assert.equal(await page.locator("#rating-graph-2p-title").textContent(), "Rating over time: 2 players");
    assert.equal(await page.locator("#rating-graph-2p-description").textContent(), `After one rated game: ${after}?.`);
    await page.getByText("The numbers").click();
    const row = page.locator(`.rating-table tr[data-game='${id}'] td`);
    assert.match(await row.nth(2).innerText(), new RegExp(`^${after}\\?\\s*\\(provisional\\)$`));
    // A seat that ran out of time counts as lost, as the ratings count it.
    const result = over.record.result;
    const won = (result.winners || []).includes(0) && !(result.timed_out || []).includes(0);
    assert.equal(await page.locator(".profile-computers li[data-level='1']").innerText(),
      `Level 1 (beginner) one game: ${won ? 1 : 0} won, ${won ? 0 : 1} lost`);

    // The leaderboard, from the header: the name is text and links to the
    // profile; the other modes are empty.
    await page.locator("header nav").getByRole("link", { name: "Leaderboard" }).click();
    await page.waitForURL(/\/leaderboard$/);
    const entry = page.locator(`.leaderboard-table tr[data-name='${NAME}']`);
    await entry.waitFor();
    assert.equal(await entry.locator("td").first().innerText(), "1");
    // The "?" is said in words to screen readers.
    assert.match(await entry.locator("td.rating").innerText(), new RegExp(`^${after}\\?\\s*\\(provisional\\)$`));
    const link = entry.locator("a.player-link");
    assert.equal(await link.innerHTML(), NAME);
    assert.equal(await link.getAttribute("href"), `/players/${NAME}`);
    await page.getByRole("link", { name: "3 players" }).click();
    await page.waitForURL(/\/leaderboard\?mode=3p$/);
    await page.locator(".leaderboard-empty").waitFor();
    await page.goBack();
    await entry.waitFor();
    await link.click();
    await page.waitForURL(new RegExp(`/players/${NAME}$`));

    // Another browser: signed in, it finds the game in "my games".
    const other = await open();
    await other.goto(`${server.url}/account`);
    await signIn(other, NAME);
    await other.locator(`.list-account li[data-game='${id}']`).waitFor();
  });
});

for (const { lang, locale, leaderboard, mode, provisional, lost } of [
  { lang: "de", locale: "de-DE", leaderboard: "Bestenliste", mode: "Teamspiel", provisional: "vorläufig", lost: "eine Partie: 0 gewonnen, 1 verloren" },
  { lang: "fr", locale: "fr-FR", leaderboard: "Classement", mode: "Partie en équipes", provisional: "provisoire", lost: "une partie : victoires 0, défaites 1" },
]) {
  test(`the leaderboard and the profile's ratings fit a phone (${lang}, 375x812)`, { timeout: 300000 }, async () => {
    await withBrowser({ viewport: { width: 375, height: 812 }, locale, extra: [] }, async ({ server, open }) => {
      const page = await open({ hasTouch: true });
      await page.goto(`${server.url}/leaderboard?mode=teams`);
      await page.locator(".leaderboard-empty").waitFor();
      assert.equal(await page.locator("h1").innerText(), leaderboard);
      assert.equal(await page.locator(".leaderboard-modes a[aria-current='page']").innerText(), mode);
      assert.ok(await fitsTheScreen(page), "the leaderboard fits the screen");
      // A rated game between this account and the computer, through the
      // API, ended by taking no decision: the person's time runs out and
      // the computer plays the seat to the end (a second, the clock's
      // least), so that the lists have a rating to show.
      await page.goto(`${server.url}/account`);
      const form = page.locator("form.sign-up");
      await form.locator("#signup-name").fill(NAME);
      await form.locator("#signup-password").fill(PASSWORD);
      await form.locator("button[type='submit']").tap();
      await page.waitForURL((url) => url.pathname === "/");
      const id = await page.evaluate(async (name) => {
        const answer = await fetch("/api/games", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ players: 2, rated: true, clock: { initial_s: 1, increment_s: 0 }, seats: [{ name }, { ai: 1 }] }),
        });
        return (await answer.json()).id;
      }, NAME);
      await page.waitForFunction(async (game) => {
        const view = await (await fetch(`/api/games/${game}`)).json();
        return view.rating_changes && view.rating_changes.length === 1;
      }, id, { timeout: 120000, polling: 500 });
      await page.goto(`${server.url}/games/${id}`);
      await page.locator(".rating-changes li[data-seat='0']").waitFor();
      assert.match(await page.locator(".rating-changes li").innerText(), new RegExp(`^${NAME} ?: 1500\\? → \\d+\\? \\(−\\d+\\)$`));
      await page.goto(`${server.url}/players/${NAME}`);
      await page.locator("svg.rating-graph[data-mode='2p']").waitFor();
      assert.match(await page.locator(".profile-ratings li[data-mode='2p']").innerText(), new RegExp(`\\d+\\?\\s*\\(${provisional}\\)`));
      // Out of time, the seat counts as lost, whoever then won it.
      assert.equal(await page.locator(".profile-computers li[data-level='1'] .muted").innerText(), lost);
      await page.locator(".rating-numbers summary").tap();
      await page.locator(".rating-table").waitFor();
      assert.ok(await fitsTheScreen(page), "the profile fits the screen");
      await page.goto(`${server.url}/leaderboard`);
      await page.locator(`.leaderboard-table tr[data-name='${NAME}']`).waitFor();
      assert.ok(await fitsTheScreen(page), "the leaderboard with a player fits the screen");
      const small = await page.locator(".leaderboard-modes a, .leaderboard-table a, header nav a").evaluateAll((elements) => elements
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.width < 44 || box.height < 44).length);
      assert.equal(small, 0, "touch targets of at least 44x44");
    });
  });
}
