// The game history: kept games listed and filtered, one replayed step by step on a flat board,
// and each player's statistics. Everything shown comes from /api/games: the page knows no rules.

import { buildBoard, layoutOf, paintBoard } from "./board.js";
import { onDraw, state as page } from "./store.js";
import { onInfo } from "./info.js";
import { viewsFor } from "./registry.js";
import { showReplay } from "./views.js";
import { teamsOf, variantName } from "./words.js";
import { N_, onLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const PER_PAGE = 10;

/** What the history shows: the open replay, the teams' names and colours, the list's page;
 * whether it is in view, and whether the game shown last was over. */
const shown = {
  replay: null,
  teams: { team_names: [], team_colours: [] },
  words: null,
  variants: [],
  page: 1,
  inView: false,
  over: null,
};

async function getJson(path) {
  const response = await fetch(path, { cache: "no-store" });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
  return body;
}

function filterQuery() {
  const query = new URLSearchParams();
  const player = $("history-player").value.trim();
  const variant = $("history-variant").value;
  if (player) query.set("player", player);
  if (variant) query.set("variant", variant);
  return query;
}

function say(text) {
  $("history-status").textContent = text;
}

function seatNames(players) {
  return players.map(playerText).join(", ");
}

/** A kept game's seat as the board names it: "Red (player 1)" for a person without a name of
 * their own, "Blue (Computer, level 3)" for the computer, a name given as given. */
function playerText(seat) {
  const name = seat?.name ?? "";
  if (seat?.team === undefined) return playerName(name);
  const team = teamsOf({ ...shown.teams, team_of_seat: [seat.team] })[seat.team].name;
  if (seat.kind !== "computer" && name === `Seat ${seat.seat + 1}`) {
    return t("{team} (player {number})", { team, number: seat.seat + 1 });
  }
  if (seat.kind === "computer" && name === `Computer, level ${seat.level}`) {
    return `${team} (${t("Computer, level {level}", { level: seat.level })})`;
  }
  return playerName(name);
}

/** A player's name as the records keep it; the names given when none was set ("Seat 2",
 * "Computer, level 3") in the page's language. */
function playerName(name) {
  const seat = /^Seat (\d+)$/.exec(name);
  if (seat) return t("Seat {seat}", { seat: seat[1] });
  const computer = /^Computer, level (\d+)$/.exec(name);
  return computer ? t("Computer, level {level}", { level: computer[1] }) : name;
}

/** Why a game ended, as the records keep it. */
const RESULT_REASONS = {
  line: N_("line"),
  lines: N_("lines"),
  resign: N_("resign"),
  "board full": N_("board full"),
  "nobody can place": N_("nobody can place"),
  buroline: N_("buroline"),
};

/** "Ann won (line)", "draw (board full)" or "abandoned", in the page's language. */
export function resultText(game) {
  const { outcome, team, reason } = game.result;
  const why = reason ? ` (${t(RESULT_REASONS[reason] ?? reason)})` : "";
  if (outcome === "win") {
    const names = game.players.filter((seat) => seat.team === team).map(playerText);
    return t("{names} won{why}", { names: names.join(t(" and ")), why });
  }
  return outcome === "draw" ? t("draw{why}", { why }) : t("abandoned");
}

/** The notation's move words, as the replay says them. */
const MOVE_WORDS = {
  place: N_("place"),
  roll: N_("roll"),
  step: N_("step"),
  flix: N_("flix"),
  penalty: N_("penalty"),
  block: N_("block"),
  resign: N_("resign"),
  burocrat: N_("burocrat"),
  withdraw: N_("withdraw"),
  token: N_("token"),
};

async function showList() {
  const query = filterQuery();
  query.set("page", String(shown.page));
  query.set("per_page", String(PER_PAGE));
  let listed;
  try {
    listed = await getJson(`/api/games?${query}`);
  } catch (error) {
    say(t("Cannot list the games: {reason}", { reason: error.message }));
    return;
  }
  const list = $("history-list");
  list.replaceChildren(
    ...listed.games.map((game) => {
      const item = document.createElement("li");
      item.dataset.game = game.id;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "history-game";
      const when = (game.ended ?? game.started ?? "").slice(0, 16).replace("T", " ");
      button.textContent = `#${game.id} ${variantName(game.variant)}: ${seatNames(game.players)}`;
      button.addEventListener("click", () => openGame(game.id));
      const detail = document.createElement("span");
      detail.className = "history-detail";
      const utc = when ? ", " + when + " " + t("UTC") : "";
      detail.textContent = `${resultText(game)}, ${placedText(game)}${utc}`;
      item.append(button, detail);
      return item;
    }),
  );
  const pages = Math.max(1, Math.ceil(listed.total / PER_PAGE));
  $("history-page").textContent = t("page {page} of {pages} ({total} games)", { page: shown.page, pages, total: listed.total });
  $("history-newer").disabled = shown.page <= 1;
  $("history-older").disabled = shown.page >= pages;
  say(listed.total ? "" : t("No game kept yet: finished and abandoned games appear here."));
}

async function showStats() {
  const query = filterQuery();
  let stats;
  try {
    stats = await getJson(`/api/games/stats?${query}`);
  } catch (error) {
    say(t("Cannot count the games: {reason}", { reason: error.message }));
    return;
  }
  $("history-stats").replaceChildren(
    ...stats.players.map((row) => {
      const tr = document.createElement("tr");
      tr.dataset.player = row.name;
      const length = Number(row.average_length).toFixed(1);
      for (const value of [playerName(row.name), row.games, row.wins, row.draws, length, row.lines]) {
        const cell = document.createElement(tr.children.length ? "td" : "th");
        if (!tr.children.length) cell.scope = "row";
        cell.textContent = String(value);
        tr.append(cell);
      }
      return tr;
    }),
  );
}

function stepState(step) {
  return { ...step.state, ...shown.teams };
}

function shownStep() {
  return Number($("replay-step").value);
}

/** Show step ``index`` of the open replay here and on every board view of the page. */
export function showReplayStep(index) {
  if (!shown.replay) return;
  const last = shown.replay.steps.length - 1;
  const chosen = Math.max(0, Math.min(last, index));
  const step = shown.replay.steps[chosen];
  const state = stepState(step);
  $("replay-step").value = String(chosen);
  const own = viewsFor(state).main?.replay;
  if (own) own.paint($("replay-board"), state);
  else paintBoard($("replay-board"), state);
  for (const hole of $("replay-board").querySelectorAll(".hole, [data-cell]")) {
    hole.classList.toggle("last-move", (hole.dataset.hole ?? hole.dataset.cell) === step.hole);
    // A past position: nothing to tap or to reach by Tab.
    hole.disabled = true;
  }
  $("replay-move").textContent =
    chosen === 0
      ? t("Step 0 of {last}: the empty board", { last })
      : t("Step {step} of {last}: {player} {move}", { step: chosen, last, player: playerText(shown.replay.players[step.seat]), move: moveText(step.text) });
  $("replay-back").disabled = chosen === 0;
  $("replay-forward").disabled = chosen === last;
  // The board's own views (the flat panels, the 3-D view) show it too, for a game of this board.
  if (page.info.variants?.includes(shown.replay.variant)) showReplay(state);
}

/** The players' table's column of pieces placed a game, in this board's words: "Men/game",
 * "Pieces/game" (Flip 4), "Counters/game" (Olix). */
function sayPiecesHead() {
  const pieces = t(shown.words?.pieces ?? "Men");
  const capital = pieces.charAt(0).toUpperCase() + pieces.slice(1);
  const head = $("history-pieces");
  head.textContent = t("{pieces}/game", { pieces: capital });
  head.title = t("{pieces} placed per game, on average", { pieces: capital });
}

/** "7 Men placed" in this board's words; a game of another board: "7 placements". */
function placedText(game) {
  const count = game.placements;
  if (!shown.words || !shown.variants.includes(game.variant)) {
    return count === 1 ? t("1 placement") : t("{count} placements", { count });
  }
  const pieces = t(count === 1 ? shown.words.piece : shown.words.pieces);
  return t("{count} {pieces} placed", { count, pieces });
}

/** A throw as the notation writes it ("red/I/spades"), its faces' words in the page's language. */
function faceWords(thrown) {
  return thrown
    .split("/")
    .map((face) => t(face))
    .join("/");
}

/** "1 place R-I-S @2.534" as "place R-I-S at 2.5 s" (game time, to the tenth of a second), its
 * move word in the page's language. */
export function moveText(text) {
  return text
    .replace(/^\d+ /, "")
    .replace(/^([a-z_]+)/, (word) => (MOVE_WORDS[word] ? t(MOVE_WORDS[word]) : word))
    .replace(/^(\S+) (\S+\/\S+)/, (whole, verb, thrown) => (verb === t(MOVE_WORDS.roll) ? `${verb} ${faceWords(thrown)}` : whole))
    .replace(/ @(\S+)$/, (_, at) => " " + t("at {seconds} s", { seconds: Number(at).toFixed(1) }));
}

/** The filter offers all games and each game of this board (GET /api/info ``variants``). */
function showVariantChoices(variants) {
  const select = $("history-variant");
  const chosen = select.value;
  select.replaceChildren(
    new Option(t("All games"), ""),
    ...variants.map((variant) => new Option(variantName(variant), variant)),
  );
  if (variants.includes(chosen)) select.value = chosen;
}

function replayTitle(id, game) {
  const words = { id, variant: variantName(game.variant), players: seatNames(game.players), result: resultText(game) };
  return t("Game #{id}: {variant}, {players}: {result}", words);
}

/** The replay's board drawn for ``game`` (a replay, or the live game: the same board). */
function drawReplayBoard(game) {
  const board = $("replay-board");
  const layout = layoutOf(game);
  const own = viewsFor(game).main?.replay;
  if (own) own.build(board);
  else if (board.dataset.layout !== `${layout.panels}-${layout.suits}`) buildBoard(board, layout, () => {});
}

/** The replay card shown at once when a game is chosen, its board drawn empty as the live
 * board's, so that it takes its place while the game loads: nothing below it moves later. */
function reserveReplay(id) {
  const card = $("history-replay");
  if (!card.hidden) return;
  drawReplayBoard(page.view);
  $("replay-title").textContent = t("Game #{id}", { id });
  $("replay-move").textContent = t("Loading game #{id}…", { id });
  for (const control of ["replay-back", "replay-step", "replay-forward"]) $(control).disabled = true;
  card.hidden = false;
}

async function openGame(id) {
  reserveReplay(id);
  let loaded;
  try {
    loaded = await getJson(`/api/games/${id}/replay`);
  } catch (error) {
    if (!shown.replay) closeGame();
    say(t("Cannot replay game {id}: {reason}", { id, reason: error.message }));
    return;
  }
  shown.replay = loaded;
  drawReplayBoard(loaded);
  $("replay-step").disabled = false;
  $("replay-title").textContent = replayTitle(id, loaded);
  $("replay-notation").href = `/api/games/${id}/notation`;
  $("replay-json").href = `/api/games/${id}.json`;
  const slider = $("replay-step");
  slider.max = String(loaded.steps.length - 1);
  $("history-replay").hidden = false;
  $("history-replay").dataset.game = id;
  showReplayStep(0);
}

function closeGame() {
  shown.replay = null;
  showReplay(null);
  $("history-replay").hidden = true;
  delete $("history-replay").dataset.game;
  $("replay-board").replaceChildren();
  delete $("replay-board").dataset.layout;
}

/** Wire the history view; it loads when it comes into view (or ``refreshHistory``). */
export function startHistory() {
  // The settings name the games (and load their modules, which draw their replays): the list
  // and the filter are said again with them.
  onInfo((info) => {
    shown.teams = { team_names: info.team_names ?? [], team_colours: info.team_colours ?? [] };
    shown.words = info.words ?? null;
    shown.variants = Array.isArray(info.variants) ? info.variants : [];
    showVariantChoices(shown.variants);
    sayPiecesHead();
    if (shown.inView) refreshHistory();
  });
  $("history-filter").addEventListener("submit", (event) => {
    event.preventDefault();
    shown.page = 1;
    refreshHistory();
  });
  $("history-newer").addEventListener("click", () => {
    shown.page = Math.max(1, shown.page - 1);
    showList();
  });
  $("history-older").addEventListener("click", () => {
    shown.page += 1;
    showList();
  });
  $("replay-step").addEventListener("input", () => showReplayStep(shownStep()));
  $("replay-back").addEventListener("click", () => showReplayStep(shownStep() - 1));
  $("replay-forward").addEventListener("click", () => showReplayStep(shownStep() + 1));
  $("replay-close").addEventListener("click", closeGame);
  // The list is read again whenever the history comes into view: a game kept meanwhile shows;
  // and while it is in view, when a game ends or the next begins (a game is kept then).
  new IntersectionObserver((seen) => {
    const inView = seen.some((entry) => entry.isIntersecting);
    shown.inView = inView;
    if (inView) refreshHistory();
  }).observe($("history-title"));
  onLanguage(() => {
    showVariantChoices(shown.variants);
    sayPiecesHead();
    if (shown.inView) refreshHistory();
    const open = $("history-replay").dataset.game;
    if (open !== undefined && shown.replay) {
      $("replay-title").textContent = replayTitle(open, shown.replay);
      showReplayStep(shownStep());
    }
  });
  onDraw((view) => {
    const over = view.phase === "game_over";
    if (over !== shown.over && shown.inView) refreshHistory();
    shown.over = over;
  });
}

export function refreshHistory() {
  return Promise.all([showList(), showStats()]);
}
