// Hints (the Hint button) and the threat layer (the Show threats toggle).

import { api } from "./orders.js";
import { $, onDraw, redraw, state } from "./store.js";
import { hintText } from "./words.js";
import { t } from "./i18n.js";

const THREATS_KEY = "flixboard.threats";
const HINT_SHOWN_MS = 6000;

export function threatsOn() {
  return localStorage.getItem(THREATS_KEY) === "on";
}

/** What changes when the game moves on (a hint is for one moment of the game); asking for a
 * hint is an event too, and does not count. */
function gameStep(view) {
  const moved = (view?.events ?? []).findLast((event) => event.type !== "hint");
  return JSON.stringify([view?.phase, view?.to_move, moved]);
}

function forgetOldHint(view) {
  const hint = state.hint;
  if (hint.step === null || hint.step === gameStep(view)) return;
  clearTimeout(hint.timer);
  Object.assign(hint, { hole: null, step: null, timer: null });
  $("hint-text").hidden = true;
  $("hint-text").textContent = "";
}

/** Show a hint (its hole marked for a few seconds) or why there is none. */
function showHint(answer, error = "") {
  const hint = state.hint;
  clearTimeout(hint.timer);
  Object.assign(hint, { hole: answer?.hole ?? null, step: gameStep(state.view), timer: null });
  const box = $("hint-text");
  box.hidden = false;
  box.dataset.kind = error ? "error" : "info";
  box.textContent = error || hintText(answer, state.view);
  if (hint.hole) {
    hint.timer = setTimeout(() => {
      hint.hole = null;
      redraw();
    }, HINT_SHOWN_MS);
  }
  redraw();
}

async function askHint() {
  try {
    showHint(await api.get("/api/hint"));
  } catch (error) {
    showHint(null, t("No hint: {reason}", { reason: error.message }));
  }
}

function toggleThreats() {
  localStorage.setItem(THREATS_KEY, threatsOn() ? "off" : "on");
  redraw();
}

function draw(view) {
  forgetOldHint(view);
  $("hint").disabled = !view.actions?.hint;
  const toggle = $("threats-toggle");
  toggle.disabled = view.hints !== true || view.uses_lines === false;
  toggle.setAttribute("aria-pressed", String(threatsOn()));
}

export function wireHints() {
  $("hint").addEventListener("click", askHint);
  $("threats-toggle").addEventListener("click", toggleThreats);
}

onDraw(draw);
