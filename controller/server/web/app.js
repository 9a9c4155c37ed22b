// The live board page: state from GET /api/state and WS /api/events, commands as POSTs.
// Each concern is a module that draws its part of the page on every state (store.js onDraw);
// board views and panels plug in through registry.js: import a module here and it is on the page.

import { followEvents } from "./api.js";
// Each module draws its part on every state, in this order (store.js onDraw).
import "./board.js";
import { wireHints } from "./hints.js";
import "./views.js";
import { wireInView } from "./inview.js";
import "./turn.js";
import { wireFix } from "./fix.js";
import "./banner.js";
import { wireAfterGame } from "./aftergame.js";
import "./countdown.js";
import { followBoardDice, wireDice } from "./dice.js";
import { wireControls } from "./controls.js";
import { showLink, wireAnswers } from "./answers.js";
import { wireBarFloat } from "./bar-float.js";
import "./seats.js";
import { wireSim } from "./sim.js";
import "./log.js";
import { wireSetup } from "./setup.js";
import { wireSound } from "./sound.js";
import { showSetupLink } from "./setup-link.js";
import { speakLine, wireSpeech } from "./speech.js";
import "./panels.js";
import "./remote.js"; // before focus.js: the remote card is drawn when the focus moves into it
import "./focus.js";
import { loadInfo } from "./info.js";
import { wireLanguage } from "./language.js";
import { refresh } from "./orders.js";
import { nextStamp, receive, state } from "./store.js";
// Board views and panels of their own modules (each registers itself) are imported here; each
// game's page module is imported when the settings name it (info.js).
import "./cube3d.js";
import { startHistory } from "./history.js";

/** The stream sends each event, then ``{"type": "state", "state": ...}``: show the state. */
function onEvent(message) {
  if (message?.type === "state" && message.state && typeof message.state === "object") {
    receive(nextStamp(), message.state);
  } else if (message?.type === "speech") {
    speakLine(message.line);
  }
}

/** The link to the service: the status and the controls say it (answers.js). */
function onStatus(status) {
  showLink(status);
  if (status === "live") refresh();
}

function wire() {
  const savedDiceMode = wireDice();
  wireControls();
  wireBarFloat();
  wireHints();
  wireFix();
  wireInView();
  wireSim();
  wireAfterGame();
  wireSetup();
  wireSound();
  wireLanguage();
  showSetupLink();
  wireSpeech();
  startHistory();
  wireAnswers(); // drawn after the bar's own drawers: the board's health overrides them
  followEvents(onEvent, onStatus);
  Promise.all([loadInfo(), refresh()]).then(() => {
    if (!savedDiceMode) followBoardDice(state.view);
    // Shown once the first state is drawn (or could not be read): nothing moves while it loads.
    document.body.dataset.drawn = "";
  });
}

wire();
