// One open conversation of the Chats tab (docs/dashboard.md): pages of messages, bubbles,
// media, the composer (text, files through attach.js, templates), reply, edit, delete; a
// forum one topic at a time. Other people's text is text, or the server's escaped `html`
// that only safeFragment (chat-html.js) puts in the page.
import {ApiError, api, byId, el, eventElement, messageOf, toast} from './app.js';
import {byteSize, clock, dayLabel, safeFragment, uploaded} from './chat-html.js';
import * as pins from './pins.js';
import * as presence from './presence.js';
import * as reactions from './reactions.js';
import * as topics from './topics.js';

/** @typedef {import('./types').ChatMessage} ChatMessage */
/** @typedef {import('./types').ChatSummary} ChatSummary */
/** @typedef {import('./types').ConversationPage} ConversationPage */

const box = byId('messages', HTMLDivElement);
const list = byId('message-list', HTMLOListElement);
const older = byId('older', HTMLParagraphElement);
const jump = byId('jump', HTMLButtonElement);
const text = byId('composer-text', HTMLTextAreaElement);
const banner = byId('composer-banner', HTMLDivElement);

/** `id`: the chat being shown or loaded; `topic`: the forum topic shown (0: none, or the whole
 * chat around a message); `hasNewer`: the page was opened at a message and does not reach the
 * newest yet; `selected`: the messages chosen to forward or delete together (null: not choosing).
 * @type {{id: number, chat: ChatSummary | null, topic: number, messages: Map<number, ChatMessage>, hasOlder: boolean, hasNewer: boolean,
 *   loadingOlder: boolean, loadingNewer: boolean, unseen: number, mode: {kind: 'reply' | 'edit', message: ChatMessage} | null, loads: number,
 *   selected: Set<number> | null}} */
const state = {id: 0, chat: null, topic: 0, messages: new Map(), hasOlder: false, hasNewer: false, loadingOlder: false, loadingNewer: false,
  unseen: 0, mode: null, loads: 0, selected: null};

/** The open chat's id, or 0. */
export function openChatID() {
  return state.chat?.id ?? 0;
}

/** The address of what is shown: `#chat/ID`, `#chat/ID/topic/T` in a forum's topic, or ''. */
export function currentHash() {
  if (!state.id) return '';
  return state.topic ? topics.topicHash(state.id, state.topic) : '#chat/' + state.id;
}

/** The open forum topic's id, or 0 (not a forum, or nothing open). */
export function openTopicID() {
  return state.chat ? state.topic : 0;
}

/**
 * A page of the open conversation (of its topic in a forum), newest first from `before`.
 * @param {number} chatID
 * @param {number} topicID
 * @param {number} [before]
 */
function page(chatID, topicID, before) {
  return /** @type {Promise<ConversationPage>} */ (api('GET', 'conversations/' + chatID + '/messages?limit=50'
    + (topicID ? '&topic_id=' + topicID : '') + (before ? '&before=' + before : '')));
}

/**
 * Opens a chat (in a forum, one topic: `topicID`, or General when 0, which the address then
 * names): its newest page, scrolled to the end, and marks it read. With `at`, the page of the
 * whole chat around that message instead (a forum's too: the message may be in any topic),
 * which flashes.
 * @param {number} chatID
 * @param {number} topicID
 * @param {(chat: ChatSummary) => void} shown called with the chat's row once loaded
 * @param {boolean} [forum] known to be a forum (from the chat list): its topics are read first
 * @param {number} [at] a message to show
 */
