// Asking before a step that cannot be taken back (clearing the board mid-game, a new game over a
// running one, resigning): a modal dialog of the page, keyboard first. The safe answer has the
// focus, Escape cancels.

import { $ } from "./store.js";

/** Resolve to true when the person chose ``yes`` (the words of the step), false otherwise. */
export function ask(question, yes) {
  const dialog = $("confirm-dialog");
  $("confirm-question").textContent = question;
  $("confirm-yes").textContent = yes;
  dialog.returnValue = "";
  const answer = new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
  });
  dialog.showModal();
  $("confirm-no").focus();
  return answer;
}

/** Whether ``view`` is a game under way: not over, and a piece on the board or the dice thrown. */
export function gameUnderway(view) {
  if (!view || view.phase === "game_over") return false;
  return Boolean(view.actions?.undo || Object.keys(view.board ?? {}).length || view.last_throw);
}
