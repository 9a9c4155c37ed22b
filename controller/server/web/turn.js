// Whose turn and what to do: the turn line, the computer's chosen move, the status pixels.

import { clearing } from "./board.js";
import { diceMode } from "./dice.js";
import { fixSummary } from "./fix.js";
import { viewsFor } from "./registry.js";
import { $, onDraw } from "./store.js";
import { t } from "./i18n.js";
import { boardSays, boardWords, computerMoveText, playerWithTeam, seatWithTeam, teamsOf, variantName } from "./words.js";

export function computerToMove(view) {
  return view?.phase !== "game_over" && view?.seats?.[view.to_move]?.kind === "computer";
}

/** Where the piece may go, counted on the lit places the state names. */
function whereWords(view) {
  const board = view.board ?? {};
  const words = boardWords(view);
  const lit = (view.allowed ?? []).filter((hole) => !board[hole]).length;
  const places = view.geometry?.cells ?? 64;
  if (lit >= places - Object.keys(board).length) return t("any empty {place}", { place: words.place });
  return lit === 1 ? t("the lit {place}", { place: words.place }) : t("one of the {lit} lit {places}", { lit, places: words.places });
}

/** The PENALTY calls of the last action (none once a piece is placed or the dice thrown again). */
function lastPenalties(view) {
  const found = [];
  for (const event of [...(view.events ?? [])].reverse()) {
    if (event.type === "penalty") found.unshift(event);
    else if (["place", "roll", "scored", "game_started", "call_nothing", "penalty_nothing"].includes(event.type)) break;
  }
  return found;
}

/** Why the board must be fixed after a PENALTY, and what to lift: where the player looks. */
function penaltyText(view) {
  const words = boardWords(view);
  const teams = teamsOf(view);
  return lastPenalties(view)
    .map((event) =>
      t("{by} called PENALTY: {team} did not call FLIX for its line; lift these {pieces}: {holes}.", {
        by: playerWithTeam(event.seat, view),
        team: teams[event.against]?.name ?? "",
        pieces: words.pieces,
        holes: (event.removed ?? []).join(", "),
      }),
    )
    .join(" ");
}

function turnText(view) {
  if (view.connected === false) return t("The board is not answering: searching for it.");
  const mover = playerWithTeam(view.to_move, view);
  const teams = teamsOf(view);
  const words = boardWords(view);
  if (view.phase === "game_over") {
    const someone = t("A team");
    const text = view.draw || view.winner === null || view.winner === undefined
      ? t("The game is a draw.")
      : t("{team} wins!", { team: teams[view.winner]?.name ?? someone });
    if (view.ready) return t("{result} The board is ready: Next game (or MENU) starts the next one.", { result: text });
    if (!clearing(view)) return text;
    return view.sim
      ? t("{result} Next game clears the board and starts the next one.", { result: text })
      : t("{result} Lift every {piece}, then Next game (or MENU).", { result: text, piece: words.piece });
  }
  if (view.phase === "await_fix" && lastPenalties(view).length) return penaltyText(view);
  if (view.phase === "await_fix") {
    return fixSummary(view) || t("The board does not match the game: fix the blinking {places}.", { places: words.places });
  }
  if (view.seats?.[view.to_move]?.place === "remote") {
    const peer = otherBoard(view);
    if (peer === "left") return t("The other board left: Leave (Remote play) to play {mover} here.", { mover });
    if (peer === "gone") return t("The other board is away: wait, or Leave (Remote play) to play {mover} here.", { mover });
    return t("{mover} plays on the other board: wait for its move.", { mover });
  }
  if (computerToMove(view)) {
    const seat = view.seats[view.to_move];
    if (view.computer_move) return t("{mover}: make its move on the board.", { mover });
    return seat.thinking ? t("{mover}: thinking…", { mover }) : t("{mover}: plays by itself.", { mover });
  }
  if (view.phase === "await_roll") {
    const free = view.free_throws ? t(" (free throw; {left} left)", { left: view.free_throws }) : "";
    return diceMode(view) === "physical"
      ? t("{mover}: throw the dice and enter the faces{extra}.", { mover, extra: free })
      : t("{mover}: roll the dice{free}.", { mover, free });
  }
  if (view.phase === "await_place" && !viewsFor(view).main?.boardSaysTurn) {
    const args = { mover, piece: words.piece, a_piece: words.a_piece ?? words.piece, into: words.into, where: whereWords(view) };
    if (view.notice === "opponent_anywhere") return t("FLIX FLIX FLIX: {mover} places one {piece} {into} {where}.", args);
    if (view.free_plays) return t("{mover}: free play! Place {a_piece} {into} {where} ({left} left).", { ...args, left: view.free_plays });
    return t("{mover}: place {a_piece} {into} {where}.", args);
  }
  const { message } = boardSays(view);
  if (typeof message === "string" && message) return message;
  return `${mover}: ${String(view.phase ?? "").replaceAll("_", " ")}.`;
}