export async function open(chatID, topicID, shown, forum = false, at = 0) {
  saveDraft();
  // Another chat's text (typed, replying or editing) never stays to be saved or sent here.
  if (draft.chat !== chatID) text.value = '';
  draft.chat = 0;
  const mine = ++state.loads;
  state.id = chatID;
  state.chat = null;
  state.topic = topicID;
  state.messages = new Map();
  state.unseen = 0;
  setMode(null);
  select(null);
  list.replaceChildren();
  pins.hide();
  older.textContent = 'Loading…';
  box.setAttribute('aria-busy', 'true');
  byId('conv-error', HTMLParagraphElement).hidden = true;
  try {
    /** @type {ConversationPage | null} */
    let around = null;
    if (at) {
      try {
        around = /** @type {ConversationPage} */ (await api('GET', 'conversations/' + chatID + '/messages?limit=50&around=' + at));
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'message_not_found')) throw error;
        toast('That message is no longer in this chat.');
        at = 0;
      }
      if (mine !== state.loads) return;
    }
    /** @type {ConversationPage} */
    let first;
    if (around) {
      // The whole chat around the message; in a forum the bar offers its topics (none chosen,
      // so nothing is written until one is).
      state.topic = 0;
      history.replaceState(null, '', '#chat/' + chatID);
      topics.hide();
      if (around.chat.kind === 'forum') topics.load(chatID, 0, () => mine === state.loads && !state.topic).catch(() => undefined);
      first = around;
    } else if (topicID) {
      [first] = await Promise.all([page(chatID, topicID), topics.load(chatID, topicID, () => mine === state.loads)]);
    } else {
      // A forum opens on its General topic, and the address says so (a reload keeps it). A chat
      // the list knows as a forum skips the whole chat's page.
      /** @type {ConversationPage | null} */
      let whole = null;
      if (!forum) {
        whole = await page(chatID, 0);
        if (mine !== state.loads) return;
      }
      const general = forum || whole?.chat.kind === 'forum' ? topics.initial(await topics.load(chatID, 0, () => mine === state.loads)) : 0;
      if (mine !== state.loads) return;
      if (general) {
        state.topic = general;
        history.replaceState(null, '', topics.topicHash(chatID, general));
        topics.select(general);
        first = await page(chatID, general);
      } else {
        topics.hide();
        first = whole ?? await page(chatID, 0);
      }
    }
    if (mine !== state.loads) return;
    state.chat = first.chat;
    state.hasOlder = first.has_older;
    state.hasNewer = first.has_newer;
    first.messages.forEach((m) => state.messages.set(m.id, m));
    showChat(first.chat);
    shown(first.chat);
    draw(at ? 'keep' : 'bottom');
    pins.load(chatID, () => mine === state.loads).catch(() => undefined);
    restoreDraft(first.chat);
    if (at) flash(at);
    if (!state.hasNewer) markRead();
  } catch (error) {
    if (mine !== state.loads) return;
    older.textContent = '';
    byId('conv-error-text', HTMLSpanElement).textContent = "Couldn't open this chat: " + messageOf(error);
    byId('conv-error', HTMLParagraphElement).hidden = false;
  } finally {
    if (mine === state.loads) box.setAttribute('aria-busy', 'false');
  }
}

/**
 * Shows one message of the open chat: scrolled to and flashed if it is on the page, else the
 * page around it.
 * @param {number} messageID
 */
export function show(messageID) {
  if (!state.id) return;
  if (state.chat && state.messages.has(messageID)) flash(messageID);
  else open(state.id, 0, () => undefined, false, messageID);
}

/** The pending end of each highlighted message's highlight. */
const flashEnds = new WeakMap();

/**
 * Scrolls a message to the middle and highlights it for 2 s. A message shown again while still
 * highlighted (stepping back through search matches) gets its 2 s from now, not what was left.
 * @param {number} messageID
 */
function flash(messageID) {
  const row = document.getElementById('m' + messageID);
  if (!row) return;
  row.scrollIntoView({block: 'center'});
  window.clearTimeout(flashEnds.get(row));
  row.classList.remove('flash');
  row.classList.add('flash');
  flashEnds.set(row, window.setTimeout(() => row.classList.remove('flash'), 2000));
  showJump();
}

/** Back to the newest page (from a page opened at an older message). */
function latest() {
  const chat = state.chat;
  if (chat) open(chat.id, state.topic, () => { text.focus(); }, chat.kind === 'forum');
}

/**
 * Redraws the header after a change of the chat's row alone (someone typing, a person going
 * online): the row is asked for again; a failure leaves the header as it was.
 */
export async function refreshHeader() {
  const chat = state.chat;
  if (!chat) return;
  const mine = state.loads;
  try {
    const fresh = /** @type {ChatSummary} */ (await api('GET', 'conversations/' + chat.id + (state.topic ? '?topic_id=' + state.topic : '')));
    if (mine !== state.loads || state.chat?.id !== fresh.id) return;
    state.chat = fresh;
    showChat(fresh);
  } catch {
    // the next event tries again
  }
}

/** Forgets the open chat (back to the list). */
export function close() {
  saveDraft();
  presence.stopped();
  draft.chat = 0;
  state.loads++;
  state.id = 0;
  state.chat = null;
  state.topic = 0;
  state.messages = new Map();
  select(null);
  list.replaceChildren();
  topics.hide();
  pins.hide();
  attaching?.then((files) => files.clear()).catch(() => {});
}

