// The focus stays where the person is: when the control that had it is disabled or hidden by the
// state it brought (Roll once rolled, FLIX once called, Undo with nothing left, Next game once
// started), the focus goes to the board, on the first lit hole: the next thing to do. A control
// in a part that another takes the place of (``data-focus-to``: Host this game and Join give way
// to the remote game's codes and link) hands the focus to that part, its top in sight (a part
// taller than a landscape phone's screen is not centred, which would hide its first line), and
// its top stays in sight through the states that follow (the game that arrives after Join moves
// the page) until the person scrolls, taps or types. A control still usable keeps it; a focus
// the person moved elsewhere is left alone. A hole focused by the keyboard is kept clear of the
// fixed action bar.

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

// The part handed the focus (state.handed) has its top kept on the screen while the states that
// follow move the page (a game arriving after Join), until the person taps, types or scrolls.
for (const moved of ["wheel", "touchstart", "pointerdown", "keydown"]) {
  document.addEventListener(moved, () => { state.handed = null; }, { capture: true, passive: true });
}

/** Scroll so that ``part``'s top is on the screen: to it when it is above the screen's top, and
 * (``lower`` too) when it is in the screen's lower half. Whole pixels, so that a top at a
 * fraction of a pixel does not stop just above the screen. */
function topInSight(part, lower) {
  const top = part.getBoundingClientRect().top;
  if (top < 0 || (lower && top > window.innerHeight / 2)) {
    window.scrollBy({ top: Math.floor(top), behavior: "instant" });
  }
}

/** Keep the handed part's top in sight while it holds the focus. */
function keepHanded() {
  if (state.handed && document.activeElement === state.handed) topInSight(state.handed, false);
  else state.handed = null;
}

/** Focus ``part`` with its top on the screen. */
function showFromTop(part) {
  part.focus({ preventScroll: true });
  state.handed = part;
  topInSight(part, true);
}

new ResizeObserver(keepHanded).observe(document.body);

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
  requestAnimationFrame(keepHanded); // after every part of the page is drawn and laid out
});
