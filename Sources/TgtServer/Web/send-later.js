// Send later from the templates grid, loaded by grid.js on first use (the page stays light): the
// dialog with the template's own variables (the same fields as the tap's dialog, from app.js), a date and time in the browser's time zone (now + 15 min at first,
// quick choices), POST /api/templates/{id}/schedule. "Repeat" turns it into a series (POST
// /api/templates/{id}/repeat): the rule typed in its compact form is read back in words with
// its next dates as it is typed (POST /api/repeat/preview), with an end (a day or a number of
// sends) and, when asked, a follow-up on each post (`follow_up`, the form at the end of this
// file, shared with Recent and Scheduled). A refusal (too soon, too far, too many, not logged in, a variable, a rule) is shown
// in the dialog, which stays open with everything typed.
import {ApiError, api, byId, clockAt, el, fieldValues, messageOf, variableFields} from './app.js';
import {followUpFields, followUpForm} from './follow-up-form.js';

/** @typedef {import('./types').TemplateVariable} TemplateVariable */
/** @typedef {import('./types').ScheduledList} ScheduledList */
/** @typedef {import('./types').ScheduledSend} ScheduledSend */
/** @typedef {import('./types').Series} Series */
/** @typedef {import('./types').RepeatPreview} RepeatPreview */
/** @typedef {{latitude: number, longitude: number}} Place */
/**
 * @typedef {object} LaterTemplate
 * @property {string} id
 * @property {string} name
 * @property {TemplateVariable[]} variables
 * @property {Record<string, string>} [values] typed the last time
 * @property {() => Promise<Place | null>} [location] for templates that use one
 */
/** @typedef {{scheduled: ScheduledSend[], values: Record<string, string>, series?: Series}} LaterResult */

const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * The compact rule for "every week on this date's weekday at its time": `mon 09:00`.
 * @param {Date} date
 */