/** The other board of a remote game, when it left (``left``) or went away (``gone``). */
function otherBoard(view) {
  const peer = view.phase === "game_over" || view.remote?.role === "spectator" ? null : view.remote?.link?.peer;
  return peer === "left" || peer === "gone" ? peer : null;
}

/** The other board left or went away, said after a turn played here (a turn of the other
 * board's says it in its place). */
function otherBoardAway(view) {
  if (view.seats?.[view.to_move]?.place === "remote") return "";
  const peer = otherBoard(view);
  if (peer === "left") return t(" The other board left the game.");
  return peer === "gone" ? t(" The other board is away.") : "";
}

function drawTurn(view) {
  const over = view.phase === "game_over";
  const teams = teamsOf(view);
  const turn = $("turn");
  turn.style.setProperty("--mover", over ? "" : teams[view.team_of_seat?.[view.to_move]]?.colour ?? "");
  // After a take-back the computer seats wait for a person's move: the state says so.
  const waits = view.computer_waits ? t(" Taken back: the computer waits until you have moved.") : "";
  turn.textContent = `${variantName(view.variant)}: ${turnText(view)}${waits}${otherBoardAway(view)}`;
  turn.title = turn.textContent; // in full, should the line be cut
}

/** The computer's chosen move, waiting for a person to make it on the board. */
function drawComputerMove(view) {
  const move = view.phase === "game_over" ? null : view.computer_move;
  const box = $("computer-move");
  box.hidden = !move;
  box.textContent = move ? computerMoveText(move, view) : "";
  const team = move ? view.team_of_seat?.[move.seat] : undefined;
  box.style.setProperty("--mark", teamsOf(view)[team]?.colour ?? "");
}

/** The board's 8 status pixels: one per seat (the mover bright), two indicators. */
function drawStatusPixels(view) {
  const teams = teamsOf(view);
  const seats = view.team_of_seat ?? [];
  const over = view.phase === "game_over";
  const pixels = [];
  for (let seat = 0; seat < 6; seat += 1) {
    const team = seats[seat];
    pixels.push(
      team === undefined || over
        ? { colour: "", label: "" }
        : {
            colour: teams[team].colour,
            dim: seat !== view.to_move,
            label: seat === view.to_move ? t("{player}, to move", { player: seatWithTeam(seat, view) }) : seatWithTeam(seat, view),
          },
    );
  }
  const indicators = [{ colour: "", label: "" }, { colour: "", label: "" }];
  if (view.phase === "await_fix") {
    indicators.fill({ colour: "#ff7800", label: t("fix the board"), blink: true });
  } else if (view.notice === "turn_lost") {
    indicators.fill({ colour: "#ff0000", label: t("turn lost") });
  } else if (view.notice === "opponent_anywhere") {
    indicators.fill({ colour: "#ffffff", label: "FLIX FLIX FLIX", blink: true });
  } else {
    for (let i = 0; i < Math.min(view.free_throws ?? 0, 2); i += 1) {
      indicators[i] = { colour: "#ffffff", label: t("free throw") };
    }
    for (let i = 0; i < Math.min(view.free_plays ?? 0, 2); i += 1) {
      indicators[i] = { colour: "#ffffff", label: t("free play") };
    }
  }
  const all = [...pixels, ...indicators];
  $("status-pixels").replaceChildren(
    ...all.map((pixel) => {
      const dot = document.createElement("span");
      dot.className = "pixel";
      if (pixel.colour) dot.style.setProperty("--pixel", pixel.colour);
      dot.classList.toggle("dim", Boolean(pixel.dim));
      dot.classList.toggle("blink", Boolean(pixel.blink));
      dot.title = pixel.label;
      return dot;
    }),
  );
  const said = all.map((pixel) => pixel.label).filter(Boolean).join("; ") || t("off");
  $("status-pixels").setAttribute("aria-label", t("Status lights: {lights}", { lights: said }));
}

onDraw((view) => {
  document.body.dataset.phase = view.phase ?? "";
  document.body.dataset.variant = view.variant ?? "";
  drawTurn(view);
  drawComputerMove(view);
  drawStatusPixels(view);
});
