// The new-game form: variant, players and partners, who plays each seat, calls, dice, tokens.

import { ask, gameUnderway } from "./confirm.js";
import { onInfo } from "./info.js";
import { command, say } from "./orders.js";
import { playerChoice, seatChoice } from "./seats.js";
import { $, onDraw, state } from "./store.js";
import { DEFAULT_LEVEL, partnersText, seatWithTeam, teamsOf, variantChoice, variantName } from "./words.js";
import { N_, onLanguage, pageLanguage, t } from "./i18n.js";

/** What the chosen variant uses, as the board says (GET /api/info ``variant_facts``). */
function chosenFacts() {
  return state.info.variant_facts?.[$("variant").value] ?? {};
}

/** The team of each seat for a number of players, as the chosen variant deals them (GET
 * /api/info ``variant_facts``). */
function teamOfSeat(players) {
  const teams = chosenFacts().team_of_seat ?? state.info.team_of_seat;
  return teams?.[players] ?? Array.from({ length: players }, (_, seat) => seat);
}

const TEAM_COUNTS = [N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six")];

/** "4 (two teams of partners)", or "3" when everyone plays alone. */
export function playersLabel(players, teamOf) {
  const teams = new Set(teamOf).size;
  if (teams >= players) return String(players);
  return t("{players} ({teams} teams of partners)", { players, teams: TEAM_COUNTS[teams] ? t(TEAM_COUNTS[teams]) : teams });
}

/** The player counts the chosen variant accepts (GET /api/info), the choice kept if it fits. */
function showPlayerCounts() {
  const select = $("players");
  const counts = chosenFacts().players ?? state.info.players ?? [];
  if (!counts.length) return;
  const chosen = Number(select.value);
  select.replaceChildren(...counts.map((count) => new Option(playersLabel(count, teamOfSeat(count)), String(count))));
  select.value = String(counts.includes(chosen) ? chosen : counts[0]);
}

function seatChoiceOf(seat) {
  return seat?.kind === "computer" ? { kind: "computer", level: seat.level ?? DEFAULT_LEVEL } : { kind: "human" };
}

/** The player's name for ``seat`` (kept in the game records; empty: "Seat N"). A computer
 * seat has none: it is "Computer, level N". */
function playerName(seat) {
  const label = document.createElement("label");
  const input = document.createElement("input");
  input.type = "text";
  input.className = "setup-seat-player";
  input.maxLength = 40;
  input.autocomplete = "off";
  input.placeholder = t("Seat {seat}", { seat: seat + 1 });
  input.value = state.setup.names[seat] ?? "";
  input.addEventListener("input", () => {
    state.setup.names[seat] = input.value;
  });
  label.append(t("Name") + " ", input);
  showName(input, seat);
  return label;
}

/** The name box of ``seat`` as its player: a person's name, or the computer's, not to type. */
function showName(input, seat) {
  const chosen = state.setup.seats[seat];
  const computer = chosen?.kind === "computer";
  input.disabled = computer;
  input.placeholder = computer
    ? t("Computer, level {level}", { level: chosen.level ?? DEFAULT_LEVEL })
    : t("Seat {seat}", { seat: seat + 1 });
  if (computer) {
    input.value = "";
    state.setup.names[seat] = "";
  }
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
    const nameBox = playerName(seat);
    const choice = playerChoice(seatWithTeam(seat, names), () => {
      state.setup.seats[seat] = seatChoice(choice.kind, choice.level);
      showName(nameBox.querySelector("input"), seat);
    }, true);
    const chosen = state.setup.seats[seat] ?? { kind: "human" };
    choice.kind.value = chosen.kind;
    choice.level.value = String(chosen.level ?? DEFAULT_LEVEL);
    choice.level.disabled = chosen.kind !== "computer";
    row.append(name, ...choice.labels, nameBox);
    return row;
  });
  $("setup-seats").replaceChildren(...rows);
}

const SEATINGS = { first: N_("as first player"), second: N_("as second player") };

