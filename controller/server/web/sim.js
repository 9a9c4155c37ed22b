// The simulated board's hands: tap a hole to place or lift, a Burocrat in Tac-T-Flix, clear all.

import { ask, gameUnderway } from "./confirm.js";
import { command } from "./orders.js";
import { $, onDraw, state } from "./store.js";
import { t } from "./i18n.js";

/** A tap on a hole: lift what the board holds there, else place the chosen piece. */
export function onHole(name) {
  const view = state.view;
  if (!view) return;
  const onBoard = view.sensed ? view.sensed[name] : view.board?.[name];
  if (onBoard) {
    command("/api/sim/lift", { hole: name });
  } else {
    const chosen = document.querySelector("input[name=piece]:checked")?.value ?? "man";
    command("/api/sim/place", chosen === "man" ? { hole: name } : { hole: name, piece: chosen });
  }
}

/** The hand holds a Burocrat while the game asks for Burocrats, else a Man. */
function choosePiece(view) {
  const key = `${view.variant}:${view.phase}`;
  if (key === state.piecePhase) return;
  state.piecePhase = key;
  const piece = view.phase === "substitute" ? "burocrat" : "man";
  const radio = document.querySelector(`input[name=piece][value=${piece}]`);
  if (radio) radio.checked = true;
}

function draw(view) {
  const sim = view.sim === true;
  $("sim-help").hidden = !sim;
  $("piece-choice").hidden = !(sim && view.uses_burocrats);
  choosePiece(view);
  const clear = $("clear-board");
  clear.hidden = !sim;
  clear.disabled = Object.keys(view.sensed ?? {}).length === 0;
}

export function wireSim() {
  $("clear-board").addEventListener("click", async () => {
    const view = state.view;
    const pieces = Object.keys(view?.sensed ?? {}).length;
    const question = t("Lift all {count} pieces off the board? The game goes on: every one of them must be put back before it can.", { count: pieces });
    if (gameUnderway(view) && !(await ask(question, t("Lift them all")))) return;
    command("/api/sim/clear", {}, t("Every piece is off the board."));
  });
}

onDraw(draw);
