// Being told about new messages while the dashboard is open, on every page (app.js loads this
// once the page is idle and hands it each `chat` event as a `tgt:chat` DOM event): the unread
// count of chats that are not muted in the tab's title and on its icon, and a browser
// notification for a new message from someone else in a chat that is not muted (Telegram's
// mute, per chat or per kind of chat, as the API's `is_muted` says), with the chat, the sender
// and a preview, opening the chat on click; none for the chat the user is looking at.
// Permission is asked only from the Chats page's "Turn on notifications" button, once.
// Also a snippet left as typed (Settings → Snippets), since this page opened: said in the page's
// status line and, with notifications on, by the browser, opening Recent on click.
// Stands alone (no import of app.js, which loads it): GETs need only the session cookie.

/** @typedef {import('./types').ChatSummary} ChatSummary */
/** @typedef {import('./types').ConversationList} ConversationList */
/** @typedef {import('./types').SendLog} SendLog */

/** Per chat: unread count when not muted (0 when muted), and the newest message told about. */
const unread = new Map();
const told = new Map();
let label = '';
const icon = document.querySelector('link[rel=icon]');
const baseIcon = icon instanceof HTMLLinkElement ? icon.href : '/assets/icon.svg';
const dismissedKey = 'tgt-notify-asked';

/**
 * The API's data for a GET, or null.
 * @param {string} path
 * @returns {Promise<unknown>}
 */
async function get(path) {
  try {
    const response = await fetch('/api/' + path, {credentials: 'same-origin', headers: {Accept: 'application/json'}});
    if (!response.ok) return null;
    const body = await response.json();
    return body && body.success ? body.data : null;
  } catch {
    return null;
  }
}

/** @param {ChatSummary} chat */
function count(chat) {
  return chat.is_muted ? 0 : chat.unread_count || (chat.is_marked_as_unread ? 1 : 0);
}

function showCount() {
  let total = 0;
  for (const n of unread.values()) total += n;
  label = total ? (total > 99 ? '99+' : String(total)) : '';
  applyTitle();
  document.documentElement.dataset['unread'] = String(total);
  if (icon instanceof HTMLLinkElement) icon.href = total ? badgeIcon(label) : baseIcon;
}

/** "(3) " before whatever the page titles itself (the Chats page names the open chat). */
function applyTitle() {
  const bare = document.title.replace(/^\(\d+\+?\) /, '');
  const wanted = label ? '(' + label + ') ' + bare : bare;
  if (document.title !== wanted) document.title = wanted;
}
const titleElement = document.querySelector('title');
if (titleElement) new MutationObserver(applyTitle).observe(titleElement, {childList: true});

/**
 * The app's icon with a red badge and the count, as an SVG data URL.
 * @param {string} label
 */
function badgeIcon(label) {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
    + '<image href="' + baseIcon + '" width="64" height="64"/>'
    + '<circle cx="46" cy="18" r="18" fill="#d93025"/>'
    + '<text x="46" y="25" font-family="sans-serif" font-size="' + (label.length > 2 ? 14 : 20) + '" font-weight="bold" fill="#fff" text-anchor="middle">'
    + label + '</text></svg>';
  return 'data:image/svg+xml,' + encodeURIComponent(svg);
}

/** The chat on screen, when the Chats page shows one and the tab is visible. */
function lookingAt() {
  if (document.hidden || document.body.dataset['page'] !== 'chats') return 0;
  const match = /^#chat\/(-?\d+)/.exec(location.hash);
  return match ? Number(match[1]) : 0;
}

/**
 * A chat changed: its count again, and a notification when its newest message is new, from
 * someone else, the chat is not muted and not on screen.
 * @param {number} chatID
 */
