// The focus stays where the person is: when the control that had it is disabled or hidden by the
// state it brought (Roll once rolled, FLIX once called, Undo with nothing left, Next game once
// started), the focus goes to the board, on the first lit hole: the next thing to do. A control
// in a part that another takes the place of (``data-focus-to``: Host this game and Join give way
// to the remote game's codes and link) hands the focus to that part, its top in sight (a part
// taller than a landscape phone's screen is not centred, which would hide its first line). A
// control still usable keeps it; a focus the person moved elsewhere is left alone. A hole
// focused by the keyboard is kept clear of the fixed action bar.

import { clearOfBar } from "./grid-keys.js";
import { onDraw, state } from "./store.js";
import { focusBoard } from "./views.js";

document.addEventListener("focusin", (event) => {
  state.focused = event.target;
});

/** Whether ``element`` can no longer hold the focus. */
function gone(element) {
  return !element.isConnected || element.disabled === true || element.getClientRects().length === 0;
}

/** Focus ``part`` and scroll so that its top is on the screen, unless it already is. */
function showFromTop(part) {
  part.focus({ preventScroll: true });
  const top = part.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 2) part.scrollIntoView({ block: "start" });
}

onDraw(() => {
  const last = state.focused;
  const active = document.activeElement;
  const lost = !active || active === document.body || active === last;
  if (last && lost && gone(last) && !last.closest("dialog")) {
    state.focused = null;
    const heir = document.getElementById(last.closest?.("[data-focus-to]")?.dataset.focusTo ?? "");
    if (heir && !gone(heir)) showFromTop(heir);
    else focusBoard();
  } else if (active?.closest("#board") && active.matches(":focus-visible")) {
    // A hole the keyboard holds stays in sight when the state makes the action bar taller.
    clearOfBar(active);
  }
});
