// The analysis after a game, the replay and the rules page as a reader
// meets them: the win-chance graph with its legend (the team game's too),
// its axis of rounds and its marks in words (the server's, at most a few
// blunders a player), shown beside the board on a desk and with a spinner
// while the server works, and said in words for a game nobody decided in; a line of the log opening the replay at its move
// with the board in view; the replay's drawn buttons; records from .json
// and .jsonl files opened at their first move, and a garbled one refused
// with where; the rules page's labelled examples in English, German and
// French. At 1360×900 and 375×812.

import { test } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, newPage, startServer } from "./harness.mjs";

const DESK = { width: 1360, height: 900 };
const PHONE = { width: 375, height: 812 };

/** Creates a game between computer players (four: the team game) and waits for its end. */
async function finishedGame(server, players = 2) {
  const names = ["Ada", "Bea", "Cleo", "Dora"].slice(0, players);
  const response = await fetch(`${server.url}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ players, ...(players === 4 ? { variant: { teams: true } } : {}), seats: names.map((name) => ({ ai: 1, name })) }),
  });
  const { id } = await response.json();
  for (;;) {
    const game = await (await fetch(`${server.url}/api/games/${id}`)).json();
    if (game.status === "over") return game;
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** The analysis as the server answers it, once it is made. */
async function analysisOf(server, id) {
  for (;;) {
    const response = await fetch(`${server.url}/api/games/${id}/analysis`);
    if (response.status === 200) return response.json();
    await new Promise((done) => setTimeout(done, 500));
  }
}

/** Whether the whole of `locator`'s box lies in the page's viewport. */
async function inView(page, locator) {
  const box = await locator.boundingBox();
  const { height } = page.viewportSize();
  return box !== null && box.y >= -1 && box.y + box.height <= height + 1;
}

test("the graph has a legend, an axis of rounds and marks in words, at most a few blunders a player", { timeout: 600000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (const players of [2, 4]) {
      const game = await finishedGame(server, players);
      const analysis = await analysisOf(server, game.id);
      const marked = analysis.decisions.filter((decision) => decision.mark);
      for (let seat = 0; seat < players; seat += 1) {
        const blunders = marked.filter((decision) => decision.seat === seat && decision.mark === "??").length;
        assert.ok(blunders <= analysis.blunders && analysis.blunders <= 3, `seat ${seat}: ${blunders} blunders`);
      }
      for (const viewport of [DESK, PHONE]) {
        const page = await newPage(browser, { viewport, reducedMotion: "reduce" });
        await page.goto(`${server.url}/games/${game.id}`);
        const graph = page.locator(".analysis svg.graph");
        await graph.waitFor({ timeout: 120000 });
        // A legend entry for each line: a seat's name, or a team's two.
        const legend = await page.locator(".graph-legend-name").allTextContents();
        assert.deepEqual(legend, players === 4 ? ["Ada + Cleo", "Bea + Dora"] : ["Ada", "Bea"]);
        assert.equal(await page.locator(".graph-legend-item .swatch.owner-black").count(), 1);
        assert.equal(await page.locator(".graph-legend-item .swatch.owner-white").count(), 1);
        // The axis counts rounds, from the first to the game's last.
        const rounds = (await page.locator(".graph-rounds [data-round]").allTextContents()).map(Number);
        assert.equal(rounds[0], 1);
        assert.ok(rounds.length >= 3 && rounds.every((round, k) => k === 0 || round > rounds[k - 1]), `rounds ${rounds}`);
        assert.equal(await page.locator(".graph-axis-title").textContent(), "Round");
        // Each mark of the server's is on the graph and said in words in the list.
        assert.equal(await page.locator(".graph-mistake").count(), marked.length);
        const items = page.locator(".graph-marks li");
        assert.equal(await items.count(), marked.length);
        for (let k = 0; k < marked.length; k += 1) {
          const text = await items.nth(k).textContent();
          assert.match(text, new RegExp(`^\\${marked[k].mark.split("").join("\\")} Move ${marked[k].index}, round \\d+: (Ada|Bea|Cleo|Dora) chose to `));
          assert.match(text, /would rather .* \(\d+ points better\)$/);
          assert.doesNotMatch(text, /\b(place [RGBYP] |move \d|joker [RGBYP]\b)/, "no notation");
        }
        if (viewport === DESK) {
          // Beside the board, and in view without scrolling.
          const board = await page.locator(".board-area svg.board").boundingBox();
          const panel = await page.locator(".analysis").boundingBox();
          assert.ok(panel.x >= board.x + board.width, "the analysis is beside the board");
          assert.ok(await inView(page, graph), "the graph is in view");
        }
        if (marked.length > 0) {
          // A mark in the list shows its position.
          await items.first().locator("button").click();
          assert.equal(await page.locator(".replay-slider").inputValue(), String(marked[0].index));
          await page.waitForFunction(() => {
            const box = document.querySelector(".board-area svg.board").getBoundingClientRect();
            return box.top >= -1 && box.bottom <= innerHeight + 1;
          });
        }
        assert.deepEqual(page.problems, []);
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("the analysis panel appears at once, with a spinner while the server analyses", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const game = await finishedGame(server);
    const page = await newPage(browser, { viewport: DESK });
    // The server's answers are held back until the spinner has been seen.
    let release;
    const held = new Promise((done) => { release = done; });
    await page.route("**/api/games/*/analysis", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/games/${game.id}`);
    await page.locator(".analysis .spinner").waitFor();
    assert.equal(await page.locator(".analysis-waiting").textContent(), "The computer is analysing the game…");
    release();
    await page.locator(".analysis svg.graph").waitFor({ timeout: 120000 });
    assert.equal(await page.locator(".analysis .spinner").count(), 0);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("a game ended before anybody decided says so instead of drawing an empty graph", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const post = async (path, body, token) => {
    const headers = { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    const answer = await fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    assert.ok(answer.ok, `${path}: ${answer.status}`);
    return answer.json();
  };
  try {
    // A game whose invited guest, who never comes, is the first to decide
    // (the deal chooses who begins): its host ends it as abandoned.
    let game = null;
    for (let tries = 0; !game; tries += 1) {
      assert.ok(tries < 100, "a deal where the guest begins");
      const created = await post("/api/games", { players: 2, seats: [{ name: "Ada" }, { name: "Bea", invited: true }], abandon_after_s: 1 });
      const view = await (await fetch(`${server.url}/api/games/${created.id}`)).json();
      if (view.state.to_act === 1) game = created;
    }
    for (;;) {
      const view = await (await fetch(`${server.url}/api/games/${game.id}`)).json();
      if (view.seats[1].away_ms >= 1000) break;
      await new Promise((done) => setTimeout(done, 1000 - view.seats[1].away_ms + 10));
    }
    await post(`/api/games/${game.id}/abandon`, {}, game.seats[0].token);
    const page = await newPage(browser, { viewport: DESK });
    await page.goto(`${server.url}/games/${game.id}`);
    await page.locator(".analysis .analysis-empty").waitFor({ timeout: 120000 });
    assert.equal(await page.locator(".analysis-empty").textContent(),
      "Nobody made a decision in this game, so there is no chance of winning to draw.");
    assert.equal(await page.locator(".analysis svg.graph").count(), 0);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("a line of the log opens the replay at its move with the board in view; the buttons are drawn", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const game = await finishedGame(server);
    for (const viewport of [DESK, PHONE]) {
      const page = await newPage(browser, { viewport, reducedMotion: "reduce" });
      await page.goto(`${server.url}/games/${game.id}`);
      // The log in words and the analysis: every position is at hand.
      await page.locator(".analysis svg.graph").waitFor({ timeout: 120000 });
      // Its number, not its middle: a finished game's line also holds a
      // "Why?" button, which shows the position before the move instead.
      const line = page.locator(".log-list li[data-move='12'] .move-number");
      await line.scrollIntoViewIfNeeded();
      await line.click();
      assert.equal(await page.locator(".replay-slider").inputValue(), "12");
      assert.equal(await page.locator(".log-list li.current").getAttribute("data-move"), "12");
      await page.waitForFunction(() => {
        const box = document.querySelector(".board-area svg.board").getBoundingClientRect();
        return box.top >= -1 && box.bottom <= innerHeight + 1;
      });
      // First, back, forward and last: icons drawn in SVG, no characters.
      const buttons = page.locator(".replay-bar button[data-step]");
      assert.equal(await buttons.count(), 4);
      for (let k = 0; k < 4; k += 1) {
        assert.equal(await buttons.nth(k).locator("svg path").count(), 1);
        assert.equal((await buttons.nth(k).textContent()).trim(), "");
      }
      await page.getByRole("button", { name: "One move on" }).click();
      assert.equal(await page.locator(".replay-slider").inputValue(), "13");
      assert.deepEqual(page.problems, []);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("records open from .json and .jsonl files at their first move, and a garbled file says where", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const first = (await finishedGame(server)).record;
    const second = (await finishedGame(server)).record;
    for (const viewport of [DESK, PHONE]) {
      const page = await newPage(browser, { viewport });
      await page.goto(`${server.url}/replay`);
      const accepted = await page.locator("#record-file").getAttribute("accept");
      assert.ok(accepted.split(",").includes(".json") && accepted.split(",").includes(".jsonl"));
      const open = async (name, text) => page.locator("#record-file").setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
      const atFirstMove = async (record) => {
        await page.waitForFunction((n) => document.querySelectorAll(".record-viewer .log-list li").length === n, record.moves.length);
        assert.equal(await page.locator(".record-viewer .replay-slider").inputValue(), "1");
        assert.equal(await page.locator(".record-viewer .log-list li.current").getAttribute("data-move"), "1");
      };
      // A .json record laid out over many lines.
      await open("game.json", JSON.stringify(first, null, 2));
      await atFirstMove(first);
      assert.equal(await page.locator(".record-chooser").isHidden(), true);
      // A .jsonl file of two games: the first is shown, the second chosen.
      await open("games.jsonl", `${JSON.stringify(first)}\n${JSON.stringify(second)}\n`);
      await atFirstMove(first);
      assert.deepEqual(await page.locator("#record-game option").allTextContents(), ["Game 1 (line 1)", "Game 2 (line 2)"]);
      await page.locator("#record-game").selectOption("1");
      await atFirstMove(second);
      // A garbled line, and a garbled document: the error says where.
      await open("garbled.jsonl", `${JSON.stringify(first)}\n{"format": "carolus-record/1", "moves": [}\n`);
      await page.locator(".record-page .error:not([hidden])").waitFor();
      assert.equal(await page.locator(".record-page .error").textContent(),
        "garbled.jsonl, line 2, column 42: this line is not JSON: “}” was not expected there. Each line of a .jsonl file holds one record.");
      assert.equal(await page.locator(".record-viewer .board").count(), 0);
      await open("cut.json", JSON.stringify(first, null, 2).slice(0, 60));
      await page.waitForFunction(() => document.querySelector(".record-page .error").textContent.startsWith("cut.json"));
      assert.match(await page.locator(".record-page .error").textContent(),
        /^cut\.json, line \d+, column \d+: this is not JSON: the text ends too early\.$/);
      assert.deepEqual(page.problems, []);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("the rules page shows its labelled examples in English, German and French with no message missing", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (const [locale, language, court] of [["en-GB", "en", "Anna (castles: black)"], ["de-DE", "de", "Anna (Burgen: Schwarz)"],
      ["fr-FR", "fr", "Anna (châteaux : noir)"]]) {
      for (const viewport of [DESK, PHONE]) {
        const page = await newPage(browser, { locale, viewport });
        await page.goto(`${server.url}/rules`);
        await page.locator(".rules-example svg.board").first().waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), language);
        // Whose court, reserve and discs are whose.
        const seats = await page.locator(".rules-seat h3").allTextContents();
        assert.equal(seats.length, 2);
        assert.ok(seats[0].trim().startsWith(court), seats[0]);
        assert.match(seats[1], /Bruno/);
        // The key names each thing on the screen beside its drawing.
        assert.equal(await page.locator(".rules-key li svg.sample").count(), 7);
        // Two worked examples, each before and after, drawn from the engine's positions.
        const examples = page.locator(".rules-example");
        assert.equal(await examples.count(), 2);
        for (let k = 0; k < 2; k += 1) {
          assert.equal(await examples.nth(k).locator("svg.board").count(), 2);
          assert.equal(await examples.nth(k).locator("figcaption").count(), 2);
        }
        // The emperor's move in the first example built a castle in region 3,
        // in the second joined regions 4 and 5.
        assert.equal(await examples.nth(0).locator("figure[data-position='9'] .region[data-region='3'] .castle").count(), 1);
        assert.equal(await examples.nth(1).locator("figure[data-position='21'] .region[data-region='4'] .castle[data-castles='2']").count(), 1);
        // No message id shown in place of a missing message.
        const text = await page.locator("main").innerText();
        assert.doesNotMatch(text, /\b(rules|graph|record|colour|move|log|outcome)-[a-z-]+\b/);
        assert.deepEqual(page.problems, []);
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
});
