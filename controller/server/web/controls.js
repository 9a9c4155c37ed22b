// The action bar: Roll (dice.js), FLIX, PENALTY and Undo, enabled as the state's actions say.

import { command } from "./orders.js";
import { $, onDraw } from "./store.js";

function draw(view) {
  const actions = view.actions ?? {};
  const calls = view.uses_calls === true;
  for (const id of ["flix", "penalty"]) {
    $(id).hidden = !calls;
    $(id).disabled = !actions[id];
  }
  $("undo").disabled = !actions.undo;
  document.body.dataset.bar = [view.uses_dice && "dice", calls && "calls"].filter(Boolean).join(" ");
}

export function wireControls() {
  // As the board's own buttons: FLIX for the seat that placed last, PENALTY by the next seat
  // of another team (each seat has its own buttons under Players).
  $("flix").addEventListener("click", () => command("/api/call", {}));
  $("penalty").addEventListener("click", () => command("/api/penalty", {}));
  $("undo").addEventListener("click", () => command("/api/undo", {}, "Took back the last action."));
  // The page scrolls clear of the fixed bar, however tall the banner makes it.
  const bar = $("action-bar");
  new ResizeObserver(() => {
    document.body.style.setProperty("--bar-height", `${bar.offsetHeight + 8}px`);
  }).observe(bar);
}

onDraw(draw);
