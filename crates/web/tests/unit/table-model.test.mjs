// The table's pure update (assets/js/table/model.js): what each event does
// to the model and which effects it asks the page to carry out. States are
// written as the server's `carolus-state/1` would have them, with only the
// fields the table reads.

import { test } from "node:test";
import assert from "node:assert/strict";

const { initial, update, start, regionTargets, myTurn, canTakeBack, reserveChoices } =
  await import("../../assets/js/table/model.js");

const counts = (given = {}) => ({ R: 0, G: 0, B: 0, Y: 0, P: 0, ...given });

/** A two-player state: fifteen single-territory regions, seat 0 to act. */
function state(fields = {}) {
  return {
    players: 2,
    round: 1,
    phase: "place",
    to_act: 0,
    decider: 0,
    order: [0, 1],
    emperor: 0,
    regions: Array.from({ length: 15 }, (_, k) => ({ territories: [k + 1], knights: counts(), owner: null, castles: 0 })),
    control: { R: null, G: null, B: null, Y: null, P: null },
    seats: [0, 1].map(() => ({ court: counts(), reserve: counts({ R: 2 }), discs: [1, 2, 3], disc: 2, castles: 0, jokers: 0 })),
    winners: [],
    legal: ["place R court", "place R 1", "place R 7"],
    to_place: 3,
    castles_to_win: 10,
    landings: [],
    ...fields,
  };
}

/** A running game with `moves` moves whose seat 0 this device holds. */
function table(latest = state(), moves = ["draw RRGBYPG"]) {
  const view = {
    record: { format: "carolus-record/1", players: 2, setup: {}, moves },
    state: latest,
    status: "running",
    seats: [{ name: "Anna" }, { name: "Computer (level 1)", ai: 1 }],
    thinking: null,
    hints: true,
    clock: null,
    take_back: true,
    takebacks: 0,
  };
  return initial("g1", view, { seats: { 0: "token-0" }, pending: [] }, 0);
}

/** The model after `events` in order, with every effect asked for on the way. */
function after(model, ...events) {
  const effects = [];
  for (const event of events) {
    const [next, asked] = update(model, event);
    model = next;
    effects.push(...asked);
  }
  return [model, effects];
}

test("a table starts by asking for the states of the record so far", () => {
  const [, effects] = start(table());
  assert.deepEqual(effects.map((e) => e.type), ["fetch-states"]);
});

test("a knight picked and then a region lit for it plays that place, once", () => {
  const [model, effects] = after(table(), { type: "pick-knight", family: "R" }, { type: "pick-region", index: 6 },
    { type: "pick-region", index: 0 });
  assert.equal(model.pending, true);
  const sent = effects.filter((e) => e.type === "send");
  assert.equal(sent.length, 1, "a second pick while the first is on its way sends nothing");
  assert.deepEqual(sent[0].body, { move: "place R 7", at: 1 });
  assert.equal(sent[0].token, "token-0");
  assert.deepEqual(effects[0], { type: "focus-target" }, "picking a knight moves the focus to a place it may go");
});

test("a region that is no place for the knight picked plays nothing", () => {
  const [model, effects] = after(table(), { type: "pick-knight", family: "R" }, { type: "pick-region", index: 3 });
  assert.equal(model.pending, false);
  assert.equal(effects.filter((e) => e.type === "send").length, 0);
});

test("the emperor's targets are the regions the state's landings name", () => {
  // The landings are the server's: the page does no arithmetic on the ring.
  const moving = state({ phase: "move", legal: ["move 1", "move 2"], emperor: 4, landings: [9, 2] });
  const targets = regionTargets(table(moving));
  assert.deepEqual([...targets.entries()], [[9, { token: "move 1", steps: 1 }], [2, { token: "move 2", steps: 2 }]]);
  const [, effects] = after(table(moving), { type: "pick-region", index: 2 });
  assert.deepEqual(effects.find((e) => e.type === "send").body.move, "move 2");
});

