// The guided first game: a newcomer opens the site, takes "Learn to play"
// from the lobby and plays the whole game by following the lesson panel
// only (pointing at what it marks, or "Show me" where it says so), in
// English on a desktop and in German on a phone; leaving and coming back
// keeps the lesson; a learner who skips every lesson still plays a normal
// game to its end.

import { test } from "node:test";
import assert from "node:assert/strict";
import { decideByPointing, launchBrowser, logLength, newPage, startServer, waitForMoreMoves } from "./harness.mjs";

const LESSONS = ["disc", "court", "region", "walk", "castle", "control", "merge", "joker", "end"];

/** Waits until the page either shows the result, or waits for this
 * person's decision with a lesson panel that speaks of the position. */
async function settle(page) {
  await page.waitForFunction(() =>
    document.querySelector(".turn .result") ||
    (document.querySelector(".lesson-panel")?.dataset.current === "true" &&
      document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]") &&
      document.querySelector(".lesson-text")?.dataset.message !== "lesson-wait"), null, { timeout: 30000 });
  return !(await page.locator(".turn .result").isVisible());
}

/** Presses a region on its badge, as decideByPointing does. */
async function pressRegion(region) {
  const badge = region.locator(".badge");
  const [outer, inner] = await Promise.all([region.boundingBox(), badge.first().boundingBox()]);
  await region.click({ position: { x: inner.x - outer.x + inner.width / 2, y: inner.y - outer.y + inner.height / 2 } });
}

/** Asserts that the lesson panel does not cover what it marks. */
async function notCovered(page) {
  const panel = await page.locator(".lesson-panel").boundingBox();
  for (const mark of await page.locator(".lesson-mark").all()) {
    const box = await mark.boundingBox();
    if (!box || !panel) continue;
    const apart = box.x + box.width <= panel.x || panel.x + panel.width <= box.x ||
      box.y + box.height <= panel.y || panel.y + panel.height <= box.y;
    assert.ok(apart, "the lesson panel covers what it points at");
  }
}

/** Does what the active lesson asks by pointing at what it marks; answers
 * false when it marks nothing to point at (then "Show me" is the way). */
async function followTheMarks(page) {
  const marked = page.locator(".lesson-mark");
  if (await marked.count() === 0) return false;
  await notCovered(page);
  const knight = page.locator(".seat-card.mine .knight.lesson-mark");
  if (await knight.count() > 0) {
    await knight.first().click();
    // Then the marked place, or the court the lesson names.
    const target = page.locator(".region.target:has(.region-shape.lesson-mark), .court.target.lesson-mark");
    if (await target.count() === 0) {
      await page.locator(".court.target").click();
    } else if (await target.first().evaluate((node) => node.classList.contains("court"))) {
      await target.first().click();
    } else {
      await pressRegion(target.first());
    }
    return true;
  }
  const disc = page.locator(".seat-card.mine .disc.lesson-mark");
  if (await disc.count() > 0) {
    await disc.first().click();
    return true;
  }
  const region = page.locator(".region.target:has(.region-shape.lesson-mark)");
  if (await region.count() > 0) {
    await pressRegion(region.first());
    return true;
  }
  const button = page.locator(".turn button.lesson-mark");
  if (await button.count() > 0) {
    await button.first().click();
    return true;
  }
  return false;
}

/** Plays the guided game to its end following the lessons; answers the
 * lessons seen active, in order, and their texts. Leaves the game once
 * (after the third lesson) and comes back through the lobby. */
async function playGuided(page, server, { leaveOnce }) {
  const seen = [];
  const texts = new Map();
  let left = false;
  let pointed = 0;
  while (await settle(page)) {
    const text = page.locator(".lesson-text");
    const lesson = await text.getAttribute("data-lesson");
    const active = (await text.getAttribute("data-active")) === "true";
    if (active && seen.at(-1) !== lesson) {
      seen.push(lesson);
      texts.set(lesson, await text.innerText());
    }
    if (leaveOnce && !left && seen.length === 3) {
      left = true;
      const url = page.url();
      const index = await page.locator(".lesson-count").getAttribute("data-lesson-index");
      await page.locator("[data-action='lesson-leave']").click();
      await page.waitForURL(`${server.url}/`);
      await page.locator("[data-action='learn-resume']").click();
      await page.waitForURL(url);
      await settle(page);
      assert.equal(await page.locator(".lesson-count").getAttribute("data-lesson-index"), index,
        "the lesson is the one left");
      continue;
    }
    const before = await logLength(page);
    if (active && lesson !== "end") {
      // Every lesson but the last points at what to do.
      assert.ok(await followTheMarks(page), `the ${lesson} lesson marks what to point at`);
      pointed += 1;
    } else {
      // Between lessons, and for the end, the panel says "Show me" plays a good move.
      await page.locator("[data-action='lesson-show']").click();
    }
    await waitForMoreMoves(page, before);
  }
  return { seen, texts, pointed };
}

