// The contacts (👥 on the Chats page, loaded when first opened): a dialog lists them, online
// ones first (GET /api/contacts, with ?search= as you type); choosing one opens the private
// chat with them (POST /api/contacts/{user}/chat makes it when there is none, posting
// nothing). Names are other people's text: set as text only.
import {api, byId, el, messageOf} from './app.js';

/** @typedef {import('./types').Contact} Contact */
/** @typedef {import('./types').ChatSummary} ChatSummary */

const dialog = byId('contacts-dialog', HTMLDialogElement);
const list = byId('contacts-list', HTMLUListElement);
const search = byId('contacts-search', HTMLInputElement);
const status = byId('contacts-status', HTMLParagraphElement);
const state = {loads: 0, timer: 0};

async function load() {
  const mine = ++state.loads;
  const query = search.value.trim();
  status.textContent = 'Loading your contacts…';
  try {
    const reply = /** @type {{contacts: Contact[]}} */ (await api('GET', 'contacts' + (query ? '?search=' + encodeURIComponent(query) : '')));
    if (mine !== state.loads) return;
    list.replaceChildren(...reply.contacts.map((c) => el('li', {}, el('button', {type: 'button', class: 'pick', 'data-user': String(c.user_id)},
      el('span', {dir: 'auto', text: c.name}),
      el('span', {class: 'meta' + (c.status === 'online' ? ' online' : ''), text: ' · ' + [c.username ? '@' + c.username : '', c.status].filter(Boolean).join(' · ')})))));
    status.textContent = reply.contacts.length ? '' : query ? 'No contact matches “' + query + '”.' : 'No contacts yet. Add people from their profile.';
  } catch (error) {
    if (mine === state.loads) status.textContent = "Couldn't load your contacts: " + messageOf(error);
  }
}

/** Opens the contacts. */
export function open() {
  search.value = '';
  list.replaceChildren();
  if (!dialog.open) dialog.showModal();
  search.focus();
  load();
}

search.addEventListener('input', () => {
  window.clearTimeout(state.timer);
  state.timer = window.setTimeout(load, 200);
});
list.addEventListener('click', async (event) => {
  const pick = event.target instanceof Element ? event.target.closest('[data-user]') : null;
  if (!(pick instanceof HTMLButtonElement) || pick.disabled) return;
  pick.disabled = true;
  try {
    const chat = /** @type {ChatSummary} */ (await api('POST', 'contacts/' + pick.dataset['user'] + '/chat'));
    dialog.close();
    location.hash = '#chat/' + chat.id;
  } catch (error) {
    status.textContent = "Couldn't open the chat: " + messageOf(error);
  } finally {
    pick.disabled = false;
  }
});
