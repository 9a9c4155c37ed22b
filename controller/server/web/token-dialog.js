// The dialog that asks for the board's token before a command (off loopback).

import { $, state } from "./store.js";

const NEEDED =
  "This board asks for its token before it takes a command. The token is printed when the service starts, or set in its configuration.";
const REFUSED =
  "The board refused that token. Enter the token printed when the service started, or set in its configuration.";

/** Resolve to the token entered, or null when cancelled; one dialog at a time. */
export function askToken(reason) {
  if (state.tokenAnswer) return state.tokenAnswer;
  const dialog = $("token-dialog");
  $("token-reason").textContent = reason === "refused" ? REFUSED : NEEDED;
  $("token-input").value = "";
  state.tokenAnswer = new Promise((resolve) => {
    dialog.addEventListener(
      "close",
      () => {
        state.tokenAnswer = null;
        const token = $("token-input").value.trim();
        resolve(dialog.returnValue === "ok" && token ? token : null);
      },
      { once: true },
    );
  });
  dialog.showModal();
  $("token-input").focus();
  return state.tokenAnswer;
}
