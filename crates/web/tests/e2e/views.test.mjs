// The pages as different people see them: a finished game replayed move by
// move, a record opened from a file (and a broken one refused with its
// reason), the phone's layout played by touch, the keyboard alone, and the
// German and French pages.

import { test } from "node:test";
import assert from "node:assert/strict";
import { catalog, decideByPointing, launchBrowser, logLength, newPage, startServer, tooSmallToPick, waitForMoreMoves } from "./harness.mjs";

/** A message of a catalog, read straight from its file. */
function message(language, id) {
  return catalog(language)[id];
}

/** Creates a game between two computer players on the server and waits for its end. */
async function finishedGame(server) {
  const response = await fetch(`${server.url}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ players: 2, seats: [{ ai: 1, name: "Ada" }, { ai: 1, name: "Bea" }] }),
  });
  const { id } = await response.json();
  for (;;) {
    const game = await (await fetch(`${server.url}/api/games/${id}`)).json();
    if (game.status === "over") return game;
    await new Promise((done) => setTimeout(done, 200));
  }
}

test("a finished game and a record from a file are replayed move by move", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const game = await finishedGame(server);
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/games/${game.id}`);
    await page.locator(".turn .result").waitFor();
    assert.equal(await logLength(page), game.record.moves.length);
    // The computer's analysis arrives by itself: a line for each player.
    await page.locator(".analysis svg.graph").waitFor({ timeout: 120000 });
    assert.equal(await page.locator(".analysis svg.graph .graph-line").count(), 2);
    const analysis = await (await fetch(`${server.url}/api/games/${game.id}/analysis`)).json();
    // The marks are the server's: the page shows each and adds none.
    const marked = analysis.decisions.filter((d) => d.mark).length;
    assert.equal(await page.locator(".log-list .mistake").count(), marked);
    assert.equal(await page.locator(".analysis .graph-mistake").count(), marked);
    await page.getByRole("button", { name: "Replay the game" }).click();
    await page.getByRole("button", { name: "To the start" }).click();
    assert.equal(await page.locator(".centre-text").textContent(), "Setting up");
    assert.equal(await page.locator(".replay-slider").inputValue(), "0");
    await page.getByRole("button", { name: "One move on" }).click();
    await page.getByRole("button", { name: "One move on" }).click();
    assert.equal(await page.locator(".replay-at").textContent(), `Move 2 of ${game.record.moves.length}`);
    assert.equal(await page.locator(".log-list li.current").getAttribute("data-move"), "2");
    // The slider jumps; a move of the log is a place to jump to as well.
    await page.locator(".replay-slider").fill("40");
    assert.equal(await page.locator(".replay-at").textContent(), `Move 40 of ${game.record.moves.length}`);
    // (On its words: a finished game's log also offers "Why?" on each decision.)
    await page.locator(".log-list li[data-move='12'] .move-number").click();
    assert.equal(await page.locator(".replay-slider").inputValue(), "12");

    await page.goto(`${server.url}/replay`);
    const file = { name: "game.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(game.record)) };
    await page.locator("#record-file").setInputFiles(file);
    await page.locator(".record-viewer .board").waitFor();
    assert.equal(await page.locator(".record-viewer .log-list li").count(), game.record.moves.length);
    // It opens at its first move; its end says who won.
    assert.equal(await page.locator(".record-viewer .replay-slider").inputValue(), "1");
    await page.getByRole("button", { name: "To the end" }).click();
    assert.match(await page.locator(".record-viewer .result").textContent(), /wins|share/);

    const broken = { ...game.record, moves: [...game.record.moves.slice(0, 10), "move 9"] };
    await page.locator("#record-file").setInputFiles({ ...file, name: "broken.json", buffer: Buffer.from(JSON.stringify(broken)) });
    await page.locator(".record-page .error:not([hidden])").waitFor();
    await page.waitForFunction(() => document.querySelectorAll(".record-viewer .log-list li").length === 10);
    assert.equal(await page.locator(".record-page .error").textContent(),
      "broken.json: move 11 “move 9” cannot be played there; the board shows the game up to the move before it.");
    assert.equal(await page.locator(".record-viewer .log-list li").count(), 10, "the moves before the broken one are shown");
    await page.locator("#record-file").setInputFiles({ ...file, name: "notes.txt", buffer: Buffer.from("not a record") });
    await page.waitForFunction(() => document.querySelector(".record-page .error").textContent.startsWith("notes.txt"));
    assert.equal(await page.locator(".record-page .error").textContent(),
      "notes.txt, line 1, column 2: this is not JSON: “o” was not expected there.");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("on a phone the page fits 375 pixels and is played by touch", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await page.goto(server.url);
    await page.getByRole("button", { name: "Start the game" }).tap();
    await page.waitForURL(/\/games\//);
    await page.locator(".seat-card.mine").waitFor();
    for (let decisions = 0; decisions < 8; decisions += 1) {
      await page.waitForFunction(() => document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]"));
      const before = await logLength(page);
      assert.ok(await decideByPointing(page, { tap: true }));
      await waitForMoreMoves(page, before);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `the page is ${width} pixels wide`);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("on a phone every choice is big enough for a finger, one's own board is in reach and picking a knight keeps the page still", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await page.goto(server.url);
    assert.deepEqual(await tooSmallToPick(page), [], "in the lobby");
    await page.getByRole("button", { name: "Start the game" }).tap();
    await page.waitForURL(/\/games\//);
    await page.locator(".seat-card.mine").waitFor();
    let picked = 0;
    for (let decisions = 0; decisions < 12; decisions += 1) {
      await page.waitForFunction(() => document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]"));
      assert.deepEqual(await tooSmallToPick(page), [], `before decision ${decisions}`);
      // One's own reserve and discs are on the screen with the page at its top.
      await page.evaluate(() => window.scrollTo(0, 0));
      const reach = await page.evaluate(() => document.querySelector(".seat-card.mine .discs").getBoundingClientRect().bottom);
      assert.ok(reach <= 812, `one's own discs end ${reach} pixels down a screen of 812`);
      const knight = page.locator(".seat-card.mine .knight.choice");
      if (await knight.count() > 0) {
        const before = await page.evaluate(() => window.scrollY);
        await knight.first().tap();
        await page.locator(".region.target, .court.target").first().waitFor();
        assert.equal(await page.evaluate(() => window.scrollY), before, "picking a knight does not move the page");
        assert.deepEqual(await tooSmallToPick(page), [], "with a knight picked");
        picked += 1;
        await knight.first().tap();
        await page.waitForFunction(() => !document.querySelector(".region.target, .court.target"));
      }
      const length = await logLength(page);
      assert.ok(await decideByPointing(page, { tap: true }));
      await waitForMoreMoves(page, length);
    }
    assert.ok(picked > 0, "knights were picked");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("at 1360 by 900 the game log is beside the board, in view", { timeout: 120000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, { viewport: { width: 1360, height: 900 } });
    await page.goto(server.url);
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForURL(/\/games\//);
    await page.locator(".log-list li").first().waitFor();
    const [board, log] = await page.evaluate(() => [".board", ".table > .log"].map((selector) => {
      const box = document.querySelector(selector).getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }));
    assert.ok(log.left >= board.right, "the log is to the right of the board");
    assert.ok(log.top < 900 && log.bottom <= 900, `the log is on the screen (${log.top} to ${log.bottom})`);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("a knight dragged from the reserve onto a region is placed there", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(server.url);
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForURL(/\/games\//);
    // Decide by clicking until knights are to be placed.
    for (;;) {
      await page.waitForFunction(() => document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]"));
      if (await page.locator(".seat-card.mine .knight.choice").count() > 0) break;
      const before = await logLength(page);
      await decideByPointing(page);
      await waitForMoreMoves(page, before);
    }
    const knight = await page.locator(".seat-card.mine .knight.choice").first().boundingBox();
    const before = await logLength(page);
    await page.mouse.move(knight.x + knight.width / 2, knight.y + knight.height / 2);
    await page.mouse.down();
    await page.mouse.move(knight.x + 40, knight.y + 40, { steps: 4 });
    // While the knight is dragged, the places it may go are lit.
    const target = page.locator(".region.target .territory").first();
    await target.waitFor();
    const territory = await target.getAttribute("data-territory");
    const box = await target.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await waitForMoreMoves(page, before);
    const entry = await page.locator(`.log-list li[data-move='${before + 1}']`).innerText();
    assert.match(entry, /places a \w+ knight in region/);
    const region = await page.locator(`.region:has([data-territory='${territory}'])`).getAttribute("data-region");
    assert.ok(entry.includes(`region ${region}`) || entry.includes(`region ${region}–`), `${entry} names region ${region}`);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("an open game shows up in the lobby, its seat is taken at its table, and a clock counts down", { timeout: 120000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 }, colorScheme: "dark" });
    await page.goto(server.url);
    await page.locator(".list-open li").first().waitFor();
    // The game is opened by someone else while the lobby is on the screen.
    const created = await (await fetch(`${server.url}/api/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 2, seats: [{ ai: 1, name: "Ada" }, { open: true }], clock: { initial_s: 600, increment_s: 10 } }),
    })).json();
    await page.locator(`.list-open li[data-game='${created.id}'] a`).click({ timeout: 15000 });
    await page.waitForURL(`${server.url}/games/${created.id}`);
    assert.match(await page.locator(".turn").innerText(), /Waiting for players/);
    await page.locator(".seat-card[data-seat='1'] .claim input").fill("Chris");
    await page.locator(".seat-card[data-seat='1'] .claim button").click();
    await page.locator(".seat-card.mine[data-seat='1'] .tag.you").waitFor();
    // The name arrives with the server's next word about the seats.
    await page.waitForFunction(() => document.querySelector(".seat-card.mine .seat-name").textContent === "Chris");
    assert.equal(await page.locator(".seat-card.mine .seat-name").textContent(), "Chris");
    // The game starts; the seat's clock shows its time.
    await page.locator(".seat-card[data-seat='1'] .clock").waitFor();
    assert.match(await page.locator(".seat-card[data-seat='1'] .clock").textContent(), /^(10:00|9:[0-5]\d)$/);
    const view = await (await fetch(`${server.url}/api/games/${created.id}`)).json();
    assert.equal(view.seats[1].name, "Chris");
    assert.equal(view.status, "running");
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("two people at one device take turns at the same table", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(server.url);
    await page.locator(".seat-row[data-seat='0'] .seat-name-input").fill("Anna");
    await page.locator(".seat-row[data-seat='1'] .seat-kind").selectOption("here");
    await page.locator(".seat-row[data-seat='1'] .seat-name-input").fill("Bruno");
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForURL(/\/games\//);
    await page.locator(".seat-card.mine").first().waitFor();
    assert.equal(await page.locator(".seat-card.mine").count(), 2);
    const movers = new Set();
    for (let decisions = 0; decisions < 12; decisions += 1) {
      await page.waitForFunction(() => document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]"));
      movers.add(await page.locator(".turn h2").textContent());
      const before = await logLength(page);
      assert.ok(await decideByPointing(page));
      await waitForMoreMoves(page, before);
    }
    assert.deepEqual([...movers].sort(), ["Anna's turn", "Bruno's turn"]);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("the keyboard alone plays: every choice is a focusable button", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(server.url);
    await page.getByRole("button", { name: "Start the game" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/games\//);
    let placed = 0;
    for (let decisions = 0; decisions < 14; decisions += 1) {
      await page.waitForFunction(() => document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]"));
      const before = await logLength(page);
      const knight = page.locator(".seat-card.mine .knight.choice");
      if (await knight.count() > 0) {
        await knight.first().focus();
        await page.keyboard.press("Enter");
        // Picking a knight moves the focus to the first place it may go.
        await page.waitForFunction(() => document.activeElement && document.activeElement.matches(".region.target, .court.target"));
        await page.keyboard.press("Enter");
        placed += 1;
      } else {
        const choice = page.locator(".turn button:not(.secondary), .seat-card.mine .disc.choice, .region.target");
        await choice.first().focus();
        await page.keyboard.press("Enter");
      }
      await waitForMoreMoves(page, before);
    }
    assert.ok(placed > 0, "knights were placed by keyboard");
    // Every piece that can be picked has a name for assistive technology.
    const unnamed = await page.locator("[role='button']:not([aria-label])").count();
    assert.equal(unnamed, 0);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

for (const [language, locale] of [["de", "de-DE"], ["fr", "fr-FR"]]) {
  test(`the pages speak ${language} to a browser set to ${locale}`, { timeout: 120000 }, async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser, { locale, viewport: { width: 1280, height: 900 } });
      await page.goto(server.url);
      await page.locator(".create h2").waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), language);
      assert.equal(await page.locator(".create h2").textContent(), message(language, "new-game"));
      assert.equal(await page.locator("header nav a[href='/rules']").textContent(), message(language, "nav-rules"));
      await page.locator(".create button.primary").click();
      await page.waitForURL(/\/games\//);
      await page.locator(".turn h2").waitFor();
      assert.equal(await page.locator(".turn h2").textContent(), message(language, "your-turn"));
      await page.goto(`${server.url}/rules`);
      await page.locator(".rules-figure svg.board").waitFor();
      assert.equal(await page.locator(".rules h1").textContent(), message(language, "rules-title"));
      // The switch changes the language, and the choice is kept.
      await page.locator("#language").selectOption("en");
      await page.waitForFunction(() => document.documentElement.lang === "en");
      await page.reload();
      await page.locator(".rules h1").waitFor();
      assert.equal(await page.locator(".rules h1").textContent(), message("en", "rules-title"));
      assert.deepEqual(page.problems, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
