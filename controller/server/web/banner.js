// The banner: a lost turn, free throws, FLIX FLIX FLIX or the result, until the next action.

import { dieElements } from "./dice.js";
import { pageLanguage } from "./i18n.js";
import { $, onDraw } from "./store.js";
import { describeEvent } from "./words.js";

function draw(view) {
  const banner = view.banner;
  const box = $("banner");
  const key = JSON.stringify([banner ?? null, pageLanguage()]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.hidden = !banner;
  if (!banner) {
    box.replaceChildren();
    delete box.dataset.kind;
    return;
  }
  box.dataset.kind = banner.type;
  const text = document.createElement("span");
  text.className = "banner-text";
  text.textContent = describeEvent(banner, view);
  const dice = document.createElement("span");
  dice.className = "banner-dice";
  dice.append(...dieElements(banner.throw));
  box.replaceChildren(text, dice);
}

onDraw(draw);
