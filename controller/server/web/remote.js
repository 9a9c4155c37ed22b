// Remote play (docs/REMOTE.md): host this game for another board, join one by its code (or
// watch one with a spectator's code), and see the link: connected, reconnecting, or the other
// side gone for N s or left; a code that changed after wrong attempts shows as a problem. The state says where each seat is played; the link is read again every
// few seconds, as it changes without the game changing.

import { api } from "./orders.js";
import { $, onDraw } from "./store.js";

const LINK_POLL_MS = 2000;

/** What the card shows: whether its buttons are wired, the link's poll timer, the remote game. */
const card = { bound: false, poll: null, shown: null };

/** Show the remote part of ``state``. */
function showRemote(state) {
  if (!card.bound) bind();
  card.shown = state.remote ?? null;
  const shown = card.shown;
  $("remote-off").hidden = shown !== null;
  $("remote-on").hidden = shown === null;
  if (shown === null) {
    stopPolling();
    return;
  }
  const spectator = shown.role === "spectator";
  $("remote-role").textContent = {
    host: "This board hosts the game.",
    guest: "This board plays the host's game.",
    joining: "Joining the host's game…",
    spectator: "Watching a game (spectator).",
  }[shown.role];
  $("remote-codes").hidden = shown.role !== "host";
  $("remote-code").textContent = shown.code ?? "";
  $("remote-spectator-code").textContent = shown.spectator_code ?? "";
  const seats = (state.seats ?? []).map((seat, index) =>
    `${index + 1}: ${seat.place === "remote" ? "other board" : "here"}`);
  $("remote-seats").textContent = spectator ? "" : `Seats — ${seats.join(", ")}`;
  $("remote-problem").hidden = !shown.problem;
  $("remote-problem").textContent = shown.problem ?? "";
  showLink(shown.link);
  startPolling();
}

function showLink(link) {
  const element = $("remote-link");
  element.dataset.state = link.state;
  let text = {
    connected: "connected",
    connecting: "connecting…",
    reconnecting: `reconnecting… (${link.error ?? "broker unreachable"})`,
    stopped: "stopped",
  }[link.state] ?? link.state;
  if (link.state === "connected") {
    if (link.peer === "left") text += " — the other side left the game";
    else if (link.peer === "gone") text += ` — the other side is gone for ${Math.round(link.peer_gone_s)} s`;
    else if (link.peer === "online") text += " — the other side is online";
    else text += " — waiting for the other side";
  }
  element.textContent = text;
  const dropped = Object.values(link.dropped ?? {}).reduce((sum, count) => sum + count, 0);
  $("remote-dropped").textContent = dropped ? `${dropped} bad or stale messages dropped` : "";
}

function startPolling() {
  if (card.poll !== null) return;
  card.poll = setInterval(async () => {
    try {
      const remote = await api.get("/api/remote");
      if (remote && card.shown) showLink(remote.link);
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
  try {
    const answer = await api.post(path, body);
    report(null);
    return answer;
  } catch (error) {
    report(error);
    return null;
  }
}

function bind() {
  card.bound = true;
  $("remote-host").addEventListener("click", () => send("/api/remote/host", {}));
  $("remote-join").addEventListener("submit", (event) => {
    event.preventDefault();
    send("/api/remote/join", { code: $("remote-join-code").value });
  });
  $("remote-leave").addEventListener("click", () => send("/api/remote/leave", {}));
}

onDraw(showRemote);
