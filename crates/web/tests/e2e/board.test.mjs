// Nothing on the board covers anything else: over positions of many random
// games (two and three players and the team game, regions small and
// large, counts above nine, the end of the game), drawn by the page's own
// board.js at a desk's and a phone's size in English, German and French,
// no two labelled pieces of the ring or of a player's board have boxes
// that overlap, and no count or territory number on the ring is drawn
// smaller than 9 pixels. Positions in the emperor's phase are drawn with the badges
// of the regions he may go to, as the table shows them.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { binary, launchBrowser, newPage, startServer } from "./harness.mjs";

/** Games per kind, and positions drawn from each. */
const GAMES = 3;
const POSITIONS_PER_GAME = 10;

/** The positions to draw for `players` players: spread over each game, its end included. */
async function positions(server, players) {
  const lines = execFileSync(binary(), ["random", "--players", String(players), "--seed", String(40 + players), "--games", String(GAMES)],
    { encoding: "utf8" }).trim().split("\n");
  const chosen = [];
  for (const line of lines) {
    const replay = await (await fetch(`${server.url}/api/replay`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: line,
    })).json();
    const states = replay.states;
    for (let k = 1; k <= POSITIONS_PER_GAME; k += 1) chosen.push(states[Math.round((k * (states.length - 1)) / POSITIONS_PER_GAME)]);
    // The position with the most knights in one region, where counts run highest.
    const most = (state) => Math.max(...state.regions.flatMap((region) => Object.values(region.knights)));
    chosen.push(states.reduce((best, state) => (most(state) > most(best) ? state : best)));
  }
  return chosen;
}

/** Draws every state in the page and returns each overlap found, in words. */
function overlapsIn(page, states) {
  return page.evaluate(async (states) => {
    const { drawBoard, drawSeat } = await import("/assets/js/board.js");
    const { seatName } = await import("/assets/js/names.js");
    const area = document.createElement("div");
    area.className = "table";
    area.style.width = "100%";
    document.querySelector("main").replaceChildren(area);
    const describe = (element) => {
      const data = Object.entries(element.dataset).map(([key, value]) => `${key}=${value}`).join(",");
      return `${element.getAttribute("class")}${data ? `[${data}]` : ""} “${element.textContent}”`;
    };
    const overlaps = (root, selector) => {
      const pieces = [...root.querySelectorAll(selector)];
      const boxes = pieces.map((piece) => piece.getBoundingClientRect());
      const found = [];
      for (let a = 0; a < pieces.length; a += 1) {
        for (let b = a + 1; b < pieces.length; b += 1) {
          const x = Math.min(boxes[a].right, boxes[b].right) - Math.max(boxes[a].left, boxes[b].left);
          const y = Math.min(boxes[a].bottom, boxes[b].bottom) - Math.max(boxes[a].top, boxes[b].top);
          if (x > 0.5 && y > 0.5) found.push(`${describe(pieces[a])} and ${describe(pieces[b])}`);
        }
      }
      return found;
    };
    const problems = [];
    // The smallest count or territory number on the ring, in pixels as drawn.
    let smallest = { size: Infinity, text: "" };
    states.forEach((state, index) => {
      const names = state.seats.map((_, seat) => (seat % 2 ? seatName({ name: "Computer (level 3)", ai: 3 }, seat) : "Maximiliane Kowalczyk"));
      const targets = new Map();
      if (state.phase === "move") state.landings.forEach((landing, k) => targets.set(landing, { badge: String(k + 1), label: "" }));
      if (state.phase === "place") state.regions.forEach((_, k) => targets.set(k, { badge: "+", label: "" }));
      const board = drawBoard(state, { names, targets });
      const seats = state.seats.map((_, seat) => drawSeat(state, seat, { name: names[seat], reserveChoices: new Set(["R", "G", "B", "Y", "P", "J"]) }));
      area.replaceChildren(board, ...seats);
      for (const found of overlaps(board, ".knight, .castle, .emperor-glyph, .badge, .territory-number, .control-ring, .control-name, .centre-text")) {
        problems.push(`position ${index} (${state.phase}, round ${state.round}) on the ring: ${found}`);
      }
      const scale = board.getScreenCTM().a;
      for (const text of board.querySelectorAll(".count, .territory-number")) {
        const size = parseFloat(getComputedStyle(text).fontSize) * scale;
        if (size < smallest.size) smallest = { size, text: `position ${index}: ${describe(text.parentNode)}` };
      }
      for (const seat of seats) {
        for (const found of overlaps(seat, ".knight, .area-label, .court .control, .disc, .muted")) {
          problems.push(`position ${index} on seat ${seat.dataset.seat}'s board: ${found}`);
        }
      }
    });
    return { problems, smallest };
  }, states);
}

test("no two labelled pieces of the board overlap, in any position, size or language", { timeout: 600000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const kinds = [];
    for (const players of [2, 3, 4]) kinds.push([players, await positions(server, players)]);
    const counts = kinds.flatMap(([, states]) => states.flatMap((state) => state.regions.flatMap((region) => Object.values(region.knights))));
    assert.ok(Math.max(...counts) >= 10, "some positions have counts of two digits");
    assert.ok(kinds.some(([, states]) => states.some((state) => state.phase === "over")), "some games are drawn at their end");
    for (const [locale, language] of [["en-GB", "en"], ["de-DE", "de"], ["fr-FR", "fr"]]) {
      for (const viewport of [{ width: 1360, height: 900 }, { width: 375, height: 812 }]) {
        const page = await newPage(browser, { locale, viewport, reducedMotion: "reduce" });
        await page.goto(`${server.url}/replay`);
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        for (const [players, states] of kinds) {
          const { problems, smallest } = await overlapsIn(page, states);
          assert.deepEqual(problems, [], `${players} players, ${language}, ${viewport.width}×${viewport.height}`);
          // Counts stay readable in the most crowded region, on a phone too.
          assert.ok(smallest.size >= 9, `${players} players, ${viewport.width}: ${smallest.size.toFixed(1)} px at ${smallest.text}`);
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
