// The call window: after every placement, the seconds left to call FLIX, counting down. It sits
// in the action bar, its place kept (empty) while no window is open, so nothing moves when one
// opens.

import { $, onDraw, state } from "./store.js";
import { t } from "./i18n.js";

const STEP_MS = 100;

function tick() {
  const countdown = state.countdown;
  const box = $("countdown");
  const left = Math.max(0, countdown.until - performance.now()) / 1000;
  box.classList.toggle("idle", left <= 0);
  if (left <= 0) {
    clearInterval(countdown.timer);
    countdown.timer = null;
    $("countdown-text").textContent = "";
    return;
  }
  $("countdown-bar").style.setProperty("--left", String(left / countdown.seconds));
  $("countdown-text").textContent = t("FLIX window: {seconds} s", { seconds: left.toFixed(1) });
}

/** The state says how much of the window was left when it was sent: count down from there. */
function draw(view) {
  $("countdown").hidden = !(view.uses_calls === true && view.phase !== "game_over");
  const window = view.call_window;
  const countdown = state.countdown;
  if (!window) {
    countdown.until = 0;
    tick();
    return;
  }
  countdown.seconds = window.seconds;
  countdown.until = performance.now() + window.left * 1000;
  if (countdown.timer === null) countdown.timer = setInterval(tick, STEP_MS);
  tick();
}

onDraw(draw);
