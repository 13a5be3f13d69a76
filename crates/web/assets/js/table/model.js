// What a game's table knows and how it changes: a plain object (the model)
// and a pure `update(model, event) -> [model, effects]`, in the way the
// terminal game's `App::handle(Event) -> Vec<Effect>` keeps state changes
// apart from drawing and from input and output.
//
// Events are what happened: a message of the WebSocket, an answer of the
// server, a person's pick. Effects are what the page must do because of it:
// send a move, ask for states or outcomes, keep a token, say something to
// a screen reader. `update` does neither input nor output and reads no
// clock, so that tests/unit can check every change with plain objects.
//
// The model decides no rule: whose decision it is (`decider`), where the
// emperor stops (`landings`), the castles that win (`castles_to_win`) and
// the moves offered (`legal`) are read off the server's `carolus-state/1`.

import { regionOf } from "../regions.js";

/**
 * The model of a table from the server's view of the game
 * (`GET /api/games/{id}`) and the tokens this device holds
 * (`{seats: {seat: token}, pending: [token]}`); `now` is when the seats'
 * clocks were read, in milliseconds.
 */
export function initial(id, view, held, now, lessonProgress = null) {
  return {
    id,
    setup: view.record,
    moves: [...view.record.moves],
    // states[k] is the state after k moves; filled from `POST /api/replay`.
    states: [],
    latest: view.state,
    // The state before the newest move, while the board shows that move.
    previous: null,
    status: view.status,
    seats: view.seats,
    seatsAt: now,
    thinking: view.thinking,
    hints: view.hints,
    clock: view.clock,
    held,
    takeBackAllowed: view.take_back,
    takebacks: view.takebacks,
    connected: false,
    // The family of the knight picked in the reserve, to be placed.
    selected: null,
    // What each `move k` would lead to: a Map from token to state, for the
    // emperor's choices of `latest`.
    outcomes: null,
    outcomesAsked: false,
    hint: null,
    // Whether the hint's reasons (its `text`) are shown.
    why: false,
    // The move of the log being explained: `{index, answer, error}`, the
    // move `moves[index]` against the computer's best (`POST /api/explain`).
    explained: null,
    // Whether the review of a finished game is open.
    reviewOpen: false,
    // `{key, args}` for the page's own words, `{text}` for the server's.
    error: null,
    notice: null,
    pending: false,
    // The move shown while the game is replayed; null when live.
    replayAt: null,
    analysis: null,
    analysisAsked: false,
    analysisError: null,
    chances: null,
    // The guided first game (a record whose meta says so, played at this
    // device): the learner's progress as the server last said it, and
    // the step to show (`POST /api/lessons/step`); null for other games.
    lesson: isLesson(view.record) && Object.keys(held.seats).length > 0
      ? { progress: lessonProgress || { lesson: 0, at: 0 }, step: null, at: null, askedAt: null, error: null }
      : null,
  };
}

/** The guided game's step for the position now, or null while the
 * server's answer for it is on its way (or for other games). */
export function lessonStep(model) {
  return model.lesson && model.lesson.at === model.moves.length ? model.lesson.step : null;
}

/** Whether `record` is the guided first game's (its `meta.lesson`). */
export function isLesson(record) {
  return Boolean(record && record.meta && record.meta.lesson === "first-game");
}

// ---- What follows from the model ----------------------------------------

/** The seats whose tokens this device holds. */
export function mySeats(model) {
  return Object.keys(model.held.seats).map(Number);
}

/** The token of the seat that decides now, if this device holds it. */
export function tokenToAct(model) {
  const seat = model.latest.decider;
  return seat === null || seat === undefined ? null : model.held.seats[seat] || null;
}

/** Whether a person at this device decides now. */
export function myTurn(model) {
  return model.status === "running" && tokenToAct(model) !== null && model.latest.legal.length > 0 &&
    !(model.seats[model.latest.decider] || {}).timed_out;
}

/** Whether this device may pick something now (its turn, no move on its way, live). */
export function mayPick(model) {
  return myTurn(model) && !model.pending && model.replayAt === null;
}

/** The state on the board: the live one, or the one replayed. */
export function shownState(model) {
  if (model.replayAt === null) return model.latest;
  return model.states[Math.min(model.replayAt, model.states.length - 1)] || model.latest;
}

/** The record as the server has it so far. */
export function record(model) {
  return { ...model.setup, moves: model.moves };
}