/** @param {ChatSummary} chat */
function showChat(chat) {
  byId('conv-title', HTMLHeadingElement).textContent = chat.title;
  const kind = {private: 'Private chat', saved: 'Your notes', group: 'Group', supergroup: 'Group', forum: 'Forum', channel: 'Channel', secret: 'Secret chat'}[chat.kind];
  const topic = state.topic ? topics.titleOf(state.topic) : '';
  const meta = byId('conv-meta', HTMLParagraphElement);
  meta.textContent = presence.headerLine(chat, kind ?? 'Chat') + (topic ? ' · ' + topic : '') + (chat.is_muted ? ' · muted' : '');
  meta.classList.toggle('typing', Boolean(chat.typing));
  text.placeholder = topic ? 'Message in ' + topic : 'Message';
  const cannot = byId('cannot-write', HTMLParagraphElement);
  // A forum's whole timeline (opened at a found message) has no topic to post into.
  const needsTopic = chat.kind === 'forum' && !state.topic;
  cannot.textContent = !chat.can_write ? 'You cannot write here: ' + (chat.cannot_write_reason ?? '') : needsTopic ? 'Choose a topic above to write in it.' : '';
  cannot.hidden = chat.can_write && !needsTopic;
  byId('composer-row', HTMLDivElement).hidden = !chat.can_write || needsTopic;
}

/**
 * Reloads the newest page after a live event: new, edited, deleted and read messages.
 */
export async function refresh() {
  const chat = state.chat;
  // A page opened at an older message takes the new ones when scrolled down or on "Latest".
  if (!chat || state.hasNewer) { showJump(); return; }
  const mine = state.loads;
  let newest;
  try {
    // The topic bar's unread counts follow too (a failure there leaves the old ones).
    const topic = state.topic;
    if (topic) topics.load(chat.id, topic, () => mine === state.loads && state.topic === topic).catch(() => undefined);
    pins.load(chat.id, () => mine === state.loads).catch(() => undefined);
    newest = await page(chat.id, state.topic);
  } catch {
    return; // the next event or a reload tries again
  }
  if (mine !== state.loads) return;
  const oldest = newest.messages[0]?.id ?? 0;
  const fresh = new Set(newest.messages.map((m) => m.id));
  for (const id of [...state.messages.keys()]) if (id >= oldest && !fresh.has(id)) state.messages.delete(id);
  let arrived = 0;
  for (const m of newest.messages) {
    if (!state.messages.has(m.id) && !m.is_outgoing) arrived++;
    state.messages.set(m.id, m);
  }
  state.chat = newest.chat;
  showChat(newest.chat);
  const atEnd = atBottom();
  if (!atEnd) state.unseen += arrived;
  draw(atEnd ? 'bottom' : 'keep');
  if (atEnd && arrived) markRead();
}

function atBottom() {
  return box.scrollHeight - box.scrollTop - box.clientHeight < 80;
}

let readTimer = 0;
/**
 * Marks what is shown read, soon (once for a burst): in a forum's topic only that topic, up to
 * its own newest message; the other topics keep their unread.
 */
function markRead() {
  const chat = state.chat;
  if (!chat || document.hidden) return;
  const path = 'conversations/' + chat.id + '/read' + (state.topic ? '?topic_id=' + state.topic : '');
  window.clearTimeout(readTimer);
  readTimer = window.setTimeout(() => { api('POST', path).catch(() => undefined); }, 300);
}

async function loadOlder() {
  const chat = state.chat;
  const first = [...state.messages.keys()].sort((a, b) => a - b)[0];
  if (!chat || !state.hasOlder || state.loadingOlder || first === undefined) return;
  state.loadingOlder = true;
  older.textContent = 'Loading older messages…';
  const mine = state.loads;
  try {
    const before = await page(chat.id, state.topic, first);
    if (mine !== state.loads) return;
    before.messages.forEach((m) => state.messages.set(m.id, m));
    state.hasOlder = before.has_older;
    draw('prepend');
  } catch (error) {
    older.textContent = "Couldn't load older messages: " + messageOf(error);
  } finally {
    state.loadingOlder = false;
  }
}

async function loadNewer() {
  const chat = state.chat;
  const last = [...state.messages.keys()].sort((a, b) => b - a)[0];
  if (!chat || !state.hasNewer || state.loadingNewer || last === undefined) return;
  state.loadingNewer = true;
  const mine = state.loads;
  try {
    const newer = /** @type {ConversationPage} */ (await api('GET', 'conversations/' + chat.id + '/messages?limit=50&after=' + last));
    if (mine !== state.loads) return;
    newer.messages.forEach((m) => state.messages.set(m.id, m));
    state.hasNewer = newer.has_newer;
    draw('keep');
    if (!state.hasNewer) markRead();
  } catch (error) {
    toast("Couldn't load newer messages: " + messageOf(error));
  } finally {
    state.loadingNewer = false;
  }
}

