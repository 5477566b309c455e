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
// Scheduled, and the focus goes back to the card's button. The fields are run by follow-up-form.js's
// `followUpForm`, shared with Repeat's follow-up on each post and Scheduled's series.
import {ApiError, api, byId, el, eventElement, messageOf, on, toast} from './app.js';
import {followUpForm} from './follow-up-form.js';

/** @typedef {import('./types').FollowUp} FollowUp */
/** @typedef {import('./types').FollowUpList} FollowUpList */

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

/** The send the dialog is open for (its button is found again by it after a reload). */
let opened = {batch: ''};

const dialog = byId('follow-dialog', HTMLDialogElement);
const form = byId('follow-form', HTMLFormElement);
const banner = byId('follow-error', HTMLParagraphElement);
const submit = byId('follow-submit', HTMLButtonElement);
const followUp = followUpForm('follow');

function clearErrors() {
  followUp.clear();
  banner.hidden = true;
  banner.textContent = '';
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (submit.disabled) return;
  clearErrors();
  const rule = followUp.rule();
  if (!rule) return;
  submit.disabled = true;
  submit.textContent = 'Saving…';
  try {
    const reply = /** @type {FollowUpList} */ (await api('POST', 'follow-ups', {batch_id: opened.batch, ...rule}));
    dialog.close('done');
    announce(reply.follow_ups);
  } catch (error) {
    if (!(await followUp.refused(error))) {
      const issues = error instanceof ApiError ? error.issues.map((issue) => issue.message) : [];
      banner.textContent = issues.length ? issues.join(' ')
        : error instanceof ApiError ? error.message + (error.nextStep ? ' ' + error.nextStep : '') : messageOf(error, 'The follow-up was not set.');
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
  if (batch !== opened.batch) followUp.fill(null);
  opened = {batch};
  clearErrors();
  byId('follow-about', HTMLParagraphElement).textContent = 'On “' + template + '” to ' + targets
    + (count > 1 ? ': one follow-up per chat, each judged on its own.' : '.');
  // The templates as they are now (made or deleted elsewhere since), when the picker shows.
  followUp.refresh();
  dialog.returnValue = '';
  dialog.showModal();
});