test("in the emperor's phase the table asks once what each move would do", () => {
  const moving = state({ phase: "move", legal: ["move 1"], landings: [1] });
  const [model, effects] = after(table(), { type: "message", at: 0, message: {
    type: "update", from: 1, moves: ["place R 7"], state: moving, status: "running", thinking: null, takebacks: 0,
  } }, { type: "states", moves: 2, from: 0, states: [state(), state(), moving] });
  assert.equal(effects.filter((e) => e.type === "fetch-outcomes").length, 1);
  const [answered] = after(model, { type: "outcomes", at: 2, outcomes: [{ move: "move 1", state: moving }] });
  assert.equal(answered.outcomes.get("move 1"), moving);
  const [stale] = after(model, { type: "outcomes", at: 1, outcomes: [] });
  assert.equal(stale.outcomes, null, "an answer for an earlier position is dropped");
});

test("whose turn it is follows the state's decider, not the seat whose reserve is filled", () => {
  const drawing = state({ phase: "draw", to_act: 0, decider: null, legal: [] });
  assert.equal(myTurn(table(drawing)), false);
  assert.equal(myTurn(table(state())), true);
  assert.equal(myTurn(table(state({ to_act: 1, decider: 1 }))), false);
});

test("only a decision of this device's seat can be taken back, and a draw is none", () => {
  const drawn = state({ phase: "draw", decider: null, legal: [] });
  const [onlyDraw] = after(table(state(), ["draw RRGBYPG"]), { type: "states", moves: 1, from: 0, states: [drawn, state()] });
  assert.equal(canTakeBack(onlyDraw), false);
  const [decided] = after(table(state(), ["draw RRGBYPG", "place R 1"]),
    { type: "states", moves: 2, from: 0, states: [drawn, state(), state()] });
  assert.equal(canTakeBack(decided), true);
  const [, effects] = after(decided, { type: "take-back" });
  assert.deepEqual(effects, [{ type: "send", path: "takeback", action: "takeback", body: { at: 2 }, token: "token-0", stale: "conflict-with-length" }]);
});

test("a new move clears the pick and the hint, and the states are asked for again", () => {
  const [picked] = after(table(), { type: "pick-knight", family: "R" }, { type: "hint", at: 1, hint: { move: "place R 1", win: [0.5, 0.5] } });
  assert.equal(picked.selected, "R");
  assert.equal(picked.hint.move, "place R 1");
  const next = state({ to_act: 1, decider: 1 });
  const [model, effects] = after(picked, { type: "message", at: 5, message: {
    type: "update", from: 1, moves: ["place R 1"], state: next, status: "running", thinking: 1, takebacks: 0,
  } });
  assert.equal(model.selected, null);
  assert.equal(model.hint, null);
  assert.equal(model.previous.to_act, 0, "the board shows the move from the state before it");
  assert.deepEqual(model.moves, ["draw RRGBYPG", "place R 1"]);
  assert.ok(effects.some((e) => e.type === "fetch-states"));
});

test("an update with a gap asks the connection again, and one taking back shortens the record", () => {
  const [, gap] = after(table(), { type: "message", at: 0, message: {
    type: "update", from: 4, moves: ["disc 1"], state: state(), status: "running", thinking: null, takebacks: 0,
  } });
  assert.deepEqual(gap, [{ type: "reconnect" }]);
  const [long] = after(table(state(), ["draw RRGBYPG", "place R 1", "place R 1"]),
    { type: "states", moves: 3, from: 0, states: [state(), state(), state(), state()] });
  const [short] = after(long, { type: "message", at: 0, message: {
    type: "update", from: 1, moves: [], state: state(), status: "running", thinking: null, takebacks: 1,
  } });
  assert.deepEqual(short.moves, ["draw RRGBYPG"]);
  assert.equal(short.states.length, 2);
  assert.equal(short.notice, "decision-taken-back");
});

test("states for a record the page no longer has are dropped", () => {
  const [model] = after(table(), { type: "states", moves: 5, from: 0, states: [state()] });
  assert.deepEqual(model.states, []);
});

test("a hint can be asked for every decision, the disc and the joker too", () => {
  for (const phase of ["joker", "disc", "place", "move"]) {
    const [, effects] = after(table(state({ phase, legal: ["disc 1"] })), { type: "ask-hint" });
    assert.deepEqual(effects, [{ type: "fetch-hint", token: "token-0", at: 1 }], phase);
  }
});

