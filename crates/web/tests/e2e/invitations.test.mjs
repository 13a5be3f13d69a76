// Inviting people and playing between them (issue 65): an invitation is
// copied in the lobby and recovered from the host's table until its
// person comes; where the clipboard refuses, the link is selected instead;
// a private game is missing from everyone else's lobby, and one's own
// games are there to resume while others' are to watch; a person who left
// is shown as away, the game is ended as abandoned once the host's time
// has passed (only while the game waits for them: a person away while
// another is to act holds nobody up), and a rematch is offered and joined,
// its host reading again the invitations nobody claimed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { decideByPointing, logLength, withBrowser } from "./harness.mjs";

/** Creates, in `page`'s lobby, a game of the person here (`host`) and one
 * invited person (`guest`); answers the invitation's link. */
async function inviteInLobby(page, url, host, guest) {
  await page.goto(url);
  await page.locator(".seat-row[data-seat='0'] .seat-name-input").fill(host);
  await page.locator(".seat-row[data-seat='1'] .seat-kind").selectOption("invite");
  await page.locator(".seat-row[data-seat='1'] .seat-name-input").fill(guest);
  await page.locator("form.create button[type='submit']").click();
  return page.locator(".invites input.link").inputValue();
}

/** The game's id in a seat's link or a table's address. */
function gameOf(link) {
  return new URL(link).pathname.split("/").pop();
}

test("an invitation is copied in the lobby and recovered from the host's table until it is claimed", { timeout: 120000 }, async () => {
  await withBrowser({ viewport: { width: 1360, height: 900 } }, async ({ server, open }) => {
    const anna = await open({ permissions: ["clipboard-read", "clipboard-write"] });
    const link = await inviteInLobby(anna, server.url, "Anna", "Bruno");
    assert.match(link, /\/games\/[a-z0-9]{12}#token=[A-Za-z0-9_-]{43}$/);
    const copy = anna.locator(".invites button.copy");
    assert.equal(await copy.getAttribute("aria-label"), "Copy: The link of Bruno's seat");
    await copy.click();
    await anna.locator(".invites [role='status']", { hasText: "Link copied." }).waitFor();
    assert.equal(await anna.evaluate(() => navigator.clipboard.readText()), link);

    // At the table the host finds the link again, and copies it.
    await anna.getByRole("button", { name: "Go to the table" }).click();
    await anna.waitForURL(/\/games\/[a-z0-9]{12}$/);
    const recovered = anna.locator(".people .invitations input.link");
    await recovered.waitFor();
    assert.equal(await recovered.inputValue(), link);
    await anna.evaluate(() => navigator.clipboard.writeText(""));
    await anna.locator(".people .invitations button.copy").click();
    await anna.locator(".people [role='status']", { hasText: "Link copied." }).waitFor();
    assert.equal(await anna.evaluate(() => navigator.clipboard.readText()), link);

    // Anyone else at the table sees no invitation.
    const watcher = await open();
    await watcher.goto(link.split("#")[0]);
    await watcher.locator(".seat-card").first().waitFor();
    assert.equal(await watcher.locator(".people .invitations").count(), 0);

    // Bruno comes: the link is his alone from then on.
    const bruno = await open();
    await bruno.goto(link);
    await bruno.locator(".seat-card.mine").waitFor();
    assert.equal(await bruno.locator(".people .invitations").count(), 0);
    await recovered.waitFor({ state: "detached" });
    const id = gameOf(link);
    const answer = await fetch(`${server.url}/api/games/${id}/invitations`, {
      headers: { Authorization: `Bearer ${new URL(link).hash.slice("#token=".length)}` },
    });
    assert.equal(answer.status, 403, "the invited person reads no invitation");
  });
});

test("where the clipboard refuses, the link is selected; a private game is missing from others' lobbies, one's own are there to resume (German, phone)", { timeout: 120000 }, async () => {
  await withBrowser({ viewport: { width: 375, height: 812 }, locale: "de-DE" }, async ({ server, open }) => {
    const anna = await open();
    await anna.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
    });
    await anna.goto(server.url);
    // The time before a game may be abandoned is asked only without a clock.
    const abandonAfter = anna.locator("#abandon-after");
    assert.equal(await abandonAfter.inputValue(), "3");
    await anna.locator("#clock").selectOption("blitz");
    assert.equal(await abandonAfter.isVisible(), false);
    await anna.locator("#clock").selectOption("none");
    assert.equal(await abandonAfter.isVisible(), true);
    const link = await inviteInLobby(anna, server.url, "Anna", "Bruno");
    assert.equal(await (await fetch(`${server.url}/api/games/${gameOf(link)}`)).json().then((game) => game.abandon_after_s), 3 * 24 * 3600);
    await anna.locator(".invites button.copy").click();
    await anna.locator(".invites [role='status']", { hasText: "Der Link ist markiert: Kopiere ihn mit Strg+C (⌘C auf dem Mac)." }).waitFor();
    const selected = await anna.evaluate(() => {
      const field = document.querySelector(".invites input.link");
      return document.activeElement === field && field.selectionStart === 0 && field.selectionEnd === field.value.length;
    });
    assert.ok(selected, "the whole link is selected, ready to copy");
    const privateGame = gameOf(link);

    // Cleo starts a game against the computer: a public one.
    const cleo = await open();
    await cleo.goto(server.url);
    await cleo.locator(".seat-row[data-seat='0'] .seat-name-input").fill("Cleo");
    await cleo.locator("form.create button[type='submit']").click();
    await cleo.waitForURL(/\/games\/[a-z0-9]{12}$/);
    const publicGame = gameOf(cleo.url());
    await cleo.locator(".seat-card.mine").waitFor();

    // Cleo's lobby: her game to resume, Anna's private game nowhere.
    await cleo.goto(server.url);
    const cleoOwn = cleo.locator(`.list-mine li[data-game='${publicGame}']`);
    await cleoOwn.waitFor();
    assert.equal(await cleoOwn.locator(".tag").textContent(), "fortsetzen");
    await cleo.locator(".list-running li").first().waitFor();
    assert.equal(await cleo.locator(`[data-game='${privateGame}']`).count(), 0, "a private game is not listed");
    assert.equal(await cleo.locator(`.list-running [data-game='${publicGame}']`).count(), 0, "her own game is not among the others'");

    // Anna's lobby: her private game to resume, Cleo's to watch.
    await anna.goto(server.url);
    const annaOwn = anna.locator(`.list-mine li[data-game='${privateGame}']`);
    await annaOwn.waitFor();
    assert.equal(await annaOwn.locator(".tag").textContent(), "fortsetzen");
    assert.match(await anna.locator(".list-mine h2").textContent(), /^Deine Partien$/);
    const watch = anna.locator(`.list-running li[data-game='${publicGame}']`);
    await watch.waitFor();
    assert.equal(await watch.locator(".tag").textContent(), "zuschauen");
    await annaOwn.locator("a").click();
    await anna.waitForURL(new RegExp(`/games/${privateGame}$`));
    await anna.locator(".seat-card.mine").waitFor();
  });
});

