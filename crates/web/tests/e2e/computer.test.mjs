// A person creates a game against the computer in the lobby and plays it
// to the end by pointing and clicking, taking back decisions on the way;
// the record the server keeps replays.

import { test } from "node:test";
import assert from "node:assert/strict";
import { decideByPointing, launchBrowser, logLength, newPage, startServer, waitForMoreMoves } from "./harness.mjs";

test("a game against the computer is played to the end by clicking, with decisions taken back", { timeout: 600000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(server.url);
    await page.locator(".seat-row[data-seat='1'] .seat-level").selectOption("1");
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForURL(/\/games\/[a-z0-9]{12}$/);
    await page.locator(".seat-card").first().waitFor();

    let decisions = 0;
    let takenBack = 0;
    while (!(await page.locator(".turn .result").isVisible())) {
      await page.waitForFunction(() =>
        document.querySelector(".turn .result") ||
        (document.querySelector(".turn h2") && !document.querySelector(".turn button[disabled]")), null, { timeout: 30000 });
      if (await page.locator(".turn .result").isVisible()) break;
      const before = await logLength(page);
      assert.ok(await decideByPointing(page), "it is the person's turn, so something can be picked");
      decisions += 1;
      await waitForMoreMoves(page, before);
      if (decisions % 8 === 0 && decisions <= 24) {
        // Once the computer has answered, the person takes the decision
        // back: the log and the server's record shrink alike, and the
        // person decides again. (Clicked while the computer's answer is on
        // its way, the take back would be refused as made from a stale
        // view; the server's tests cover taking back while it thinks.)
        const id = new URL(page.url()).pathname.split("/").pop();
        await page.getByRole("heading", { name: "Your turn" }).waitFor();
        const longer = await logLength(page);
        await page.getByRole("button", { name: "Take back my last decision" }).click();
        await page.getByText("Your last decision was taken back; decide again.").waitFor();
        await page.waitForFunction((n) => document.querySelectorAll(".log-list li").length < n, longer);
        await page.getByRole("heading", { name: "Your turn" }).waitFor();
        const view = await (await fetch(`${server.url}/api/games/${id}`)).json();
        assert.equal(await logLength(page), view.record.moves.length);
        assert.equal(view.takebacks, decisions / 8);
        takenBack += 1;
      }
    }
    assert.equal(takenBack, 3, "decisions were taken back three times");
    assert.equal(await page.getByRole("button", { name: "Take back my last decision" }).count(), 0,
      "nothing is taken back once the game is over");
    const result = await page.locator(".turn .result").innerText();
    assert.match(result, /wins|share the victory/);
    assert.ok(decisions > 20, `a whole game takes many decisions, not ${decisions}`);

    const id = new URL(page.url()).pathname.split("/").pop();
    const record = await (await fetch(`${server.url}/api/games/${id}/record`)).json();
    const replay = await (await fetch(`${server.url}/api/replay`, { method: "POST", body: JSON.stringify(record), headers: { "Content-Type": "application/json" } })).json();
    assert.equal(replay.error, null);
    assert.equal(replay.states.at(-1).phase, "over");
    assert.equal(await logLength(page), record.moves.length);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