/** "62 % of 100 games (52–71)" for each seating the level was measured in, one a line. */
function measuredLines(level) {
  if (!level.measured.length) return [t("the lowest level")];
  const number = new Intl.NumberFormat(pageLanguage(), { maximumFractionDigits: 1 });
  return level.measured.map((rung) => {
    const text = t("{score} % of {games} games ({low}–{high})", {
      score: number.format(rung.score_pct),
      games: rung.games,
      low: number.format(rung.low_pct),
      high: number.format(rung.high_pct),
    }).replace(/ %/g, "\u00a0%");
    return rung.seating in SEATINGS ? `${t(SEATINGS[rung.seating])}: ${text}` : text;
  });
}

/** What the computer's levels do in the chosen game, and how each scored against the level below
 * (GET /api/info ``variant_facts[].levels``). */
function showLevelGuide() {
  const levels = chosenFacts().levels ?? [];
  $("level-guide").hidden = !levels.length;
  const paired = levels.some((level) => level.measured.some((rung) => rung.seating === "second"));
  $("level-guide-second").hidden = !paired;
  $("level-rows").replaceChildren(
    ...levels.map((level) => {
      const row = document.createElement("tr");
      const number = document.createElement("th");
      number.scope = "row";
      number.textContent = String(level.level);
      const does = document.createElement("td");
      does.textContent = t(level.does);
      const measured = document.createElement("td");
      measured.append(
        ...measuredLines(level).map((line) => {
          const part = document.createElement("div");
          part.textContent = line;
          return part;
        }),
      );
      row.append(number, does, measured);
      return row;
    }),
  );
}

export function showPartners() {
  showPlayerCounts();
  const players = Number($("players").value);
  const allTeams = teamsOf({ ...state.info, team_of_seat: [0, 1, 2] });
  $("partners").textContent = partnersText(teamOfSeat(players), allTeams) || t("Everyone plays alone.");
  showSetupSeats(players);
  const facts = chosenFacts();
  $("call-options").hidden = !facts.uses_calls;
  $("dice-options").hidden = !facts.uses_dice;
  $("token-options").hidden = !facts.uses_tokens;
  showLevelGuide();
}

/** The variants the board plays, in its order, named as players say them. */
function showVariants(info) {
  const select = $("variant");
  const variants = Array.isArray(info.variants) ? info.variants : [];
  const chosen = select.value;
  select.replaceChildren(...variants.map((variant) => new Option(variantChoice(variant), variant)));
  if (variants.includes(chosen)) select.value = chosen;
  showPartners();
  // The game drawn before the board's variants came could not be shown: it is now.
  state.setup.followed = "";
  if (state.view) followGame(state.view);
}

/** The form starts from the game being played, until someone changes it. */
function followGame(view) {
  const key = JSON.stringify([view.variant, view.players, view.seats?.map(seatChoiceOf), view.hints]);
  const setup = state.setup;
  if (setup.touched || key === setup.followed || !view.variant) return;
  setup.followed = key;
  const variant = $("variant");
  if ([...variant.options].some((option) => option.value === view.variant)) variant.value = view.variant;
  showPlayerCounts();
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
  const names = seats.map((seat, index) => (seat.kind === "computer" ? null : state.setup.names[index]?.trim() || null));
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

/** Whether to start the new game: asked over a game under way; on the simulated board the
 * pieces still on it are lifted first, when the person agrees (as Next game lifts them). */
async function readyToStart(view) {
  const pieces = view?.sim === true ? Object.keys(view.sensed ?? {}).length : 0;
  const underway = gameUnderway(view);
  if (pieces === 0) {
    return !underway || ask(t("Abandon the game being played and start a new one?"), t("Start new game"));
  }
  const question = underway
    ? t("Abandon the game being played and start a new one? Every piece on the simulated board is lifted off first.")
    : t("Pieces on the simulated board: {count}. Lift them off and start the new game?", { count: pieces });
  if (!(await ask(question, t("Clear and start")))) return false;
  return command("/api/sim/clear", {});
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
    if (!(await readyToStart(state.view))) return;
    if (await command("/api/new_game", body)) {
      state.setup.touched = false;
      say(t("New game of {variant} for {players} players.", { variant: variantName(body.variant), players: body.players }));
    }
  });
  showPartners();
}

onInfo(showVariants);
// Another language says the form's options and seats again.
onLanguage(() => {
  if (state.info.variants) showVariants(state.info);
});
onDraw(followGame);
