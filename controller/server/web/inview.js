// The lit holes in sight: when the holes to play, to fix or to lift light up under the fixed
// action bar (a landscape phone whose board is taller than the space above the bar), the page
// scrolls the fewest pixels that bring them above it, never the highest of them out at the top.
// Only while the board is in sight (a person reading the log or the history further down is
// left there), once per set of lit holes, and never down to holes above the screen's top (a
// person who scrolled the board up, to the 3-D view, stays there). And what the page brings into view for a
// focus or a scroll (a control, a hole) stops clear of the bar: the bar's height is the page's
// scroll padding.

import { $, onDraw, state } from "./store.js";

const LIT = ".allowed, .fix, .lift, .computer-move, .hint";
const MARGIN_PX = 4;

/** The scroll (in pixels, down positive) that brings the boxes hidden under the bar (or
 * below it) above it, as far as the highest box stays below ``top``: 0 when none is hidden
 * there (boxes above ``top`` were scrolled away by the person, who is not followed). */
export function scrollFor(boxes, top, bottom) {
  const highest = Math.min(...boxes.map((box) => box.top));
  const lowest = Math.max(...boxes.map((box) => box.bottom));
  if (lowest <= bottom) return 0;
  return Math.max(0, Math.min(lowest - bottom + MARGIN_PX, highest - top - MARGIN_PX));
}

function bringLitIntoView() {
  const board = $("board");
  const lit = state.replay === null ? [...board.querySelectorAll(LIT)] : [];
  const key = lit.map((hole) => hole.dataset.hole ?? hole.dataset.cell).join(" ");
  if (key === state.litInView) return;
  state.litInView = key;
  if (lit.length === 0) return;
  const bar = $("action-bar").getBoundingClientRect().top;
  const area = board.getBoundingClientRect();
  if (area.bottom <= 0 || area.top >= bar) return; // the board is out of sight: not followed
  const by = scrollFor(lit.map((hole) => hole.getBoundingClientRect()), 0, bar);
  if (by !== 0) window.scrollBy({ top: by, behavior: "instant" });
}

/** Keep the page's scroll padding at the action bar's height. */
export function wireInView() {
  const bar = $("action-bar");
  new ResizeObserver(() => {
    document.documentElement.style.scrollPaddingBottom = `${bar.offsetHeight + 8}px`;
  }).observe(bar);
}

onDraw(bringLitIntoView);
