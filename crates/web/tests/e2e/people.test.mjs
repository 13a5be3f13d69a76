// Two people play each other in two browsers while a third person watches;
// one of the players reloads the page in the middle of the game and goes
// on. All three end with the same game log, and it is the server's record.
// (A game played to its end is computer.test.mjs's.)

import { test } from "node:test";
import assert from "node:assert/strict";
import { decideByPointing, launchBrowser, logLength, newPage, startServer } from "./harness.mjs";

async function myTurn(page) {
  return page.evaluate(() => Boolean(document.querySelector(".turn h2")) && !document.querySelector(".turn button[disabled]"));
}

async function over(page) {
  return page.locator(".turn .result").isVisible();
}

/** Anna creates a game in the lobby with Bruno invited to seat 1; her page and Bruno's link. */
async function annaInvitesBruno(browser, server) {
  const anna = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await anna.goto(server.url);
  await anna.locator(".seat-row[data-seat='0'] .seat-name-input").fill("Anna");
  await anna.locator(".seat-row[data-seat='1'] .seat-kind").selectOption("invite");
  await anna.locator(".seat-row[data-seat='1'] .seat-name-input").fill("Bruno");
  await anna.getByRole("button", { name: "Start the game" }).click();
  const link = await anna.locator(".invites input.link").inputValue();
  return { anna, link };
}

test("two people play each other while a third watches, and a reload loses nothing", { timeout: 600000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { anna, link } = await annaInvitesBruno(browser, server);
    assert.match(link, /\/games\/[a-z0-9]{12}#token=[A-Za-z0-9_-]{43}$/);
    await anna.getByRole("button", { name: "Go to the table" }).click();
    await anna.waitForURL(/\/games\/[a-z0-9]{12}$/);

    const bruno = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await bruno.goto(link);
    // The token leaves the address bar and stays with the device.
    await bruno.waitForFunction(() => !location.hash.includes("token"));
    const watcher = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await watcher.goto(link.split("#")[0]);

    await bruno.locator(".seat-card.mine").waitFor();
    assert.equal(await watcher.locator(".seat-card.mine").count(), 0, "the watcher holds no seat");
    // The watcher sees the computer's estimate of the chances; the players do not.
    await watcher.locator(".seat-card[data-seat='0'] .tag.chance").waitFor();
    assert.match(await watcher.locator(".seat-card[data-seat='1'] .tag.chance").textContent(), /^\d+ % to win$/);
    assert.equal(await anna.locator(".tag.chance").count(), 0);

    // Some rounds: the reload comes after 40 moves, and play goes on for as
    // many again.
    let reloaded = false;
    for (let step = 0; step < 2000; step += 1) {
      if ((await over(anna) && await over(bruno)) || (await logLength(anna)) >= 80) break;
      const mover = (await myTurn(anna)) ? anna : (await myTurn(bruno)) ? bruno : null;
      if (!mover) {
        await anna.waitForTimeout(50);
        continue;
      }
      const before = await logLength(mover);
      if (!(await decideByPointing(mover))) continue;
      await mover.waitForFunction((n) => document.querySelectorAll(".log-list li").length > n || document.querySelector(".turn .error"), before);
      if (!reloaded && before > 40) {
        reloaded = true;
        await bruno.reload();
        await bruno.locator(".seat-card.mine").waitFor();
      }
    }
    assert.ok(reloaded, "the game went on long enough to reload in the middle");

    const id = new URL(watcher.url()).pathname.split("/").pop();
    const record = await (await fetch(`${server.url}/api/games/${id}/record`)).json();
    const logs = [];
    for (const page of [anna, bruno, watcher]) {
      await page.waitForFunction((n) => document.querySelectorAll(".log-list li").length === n, record.moves.length);
      // The moves in words, without the log's buttons: the watcher's log
      // offers "Why?" on every decision, the players' does not while they play.
      logs.push(await page.locator(".log-list li").evaluateAll((items) =>
        items.map((item) => [...item.childNodes].filter((node) => node.tagName !== "BUTTON").map((node) => node.textContent).join(""))));
    }
    assert.deepEqual(logs[1], logs[0]);
    assert.deepEqual(logs[2], logs[0]);
    assert.deepEqual(record.names, ["Anna", "Bruno"]);
    for (const page of [anna, bruno, watcher]) assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("a live update leaves the keyboard focus on the choice, and a screen reader hears the move", { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { anna, link } = await annaInvitesBruno(browser, server);
    await anna.getByRole("button", { name: "Go to the table" }).click();
    await anna.waitForURL(/\/games\/[a-z0-9]{12}$/);
    const bruno = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await bruno.goto(link);
    await bruno.locator(".seat-card.mine").waitFor();

    // Whoever decides first puts the focus on a choice with the keyboard.
    await anna.waitForFunction(() => document.querySelector(".turn h2") || document.querySelector(".turn p"));
    const annaFirst = await myTurn(anna) || !(await myTurn(bruno));
    const [mover, other] = annaFirst ? [anna, bruno] : [bruno, anna];
    await mover.waitForFunction(() => document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]"));
    const choice = mover.locator(".turn .choice-row button, .seat-card.mine .disc.choice").first();
    await choice.focus();
    const key = await choice.getAttribute("data-focus");
    const element = await choice.elementHandle();
    // The other person's browser goes away and comes back: the seats
    // change, and the table is drawn again under the focused choice.
    await other.reload();
    await other.locator(".seat-card.mine").waitFor();
    await mover.waitForFunction((old) => !old.isConnected, element);
    assert.equal(await mover.evaluate(() => document.activeElement.dataset.focus), key, "the focus is on the same choice");
    const before = await logLength(mover);
    await mover.keyboard.press("Enter");
    await mover.waitForFunction((n) => document.querySelectorAll(".log-list li").length > n, before);
    // The move is said once the state after it has come, in words.
    await mover.waitForFunction(() => document.querySelector("[data-live]").textContent !== "");
    const said = await mover.locator("[data-live]").textContent();
    assert.match(said, /chooses|makes a joker/, `the live region says the move: ${said}`);
    for (const page of [anna, bruno]) assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