test("a refused move is said as stale or by its refusal, and may be made again", () => {
  const [refused] = after(table(), { type: "choose", token: "place R 1" },
    { type: "refused", action: "move", failure: { status: 403, code: "not_your_turn" }, stale: false });
  assert.deepEqual(refused.error, { action: "move", status: 403, code: "not_your_turn" });
  const [model] = after(table(), { type: "choose", token: "place R 1" }, { type: "refused", action: "move", failure: { status: 409, code: "stale" }, stale: true });
  assert.equal(model.pending, false);
  assert.deepEqual(model.error, { key: "error-stale" });
  const [again, effects] = after(model, { type: "choose", token: "place R 1" });
  assert.equal(again.pending, true);
  assert.equal(effects.length, 1);
});

test("a seat's link the server refuses is forgotten; a token the server names is kept", () => {
  const pending = { ...table(), held: { seats: {}, pending: ["stranger"] } };
  const [forgot, effects] = after(pending, { type: "message", at: 0, message: { type: "error", status: 403, error: "not yours" } });
  assert.deepEqual(effects, [{ type: "forget-tokens", tokens: ["stranger"] }]);
  assert.deepEqual(forgot.held.pending, []);
  const [learnt, kept] = after(pending, { type: "message", at: 0, message: { type: "auth", seat: 1 } });
  assert.deepEqual(kept, [{ type: "keep-token", seat: 1, token: "stranger" }]);
  assert.deepEqual(learnt.held, { seats: { 1: "stranger" }, pending: [] });
});

test("nothing can be picked while the game is replayed", () => {
  const [replaying] = after(table(), { type: "states", moves: 1, from: 0, states: [state(), state()] }, { type: "replay-go", at: 0 });
  assert.equal(replaying.replayAt, 0);
  assert.equal(reserveChoices(replaying).size, 0);
  const [back] = after(replaying, { type: "replay-toggle" });
  assert.equal(back.replayAt, null);
});

test("a hint's reasons are shown and hidden by Why?, and a new position hides them", () => {
  const hint = { move: "place R 7", win: [0.6, 0.4], level: 4, line: ["place R 7"], facts: [], text: "Anna leads in region 7." };
  let [model] = after(table(), { type: "toggle-why" });
  assert.equal(model.why, false, "no hint, nothing to show");
  [model] = after(model, { type: "hint", at: 1, hint }, { type: "toggle-why" });
  assert.equal(model.why, true);
  [model] = after(model, { type: "toggle-why" });
  assert.equal(model.why, false);
  [model] = after(model, { type: "toggle-why" }, {
    type: "message", at: 0,
    message: { type: "update", from: 1, moves: ["place R 7"], state: state(), status: "running", thinking: null, takebacks: 0 },
  });
  assert.equal(model.hint, null);
  assert.equal(model.why, false);
});

test("a move of the log is explained once the game is over, with the record up to it", () => {
  const moves = ["draw RRGBYPG", "place R 7", "place R court"];
  const states = [state({ decider: null, to_act: null }), state(), state({ to_act: 1, decider: 1 }), state({ phase: "over", legal: [] })];
  let model = table(state({ phase: "over", legal: [] }), moves);
  [model] = after(model, { type: "states", moves: 3, from: 0, states });
  let effects;
  [, effects] = after(model, { type: "explain-move", index: 1 });
  assert.deepEqual(effects, [], "not while the game runs for its players");
  model = { ...model, status: "over" };
  [, effects] = after(model, { type: "explain-move", index: 0 });
  assert.deepEqual(effects.filter((e) => e.type === "fetch-explain"), [], "a draw is nobody's decision");
  [model, effects] = after(model, { type: "explain-move", index: 1 });
  const asked = effects.find((effect) => effect.type === "fetch-explain");
  assert.equal(asked.move, "place R 7");
  assert.deepEqual(asked.record.moves, ["draw RRGBYPG"]);
  assert.equal(model.replayAt, 1, "the board shows the position before the move");
  const answer = { move: "place R 7", best: "place R court", value: -0.1, line: ["place R 7"], facts: [], text: "…", alternatives: [] };
  [model] = after(model, { type: "explained", index: 2, answer }, { type: "explained", index: 1, answer });
  assert.equal(model.explained.answer, answer, "an answer for another move is dropped");
  [, effects] = after(model, { type: "explain-move", index: 1 });
  assert.deepEqual(effects, [], "an answer at hand is not asked for again");
  [model] = after(model, { type: "explain-move", index: 2 }, { type: "explain-failed", index: 2, failure: { status: 503, code: null } });
  [, effects] = after(model, { type: "explain-move", index: 2 });
  assert.equal(effects.length, 1, "a failure may be asked again");
});

