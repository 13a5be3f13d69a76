// The table's seats: a card for each player with their name, tags,
// castles, clock and their own board (court, reserve, discs); the knights
// of the seat to act can be picked, or dragged onto the board.

import { cube, drawSeat, seatColour } from "../board.js";
import { t } from "../i18n.js";
import { el, svg } from "../page.js";
import { formatClock, clockOf } from "./clocks.js";
import { courtMove, discChoices, mySeats, myTurn, reserveChoices, shownState } from "./model.js";
import { names } from "../names.js";

/** The seats' cards for `model`; picks are sent to `dispatch`. */
export function drawSeats(model, dispatch, now) {
  const state = shownState(model);
  const seatNames = names(model);
  const mine = mySeats(model);
  const live = model.replayAt === null;
  const acting = live && myTurn(model) ? model.latest.decider : null;
  const reserve = reserveChoices(model);
  const discs = discChoices(model);
  const court = courtMove(model);
  return state.seats.map((_, seat) => {
    const info = model.seats[seat] || {};
    // A game ended as abandoned keeps the position it stopped at, whose
    // seat to act nobody waits for any more.
    const toAct = state.to_act === seat && state.phase !== "over" && !(live && model.status === "over");
    const place = state.order.indexOf(seat) + 1;
    const colour = seatColour(state, seat);
    const header = el("header", {},
      el("span", { class: `swatch owner-${colour}`, title: t(`colour-${colour}`), role: "img", "aria-label": t(`colour-${colour}`) }),
      el("span", { class: "seat-name" }, seatNames[seat]),
      mine.includes(seat) ? el("span", { class: "tag you" }, t("you")) : null,
      info.ai ? el("span", { class: "tag" }, t("level-tag", { level: info.ai })) : null,
      el("span", { class: "tag order", title: t("order-place-title") }, t("order-place", { place })),
      el("span", { class: "castles", title: t("castles-title") }, t("castles-count", { count: state.seats[seat].castles, target: state.castles_to_win })),
      info.clock_ms !== null && info.clock_ms !== undefined ? el("span", { class: "clock", "data-clock": seat }, formatClock(clockOf(model, seat, now))) : null,
      info.timed_out ? el("span", { class: "tag warn" }, t("timed-out")) : null,
      live && model.chances && model.chances.at === model.moves.length && mine.length === 0
        ? el("span", { class: "tag chance", "data-chance": seat, title: t("chance-title", { level: model.chances.level }) },
          t("chance", { percent: Math.round(model.chances.win[seat] * 100) }))
        : null,
      !info.ai && !info.free && info.connected === false && model.status !== "over" ? el("span", { class: "tag muted" }, t("away")) : null,
      model.thinking === seat && live ? el("span", { class: "tag thinking" }, t("thinking")) : null);
    const card = el("article", {
      class: `seat-card${toAct ? " to-act" : ""}${mine.includes(seat) ? " mine" : ""}`,
      "data-seat": seat,
      "aria-current": toAct ? "true" : undefined,
    }, header);
    const isActor = seat === acting;
    card.append(drawSeat(state, seat, {
      name: seatNames[seat],
      previous: live ? model.previous : null,
      reserveChoices: isActor ? reserve : null,
      selected: isActor ? model.selected : null,
      courtTarget: isActor && court !== null,
      discChoices: isActor ? discs : null,
      hint: isActor && model.hint ? model.hint.move : null,
      onReserve: (family) => {
        if (dragging.suppressClick) return;
        dispatch({ type: "pick-knight", family });
      },
      onCourt: () => dispatch({ type: "pick-court" }),
      onDisc: (disc) => dispatch({ type: "choose", token: `disc ${disc}` }),
    }));
    if (info.free && live) {
      const name = el("input", { type: "text", maxlength: 40, placeholder: t("your-name"), "aria-label": t("your-name"), "data-focus": `claim-name:${seat}` });
      const form = el("form", { class: "claim" }, name, el("button", { type: "submit", "data-focus": `claim:${seat}` }, t("take-seat")));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        dispatch({ type: "claim", seat, name: name.value.trim() || t("guest") });
      });
      card.append(form);
    }
    return card;
  });
}

/** Whether the click that ends a drag is to be ignored (it is not a second pick). */
const dragging = { suppressClick: false };

/**
 * Dragging a knight from the reserve: the knight is picked as by a click,
 * follows the pointer, and is placed where it is let go, if that is a
 * place it may go; anywhere else it stays picked. Listens on `list`, the
 * element holding the cards, which is made once.
 */
export function listenForDrags(list, dispatch) {
  list.addEventListener("pointerdown", (event) => {
    const knight = event.target.closest(".seat-card.mine .knight.choice");
    if (!knight || event.button > 0) return;
    const family = knight.dataset.family;
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    const move = (moved) => {
      if (!ghost) {
        if (Math.hypot(moved.clientX - start.x, moved.clientY - start.y) < 8) return;
        dispatch({ type: "pick-knight", family, keep: true });
        ghost = el("div", { class: "drag-ghost", "aria-hidden": "true" },
          svg("svg", { viewBox: "0 0 40 40", width: 36, height: 36 }, cube(family, 20, 20, 32)));
        document.body.append(ghost);
      }
      ghost.style.left = `${moved.clientX - 18}px`;
      ghost.style.top = `${moved.clientY - 18}px`;
    };
    const end = (ended) => {
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", end);
      document.removeEventListener("pointercancel", end);
      if (!ghost) return;
      ghost.remove();
      dragging.suppressClick = true;
      setTimeout(() => { dragging.suppressClick = false; }, 0);
      const below = document.elementFromPoint(ended.clientX, ended.clientY);
      const region = below && below.closest(".region.target");
      const court = below && below.closest(".court.target");
      if (region) dispatch({ type: "pick-region", index: Number(region.dataset.index) });
      else if (court) dispatch({ type: "pick-court" });
    };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", end);
    document.addEventListener("pointercancel", end);
  });
}
