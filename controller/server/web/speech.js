// The board's voice on the page: the lines the server says (``speech`` messages of the event
// stream) spoken on this device with the browser's speech synthesis, off by default; and the
// board's own voice muted or its volume set (GET/POST /api/voice). The Sound and voice card says
// what the two buttons at the top do, and whether the board has a voice of its own; a browser
// without a voice keeps this device's voice off and says why.

import { api, say } from "./orders.js";
import { N_, onLanguage, t } from "./i18n.js";
import { $, state } from "./store.js";

const SPEAK_KEY = "flixboard.speech";

export function speaksHere() {
  return localStorage.getItem(SPEAK_KEY) === "on" && "speechSynthesis" in window;
}

const NO_VOICE = N_("This browser has no voice to speak with: install one (on Linux, speech-dispatcher and espeak-ng) or use the board's own voice.");

function showToggle() {
  const button = $("speak");
  button.hidden = !("speechSynthesis" in window);
  button.setAttribute("aria-pressed", String(speaksHere()));
  button.textContent = speaksHere() ? t("Voice here on") : t("Voice here off");
  button.title = $("speak-help").textContent.trim().replace(/\s+/g, " ");
  $("speak-note").textContent = state.noVoice ? t(NO_VOICE) : "";
}

/** The browser's voices, waiting a moment for them where the browser loads them late. */
async function voices() {
  const synth = window.speechSynthesis;
  if (synth.getVoices().length) return synth.getVoices();
  await new Promise((done) => {
    synth.addEventListener("voiceschanged", done, { once: true });
    setTimeout(done, 1000);
  });
  return synth.getVoices();
}

/** Turn this device's voice on or off; on only where the browser has a voice (else it says why). */
async function toggleSpeech() {
  if (speaksHere()) {
    localStorage.setItem(SPEAK_KEY, "off");
  } else {
    state.noVoice = (await voices()).length === 0;
    if (state.noVoice) say(t(NO_VOICE), "error");
    else localStorage.setItem(SPEAK_KEY, "on");
  }
  showToggle();
}

/** Say one server line on this device; a new game drops what this device has not said yet. */
export function speakLine(line) {
  if (!speaksHere() || typeof line?.text !== "string") return;
  if (line.topic === "game") window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(line.text);
  utterance.lang = state.view?.language ?? "en"; // the board's lines are in its language
  window.speechSynthesis.speak(utterance);
}

function showBoardVoice(voice) {
  $("voice-none").hidden = voice.speaks;
  $("voice-controls").hidden = !voice.speaks;
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
  onLanguage(showToggle);
  $("speak").addEventListener("click", toggleSpeech);
  $("voice-mute").addEventListener("change", (event) => setBoardVoice({ muted: event.target.checked }));
  $("voice-volume").addEventListener("change", (event) =>
    setBoardVoice({ volume: Number(event.target.value) }),
  );
  api.get("/api/voice").then(showBoardVoice, () => {});
}
