// Timers page: what the end of a timer does besides DONE on screen: a short beep from a Web
// Audio oscillator (no audio file) and a browser notification, asked for on the first START
// (a line on the page says when notifications are blocked or unavailable).
import {byId} from './app.js';

/** @type {AudioContext | null} */
let audio = null;
/** Makes (or wakes) the audio context on a click (START), so the browser lets it play later. */
export function unlockAudio() {
  try {
    if (!audio) audio = new AudioContext();
    if (audio.state === 'suspended') audio.resume();
  } catch { audio = null; }
}
/** Three short beeps from an oscillator (no audio file). */
export function beep() {
  if (!audio) unlockAudio();
  if (!audio) return;
  const start = audio.currentTime;
  for (let i = 0; i < 3; i++) {
    const tone = audio.createOscillator(), gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, start + i * 0.3);
    gain.gain.exponentialRampToValueAtTime(0.2, start + i * 0.3 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.3 + 0.18);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + i * 0.3);
    tone.stop(start + i * 0.3 + 0.2);
  }
}

/** Asks for notifications on the first START; says so on the page when they are off. */
export async function askNotifications() {
  const status = byId('notify-status', HTMLParagraphElement);
  if (!('Notification' in window)) {
    status.textContent = 'This browser cannot show notifications here (they need https or localhost); the page shows DONE and beeps when a timer ends.';
    status.hidden = false;
    return;
  }
  if (Notification.permission === 'default') {
    try { await Notification.requestPermission(); } catch { /* treated as refused */ }
  }
  if (Notification.permission === 'denied') {
    status.textContent = 'Notifications are blocked for this dashboard, so a timer that ends only shows DONE and beeps. Allow them in the browser’s site settings to be told.';
    status.hidden = false;
  }
}

/**
 * Shows a notification that `name` has ended, when the browser allows it.
 * @param {string} name
 * @param {string} id the timer's id (one notification per timer replaces the last)
 */
export function notifyDone(name, id) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try { new Notification(name + ' is done', {body: 'The timer has ended.', tag: 'timer-' + id}); } catch { /* not shown */ }
}