/** The emperor's moves offered now, with the region each lands in (from the state's `landings`). */
export function emperorChoices(model) {
  const state = model.latest;
  return state.legal
    .filter((token) => token.startsWith("move "))
    .map((token) => Number(token.split(" ")[1]))
    .sort((a, b) => a - b)
    .map((steps) => ({ steps, index: state.landings[steps - 1], token: `move ${steps}` }));
}

/**
 * The regions a person may pick now: a Map from region index to the move
 * picking it plays, `{token, family}` when placing the knight picked, or
 * `{token, steps}` for the emperor.
 */
export function regionTargets(model) {
  const targets = new Map();
  if (!mayPick(model)) return targets;
  const state = model.latest;
  if (state.phase === "place" && model.selected) {
    for (const token of state.legal) {
      const [, family, where] = token.split(" ");
      if (family !== model.selected || where === "court") continue;
      targets.set(regionOf(state, Number(where)), { token, family });
    }
  }
  if (state.phase === "move") {
    for (const { steps, index, token } of emperorChoices(model)) {
      if (!targets.has(index)) targets.set(index, { token, steps });
    }
  }
  return targets;
}

/** The court's move for the knight picked, if it may go there now. */
export function courtMove(model) {
  if (!mayPick(model) || model.latest.phase !== "place" || !model.selected) return null;
  const token = `place ${model.selected} court`;
  return model.latest.legal.includes(token) ? token : null;
}

/** The families whose knights may be picked in the reserve now. */
export function reserveChoices(model) {
  const families = new Set();
  if (!mayPick(model) || model.latest.phase !== "place") return families;
  for (const token of model.latest.legal) {
    if (token.startsWith("place ")) families.add(token.split(" ")[1]);
  }
  return families;
}

/** The discs that may be chosen now. */
export function discChoices(model) {
  const discs = new Set();
  if (!mayPick(model) || model.latest.phase !== "disc") return discs;
  for (const token of model.latest.legal) {
    if (token.startsWith("disc ")) discs.add(Number(token.split(" ")[1]));
  }
  return discs;
}

/** Whether this device may take back its last decision now: a game that
 * allows it, running, live, with a decision of this device's seats in the
 * record (a move played where the state names that seat its decider). */
export function canTakeBack(model) {
  if (!model.takeBackAllowed || model.status !== "running" || model.replayAt !== null) return false;
  const mine = new Set(mySeats(model));
  const known = Math.min(model.moves.length, model.states.length - 1);
  for (let ply = 0; ply < known; ply += 1) {
    if (mine.has(model.states[ply].decider)) return true;
  }
  return false;
}

/** Whether the moves of the log may be explained ("Why?"): once the game
 * is over, or to a spectator; players of a running game get hints instead. */
export function mayExplainLog(model) {
  return model.status === "over" || watching(model);
}

/** Whether this device only watches a running game (it is shown the
 * computer's estimate of the chances; players see them after the game). */
export function watching(model) {
  return model.status === "running" && mySeats(model).length === 0 && model.latest.legal.length > 0;
}

// ---- Changes -----------------------------------------------------------

/** The effects a table starts with: the states of the record so far, the
 * chances for a spectator, the analysis of a finished game. */
export function start(model) {
  const effects = [{ type: "fetch-states" }];
  if (watching(model)) effects.push({ type: "fetch-chances", at: model.moves.length });
  return follow(model, effects);
}

/** What a new position clears: the pick, the emperor's previews, the hint, the error. */
function freshDecision(model) {
  return { ...model, selected: null, outcomes: null, outcomesAsked: false, hint: null, why: false, error: null, pending: false };
}

/** The effects that follow whenever the model may newly need them. */
function follow(model, effects) {
  let next = model;
  if (myTurn(next) && next.latest.phase === "move" && !next.outcomesAsked) {
    next = { ...next, outcomesAsked: true };
    effects.push({ type: "fetch-outcomes", at: next.moves.length, record: record(next) });
  }
  if (next.lesson && next.lesson.askedAt !== next.moves.length) {
    next = { ...next, lesson: { ...next.lesson, askedAt: next.moves.length } };
    effects.push({ type: "fetch-lesson", at: next.moves.length, record: record(next), progress: next.lesson.progress, skip: null });
  }
  if (next.status === "over" && !next.analysisAsked) {
    next = { ...next, analysisAsked: true };
    effects.push({ type: "fetch-analysis" });
  }
  return [next, effects];
}

