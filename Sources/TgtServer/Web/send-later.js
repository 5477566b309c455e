// Send later from the templates grid, loaded by grid.js on first use (the page stays light): the
// dialog with the template's own variables (the same fields as the tap's dialog, from app.js), a date and time in the browser's time zone (now + 15 min at first,
// quick choices), POST /api/templates/{id}/schedule. A refusal (too soon, too far, too many,
// not logged in, a variable) is shown in the dialog, which stays open with everything typed.
import {ApiError, api, byId, clockAt, fieldValues, messageOf, variableFields} from './app.js';

/** @typedef {import('./types').TemplateVariable} TemplateVariable */
/** @typedef {import('./types').ScheduledList} ScheduledList */
/** @typedef {import('./types').ScheduledSend} ScheduledSend */
/** @typedef {{latitude: number, longitude: number}} Place */
/**
 * @typedef {object} LaterTemplate
 * @property {string} id
 * @property {string} name
 * @property {TemplateVariable[]} variables
 * @property {Record<string, string>} [values] typed the last time
 * @property {() => Promise<Place | null>} [location] for templates that use one
 */
/** @typedef {{scheduled: ScheduledSend[], values: Record<string, string>}} LaterResult */

/**
 * `2026-11-22T18:42`, the value of a datetime-local input, in the browser's time zone.
 * @param {Date} date
 */
export function localInput(date) {
  /** @param {number} n */
  const two = (n) => String(n).padStart(2, '0');
  return date.getFullYear() + '-' + two(date.getMonth() + 1) + '-' + two(date.getDate()) + 'T' + two(date.getHours()) + ':' + two(date.getMinutes());
}

/** @param {string} choice '15' or '60' (minutes from now) or 'tomorrow' (9:00) */
function quickTime(choice) {
  const now = new Date();
  if (choice === 'tomorrow') return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return new Date(now.getTime() + Number(choice) * 60000);
}

/** Refusals about the time itself, shown beside the date field. */
const timeCodes = ['too_soon', 'too_far', 'in_the_past'];

/** @type {{template: LaterTemplate, resolve: (result: LaterResult | null) => void, result: LaterResult | null} | null} */
let open = null;
let ready = false;

function setUpDialog() {
  if (ready) return;
  ready = true;
  const dialog = byId('later-dialog', HTMLDialogElement);
  const form = byId('later-form', HTMLFormElement);
  const input = byId('later-at', HTMLInputElement);
  const fieldError = byId('later-at-error', HTMLParagraphElement);
  const banner = byId('later-error', HTMLParagraphElement);
  const submit = byId('later-submit', HTMLButtonElement);

  /** @param {string | null} message */
  const timeError = (message) => {
    fieldError.textContent = message ?? '';
    fieldError.hidden = message === null;
    if (message === null) input.removeAttribute('aria-invalid'); else input.setAttribute('aria-invalid', 'true');
  };

  dialog.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-later]') : null;
    if (!(button instanceof HTMLButtonElement)) return;
    input.value = localInput(quickTime(button.dataset['later'] ?? '15'));
    timeError(null);
  });
  dialog.addEventListener('close', () => {
    const finished = open;
    open = null;
    finished?.resolve(finished.result);
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!open || submit.disabled) return;
    const current = open;
    banner.hidden = true;
    const when = input.value ? new Date(input.value) : null;
    if (!when || Number.isNaN(when.getTime())) {
      timeError('Choose the date and time to send it.');
      input.focus();
      return;
    }
    timeError(null);
    const values = fieldValues(byId('later-vars', HTMLDivElement));
    /** @type {{send_at: string, variables: Record<string, string>, location?: Place}} */
    const body = {send_at: when.toISOString(), variables: values};
    submit.disabled = true;
    submit.textContent = 'Scheduling…';
    try {
      const place = current.template.location ? await current.template.location() : null;
      if (place) body.location = place;
      const reply = /** @type {ScheduledList} */ (await api('POST', 'templates/' + current.template.id + '/schedule', body));
      current.result = {scheduled: reply.scheduled, values};
      dialog.close('done');
    } catch (error) {
      if (error instanceof ApiError && timeCodes.includes(error.code)) {
        timeError(error.message);
        input.focus();
      } else {
        const issues = error instanceof ApiError ? error.issues.map((issue) => issue.message) : [];
        banner.textContent = issues.length ? issues.join(' ') : messageOf(error, 'Not scheduled.');
        banner.hidden = false;
      }
    } finally {
      submit.disabled = false;
      submit.textContent = 'Schedule';
    }
  });
}

/**
 * Opens the Send later dialog for a Telegram template; resolves when it closes, with what was
 * scheduled (one row per target) and the values typed, or null if nothing was.
 * @param {LaterTemplate} template
 * @returns {Promise<LaterResult | null>}
 */
export function sendLater(template) {
  setUpDialog();
  const dialog = byId('later-dialog', HTMLDialogElement);
  const input = byId('later-at', HTMLInputElement);
  byId('later-name', HTMLParagraphElement).textContent = '“' + template.name + '”';
  byId('later-vars', HTMLDivElement).replaceChildren(...variableFields(template.variables, 'later-var-', template.values));
  const now = new Date();
  input.min = localInput(now);
  input.value = localInput(new Date(now.getTime() + 15 * 60000));
  input.removeAttribute('aria-invalid');
  byId('later-at-error', HTMLParagraphElement).hidden = true;
  byId('later-error', HTMLParagraphElement).hidden = true;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  byId('later-zone', HTMLParagraphElement).textContent = 'In your time zone' + (zone ? ' (' + zone + ')' : '') + '. At least 15 seconds and at most a year ahead.';
  return new Promise((resolve) => {
    open = {template, resolve, result: null};
    dialog.returnValue = '';
    dialog.showModal();
  });
}

/**
 * One target's outcome, for the tile: "Family: scheduled for 18:42", or why not.
 * @param {ScheduledSend} row
 */
export function outcome(row) {
  const at = clockAt(new Date(row.scheduled_for));
  switch (row.status) {
  case 'scheduled': return {ok: true, text: row.title + ': scheduled for ' + at};
  case 'queued':
  case 'sending': return {ok: true, text: row.title + ': waiting to be scheduled for ' + at};
  case 'sent': return {ok: true, text: row.title + ': posted'};
  default: return {ok: false, text: row.title + ': ' + (row.error || row.status)};
  }
}
