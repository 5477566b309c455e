// The follow-up form: its fields and their rules, shared by Recent's Follow up dialog
// (sends.js), Repeat's "Follow up on each post" (send-later.js) and Scheduled's Follow-up… on a
// series (scheduled.js).

import {ApiError, api, byId, el, messageOf} from './app.js';

// Recent's fields come with the page as #follow-…; Repeat's and Scheduled's are built by
// `followUpFields`: the condition, the wait (a number and a
// unit; for "When read" optional, 7 days then), and what to do (a reminder in Saved Messages, or
// a Telegram template from GET /api/templates; one that needs values typed cannot be chosen).

/** @typedef {import('./types').PickTemplate} PickTemplate */
/** @typedef {import('./types').FollowUpRuleInput} FollowUpRuleInput */
/** @typedef {import('./types').SeriesFollowUp} SeriesFollowUp */

/** @type {Record<string, string>} */
const conditionHints = {
  not_read: 'Acts if the message is still unread when the wait is over.',
  no_reply: 'Acts if nobody else wrote in the chat by the end of the wait.',
  read: 'Acts as soon as it is read; gives up when the wait is over.',
};

/** Refusals about the chosen template, shown beside the picker. */
const templateCodes = ['template_not_found', 'follow_up_template_unusable', 'template_required'];

/**
 * The follow-up's fields as Recent's dialog has them, with ids under `prefix`
 * (`PREFIX-condition`, `PREFIX-within`, `PREFIX-unit`, `PREFIX-remind`, `PREFIX-send`, `PREFIX-template`).
 * @param {string} prefix
 */
export function followUpFields(prefix) {
  /** @param {string} name */
  const id = (name) => prefix + '-' + name;
  /** @param {[string, string][]} options value and text */
  const options = (options) => options.map(([value, text]) => el('option', {value, text}));
  return el('div', {class: 'stack follow-form'},
    el('div', {class: 'field'}, el('label', {for: id('condition'), text: 'Condition'}),
      el('select', {id: id('condition'), 'aria-describedby': id('condition-hint')},
        ...options([['not_read', 'If not read'], ['no_reply', 'If no reply'], ['read', 'When read']])),
      el('p', {class: 'hint', id: id('condition-hint')})),
    el('div', {class: 'field'}, el('label', {for: id('within'), id: id('within-label'), text: 'Within'}),
      el('div', {class: 'row follow-within'},
        el('input', {id: id('within'), type: 'number', min: '1', step: '1', inputmode: 'numeric', autocomplete: 'off',
          'aria-describedby': id('within-hint') + ' ' + id('within-error')}),
        el('label', {for: id('unit'), class: 'sr-only', text: 'Unit of the wait'}),
        el('select', {id: id('unit')}, ...options([['1', 'minutes'], ['60', 'hours'], ['1440', 'days']]))),
      el('p', {class: 'hint', id: id('within-hint')}),
      el('p', {class: 'field-error', id: id('within-error'), hidden: true})),
    el('fieldset', {class: 'field'}, el('legend', {text: 'Then'}),
      el('div', {},
        el('label', {class: 'check'}, el('input', {type: 'radio', name: id('action'), id: id('remind'), value: 'remind', checked: true}), ' Remind me in Saved Messages'),
        el('label', {class: 'check'}, el('input', {type: 'radio', name: id('action'), id: id('send'), value: 'send', 'aria-controls': id('template-field')}), ' Send a template')),
      el('div', {class: 'field', id: id('template-field'), hidden: true}, el('label', {for: id('template'), text: 'Template'}),
        el('select', {id: id('template'), 'aria-describedby': id('template-hint') + ' ' + id('template-error')}),
        el('p', {class: 'hint', id: id('template-hint'), text: 'Telegram templates, sent into the same chat (and topic) with their default values.'}),
        el('p', {class: 'field-error', id: id('template-error'), hidden: true}))));
}

/**
 * Shows (or, with null, clears) the message under a field (`ID-error`).
 * @param {HTMLInputElement | HTMLSelectElement} field
 * @param {string | null} message
 */
function showFieldError(field, message) {
  const box = byId(field.id + '-error', HTMLParagraphElement);
  box.textContent = message ?? '';
  box.hidden = message === null;
  if (message === null) field.removeAttribute('aria-invalid'); else field.setAttribute('aria-invalid', 'true');
}

/**
 * Runs the follow-up fields under `prefix` (the page's or `followUpFields`'s).
 * @param {string} prefix
 */
