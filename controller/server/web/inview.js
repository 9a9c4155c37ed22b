// The lit holes in sight: when the holes to play, to fix or to lift light up under the fixed
// action bar (a landscape phone whose board is taller than the space above the bar), the page
// scrolls the fewest pixels that bring them above it. Only while the board is in sight (a person
// reading the log or the history further down is left there), once per set of lit holes (a
// person who scrolls away again is not followed). And what the page brings into view for a
// focus or a scroll (a control, a hole) stops clear of the bar: the bar's height is the page's
// scroll padding.

import { $, onDraw, state } from "./store.js";

const LIT = ".allowed, .fix, .lift, .computer-move, .hint";
const MARGIN_PX = 4;

/** The scroll (in pixels, down positive) that brings the boxes between ``top`` and ``bottom``:
 * all of them when they fit, else the first; 0 when they are in sight already. */
export function scrollFor(boxes, top, bottom) {
  const highest = Math.min(...boxes.map((box) => box.top));
  const lowest = Math.max(...boxes.map((box) => box.bottom));
  if (highest >= top && lowest <= bottom) return 0;
  if (lowest - highest <= bottom - top - 2 * MARGIN_PX) {
    return lowest > bottom ? lowest - bottom + MARGIN_PX : highest - top - MARGIN_PX;
  }
  const first = boxes.find((box) => box.top < bottom && box.bottom > top);
  return first ? 0 : boxes[0].top - top - MARGIN_PX; // one in sight is enough when all cannot be
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
