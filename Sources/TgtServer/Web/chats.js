// The Chats tab: the chat list (GET /api/conversations: unread badges, last message or who is
// typing, time, search, the folder bar with each folder's unread chats, the archive, unread
// only), the contacts (contacts.js, loaded when first opened) and the routing to the open conversation (conversation.js),
// whose address is #chat/ID, or #chat/ID/topic/T for a forum's topic (topics.js), and
// #chat/ID/m/MESSAGE opens it at a message. The search box also finds messages, and the
// conversation's 🔍 searches in it: chat-search.js, loaded when first used. On a phone one pane
// shows at a time: list → conversation → back.
// The `chat` server-sent event (folded by the server to a few per second per chat) reloads the
// list and, for the open chat, its newest messages.
import {api, byId, el, messageOf, on, toast} from './app.js';
import {avatar, listTime} from './chat-html.js';
import * as conversation from './conversation.js';

/** @typedef {import('./types').ChatSummary} ChatSummary */
/** @typedef {import('./types').ConversationList} ConversationList */
/** @typedef {import('./types').ChatFolderBar} ChatFolderBar */

const root = byId('chats', HTMLDivElement);
const list = byId('chat-list', HTMLUListElement);
const search = byId('chat-search', HTMLInputElement);
const unread = byId('chat-unread', HTMLButtonElement);
const folderChips = byId('folder-chips', HTMLSpanElement);
/** @type {{list: 'main' | 'archive' | 'folder', folder: number, chats: ChatSummary[], loads: number, cameFromList: boolean}} */
const state = {list: 'main', folder: 0, chats: [], loads: 0, cameFromList: false};

/** @param {ChatSummary} chat */
function row(chat) {
  const last = chat.last_message;
  const who = last ? (last.is_outgoing ? 'You: ' : last.sender_name && chat.kind !== 'private' && chat.kind !== 'channel' ? last.sender_name + ': ' : '') : '';
  const count = chat.unread_count || (chat.is_marked_as_unread ? 1 : 0);
  const open = conversation.openChatID() === chat.id;
  return el('li', {},
    el('a', {class: 'chat-row', href: '#chat/' + chat.id, 'data-chat': String(chat.id), 'aria-current': open ? 'true' : null},
      avatar(chat),
      el('span', {class: 'chat-main'},
        el('span', {class: 'chat-top'}, el('span', {class: 'chat-title', dir: 'auto', text: chat.title}),
          chat.is_muted ? el('span', {class: 'meta', role: 'img', 'aria-label': 'muted', text: '🔇'}) : null,
          chat.is_pinned ? el('span', {class: 'meta', role: 'img', 'aria-label': 'pinned', text: '📌'}) : null,
          last ? el('time', {class: 'meta', datetime: last.date, text: listTime(new Date(last.date))}) : null),
        chat.typing
          ? el('span', {class: 'chat-last meta typing', dir: 'auto', text: chat.typing})
          : chat.draft
          ? el('span', {class: 'chat-last meta', dir: 'auto'}, el('span', {class: 'draft-mark', text: 'Draft: '}), chat.draft.slice(0, 140))
          : el('span', {class: 'chat-last meta', dir: 'auto'}, who, last ? last.text.slice(0, 140) : 'No messages')),
      count ? el('span', {class: 'badge' + (chat.is_muted ? ' muted' : ''), 'aria-label': count + ' unread', text: count > 999 ? '999+' : String(count)}) : null));
}

/**
 * One chip of the folder bar: "All chats" or a folder, with its unread chats (dim when all are muted).
 * @param {string} name
 * @param {'main' | 'folder'} list
 * @param {number} folder
 * @param {number} unread
 * @param {number} unmuted
 */
function folderChip(name, list, folder, unread, unmuted) {
  const pressed = state.list === list && (list === 'main' || state.folder === folder);
  return el('button', {type: 'button', class: 'chip', 'data-list': list, 'data-folder': list === 'folder' ? String(folder) : null, 'aria-pressed': String(pressed)},
    el('span', {dir: 'auto', text: name}),
    unread ? el('span', {class: 'chip-count' + (unmuted ? '' : ' muted'), 'aria-hidden': 'true', text: unread > 99 ? '99+' : String(unread)}) : null,
    unread ? el('span', {class: 'sr-only', text: ', ' + unread + ' unread'}) : null);
}