test("a review's decision is tried again from the record up to it, by its person only", () => {
  const moves = ["draw RRGBYPG", "place R 7", "place R court"];
  let model = { ...table(state({ phase: "over", legal: [] }), moves), status: "over" };
  model = { ...model, seats: [{ name: "Anna" }, { name: "Computer (level 4)", ai: 4 }] };
  let [, effects] = after(model, { type: "try-again", index: 2, seat: 1 });
  assert.deepEqual(effects, [], "the computer's decisions are not tried again");
  [model, effects] = after(model, { type: "try-again", index: 2, seat: 0 });
  assert.equal(effects.length, 1);
  const [asked] = effects;
  assert.equal(asked.type, "practice");
  assert.deepEqual(asked.record.moves, ["draw RRGBYPG"], "the moves before the decision");
  assert.equal(asked.record.result, undefined);
  assert.equal(asked.name, "Anna");
  assert.equal(asked.level, 4, "against the table's strongest computer");
  [model] = after(model, { type: "practice-failed", failure: { status: 503, code: null } });
  assert.deepEqual(model.error, { action: "practice", status: 503, code: null }, "kept to be said in words");
  assert.equal(model.pending, false);
});

/** The guided first game at `moves` moves, seat 0 held here, and the
 * progress this device kept. */
function lessonTable(moves = ["draw RRGBYPG"], kept = null) {
  const view = {
    record: { format: "carolus-record/1", players: 2, setup: {}, moves, meta: { lesson: "first-game" } },
    state: state(),
    status: "running",
    seats: [{ name: "Anna" }, { name: "Computer (level 1)", ai: 1 }],
    thinking: null,
    hints: false,
    clock: null,
    take_back: true,
    takebacks: 0,
  };
  return initial("g1", view, { seats: { 0: "token-0" }, pending: [] }, 0, kept);
}

const regionStep = { index: 2, count: 9, lesson: "region", active: true, message: "lesson-region", text: "…",
  highlight: { kind: "region", region: 7 }, show_me: "place R 7" };

test("the guided game asks the server for its step with the progress kept, and keeps the answer's", () => {
  const [model, effects] = start(lessonTable(["draw RRGBYPG"], { lesson: 2, at: 1 }));
  const asked = effects.find((e) => e.type === "fetch-lesson");
  assert.deepEqual(asked.progress, { lesson: 2, at: 1 });
  assert.equal(asked.at, 1);
  assert.equal(asked.record.meta.lesson, "first-game");
  const answer = { progress: { lesson: 2, at: 1 }, step: regionStep };
  const [next, kept] = after(model, { type: "lesson", at: 1, answer });
  assert.equal(next.lesson.step, regionStep);
  assert.deepEqual(kept, [{ type: "keep-lesson", progress: { lesson: 2, at: 1 } }]);
  // "Show me" plays the step's move.
  const [, sent] = after(next, { type: "lesson-show" });
  assert.deepEqual(sent.find((e) => e.type === "send").body, { move: "place R 7", at: 1 });
});

test("a step for a record the page no longer has is dropped, and show me plays nothing meanwhile", () => {
  const [model] = start(lessonTable());
  const [stale] = after(model, { type: "lesson", at: 0, answer: { progress: { lesson: 0, at: 0 }, step: regionStep } });
  assert.equal(stale.lesson.step, null);
  const [, effects] = after(stale, { type: "lesson-show" });
  assert.deepEqual(effects, []);
});

test("skipping asks the server with the skip, and other games have no lessons", () => {
  const [model] = start(lessonTable());
  const [answered] = after(model, { type: "lesson", at: 1, answer: { progress: { lesson: 2, at: 1 }, step: regionStep } });
  const [, one] = after(answered, { type: "lesson-skip", all: false });
  assert.equal(one[0].type, "fetch-lesson");
  assert.equal(one[0].skip, "one");
  const [, all] = after(answered, { type: "lesson-skip", all: true });
  assert.equal(all[0].skip, "all");
  const [plain, effects] = start(table());
  assert.equal(plain.lesson, null);
  assert.ok(!effects.some((e) => e.type === "fetch-lesson"));
});