async function changed(chatID) {
  const chat = /** @type {ChatSummary | null} */ (await get('conversations/' + chatID));
  if (!chat) return;
  unread.set(chat.id, count(chat));
  showCount();
  const last = chat.last_message;
  if (!last || last.is_outgoing || (told.get(chat.id) ?? 0) >= last.message_id) return;
  told.set(chat.id, last.message_id);
  if (chat.is_muted || chat.unread_count === 0 || lookingAt() === chat.id) return;
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  // Telegram's "show preview" off (for the chat or its kind): who wrote, not what.
  const who = last.sender_name && chat.kind !== 'private' ? last.sender_name + ': ' : '';
  const body = chat.shows_preview ? (who + last.text).slice(0, 180) : (who ? last.sender_name + ' sent a message' : 'New message');
  const note = new Notification(chat.title, {body, tag: 'chat-' + chat.id, icon: '/assets/icon-180.png'});
  note.onclick = () => {
    window.focus();
    if (document.body.dataset['page'] === 'chats') location.hash = '#chat/' + chat.id;
    else location.href = '/chats#chat/' + chat.id;
    note.close();
  };
}

/** The first counts (both lists' unmuted unread), and what each chat's newest message is. */
async function start() {
  const lists = await Promise.all(['main', 'archive'].map((name) => /** @type {Promise<ConversationList | null>} */ (get('conversations?list=' + name))));
  for (const list of lists) {
    for (const chat of list?.chats ?? []) {
      unread.set(chat.id, count(chat));
      if (chat.last_message) told.set(chat.id, chat.last_message.message_id);
    }
  }
  showCount();
}

/** The Chats page's offer to turn notifications on: shown until answered or dismissed. */
function offer() {
  const box = document.getElementById('notify-offer');
  if (!box || !('Notification' in window) || Notification.permission !== 'default' || localStorage.getItem(dismissedKey)) return;
  box.hidden = false;
  document.getElementById('notify-on')?.addEventListener('click', async () => {
    localStorage.setItem(dismissedKey, '1');
    box.hidden = true;
    await Notification.requestPermission();
  });
  document.getElementById('notify-later')?.addEventListener('click', () => {
    localStorage.setItem(dismissedKey, '1');
    box.hidden = true;
  });
}

/** @type {Map<number, number>} per chat, a pending refresh (events come in bursts) */
const pending = new Map();
document.addEventListener('tgt:chat', (event) => {
  const chatID = event instanceof CustomEvent ? Number(event.detail?.chat_id) : 0;
  if (!chatID || pending.has(chatID)) return;
  pending.set(chatID, window.setTimeout(() => { pending.delete(chatID); changed(chatID); }, 250));
});
/** When this page opened: snippets left as typed before it are not told about again. */
const opened = Date.now();
/** @type {Set<string>} the snippet batches told about */
const toldSnippets = new Set();
let snippetToast = 0;

/** Reads the newest sends and tells about snippets left as typed since the page opened. */
async function snippetsChanged() {
  const log = /** @type {SendLog | null} */ (await get('sends?limit=10'));
  for (const batch of log?.batches ?? []) {
    if (batch.origin !== 'snippet' || toldSnippets.has(batch.batch_id) || Date.parse(batch.queued_at) < opened - 1000) continue;
    toldSnippets.add(batch.batch_id);
    const target = batch.targets[0];
    if (!target || target.status !== 'failed') continue;
    const text = 'Snippet in ' + target.title + ' left as typed: ' + (target.error ?? 'see Recent.');
    const box = document.getElementById('toast');
    if (box) {
      box.textContent = text;
      window.clearTimeout(snippetToast);
      snippetToast = window.setTimeout(() => { if (box.textContent === text) box.textContent = ''; }, 12000);
    }
    if (!('Notification' in window) || Notification.permission !== 'granted') continue;
    const note = new Notification('Snippet left as typed', {body: text.slice(0, 180), tag: 'snippet-' + batch.batch_id, icon: '/assets/icon-180.png'});
    note.onclick = () => { window.focus(); location.href = '/sends'; note.close(); };
  }
}
let sendsPending = 0;
document.addEventListener('tgt:sends', () => {
  if (sendsPending) return;
  sendsPending = window.setTimeout(() => { sendsPending = 0; snippetsChanged(); }, 250);
});
start().then(offer);

export {};
