// Makes the README's pictures of the table (docs/table-desktop.png and
// docs/table-phone.png): a real server, a game of a person against the
// computer played by pointing into its middle rounds, and a knight picked
// so that the places it may go are lit, on a desk and on a phone.
//
//   npm run screenshots --prefix crates/web   (after `cargo build`)
//
// With `views [DIRECTORY]` it pictures instead each of the newer views of
// tests/e2e/scenes.mjs (the account pages, settings, a profile, the reset
// page, the guided game, the host's invitations, a person away, the
// rematch offer and the review) at 1360×900 and 375×812 in English,
// German and French, into DIRECTORY (/tmp/carolus-views by default), to
// be looked at: `npm run screenshots --prefix crates/web -- views`.

import { fileURLToPath } from "node:url";
import { mkdirSync } from "node:fs";
import { decideByPointing, launchBrowser, logLength, newPage, startServer, waitForMoreMoves } from "./e2e/harness.mjs";
import { prepare, SCENES } from "./e2e/scenes.mjs";

if (process.argv[2] === "views") {
  const directory = process.argv[3] || "/tmp/carolus-views";
  mkdirSync(directory, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const world = await prepare(server);
    for (const [language, locale] of [["en", "en-GB"], ["de", "de-DE"], ["fr", "fr-FR"]]) {
      for (const viewport of [{ width: 1360, height: 900 }, { width: 375, height: 812 }]) {
        const phone = viewport.width < 600;
        const page = await newPage(browser, { viewport, locale, isMobile: phone, hasTouch: phone, reducedMotion: "reduce" });
        for (const scene of SCENES) {
          await scene.show(page, server, world);
          // A tall page in screens of the viewport's height, each
          // readable as it is.
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let part = 0; part * viewport.height < height; part += 1) {
            const path = `${directory}/${scene.name}-${language}-${viewport.width}-${part}.png`;
            const clip = { x: 0, y: part * viewport.height, width: viewport.width, height: Math.min(viewport.height, height - part * viewport.height) };
            await page.screenshot({ path, fullPage: true, clip });
            console.log(`wrote ${path}`);
          }
        }
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exit(0);
}

const docs = fileURLToPath(new URL("../../../docs/", import.meta.url));
const server = await startServer();
const browser = await launchBrowser();
try {
  const desktop = await newPage(browser, { viewport: { width: 1360, height: 900 } });
  await desktop.goto(server.url);
  await desktop.locator(".seat-row[data-seat='0'] .seat-name-input").fill("Anna");
  await desktop.locator("#players").selectOption("3");
  await desktop.getByRole("button", { name: "Start the game" }).click();
  await desktop.waitForURL(/\/games\//);
  // Play until the fourth round, then stop where knights are to be placed.
  for (;;) {
    await desktop.waitForFunction(() => document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]"));
    const text = await desktop.locator(".centre-text").textContent();
    const placing = await desktop.locator(".seat-card.mine .knight.choice").count();
    if (/\d+/.test(text) && Number(text.match(/\d+/)[0]) >= 4 && placing > 0) break;
    const before = await logLength(desktop);
    await decideByPointing(desktop);
    await waitForMoreMoves(desktop, before);
  }
  await desktop.locator(".seat-card.mine .knight.choice").first().click();
  await desktop.waitForTimeout(900);
  await desktop.screenshot({ path: `${docs}table-desktop.png` });

  // The same person on a phone: the device's storage (with the seat's
  // token) goes along, so that the phone shows her own board, not a
  // spectator's, with a knight picked as on the desk.
  const phone = await newPage(browser, {
    viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
    storageState: await desktop.context().storageState(),
  });
  await phone.goto(desktop.url());
  await phone.locator(".seat-card.mine .knight.choice").first().tap();
  await phone.locator(".region.target, .court.target").first().waitFor();
  await phone.evaluate(() => window.scrollTo(0, 0));
  await phone.waitForTimeout(900);
  await phone.screenshot({ path: `${docs}table-phone.png` });
  console.log(`wrote ${docs}table-desktop.png and ${docs}table-phone.png`);
} finally {
  await browser.close();
  await server.stop();
}
