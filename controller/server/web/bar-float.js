// The words above the action bar (.bar-float: the computer's move, a hint, the
// steps after a game, the banner) keep their places while any of them shows. They rise from the
// bar's top, so a box that shrank or went would move the boxes above it, and its own top edge,
// under a finger (the computer's move and a hint come and go as the game moves on). So each
// box keeps the tallest height it had, a box that went keeps its place, empty and unseen, while
// a box above it shows, and all are let go once none shows. The heights live on the boxes.

import { $ } from "./store.js";

function letGo(box) {
  box.style.minHeight = "";
  box.classList.remove("kept");
}

function keepPlaces(float) {
  const boxes = [...float.children];
  if (boxes.every((box) => box.hidden)) {
    boxes.forEach(letGo);
    return;
  }
  let shownAbove = false;
  for (const box of boxes) {
    if (!box.hidden) {
      box.classList.remove("kept");
      box.style.minHeight = `${box.getBoundingClientRect().height}px`; // never less than it was
      shownAbove = true;
    } else if (shownAbove && box.style.minHeight) {
      box.classList.add("kept");
    } else {
      letGo(box);
    }
  }
}

/** Keep the floating boxes' places from now on: after every change of what they say or show
 * (before the page is drawn again), and afresh when the window's width changes their lines. */
export function wireBarFloat() {
  const float = $("action-bar").querySelector(".bar-float");
  new MutationObserver(() => keepPlaces(float)).observe(float, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["hidden"],
  });
  // On a landscape phone the boxes hang from just under the header (style.css), wherever the
  // header's height puts its foot.
  const header = document.querySelector("body > header");
  new ResizeObserver(() => {
    const foot = header.offsetTop + header.offsetHeight;
    float.parentElement.style.setProperty("--float-top", `${foot + 4}px`);
  }).observe(header);
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth === width) return;
    width = window.innerWidth;
    [...float.children].forEach(letGo);
    keepPlaces(float);
  });
}
