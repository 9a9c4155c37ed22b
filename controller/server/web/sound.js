// Optional sound (off by default): short tones made in the page for a roll, a call, a penalty
// and a win. Nothing is loaded; the tones are generated with WebAudio.

import { $, onNewEvents, state } from "./store.js";
import { onLanguage, t } from "./i18n.js";

const SOUND_KEY = "flixboard.sound";
const TONES = {
  roll: [[440, 0.06], [660, 0.06]],
  call: [[880, 0.12], [1320, 0.18]],
  penalty: [[220, 0.25]],
  win: [[523, 0.12], [659, 0.12], [784, 0.12], [1047, 0.3]],
};
const SOUND_OF = {
  roll: "roll",
  scored: "call",
  call_nothing: "call",
  penalty: "penalty",
  penalty_nothing: "penalty",
  game_over: "win",
};

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

/** The page's audio context, made (or woken) on the tap that turns sound on: browsers let a
 * page sound only after a gesture. Null where the browser has no WebAudio. */
function audioContext() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  state.audio ??= new Context();
  return state.audio;
}

function play(name) {
  const context = audioContext();
  if (!context) return;
  let at = context.currentTime;
  for (const [frequency, seconds] of TONES[name]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + seconds);
    at += seconds;
  }
}

function showToggle() {
  const button = $("sound");
  button.setAttribute("aria-pressed", String(soundOn()));
  button.textContent = soundOn() ? t("Sound on") : t("Sound off");
  button.title = $("sound-help").textContent.trim().replace(/\s+/g, " "); // what the tones are
}

export function wireSound() {
  showToggle();
  onLanguage(showToggle);
  $("sound").addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    if (soundOn()) audioContext()?.resume();
    showToggle();
  });
}

onNewEvents((events) => {
  if (!soundOn()) return;
  const names = events.map((event) => SOUND_OF[event.type]).filter(Boolean);
  // The most telling sound of the batch: a win over a penalty over a call over a roll.
  const chosen = ["win", "penalty", "call", "roll"].find((name) => names.includes(name));
  if (chosen) play(chosen);
});