/**
 * Redraws the list. `bottom`: scroll to the newest; `prepend`: older ones were added above
 * (the view stays where it was); `keep`: leave the scroll position.
 * @param {'bottom' | 'prepend' | 'keep'} scroll
 */
function draw(scroll) {
  // A chosen message deleted meanwhile is no longer chosen (choosing loaded the actions).
  if (state.selected) actions().then((m) => m?.keepChosen(conversation));
  const fromBottom = box.scrollHeight - box.scrollTop;
  const focus = focusedControl();
  // A player started in a bubble keeps playing: it moves into the bubble's new copy.
  const players = [...list.querySelectorAll('li[data-id] .player')];
  const sorted = [...state.messages.values()].sort((a, b) => a.id - b.id);
  /** @type {HTMLLIElement[]} */
  const rows = [];
  /** @type {ChatMessage | null} */
  let previous = null;
  for (const m of sorted) {
    const date = new Date(m.date);
    if (!previous || new Date(previous.date).toDateString() !== date.toDateString()) {
      rows.push(el('li', {class: 'day'}, el('span', {text: dayLabel(date)})));
      previous = null;
    }
    const grouped = previous !== null && !previous.service_line && !m.service_line && previous.sender.id === m.sender.id
      && date.getTime() - new Date(previous.date).getTime() < 5 * 60000;
    rows.push(bubble(m, grouped));
    previous = m;
  }
  list.replaceChildren(...rows);
  for (const player of players) {
    const id = player.closest('li')?.id ?? '';
    document.getElementById(id)?.querySelector('[data-play]')?.replaceWith(player);
  }
  focus?.();
  older.textContent = state.hasOlder ? '' : sorted.length ? (state.topic ? 'The start of the topic.' : 'The start of the chat.') : 'No messages yet.';
  if (scroll === 'bottom') { box.scrollTop = box.scrollHeight; state.unseen = 0; }
  if (scroll === 'prepend') box.scrollTop = box.scrollHeight - fromBottom;
  showJump();
}

const controls = 'a[href], button, input, audio, video, [tabindex="0"]';
/**
 * The control in a bubble that has the focus, as a way to focus its copy after a redraw (a live
 * event redraws the list: a ✕ or a reaction reached by keyboard keeps the focus). Null when the
 * focus is elsewhere.
 * @returns {(() => void) | null}
 */
function focusedControl() {
  const focused = document.activeElement;
  const row = focused instanceof HTMLElement && list.contains(focused) ? focused.closest('li[data-id]') : null;
  if (!(row instanceof HTMLElement) || !(focused instanceof HTMLElement)) return null;
  // Found again by what it does (its first data- attribute: the ✕, a reaction, the ⋯), else by its place.
  const [key, value] = Object.entries(focused.dataset)[0] ?? [];
  const same = key ? '[data-' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()) + '="' + CSS.escape(value ?? '') + '"]' : null;
  const index = [...row.querySelectorAll(controls)].indexOf(focused);
  return () => {
    const copy = document.getElementById(row.id);
    const again = (same ? copy?.querySelector(same) : null) ?? (index < 0 ? null : copy?.querySelectorAll(controls)[index]);
    if (again instanceof HTMLElement) again.focus({preventScroll: true});
  };
}

function showJump() {
  jump.hidden = atBottom() && !state.hasNewer;
  byId('jump-text', HTMLSpanElement).textContent = state.unseen > 0 ? state.unseen + ' new' : 'Latest';
  jump.setAttribute('aria-label', state.unseen > 0 ? 'Jump to the latest message, ' + state.unseen + ' new' : 'Jump to the latest message');
}

/**
 * One message: a service line, or a bubble with its parts and the actions button.
 * @param {ChatMessage} m
 * @param {boolean} grouped the same sender as the one above, shortly before
 */
