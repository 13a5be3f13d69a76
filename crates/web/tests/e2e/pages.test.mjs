// The newer views as a person meets them (scenes.mjs: the account page,
// the reset page, the guided game, settings, a profile, the host's
// invitations at the table, a person away and the offer to end the game,
// the rematch offer, the review after a game), at 1360×900 and 375×812 in
// English, German and French, with long names: no text overlaps another,
// nothing is wider than the screen or cut off, the German and French pages
// have no English catalog text left, every control can be reached with
// the keyboard, and on the phone every one is at least 44×44 pixels; on a
// wide screen the host's links, the offer to end the game and the rematch
// are in the first screen.

import { test } from "node:test";
import assert from "node:assert/strict";
import { catalog, launchBrowser, newPage, startServer, tooSmallToPick } from "./harness.mjs";
import { prepare, SCENES } from "./scenes.mjs";

/** The catalog of `language`: each message without variables or
 * variants, by id. */
function plainMessages(language) {
  return new Map(Object.entries(catalog(language))
    .filter(([, text]) => !text.includes("{"))
    .map(([id, text]) => [id, text.trim()]));
}

/** English words a German or French page must not show: each message of
 * the English catalog whose translation differs. Names of languages are
 * in their own language everywhere, so they are not counted. */
function english(language) {
  const en = plainMessages("en");
  const other = plainMessages(language);
  const words = new Set();
  for (const [id, text] of en) {
    if (!id.startsWith("language-") && other.has(id) && other.get(id) !== text) words.add(text);
  }
  return words;
}

/** What the page shows wrongly, in words: texts whose boxes overlap,
 * things wider than the screen or cut off, English text in another
 * language's page, and controls the keyboard cannot reach. The board's
 * own drawing is board.test.mjs's. */
function problemsIn(page, englishWords) {
  return page.evaluate((englishWords) => {
    const problems = [];
    // At the top, where a sticky header covers nothing.
    window.scrollTo(0, 0);
    const visible = (element) => {
      if (element.closest("svg, .visually-hidden")) return false;
      // Also what a closed <details> holds, which keeps its boxes.
      if (!element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const name = (element) => `${element.tagName.toLowerCase()}.${element.getAttribute("class") || ""} “${element.textContent.trim().slice(0, 40)}”`;
    // The part of `box` that the scrolling boxes around `element` let be
    // seen (a long log scrolls inside its own frame), or null.
    const shown = (box, element) => {
      let { left, top, right, bottom } = box;
      for (let around = element; around; around = around.parentElement) {
        const style = getComputedStyle(around);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const frame = around.getBoundingClientRect();
        left = Math.max(left, frame.left);
        top = Math.max(top, frame.top);
        right = Math.min(right, frame.right);
        bottom = Math.min(bottom, frame.bottom);
      }
      return right - left > 0.5 && bottom - top > 0.5 ? { left, top, right, bottom } : null;
    };
    // Each piece of text, by the boxes of its lines.
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const words = node.textContent.trim();
      if (!words || !visible(node.parentElement)) continue;
      if (englishWords.includes(words)) problems.push(`English left: “${words}” in ${name(node.parentElement)}`);
      const range = document.createRange();
      range.selectNodeContents(node);
      texts.push({ words, element: node.parentElement, boxes: [...range.getClientRects()].map((box) => shown(box, node.parentElement)).filter((box) => box) });
    }
    for (let a = 0; a < texts.length; a += 1) {
      for (let b = a + 1; b < texts.length; b += 1) {
        const meet = texts[a].boxes.some((one) => texts[b].boxes.some((other) =>
          Math.min(one.right, other.right) - Math.max(one.left, other.left) > 1 &&
          Math.min(one.bottom, other.bottom) - Math.max(one.top, other.top) > 1));
        if (meet) problems.push(`“${texts[a].words.slice(0, 40)}” and “${texts[b].words.slice(0, 40)}” overlap`);
      }
    }
    // Nothing wider than the screen, nothing cut off (an input's own
    // value scrolls, as a link in a field may).
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth} pixels wide on a screen of ${width}`);
    for (const element of document.querySelectorAll("main *, header *")) {
      if (!visible(element) || element.matches("input, select, textarea, option")) continue;
      const box = element.getBoundingClientRect();
      if (box.right > width + 0.5 || box.left < -0.5) problems.push(`${name(element)} reaches past the screen (${box.left.toFixed(0)} to ${box.right.toFixed(0)})`);
      const style = getComputedStyle(element);
      if (style.overflowX !== "visible" && element.scrollWidth > element.clientWidth + 1 && !element.matches(".log-list, .review-board")) {
        problems.push(`${name(element)} cuts off its content (${element.scrollWidth} in ${element.clientWidth})`);
      }
    }
    // Every control is in the keyboard's order.
    for (const element of document.querySelectorAll("main button, main a[href], main input, main select, main summary, main [role='button'], header a, header select, header summary")) {
      if (visible(element) && !element.disabled && element.tabIndex < 0) problems.push(`${name(element)} is not reached by the keyboard`);
    }
    return problems;
  }, [...englishWords]);
}

for (const [language, locale] of [["en", "en-GB"], ["de", "de-DE"], ["fr", "fr-FR"]]) {
  test(`the newer views overlap nothing, fit the screen, speak ${language} and are reached by keyboard and finger`, { timeout: 600000 }, async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const world = await prepare(server);
      const englishWords = language === "en" ? new Set() : english(language);
      for (const viewport of [{ width: 1360, height: 900 }, { width: 375, height: 812 }]) {
        const phone = viewport.width < 600;
        const page = await newPage(browser, { viewport, locale, isMobile: phone, hasTouch: phone, reducedMotion: "reduce" });
        for (const scene of SCENES) {
          await scene.show(page, server, world);
          const where = `${scene.name}, ${language}, ${viewport.width}×${viewport.height}`;
          assert.deepEqual(await problemsIn(page, englishWords), [], where);
          if (phone) assert.deepEqual(await tooSmallToPick(page), [], where);
          if (!phone && scene.firstScreen) {
            // Seen at once: the page is at its top after the checks.
            const box = await page.locator(scene.firstScreen).boundingBox();
            assert.ok(box.y + box.height <= viewport.height, `${where}: ${scene.firstScreen} ends ${box.y + box.height} pixels down`);
          }
        }
        assert.deepEqual(page.problems, [], `no console errors at ${viewport.width}`);
        await page.context().close();
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
