// Scheduled page: every message still waiting on Telegram's schedule (GET /api/scheduled, soonest
// first), when in the browser's time zone and how long until then, the template, the target,
// its status and whether a timer made it; Cancel after a confirmation. Skeleton rows while it
// loads, an error banner with Retry; the `timers` server-sent event (any scheduler change)
// reloads the list, and "in … min" is kept current.
import {ApiError, api, byId, clockAt, el, eventElement, messageOf, on, openDialog, timeUntil, toast} from './app.js';

/** @typedef {import('./types').ScheduledSend} ScheduledSend */
/** @typedef {import('./types').ScheduledList} ScheduledList */

const list = document.getElementById('scheduled-list');
if (list instanceof HTMLUListElement) setUp(list);

/** @type {Record<string, string>} */
const statusText = {
  queued: 'Waiting to be scheduled',
  sending: 'Being scheduled…',
  scheduled: 'Scheduled on Telegram',
  cancelling: 'Cancelling… (deleted from Telegram once it can be reached)',
};

/** @param {HTMLUListElement} list */
function setUp(list) {
  const banner = byId('scheduled-error', HTMLParagraphElement);
  const empty = byId('scheduled-empty', HTMLDivElement);
  /** @type {ScheduledSend[]} */
  let rows = [];
  let loads = 0;

  /** @param {ScheduledSend} send */
  function row(send) {
    const at = new Date(send.scheduled_for);
    const what = send.template_name + ' to ' + send.title;
    return el('li', {class: 'card scheduled-item', 'data-id': String(send.id), 'data-status': send.status},
      el('p', {class: 'when'}, el('time', {datetime: send.scheduled_for, text: clockAt(at, true)}), ' ',
        el('span', {class: 'meta until', 'data-at': send.scheduled_for, text: timeUntil(at)})),
      el('h2', {class: 'name', text: send.template_name}),
      el('p', {class: 'to'}, el('span', {class: 'sr-only', text: 'To '}), el('span', {'aria-hidden': 'true', text: '→ '}), send.title),
      el('p', {class: 'meta state'}, statusText[send.status] ?? send.status,
        send.timer_id ? el('a', {class: 'from-timer', href: '/timers#timer/' + send.timer_id, 'aria-label': 'From a timer: open it', text: '⏲ from timer'}) : null),
      send.status === 'cancelling' ? null
        : el('button', {type: 'button', class: 'danger', 'data-cancel': String(send.id), 'aria-label': 'Cancel ' + what, text: 'Cancel'}));
  }

  function draw() {
    list.replaceChildren(...rows.map(row));
    empty.hidden = rows.length > 0;
    list.hidden = rows.length === 0;
    byId('scheduled-count', HTMLParagraphElement).textContent = rows.length === 0 ? ''
      : (rows.length === 1 ? '1 message' : rows.length + ' messages') + ' waiting, soonest first · times in your time zone';
  }

  async function load() {
    const mine = ++loads;
    const before = [...list.children];
    if (!rows.length) {
      list.hidden = false;
      list.replaceChildren(...Array.from({length: 3}, () => el('li', {class: 'card scheduled-item skeleton', 'aria-hidden': 'true'},
        el('span', {class: 'bone short'}), el('span', {class: 'bone'}), el('span', {class: 'bone short'}))));
    }
    list.setAttribute('aria-busy', 'true');
    try {
      const reply = /** @type {ScheduledList} */ (await api('GET', 'scheduled'));
      if (mine !== loads) return;
      rows = reply.scheduled;
      banner.hidden = true;
      draw();
    } catch (error) {
      if (mine !== loads) return;
      list.replaceChildren(...before.filter((item) => !item.classList.contains('skeleton')));
      list.hidden = list.children.length === 0;
      byId('scheduled-error-text', HTMLSpanElement).textContent = "Couldn't load what is scheduled: " + messageOf(error);
      banner.hidden = false;
    } finally {
      if (mine === loads) list.setAttribute('aria-busy', 'false');
    }
  }
  byId('scheduled-retry', HTMLButtonElement).addEventListener('click', load);

  list.addEventListener('click', async (event) => {
    const button = eventElement(event)?.closest('[data-cancel]');
    if (!(button instanceof HTMLButtonElement)) return;
    const send = rows.find((r) => String(r.id) === button.dataset['cancel']);
    if (!send) return;
    byId('cancel-text', HTMLParagraphElement).textContent = '“' + send.template_name + '” to ' + send.title + ', due '
      + clockAt(new Date(send.scheduled_for), true) + ', will be deleted from Telegram\'s schedule.'
      + (send.timer_id ? ' The timer keeps running; its message is not scheduled again for this run.' : '');
    if (await openDialog(byId('cancel-dialog', HTMLDialogElement)) !== 'ok') { button.focus(); return; }
    try {
      const after = /** @type {ScheduledSend} */ (await api('POST', 'scheduled/' + send.id + '/cancel'));
      if (after.status === 'cancelling') {
        rows = rows.map((r) => (r.id === send.id ? after : r));
        toast('Cancelling: it is deleted from Telegram as soon as Telegram can be reached.');
      } else {
        rows = rows.filter((r) => r.id !== send.id);
        toast('Cancelled: “' + send.template_name + '” to ' + send.title + '.');
      }
    } catch (error) {
      toast(error instanceof ApiError && error.code === 'not_pending' ? error.message : messageOf(error, 'Not cancelled.'));
      await load();
    }
    const index = [...list.children].findIndex((item) => item instanceof HTMLElement && item.dataset['id'] === String(send.id));
    draw();
    const next = list.querySelectorAll('[data-cancel]')[Math.max(0, index)];
    if (next instanceof HTMLButtonElement) next.focus(); else byId('scheduled-title', HTMLHeadingElement).focus();
  });

  // "in 2 h 5 min" stays current without a request.
  window.setInterval(() => {
    list.querySelectorAll('.until').forEach((span) => {
      if (span instanceof HTMLElement) span.textContent = timeUntil(new Date(span.dataset['at'] ?? ''));
    });
  }, 15000);

  let pending = 0;
  on('timers', () => {
    window.clearTimeout(pending);
    pending = window.setTimeout(load, 150);
  });
  document.addEventListener('visibilitychange', () => { if (!document.hidden) load(); });
  load();
}
