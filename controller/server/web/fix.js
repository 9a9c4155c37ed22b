// What to fix on the board, where it covers nothing: the turn line says what to do first and
// how many more ("Lift 20 Men: start with R-I-S, R-I-H, R-I-D …, or Clear the board"); the row
// under the board says the first step in full (#fix), with the button that opens or closes
// every step (#fix-list, in the page's flow under the row) and Clear the board on the simulated
// board. Nothing of it floats over the board: a list of 26 lines once hid every panel.

import { $, onDraw, redraw, state } from "./store.js";
import { t } from "./i18n.js";
import { boardSays, boardWords } from "./words.js";

/** Holes named in the summary before the "…". */
const NAMED = 3;

/** The fix sentences in the page's language (the order to do them in). */
export function fixSentences(view) {
  const { fix } = boardSays(view);
  return typeof fix === "string" ? [fix] : fix ?? [];
}

/** The holes to put right in the order to do them: after a take-back the latest move's first. */
function ordered(names, view) {
  const first = view?.fix_order?.now ?? [];
  return [...names.filter((name) => first.includes(name)), ...names.filter((name) => !first.includes(name))];
}

function named(holes) {
  return holes.slice(0, NAMED).join(", ") + (holes.length > NAMED ? " …" : "");
}

/** The fix in one line: what to do first and how many more; "" for one step outside remote
 * play (the row under the board says it) and while nothing is to fix (or the board has not
 * disagreed long enough for its words, ``fix_after_s``). */
export function fixSummary(view) {
  const sentences = fixSentences(view);
  if (sentences.length === 0) return "";
  const strip = (text) => text.replace(/\.$/, "");
  // One step: the blinking hole and the row under the board say it; in remote play it is the
  // other board's move, news the turn line says too.
  if (sentences.length === 1) return view?.remote ? strip(sentences[0]) + "." : "";
  const mismatch = view?.mismatch ?? {};
  const extra = mismatch.extra ?? [];
  const missing = mismatch.missing ?? [];
  const others = (mismatch.wrong_kind ?? []).length + (mismatch.grooves ?? []).length;
  const words = boardWords(view);
  const burocrat = extra.some((hole) => view?.sensed?.[hole]?.piece === "burocrat");
  if (extra.length && !missing.length && !others) {
    const args = { count: extra.length, pieces: burocrat ? t("pieces") : words.pieces, holes: named(ordered(extra, view)) };
    // Clear the board lifts every piece: offered when every piece on it is one to lift.
    const clears = view.sim === true && Object.keys(view.sensed ?? {}).length === extra.length;
    return clears
      ? t("Lift {count} {pieces}: start with {holes}, or Clear the board.", args)
      : t("Lift {count} {pieces}: start with {holes}.", args);
  }
  if (missing.length && !extra.length && !others) {
    return t("Put {count} {pieces} back: start with {holes}.", { count: missing.length, pieces: words.pieces, holes: named(ordered(missing, view)) });
  }
  return t("{count} things to put right; first: {first}.", { count: sentences.length, first: strip(sentences[0]) });
}

function paragraph(text) {
  const line = document.createElement("p");
  line.textContent = text.endsWith(".") ? text : `${text}.`;
  return line;
}

/** The first step in the row under the board, every step in the list under it (opened by a
 * person: its coming moves the page only when asked for). */
function draw(view) {
  const sentences = fixSentences(view);
  const fixing = sentences.length > 0;
  // While the board is put right the hint and the threats wait; the first step takes their
  // place in the row, which keeps its height.
  $("hint").hidden = fixing;
  $("threats-toggle").hidden = fixing;
  const first = $("fix");
  first.hidden = !fixing;
  const firstKey = JSON.stringify(sentences.slice(0, 1));
  if (first.dataset.key !== firstKey) {
    first.dataset.key = firstKey;
    first.replaceChildren(...sentences.slice(0, 1).map(paragraph));
  }
  if (!fixing) Object.assign(state, { fixOpen: false, fixMoreShown: false });
  if (sentences.length > 1) state.fixMoreShown = true;
  // Shown once while the board is put right, the button keeps its place (unseen) down to the
  // last step: the first step's words beside it keep their width.
  const toggle = $("fix-more");
  toggle.hidden = !state.fixMoreShown;
  toggle.classList.toggle("unseen", sentences.length < 2);
  const open = state.fixOpen && sentences.length > 1;
  toggle.setAttribute("aria-expanded", String(open));
  toggle.textContent = open ? t("Hide steps") : t("{count} steps", { count: sentences.length });
  const list = $("fix-list");
  list.hidden = !open;
  const key = JSON.stringify(open ? sentences : []);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(
    ...(open ? sentences : []).map((text) => {
      const item = document.createElement("li");
      item.append(paragraph(text));
      return item;
    }),
  );
}

export function wireFix() {
  $("fix-more").addEventListener("click", () => {
    state.fixOpen = !state.fixOpen;
    redraw();
  });
}

onDraw(draw);
