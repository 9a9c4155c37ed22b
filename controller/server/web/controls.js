// The action bar: Roll (dice.js), FLIX, PENALTY and Undo, enabled as the state's actions say.

import { command } from "./orders.js";
import { $, onDraw, state } from "./store.js";
import { t } from "./i18n.js";

/** Whether a computer seat plays: Undo then takes back the person's own move with its reply. */
function againstComputer(view) {
  return (view?.seats ?? []).some((seat) => seat.kind === "computer");
}

function draw(view) {
  const actions = view.actions ?? {};
  const calls = view.uses_calls === true;
  for (const id of ["flix", "penalty"]) {
    $(id).hidden = !calls;
    $(id).disabled = !actions[id];
  }
  $("undo").disabled = !actions.undo;
  // A joined board takes nothing back: the button says so where a person looks for it.
  const joined = ["guest", "spectator"].includes(view.remote?.role);
  $("undo").title = joined
    ? t("a remote game: the hosting board takes moves back")
    : againstComputer(view)
      ? t("Take back my move (and the computer's reply after it)")
      : t("Take back the last move");
  document.body.dataset.bar = [view.uses_dice && "dice", calls && "calls"].filter(Boolean).join(" ");
}

export function wireControls() {
  // As the board's own buttons: FLIX for the seat that placed last, PENALTY by the next seat
  // of another team (each seat has its own buttons under Players).
  $("flix").addEventListener("click", () => command("/api/call", {}));
  $("penalty").addEventListener("click", () => command("/api/penalty", {}));
  $("undo").addEventListener("click", () =>
    command(
      "/api/undo",
      {},
      againstComputer(state.view) ? t("Took back your move.") : t("Took back the last move."),
    ),
  );
  // The page scrolls clear of the fixed bar, however tall the banner makes it.
  const bar = $("action-bar");
  new ResizeObserver(() => {
    document.body.style.setProperty("--bar-height", `${bar.offsetHeight + 8}px`);
  }).observe(bar);
}

onDraw(draw);
