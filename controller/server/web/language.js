// The page's language control: the board's language until this page chooses its own (the
// browser remembers the choice); switching redraws everything at once, no reload.

import { chosenLanguage, hasChosen, onLanguage, pageLanguage, rememberLanguage, useLanguage } from "./i18n.js";
import { $, onDraw, redraw } from "./store.js";

/** Say the page in its chosen language, else ``boardLanguage``. */
export async function startLanguage(boardLanguage) {
  await useLanguage(chosenLanguage(boardLanguage));
  $("page-language").value = pageLanguage();
}

export function wireLanguage() {
  const select = $("page-language");
  select.addEventListener("change", () => {
    rememberLanguage(select.value);
    useLanguage(select.value);
  });
  onLanguage((lang) => {
    select.value = lang;
    redraw();
  });
}

// A page that has not chosen follows the board's language when the settings change it.
onDraw((view) => {
  if (!hasChosen() && view.language && view.language !== pageLanguage()) useLanguage(view.language);
});
