// Forwarding messages of the open conversation (a bubble's actions, or the chosen ones): a dialog lists the
// chats you may write in (GET /api/conversations, both lists), filtered as you type; a forum
// then lists its topics; "Hide sender's name" sends a copy. POST
// /api/conversations/{target}/forward does it; the answer's messages are the forwards.
import {api, byId, el, openDialog} from './app.js';

/** @typedef {import('./types').ChatMessage} ChatMessage */
/** @typedef {import('./types').ChatSummary} ChatSummary */
/** @typedef {import('./types').ConversationList} ConversationList */

const dialog = byId('forward-dialog', HTMLDialogElement);
const list = byId('forward-list', HTMLUListElement);
const search = byId('forward-search', HTMLInputElement);
const status = byId('forward-status', HTMLParagraphElement);
/** @type {ChatSummary[]} */
let chats = [];

function drawChats() {
  const query = search.value.trim().toLowerCase();
  const shown = chats.filter((c) => !query || c.title.toLowerCase().includes(query)).slice(0, 100);
  list.replaceChildren(...shown.map((c) => el('li', {}, el('button', {type: 'submit', value: 'chat:' + c.id, class: 'pick'},
    el('span', {text: c.title}), c.kind === 'forum' ? el('span', {class: 'meta', text: ' · forum'}) : null))));
  status.textContent = shown.length ? '' : 'No chat you can write in matches.';
}

search.addEventListener('input', drawChats);

/**
 * Asks where to forward `messages` (oldest first) and forwards them. The target's title, or null
 * when cancelled.
 * @param {number} fromChatID
 * @param {ChatMessage[]} messages
 * @returns {Promise<string | null>}
 */
export async function forward(fromChatID, messages) {
  const message = messages[0];
  if (!message) return null;
  byId('forward-text', HTMLParagraphElement).textContent = messages.length > 1 ? messages.length + ' messages'
    : (message.is_outgoing ? 'You' : message.sender.name) + ': ' + (message.text || message.media?.label || '').slice(0, 200);
  search.value = '';
  search.hidden = false;
  byId('forward-hide', HTMLInputElement).checked = false;
  status.textContent = 'Loading your chats…';
  list.replaceChildren();
  const lists = await Promise.all(['main', 'archive'].map((name) =>
    /** @type {Promise<ConversationList>} */ (api('GET', 'conversations?list=' + name))));
  chats = lists.flatMap((l) => l.chats).filter((c) => c.can_write);
  drawChats();
  const waiting = openDialog(dialog);
  search.focus();
  let choice = await waiting;
  if (!choice.startsWith('chat:')) return null;
  const target = chats.find((c) => 'chat:' + c.id === choice);
  if (!target) return null;
  /** @type {number | undefined} */
  let topic;
  if (target.kind === 'forum') {
    const found = /** @type {{topics: {id: number, title: string, is_closed: boolean}[]}} */ (await api('GET', 'conversations/' + target.id + '/topics'));
    search.hidden = true;
    status.textContent = 'Which topic of ' + target.title + '?';
    list.replaceChildren(...found.topics.filter((t) => !t.is_closed).map((t) => el('li', {},
      el('button', {type: 'submit', value: 'topic:' + t.id, class: 'pick', text: t.title}))));
    choice = await openDialog(dialog);
    if (!choice.startsWith('topic:')) return null;
    topic = Number(choice.slice(6));
  }
  /** @type {{from_chat_id: number, message_ids: number[], hide_sender: boolean, topic_id?: number}} */
  const body = {from_chat_id: fromChatID, message_ids: messages.map((m) => m.id), hide_sender: byId('forward-hide', HTMLInputElement).checked};
  if (topic) body.topic_id = topic;
  await api('POST', 'conversations/' + target.id + '/forward', body);
  return target.title;
}