function bubble(m, grouped) {
  if (m.service_line) return el('li', {class: 'service', id: 'm' + m.id, 'data-id': String(m.id)}, el('span', {text: m.service_line}));
  const showName = !m.is_outgoing && !grouped && state.chat?.kind !== 'private';
  const media = m.media ? mediaPart(m, m.media) : null;
  const body = m.text ? el('div', {class: 'text', dir: 'auto'}, safeFragment(m.html)) : null;
  const time = el('time', {datetime: m.date, text: clock(new Date(m.date))});
  const picked = state.selected?.has(m.id) ?? false;
  return el('li', {class: 'msg ' + (m.is_outgoing ? 'out' : 'in') + (grouped ? ' cont' : '') + (picked ? ' picked' : ''), id: 'm' + m.id, 'data-id': String(m.id)},
    state.selected && !m.sending_state ? el('input', {type: 'checkbox', class: 'pick', 'data-select': String(m.id), checked: picked,
      'aria-label': 'Select: ' + (m.is_outgoing ? 'You' : m.sender.name) + ', ' + clock(new Date(m.date))}) : null,
    el('div', {class: 'bubble'},
      showName ? (m.sender.is_chat ? el('p', {class: 'who', dir: 'auto', text: m.sender.name})
        : el('p', {class: 'who'}, el('button', {type: 'button', class: 'who-button', dir: 'auto', 'data-profile': String(m.sender.id),
          'aria-label': m.sender.name + ': profile', text: m.sender.name})))
        : el('span', {class: 'sr-only', text: (m.is_outgoing ? 'You' : m.sender.name) + ':'}),
      m.forwarded_from ? el('p', {class: 'fwd', text: 'Forwarded from ' + m.forwarded_from}) : null,
      m.reply_to ? el('a', {class: 'reply-head', href: '#m' + m.reply_to.message_id, 'data-goto': String(m.reply_to.message_id)},
        el('strong', {text: m.reply_to.sender_name ?? 'Reply'}), el('span', {text: m.reply_to.snippet})) : null,
      media, m.upload ? uploading(m, m.upload) : null, body,
      el('p', {class: 'info'}, m.is_pinned ? el('span', {class: 'pinned-mark', role: 'img', 'aria-label': 'Pinned', text: '📌'}) : null,
        m.edit_date ? el('span', {class: 'edited', text: 'edited'}) : null, time, ticks(m)),
      reactions.reactionRow(m, !m.sending_state)),
    el('button', {type: 'button', class: 'more', 'data-actions': String(m.id), 'aria-label': 'Actions for this message', text: '⋯'}));
}

/**
 * A message's media: a photo's thumbnail opens it full size, a sticker shows, a voice message,
 * audio or video plays in the page from a button, any other file is a download link.
 * @param {ChatMessage} m
 * @param {NonNullable<ChatMessage['media']>} media
 */
function mediaPart(m, media) {
  const file = media.file;
  const url = '/api/conversations/' + m.chat_id + '/messages/' + m.id + '/file';
  const label = el('span', {class: 'label', text: media.label});
  // A spoiler stays blurred (its sharp thumbnail is not fetched) until it is opened.
  const sharp = media.has_spoiler ? undefined : media.thumbnail_file_id;
  const preview = media.minithumbnail || sharp ? thumbnail(media.minithumbnail, sharp) : null;
  // Self-destructing media opens only in Telegram's phone apps: its preview and why.
  if (media.is_secret) return el('div', {class: 'media'}, preview, label, el('span', {class: 'meta', text: 'It deletes itself once viewed: open it in Telegram on your phone.'}));
  if (!file) return el('div', {class: 'media'}, preview, label);
  if (media.kind === 'sticker') return el('div', {class: 'media'}, el('img', {class: 'sticker', src: url, alt: media.label, width: '160', height: '160', loading: 'lazy'}));
  if (media.kind === 'photo') {
    return el('div', {class: 'media'}, el('button', {type: 'button', class: 'open-media', 'data-view': String(m.id),
      'aria-label': media.has_spoiler ? 'Show the spoiler photo' : 'Open the photo full size'}, preview ?? '🙈'), label);
  }
  if (['voiceNote', 'audio', 'video', 'videoNote', 'animation'].includes(media.kind)) {
    // A voice or video note not played yet has Telegram's dot.
    const fresh = media.is_played === false;
    return el('div', {class: 'media'}, preview, el('button', {type: 'button', class: fresh ? 'play fresh' : 'play', 'data-play': String(m.id),
      text: '▶ ' + media.label, title: fresh ? 'Not played yet' : null, 'aria-label': fresh ? media.label + ', not played yet' : null}));
  }
  return el('div', {class: 'media'}, preview, el('a', {class: 'file', href: url + '?download=true', download: file.name,
    text: '📎 ' + file.name + (file.size ? ' · ' + byteSize(file.size) : '')}));
}

