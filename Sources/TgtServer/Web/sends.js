// Recent: the send log follows itself. When a send moves on (`send` events), someone replies
// to a message a template sent (`replies`), or a timer's scheduled message changes (`timers`),
// the page asks the server for itself again (GET /sends: the same server-rendered HTML, all
// user content escaped by the server) and swaps its list in place. What was on screen stays
// where it was: the first card in view keeps its position (new cards arrive above it), and
// a focused link or button keeps the focus. What is `data-keep` (the Follow up dialog, the
// status line) is left as it is, open or not.
//
// Follow up…: a card with a Telegram message that went out or is on its way opens the dialog:
// the condition (if not read, if no reply, when read), the wait (a number and a unit; for
// "When read" optional, 7 days then), and what to do (a reminder in Saved Messages, or a
// Telegram template from GET /api/templates into the same chat). Save → POST /api/follow-ups
// with the card's batch id; a refusal is shown in the dialog (beside its field when it is about
// one) with everything typed kept; once set, the status line says "Follow-up set" with a link to
// Scheduled, and the focus goes back to the card's button.
import {ApiError, api, byId, el, eventElement, messageOf, on, toast} from './app.js';

/** @typedef {import('./types').FollowUp} FollowUp */
/** @typedef {import('./types').FollowUpList} FollowUpList */
/** @typedef {import('./types').PickTemplate} PickTemplate */

const main = byId('main', HTMLElement);
let loads = 0;

/** The card a node is in, by its key (`data-batch`). */
function cardKey(/** @type {Element | null} */ node) {
  const card = node?.closest('[data-batch]');
  return card instanceof HTMLElement ? card.dataset['batch'] ?? '' : '';
}

/**
 * The same control in a redrawn card: a link by its address, a button by what it does.
 * @param {Element} focused
 * @param {string} key the card's batch id
 */
function sameControl(focused, key) {
  const card = main.querySelector('[data-batch="' + CSS.escape(key) + '"]');
  if (!card) return null;
  if (focused instanceof HTMLAnchorElement) return [...card.querySelectorAll('a')].find((a) => a.getAttribute('href') === focused.getAttribute('href')) ?? null;
  return focused instanceof HTMLElement && focused.dataset['followUp'] !== undefined ? card.querySelector('[data-follow-up]') : null;
}

async function reload() {
  const mine = ++loads;
  let html;
  try {
    const response = await fetch('/sends', {credentials: 'same-origin', headers: {Accept: 'text/html'}});
    if (!response.ok || new URL(response.url).pathname !== '/sends') throw new Error('The dashboard answered with status ' + response.status + '.');
    html = await response.text();
  } catch (error) {
    if (mine === loads) toast("Couldn't update Recent: " + messageOf(error));
    return;
  }
  if (mine !== loads) return;
  // An inert document: nothing in it runs or loads.
  const fresh = new DOMParser().parseFromString(html, 'text/html').getElementById('main');
  if (!fresh) return;

  // Where the reader is: the first card at least partly in view, and the focused link or button.
  const anchor = [...main.querySelectorAll('[data-batch]')].find((card) => card.getBoundingClientRect().bottom > 0);
  const anchorKey = window.scrollY > 0 ? cardKey(anchor ?? null) : '';
  const anchorTop = anchor?.getBoundingClientRect().top ?? 0;
  const active = document.activeElement;
  const focused = (active instanceof HTMLAnchorElement || active instanceof HTMLButtonElement) && main.contains(active) && !active.closest('[data-keep]') ? active : null;
  const focusKey = cardKey(focused);

  // The kept nodes stay in the document (an open dialog removed from it would close); the rest
  // is replaced by the fresh page's, in its order.
  const kept = new Map([...main.children].filter((node) => node.hasAttribute('data-keep')).map((node) => [node.id, node]));
  for (const node of [...main.childNodes]) if (!(node instanceof Element && kept.get(node.id) === node)) node.remove();
  let before = main.firstChild;
  for (const node of [...fresh.childNodes]) {
    const mineKept = node instanceof Element && node.hasAttribute('data-keep') ? kept.get(node.id) : undefined;
    if (mineKept) { before = mineKept.nextSibling; continue; }
    main.insertBefore(document.importNode(node, true), before);
  }

  const again = anchorKey ? main.querySelector('[data-batch="' + CSS.escape(anchorKey) + '"]') : null;
  if (again) window.scrollBy(0, again.getBoundingClientRect().top - anchorTop);
  if (focused) {
    const control = sameControl(focused, focusKey);
    if (control instanceof HTMLElement) control.focus({preventScroll: true});
  }
}

