// The page of host --web, around textual-serve's textual.js (which sets window.onload to start the
// terminal): before it starts, the font is loaded from the host and its size chosen for this
// screen; once it has, the keyboard goes to the terminal, so the name can be typed at once. The
// header's seats are asked again every few seconds, so a tab left open shows the table filling;
// "Join again" on a tab whose game ended loads the page anew.
"use strict";

// the terminal's font size: the largest from MAX_FONT down to MIN_FONT (CSS px) that gives the
// screen's shorter side at least MIN_COLUMNS columns, so a phone has about 40-50 columns upright
// and the same font on its side (rotating re-lays the table out, at the same size of text)
const MIN_FONT = 12, MAX_FONT = 16, MIN_COLUMNS = 48, CHAR_WIDTH = 0.6;
const SEATS_EVERY_MS = 3000;

async function refreshSeats() {
  try {
    const answer = await fetch("/seats", {cache: "no-store"});
    if (answer.ok) document.getElementById("seats").textContent = await answer.text();
  } catch (e) {
    // the host is gone: the terminal says so
  }
}

function fontSize() {
  const short = Math.min(window.innerWidth, window.innerHeight, screen.width || Infinity, screen.height || Infinity);
  const fits = Math.floor(short / (MIN_COLUMNS * CHAR_WIDTH));
  return Math.max(MIN_FONT, Math.min(MAX_FONT, fits));
}

const startTerminal = window.onload;
window.onload = async (event) => {
  const size = fontSize();
  const terminal = document.getElementById("terminal");
  terminal.dataset.fontSize = String(size);
  try {
    await document.fonts.load(`${size}px "Roboto Mono"`);
  } catch (e) {
    // measured with the fallback font: still usable
  }
  startTerminal(event);
  setInterval(refreshSeats, SEATS_EVERY_MS);
  // here, not in the button's onclick: the page's policy refuses inline scripts
  document.getElementById("again").addEventListener("click", () => window.location.reload());
  const keys = terminal.querySelector("textarea");
  if (keys) keys.focus();
};