async function learnFromTheLobby(page, server) {
  await page.goto(server.url);
  await page.locator("[data-action='learn']").click();
  await page.waitForURL(/\/games\/[a-z0-9]{12}$/);
  await page.locator(".lesson-panel:not([hidden])").waitFor();
}

const SIZES = [{ width: 1360, height: 900 }, { width: 375, height: 812 }];
const LANGUAGES = [
  { lang: "en", locale: "en-GB", disc: /disc \d/ },
  { lang: "de", locale: "de-DE", disc: /Scheibe \d/ },
];

for (const { lang, locale, viewport, disc } of LANGUAGES.flatMap((language) =>
  SIZES.map((viewport) => ({ ...language, viewport })))) {
  test(`the guided game is played to its end following its lessons (${lang}, ${viewport.width}×${viewport.height})`,
    { timeout: 600000 }, async () => {
      const server = await startServer();
      const browser = await launchBrowser();
      try {
        const page = await newPage(browser, { viewport, locale });
        await learnFromTheLobby(page, server);
        // Leaving and coming back is tried once in each language.
        const leaveOnce = (lang === "en") === (viewport.width > 400);
        const { seen, texts, pointed } = await playGuided(page, server, { leaveOnce });
        assert.deepEqual(seen, LESSONS, "every lesson came, in order");
        assert.ok(pointed >= LESSONS.length - 1, `the lessons were followed by pointing, ${pointed} times`);
        assert.match(texts.get("disc"), disc);
        const finished = page.locator(".lesson-text");
        await page.waitForFunction(() => document.querySelector(".lesson-text")?.dataset.message === "lesson-finished");
        assert.equal(await page.locator("[data-action='lesson-skip']").count(), 0);
        assert.ok((await finished.innerText()).length > 0);
        const id = new URL(page.url()).pathname.split("/").pop();
        const record = await (await fetch(`${server.url}/api/games/${id}/record`)).json();
        assert.equal(record.meta.lesson, "first-game");
        assert.ok(record.result, "the game is over");
        assert.deepEqual(page.problems, []);
      } finally {
        await browser.close();
        await server.stop();
      }
    });
}

for (const viewport of SIZES) {
  test(`a learner who skips every lesson still plays a normal game to its end (${viewport.width}×${viewport.height})`,
    { timeout: 600000 }, async () => {
      const server = await startServer();
      const browser = await launchBrowser();
      try {
        const page = await newPage(browser, { viewport });
        // The rules page leads to the guided game too.
        await page.goto(`${server.url}/rules`);
        await page.locator("[data-action='learn']").click();
        await page.waitForURL(/\/games\/[a-z0-9]{12}$/);
        await page.locator(".lesson-panel:not([hidden])").waitFor();
        await page.waitForFunction(() => document.querySelector(".lesson-panel")?.dataset.current === "true");
        await page.locator("[data-action='lesson-skip-all']").click();
        await page.waitForFunction(() => document.querySelector(".lesson-text")?.dataset.message === "lesson-finished");
        let decisions = 0;
        while (!(await page.locator(".turn .result").isVisible())) {
          await page.waitForFunction(() =>
            document.querySelector(".turn .result") ||
            (document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]")), null, { timeout: 30000 });
          if (await page.locator(".turn .result").isVisible()) break;
          const before = await logLength(page);
          assert.ok(await decideByPointing(page), "it is the person's turn, so something can be picked");
          decisions += 1;
          await waitForMoreMoves(page, before);
        }
        assert.ok(decisions > 20, `a whole game takes many decisions, not ${decisions}`);
        assert.equal(await page.locator(".lesson-mark").count(), 0, "nothing is pointed at once lessons are skipped");
        // The lobby no longer offers a first game: this device has played.
        await page.goto(server.url);
        await page.locator(".game-lists").waitFor();
        assert.equal(await page.locator("[data-action='learn']").count(), 0);
        assert.deepEqual(page.problems, []);
      } finally {
        await browser.close();
        await server.stop();
      }
    });
}