/**
 * @param {string | undefined} blurred base64 JPEG
 * @param {number | undefined} fileID
 */
function thumbnail(blurred, fileID) {
  const img = el('img', {class: 'thumb' + (fileID ? '' : ' blurred'), alt: '', width: '240', height: '180', decoding: 'async',
    src: blurred ? 'data:image/jpeg;base64,' + blurred : null});
  if (fileID) {
    const full = new Image();
    full.onload = () => { img.src = full.src; img.classList.remove('blurred'); };
    if (blurred) img.classList.add('blurred');
    full.src = '/api/files/' + fileID + '/thumbnail';
  }
  return img;
}

/**
 * A file on its way up: how far it is (moved by `upload` events), and ✕ to stop sending it.
 * @param {ChatMessage} m
 * @param {NonNullable<ChatMessage['upload']>} u
 */
function uploading(m, u) {
  const name = m.media?.file?.name ?? 'the file';
  return el('div', {class: 'upload'}, el('progress', {max: String(u.total_bytes), value: String(u.sent_bytes), 'aria-label': 'Sending ' + name}),
    el('span', {text: uploaded(u)}),
    el('button', {type: 'button', class: 'cancel-send', 'data-cancel-send': String(m.id), 'aria-label': 'Stop sending ' + name, text: '✕'}));
}


/** @param {ChatMessage} m */
function ticks(m) {
  if (!m.is_outgoing) return null;
  if (m.sending_state === 'pending') return el('span', {class: 'ticks', role: 'img', 'aria-label': 'Sending', text: '🕓'});
  if (m.sending_state === 'failed') return el('span', {class: 'ticks failed', text: '⚠ ' + (m.failure_reason ?? 'Not sent')});
  return el('span', {class: 'ticks' + (m.is_read ? ' read' : ''), role: 'img', 'aria-label': m.is_read ? 'Read' : 'Sent', text: m.is_read ? '✓✓' : '✓'});
}

/**
 * The composer's banner: replying to or editing a message (null: neither).
 * @param {{kind: 'reply' | 'edit', message: ChatMessage} | null} mode
 */
function setMode(mode) {
  const wasEdit = state.mode?.kind === 'edit';
  state.mode = mode;
  banner.hidden = mode === null;
  if (mode) {
    const who = mode.message.is_outgoing ? 'yourself' : mode.message.sender.name;
    byId('composer-banner-text', HTMLParagraphElement).textContent = (mode.kind === 'reply' ? 'Replying to ' + who + ': ' : 'Editing: ')
      + (mode.message.text || mode.message.media?.label || '').slice(0, 120);
    byId('composer-cancel', HTMLButtonElement).setAttribute('aria-label', mode.kind === 'reply' ? 'Cancel the reply' : 'Cancel the edit');
    if (mode.kind === 'edit') text.value = mode.message.text;
    text.focus();
  } else if (wasEdit) {
    text.value = '';
  }
  byId('composer-send', HTMLButtonElement).textContent = mode?.kind === 'edit' ? 'Save' : 'Send';
  autosize();
}

// The composer's text is the chat's cloud draft: saved a moment after typing stops (and when
// the chat is left), so it follows the user to their other Telegram apps; a draft typed
// elsewhere fills an empty composer when the chat opens. A send clears it (TDLib's clear_draft).
const draft = {chat: 0, topic: 0, saved: '', timer: 0};

/** @param {ChatSummary} chat */
function restoreDraft(chat) {
  draft.chat = chat.id;
  draft.topic = state.topic;
  // A forum topic's draft is its own, carried by the topic (loaded with the topic bar).
  const saved = state.topic ? topics.draftOf(state.topic) : chat.draft ?? '';
  draft.saved = saved;
  if (!text.value && !state.mode && saved) { text.value = saved; autosize(); }
}

/** Saves the composer's text as the open chat's draft, if it changed since the last save. */
function saveDraft() {
  window.clearTimeout(draft.timer);
  if (!draft.chat || state.mode?.kind === 'edit' || text.value === draft.saved) return;
  const value = text.value;
  /** @type {{text: string, topic_id?: number}} */
  const body = {text: value};
  if (draft.topic) body.topic_id = draft.topic;
  draft.saved = value;
  api('PUT', 'conversations/' + draft.chat + '/draft', body).catch(() => { draft.saved = ''; });
}

function autosize() {
  text.style.height = 'auto';
  text.style.height = Math.min(text.scrollHeight + 2, 200) + 'px';
}

