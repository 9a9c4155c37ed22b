// Pay-Off tokens: the mover's token for the next Man, the tokens of the winning line entered by
// hand, the game value.

import { api, command, say } from "./orders.js";
import { $, onDraw, redraw, state } from "./store.js";
import { teamsOf } from "./words.js";
import { N_, t, translatePage } from "./i18n.js";

/** The card's words, by their message ids. */
const WORDS = {
  title: N_("Tokens"),
  show: N_("Show my tokens"),
  hand: N_("Your unused tokens"),
  next: N_("Token on the next Man (hidden from the others)"),
  attach: N_("Attach token"),
  none: N_("No token"),
  enter: N_("Enter the token each Man of the winning line carries (empty: none)."),
  man: N_("Man on"),
  token: N_("Token"),
  entered: N_("Enter token"),
};

/** The tokens' card, put after the dice card when the module loads (said in the page's
 * language by its ``data-t`` words, as the page's own cards are). */
const CARD = `
  <h2 id="payoff-title" data-t>${WORDS.title}</h2>
  <div id="token-choice">
    <div class="hand">
      <button type="button" id="show-hand" aria-expanded="false" aria-controls="hand-tokens"
              data-t>${WORDS.show}</button>
      <div id="hand-tokens" class="row" role="group" data-t-label="${WORDS.hand}" hidden></div>
    </div>
    <form id="token-form-typed" class="row">
      <label><span data-t>${WORDS.next}</span>
        <input type="number" id="token-value" min="1" step="1" inputmode="numeric"></label>
      <button type="submit" id="attach-token" data-t>${WORDS.attach}</button>
      <button type="button" id="no-token" data-t>${WORDS.none}</button>
    </form>
  </div>
  <form id="token-entry" class="row" hidden>
    <p data-t>${WORDS.enter}</p>
    <label><span data-t>${WORDS.man}</span> <select id="token-hole"></select></label>
    <label><span data-t>${WORDS.token}</span>
      <input type="number" id="token-entered" min="1" step="1" inputmode="numeric"></label>
    <button type="submit" id="enter-token" data-t>${WORDS.entered}</button>
  </form>
  <p id="game-value"></p>`;

function addCard() {
  const card = document.createElement("section");
  card.className = "card";
  card.id = "payoff";
  card.setAttribute("aria-labelledby", "payoff-title");
  card.hidden = true;
  card.innerHTML = CARD;
  $("dice-card").after(card);
  translatePage(card);
}

function hideHand() {
  state.hand.team = null;
  state.hand.tokensLeft = "";
  $("hand-tokens").hidden = true;
  $("hand-tokens").replaceChildren();
  $("show-hand").setAttribute("aria-expanded", "false");
}

/** The mover's own tokens, shown only on request and hidden again when the turn passes on. */
async function loadHand(team) {
  state.hand.team = team;
  state.hand.tokensLeft = JSON.stringify(state.view?.tokens_left);
  let own;
  try {
    own = await api.get(`/api/state?team=${team}`);
  } catch (error) {
    say(t("Cannot read the tokens: {reason}", { reason: error.message }), "error");
    hideHand();
    return;
  }
  if (state.hand.team !== team) return;
  const hand = Array.isArray(own.hand) ? own.hand : [];
  const box = $("hand-tokens");
  box.replaceChildren(
    ...hand.map((value) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "token";
      button.textContent = value;
      button.setAttribute("aria-label", t("Attach token {token} to the next Man", { token: value }));
      button.addEventListener("click", () => attachToken(value));
      return button;
    }),
  );
  if (!hand.length) box.textContent = t("No tokens left.");
  box.hidden = false;
  $("show-hand").setAttribute("aria-expanded", "true");
  if (state.view) $("show-hand").textContent = `Hide ${teamsOf(state.view)[team]?.name ?? "my"}'s tokens`;
}

async function attachToken(value) {
  if (await command("/api/token", { token: Number(value) }, t("Your token rides on the next Man."))) {
    $("token-value").value = "";
    hideHand();
    redraw();
  }
}

function drawEntry(view) {
  const entering = view.actions?.enter_token === true;
  $("token-entry").hidden = !entering;
  if (!entering) return;
  const line = view.scored_lines?.at(-1)?.[1] ?? [];
  const select = $("token-hole");
  if (select.dataset.line === line.join()) return;
  select.dataset.line = line.join();
  select.replaceChildren(
    ...line.map((hole) => {
      const option = document.createElement("option");
      option.value = option.textContent = hole;
      return option;
    }),
  );
}

function draw(view) {
  $("payoff").hidden = !view.uses_tokens;
  if (!view.uses_tokens) return;
  const choosing = view.actions?.token === true;
  // Out of turn the choice keeps its place unseen: the cards below it do not move when it comes.
  $("token-choice").classList.toggle("unseen", !choosing);
  const team = view.team_of_seat?.[view.to_move];
  const teamName = teamsOf(view)[team]?.name ?? t("my");
  const open = state.hand.team === team;
  $("show-hand").textContent = open ? t("Hide {team}'s tokens", { team: teamName }) : t("Show {team}'s tokens", { team: teamName });
  if (!choosing || !open) hideHand();
  else if (state.hand.tokensLeft !== JSON.stringify(view.tokens_left)) loadHand(team);
  drawEntry(view);
  const paid = view.game_value;
  const carried = Object.keys(view.token_holes ?? {}).length;
  $("game-value").textContent = paid
    ? t("Game value: {value} ({men})", { value: paid.value, men: Object.entries(paid.men).map(([hole, value]) => `${hole} ${value}`).join(", ") })
    : [view.token_chosen ? t("A token rides on the next Man.") : "", carried ? t("Men with a token: {count}.", { count: carried }) : ""]
        .filter(Boolean)
        .join(" ");
}

function wirePayOff() {
  $("token-form-typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = $("token-value").value.trim();
    if (value !== "") attachToken(value);
  });
  $("show-hand").addEventListener("click", () => {
    const team = state.view?.team_of_seat?.[state.view?.to_move];
    if (state.hand.team !== null || team === undefined) {
      hideHand();
      redraw();
    } else loadHand(team);
  });
  $("no-token").addEventListener("click", () =>
    command("/api/token", { token: null }, t("The next Man carries no token.")),
  );
  $("token-entry").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = $("token-entered").value.trim();
    command("/api/token", { hole: $("token-hole").value, token: value ? Number(value) : null });
  });
}

addCard();
wirePayOff();
onDraw(draw);
