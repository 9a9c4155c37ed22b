// The new-game form: variant, players and partners, who plays each seat, calls, dice, tokens.

import { ask, gameUnderway } from "./confirm.js";
import { onInfo } from "./info.js";
import { command, say } from "./orders.js";
import { playerChoice, seatChoice } from "./seats.js";
import { $, onDraw, state } from "./store.js";
import { DEFAULT_LEVEL, VARIANT_LABELS, partnersText, seatWithTeam, teamsOf, variantName } from "./words.js";

/** What the chosen variant uses, as the board says (GET /api/info ``variant_facts``). */
function chosenFacts() {
  return state.info.variant_facts?.[$("variant").value] ?? {};
}

/** The team of each seat for a number of players, as the board deals them (GET /api/info). */
function teamOfSeat(players) {
  return state.info.team_of_seat?.[players] ?? Array.from({ length: players }, (_, seat) => seat);
}

function seatChoiceOf(seat) {
  return seat?.kind === "computer" ? { kind: "computer", level: seat.level ?? DEFAULT_LEVEL } : { kind: "human" };
}

/** The player's name for ``seat`` (kept in the game records; empty: "Seat N"). */
function playerName(seat) {
  const label = document.createElement("label");
  const input = document.createElement("input");
  input.type = "text";
  input.className = "setup-seat-player";
  input.maxLength = 40;
  input.autocomplete = "off";
  input.placeholder = `Seat ${seat + 1}`;
  input.value = state.setup.names[seat] ?? "";
  input.addEventListener("input", () => {
    state.setup.names[seat] = input.value;
  });
  label.append("Name ", input);
  return label;
}

/** Who plays each seat in the next game, kept while the number of players changes. */
function showSetupSeats(players) {
  const teamOf = teamOfSeat(players);
  const names = { ...state.info, team_of_seat: teamOf };
  const rows = teamOf.map((team, seat) => {
    const row = document.createElement("div");
    row.className = "setup-seat";
    row.dataset.seat = seat;
    const name = document.createElement("span");
    name.className = "setup-seat-name";
    name.textContent = seatWithTeam(seat, names);
    const choice = playerChoice(seatWithTeam(seat, names), () => {
      state.setup.seats[seat] = seatChoice(choice.kind, choice.level);
    });
    const chosen = state.setup.seats[seat] ?? { kind: "human" };
    choice.kind.value = chosen.kind;
    choice.level.value = String(chosen.level ?? DEFAULT_LEVEL);
    choice.level.disabled = chosen.kind !== "computer";
    row.append(name, ...choice.labels, playerName(seat));
    return row;
  });
  $("setup-seats").replaceChildren(...rows);
}

export function showPartners() {
  const players = Number($("players").value);
  const allTeams = teamsOf({ ...state.info, team_of_seat: [0, 1, 2] });
  $("partners").textContent = partnersText(teamOfSeat(players), allTeams) || "Everyone plays alone.";
  showSetupSeats(players);
  const facts = chosenFacts();
  $("call-options").hidden = !facts.uses_calls;
  $("dice-options").hidden = !facts.uses_dice;
  $("token-options").hidden = !facts.uses_tokens;
}

/** The variants the board plays, in its order, named as players say them. */
function showVariants(info) {
  const select = $("variant");
  const variants = Array.isArray(info.variants) ? info.variants : [];
  const chosen = select.value;
  select.replaceChildren(...variants.map((variant) => new Option(VARIANT_LABELS[variant] ?? variantName(variant), variant)));
  if (variants.includes(chosen)) select.value = chosen;
  showPartners();
}

/** The form starts from the game being played, until someone changes it. */
function followGame(view) {
  const key = JSON.stringify([view.variant, view.players, view.seats?.map(seatChoiceOf), view.hints]);
  const setup = state.setup;
  if (setup.touched || key === setup.followed || !view.variant) return;
  setup.followed = key;
  const variant = $("variant");
  if ([...variant.options].some((option) => option.value === view.variant)) variant.value = view.variant;
  if ([...$("players").options].some((option) => Number(option.value) === view.players)) {
    $("players").value = String(view.players);
  }
  if (Array.isArray(view.seats)) {
    setup.seats = view.seats.map(seatChoiceOf);
    setup.names = view.seats.map((seat) => seat?.name ?? "");
  }
  if (typeof view.hints === "boolean") $("hints-on").checked = view.hints;
  showPartners();
}

function setupBody() {
  const variant = $("variant").value;
  const facts = chosenFacts();
  const body = { variant, players: Number($("players").value) };
  const seed = $("seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  // Seats left out are human: a game of people only sends no seats.
  const seats = teamOfSeat(body.players).map((_, seat) => state.setup.seats[seat] ?? { kind: "human" });
  if (seats.some((seat) => seat.kind === "computer")) body.seats = seats;
  const names = seats.map((_, seat) => state.setup.names[seat]?.trim() || null);
  if (names.some((name) => name !== null)) body.names = names;
  body.hints = $("hints-on").checked;
  if (facts.uses_calls) {
    body.options = { auto_call: $("auto-call").checked, call_window: Number($("call-window").value || 3) };
  }
  if (facts.uses_tokens) {
    const mode = document.querySelector("input[name=token_mode]:checked")?.value;
    body.options = { ...body.options, token_mode: mode };
  }
  return body;
}

export function wireSetup() {
  $("setup").addEventListener("change", () => {
    state.setup.touched = true;
  });
  $("players").addEventListener("change", showPartners);
  $("variant").addEventListener("change", showPartners);
  $("setup").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = setupBody();
    const question = "Abandon the game being played and start a new one?";
    if (gameUnderway(state.view) && !(await ask(question, "Start new game"))) return;
    if (await command("/api/new_game", body)) {
      state.setup.touched = false;
      say(`New game of ${variantName(body.variant)} for ${body.players} players.`);
    }
  });
  showPartners();
}

onInfo(showVariants);
onDraw(followGame);