export function weeklyAt(date) {
  /** @param {number} n */
  const two = (n) => String(n).padStart(2, '0');
  return weekdays[date.getDay()] + ' ' + two(date.getHours()) + ':' + two(date.getMinutes());
}

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
  const repeat = byId('later-repeat', HTMLInputElement);
  const every = byId('later-every', HTMLInputElement);
  const words = byId('later-every-words', HTMLParagraphElement);
  const everyError = byId('later-every-error', HTMLParagraphElement);
  const end = byId('later-end', HTMLSelectElement);
  const until = byId('later-until', HTMLInputElement);
  const times = byId('later-times', HTMLInputElement);
  // Follow up on each post (off at first): the follow-up fields of Recent's dialog.
  const followOn = el('input', {type: 'checkbox', id: 'later-follow-on', 'aria-controls': 'later-follow-fields'});
  const followFields = el('div', {class: 'stack', id: 'later-follow-fields', hidden: true},
    el('p', {class: 'hint', text: 'Every post gets its own follow-up in its chat, counted from when it goes out.'}), followUpFields('later-follow'));
  byId('later-repeat-fields', HTMLFieldSetElement).append(el('label', {class: 'check'}, followOn, ' Follow up on each post'), followFields);
  const followUp = followUpForm('later-follow');
  const showFollowUp = () => {
    followFields.hidden = !followOn.checked;
    if (followOn.checked) followUp.refresh();
  };
  followOn.addEventListener('change', showFollowUp);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  let previews = 0;
  let previewTimer = 0;

  /** @param {string | null} message */
  const ruleError = (message) => {
    everyError.textContent = message ?? '';
    everyError.hidden = message === null;
    if (message === null) every.removeAttribute('aria-invalid'); else every.setAttribute('aria-invalid', 'true');
  };

  /** The rule as the API takes it. */
  const rule = () => {
    /** @type {{every: string, time_zone?: string, until?: string, times?: number}} */
    const body = {every: every.value.trim()};
    if (zone) body.time_zone = zone;
    if (end.value === 'until' && until.value) body.until = until.value;
    if (end.value === 'times') body.times = Number(times.value);
    return body;
  };

  /** Reads the rule back in words with its next dates, as it is typed. */
  const preview = async () => {
    const mine = ++previews;
    if (!every.value.trim()) { words.textContent = ''; ruleError(null); return; }
    try {
      const reply = /** @type {RepeatPreview} */ (await api('POST', 'repeat/preview', rule()));
      if (mine !== previews) return;
      ruleError(null);
      words.textContent = 'Posts ' + reply.words + (reply.next.length ? ' · next ' + reply.next.slice(0, 3).map((at) => clockAt(new Date(at), true)).join(', ') : ' · no dates left');
    } catch (error) {
      if (mine !== previews) return;
      words.textContent = '';
      ruleError(error instanceof ApiError ? error.message + (error.nextStep ? ' ' + error.nextStep : '') : messageOf(error));
    }
  };
  const later = () => { window.clearTimeout(previewTimer); previewTimer = window.setTimeout(preview, 250); };
  every.addEventListener('input', later);
  until.addEventListener('change', later);
  times.addEventListener('input', later);

  const showRepeat = () => {
    byId('later-repeat-fields', HTMLFieldSetElement).hidden = !repeat.checked;
    byId('later-once', HTMLDivElement).hidden = repeat.checked;
    byId('later-title', HTMLHeadingElement).textContent = repeat.checked ? 'Repeat' : 'Send later';
    submit.textContent = repeat.checked ? 'Start repeating' : 'Schedule';
    if (repeat.checked && !every.value.trim()) {
      const when = input.value ? new Date(input.value) : new Date();
      every.value = weeklyAt(Number.isNaN(when.getTime()) ? new Date() : when);
    }
    if (repeat.checked) preview();
  };
  repeat.addEventListener('change', showRepeat);
  end.addEventListener('change', () => {
    byId('later-until-field', HTMLDivElement).hidden = end.value !== 'until';
    byId('later-times-field', HTMLDivElement).hidden = end.value !== 'times';
    later();
  });
  dialog.addEventListener('later-reset', () => {
    showRepeat();
    words.textContent = '';
    ruleError(null);
    followOn.checked = false;
    followUp.fill(null);
    showFollowUp();
  });

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
    if (repeat.checked) {
      await startSeries(current);
      return;
    }
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

  /**
   * Starts the series; a refused rule is shown under its field, anything else in the banner.
   * @param {NonNullable<typeof open>} current
   */
  async function startSeries(current) {
    if (!every.value.trim()) {
      ruleError('Say when it repeats, e.g. “mon,fri 10:00”.');
      every.focus();
      return;
    }
    if (end.value === 'until' && !until.value) {
      ruleError('Choose the last day, or another end.');
      until.focus();
      return;
    }
    followUp.clear();
    const follow = followOn.checked ? followUp.rule() : null;
    if (followOn.checked && !follow) return;
    const values = fieldValues(byId('later-vars', HTMLDivElement));
    /** @type {Record<string, unknown>} */
    const body = {...rule(), variables: values};
    if (follow) body['follow_up'] = follow;
    submit.disabled = true;
    submit.textContent = 'Starting…';
    try {
      const place = current.template.location ? await current.template.location() : null;
      if (place) body['location'] = place;
      const series = /** @type {Series} */ (await api('POST', 'templates/' + current.template.id + '/repeat', body));
      current.result = {scheduled: [], values, series};
      dialog.close('done');
    } catch (error) {
      if (follow && await followUp.refused(error)) {
        // Shown beside the follow-up's field.
      } else if (error instanceof ApiError && (error.code === 'bad_repeat' || error.code === 'no_occurrence' || timeCodes.includes(error.code))) {
        ruleError(error.message + (error.nextStep ? ' ' + error.nextStep : ''));
        every.focus();
      } else {
        const issues = error instanceof ApiError ? error.issues.map((issue) => issue.message) : [];
        banner.textContent = issues.length ? issues.join(' ') : messageOf(error, 'Not started.');
        banner.hidden = false;
      }
    } finally {
      submit.disabled = false;
      submit.textContent = 'Start repeating';
    }
  }
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
  byId('later-repeat', HTMLInputElement).checked = false;
  byId('later-every', HTMLInputElement).value = '';
  dialog.dispatchEvent(new Event('later-reset'));
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
