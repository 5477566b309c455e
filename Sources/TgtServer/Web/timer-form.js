// Timers page: the New/Edit timer form: name, hour/minute/second pickers, icon grid, color
// swatches, the completion template (Telegram templates only) with an input or a picker for each
// of its custom variables, remind me. Each field's message shows beside it, and everything typed
// stays when a save fails; a saved timer opens in the detail view.
import {ApiError, api, byId, el, messageOf, toast} from './app.js';

/** @typedef {import('./types').Timer} Timer */
/** @typedef {import('./types').ActionTemplate} ActionTemplate */
/** @typedef {import('./types').ActionTemplateList} ActionTemplateList */
/** @typedef {import('./types').Issue} Issue */

/**
 * Wires the form; returns the function that opens it for a new timer (null) or an existing one.
 * @param {() => void} saving called as a save starts (the page then ignores its own change's event)
 * @returns {(timer: Timer | null) => Promise<void>}
 */
export function setUpForm(saving) {
  const form = byId('timer-form', HTMLFormElement);
  /** @type {ActionTemplate[]} */
  let templates = [];

  /** @param {HTMLSelectElement} select @param {number} max */
  function fill(select, max) {
    select.replaceChildren(...Array.from({length: max + 1}, (_, n) => el('option', {value: String(n), text: String(n)})));
  }
  fill(byId('hours', HTMLSelectElement), 99);
  fill(byId('minutes', HTMLSelectElement), 59);
  fill(byId('seconds', HTMLSelectElement), 59);

  const fields = ['name', 'duration', 'icon', 'color', 'action'];
  /** @param {Issue[]} issues */
  function showIssues(issues) {
    for (const field of fields) {
      const slot = byId(field + '-error', HTMLParagraphElement);
      const messages = issues.filter((issue) => issue.field === field).map((issue) => issue.message);
      slot.textContent = messages.join(' ');
      slot.hidden = messages.length === 0;
    }
    byId('timer-name', HTMLInputElement).setAttribute('aria-invalid', String(issues.some((i) => i.field === 'name')));
  }

  /** @param {string} name */
  function radio(name) {
    const checked = form.querySelector('input[name="' + name + '"]:checked');
    return checked instanceof HTMLInputElement ? checked.value : '';
  }
  /** @param {string} name @param {string} value */
  function check(name, value) {
    const input = form.querySelector('input[name="' + name + '"][value="' + CSS.escape(value) + '"]');
    if (input instanceof HTMLInputElement) {
      input.checked = true;
      const more = input.closest('details');
      if (more instanceof HTMLDetailsElement) more.open = true;
    }
  }

  /** @param {Record<string, string>} values */
  function drawValues(values) {
    const box = byId('action-values', HTMLDivElement);
    const chosen = templates.find((t) => t.id === byId('action-template', HTMLSelectElement).value);
    box.replaceChildren(...(chosen?.send_variables ?? []).map((variable, i) => {
      const id = 'action-var-' + i;
      const labelNode = el('label', {for: id, text: 'Value for {{' + variable.name + '}}'});
      const field = variable.kind === 'choice'
        ? el('select', {id, 'data-variable': variable.name}, ...variable.choices.map((c) => el('option', {value: c, text: c})))
        : el('input', {id, 'data-variable': variable.name, autocomplete: 'off', placeholder: variable.default ?? ''});
      const given = values[variable.name] ?? (variable.kind === 'text' ? variable.default : undefined);
      if (given !== undefined) field.value = given;
      return el('div', {class: 'stack'}, labelNode, field);
    }));
  }
  byId('action-template', HTMLSelectElement).addEventListener('change', () => drawValues(typedValues()));

  /** The values typed for the chosen template's variables. */
  function typedValues() {
    /** @type {Record<string, string>} */
    const values = {};
    byId('action-values', HTMLDivElement).querySelectorAll('[data-variable]').forEach((field) => {
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field.dataset['variable']) values[field.dataset['variable']] = field.value;
    });
    return values;
  }

  async function loadTemplates() {
    const select = byId('action-template', HTMLSelectElement);
    try {
      const reply = /** @type {ActionTemplateList} */ (await api('GET', 'templates'));
      templates = reply.templates.filter((t) => t.kind === 'telegram');
    } catch {
      templates = [];
    }
    select.replaceChildren(el('option', {value: '', text: 'Nothing'}), ...templates.map((t) => el('option', {value: t.id, text: t.name})));
  }

  /** @param {Timer | null} timer */
  async function openForm(timer) {
    byId('form-title', HTMLHeadingElement).textContent = timer ? 'Edit timer' : 'New timer';
    byId('form-error', HTMLParagraphElement).hidden = true;
    showIssues([]);
    form.dataset['id'] = timer?.id ?? '';
    await loadTemplates();
    const seconds = timer?.duration_seconds ?? 0;
    byId('timer-name', HTMLInputElement).value = timer?.name ?? '';
    byId('hours', HTMLSelectElement).value = String(Math.floor(seconds / 3600));
    byId('minutes', HTMLSelectElement).value = String(Math.floor((seconds % 3600) / 60));
    byId('seconds', HTMLSelectElement).value = String(seconds % 60);
    check('icon', timer?.icon ?? 'timer');
    check('color', timer?.color ?? '#007AFF');
    byId('action-template', HTMLSelectElement).value = timer?.action.template_id ?? '';
    byId('remind-me', HTMLInputElement).checked = timer?.action.remind_me ?? false;
    drawValues(timer?.action.values ?? {});
    byId('form-cancel', HTMLAnchorElement).href = timer ? '#timer/' + timer.id : '#';
    byId('timer-name', HTMLInputElement).focus();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const number = (/** @type {string} */ id) => Number(byId(id, HTMLSelectElement).value);
    const total = number('hours') * 3600 + number('minutes') * 60 + number('seconds');
    const templateID = byId('action-template', HTMLSelectElement).value;
    /** @type {{template_id?: string, values: Record<string, string>, remind_me: boolean}} */
    const action = {values: templateID ? typedValues() : {}, remind_me: byId('remind-me', HTMLInputElement).checked};
    if (templateID) action.template_id = templateID;
    const body = {name: byId('timer-name', HTMLInputElement).value, duration: total > 0 ? String(total) : '',
      icon: radio('icon'), color: radio('color'), action};
    const id = form.dataset['id'];
    const save = byId('timer-save', HTMLButtonElement);
    save.disabled = true;
    saving();
    try {
      const saved = /** @type {Timer} */ (await api(id ? 'PATCH' : 'POST', id ? 'timers/' + id : 'timers', body));
      toast(id ? 'Timer saved.' : 'Timer created.');
      location.hash = '#timer/' + saved.id;
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      showIssues(issues);
      const banner = byId('form-error', HTMLParagraphElement);
      banner.textContent = messageOf(error, 'The timer could not be saved.');
      banner.hidden = false;
      const first = issues[0];
      if (first?.field === 'name') byId('timer-name', HTMLInputElement).focus();
      else if (first?.field === 'duration') byId('hours', HTMLSelectElement).focus();
    } finally {
      save.disabled = false;
    }
  });

  return openForm;
}