/** Plays `token` as the seat that decides, if it is offered and nothing is on its way. */
function play(model, token) {
  const seatToken = tokenToAct(model);
  if (!mayPick(model) || !model.latest.legal.includes(token) || !seatToken) return [model, []];
  return [{ ...model, pending: true, error: null }, [{
    type: "send",
    path: "moves",
    action: "move",
    body: { move: token, at: model.moves.length },
    token: seatToken,
    // Any 409 to a move means the record moved on under it.
    stale: "any-conflict",
  }]];
}

/** A message of the game's WebSocket (API.md, "Live updates"). */
function receive(model, message) {
  switch (message.type) {
    case "update": {
      let next = { ...model, previous: null };
      const tookBack = message.takebacks !== next.takebacks;
      if (tookBack) {
        // The record was shortened (and this update goes on from where):
        // what this page had past that point is gone.
        const moves = next.moves.slice(0, Math.min(next.moves.length, message.from));
        next = {
          ...next,
          moves,
          states: next.states.slice(0, Math.min(next.states.length, moves.length + 1)),
          takebacks: message.takebacks,
          latest: message.state,
          notice: "decision-taken-back",
        };
      }
      const known = next.moves.length;
      if (message.from > known) {
        // A gap: ask again from what this page has.
        return [next, [{ type: "reconnect" }]];
      }
      const fresh = message.moves.slice(known - message.from);
      next = {
        ...next,
        moves: [...next.moves, ...fresh],
        status: message.status,
        thinking: message.thinking,
        ...(message.seats ? { seats: message.seats, seatsAt: message.at } : {}),
      };
      if (fresh.length > 0 || message.from === known) {
        next = { ...next, previous: tookBack ? null : next.latest, latest: message.state };
      }
      const effects = [];
      if (fresh.length > 0 && !tookBack) next = { ...next, notice: null };
      if (fresh.length > 0 || tookBack) {
        next = freshDecision(next);
        effects.push({ type: "fetch-states" });
      }
      if (fresh.length > 0 && watching(next)) effects.push({ type: "fetch-chances", at: next.moves.length });
      return follow(next, effects);
    }
    case "seats":
      return follow({ ...model, status: message.status, ...(message.seats ? { seats: message.seats, seatsAt: message.at } : {}) }, []);
    case "thinking":
      return [{ ...model, thinking: message.seat }, []];
    case "auth": {
      // The WebSocket named the seat of the token it was given.
      const token = Object.values(model.held.seats)[0] || model.held.pending[0];
      if (!token || model.held.seats[message.seat] === token) return follow(model, []);
      const held = {
        seats: { ...model.held.seats, [message.seat]: token },
        pending: model.held.pending.filter((other) => other !== token),
      };
      return follow({ ...model, held }, [{ type: "keep-token", seat: message.seat, token }]);
    }
    case "error": {
      const effects = [];
      let held = model.held;
      if ((message.status === 401 || message.status === 403) && held.pending.length > 0) {
        // A seat's link whose token is not this game's: forget it, so
        // that the page does not offer it again.
        effects.push({ type: "forget-tokens", tokens: held.pending });
        held = { ...held, pending: [] };
      }
      return [{ ...model, held, error: { action: "socket", status: message.status, code: message.code || null }, pending: false }, effects];
    }
    default:
      return [model, []];
  }
}

