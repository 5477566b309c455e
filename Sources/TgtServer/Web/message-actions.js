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
 * in it, a changed message to redraw, a deleted one to drop, the composer's mode and text field.
 * @typedef {{chat: () => ChatSummary | null, message: (id: number) => ChatMessage | undefined, update: (message: ChatMessage) => void,
 *   remove: (id: number) => void, setMode: (mode: {kind: 'reply' | 'edit', message: ChatMessage} | null) => void,
 *   composer: HTMLTextAreaElement}} Conversation
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
  byId('action-react', HTMLButtonElement).hidden = !sent || chat?.kind === 'secret';
  byId('action-forward', HTMLButtonElement).hidden = !sent || !!message.service_line;
  const pin = byId('action-pin', HTMLButtonElement);
  pin.hidden = !sent || chat?.kind === 'secret';
  pin.textContent = message.is_pinned ? 'Unpin' : 'Pin';
  const choice = await openDialog(byId('actions-dialog', HTMLDialogElement));
  if (choice === 'reply') conv.setMode({kind: 'reply', message});
  else if (choice === 'react') await pickReaction(conv, message, button);
  else if (choice === 'forward') await forwardOne(conv, message, button);
  else if (choice === 'pin') await togglePin(conv, message, button);
  else if (choice === 'edit') conv.setMode({kind: 'edit', message});
  else if (choice === 'copy') { navigator.clipboard?.writeText(message.text).then(() => toast('Copied.'), () => toast("Couldn't copy.")); button.focus(); }
  else if (choice === 'delete') await remove(conv, message, button);
  else button.focus();
}

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
 * Forwards a message to a chat (or topic) chosen in the dialog.
 * @param {Conversation} conv
 * @param {ChatMessage} message
 * @param {HTMLButtonElement} button
 */
async function forwardOne(conv, message, button) {
  const chat = conv.chat();
  if (!chat) return;
  try {
    const to = await (await (forwarding ??= import('./forward.js'))).forward(chat.id, message);
    if (to !== null) toast('Forwarded to ' + to + '.');
  } catch (error) {
    forwarding = null;  // a script that failed to load is asked for again next time
    toast(messageOf(error, 'Not forwarded.'));
  }
  button.focus();
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
 * Deletes a message after a confirmation (for everyone: your messages, when ticked).
 * @param {Conversation} conv
 * @param {ChatMessage} message
 * @param {HTMLButtonElement} button
 */
async function remove(conv, message, button) {
  const chat = conv.chat();
  if (!chat) return;
  byId('delete-text', HTMLParagraphElement).textContent = (message.is_outgoing ? 'You' : message.sender.name) + ': '
    + (message.text || message.media?.label || '').slice(0, 200);
  const forAll = byId('delete-for-all', HTMLInputElement);
  forAll.checked = false;
  byId('delete-all-row', HTMLLabelElement).hidden = !message.is_outgoing || chat.kind === 'saved';
  if (await openDialog(byId('delete-dialog', HTMLDialogElement)) !== 'ok') { button.focus(); return; }
  try {
    await api('DELETE', 'conversations/' + chat.id + '/messages/' + message.id + (forAll.checked ? '?for_all=true' : ''));
    if (conv.chat() === chat) conv.remove(message.id);
    toast(forAll.checked ? 'Deleted for everyone.' : 'Deleted.');
    conv.composer.focus();
  } catch (error) {
    toast(messageOf(error, 'Not deleted.'));
  }
}
