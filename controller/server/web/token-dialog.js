// The dialog that asks for the board's token before a command (off loopback).

import { $, state } from "./store.js";
import { N_, t } from "./i18n.js";

const NEEDED = N_(
  "This board asks for its token before it takes a command. The token is printed when the service starts, or set in its configuration.",
);
const REFUSED = N_(
  "The board refused that token. Enter the token printed when the service started, or set in its configuration.",
);

/** Resolve to the token entered, or null when cancelled; one dialog at a time. */
export function askToken(reason) {
  if (state.tokenAnswer) return state.tokenAnswer;
  const dialog = $("token-dialog");
  const why = reason === "refused" ? REFUSED : NEEDED;
  $("token-reason").textContent = t(why);
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