/**
 * Draws the folder bar: "All chats" where Telegram puts it among the folders. A folder that is
 * gone takes the list back to all chats.
 * @param {ChatFolderBar} bar
 */
function drawFolders(bar) {
  if (state.list === 'folder' && !bar.folders.some((f) => f.id === state.folder)) {
    state.list = 'main';
    state.folder = 0;
    window.setTimeout(load, 0);
  }
  const chips = bar.folders.map((f) => folderChip(f.name, 'folder', f.id, f.unread_count, f.unread_unmuted_count));
  chips.splice(Math.min(bar.main_position, chips.length), 0, folderChip('All chats', 'main', 0, bar.main_unread_count, bar.main_unread_unmuted_count));
  folderChips.replaceChildren(...chips);
  const archive = document.querySelector('[data-list=archive]');
  if (archive) archive.setAttribute('aria-pressed', String(state.list === 'archive'));
}

async function load() {
  const mine = ++state.loads;
  const params = new URLSearchParams({list: state.list});
  if (state.list === 'folder') params.set('folder_id', String(state.folder));
  if (search.value.trim()) params.set('search', search.value.trim());
  if (unread.getAttribute('aria-pressed') === 'true') params.set('unread', 'true');
  list.setAttribute('aria-busy', 'true');
  try {
    const reply = /** @type {ConversationList} */ (await api('GET', 'conversations?' + params));
    if (mine !== state.loads) return;
    state.chats = reply.chats;
    if (reply.folders) drawFolders(reply.folders);
    list.replaceChildren(...reply.chats.map(row));
    const empty = byId('chats-empty', HTMLParagraphElement);
    empty.hidden = reply.chats.length > 0;
    empty.textContent = search.value.trim() ? 'No chats match “' + search.value.trim() + '”.'
      : state.list === 'archive' ? 'Nothing archived.' : state.list === 'folder' && unread.getAttribute('aria-pressed') !== 'true' ? 'No chats in this folder.' : unread.getAttribute('aria-pressed') === 'true' ? 'No unread chats.' : 'No chats yet.';
    byId('chats-error', HTMLParagraphElement).hidden = true;
  } catch (error) {
    if (mine !== state.loads) return;
    byId('chats-error-text', HTMLSpanElement).textContent = "Couldn't load your chats: " + messageOf(error);
    byId('chats-error', HTMLParagraphElement).hidden = false;
  } finally {
    if (mine === state.loads) list.setAttribute('aria-busy', 'false');
  }
}

/** @type {Promise<typeof import('./chat-search.js')> | null} */
let searching = null;
/** The message search, loaded the first time it is needed (null if it could not be). */
async function searchModule() {
  try {
    return await (searching ??= import('./chat-search.js'));
  } catch (error) {
    searching = null;
    toast(messageOf(error, 'The message search could not be loaded.'));
    return null;
  }
}

/** The search box's text also searches messages in every chat (or clears that section). */
async function findMessages() {
  const query = search.value.trim();
  if (query) (await searchModule())?.searchAll(query);
  else if (searching) (await searchModule())?.clearAll();
}

/** The chat, forum topic and message the address names (0 for none). */
function addressed() {
  const match = /^#chat\/(-?\d+)(?:\/topic\/(\d+)|\/m\/(\d+))?$/.exec(location.hash);
  return {id: match ? Number(match[1]) : 0, topic: match?.[2] ? Number(match[2]) : 0, at: match?.[3] ? Number(match[3]) : 0};
}

/**
 * Shows the pane the address asks for: #chat/ID opens that conversation (/topic/T a topic of
 * it, /m/MESSAGE the page around a message).
 */
