// The timer detail's "Completion message" section: each target's message for the latest run
// (`completion_sends`), as Telegram holds it — scheduled for 18:42, posted, cancelled and why,
// failed, waiting — or, while the timer runs with nothing scheduled, why not (logged out).
import {api, clockAt, el} from './app.js';

/** @typedef {import('./types').Timer} Timer */
/** @typedef {import('./types').ScheduledSend} ScheduledSend */
/** @typedef {import('./types').Status} Status */

/** What ScheduleKeeper writes when Telegram reports the message deleted in another app. */
const deletedElsewhere = "Deleted from Telegram's schedule in another app.";

/**
 * One target's state, as the section says it.
 * @param {ScheduledSend} send
 */
export function completionText(send) {
  switch (send.status) {
  case 'scheduled': return 'Scheduled on Telegram for ' + clockAt(new Date(send.scheduled_for));
  case 'sent': return 'Posted';
  case 'cancelled': return send.error === deletedElsewhere ? 'Cancelled in another Telegram app' : 'Cancelled' + (send.error ? ' — ' + send.error : '');
  case 'failed': return 'Failed: ' + (send.error || 'Telegram refused it.');
  case 'cancelling': return 'Being deleted from Telegram…';
  default: return 'Waiting to be scheduled';
  }
}

/** @type {Record<string, string>} */
const marks = {scheduled: '⏱', sent: '✓', cancelled: '⊘', failed: '✗'};

let shown = 0;

/**
 * Fills the section for `timer` (hidden when its end posts nothing).
 * @param {Timer} timer
 */
export async function showCompletion(timer) {
  const mine = ++shown;
  const section = document.getElementById('completion');
  const list = document.getElementById('completion-list');
  const about = document.getElementById('completion-about');
  if (!section || !list || !about) return;
  const action = timer.action;
  section.hidden = !action.template_id && !action.remind_me;
  if (section.hidden) return;
  const parts = [action.template_name ? '“' + action.template_name + '”' : '', action.remind_me ? 'a reminder in Saved Messages' : ''].filter(Boolean);
  about.textContent = 'At the end: ' + parts.join(' and ') + '. Scheduled on Telegram when the timer starts, so it is posted even if this computer is off.';
  const sends = timer.completion_sends ?? [];
  if (sends.length) {
    list.replaceChildren(...sends.map((send) => el('li', {class: 'completion-' + send.status},
      el('span', {class: 'mark', 'aria-hidden': 'true', text: marks[send.status] ?? '…'}),
      el('span', {class: 'completion-target', text: send.title}), el('span', {class: 'meta', text: completionText(send)}))));
    return;
  }
  if (timer.state !== 'running' && timer.state !== 'paused') { list.replaceChildren(); return; }
  let text = 'Not scheduled yet';
  if (timer.state === 'running') {
    try {
      const status = /** @type {Status} */ (await api('GET', 'status'));
      if (!status.logged_in) text = 'Not scheduled: log in to Telegram';
    } catch {
      // keep "Not scheduled yet"
    }
  }
  if (mine !== shown) return;
  list.replaceChildren(el('li', {class: 'completion-none'}, el('span', {class: 'meta', text}),
    text.includes('log in') ? el('a', {href: '/telegram', class: 'button', text: 'Log in'}) : null));
}
