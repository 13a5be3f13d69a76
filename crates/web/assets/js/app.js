// The client's entry point: picks the language, then draws the page the
// address names. Links between pages change the address without loading
// the document again; the browser's back and forward buttons work.

import { language, preferredLanguage, setLanguage } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showRecordPage } from "./replay.js";
import { showRules } from "./rules.js";
import { showTable } from "./table.js";
import { showLearn } from "./learn.js";
import { loadAccount, showAccountPage, startMenu } from "./account.js";
import { showSettings } from "./settings.js";
import { showProfile } from "./profile.js";
import { showResetPage } from "./reset.js";
import { showLeaderboard } from "./leaderboard.js";

const main = document.getElementById("main");
let page = null;

function navigate(path) {
  history.pushState(null, "", path);
  route();
}

async function route() {
  if (page && page.stop) page.stop();
  page = null;
  const path = location.pathname;
  const game = /^\/games\/([a-z0-9]+)$/.exec(path);
  if (game) {
    page = await showTable(main, game[1]);
  } else if (path === "/account") {
    showAccountPage(main, navigate);
  } else if (path === "/reset") {
    showResetPage(main);
  } else if (path === "/settings") {
    await showSettings(main, navigate);
  } else if (/^\/players\/[^/]+$/.test(path)) {
    await showProfile(main, decodeURIComponent(path.slice("/players/".length)));
  } else if (path === "/leaderboard") {
    await showLeaderboard(main);
  } else if (path === "/replay") {
    showRecordPage(main);
  } else if (path === "/rules") {
    await showRules(main);
  } else if (path === "/learn") {
    await showLearn(main, (to) => {
      history.replaceState(null, "", to);
      route();
    });
  } else {
    page = showLobby(main, navigate);
    // The header's "my games" leads to its list in the lobby.
    if (location.hash === "#my-games") document.getElementById("my-games")?.scrollIntoView();
  }
  // A title another page set (the table's turn, the lobby's count) is not
  // kept on a page that says nothing in it.
  if (!game && path !== "/") document.title = "Carolus";
  for (const link of document.querySelectorAll("header nav a")) {
    link.toggleAttribute("aria-current", link.getAttribute("href") === path);
  }
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[href^='/']");
  if (!link || link.hasAttribute("download") || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (link.getAttribute("href").startsWith("/api/")) return;
  event.preventDefault();
  navigate(link.getAttribute("href"));
});
window.addEventListener("popstate", route);

const chooser = document.getElementById("language");
chooser.addEventListener("change", async () => {
  await setLanguage(chooser.value, true);
  startMenu(navigate);
  route();
});

await setLanguage(preferredLanguage());
chooser.value = language();
startMenu(navigate);
await loadAccount();
route();
