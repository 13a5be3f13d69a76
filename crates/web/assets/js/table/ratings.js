// A rated game's ratings at its table: while it is played, that it is
// rated; once it is over, each account's rating change ("1500? → 1532?"),
// read from the game's view (`rating_changes`, API.md). The server applies
// the update apart from the game's last move, so the view is read again
// until the changes are there. Kept apart from the table's model, like
// people.js: it needs only the game's view and whether it is over.

import { request } from "../api.js";
import { t } from "../i18n.js";
import { el } from "../page.js";
import { shownRating, signedChange } from "../ratings.js";

/** How often, and how many times, a finished rated game's view is read
 * again for its changes: the update follows the end within moments, but
 * a server busy with other games may take longer. */
const POLL_MS = 1000;
const POLL_LIMIT = 120;

export class RatingChanges {
  constructor(id, view, onChange) {
    this.id = id;
    this.rated = Boolean(view.rated);
    this.changes = changesOf(view);
    this.onChange = onChange;
    this.polling = false;
    this.gaveUp = false;
    this.stopped = false;
    this.element = el("section", { class: "rating-changes", hidden: !this.rated, "aria-labelledby": "rating-changes-title" });
    this.drawnKey = null;
  }

  stop() {
    this.stopped = true;
  }

  /** Draws what the table shows now (`names`: the seats' names), and
   * starts reading the changes once the game is over. */
  draw(over, names) {
    if (!this.rated) return;
    if (over && this.changes.length === 0) this.poll();
    const key = JSON.stringify([over, this.changes, names, this.gaveUp]);
    if (key === this.drawnKey) return;
    this.drawnKey = key;
    const title = el("h2", { id: "rating-changes-title" }, t(over ? "table-rating-changes" : "table-rated"));
    if (!over) {
      this.element.replaceChildren(title, el("p", { class: "muted" }, t("table-rated-explained")));
      return;
    }
    if (this.changes.length === 0) {
      this.element.replaceChildren(title, el("p", { class: "muted", role: "status" },
        t(this.gaveUp ? "table-rating-none" : "table-rating-pending")));
      return;
    }
    // A polite region: a screen reader hears the changes when they come.
    this.element.replaceChildren(title, el("ul", { class: "rating-change-list", role: "status" },
      this.changes.map((change) => el("li", { "data-seat": change.seat, class: change.change >= 0 ? "up" : "down" },
        t("table-rating-change", {
          name: names[change.seat] ?? String(change.seat),
          before: shownRating(change.before),
          after: shownRating(change.after),
          change: signedChange(change.change),
        })))));
  }

  /** Reads the game's view again until its rating changes are there. */
  async poll() {
    if (this.polling) return;
    this.polling = true;
    for (let attempt = 0; attempt < POLL_LIMIT && !this.stopped; attempt += 1) {
      try {
        const view = await request("GET", `/api/games/${this.id}`);
        const changes = changesOf(view);
        if (changes.length > 0) {
          this.changes = changes;
          this.onChange();
          return;
        }
      } catch {
        // The server may be away for a moment; the next round asks again.
      }
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
    // No account's seat was rated (the creator left every seat to the
    // computer and to people who never signed in), or the server is gone.
    this.gaveUp = true;
    if (!this.stopped) this.onChange();
  }
}

function changesOf(view) {
  return Array.isArray(view.rating_changes) ? [...view.rating_changes].sort((a, b) => a.seat - b.seat) : [];
}
