// "Your move": a short chime when the turn comes to this seat (another player or a bot moved), unless the
// player muted it; the choice is kept in this browser. Browsers start sound only after a first click on
// the page, which any player of a live game has made.

const KEY = "ashur.sound";
let audio = null;

export function soundOn() {
  return localStorage.getItem(KEY) !== "off";
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

/** Two soft rising tones (about 0.4 s); counted in body[data-chimes] so tests can see it rang. */
export function chime() {
  if (!soundOn()) return false;
  document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const start = audio.currentTime + 0.01;
    for (const [i, freq] of [523.25, 783.99].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      const at = start + i * 0.16;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.25);
    }
  } catch {
    return false; // no sound device: the title and the notice still tell
  }
  return true;
}
