// /learn: the way into the guided first game. It takes this device back
// to the guided game it left, or starts a new one (the server deals it,
// `POST /api/lessons`) and opens its table.

import { request } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./page.js";
import { failure, refusal } from "./refusals.js";
import { lessonGame, startLesson } from "./table/lesson.js";

export async function showLearn(main, go) {
  main.replaceChildren(el("p", {}, t("learn-title")));
  try {
    const kept = lessonGame();
    if (kept) {
      const view = await request("GET", `/api/games/${kept.game}`).catch(() => null);
      if (view && view.status !== "over") {
        go(`/games/${kept.game}`);
        return;
      }
    }
    const id = await startLesson(t("player-n", { seat: 0 }));
    go(`/games/${id}`);
  } catch (error) {
    main.replaceChildren(el("section", { class: "notice" },
      el("p", { class: "error", role: "alert" }, refusal("lesson", failure(error))),
      el("p", {}, el("a", { href: "/" }, t("back-to-lobby")))));
  }
}