async function submit() {
  const chat = state.chat;
  const value = text.value;
  const files = attaching && (await attaching).pending() ? await attaching : null;
  if (!chat || (!value.trim() && !files)) return;
  const mode = state.mode;
  const send = byId('composer-send', HTMLButtonElement);
  send.disabled = true;
  try {
    if (files && mode?.kind !== 'edit') {
      const reply = /** @type {{messages: ChatMessage[]}} */ (await files.send(chat.id, value, mode?.kind === 'reply' ? mode.message.id : undefined, state.topic));
      text.value = '';
      setMode(null);
      // On their way (unless the chat changed, or an event told their fate: then ask again).
      if (state.hasNewer) latest();
      else if (state.chat?.id === chat.id && reply.messages.every((m) => !state.messages.has(m.id))) {
        reply.messages.forEach((m) => state.messages.set(m.id, m));
        draw('bottom');
      } else refresh();
    } else if (mode?.kind === 'edit') {
      const edited = /** @type {ChatMessage} */ (await api('PATCH', 'conversations/' + chat.id + '/messages/' + mode.message.id, {text: value}));
      state.messages.set(edited.id, edited);
      setMode(null);
      draw('keep');
    } else {
      /** @type {{text: string, reply_to?: number, topic_id?: number, clear_draft: boolean}} */
      const body = {text: value, clear_draft: true};
      if (mode?.kind === 'reply') body.reply_to = mode.message.id;
      if (state.topic) body.topic_id = state.topic;
      window.clearTimeout(draft.timer);
      const sent = /** @type {ChatMessage} */ (await api('POST', 'conversations/' + chat.id + '/messages', body));
      presence.stopped();
      text.value = '';
      draft.saved = '';
      setMode(null);
      if (state.hasNewer) latest();
      else { state.messages.set(sent.id, sent); draw('bottom'); }
    }
  } catch (error) {
    toast(error instanceof ApiError ? error.message : messageOf(error, 'Not sent.'));
  } finally {
    send.disabled = false;
    autosize();
  }
}

byId('composer', HTMLFormElement).addEventListener('submit', (event) => { event.preventDefault(); submit(); });

/** @type {Promise<typeof import('./attach.js')> | null} */
let attaching = null;
/** @param {File[] | null} files none: the file picker */
async function attach(files) {
  try { (await (attaching ??= import('./attach.js'))).add(files); } catch (error) { attaching = null; toast(messageOf(error)); }
}
byId('composer-attach', HTMLButtonElement).addEventListener('click', () => attach(null));
text.addEventListener('paste', (event) => { const f = event.clipboardData?.files; if (f?.length) { event.preventDefault(); attach([...f]); } });
// A file dropped anywhere on the page joins the tray (never opens in the tab, losing it).
document.addEventListener('dragover', (event) => { if (state.chat && event.dataTransfer?.types.includes('Files')) event.preventDefault(); });
document.addEventListener('drop', (event) => { const f = event.dataTransfer?.files; if (state.chat && f?.length) { event.preventDefault(); attach([...f]); } });
text.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) { event.preventDefault(); submit(); }
  if (event.key === 'Escape' && state.mode) setMode(null);
});
window.addEventListener('pagehide', saveDraft);
text.addEventListener('input', () => {
  autosize();
  if (state.chat && state.mode?.kind !== 'edit') presence.typed(state.chat.id, state.topic, text.value);
  window.clearTimeout(draft.timer);
  draft.timer = window.setTimeout(saveDraft, 1500);
});
byId('composer-cancel', HTMLButtonElement).addEventListener('click', () => setMode(null));
box.addEventListener('scroll', () => {
  if (box.scrollTop < 300) loadOlder();
  if (box.scrollHeight - box.scrollTop - box.clientHeight < 300) loadNewer();
  if (atBottom() && state.unseen) { state.unseen = 0; markRead(); }
  showJump();
}, {passive: true});
jump.addEventListener('click', () => {
  if (state.hasNewer) { latest(); return; }
  box.scrollTop = box.scrollHeight; state.unseen = 0; showJump(); markRead(); text.focus();
});

