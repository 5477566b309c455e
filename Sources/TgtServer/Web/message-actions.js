// What a message's ⋯ offers (reply, react, forward, pin, edit, copy, delete) and what its
// reaction chips do (docs/dashboard.md). conversation.js loads it on first use: a conversation
// opens without it.
import {api, byId, messageOf, openDialog, toast} from './app.js';
import * as pins from './pins.js';
import * as reactions from './reactions.js';

/** @typedef {import('./types').ChatMessage} ChatMessage */
/** @typedef {import('./types').ChatSummary} ChatSummary */

/**
 * What the actions need of the open conversation: its chat (null: none open), a message shown
 * in it, a changed message to redraw, deleted ones to drop, the composer's mode and text field,
 * and the messages chosen together (null: not choosing; `select` starts, changes or ends it).
 * @typedef {{chat: () => ChatSummary | null, message: (id: number) => ChatMessage | undefined, update: (message: ChatMessage) => void,
 *   remove: (ids: number[]) => void, setMode: (mode: {kind: 'reply' | 'edit', message: ChatMessage} | null) => void,
 *   composer: HTMLTextAreaElement, selected: () => Set<number> | null, select: (ids: Set<number> | null) => void}} Conversation
 */

// The forward dialog's script loads when first used.
/** @type {Promise<typeof import('./forward.js')> | null} */
let forwarding = null;

/**
 * The actions of one message: reply, edit (your text messages), copy, delete.
 * @param {Conversation} conv
 * @param {ChatMessage} message
 * @param {HTMLButtonElement} button
 */
export async function act(conv, message, button) {
  const chat = conv.chat();
  const canWrite = chat?.can_write ?? false;
  byId('actions-text', HTMLParagraphElement).textContent = (message.is_outgoing ? 'You' : message.sender.name) + ': '
    + (message.text || message.media?.label || '').slice(0, 200);
  byId('action-edit', HTMLButtonElement).hidden = !(canWrite && message.is_outgoing && !message.media && !message.sending_state);
  const replyButton = document.querySelector('#actions-dialog button[value=reply]');
  if (replyButton instanceof HTMLButtonElement) replyButton.hidden = !canWrite || message.sending_state !== undefined;
  const sent = message.sending_state === undefined;
  byId('action-select', HTMLButtonElement).hidden = !sent;
  byId('action-react', HTMLButtonElement).hidden = !sent || chat?.kind === 'secret';
  byId('action-forward', HTMLButtonElement).hidden = !sent || !!message.service_line;
  const pin = byId('action-pin', HTMLButtonElement);
  pin.hidden = !sent || chat?.kind === 'secret';
  pin.textContent = message.is_pinned ? 'Unpin' : 'Pin';
  const choice = await openDialog(byId('actions-dialog', HTMLDialogElement));
  if (choice === 'reply') conv.setMode({kind: 'reply', message});
  else if (choice === 'react') await pickReaction(conv, message, button);
  else if (choice === 'forward') await forwardAll(conv, [message], button);
  else if (choice === 'pin') await togglePin(conv, message, button);
  else if (choice === 'edit') conv.setMode({kind: 'edit', message});
  else if (choice === 'copy') { navigator.clipboard?.writeText(message.text).then(() => toast('Copied.'), () => toast("Couldn't copy.")); button.focus(); }
  else if (choice === 'delete') await remove(conv, [message], button);
  else if (choice === 'select') startChoosing(conv, message);
  else button.focus();
}

/** The most messages one forward or deletion takes (the API's limit). */
const maxChosen = 100;

/** The conversation whose messages are being chosen (the bar's buttons act on it). */
/** @type {Conversation | null} */
let choosing = null;

/**
 * Starts choosing messages to forward or delete together, with `message` ticked.
 * @param {Conversation} conv
 * @param {ChatMessage} message
 */
function startChoosing(conv, message) {
  if ((conv.selected()?.size ?? 0) >= maxChosen) { toast('At most ' + maxChosen + ' messages at a time.'); return; }
  choosing = conv;
  conv.select(new Set([...conv.selected() ?? [], message.id]));
  counted(conv);
  const box = document.querySelector('#m' + message.id + ' .pick');
  if (box instanceof HTMLElement) { box.focus({preventScroll: true}); box.closest('li')?.scrollIntoView({block: 'nearest'}); }
}

