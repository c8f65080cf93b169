// The focus timer. The server keeps the truth (start, planned minutes, pauses), so a reload
// shows the same time; this only draws it: the ring, the minutes left, and at the end a soft
// chime (made here with WebAudio) and a short vibration.
import { confetti } from "./celebrate.js";

const RING = 263.9; // 2π·42, the ring's circumference

const card = document.getElementById("session");
const finished = document.getElementById("session-finished");
if (finished && finished.dataset.justFinished) confetti();

function clock(seconds) {
  const shown = Math.abs(seconds);
  const text = `${Math.floor(shown / 60)}:${String(shown % 60).padStart(2, "0")}`;
  return seconds < 0 ? `+${text}` : text;
}

let audio = null;
// Browsers let a page play sound only after a gesture: get the audio ready on the first one.
document.addEventListener("pointerdown", () => {
  if (!audio && window.AudioContext) audio = new AudioContext();
}, { once: true });

function chime() {
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    [523.25, 659.25, 783.99].forEach((frequency, n) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      const at = now + n * 0.28;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.04);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 1.4);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 1.5);
    });
  } catch (error) {
    // no sound on this device: the words on the page still say it
  }
  if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
}

if (card && card.dataset.started) {
  const started = new Date(card.dataset.started).getTime();
  const planned = Number(card.dataset.plannedMinutes) * 60;
  const pausedSeconds = Number(card.dataset.pausedSeconds || 0);
  const pausedAt = card.dataset.pausedAt ? new Date(card.dataset.pausedAt).getTime() : null;
  const timer = document.getElementById("timer");
  const fill = document.getElementById("focus-ring-fill");
  const state = document.getElementById("timer-state");
  const status = document.getElementById("timer-status");
  const minutesInput = document.getElementById("id_actual_minutes");
  const rung = `delight-chimed-${card.dataset.sessionId}-${planned}`;
  let announced = false;

  function focused() {
    const until = pausedAt ?? Date.now();
    return Math.max(0, Math.floor((until - started) / 1000) - pausedSeconds);
  }

  function tick() {
    const spent = focused();
    const left = planned - spent;
    timer.textContent = clock(left);
    timer.setAttribute("aria-label", left >= 0 ? `${Math.ceil(left / 60)} minutes left` : "Time is up");
    fill.style.strokeDashoffset = String(RING * Math.min(1, spent / planned));
    if (minutesInput && !minutesInput.dataset.touched) {
      minutesInput.value = Math.min(180, Math.max(1, Math.round(spent / 60)));
    }
    if (left <= 0 && !announced) {
      announced = true;
      card.classList.add("time-up");
      state.textContent = "Time is up";
      status.textContent = "Time is up. Finish when you are ready, or add five minutes.";
      if (!sessionStorage.getItem(rung)) {
        sessionStorage.setItem(rung, "1");
        chime();
      }
    }
  }

  if (minutesInput) minutesInput.addEventListener("input", () => { minutesInput.dataset.touched = "1"; });
  tick();
  if (!pausedAt) setInterval(tick, 1000);
}