let pending = 0;
function soon() {
  window.clearTimeout(pending);
  pending = window.setTimeout(reload, 250);
}
on('send', soon);
on('sends', soon);
on('replies', soon);
on('timers', soon);
document.addEventListener('visibilitychange', () => { if (!document.hidden) soon(); });

// Follow up…

/** @type {Record<string, string>} */
const conditionHints = {
  not_read: 'Acts if the message is still unread when the wait is over.',
  no_reply: 'Acts if nobody else wrote in the chat by the end of the wait.',
  read: 'Acts as soon as it is read; gives up when the wait is over.',
};

/** The send the dialog is open for (its button is found again by it after a reload). */
let opened = {batch: ''};
/** @type {PickTemplate[] | null} */
let templates = null;

const dialog = byId('follow-dialog', HTMLDialogElement);
const form = byId('follow-form', HTMLFormElement);
const condition = byId('follow-condition', HTMLSelectElement);
const within = byId('follow-within', HTMLInputElement);
const unit = byId('follow-unit', HTMLSelectElement);
const remind = byId('follow-remind', HTMLInputElement);
const sendAction = byId('follow-send', HTMLInputElement);
const picker = byId('follow-template', HTMLSelectElement);
const banner = byId('follow-error', HTMLParagraphElement);
const submit = byId('follow-submit', HTMLButtonElement);

/**
 * Shows (or, with null, clears) a message under a field of the dialog.
 * @param {HTMLInputElement | HTMLSelectElement} field
 * @param {string | null} message
 */
function fieldError(field, message) {
  const box = byId(field.id + '-error', HTMLParagraphElement);
  box.textContent = message ?? '';
  box.hidden = message === null;
  if (message === null) field.removeAttribute('aria-invalid'); else field.setAttribute('aria-invalid', 'true');
}

function clearErrors() {
  fieldError(within, null);
  fieldError(picker, null);
  banner.hidden = true;
  banner.textContent = '';
}

/** The condition's hint, and whether the wait is needed. */
function showCondition() {
  const read = condition.value === 'read';
  byId('follow-condition-hint', HTMLParagraphElement).textContent = conditionHints[condition.value] ?? '';
  byId('follow-within-label', HTMLLabelElement).textContent = read ? 'Wait for the read at most (optional)' : 'Within';
  byId('follow-within-hint', HTMLParagraphElement).textContent = read
    ? 'Leave it empty to wait 7 days. At most 7 days.'
    : 'Counted from when the message goes out: 1 minute to 7 days.';
  within.required = !read;
}

/** Shows the template picker for "Send a template", loading the templates the first time. */
async function showAction() {
  const field = byId('follow-template-field', HTMLDivElement);
  field.hidden = !sendAction.checked;
  if (sendAction.checked && templates === null) await loadTemplates();
}