function route() {
  const {id, topic, at} = addressed();
  root.dataset['view'] = id ? 'chat' : 'list';
  byId('conv-none', HTMLParagraphElement).hidden = id !== 0;
  byId('conv-body', HTMLDivElement).hidden = id === 0;
  list.querySelectorAll('[data-chat]').forEach((a) => {
    if (a instanceof HTMLElement) { if (a.dataset['chat'] === String(id)) a.setAttribute('aria-current', 'true'); else a.removeAttribute('aria-current'); }
  });
  if (searching) searchModule().then((module) => module?.closeFind());
  if (!id) {
    conversation.close();
    return;
  }
  if (conversation.openChatID() === id && at) {
    // The message is only where to start: the address goes back to what is shown.
    conversation.show(at);
    history.replaceState(null, '', conversation.currentHash());
    return;
  }
  if (at) history.replaceState(null, '', '#chat/' + id);
  if (conversation.openChatID() === id && (topic === 0 || conversation.openTopicID() === topic)) return;
  const topicLink = document.activeElement instanceof HTMLElement && document.activeElement.dataset['topic'] !== undefined;
  const forum = state.chats.some((chat) => chat.id === id && chat.kind === 'forum');
  conversation.open(id, topic, (chat) => {
    document.title = chat.title + ' · TgTemplates';
    // A topic chosen in the bar keeps the focus there; a chat opened on a phone moves it to the title.
    if (window.matchMedia('(max-width: 799px)').matches && !topicLink) byId('conv-title', HTMLHeadingElement).focus();
    load();
  }, forum, at);
}

list.addEventListener('click', () => { state.cameFromList = true; });
byId('found-list', HTMLUListElement).addEventListener('click', () => { state.cameFromList = true; });
byId('conv-back', HTMLButtonElement).addEventListener('click', () => {
  if (state.cameFromList) history.back(); else location.hash = '';
  state.cameFromList = false;
  window.setTimeout(() => {
    const current = list.querySelector('[aria-current]');
    if (current instanceof HTMLElement) current.focus(); else byId('chats-title', HTMLHeadingElement).focus();
  }, 50);
});
window.addEventListener('hashchange', route);

byId('list-chips', HTMLDivElement).addEventListener('click', (event) => {
  const chip = event.target instanceof Element ? event.target.closest('[data-list]') : null;
  if (!(chip instanceof HTMLElement)) return;
  const kind = chip.dataset['list'];
  state.list = kind === 'archive' ? 'archive' : kind === 'folder' ? 'folder' : 'main';
  state.folder = state.list === 'folder' ? Number(chip.dataset['folder']) : 0;
  document.querySelectorAll('[data-list]').forEach((other) => other.setAttribute('aria-pressed', String(other === chip)));
  load();
});
/** @type {Promise<typeof import('./contacts.js')> | null} */
let contacts = null;
byId('contacts-open', HTMLButtonElement).addEventListener('click', async () => {
  try {
    (await (contacts ??= import('./contacts.js'))).open();
  } catch (error) {
    contacts = null;
    toast(messageOf(error, 'The contacts could not be loaded.'));
  }
});
unread.addEventListener('click', () => {
  unread.setAttribute('aria-pressed', String(unread.getAttribute('aria-pressed') !== 'true'));
  load();
});
let typing = 0;
search.addEventListener('input', () => {
  window.clearTimeout(typing);
  typing = window.setTimeout(() => { load(); findMessages(); }, 200);
});
search.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && search.value) {
    event.preventDefault();
    search.value = '';
    load();
    findMessages();
  } else if (event.key === 'Enter') {
    // Enter opens the first chat, or else the first message found.
    event.preventDefault();
    const first = document.querySelector('#chat-list a, #found-list a');
    if (first instanceof HTMLElement) first.click();
  }
});
byId('find-open', HTMLButtonElement).addEventListener('click', async () => (await searchModule())?.openFind());
byId('chats-retry', HTMLButtonElement).addEventListener('click', load);
byId('conv-retry', HTMLButtonElement).addEventListener('click', () => {
  const {id, topic} = addressed();
  if (id) conversation.open(id, topic, () => undefined);
});

// A file's progress moves in its bubble (attach.js).
on('upload', (e) => {
  const part = e.chat_id === conversation.openChatID() && document.querySelector('#m' + e.message_id + ' .upload');
  if (part) import('./attach.js').then((a) => a.uploadProgressed(part, e)).catch(() => undefined);
});
let listTimer = 0;
on('chat', (event) => {
  if (event.chat_id && event.chat_id === conversation.openChatID()) {
    if (event.messages) conversation.refresh(); else conversation.refreshHeader();
  }
  window.clearTimeout(listTimer);
  listTimer = window.setTimeout(load, 250);
});
document.addEventListener('visibilitychange', () => {
  if (document.hidden) return;
  load();
  conversation.refresh();
});

load();
route();
