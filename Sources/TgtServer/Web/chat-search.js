// Message search in the Chats tab, loaded the first time it is needed (chats.js imports it on
// demand): the list's search box also finds messages in every chat (a "Messages" section under
// the chats, with "More results"), and the conversation's 🔍 searches the open chat, stepping
// through the matches with ↑ (older) and ↓ (newer), or choosing one from their list (☰).
// Choosing a result opens its chat at that
// message (#chat/ID/m/MESSAGE: conversation.js loads the page around it and flashes it).
// Other people's text goes in as text nodes; the match is wrapped in <mark> by splitting that
// text, never by parsing it as HTML.
import {api, byId, el, messageOf} from './app.js';
import {avatar, listTime} from './chat-html.js';
import * as conversation from './conversation.js';

/** @typedef {import('./types').ChatMessage} ChatMessage */
/** @typedef {import('./types').ChatSummary} ChatSummary */
/** @typedef {import('./types').FoundMessages} FoundMessages */

/**
 * The words of a query as one case-insensitive pattern of literals (null: no words).
 * @param {string} query
 */
function pattern(query) {
  const words = query.split(/\s+/).filter(Boolean).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return words.length ? new RegExp(words.join('|'), 'giu') : null;
}

/**
 * `text` with each occurrence of the query's words wrapped in <mark>: text nodes and <mark>
 * elements only.
 * @param {string} text
 * @param {string} query
 */
export function highlighted(text, query) {
  const out = document.createDocumentFragment();
  const words = pattern(query);
  let last = 0;
  if (words) {
    for (const match of text.matchAll(words)) {
      const at = match.index ?? 0;
      if (!match[0]) continue;
      out.append(text.slice(last, at), el('mark', {text: match[0]}));
      last = at + match[0].length;
    }
  }
  out.append(text.slice(last));
  return out;
}

/**
 * A one-line excerpt that starts a little before the first match.
 * @param {string} text
 * @param {string} query
 */
function snippet(text, query) {
  const flat = text.replace(/\s+/g, ' ').trim();
  const words = pattern(query);
  const first = words ? flat.search(words) : -1;
  let start = first > 40 ? first - 30 : 0;
  if (/[\uDC00-\uDFFF]/.test(flat.charAt(start))) start++;
  return (start ? '…' : '') + flat.slice(start, start + 240);
}

// MARK: - Across all chats: the "Messages" section under the chat list

const section = byId('found', HTMLElement);
const results = byId('found-list', HTMLUListElement);
const status = byId('found-status', HTMLParagraphElement);
const more = byId('found-more', HTMLButtonElement);
const retry = byId('found-retry', HTMLButtonElement);
/** @type {{query: string, next: string | undefined, chats: Map<number, ChatSummary>, loads: number}} */
const all = {query: '', next: undefined, chats: new Map(), loads: 0};

/**
 * One result: the chat's picture and title, the date, the sender and the excerpt.
 * @param {ChatMessage} m
 * @param {string} query
 */
function resultRow(m, query) {
  const chat = all.chats.get(m.chat_id);
  const who = m.is_outgoing ? 'You' : m.sender.name;
  return el('li', {}, el('a', {class: 'chat-row found-row', href: '#chat/' + m.chat_id + '/m/' + m.id, 'data-found': String(m.id)},
    chat ? avatar(chat) : el('span', {class: 'avatar', 'aria-hidden': 'true', text: '#'}),
    el('span', {class: 'chat-main'},
      el('span', {class: 'chat-top'}, el('span', {class: 'chat-title', dir: 'auto', text: chat?.title ?? 'Chat ' + m.chat_id}),
        el('time', {class: 'meta', datetime: m.date, text: listTime(new Date(m.date))})),
      el('span', {class: 'found-text meta', dir: 'auto'}, el('bdi', {class: 'found-who', text: who}), ': ',
        highlighted(snippet(m.text || m.media?.label || m.service_line || '', query), query)))));
}

/**
 * Searches every chat for `query` (a new search) or, with `offset`, appends the next page.
 * @param {string} query
 * @param {string} [offset]
 */
