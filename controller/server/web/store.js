// The page's one state object: what the server said, what this page chose, and who redraws.

/**
 * Everything the page remembers lives here (no other module keeps state of its own):
 * - server: the last state received (GET /api/state, a POST's answer or the event stream);
 * - info: GET /api/info (layout, simulated board, names);
 * - view: server and info together: what every part of the page draws;
 * - the freshness stamps: answers can arrive out of order (a GET sent before a POST may answer
 *   after it); every request and pushed state takes a number when it starts, and an answer
 *   older than the state shown is dropped (the event stream pushes every change);
 * - the page's own choices: the hint shown, the fix list open (fix.js), the lit holes last
 *   brought into view (inview.js), the Pay-Off hand open, the setup form, the log;
 * - what the page has mounted: the board views and panels shown, the sound's audio context,
 *   whether the browser was found without a voice (noVoice: speech.js), the element that had
 *   the focus last and the part it was handed to, kept in sight (focused, handed: focus.js);
 * - replay: a past position the board views show instead of the live one (views.js);
 * - settings: the settings page's values as the board last answered them (settings.js);
 * - picoReading: the settings page's reading of the Pico update's status while one runs;
 * - answer: the answer box's timer, whether the board answered at the last state and the
 *   moment a refusal concerns, the last move the host refused (answers.js).
 */
export const state = {
  server: null,
  info: {},
  view: null,
  stamp: 0,
  shownStamp: 0,
  refreshing: null,
  hint: { hole: null, step: null, timer: null },
  fixOpen: false,
  fixMoreShown: false,
  litInView: "",
  hand: { team: null, tokensLeft: "" },
  setup: { touched: false, followed: "", seats: [], names: [] },
  logged: [],
  piecePhase: "",
  countdown: { key: "", until: 0, seconds: 0, timer: null },
  tokenAnswer: null,
  views: { main: null, extras: new Map() },
  replay: null,
  panels: [],
  audio: null,
  noVoice: false,
  focused: null,
  handed: null,
  settings: null,
  picoReading: null,
  answer: { timer: null, boardAnswered: null, moment: "", refusedAt: null },
};

const drawers = [];
const eventWatchers = [];

/** draw(view) runs on every new state, in the order registered. */
export function onDraw(draw) {
  drawers.push(draw);
}

/** watch(events, view) runs with the public events new since the last state. */
export function onNewEvents(watch) {
  eventWatchers.push(watch);
}

export function nextStamp() {
  state.stamp += 1;
  return state.stamp;
}

/** Take a state that started at ``started`` unless a newer one is shown already. */
export function receive(started, fresh) {
  if (started < state.shownStamp) return;
  state.shownStamp = started;
  state.server = fresh;
  redraw();
}

/** Draw the last state again (after the page's own choice changed). */
export function redraw() {
  if (!state.server) return;
  const info = state.info;
  state.view = { layout: info.layout, sim: info.sim, ...state.server };
  for (const draw of drawers) draw(state.view);
}

/** Tell the watchers about the events new in ``view``. */
export function announce(events, view) {
  for (const watch of eventWatchers) watch(events, view);
}

export const $ = (id) => document.getElementById(id);
