// The site's newer views, each brought to the screen as a person meets it,
// for the checks of pages.test.mjs (nothing overlaps or is cut off, no
// English in the German and French pages, a finger's size, the keyboard)
// and for the pictures of `npm run screenshots -- views`.
//
// `prepare(server)` sets up once, through the API, what the views show:
// an account with a finished rated game against the computer (its profile
// with the rating's graph, the leaderboard and the game's review), the
// lobby's rated choice and "play now" waiting for an opponent, a game whose invited seat nobody has claimed yet
// (the host's links at the table), a game waiting for a person who is away
// (the notice and the offer to end it as abandoned), and an abandoned game
// whose rematch the other person offered. Each scene then opens its view
// in a page and waits until it is drawn.

import assert from "node:assert/strict";

/** The account's name: as long as a name may be, to find what it pushes. */
export const NAME = "MaximilianeKowalczyk";
const PASSWORD = "orange-meadow-47-long";
/** The other person of the games between people: a long name too. */
const GUEST = "Bartholomäus";

async function call(server, method, path, { body, token, cookie } = {}) {
  const headers = { "Content-Type": "application/json", Origin: server.url };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (cookie) headers.Cookie = cookie;
  const answer = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  assert.ok(answer.ok, `${method} ${path}: ${answer.status} ${text}`);
  return { answer, body: text ? JSON.parse(text) : null };
}

const view = async (server, id) => (await call(server, "GET", `/api/games/${id}`)).body;

/** Plays game `id` through the API until it waits for `seat` (or is
 * over), each move by the token of the seat to act; the computer's turns
 * are waited for. */
async function playUntil(server, id, tokens, seat) {
  for (let made = 0; ; made += 1) {
    assert.ok(made < 5000, `game ${id} comes to wait for seat ${seat}`);
    const game = await view(server, id);
    if (game.status === "over" || game.state.to_act === seat) return;
    if (!tokens[game.state.to_act] || game.thinking !== null) {
      await new Promise((done) => setTimeout(done, 20));
      continue;
    }
    const legal = game.state.legal;
    await call(server, "POST", `/api/games/${id}/moves`, {
      token: tokens[game.state.to_act],
      body: { move: legal[(made * 7) % legal.length], at: game.record.moves.length },
    });
  }
}

/** A game of the host (seat 0) and `GUEST`, invited, who never comes. */
async function hostAndGuest(server, extra = {}) {
  const created = (await call(server, "POST", "/api/games", {
    body: { players: 2, seats: [{ name: NAME }, { name: GUEST, invited: true }], ...extra },
  })).body;
  return { id: created.id, tokens: created.seats.map((seat) => seat.token) };
}

/** Sets up what the scenes show; answers what they need to find it. */
export async function prepare(server) {
  const made = await call(server, "POST", "/api/accounts", { body: { name: NAME, password: PASSWORD, email: "max@example.org" } });
  const cookie = made.answer.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  // A rated game of the account against the computer, played to its end:
  // the account's rating, its graph on the profile and the leaderboard.
  const created = (await call(server, "POST", "/api/games", {
    cookie, body: { players: 2, rated: true, clock: { initial_s: 3600, increment_s: 0 }, seats: [{ name: NAME }, { ai: 2 }] },
  })).body;
  const finished = { id: created.id, token: created.seats[0].token };
  await playUntil(server, finished.id, [finished.token, null], null);

  const invited = await hostAndGuest(server);
  // The guest is away from the start; the game is brought to his turn.
  const away = await hostAndGuest(server, { abandon_after_s: 1 });
  await playUntil(server, away.id, [away.tokens[0], null], 1);
  // Another such game, ended as abandoned once his second is past, and
  // its rematch offered by him.
  const rematch = await hostAndGuest(server, { abandon_after_s: 1 });
  await playUntil(server, rematch.id, [rematch.tokens[0], null], 1);
  for (let tries = 0; ; tries += 1) {
    const game = await view(server, rematch.id);
    if (game.seats[1].away_ms >= 1000) break;
    assert.ok(tries < 200, "the guest's second passes");
    await new Promise((done) => setTimeout(done, 1000 - game.seats[1].away_ms + 10));
  }
  await call(server, "POST", `/api/games/${rematch.id}/abandon`, { token: rematch.tokens[0] });
  await call(server, "POST", `/api/games/${rematch.id}/rematch`, { token: rematch.tokens[1] });
  return { finished, invited, away, rematch };
}