/**
 * Ticks or unticks a message's box; the last one unticked ends the choosing.
 * @param {Conversation} conv
 * @param {number} id
 * @param {boolean} on
 */
export function pick(conv, id, on) {
  const ids = conv.selected();
  if (!ids) return;
  if (on && ids.size >= maxChosen) {
    const box = document.querySelector('#m' + id + ' .pick');
    if (box instanceof HTMLInputElement) box.checked = false;
    toast('At most ' + maxChosen + ' messages at a time.');
    return;
  }
  if (on) ids.add(id); else ids.delete(id);
  document.getElementById('m' + id)?.classList.toggle('picked', on);
  if (ids.size === 0) { conv.select(null); conv.composer.focus(); return; }
  counted(conv);
}

/**
 * The chosen messages still shown, oldest first.
 * @returns {ChatMessage[]}
 */
function chosen() {
  const conv = choosing;
  /** @type {ChatMessage[]} */
  const found = [];
  for (const id of [...conv?.selected() ?? []].sort((a, b) => a - b)) {
    const m = conv?.message(id);
    if (m) found.push(m);
  }
  return found;
}

/** @param {Conversation} conv */
function counted(conv) {
  const n = conv.selected()?.size ?? 0;
  byId('select-count', HTMLSpanElement).textContent = n === 1 ? '1 message selected' : n + ' messages selected';
}

/**
 * After a redraw: a chosen message deleted meanwhile (here or elsewhere) is no longer chosen,
 * and when none is left the choosing ends.
 * @param {Conversation} conv
 */
export function keepChosen(conv) {
  const ids = conv.selected();
  if (!ids) return;
  for (const id of ids) if (!conv.message(id)) ids.delete(id);
  if (ids.size) counted(conv); else conv.select(null);
}

function stopChoosing() {
  choosing?.select(null);
  choosing?.composer.focus();
  choosing = null;
}

byId('select-cancel', HTMLButtonElement).addEventListener('click', stopChoosing);
byId('select-forward', HTMLButtonElement).addEventListener('click', async (event) => {
  const conv = choosing;
  const messages = chosen();
  if (conv && messages.length && await forwardAll(conv, messages, /** @type {HTMLButtonElement} */ (event.currentTarget))) stopChoosing();
});
byId('select-delete', HTMLButtonElement).addEventListener('click', async (event) => {
  const conv = choosing;
  const messages = chosen();
  if (conv && messages.length && await remove(conv, messages, /** @type {HTMLButtonElement} */ (event.currentTarget))) stopChoosing();
});
// Escape ends the choosing (a dialog's Escape closes the dialog only).
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && choosing?.selected() && !document.querySelector('dialog[open]')) stopChoosing();
});

/**
 * Pins or unpins a message (asking "for both of you?" in a private chat) and redraws it.
 * @param {Conversation} conv
 * @param {ChatMessage} message
 * @param {HTMLButtonElement} button
 */
async function togglePin(conv, message, button) {
  const chat = conv.chat();
  if (!chat) return;
  try {
    if (await pins.toggle(chat, message)) {
      const current = conv.message(message.id);
      if (current && conv.chat() === chat) conv.update({...current, is_pinned: !message.is_pinned});
      toast(message.is_pinned ? 'Unpinned.' : 'Pinned.');
    }
  } catch (error) {
    toast(messageOf(error, message.is_pinned ? 'Not unpinned.' : 'Not pinned.'));
  }
  const again = document.querySelector('#m' + message.id + ' [data-actions]');
  (again instanceof HTMLElement ? again : button).focus();
}

/**
 * Forwards messages (oldest first) to a chat or topic chosen in the dialog. True when they went.
 * @param {Conversation} conv
 * @param {ChatMessage[]} messages
 * @param {HTMLButtonElement} button
 */
