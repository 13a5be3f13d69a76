// Makes the README's pictures of the table (docs/table-desktop.png and
// docs/table-phone.png): a real server, a game of a person against the
// computer played by pointing into its middle rounds, and a knight picked
// so that the places it may go are lit.
//
//   npm run screenshots --prefix crates/web   (after `cargo build`)

import { fileURLToPath } from "node:url";
import { decideByPointing, launchBrowser, logLength, newPage, startServer, waitForMoreMoves } from "./e2e/harness.mjs";

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

  const phone = await newPage(browser, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await phone.goto(desktop.url());
  await phone.locator(".board").waitFor();
  await phone.waitForTimeout(900);
  await phone.screenshot({ path: `${docs}table-phone.png` });
  console.log(`wrote ${docs}table-desktop.png and ${docs}table-phone.png`);
} finally {
  await browser.close();
  await server.stop();
}
