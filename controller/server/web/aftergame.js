// After a game: what starts the next one, above the action bar (in the first screen). The
// finished game's result stays until a person asks for the next game: Next game here, or MENU on
// the board (an emptied board alone only waits). On the simulated board Next game lifts every
// piece first (Clear the board, under the board, lifts them and waits); on a real board the
// pieces still there are guided off in the next game. One row of buttons: on a phone the box
// leaves the finished game's board in sight.

import { command } from "./orders.js";
import { $, onDraw, state } from "./store.js";

const ASK = "(Next game here, or MENU on the board)";
const WORDS = {
  ready: `The board is ready: start the next game with the same players ${ASK}.`,
  sim: "Next game clears the board and starts the next game with the same players.",
  board: `Lift every piece off the board, then start the next game with the same players ${ASK}.`,
};

function draw(view) {
  const over = view.phase === "game_over";
  $("after-game").hidden = !over;
  if (!over) return;
  const sim = view.sim === true;
  $("after-game-text").textContent = view.ready ? WORDS.ready : sim ? WORDS.sim : WORDS.board;
}

async function nextGame() {
  const view = state.view;
  if (view?.sim === true && Object.keys(view.sensed ?? {}).length > 0) {
    if (!(await command("/api/sim/clear", {}))) return;
  }
  await command("/api/next_game", {}, "The next game begins.");
}

export function wireAfterGame() {
  $("after-next").addEventListener("click", nextGame);
  $("after-new").addEventListener("click", () => {
    $("setup").scrollIntoView({ block: "start" });
    $("variant").focus({ preventScroll: true });
  });
}

onDraw(draw);