test("a person who left is shown away, the game is ended as abandoned after the host's time, and a rematch is joined (French, phone)", { timeout: 300000 }, async () => {
  await withBrowser({ viewport: { width: 375, height: 812 }, locale: "fr-FR" }, async ({ server, open }) => {
    const created = await (await fetch(`${server.url}/api/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 2, seats: [{ name: "Anna" }, { name: "Bruno", invited: true }], abandon_after_s: 1 }),
    })).json();
    const id = created.id;
    const [annaToken, brunoToken] = created.seats.map((seat) => seat.token);
    const anna = await open();
    await anna.goto(`${server.url}/games/${id}#token=${annaToken}`);
    await anna.locator(".seat-card.mine").waitFor();
    // The host came by her own link: once the server has said her seat,
    // she sees Bruno's invitation.
    const invitation = anna.locator(".people .invitations input.link");
    await invitation.waitFor();
    assert.ok((await invitation.inputValue()).endsWith(`#token=${brunoToken}`));
    const bruno = await open();
    await bruno.goto(`${server.url}/games/${id}#token=${brunoToken}`);
    await bruno.locator(".seat-card.mine").waitFor();

    // Anna decides until the game waits for Bruno.
    const toAct = async () => (await (await fetch(`${server.url}/api/games/${id}`)).json()).state.to_act;
    for (let step = 0; (await toAct()) === 0; step += 1) {
      assert.ok(step < 100, "the turn passes to Bruno");
      await anna.waitForFunction(() => document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]"));
      const before = await logLength(anna);
      if (await decideByPointing(anna)) {
        await anna.waitForFunction((n) => document.querySelectorAll(".log-list li").length > n, before);
      }
    }

    // Bruno's browser leaves: Anna sees it, and how long ago.
    await bruno.goto("about:blank");
    const away = anna.locator(".people .away[data-seat='1']");
    await away.waitFor();
    assert.equal(await away.textContent(), "Bruno n'est pas à la table depuis une minute.");
    // After the host's second, she may end the game as abandoned.
    await anna.getByRole("button", { name: "Déclarer la partie abandonnée" }).click();
    const result = anna.locator(".turn .result.abandoned");
    await result.waitFor();
    assert.equal(await result.textContent(), "La partie a été déclarée abandonnée\u00a0: Bruno l'a quittée.");
    const record = await (await fetch(`${server.url}/api/games/${id}/record`)).json();
    assert.deepEqual(record.result.abandoned, [1]);

    // Anna offers a rematch and is taken to it, a seat further round.
    await anna.getByRole("button", { name: "Revanche", exact: true }).click();
    await anna.waitForURL((address) => /\/games\/[a-z0-9]{12}$/.test(address.pathname) && !address.pathname.endsWith(id));
    const rematch = gameOf(anna.url());
    await anna.locator(".seat-card.mine[data-seat='1']").waitFor();

    // Bruno comes back to the old table: Anna's offer, and he joins.
    await bruno.goto(`${server.url}/games/${id}`);
    const offer = bruno.locator(".people .rematch");
    await offer.waitFor();
    assert.match(await offer.textContent(), /^Anna propose une revanche\./);
    await bruno.getByRole("button", { name: "Rejoindre la revanche" }).click();
    await bruno.waitForURL(new RegExp(`/games/${rematch}$`));
    await bruno.locator(".seat-card.mine[data-seat='0']").waitFor();
    const names = (await (await fetch(`${server.url}/api/games/${rematch}`)).json()).record.names;
    assert.deepEqual(names, ["Bruno", "Anna"]);
  });
});

test("the other player's table hears of a rematch at once, and joins it", { timeout: 300000 }, async () => {
  await withBrowser({ viewport: { width: 1360, height: 900 } }, async ({ server, open }) => {
    const created = await (await fetch(`${server.url}/api/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 2, seats: [{ name: "Anna" }, { name: "Bruno", invited: true }], abandon_after_s: 1 }),
    })).json();
    const id = created.id;
    const [annaToken, brunoToken] = created.seats.map((seat) => seat.token);
    const view = await (await fetch(`${server.url}/api/games/${id}`)).json();
    // Whoever the game waits for stays away; the other ends the game.
    const waitedFor = view.state.to_act;
    const tokens = [annaToken, brunoToken];
    const present = await open();
    await present.goto(`${server.url}/games/${id}#token=${tokens[1 - waitedFor]}`);
    await present.getByRole("button", { name: "End the game as abandoned" }).click();
    await present.locator(".turn .result.abandoned").waitFor();
    const absent = await open();
    await absent.goto(`${server.url}/games/${id}#token=${tokens[waitedFor]}`);
    await absent.getByRole("button", { name: "Rematch", exact: true }).waitFor();

    // The present one offers it: the absent one's table says so at once.
    const offerer = ["Anna", "Bruno"][1 - waitedFor];
    await present.getByRole("button", { name: "Rematch", exact: true }).click();
    await present.waitForURL((address) => !address.pathname.endsWith(id));
    const offer = absent.locator(".people .rematch");
    await offer.waitFor();
    assert.match(await offer.textContent(), new RegExp(`^${offerer} offers a rematch\\.`));
    await absent.getByRole("button", { name: "Join the rematch" }).click();
    await absent.waitForURL(present.url());
    await absent.locator(`.seat-card.mine[data-seat='${(waitedFor + 1) % 2}']`).waitFor();
  });
});

test("a person away while another is to act holds nobody up: ending as abandoned is offered only once the game waits for them; the rematch keeps the unclaimed invitation", { timeout: 300000 }, async () => {
  await withBrowser({ viewport: { width: 1360, height: 900 } }, async ({ server, open }) => {
    const created = await (await fetch(`${server.url}/api/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 3, abandon_after_s: 1,
        seats: [{ name: "Anna" }, { name: "Bruno", invited: true }, { name: "Cleo", invited: true }] }),
    })).json();
    const id = created.id;
    const tokens = created.seats.map((seat) => seat.token);
    // Anna and Bruno are at the table; Cleo never comes.
    const anna = await open();
    await anna.goto(`${server.url}/games/${id}#token=${tokens[0]}`);
    await anna.locator(".seat-card.mine").waitFor();
    const bruno = await open();
    await bruno.goto(`${server.url}/games/${id}#token=${tokens[1]}`);
    await bruno.locator(".seat-card.mine").waitFor();

    // Moves through the API (no presence): Cleo's are played too, until
    // the game waits for `seat`.
    const playUntil = async (seat) => {
      for (let step = 0; ; step += 1) {
        assert.ok(step < 500, `the game comes to wait for seat ${seat}`);
        const game = await (await fetch(`${server.url}/api/games/${id}`)).json();
        if (game.state.to_act === seat) return;
        const answer = await fetch(`${server.url}/api/games/${id}/moves`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${tokens[game.state.to_act]}` },
          body: JSON.stringify({ move: game.state.legal[step % game.state.legal.length], at: game.record.moves.length }),
        });
        assert.equal(answer.status, 200, await answer.text());
      }
    };

    // Waiting for Bruno, who is here: Cleo is away (long past the host's
    // second), and nothing is offered against her.
    await playUntil(1);
    await anna.locator(".turn p", { hasText: "Waiting for Bruno" }).waitFor();
    const away = anna.locator(".people .away[data-seat='2']");
    await away.waitFor();
    assert.equal(await anna.locator(".people .abandon, .people .abandon-wait").count(), 0,
      "no ending offered while the game waits for someone present");

    // Once the game waits for Cleo, Anna may end it, and it says so.
    await playUntil(2);
    await anna.getByRole("button", { name: "End the game as abandoned" }).click();
    await anna.locator(".turn .result.abandoned").waitFor();
    assert.equal(await anna.locator(".turn .result.abandoned").textContent(), "The game was ended as abandoned: Cleo left it.");
    const record = await (await fetch(`${server.url}/api/games/${id}/record`)).json();
    assert.deepEqual(record.result.abandoned, [2]);
    assert.equal(await anna.locator(".seat-card.to-act").count(), 0, "nobody is marked to act in the ended game");
    // Bruno's table says the same, live.
    await bruno.locator(".turn .result.abandoned").waitFor();

    // Anna offers a rematch: at the new table she finds Cleo's invitation
    // again (Cleo's seat one round further), and not Bruno's, whose link
    // has been his alone since he came.
    await anna.getByRole("button", { name: "Rematch", exact: true }).click();
    await anna.waitForURL((address) => /\/games\/[a-z0-9]{12}$/.test(address.pathname) && !address.pathname.endsWith(id));
    const rematch = gameOf(anna.url());
    const links = anna.locator(".people .invitations input.link");
    await links.first().waitFor();
    assert.deepEqual(await links.evaluateAll((fields) => fields.map((field) => field.value)),
      [`${server.url}/games/${rematch}#token=${tokens[2]}`]);
  });
});

test("a link selected for copying keeps the focus and its selection when someone comes to the table", { timeout: 120000 }, async () => {
  await withBrowser({ viewport: { width: 1360, height: 900 } }, async ({ server, open }) => {
    const created = await (await fetch(`${server.url}/api/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 3, seats: [{ name: "Anna" }, { name: "Bruno", invited: true }, { name: "Dora" }] }),
    })).json();
    const tokens = created.seats.map((seat) => seat.token);
    const anna = await open();
    // The clipboard refuses: the copy button selects the link instead.
    await anna.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
    });
    await anna.goto(`${server.url}/games/${created.id}#token=${tokens[0]}`);
    const dora = anna.locator(".people .away[data-seat='2']");
    await dora.waitFor();
    await anna.locator(".people .invitations button.copy").focus();
    await anna.keyboard.press("Enter");
    await anna.locator(".people .invitations [role='status']", { hasText: "The link is selected" }).waitFor();
    const selected = () => anna.evaluate(() => {
      const field = document.querySelector(".people .invitations input.link");
      return document.activeElement === field && field.selectionStart === 0 && field.selectionEnd === field.value.length;
    });
    assert.ok(await selected(), "the whole link is selected, ready to copy");

    // Dora comes: the notice of her absence goes, the link stays selected.
    const other = await open();
    await other.goto(`${server.url}/games/${created.id}#token=${tokens[2]}`);
    await dora.waitFor({ state: "detached" });
    assert.ok(await selected(), "the focus and the selection stay on the link");
    assert.match(await anna.locator(".people .invitations [role='status']").textContent(), /^The link is selected/);
  });
});
