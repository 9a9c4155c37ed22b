// The players: who plays each seat (a person or the computer), its FLIX, PENALTY, BLOCK and
// Resign buttons, the scores.

import { ask } from "./confirm.js";
import { command } from "./orders.js";
import { $, onDraw, redraw } from "./store.js";
import { DEFAULT_LEVEL, LEVELS, boardWords, capital, seatKindText, seatWithTeam, teamsOf } from "./words.js";
import { t } from "./i18n.js";

/** Human or computer (with its level): two labelled selects; onChange() on either. The New game
 * form's (``nextGame``) say so in their names, apart from the seats' own of the game played. */
export function playerChoice(labelText, onChange, nextGame = false) {
  const kind = document.createElement("select");
  kind.className = "kind";
  for (const [value, text] of [["human", t("Human")], ["computer", t("Computer")]]) {
    kind.append(new Option(text, value));
  }
  const who = nextGame ? t("Who plays {seat} in the next game", { seat: labelText }) : t("Who plays {seat}", { seat: labelText });
  kind.setAttribute("aria-label", who);
  const level = document.createElement("select");
  level.className = "level";
  for (const value of LEVELS) level.append(new Option(String(value), String(value)));
  level.value = String(DEFAULT_LEVEL);
  const levelName = nextGame
    ? t("Computer level for {seat} in the next game", { seat: labelText })
    : t("Computer level for {seat}", { seat: labelText });
  level.setAttribute("aria-label", levelName);
  kind.addEventListener("change", () => {
    level.disabled = kind.value !== "computer";
    onChange();
  });
  level.addEventListener("change", onChange);
  const kindLabel = document.createElement("label");
  kindLabel.append(t("Plays") + " ", kind);
  const levelLabel = document.createElement("label");
  levelLabel.append(t("Level") + " ", level);
  return { kind, level, labels: [kindLabel, levelLabel] };
}

/** The seat as the API takes it: {kind: "human"} or {kind: "computer", level}. */
export function seatChoice(kind, level) {
  return kind.value === "computer" ? { kind: "computer", level: Number(level.value) } : { kind: "human" };
}

function seatButton(text, label, kind, action) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `seat-${kind}`;
  button.dataset.action = kind;
  button.textContent = text;
  button.setAttribute("aria-label", label);
  button.addEventListener("click", action);
  return button;
}

function seatRow(seat, team, view) {
  const teams = teamsOf(view);
  const who = seatWithTeam(seat, view);
  const row = document.createElement("li");
  row.className = "seat";
  row.dataset.seat = seat;
  row.style.setProperty("--team", teams[team].colour);
  const label = document.createElement("span");
  label.className = "seat-name";
  const partners = (view.team_of_seat ?? [])
    .map((other, s) => (other === team && s !== seat ? s + 1 : null))
    .filter((s) => s !== null);
  const and = t(" and ");
  label.textContent = partners.length ? t("{who}, partner of player {numbers}", { who, numbers: partners.join(and) }) : who;
  const kindText = document.createElement("span");
  kindText.className = "seat-kind";
  label.append(" ", kindText);
  // "to move" or "thinking…", in a column of its own width: the name beside it never re-wraps.
  const mark = document.createElement("span");
  mark.className = "move-mark";
  const choice = playerChoice(who, async () => {
    const body = { seat, ...seatChoice(choice.kind, choice.level) };
    // Refused: the selects go back to who really plays the seat.
    if (!(await command("/api/seats", body))) redraw();
  });
  const player = document.createElement("span");
  player.className = "seat-player";
  player.append(...choice.labels);
  const buttons = document.createElement("span");
  buttons.className = "seat-buttons";
  if (view.uses_calls) {
    buttons.append(
      seatButton("FLIX", t("FLIX for {player}", { player: who }), "flix", () => command("/api/call", { seat })),
      seatButton("PENALTY", t("PENALTY by {player}", { player: who }), "penalty", () => command("/api/penalty", { seat })),
    );
  }
  if (view.actions?.block) {
    buttons.append(
      seatButton("BLOCK", t("Ask the player to move to block, by {player}", { player: who }), "block", () =>
        command("/api/penalty", { seat }),
      ),
    );
  }
  buttons.append(
    seatButton(t("Resign"), t("Resign {player}", { player: who }), "resign", async () => {
      if (await ask(t("{player} gives up this game?", { player: who }), t("Resign"))) command("/api/resign", { seat });
    }),
  );
  row.append(label, mark, player, buttons);
  return row;
}

function drawSeats(view) {
  const list = $("seats");
  const seats = view.team_of_seat ?? [];
  const shape = JSON.stringify([seats, teamsOf(view), view.seat_labels, view.uses_calls, view.actions?.block]);
  if (list.dataset.shape !== shape) {
    list.dataset.shape = shape;
    list.replaceChildren(...seats.map((team, seat) => seatRow(seat, team, view)));
  }
  const over = view.phase === "game_over";
  const switchable = Array.isArray(view.seats) && !over;
  const actions = view.actions ?? {};
  for (const row of list.children) {
    const seat = Number(row.dataset.seat);
    const player = view.seats?.[seat];
    const moving = seat === view.to_move && !over;
    row.classList.toggle("to-move", moving);
    const thinking = Boolean(player?.thinking && !over);
    const mark = row.querySelector(".move-mark");
    mark.textContent = thinking ? t("thinking…") : moving ? t("to move") : "";
    mark.classList.toggle("thinking", thinking);
    for (const button of row.querySelectorAll("button")) button.disabled = !actions[button.dataset.action];
    row.querySelector(".seat-kind").textContent = seatKindText(player);
    const kind = row.querySelector("select.kind");
    const level = row.querySelector("select.level");
    kind.value = player?.kind === "computer" ? "computer" : "human";
    level.value = String(player?.level ?? level.value);
    kind.disabled = !switchable;
    level.disabled = !switchable || kind.value !== "computer";
  }
}

function drawScores(view) {
  const teams = teamsOf(view);
  const lines = teams.map(() => 0);
  for (const [team] of view.scored_lines ?? []) {
    if (lines[team] !== undefined) lines[team] += 1;
  }
  const each = (values) => teams.map((side, i) => `${side.name} ${values[i] ?? 0}`).join(" · ");
  const parts = [];
  const words = boardWords(view);
  // Qubic ends with its first line: a game that uses dice, calls, tokens or Burocrats counts them
  // (on a board whose words have a tally: Flip 4's first line ends the game too).
  const counted = view.uses_dice || view.uses_calls || view.uses_tokens || view.uses_burocrats;
  if (counted && words.tally) parts.push(`${words.tally}: ${each(lines)}`);
  if (Array.isArray(view.burocrats_held)) {
    if (view.lines_to_win) parts.push(t("Lines to win: {count}", { count: view.lines_to_win }));
    parts.push(t("Burocrats still to win back: {each}", { each: each(view.burocrats_held) }));
  }
  if (view.uses_tokens && Array.isArray(view.ledger)) parts.push(t("Ledger: {each}", { each: each(view.ledger) }));
  if (Array.isArray(view.supply)) parts.push(t("{Pieces} left: {each}", { Pieces: capital(words.pieces), each: each(view.supply) }));
  $("scores").replaceChildren(
    ...parts.map((text) => {
      const p = document.createElement("p");
      p.textContent = text;
      return p;
    }),
  );
}

onDraw((view) => {
  drawSeats(view);
  drawScores(view);
});
