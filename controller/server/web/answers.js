// Every answer where the player looks: a refused order's reason just above the action bar (in
// the first screen, read by screen readers), and the board's health first: the status beside the
// title says when the board does not answer or the page lost the service, and Roll, FLIX,
// PENALTY and Undo are then disabled with that reason; a brief notice says when it answers again.
// In remote play a move the host refused says why there too.

import { $, onDraw, state } from "./store.js";
import { onLanguage, t } from "./i18n.js";
import { boardSays, describeEvent } from "./words.js";

/** How long a refusal stays (it also goes with the next order taken). */
const REFUSAL_MS = 10_000;
/** How long a notice (the board answers again) stays. */
const NOTICE_MS = 5_000;
/** The game's controls, disabled while the board or the service is away: the action bar's,
 * and each player's FLIX and PENALTY. */
const GAME_CONTROLS = '#roll, #flix, #penalty, #undo, #seats button[data-action="flix"], #seats button[data-action="penalty"]';

/** Show ``text`` in the answer box above the bar (``kind``: ``error`` or ``info``); "" hides it. */
export function showAnswer(text, kind = "error") {
  const box = $("answer");
  clearTimeout(state.answer.timer);
  box.hidden = !text;
  box.textContent = text;
  box.dataset.kind = kind;
  if (text) {
    state.answer.timer = setTimeout(() => showAnswer(""), kind === "error" ? REFUSAL_MS : NOTICE_MS);
  }
}

/** Why the game's controls do nothing now, or "" when they may. */
function blockedBecause() {
  const link = $("connection").dataset.state;
  if (link !== "live") return link === "connecting" ? t("connecting…") : t("The page lost the board's service: reconnecting…");
  if (state.view?.connected === false) return t("The board is not answering: searching for it.");
  return "";
}

/** The status beside the title: the link to the service, and the board behind it; a sensor
 * that reads what no connected sensor gives (a broken wire) is named on the health line. */
function drawStatus() {
  const connection = $("connection");
  const link = connection.dataset.state;
  const away = link === "live" && state.view?.connected === false;
  const health = link === "live" && !away && state.view ? boardSays(state.view).health : [];
  connection.dataset.board = away ? "away" : health.length ? "fault" : "";
  if (link === "connecting") connection.textContent = t("connecting…");
  else if (link !== "live") connection.textContent = t("reconnecting…");
  else connection.textContent = away ? t("no board") : health.length ? t("sensor fault") : t("live");
  connection.title = away ? t("The board is not answering: searching for it.") : health.join("; ");
  const line = $("board-health");
  const said = health.join(". ");
  line.hidden = !said;
  line.textContent = said ? `${said}.` : "";
}

/** Roll, FLIX, PENALTY and Undo disabled with the reason while the board or service is away
 * (their own title back once it is over, unless their module drew a new one). */
function drawControls() {
  const reason = blockedBecause();
  const said = $("controls-reason");
  const before = said.dataset.said ?? "";
  said.textContent = reason;
  said.dataset.said = reason;
  for (const button of document.querySelectorAll(GAME_CONTROLS)) {
    const blocked = "blocked" in button.dataset;
    if (reason) {
      if (!blocked || button.title !== before) button.dataset.blocked = button.title;
      button.disabled = true;
      button.title = reason;
      button.setAttribute("aria-describedby", "controls-reason");
    } else if (blocked) {
      if (button.title === before) button.title = button.dataset.blocked;
      delete button.dataset.blocked;
      button.removeAttribute("aria-describedby");
    }
  }
}

function draw(view) {
  // A refusal concerns the moment it was made: it goes when the game moves on.
  const moment = JSON.stringify([view.variant, view.phase, view.to_move, view.events?.at(-1) ?? null]);
  if (state.answer.moment !== moment && $("answer").dataset.kind === "error") showAnswer("");
  state.answer.moment = moment;
  // A move of this board the host refused (remote play) comes back as an event, after the
  // click's own answer: its reason shows where a refused click's does.
  const refused = (view.events ?? []).findLast((event) => event.type === "remote_refused");
  const refusedAt = refused ? String(refused.at) : "";
  if (state.answer.refusedAt !== null && refusedAt && refusedAt !== state.answer.refusedAt) {
    showAnswer(describeEvent(refused, view));
  }
  state.answer.refusedAt = refusedAt;
  const answers = view.connected !== false;
  if (state.answer.boardAnswered === false && answers) showAnswer(t("The board answers again."), "info");
  if (state.answer.boardAnswered === true && !answers) showAnswer("");
  state.answer.boardAnswered = answers;
  drawStatus();
  drawControls();
}

/** The link to the service changed (``connecting``, ``live`` or ``lost``). */
export function showLink(status) {
  $("connection").dataset.state = status;
  drawStatus();
  drawControls();
}

/** Draw on every state, after the modules that draw the bar's buttons (app.js calls it last). */
export function wireAnswers() {
  onDraw(draw);
  onLanguage(() => {
    drawStatus();
    drawControls();
  });
}
