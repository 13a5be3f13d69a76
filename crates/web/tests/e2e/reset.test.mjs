// Password resets in the browser, end to end with the real server and a
// mail sink: the "forgot" form under sign-in answers alike for an unknown
// name and a known one (and says a wait in words when asked too often),
// the mailed link opens /reset, which takes the token out of the address,
// refuses two different passwords and a weak one, sets a good one, and the
// person signs in with it; the same link a second time is refused in words.
//
// The mail is real: `carolus serve --smtp` sends it to a small SMTP server
// in this file (node's `net`), and the test reads the link out of it. The
// link names the site's address, a proxy in front of the server (node's
// `http`), since the server chooses its own port.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { catalog, expectRefusals, withBrowser } from "./harness.mjs";

/**
 * An SMTP server that takes every mail (EHLO, MAIL, RCPT, DATA, QUIT; no
 * encryption). `next()` resolves to the next mail's data, headers and
 * body, in the order they came.
 */
async function smtpSink() {
  const mails = [];
  const waiting = [];
  const server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    socket.setEncoding("latin1");
    socket.write("220 sink ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          // Dot-stuffing undone (RFC 5321, 4.5.2).
          const data = buffer.slice(0, end + 2).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write("250 taken\r\n");
          const taker = waiting.shift();
          if (taker) taker(data);
          else mails.push(data);
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 sink\r\n");
        else if (verb === "DATA") {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `smtp://127.0.0.1:${server.address().port}?tls=none`,
    next: () => (mails.length > 0 ? Promise.resolve(mails.shift()) : new Promise((take) => waiting.push(take))),
    close: () => new Promise((done) => server.close(done)),
  };
}

/** The body of a one-part mail as text, its transfer encoding undone. */
function bodyOf(data) {
  const split = data.indexOf("\r\n\r\n");
  const headers = data.slice(0, split);
  const body = data.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1].toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/**
 * The site's address, known before the server starts (the server names it
 * in its mails: `--public-url`), as a deployment's proxy in front gives
 * it: an HTTP proxy on a port of its own, held from the start, that
 * passes every request on to `to()`'s server once that has chosen its
 * port. A port chosen here, freed and given to the server could be taken
 * by another process in between.
 */
async function frontProxy() {
  let upstream = null;
  const proxy = createHttpServer((request, response) => {
    const onward = httpRequest(new URL(request.url, upstream), {
      method: request.method,
      headers: request.headers,
    }, (answer) => {
      response.writeHead(answer.statusCode, answer.headers);
      answer.pipe(response);
    });
    onward.on("error", (error) => {
      response.writeHead(502);
      response.end(`the proxy could not reach the server: ${error.message}`);
    });
    request.pipe(onward);
  });
  await new Promise((done) => proxy.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${proxy.address().port}`,
    to(url) { upstream = url; },
    close: () => new Promise((done) => {
      proxy.closeAllConnections();
      proxy.close(done);
    }),
  };
}

const NAME = "resetter";
const OLD = "orange-meadow-47";
const NEW = "violet-harbour-82";

test("a forgotten password is reset through the mailed link, once", async () => {
  const en = catalog("en");
  const sink = await smtpSink();
  const front = await frontProxy();
  const site = front.url;
  try {
    await withBrowser({
      extra: ["--smtp", sink.url, "--mail-from", "Carolus <carolus@example.org>", "--public-url", site],
    }, async ({ server, open }) => {
      // The server chose its own port and printed it; the site is in front.
      front.to(server.url);
      const made = await fetch(`${site}/api/accounts`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: site },
        body: JSON.stringify({ name: NAME, password: OLD, email: "resetter@example.org" }),
      });
      assert.equal(made.status, 201, await made.text());

      const page = await open();
      await page.goto(`${site}/account`);
      const forgot = page.locator(".forgot-section");
      // Keyboard: the folded section opens with Enter on its summary.
      await forgot.locator("summary").focus();
      await page.keyboard.press("Enter");
      const who = forgot.getByLabel(en["reset-forgot-who"]);
      const send = forgot.getByRole("button", { name: en["reset-forgot-send"] });
      const said = forgot.locator("p.done");
      const ask = async (text) => {
        await who.fill(text);
        await send.click();
        await forgot.locator("p.done:not([hidden]), p.error:not([hidden])").waitFor();
      };

      await ask("nobody-at-all");
      assert.equal(await said.textContent(), en["reset-asked"]);
      await ask(NAME);
      assert.equal(await said.textContent(), en["reset-asked"], "the same words for a known name");
      const mail = bodyOf(await sink.next());
      const link = /(http:\/\/\S+\/reset#token=[A-Za-z0-9_.-]+)/.exec(mail)?.[1];
      assert.ok(link, `a reset link in the mail:\n${mail}`);

      // Too often for one name: the wait in words (600 s a request).
      await ask("nobody-at-all");
      await ask("nobody-at-all");
      await ask("nobody-at-all");
      const refused = forgot.locator("p.error");
      assert.equal(await refused.isVisible(), true);
      assert.match(await refused.textContent(), /^Too many attempts\. Try again in 10 minutes\.$/);
      await expectRefusals(page, [429]);

      // The link: the token leaves the address bar at once.
      await page.goto(link);
      await page.getByRole("button", { name: en["reset-save"] }).waitFor();
      assert.equal(page.url(), `${site}/reset`);
      const password = page.getByLabel(en["reset-new-password"], { exact: true });
      const again = page.getByLabel(en["reset-repeat-password"], { exact: true });
      const error = page.locator("form.reset p.error");
      await password.fill(NEW);
      await again.fill(`${NEW}x`);
      await again.press("Enter");
      await error.waitFor();
      assert.equal(await error.textContent(), en["reset-mismatch"]);
      // Weak: the server's reason (422, `new_password`) in the catalog's
      // words; the link stays usable.
      await password.fill(`${NAME}12345`);
      await again.fill(`${NAME}12345`);
      await page.getByRole("button", { name: en["reset-save"] }).click();
      await page.waitForFunction((text) => document.querySelector("form.reset p.error")?.textContent === text,
        en["account-error-password"]);
      await expectRefusals(page, [422]);
      await password.fill(NEW);
      await again.fill(NEW);
      await page.getByRole("button", { name: en["reset-save"] }).click();
      await page.getByText(en["reset-done"]).waitFor();

      // Sign in with the new password, from the page's own link.
      await page.getByRole("link", { name: en["reset-sign-in"] }).click();
      assert.equal(new URL(page.url()).pathname, "/account");
      const form = page.locator("form.sign-in");
      await form.getByLabel(en["account-name"], { exact: true }).fill(NAME);
      await form.getByLabel(en["account-password"], { exact: true }).fill(NEW);
      await form.getByRole("button", { name: en["account-sign-in"] }).click();
      await page.locator(".account-menu .account-name").waitFor();
      assert.equal(await page.locator(".account-menu .account-name").textContent(), NAME);

      // The same link again, on another device: refused in words.
      const other = await open();
      await other.goto(link);
      await other.getByLabel(en["reset-new-password"], { exact: true }).fill("another-long-phrase-9");
      await other.getByLabel(en["reset-repeat-password"], { exact: true }).fill("another-long-phrase-9");
      await other.getByRole("button", { name: en["reset-save"] }).click();
      await other.locator("form.reset p.error").waitFor();
      assert.equal(await other.locator("form.reset p.error").textContent(), en["reset-error-link"]);
      await expectRefusals(other, [403]);
    });
  } finally {
    await front.close();
    await sink.close();
  }
});

test("on a phone in German the forgot form and the reset page speak German and keep 44-pixel controls", async () => {
  const de = catalog("de");
  await withBrowser({ viewport: { width: 375, height: 812 }, locale: "de-DE" }, async ({ server, open }) => {
    const page = await open({ isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/account`);
    const summary = page.getByText(de["reset-forgot"]);
    const box = await summary.boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `the summary is ${box.width}×${box.height}`);
    await summary.tap();
    const forgot = page.locator(".forgot-section");
    await forgot.getByLabel(de["reset-forgot-who"]).fill("niemand@example.org");
    const send = forgot.getByRole("button", { name: de["reset-forgot-send"] });
    assert.ok((await send.boundingBox()).height >= 44);
    await send.tap();
    await forgot.locator("p.done:not([hidden])").waitFor();
    assert.equal(await forgot.locator("p.done").textContent(), de["reset-asked"]);

    // Without a token the page says how to get one; a made-up token is
    // refused in German.
    await page.goto(`${server.url}/reset`);
    await page.getByText(de["reset-no-link"]).waitFor();
    // Another path first: a change of the fragment alone loads nothing.
    await page.goto(`${server.url}/rules`);
    await page.goto(`${server.url}/reset#token=AAAAAAAAAAAAAAAAAAAAAA`);
    await page.getByRole("button", { name: de["reset-save"] }).waitFor();
    assert.equal(new URL(page.url()).hash, "");
    await page.getByLabel(de["reset-new-password"], { exact: true }).fill("violet-harbour-82");
    await page.getByLabel(de["reset-repeat-password"], { exact: true }).fill("violet-harbour-82");
    await page.getByRole("button", { name: de["reset-save"] }).tap();
    await page.locator("form.reset p.error").waitFor();
    assert.equal(await page.locator("form.reset p.error").textContent(), de["reset-error-link"]);
    await expectRefusals(page, [403]);
  });
});
