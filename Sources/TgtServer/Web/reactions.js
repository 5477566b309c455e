// Reactions under a message in the open conversation (conversation.js draws the bubbles):
// the row of reactions with their counts, yours marked (a click takes yours back or adds
// that one), and the picker of the chat's allowed reactions
// (GET /api/conversations/{chat}/messages/{id}/reactions). Every change is one POST that
// answers with the message's reactions; others' arrive with the chat's live events.
import {api, byId, el, openDialog} from './app.js';

/** @typedef {import('./types').ChatMessage} ChatMessage */
/** @typedef {import('./types').MessageReaction} MessageReaction */
/** @typedef {import('./types').ReactionChoices} ReactionChoices */

/**
 * The row under a bubble (null when the message has none).
 * @param {ChatMessage} m
 * @param {boolean} canReact whether the buttons may change anything (not while pending)
 */
export function reactionRow(m, canReact) {
  if (!m.reactions?.length) return null;
  return el('div', {class: 'reactions', role: 'group', 'aria-label': 'Reactions'}, ...m.reactions.map((r) => el('button', {
    type: 'button', class: 'reaction' + (r.is_chosen ? ' mine' : ''), 'aria-pressed': String(r.is_chosen), disabled: !canReact,
    'data-react': r.key, 'data-message': String(m.id),
    'aria-label': r.emoji + ' ' + r.count + (r.is_chosen ? ', yours: take it back' : ': react with it'),
  }, el('span', {'aria-hidden': 'true', text: r.emoji}), el('span', {class: 'count', 'aria-hidden': 'true', text: String(r.count)}))));
}

/**
 * Adds (`chosen`) or takes back one of your reactions; the message's reactions after.
 * @param {number} chatID
 * @param {number} messageID
 * @param {string} key an emoji, or a reaction's key
 * @param {boolean} chosen
 * @returns {Promise<MessageReaction[]>}
 */
export async function setReaction(chatID, messageID, key, chosen) {
  const reply = /** @type {{message_id: number, reactions: MessageReaction[]}} */ (
    await api('POST', 'conversations/' + chatID + '/messages/' + messageID + '/reactions', {reaction: key, chosen}));
  return reply.reactions;
}

/**
 * Asks which reaction to add: the chat's allowed ones, yours pressed. The chosen emoji, or
 * null when the dialog was closed.
 * @param {number} chatID
 * @param {ChatMessage} message
 * @returns {Promise<string | null>}
 */
export async function pick(chatID, message) {
  const choices = /** @type {ReactionChoices} */ (await api('GET', 'conversations/' + chatID + '/messages/' + message.id + '/reactions'));
  const mine = new Set(choices.reactions.filter((r) => r.is_chosen).map((r) => r.key));
  const box = byId('react-choices', HTMLDivElement);
  box.replaceChildren(...choices.available.map((emoji) => el('button', {
    type: 'submit', value: emoji, class: 'react-choice' + (mine.has(emoji) ? ' mine' : ''), 'aria-pressed': String(mine.has(emoji)),
    'aria-label': mine.has(emoji) ? emoji + ', yours: take it back' : 'React with ' + emoji,
  }, el('span', {'aria-hidden': 'true', text: emoji}))));
  byId('react-empty', HTMLParagraphElement).hidden = choices.available.length > 0;
  const chosen = await openDialog(byId('react-dialog', HTMLDialogElement));
  return chosen && chosen !== 'cancel' ? chosen : null;
}