async function forwardAll(conv, messages, button) {
  const chat = conv.chat();
  if (!chat) return false;
  let done = false;
  try {
    const to = await (await (forwarding ??= import('./forward.js'))).forward(chat.id, messages);
    if (to !== null) toast((messages.length === 1 ? 'Forwarded to ' : 'Forwarded ' + messages.length + ' messages to ') + to + '.');
    done = to !== null;
  } catch (error) {
    forwarding = null;  // a script that failed to load is asked for again next time
    toast(messageOf(error, 'Not forwarded.'));
  }
  if (!done) button.focus();
  return done;
}

/**
 * The reaction picker for a message, then the change it asks for.
 * @param {Conversation} conv
 * @param {ChatMessage} message
 * @param {HTMLButtonElement} button
 */
async function pickReaction(conv, message, button) {
  const chat = conv.chat();
  if (!chat) return;
  /** @type {string | null} */
  let emoji;
  try {
    emoji = await reactions.pick(chat.id, message);
  } catch (error) {
    toast(messageOf(error, 'Reactions are not available.'));
    button.focus();
    return;
  }
  if (emoji === null) { button.focus(); return; }
  const mine = message.reactions.some((r) => r.key === emoji && r.is_chosen);
  await react(conv, message, emoji, !mine, button);
}

/**
 * Adds or takes back one of your reactions and redraws the bubble with the answer.
 * @param {Conversation} conv
 * @param {ChatMessage} message
 * @param {string} key
 * @param {boolean} chosen
 * @param {HTMLElement} from where the focus goes back to
 */
export async function react(conv, message, key, chosen, from) {
  const chat = conv.chat();
  if (!chat) return;
  try {
    const now = await reactions.setReaction(chat.id, message.id, key, chosen);
    const current = conv.message(message.id);
    if (current && conv.chat() === chat) conv.update({...current, reactions: now});
    const again = document.querySelector('#m' + message.id + ' [data-react="' + CSS.escape(key) + '"]') ?? document.querySelector('#m' + message.id + ' [data-actions]');
    (again instanceof HTMLElement ? again : from).focus();
  } catch (error) {
    toast(messageOf(error, chosen ? 'Reaction not added.' : 'Reaction not taken back.'));
  }
}

/**
 * Deletes messages after a confirmation (for everyone, when all are yours and it is ticked), all
 * or none. True when they went.
 * @param {Conversation} conv
 * @param {ChatMessage[]} messages
 * @param {HTMLButtonElement} button
 */
async function remove(conv, messages, button) {
  const chat = conv.chat();
  const first = messages[0];
  if (!chat || !first) return false;
  const one = messages.length === 1;
  byId('delete-title', HTMLHeadingElement).textContent = one ? 'Delete this message?' : 'Delete ' + messages.length + ' messages?';
  byId('delete-text', HTMLParagraphElement).textContent = one ? (first.is_outgoing ? 'You' : first.sender.name) + ': '
    + (first.text || first.media?.label || '').slice(0, 200) : '';
  const forAll = byId('delete-for-all', HTMLInputElement);
  // In a supergroup, forum or channel every deletion is for everyone (an admin's of others' messages too): said, ticked, fixed.
  const groupWide = ['supergroup', 'forum', 'channel'].includes(chat.kind);
  byId('delete-all-text', HTMLSpanElement).textContent = groupWide ? 'For everyone (in this chat, a deletion always is)'
    : one ? 'Also delete it for everyone' : 'Also delete them for everyone';
  forAll.checked = groupWide;
  forAll.disabled = groupWide;
  byId('delete-all-row', HTMLLabelElement).hidden = !groupWide && (!messages.every((m) => m.is_outgoing) || chat.kind === 'saved');
  if (await openDialog(byId('delete-dialog', HTMLDialogElement)) !== 'ok') { button.focus(); return false; }
  try {
    await api('POST', 'conversations/' + chat.id + '/delete', {message_ids: messages.map((m) => m.id), for_all: forAll.checked});
    if (conv.chat() === chat) conv.remove(messages.map((m) => m.id));
    toast((one ? 'Deleted' : 'Deleted ' + messages.length + ' messages') + (forAll.checked ? ' for everyone.' : '.'));
    conv.composer.focus();
    return true;
  } catch (error) {
    toast(messageOf(error, 'Not deleted.'));
    button.focus();
    return false;
  }
}