/**
 * The model after `event`, and the effects the page must carry out. The
 * events:
 *
 * - `{type: "message", message, at}`: a WebSocket message, received at `at` ms;
 * - `{type: "connection", up}`;
 * A failed request's event carries `failure`, its `{status, code}` as
 * refusals.js's `failure` keeps them; the model keeps it with the request
 * (`action`) and the page says it in words.
 *
 * - `{type: "states", moves, from, states}` / `{type: "states-failed", failure}`:
 *   `POST /api/replay?from=…` for the record of `moves` moves;
 * - `{type: "outcomes", at, outcomes}` / `{type: "outcomes-failed", at, failure}`: `POST /api/outcomes`;
 * - `{type: "analysis", answer}` / `{type: "analysis-failed", failure}`;
 * - `{type: "chances", at, answer}`;
 * - `{type: "hint", at, hint}` / `{type: "hint-failed", failure}`;
 * - `{type: "explained", index, answer}` / `{type: "explain-failed", index, failure}`:
 *   `POST /api/explain` for the log's move `index`;
 * - `{type: "refused", action, failure, stale}`: a change the server refused;
 * - `{type: "lesson", at, answer}` / `{type: "lesson-failed", failure}`:
 *   `POST /api/lessons/step` for the record of `at` moves;
 * - the learner's `lesson-skip` (`all`) and `lesson-show` (play the
 *   step's "show me");
 * - `{type: "claimed", seat, token}` / `{type: "claim-failed", failure}`;
 * - a person's picks: `pick-knight` (`family`), `pick-region` (`index`),
 *   `pick-court`, `choose` (`token`), `take-back`, `ask-hint`,
 *   `claim` (`seat`, `name`), `replay-toggle` (`at`), `replay-go` (`at`;
 *   also starts the replay; with `show`, brings the board into view),
 *   `toggle-why` (the hint's reasons), `toggle-review`,
 *   `try-again` (`index`, `seat`: the review's decision, in a new game
 *   against the computer; `practice-failed` when the server refuses),
 *   `explain-move` (`index`: the log's move, shown on the board as it was
 *   before it).
 *
 * The effects: `fetch-states` (the states the page lacks), `fetch-outcomes`
 * (`at`, `record`), `fetch-analysis`, `fetch-chances` (`at`), `fetch-hint`
 * (`token`, `at`), `fetch-explain` (`index`, `record`, `move`), `practice`
 * (`record`, `name`, `level`: a new game from the record's position), `send` (`path`, `body`, `token`, and `stale`, which
 * refusals mean the view was stale), `claim` (`seat`, `name`),
 * `keep-token` (`seat`, `token`), `forget-tokens` (`tokens`),
 * `authenticate` (`token`), `reconnect`, `fetch-lesson` (`at`, `record`,
 * `progress`, `skip`), `keep-lesson` (`progress`), `show-board` (scroll the
 * board into view), and `focus-target` (the focus to
 * the first place the knight picked may go).
 */