list.addEventListener('click', async (event) => {
  const target = eventElement(event);
  // Choosing messages: a click on a bubble (not on its links or buttons) ticks its box.
  const row = state.selected && !target?.closest('a, button, input, audio, video') ? target?.closest('li.msg') : null;
  const box = row?.querySelector('.pick');
  if (box instanceof HTMLInputElement) { box.click(); return; }
  const pick = target?.closest('[data-select]');
  if (pick instanceof HTMLInputElement) { (await actions())?.pick(conversation, Number(pick.dataset['select']), pick.checked); return; }
  const goto = target?.closest('[data-goto]');
  if (goto instanceof HTMLElement) {
    event.preventDefault();
    show(Number(goto.dataset['goto']));
    return;
  }
  const person = target?.closest('[data-profile]');
  if (person instanceof HTMLElement) { showProfile(Number(person.dataset['profile'])); return; }
  const cancel = target?.closest('[data-cancel-send]');
  if (cancel instanceof HTMLButtonElement) { (await (attaching ??= import('./attach.js'))).cancelSending(cancel, state.chat?.id ?? 0); return; }
  const opened = target?.closest('[data-view], [data-play]');
  if (opened instanceof HTMLButtonElement) { await openMedia(opened); return; }
  const reaction = target?.closest('[data-react]');
  if (reaction instanceof HTMLButtonElement) {
    const message = state.messages.get(Number(reaction.dataset['message']));
    if (message) await (await actions())?.react(conversation, message, reaction.dataset['react'] ?? '', reaction.getAttribute('aria-pressed') !== 'true', reaction);
    return;
  }
  const button = target?.closest('[data-actions]');
  if (!(button instanceof HTMLButtonElement)) return;
  const message = state.messages.get(Number(button.dataset['actions']));
  if (message) await (await actions())?.act(conversation, message, button);
});

// A message's ⋯ and its reaction chips: message-actions.js, loaded on first use.
/** @type {import('./message-actions.js').Conversation} */
const conversation = {
  chat: () => state.chat,
  message: (id) => state.messages.get(id),
  update(message) { if (state.messages.has(message.id)) { state.messages.set(message.id, message); draw('keep'); } },
  remove(ids) { for (const id of ids) state.messages.delete(id); draw('keep'); },
  setMode,
  composer: text,
  selected: () => state.selected,
  select,
};

/**
 * Starts (a set), changes or ends (null) the choosing of messages: the boxes beside the
 * bubbles, and the bar with Forward and Delete in place of the composer.
 * @param {Set<number> | null} ids
 */
function select(ids) {
  const was = state.selected !== null;
  state.selected = ids;
  byId('select-bar', HTMLDivElement).hidden = !ids;
  byId('composer', HTMLFormElement).hidden = Boolean(ids);
  if (was || ids) draw('keep');
}


/** @type {Promise<typeof import('./message-actions.js')> | null} */
let acting = null;
async function actions() {
  try {
    return await (acting ??= import('./message-actions.js'));
  } catch (error) {
    acting = null;  // a script that failed to load is asked for again next time
    toast(messageOf(error, 'That could not be loaded.'));
    return null;
  }
}

// The profile dialog's script loads when first used: a conversation opens without it.
/** @type {Promise<typeof import('./profile.js')> | null} */
let profiling = null;

/** @type {Promise<typeof import('./media.js')> | null} */
let viewing = null;

/**
 * Shows a photo full size or plays a message's media in place (media.js loads on first use).
 * @param {HTMLButtonElement} button
 */
async function openMedia(button) {
  const message = state.messages.get(Number(button.dataset['view'] ?? button.dataset['play']));
  if (!message?.media) return;
  try {
    (await (viewing ??= import('./media.js'))).open(button, message.chat_id, message.id, message.media);
  } catch (error) {
    viewing = null;
    toast(messageOf(error, 'The media viewer could not be loaded.'));
  }
}

/**
 * Opens the profile of a chat, or of a person by their user id.
 * @param {number} id
 */
async function showProfile(id) {
  try {
    (await (profiling ??= import('./profile.js'))).show(id);
  } catch (error) {
    profiling = null;
    toast(messageOf(error, 'The profile could not be loaded.'));
  }
}

pins.onJump((id) => show(id));
byId('info-open', HTMLButtonElement).addEventListener('click', () => { if (state.chat) showProfile(state.chat.id); });

// Templates sent into this chat: pick-template.js, loaded on the first ⚡.
/** @type {Promise<typeof import('./pick-template.js')> | null} */
let picking = null;
byId('templates-open', HTMLButtonElement).addEventListener('click', async () => {
  const chat = state.chat;
  if (!chat) return;
  try {
    await (await (picking ??= import('./pick-template.js'))).open(chat.id, state.topic, refresh);
  } catch (error) {
    picking = null;
    toast(messageOf(error));
  }
  text.focus();
});