/** Fills the picker with the Telegram templates; one that needs values typed cannot be chosen. */
async function loadTemplates() {
  const chosen = picker.value;
  picker.replaceChildren(el('option', {value: '', text: 'Loading templates…'}));
  picker.disabled = true;
  try {
    const reply = /** @type {{templates: PickTemplate[]}} */ (await api('GET', 'templates?kind=telegram'));
    templates = reply.templates.filter((t) => t.kind === 'telegram');
  } catch (error) {
    templates = null;
    picker.replaceChildren(el('option', {value: '', text: 'No templates'}));
    fieldError(picker, "Couldn't load the templates: " + messageOf(error));
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
  picker.value = chosen && list.some((t) => t.id === chosen) ? chosen : '';
}

condition.addEventListener('change', () => { showCondition(); fieldError(within, null); });
within.addEventListener('input', () => fieldError(within, null));
unit.addEventListener('change', () => fieldError(within, null));
picker.addEventListener('change', () => fieldError(picker, null));
remind.addEventListener('change', showAction);
sendAction.addEventListener('change', showAction);

/** The request's body, or null (with the reason shown beside its field) when something is missing. */
function body() {
  /** @type {{batch_id: string, condition: string, action: string, within_minutes?: number, template_id?: string}} */
  const request = {batch_id: opened.batch, condition: condition.value, action: sendAction.checked ? 'send' : 'remind'};
  const typed = within.value.trim();
  if (typed === '' && condition.value !== 'read') {
    fieldError(within, 'Say how long to wait: 1 minute to 7 days.');
    within.focus();
    return null;
  }
  if (typed !== '') {
    const amount = Number(typed);
    if (!Number.isInteger(amount)) {
      fieldError(within, 'Give a whole number of ' + (unit.selectedOptions[0]?.text ?? 'minutes') + '.');
      within.focus();
      return null;
    }
    // Out of range (0, 8 days) is the server's to say, in its words.
    request.within_minutes = amount * Number(unit.value);
  }
  if (sendAction.checked) {
    if (!picker.value) {
      fieldError(picker, templates && templates.length ? 'Choose the template to send.' : 'There is no Telegram template to send: make one first, or remind instead.');
      picker.focus();
      return null;
    }
    request.template_id = picker.value;
  }
  return request;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (submit.disabled) return;
  clearErrors();
  const request = body();
  if (!request) return;
  submit.disabled = true;
  submit.textContent = 'Saving…';
  try {
    const reply = /** @type {FollowUpList} */ (await api('POST', 'follow-ups', request));
    dialog.close('done');
    announce(reply.follow_ups);
  } catch (error) {
    const text = error instanceof ApiError ? error.message + (error.nextStep ? ' ' + error.nextStep : '') : messageOf(error, 'The follow-up was not set.');
    if (error instanceof ApiError && error.code === 'follow_up_bad_wait') {
      fieldError(within, text);
      within.focus();
    } else if (error instanceof ApiError && error.code === 'template_not_found' && sendAction.checked) {
      fieldError(picker, text);
      // The list as it is now (the chosen one is kept if it still exists).
      templates = null;
      await loadTemplates();
      picker.focus();
    } else {
      const issues = error instanceof ApiError ? error.issues.map((issue) => issue.message) : [];
      banner.textContent = issues.length ? issues.join(' ') : text;
      banner.hidden = false;
    }
  } finally {
    submit.disabled = false;
    submit.textContent = 'Save';
  }
});

/**
 * Says that the follow-up is set, with the rule in words and a link to Scheduled.
 * @param {FollowUp[]} made one per Telegram message of the send
 */
function announce(made) {
  const first = made[0];
  const words = made.length === 1 && first ? first.sentence + '.'
    : made.length + ' follow-ups, one per chat' + (first ? ' (' + made.map((f) => f.chat_title).join(', ') + ')' : '') + '.';
  const status = byId('follow-status', HTMLDivElement);
  status.replaceChildren(el('p', {class: 'banner info follow-set'},
    el('strong', {text: 'Follow-up set: '}), words, ' ', el('a', {href: '/scheduled', text: 'See it in Scheduled'})));
}

dialog.addEventListener('close', () => {
  // Back to the button that opened it (the card may have been redrawn meanwhile).
  const button = main.querySelector('[data-follow-up="' + CSS.escape(opened.batch) + '"]');
  if (button instanceof HTMLButtonElement) button.focus();
});

main.addEventListener('click', (event) => {
  const button = eventElement(event)?.closest('[data-follow-up]');
  if (!(button instanceof HTMLButtonElement)) return;
  const batch = button.dataset['followUp'] ?? '';
  const template = button.dataset['followTemplate'] ?? '';
  const targets = button.dataset['followTargets'] ?? '';
  const count = Number(button.dataset['followCount'] ?? '1');
  // Another send than last time starts afresh; the same one keeps what was typed.
  if (batch !== opened.batch) {
    condition.value = 'not_read';
    within.value = '2';
    unit.value = '60';
    remind.checked = true;
    picker.value = '';
  }
  opened = {batch};
  // The templates as they are now (made or deleted elsewhere since), when the picker shows.
  templates = null;
  clearErrors();
  byId('follow-about', HTMLParagraphElement).textContent = 'On “' + template + '” to ' + targets
    + (count > 1 ? ': one follow-up per chat, each judged on its own.' : '.');
  showCondition();
  showAction();
  dialog.returnValue = '';
  dialog.showModal();
});
