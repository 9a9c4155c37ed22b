// The board's voice on the page: the lines the server says (``speech`` messages of the event
// stream) spoken on this device with the browser's speech synthesis, off by default; and the
// board's own voice muted or its volume set (GET/POST /api/voice).

import { api, say } from "./orders.js";
import { $ } from "./store.js";

const SPEAK_KEY = "flixboard.speech";

export function speaksHere() {
  return localStorage.getItem(SPEAK_KEY) === "on" && "speechSynthesis" in window;
}

function showToggle() {
  const button = $("speak");
  button.hidden = !("speechSynthesis" in window);
  button.setAttribute("aria-pressed", String(speaksHere()));
  button.textContent = speaksHere() ? "Voice here on" : "Voice here off";
}

/** Say one server line on this device; a new game drops what this device has not said yet. */
export function speakLine(line) {
  if (!speaksHere() || typeof line?.text !== "string") return;
  if (line.topic === "game") window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(line.text);
  utterance.lang = "en";
  window.speechSynthesis.speak(utterance);
}

function showBoardVoice(voice) {
  $("voice").hidden = !voice.speaks;
  $("voice-mute").checked = voice.muted;
  $("voice-volume").value = String(voice.volume);
}

async function setBoardVoice(body) {
  try {
    showBoardVoice(await api.post("/api/voice", body));
  } catch (error) {
    say(error.message, "error");
  }
}

export function wireSpeech() {
  showToggle();
  $("speak").addEventListener("click", () => {
    localStorage.setItem(SPEAK_KEY, speaksHere() ? "off" : "on");
    showToggle();
  });
  $("voice-mute").addEventListener("change", (event) => setBoardVoice({ muted: event.target.checked }));
  $("voice-volume").addEventListener("change", (event) =>
    setBoardVoice({ volume: Number(event.target.value) }),
  );
  api.get("/api/voice").then(showBoardVoice, () => {});
}