export async function searchAll(query, offset) {
  const mine = ++all.loads;
  if (offset === undefined) {
    all.query = query;
    all.chats = new Map();
    results.replaceChildren();
  }
  section.hidden = false;
  more.hidden = true;
  retry.hidden = true;
  status.classList.remove('error');
  status.textContent = offset === undefined ? 'Searching messages…' : 'Loading more…';
  results.setAttribute('aria-busy', 'true');
  try {
    const params = new URLSearchParams({q: query, limit: '20'});
    if (offset) params.set('offset', offset);
    const found = /** @type {FoundMessages} */ (await api('GET', 'search/messages?' + params));
    if (mine !== all.loads) return;
    found.chats.forEach((chat) => all.chats.set(chat.id, chat));
    results.append(...found.messages.map((m) => resultRow(m, query)));
    all.next = found.next_offset;
    more.hidden = !found.next_offset;
    const count = results.childElementCount;
    status.textContent = count ? (count === 1 ? '1 message' : count + (found.next_offset ? '+' : '') + ' messages')
      : 'No messages match “' + query + '”.';
  } catch (error) {
    if (mine !== all.loads) return;
    status.classList.add('error');
    status.textContent = "Couldn't search messages: " + messageOf(error);
    retry.hidden = false;
  } finally {
    if (mine === all.loads) results.setAttribute('aria-busy', 'false');
  }
}

/** Empties the section (the search box was cleared). */
export function clearAll() {
  all.loads++;
  all.query = '';
  section.hidden = true;
  results.replaceChildren();
}

more.addEventListener('click', () => {
  const next = all.next;
  if (!next) return;
  const count = results.childElementCount;
  searchAll(all.query, next).then(() => {
    // Keyboard users go on from the first new result.
    const first = results.children[count]?.querySelector('a');
    if (first) first.focus();
  });
});
retry.addEventListener('click', () => searchAll(all.query));

// MARK: - In the open chat: the bar under the conversation's header

const bar = byId('find', HTMLFormElement);
const input = byId('find-text', HTMLInputElement);
const count = byId('find-count', HTMLSpanElement);
const olderButton = byId('find-older', HTMLButtonElement);
const newerButton = byId('find-newer', HTMLButtonElement);
const toggle = byId('find-open', HTMLButtonElement);
const listButton = byId('find-list-open', HTMLButtonElement);
const panel = byId('find-results', HTMLElement);
const matches = byId('find-result-list', HTMLOListElement);
const moreMatches = byId('find-more', HTMLButtonElement);
/** @type {{chatID: number, query: string, found: ChatMessage[], next: string | undefined, total: number | undefined, index: number, loads: number}} */
const here = {chatID: 0, query: '', found: [], next: undefined, total: undefined, index: -1, loads: 0};

/** Shows the bar for the open chat and puts the cursor in it. */
export function openFind() {
  const chatID = conversation.openChatID();
  if (!chatID) return;
  if (here.chatID !== chatID) {
    here.chatID = chatID;
    input.value = '';
    reset();
  }
  bar.hidden = false;
  toggle.setAttribute('aria-expanded', 'true');
  input.focus();
  input.select();
}

/**
 * Hides the bar (Escape, ✕, or another chat opened).
 * @param {boolean} [refocus] put the focus back on the 🔍 button
 */
export function closeFind(refocus = false) {
  here.loads++;
  showList(false);
  bar.hidden = true;
  toggle.setAttribute('aria-expanded', 'false');
  if (refocus) toggle.focus();
}

function reset() {
  here.loads++;
  here.query = '';
  here.found = [];
  here.next = undefined;
  here.total = undefined;
  here.index = -1;
  count.textContent = '';
  count.classList.remove('error');
  showList(false);
  showPosition();
}

function showPosition() {
  const known = here.total ?? here.found.length;
  if (here.index >= 0) count.textContent = (here.index + 1) + ' of ' + Math.max(known, here.found.length) + (here.total === undefined && here.next ? '+' : '');
  olderButton.disabled = here.index < 0 || (here.index >= here.found.length - 1 && !here.next);
  newerButton.disabled = here.index <= 0;
  listButton.disabled = here.found.length === 0;
  if (!panel.hidden) markCurrent();
}

// MARK: - The list of the open chat's matches (☰)

/**
 * Shows or hides the list of matches.
 * @param {boolean} open
 */
function showList(open) {
  panel.hidden = !open;
  listButton.setAttribute('aria-expanded', String(open));
  if (open) renderList();
  else matches.replaceChildren();
}

