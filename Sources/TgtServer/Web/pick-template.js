// A Telegram template sent into the open chat (instead of its own targets), from the
// composer's ⚡ (conversation.js loads this on first use): the account's Telegram templates,
// the chosen one's variables, and POST /api/conversations/{id}/templates/{template_id}.
import {api, byId, el, fieldValues, messageOf, openDialog, toast, variableFields} from './app.js';

/** @typedef {import('./types').PickTemplate} PickTemplate */
/** @typedef {import('./types').SendReport} SendReport */

const dialog = byId('templates-dialog', HTMLDialogElement);
const pickList = byId('templates-list', HTMLUListElement);
const pickVars = byId('templates-vars', HTMLDivElement);
/** @type {{chatID: number, topicID: number, picked: PickTemplate | null, sent: () => void}} */
const state = {chatID: 0, topicID: 0, picked: null, sent: () => {}};

/**
 * Opens the picker for `chatID` (a forum topic with `topicID`); resolves when it closes.
 * @param {number} chatID
 * @param {number} topicID 0: none
 * @param {() => void} sent called after a template went out
 */
export async function open(chatID, topicID, sent) {
  Object.assign(state, {chatID, topicID, picked: null, sent});
  pickVars.replaceChildren();
  byId('templates-send', HTMLButtonElement).hidden = true;
  byId('templates-error', HTMLParagraphElement).hidden = true;
  pickList.replaceChildren(el('li', {class: 'meta', text: 'Loading…'}));
  const closed = openDialog(dialog);
  try {
    const reply = /** @type {{templates: PickTemplate[]}} */ (await api('GET', 'templates'));
    const usable = reply.templates.filter((t) => t.kind === 'telegram');
    byId('templates-empty', HTMLParagraphElement).hidden = usable.length > 0;
    pickList.replaceChildren(...usable.map((t) => el('li', {},
      el('button', {type: 'button', class: 'pick', 'data-template': t.id, 'aria-pressed': 'false'},
        el('span', {'aria-hidden': 'true', text: t.icon_glyph}), t.name))));
    pickList.querySelectorAll('button').forEach((b, i) => b.addEventListener('click', () => choose(usable[i] ?? null, b)));
  } catch (error) {
    pickList.replaceChildren(el('li', {class: 'field-error', text: messageOf(error)}));
  }
  await closed;
}

/**
 * @param {PickTemplate | null} template
 * @param {HTMLButtonElement} button
 */
function choose(template, button) {
  state.picked = template;
  pickList.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', String(b === button)));
  pickVars.replaceChildren(...(template ? variableFields(template.send_variables, 'pick-var-') : []));
  const send = byId('templates-send', HTMLButtonElement);
  send.hidden = !template;
  send.textContent = template ? 'Send “' + template.name + '”' : 'Send';
  const first = pickVars.querySelector('input, select');
  if (first instanceof HTMLElement) first.focus(); else send.focus();
}

byId('templates-form', HTMLFormElement).addEventListener('submit', async (event) => {
  event.preventDefault();
  const template = state.picked;
  if (!state.chatID || !template) return;
  const error = byId('templates-error', HTMLParagraphElement);
  try {
    /** @type {{variables: Record<string, string>, topic_id?: number}} */
    const body = {variables: fieldValues(pickVars)};
    if (state.topicID) body.topic_id = state.topicID;
    const report = /** @type {SendReport} */ (await api('POST', 'conversations/' + state.chatID + '/templates/' + template.id, body));
    const failed = report.results.find((r) => r.status !== 'sent');
    if (failed) throw new Error(failed.error ?? 'Not sent.');
    dialog.close('sent');
    toast('Sent “' + template.name + '” here.');
    state.sent();
  } catch (caught) {
    error.textContent = messageOf(caught, 'Not sent.');
    error.hidden = false;
  }
});