export function update(model, event) {
  switch (event.type) {
    case "message":
      return receive(model, { ...event.message, at: event.at });
    case "connection":
      return [{ ...model, connected: event.up }, []];
    case "states": {
      // An answer for a record the page no longer has is dropped: the
      // update that changed the record asked again.
      if (event.moves !== model.moves.length) return [model, []];
      const states = [...model.states.slice(0, event.from), ...event.states];
      return follow({ ...model, states }, []);
    }
    case "states-failed":
      return [{ ...model, error: { action: "states", ...event.failure } }, []];
    case "outcomes":
      if (event.at !== model.moves.length) return [model, []];
      return [{ ...model, outcomes: new Map(event.outcomes.map((outcome) => [outcome.move, outcome.state])) }, []];
    case "outcomes-failed":
      if (event.at !== model.moves.length) return [model, []];
      return [{ ...model, error: { action: "outcomes", ...event.failure } }, []];
    case "analysis":
      return [{ ...model, analysis: event.answer }, []];
    case "analysis-failed":
      return [{ ...model, analysisError: { action: "analysis", ...event.failure } }, []];
    case "chances":
      if (event.at !== model.moves.length) return [model, []];
      return [{ ...model, chances: event.answer }, []];
    case "hint":
      if (event.at !== model.moves.length) return [model, []];
      return [{ ...model, hint: event.hint, why: false }, []];
    case "toggle-review":
      return [{ ...model, reviewOpen: !model.reviewOpen }, []];
    case "try-again": {
      // The review's decision `index` (counted from 1) played again by its
      // person against the table's strongest computer (level 3 if none).
      const info = model.seats[event.seat];
      if (model.status !== "over" || !info || info.ai || !(event.index >= 1 && event.index <= model.moves.length)) return [model, []];
      const levels = model.seats.map((seat) => seat.ai || 0);
      return [{ ...model, pending: true }, [{
        type: "practice",
        record: { ...model.setup, moves: model.moves.slice(0, event.index - 1), result: undefined },
        name: info.name,
        level: Math.max(...levels) || 3,
      }]];
    }
    case "practice-failed":
      return [{ ...model, pending: false, error: { action: "practice", ...event.failure } }, []];
    case "toggle-why":
      return model.hint ? [{ ...model, why: !model.why }, []] : [model, []];
    case "explain-move": {
      const index = event.index;
      if (!mayExplainLog(model) || !(index >= 0 && index < model.moves.length)) return [model, []];
      const before = model.states[index];
      if (!before || before.decider === null) return [model, []];
      const shown = { ...model, replayAt: clampReplay(model, index) };
      // Asked again only if the last answer for it was a failure.
      if (model.explained && model.explained.index === index && !model.explained.error) return [shown, []];
      return [{ ...shown, explained: { index, answer: null, error: null } }, [{
        type: "fetch-explain",
        index,
        // The record up to the position; a finished game's result is no
        // part of it.
        record: { ...model.setup, moves: model.moves.slice(0, index), result: undefined },
        move: model.moves[index],
      }]];
    }
    case "explained":
    case "explain-failed": {
      if (!model.explained || model.explained.index !== event.index) return [model, []];
      return [{ ...model, explained: { index: event.index, answer: event.answer || null, error: event.failure || null } }, []];
    }
    case "hint-failed":
      return [{ ...model, error: { action: "hint", ...event.failure } }, []];
    case "refused":
      return [{ ...model, pending: false, error: event.stale ? { key: "error-stale" } : { action: event.action, ...event.failure } }, []];
    case "claimed":
      return [{ ...model, held: { ...model.held, seats: { ...model.held.seats, [event.seat]: event.token } } },
        [{ type: "keep-token", seat: event.seat, token: event.token }, { type: "authenticate", token: event.token }]];
    case "claim-failed":
      return [{ ...model, error: { action: "claim", ...event.failure } }, []];
    case "pick-knight": {
      if (!reserveChoices(model).has(event.family)) return [model, []];
      const selected = model.selected === event.family && !event.keep ? null : event.family;
      return [{ ...model, selected }, selected ? [{ type: "focus-target" }] : []];
    }
    case "pick-region": {
      const target = regionTargets(model).get(event.index);
      return target ? play(model, target.token) : [model, []];
    }
    case "pick-court": {
      const token = courtMove(model);
      return token ? play(model, token) : [model, []];
    }
    case "choose":
      return play(model, event.token);
    case "take-back": {
      if (!canTakeBack(model) || model.pending) return [model, []];
      const seat = mySeats(model)[0];
      return [{ ...model, pending: true, error: null }, [{
        type: "send",
        path: "takeback",
        action: "takeback",
        body: { at: model.moves.length },
        token: model.held.seats[seat],
        // A 409 with the record's length is a stale view; one without (no
        // decision to take back, the game over) is said as the server says it.
        stale: "conflict-with-length",
      }]];
    }
    case "ask-hint": {
      const token = tokenToAct(model);
      if (!model.hints || !token) return [model, []];
      return [model, [{ type: "fetch-hint", token, at: model.moves.length }]];
    }
    case "claim":
      return [model, [{ type: "claim", seat: event.seat, name: event.name }]];
    case "lesson": {
      if (!model.lesson || event.at !== model.moves.length) return [model, []];
      const lesson = { ...model.lesson, progress: event.answer.progress, step: event.answer.step, at: event.at, error: null };
      return [{ ...model, lesson }, [{ type: "keep-lesson", progress: event.answer.progress }]];
    }
    case "lesson-failed":
      if (!model.lesson) return [model, []];
      return [{ ...model, lesson: { ...model.lesson, error: event.failure } }, []];
    case "lesson-skip": {
      if (!model.lesson || !model.lesson.step || model.lesson.step.lesson === null) return [model, []];
      return [model, [{ type: "fetch-lesson", at: model.moves.length, record: record(model), progress: model.lesson.progress,
        skip: event.all ? "all" : "one" }]];
    }
    case "lesson-show": {
      const step = lessonStep(model);
      return step && step.show_me ? play({ ...model, selected: null }, step.show_me) : [model, []];
    }
    case "replay-toggle":
      if (model.replayAt !== null) return [{ ...model, replayAt: null }, []];
      return [{ ...model, replayAt: clampReplay(model, event.at ?? model.moves.length) }, []];
    case "replay-go":
      // From the log or the graph, which may lie below the board: the
      // board is brought into view to show the move.
      return [{ ...model, replayAt: clampReplay(model, event.at) }, event.show ? [{ type: "show-board" }] : []];
    default:
      return [model, []];
  }
}

function clampReplay(model, at) {
  return Math.min(Math.max(0, at), Math.max(0, model.states.length - 1));
}