/** Every match found so far, newest first: who, when, and the excerpt with the words marked. */
function renderList() {
  matches.replaceChildren(...here.found.map((m, index) => el('li', {}, el('a', {
    class: 'chat-row found-row', href: '#chat/' + m.chat_id + '/m/' + m.id, 'data-index': String(index),
  }, el('span', {class: 'chat-main'},
    el('span', {class: 'chat-top'}, el('bdi', {class: 'found-who', text: m.is_outgoing ? 'You' : m.sender.name}),
      el('time', {class: 'meta', datetime: m.date, text: listTime(new Date(m.date))})),
    el('span', {class: 'found-text meta', dir: 'auto'}, highlighted(snippet(m.text || m.media?.label || m.service_line || '', here.query), here.query)))))));
  moreMatches.hidden = !here.next;
  markCurrent();
}

/** Marks the match the conversation shows. */
function markCurrent() {
  for (const link of matches.querySelectorAll('a')) {
    if (link.getAttribute('data-index') === String(here.index)) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
  }
}

/**
 * Asks for the first page (or, `more`, the next one) of matches in the open chat.
 * @param {boolean} more
 * @returns {Promise<boolean>} whether the answer is still wanted
 */
async function fetchHere(more) {
  const mine = more ? here.loads : ++here.loads;
  const params = new URLSearchParams({q: here.query, chat_id: String(here.chatID), limit: '50'});
  if (more && here.next) params.set('offset', here.next);
  count.classList.remove('error');
  if (!more) count.textContent = 'Searching…';
  try {
    const found = /** @type {FoundMessages} */ (await api('GET', 'search/messages?' + params));
    if (mine !== here.loads) return false;
    here.found = more ? here.found.concat(found.messages) : found.messages;
    here.next = found.next_offset;
    here.total = found.total_count;
    return true;
  } catch (error) {
    if (mine !== here.loads) return false;
    count.classList.add('error');
    count.textContent = "Couldn't search: " + messageOf(error);
    return false;
  }
}

/**
 * Moves to the match at `index` (0: the newest), fetching the next page when needed.
 * @param {number} index
 */
async function go(index) {
  if (index >= here.found.length && here.next && !(await fetchHere(true))) return;
  const match = here.found[index];
  if (!match) return;
  here.index = index;
  showPosition();
  conversation.show(match.id);
}

let typing = 0;
async function search() {
  const query = input.value.trim();
  if (query === here.query) return;
  const listed = !panel.hidden;
  reset();
  here.query = query;
  if (!query) return;
  if (!(await fetchHere(false))) return;
  if (listed && here.found.length) showList(true);
  if (here.found.length) await go(0);
  else { count.textContent = 'No messages match “' + query + '”.'; showPosition(); }
}

input.addEventListener('input', () => { window.clearTimeout(typing); typing = window.setTimeout(search, 300); });
bar.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') { event.preventDefault(); closeFind(true); }
});
input.addEventListener('keydown', async (event) => {
  if (event.key !== 'Enter' || event.isComposing) return;
  event.preventDefault();
  window.clearTimeout(typing);
  if (input.value.trim() !== here.query) { await search(); return; }
  if (event.shiftKey) { if (here.index > 0) await go(here.index - 1); } else await go(here.index + 1);
});
bar.addEventListener('submit', (event) => event.preventDefault());
listButton.addEventListener('click', () => {
  showList(panel.hidden);
  if (!panel.hidden) /** @type {HTMLElement | null} */ (matches.querySelector('[aria-current=true]') ?? matches.querySelector('a'))?.focus();
});
matches.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-index]') : null;
  if (!link) return;
  event.preventDefault();
  // The list makes way for the conversation at the chosen match; ↑/↓ go on from there.
  showList(false);
  go(Number(link.getAttribute('data-index'))).then(() => listButton.focus());
});
panel.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') { event.preventDefault(); showList(false); listButton.focus(); }
});
moreMatches.addEventListener('click', async () => {
  const known = here.found.length;
  if (!(await fetchHere(true))) return;
  renderList();
  showPosition();
  /** @type {HTMLElement | null} */ (matches.children[known]?.querySelector('a') ?? null)?.focus();
});
olderButton.addEventListener('click', () => go(here.index + 1));
newerButton.addEventListener('click', () => go(here.index - 1));
byId('find-close', HTMLButtonElement).addEventListener('click', () => closeFind(true));
