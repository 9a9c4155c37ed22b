// Orders to the board (POSTs), reading the state again, and the one-line message.

import { showAnswer } from "./answers.js";
import { Api } from "./api.js";
import { $, nextStamp, receive, state } from "./store.js";
import { askToken } from "./token-dialog.js";
import { t } from "./i18n.js";

export const api = new Api(askToken);

export function say(text, kind = "info") {
  const message = $("message");
  // A refusal is announced once, by the answer box above the action bar (role=alert); the
  // line keeps it as text only.
  message.setAttribute("aria-live", kind === "error" ? "off" : "polite");
  message.textContent = text;
  message.dataset.kind = kind;
  if (kind === "error") showAnswer(text); // where the player looks, above the action bar
}

/** POST an order; its answer (the new state) is shown. Whether it was taken. The last answer
 * goes as the order is sent: a refusal pushed while it is under way (the host's, in remote
 * play) stays. */
export async function command(path, body, done) {
  const started = nextStamp();
  showAnswer("");
  try {
    const answer = await api.post(path, body);
    say(done ?? "");
    receive(started, answer);
    return true;
  } catch (error) {
    say(error.message, "error");
    return false;
  }
}

/** Read the state again (one request at a time). */
export function refresh() {
  if (state.refreshing) return state.refreshing;
  const started = nextStamp();
  state.refreshing = api
    .getState()
    .then((fresh) => receive(started, fresh))
    .catch((error) => say(t("Cannot read the board: {reason}", { reason: error.message }), "error"))
    .finally(() => {
      state.refreshing = null;
    });
  return state.refreshing;
}
