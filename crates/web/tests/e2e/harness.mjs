// What every browser test needs: a real `carolus serve` on a free port with
// a database of its own, and a headless Chromium driven by playwright-core.
//
// The binary is $CAROLUS_BIN, else the workspace's debug build; the
// browser is $CHROMIUM, else Debian's /usr/bin/chromium. Every page's
// console errors and uncaught exceptions are collected, and a test fails
// when there are any.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const here = fileURLToPath(new URL(".", import.meta.url));
const workspace = resolve(here, "../../../..");

export function binary() {
  return process.env.CAROLUS_BIN || join(process.env.CARGO_TARGET_DIR || join(workspace, "target"), "debug", "carolus");
}

/** Servers still running, stopped when this process ends however it ends
 * (a test that timed out never reaches its `finally`). */
const running = new Set();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Starts a server; resolves to `{ url, stop }`. */
export async function startServer(extra = []) {
  const directory = mkdtempSync(join(tmpdir(), "carolus-e2e-"));
  const child = spawn(binary(), [
    // A test may give its own `--listen`; one that must know the site's
    // address before the start (a `--public-url` naming it) puts a proxy
    // in front instead (reset.test.mjs), since a port found free and
    // then given to the server can be taken by another process between.
    "serve", ...(extra.includes("--listen") ? [] : ["--listen", "127.0.0.1:0"]), "--db", join(directory, "games.db"),
    "--think", "0.05", "--creates-per-minute", "1000", "--messages-per-second", "1000",
    // Level 3 analyses without searching: quick in a debug build.
    "--analysis-level", "3", ...extra,
  ], { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  child.on("exit", () => running.delete(child));
  let log = "";
  child.stderr.on("data", (chunk) => { log += chunk; });
  const url = await new Promise((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      const match = /^listening on (http:\/\/\S+)$/.exec(line);
      if (match) resolveUrl(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`carolus serve exited with ${code}: ${log}`)));
  });
  return {
    url,
    log: () => log,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((done) => child.once("exit", done));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Launches Chromium headless, as this machine's closed network needs. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A new page that records console errors and uncaught exceptions. */
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ locale: "en-GB", ...options });
  const page = await context.newPage();
  page.problems = [];
  page.on("console", (message) => {
    if (message.type() === "error") page.problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => page.problems.push(`page error: ${error.message}`));
  return page;
}

/** The number of moves in the game log of `page`. */
export async function logLength(page) {
  return page.locator(".log-list li").count();
}

/**
 * Makes one decision at the table by pointing, as a person would: the
 * first joker or disc offered, a knight from the reserve and then the first
 * place offered for it, or the first region the emperor may go to.
 * Resolves to false when there is nothing to decide.
 */
export async function decideByPointing(page, { tap = false } = {}) {
  // A region is pressed on its badge: a merged region wraps round the board,
  // so the middle of its bounding box can lie on the centre disc, which a
  // person would not press either.
  const press = async (locator) => {
    const badge = locator.locator(".badge");
    let position;
    if (await badge.count() > 0) {
      const [outer, inner] = await Promise.all([locator.boundingBox(), badge.first().boundingBox()]);
      if (outer && inner) {
        position = { x: inner.x - outer.x + inner.width / 2, y: inner.y - outer.y + inner.height / 2 };
      }
    }
    return tap ? locator.tap({ position }) : locator.click({ position });
  };
  const joker = page.locator(".turn .choice-row button:not([disabled])");
  if (await joker.count() > 0 && await page.locator(".turn .family-choice").count() > 0) {
    await press(joker.first());
    return true;
  }
  const disc = page.locator(".seat-card.mine .disc.choice");
  if (await disc.count() > 0) {
    await press(disc.first());
    return true;
  }
  const knight = page.locator(".seat-card.mine .knight.choice");
  if (await knight.count() > 0) {
    await press(knight.first());
    const target = page.locator(".region.target, .court.target");
    await target.first().waitFor();
    const count = await target.count();
    await press(target.nth(Math.floor(count / 2)));
    return true;
  }
  const region = page.locator(".region.target");
  if (await region.count() > 0) {
    await press(region.first());
    return true;
  }
  return false;
}

/** Everything in the page a finger can pick that is smaller than 44 by 44 CSS pixels, in words. */
export function tooSmallToPick(page) {
  return page.evaluate(() => {
    const pickable = [...document.querySelectorAll(
      "header a, header select, header summary, main button, main a[href], main select, main summary, main input:not([type='checkbox']), " +
      "main label.toggle, main [role='button'], main .log-list li")];
    return pickable.filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && (box.width < 43.5 || box.height < 43.5);
    }).map((element) => {
      const box = element.getBoundingClientRect();
      return `${element.tagName.toLowerCase()}.${element.getAttribute("class")} “${element.textContent.trim().slice(0, 30)}” ` +
        `${box.width.toFixed(1)}×${box.height.toFixed(1)}`;
    });
  });
}

/** Waits until the log of `page` has more than `length` moves. */
export async function waitForMoreMoves(page, length, timeout = 20000) {
  await page.waitForFunction((n) => document.querySelectorAll(".log-list li").length > n, length, { timeout });
}

/**
 * Runs `body({ server, browser, page })` against a new server and browser,
 * `page` a first page at `viewport` in `locale`; stops both whatever
 * happens, and fails the test if any page the body opened with `open`
 * had console errors. `open(options)` opens another page (a person of
 * their own: a new browser context, so storage is not shared).
 */
export async function withBrowser({ viewport = { width: 1360, height: 900 }, locale = "en-GB", extra = [] } = {}, body) {
  const server = await startServer(extra);
  const browser = await launchBrowser();
  const pages = [];
  const open = async (options = {}) => {
    const page = await newPage(browser, { viewport, locale, ...options });
    pages.push(page);
    return page;
  };
  try {
    await body({ server, browser, open });
    for (const page of pages) {
      if (!page.isClosed()) assert.deepEqual(page.problems, [], "no console errors");
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Takes the browser's report of each refusal in `statuses` off the page's
 * problems: those answers were asked for, and the browser logs every
 * failed request however the page handles it. Any other problem stays. */
export async function expectRefusals(page, statuses) {
  for (const status of statuses) {
    const find = () => page.problems.findIndex((problem) => problem.includes(`status of ${status} `));
    // The browser's report may come after the page has shown the answer:
    // it is waited for, as the event it is.
    while (find() < 0) await page.waitForEvent("console", { timeout: 10000 });
    page.problems.splice(find(), 1);
  }
}

/** The one-line messages of the catalog of `language`, read straight from
 * its file, by id: what a page in that language must show. */
export function catalog(language) {
  const text = readFileSync(new URL(`../../../l10n/locales/${language}.ftl`, import.meta.url), "utf8");
  const messages = {};
  for (const line of text.split("\n")) {
    const match = /^([a-z][a-z0-9-]*) = (.+)$/.exec(line);
    if (match) messages[match[1]] = match[2];
  }
  return messages;
}
