// After a game: what starts the next one, above the action bar (in the first screen). An empty
// board starts the next game with the same players (the board's own way to ask for it); the
// simulated board is cleared with one tap here, or another game is set up in the New-game form.

import { command } from "./orders.js";
import { $, onDraw } from "./store.js";

const SIM_WORDS = "Clear the board to start the next game with the same players.";
const BOARD_WORDS = "Lift every piece off the board to start the next game with the same players.";

function draw(view) {
  const over = view.phase === "game_over";
  $("after-game").hidden = !over;
  if (!over) return;
  const sim = view.sim === true;
  $("after-game-text").textContent = sim ? SIM_WORDS : BOARD_WORDS;
  $("after-clear").hidden = !sim;
  $("after-clear").disabled = Object.keys(view.sensed ?? {}).length === 0;
}

export function wireAfterGame() {
  $("after-clear").addEventListener("click", () =>
    command("/api/sim/clear", {}, "Every piece is off the board: the next game begins."),
  );
  $("after-new").addEventListener("click", () => {
    $("setup").scrollIntoView({ block: "start" });
    $("variant").focus({ preventScroll: true });
  });
}

onDraw(draw);
