// Remote play (docs/REMOTE.md): host this game for another board, join one by its code (or
// watch one with a spectator's code), and see the link: connected, reconnecting, or the other
// side gone for N s or left; someone guessing the codes (which then change) shows as a
// problem. The state says where each seat is played; the link is read again every few
// seconds, as it changes without the game changing.

import { showAnswer } from "./answers.js";
import { api, refresh } from "./orders.js";
import { $, onDraw } from "./store.js";
import { N_, t, tSaid } from "./i18n.js";
import { showHistory } from "./link-history.js";

const LINK_POLL_MS = 2000;
/** A broker connected this long with no word from the other board: nobody answers the code. */
export const NOBODY_S = 15;

/** What the card shows: whether its buttons are wired, the link's poll timer, the remote game,
 * the codes last read. */
const card = { bound: false, poll: null, shown: null, codes: null };

/** This board's part in the remote game, in words. */
const ROLES = {
  host: N_("This board hosts the game."),
  guest: N_("This board plays the host's game."),
  joining: N_("Joining the host's game…"),
  spectator: N_("Watching a game (spectator)."),
};

/** Show the remote part of ``state``. */
function showRemote(state) {
  if (!card.bound) bind();
  card.shown = state.remote ?? null;
  const shown = card.shown;
  $("remote-off").hidden = shown !== null;
  $("remote-on").hidden = shown === null;
  if (shown === null) {
    card.codes = null;
    stopPolling();
    return;
  }
  const spectator = shown.role === "spectator";
  $("remote-role").textContent = t(ROLES[shown.role] ?? "");
  $("remote-codes").hidden = shown.role !== "host";
  showCodes(shown);
  const seats = (state.seats ?? []).map((seat, index) =>
    `${index + 1}: ${seat.place === "remote" ? t("other board") : t("here")}`);
  $("remote-seats").textContent = spectator ? "" : t("Seats — {seats}", { seats: seats.join(", ") });
  $("remote-problem").hidden = !shown.problem;
  $("remote-problem").textContent = shown.problem_said ? tSaid(shown.problem_said) : (shown.problem ?? "");
  showLink(shown.link, shown.role);
  startPolling();
}

/** The codes, where the answer carries them: off loopback the pushed state never does (a
 * WebSocket carries no token), the token holder's GET /api/remote does. */
function showCodes(remote) {
  if (remote.code === null && remote.spectator_code === null && card.codes !== null) return;
  card.codes = { code: remote.code ?? "", spectator_code: remote.spectator_code ?? "" };
  $("remote-code").textContent = grouped(card.codes.code);
  $("remote-spectator-code").textContent = grouped(card.codes.spectator_code);
}

/** A code in two groups of four letters, as it is read aloud (the dash is not typed). */
function grouped(code) {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** The link in words; ``data-state`` colours it: only a live other side is "connected". */
function showLink(link, role) {
  const element = $("remote-link");
  let state = link.state;
  let text = {
    connected: t("connected"),
    connecting: t("connecting…"),
    reconnecting: t("reconnecting… ({reason})", { reason: link.error ?? t("broker unreachable") }),
    stopped: t("stopped"),
  }[link.state] ?? link.state;
  if (link.state === "connected") {
    if (link.peer === "left") {
      state = "gone";
      text += t(" — the other side left the game");
    } else if (link.peer === "gone") {
      state = "gone";
      text += t(" — the other side is gone for {seconds} s", { seconds: Math.round(link.peer_gone_s) });
    } else if (link.peer === "online") {
      text += t(" — the other side is online");
    } else {
      const silent = (link.for_s ?? 0) >= NOBODY_S && role !== "host";
      state = silent ? "nobody" : "waiting";
      text = silent
        ? t("Nobody answered for {seconds} s: is the code right, and is the host's game still hosted? Leave and join again with the code the host shows.", { seconds: Math.round(link.for_s) })
        : role === "host" ? t("waiting for the other board to join…") : t("waiting for the host…");
    }
  }
  element.dataset.state = state;
  element.textContent = text;
  showHistory(link);
  const dropped = Object.values(link.dropped ?? {}).reduce((sum, count) => sum + count, 0);
  $("remote-dropped").textContent = dropped ? t("{count} bad or stale messages dropped", { count: dropped }) : "";
}

function startPolling() {
  if (card.poll !== null) return;
  card.poll = setInterval(async () => {
    try {
      const remote = await api.get("/api/remote");
      if (remote && card.shown) {
        showLink(remote.link, remote.role);
        showCodes(remote);
      }
    } catch {
      // the page's own connection line says when the board is unreachable
    }
  }, LINK_POLL_MS);
}

function stopPolling() {
  if (card.poll !== null) clearInterval(card.poll);
  card.poll = null;
}

function report(error) {
  const element = $("remote-error");
  element.hidden = !error;
  element.textContent = error ? error.message : "";
}

async function send(path, body) {
  showAnswer(""); // a refusal of the game before (a seat played on the other board) is over
  try {
    const answer = await api.post(path, body);
    report(null);
    refresh(); // the card follows at once, even when no other event comes (nobody hosts the code)
    return answer;
  } catch (error) {
    report(error);
    return null;
  }
}

function bind() {
  card.bound = true;
  $("remote-host").addEventListener("click", async () => {
    const hosted = await send("/api/remote/host", {});
    if (hosted) showCodes(hosted);
  });
  $("remote-join").addEventListener("submit", (event) => {
    event.preventDefault();
    send("/api/remote/join", { code: $("remote-join-code").value });
  });
  $("remote-leave").addEventListener("click", () => send("/api/remote/leave", {}));
}

onDraw(showRemote);
