// The dice: the faces of this turn's throw, Roll, and the faces of real dice entered by hand.

import { command } from "./orders.js";
import { $, onDraw, redraw, state } from "./store.js";
import { COLOUR_FACES, FLOOR_FACES, SUIT_FACES, face, throwFaces } from "./words.js";
import { diceFor } from "./registry.js";
import { t } from "./i18n.js";

const DICE_MODE_KEY = "flixboard.dice";

/** Physical when the board is set to real dice, else as chosen on this page. */
export function diceMode(view = state.view) {
  if (view?.dice === "physical") return "physical";
  return document.querySelector("input[name=dice]:checked")?.value ?? "virtual";
}

/** The dice of the turn being played (``throw``: none once the turn has passed). */
export function dieElements(thrown) {
  return throwFaces(thrown).map((f) => {
    const die = document.createElement("span");
    die.className = `die die-${f.kind}`;
    if (f.colour) die.dataset.colour = f.colour;
    die.textContent = f.symbol;
    die.setAttribute("role", "img");
    die.setAttribute("aria-label", f.label);
    die.title = f.label;
    return die;
  });
}

function fillSelect(select, faces) {
  select.replaceChildren(
    ...faces.map((text) => {
      const option = document.createElement("option");
      option.value = text;
      const f = face(text);
      option.textContent = f.kind === "wild" || f.kind === "floor" ? f.symbol : `${f.symbol} ${f.label}`;
      return option;
    }),
  );
}

// The picker offers the faces of the game's dice (the game option `dice_faces`), each once.
function offerFaces(dice) {
  const sets = [dice?.colour ?? COLOUR_FACES, dice?.floor ?? FLOOR_FACES, dice?.suit ?? SUIT_FACES]
    .map((faces) => [...new Set(faces)]);
  const form = $("faces-form");
  const key = JSON.stringify(sets);
  if (form.dataset.faces === key) return;
  form.dataset.faces = key;
  fillSelect($("face-colour"), sets[0]);
  fillSelect($("face-floor"), sets[1]);
  fillSelect($("face-suit"), sets[2]);
}

function draw(view) {
  const uses = view.uses_dice === true;
  const own = diceFor(view); // a game's own dice (Flip 4's two numbered ones): no faces to pick
  const physical = diceMode(view) === "physical" && !own;
  const free = view.free_throws ?? 0;
  // The dice themselves are in the action bar; this card is for free throws and real dice.
  $("dice-card").hidden = !uses || !(physical || free);
  const dice = $("dice");
  dice.hidden = !uses;
  // No dice of this turn: say so only while they are to be thrown (not after the game).
  const empty = view.phase === "await_roll" ? t("Not rolled yet.") : "";
  if (own) own.show(dice, view, empty);
  else {
    const dies = dieElements(view.throw);
    dice.replaceChildren(...dies);
    if (!dies.length) dice.textContent = empty;
  }
  $("free-throws").textContent = free ? t("Free throws left: {count}", { count: free }) : "";
  // A seat played on the other board (remote play) rolls there: Roll waits, and says why.
  const elsewhere = view.phase !== "game_over" && view.seats?.[view.to_move]?.place === "remote";
  const canRoll = view.actions?.roll === true && !elsewhere;
  $("roll").hidden = physical || !uses;
  $("roll").disabled = !canRoll;
  $("roll").title = elsewhere ? t("The other board rolls for this seat.") : "";
  $("faces-form").hidden = !physical || !uses;
  $("enter-faces").disabled = !canRoll;
  const virtual = document.querySelector("input[name=dice][value=virtual]");
  virtual.disabled = view.dice === "physical";
  if (virtual.disabled) document.querySelector("input[name=dice][value=physical]").checked = true;
  offerFaces(view.options?.dice_faces);
}

export function wireDice() {
  offerFaces(null);
  const saved = localStorage.getItem(DICE_MODE_KEY);
  if (saved) {
    const radio = document.querySelector(`input[name=dice][value=${saved}]`);
    if (radio) radio.checked = true;
  }
  for (const radio of document.querySelectorAll("input[name=dice]")) {
    radio.addEventListener("change", () => {
      localStorage.setItem(DICE_MODE_KEY, diceMode(null));
      redraw();
    });
  }
  $("roll").addEventListener("click", () => command("/api/roll", {}));
  $("faces-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const faces = [$("face-colour"), $("face-floor"), $("face-suit")].map((s) => s.value);
    command("/api/roll", { faces: faces.join("/") });
  });
  return saved;
}

/** With no dice mode chosen on this page, follow the board's (once its state is known). */
export function followBoardDice(view) {
  if (!view?.dice) return;
  const radio = document.querySelector(`input[name=dice][value=${view.dice}]`);
  if (radio) radio.checked = true;
  redraw();
}

onDraw(draw);