/** Goes to `path` of the site and waits for `ready` to be visible. */
async function visit(page, server, path, ready) {
  await page.goto(`${server.url}${path}`);
  await page.locator(ready).first().waitFor();
}

/**
 * The scenes in the order a page goes through them (signed out first, then
 * signed in): each `show(page, server, world)` brings its view to the
 * screen. `firstScreen`, where given, is what a person must see on a wide
 * screen without scrolling.
 */
export const SCENES = [
  {
    name: "account",
    async show(page, server) {
      await visit(page, server, "/account", "form.sign-up");
      await page.locator(".forgot-section summary").click();
      await page.locator("form.forgot").waitFor();
    },
  },
  {
    name: "reset",
    async show(page, server) {
      await visit(page, server, "/reset#token=AAAAAAAAAAAAAAAAAAAAAA", "form.reset button");
    },
  },
  {
    name: "learn",
    async show(page, server) {
      await visit(page, server, "/learn", ".lesson-text");
      await page.locator(".seat-card.mine").waitFor();
    },
  },
  {
    name: "settings",
    async show(page, server) {
      await visit(page, server, "/account", "form.sign-in");
      if (await page.locator(".account-menu").count() === 0) {
        await page.locator("#signin-name").fill(NAME);
        await page.locator("#signin-password").fill(PASSWORD);
        await page.locator("form.sign-in button[type='submit']").click();
        await page.locator(".account-menu").waitFor();
      }
      await visit(page, server, "/settings", ".settings form");
    },
  },
  {
    name: "profile",
    async show(page, server) {
      await visit(page, server, `/players/${NAME}`, ".profile-finished .game-link");
      await page.locator(".profile-rating-graphs svg.rating-graph").first().waitFor();
    },
  },
  {
    name: "leaderboard",
    async show(page, server) {
      await visit(page, server, "/leaderboard?mode=2p", `.leaderboard-table tr[data-name='${NAME}']`);
    },
  },
  {
    name: "rated",
    firstScreen: "#rated",
    async show(page, server) {
      await visit(page, server, "/", "#rated");
      await page.locator("#rated").check();
      await page.locator(".rated-explained:not([hidden])").waitFor();
    },
  },
  {
    name: "playnow",
    async show(page, server) {
      await visit(page, server, "/", "[data-action='playnow']");
      await page.locator("[data-action='playnow']").click();
      await page.locator(".playnow-waited").waitFor();
    },
  },
  {
    name: "invitations",
    firstScreen: ".people .invitations button.copy",
    async show(page, server, world) {
      await visit(page, server, `/games/${world.invited.id}#token=${world.invited.tokens[0]}`, ".people .invitations input.link");
    },
  },
  {
    name: "away",
    firstScreen: ".people .abandon button",
    async show(page, server, world) {
      await visit(page, server, `/games/${world.away.id}#token=${world.away.tokens[0]}`, ".people .abandon button");
    },
  },
  {
    name: "rematch",
    firstScreen: ".people .rematch button",
    async show(page, server, world) {
      await visit(page, server, `/games/${world.rematch.id}#token=${world.rematch.tokens[0]}`, ".people .rematch button");
    },
  },
  {
    name: "review",
    async show(page, server, world) {
      await visit(page, server, `/games/${world.finished.id}#token=${world.finished.token}`, ".review-toggle");
      await page.locator(".review-toggle").click();
      await page.locator(".review .review-item, .review p.muted").first().waitFor();
    },
  },
];