export function followUpForm(prefix) {
  /**
   * @template {Element} T
   * @param {string} name
   * @param {{new (): T, prototype: T}} type
   */
  const part = (name, type) => byId(prefix + '-' + name, type);
  const condition = part('condition', HTMLSelectElement);
  const within = part('within', HTMLInputElement);
  const unit = part('unit', HTMLSelectElement);
  const sendAction = part('send', HTMLInputElement);
  const picker = part('template', HTMLSelectElement);
  /** @type {PickTemplate[] | null} */
  let templates = null;
  /** The template to choose once the list is in (a rule being changed). */
  let chosen = '';

  /** The condition's hint, and whether the wait is needed. */
  const showCondition = () => {
    const read = condition.value === 'read';
    part('condition-hint', HTMLParagraphElement).textContent = conditionHints[condition.value] ?? '';
    part('within-label', HTMLLabelElement).textContent = read ? 'Wait for the read at most (optional)' : 'Within';
    part('within-hint', HTMLParagraphElement).textContent = read
      ? 'Leave it empty to wait 7 days. At most 7 days.'
      : 'Counted from when the message goes out: 1 minute to 7 days.';
    within.required = !read;
  };

  /** Fills the picker with the Telegram templates; one that needs values typed cannot be chosen. */
  const loadTemplates = async () => {
    const wanted = picker.value || chosen;
    picker.replaceChildren(el('option', {value: '', text: 'Loading templates…'}));
    picker.disabled = true;
    try {
      const reply = /** @type {{templates: PickTemplate[]}} */ (await api('GET', 'templates?kind=telegram'));
      templates = reply.templates.filter((t) => t.kind === 'telegram');
    } catch (error) {
      templates = null;
      picker.replaceChildren(el('option', {value: '', text: 'No templates'}));
      showFieldError(picker, "Couldn't load the templates: " + messageOf(error));
      return;
    } finally {
      picker.disabled = false;
    }
    const list = templates;
    picker.replaceChildren(el('option', {value: '', text: list.length ? 'Choose a template' : 'No Telegram templates yet'}),
      ...list.map((t) => {
        const needs = t.send_variables.filter((v) => v.kind === 'choice' || v.default === undefined).map((v) => v.name);
        return el('option', {value: t.id, disabled: needs.length > 0,
          text: t.name + (needs.length ? ' (needs a value for ' + needs.map((n) => '{{' + n + '}}').join(', ') + ')' : '')});
      }));
    // What was chosen stays chosen if it still exists; nothing is chosen for the person otherwise.
    picker.value = wanted && list.some((t) => t.id === wanted) ? wanted : '';
  };

  /** Shows the template picker for "Send a template", loading the templates the first time. */
  const showAction = async () => {
    part('template-field', HTMLDivElement).hidden = !sendAction.checked;
    if (sendAction.checked && templates === null) await loadTemplates();
  };

  condition.addEventListener('change', () => { showCondition(); showFieldError(within, null); });
  within.addEventListener('input', () => showFieldError(within, null));
  unit.addEventListener('change', () => showFieldError(within, null));
  picker.addEventListener('change', () => { chosen = picker.value; showFieldError(picker, null); });
  part('remind', HTMLInputElement).addEventListener('change', showAction);
  sendAction.addEventListener('change', showAction);

  return {
    /**
     * Puts a rule in the fields (one being changed), or the first choice: if not read within 2 h, remind me.
     * @param {SeriesFollowUp | null} rule
     */
    fill(rule) {
      condition.value = rule?.condition ?? 'not_read';
      const minutes = rule?.within_minutes ?? 120;
      const step = [1440, 60, 1].find((n) => minutes % n === 0) ?? 1;
      within.value = String(minutes / step);
      unit.value = String(step);
      part('remind', HTMLInputElement).checked = rule?.action !== 'send';
      sendAction.checked = rule?.action === 'send';
      chosen = rule?.template_id ?? '';
      picker.value = '';
    },
    /** Clears the messages beside the fields. */
    clear() {
      showFieldError(within, null);
      showFieldError(picker, null);
    },
    /** Clears the messages and shows the fields as chosen, with the templates as they are now. */
    refresh() {
      this.clear();
      templates = null;
      showCondition();
      showAction();
    },
    /**
     * The rule as the API takes it, or null (with the reason beside its field) when something is missing.
     * @returns {FollowUpRuleInput | null}
     */
    rule() {
      /** @type {FollowUpRuleInput} */
      const rule = {condition: /** @type {FollowUpRuleInput['condition']} */ (condition.value), action: sendAction.checked ? 'send' : 'remind'};
      const typed = within.value.trim();
      if (typed === '' && condition.value !== 'read') {
        showFieldError(within, 'Say how long to wait: 1 minute to 7 days.');
        within.focus();
        return null;
      }
      if (typed !== '') {
        const amount = Number(typed);
        if (!Number.isInteger(amount)) {
          showFieldError(within, 'Give a whole number of ' + (unit.selectedOptions[0]?.text ?? 'minutes') + '.');
          within.focus();
          return null;
        }
        // Out of range (0, 8 days) is the server's to say, in its words.
        rule.within_minutes = amount * Number(unit.value);
      }
      if (sendAction.checked) {
        if (!picker.value) {
          showFieldError(picker, templates && templates.length ? 'Choose the template to send.' : 'There is no Telegram template to send: make one first, or remind instead.');
          picker.focus();
          return null;
        }
        rule.template_id = picker.value;
      }
      return rule;
    },
    /**
     * Shows a refusal about the wait or the template beside its field (the picker with the
     * templates as they are now); false for any other, which the caller shows.
     * @param {unknown} error
     */
    async refused(error) {
      if (!(error instanceof ApiError)) return false;
      const text = error.message + (error.nextStep ? ' ' + error.nextStep : '');
      if (error.code === 'follow_up_bad_wait') {
        showFieldError(within, text);
        within.focus();
        return true;
      }
      if (!sendAction.checked || !templateCodes.includes(error.code)) return false;
      showFieldError(picker, text);
      templates = null;
      await loadTemplates();
      picker.focus();
      return true;
    },
  };
}
