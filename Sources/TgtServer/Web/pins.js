// Pinned messages of the open conversation (conversation.js opens and refreshes it): the bar
// at the top shows the newest pinned message ("Pinned message 1 of 3" and a snippet); a
// click jumps to it and the bar moves on to the next older one, round again after the oldest,
// as Telegram's does. Pin and unpin from a bubble's actions (GET /api/conversations/{id}/pinned,
// PUT/DELETE …/messages/{id}/pin); in a private chat pinning asks whether for both of you.
import {api, byId, openDialog} from './app.js';

/** @typedef {import('./types').ChatMessage} ChatMessage */
/** @typedef {import('./types').ChatSummary} ChatSummary */

const bar = byId('pinned-bar', HTMLButtonElement);
/** @type {{chat: number, list: ChatMessage[], index: number, jump: (id: number) => void}} */
const state = {chat: 0, list: [], index: 0, jump: () => undefined};

/**
 * Where a click on the bar goes (the conversation scrolls to the message, or opens the page around it).
 * @param {(id: number) => void} jump
 */
export function onJump(jump) {
  state.jump = jump;
}

/**
 * Reads the chat's pinned messages and draws the bar (hidden when none). `current` says
 * whether the chat is still the one shown when the answer comes; `focus`, a message the bar
 * should show (one just pinned), else the one it showed stays when still pinned.
 * @param {number} chatID
 * @param {() => boolean} current
 * @param {number} [focus]
 */
export async function load(chatID, current, focus) {
  const reply = /** @type {{messages: ChatMessage[]}} */ (await api('GET', 'conversations/' + chatID + '/pinned'));
  if (!current()) return;
  const shownID = focus ?? (state.chat === chatID ? state.list[state.index]?.id : undefined);
  state.chat = chatID;
  state.list = reply.messages;
  // The same message stays shown after a refresh when it is still pinned.
  const kept = state.list.findIndex((m) => m.id === shownID);
  state.index = kept >= 0 ? kept : 0;
  draw();
}

/** Hides the bar (another chat is opening). */
export function hide() {
  state.chat = 0;
  state.list = [];
  state.index = 0;
  bar.hidden = true;
}

/** Whether a message is pinned, as the last answer said. */
export function isPinned(/** @type {number} */ messageID) {
  return state.list.some((m) => m.id === messageID);
}

function draw() {
  const shown = state.list[state.index];
  bar.hidden = !shown;
  if (!shown) return;
  const count = state.list.length;
  const title = 'Pinned message' + (count > 1 ? ' ' + (state.index + 1) + ' of ' + count : '');
  byId('pinned-title', HTMLElement).textContent = title;
  const snippet = shown.text || shown.media?.label || shown.service_line || '';
  byId('pinned-snippet', HTMLSpanElement).textContent = snippet.slice(0, 140);
  bar.setAttribute('aria-label', title + ': ' + snippet.slice(0, 140) + (count > 1 ? '. Show it; the next click shows the one before.' : '. Show it.'));
}

bar.addEventListener('click', () => {
  const shown = state.list[state.index];
  if (!shown) return;
  state.jump(shown.id);
  if (state.list.length > 1) {
    state.index = (state.index + 1) % state.list.length;
    draw();
  }
});

/**
 * Pins or unpins a message; in a private chat pinning asks first whether for both. True when
 * it changed.
 * @param {ChatSummary} chat
 * @param {ChatMessage} message
 * @returns {Promise<boolean>}
 */
export async function toggle(chat, message) {
  const path = 'conversations/' + chat.id + '/messages/' + message.id + '/pin';
  if (message.is_pinned) {
    await api('DELETE', path);
  } else {
    /** @type {{for_everyone?: boolean}} */
    const body = {};
    if (chat.kind === 'private') {
      byId('pin-everyone-text', HTMLSpanElement).textContent = 'Also pin it for ' + chat.title;
      const everyone = byId('pin-everyone', HTMLInputElement);
      everyone.checked = true;
      if (await openDialog(byId('pin-dialog', HTMLDialogElement)) !== 'ok') return false;
      body.for_everyone = everyone.checked;
    }
    await api('PUT', path, body);
  }
  await load(chat.id, () => true, message.is_pinned ? undefined : message.id);
  return true;
}
