// Presence in the open conversation: the header's second line says who is typing there
// ("Alice is typing…"), else a person's status ("online", "last seen recently"), else the
// kind of chat; and while the user types in the composer the chat is told so (POST
// /api/conversations/{id}/typing at most every 5 seconds, as Telegram's apps repeat it;
// emptying the field says they stopped, and a sent message ends it by itself). Telling is
// best effort: a failure is not the user's concern and is dropped.
import {api} from './app.js';

/** @typedef {import('./types').ChatSummary} ChatSummary */

/** How often "typing…" is repeated while the user types, in ms (Telegram shows it ~6 s). */
const REPEAT = 5000;
/** The chat last told, and when (0: not typing there now). */
const told = {chat: 0, at: 0};

/**
 * The composer's text changed in `chatID` (forum topic `topicID`, 0 for none).
 * @param {number} chatID
 * @param {number} topicID
 * @param {string} value
 */
export function typed(chatID, topicID, value) {
  const now = Date.now();
  if (value.trim()) {
    if (told.chat === chatID && told.at && now - told.at < REPEAT) return;
    told.chat = chatID;
    told.at = now;
    tell(chatID, topicID, true);
  } else if (told.chat === chatID && told.at) {
    told.at = 0;
    tell(chatID, topicID, false);
  }
}

/** A message went out (it ends the typing), or the chat was left. */
export function stopped() {
  told.at = 0;
}

/**
 * @param {number} chatID
 * @param {number} topicID
 * @param {boolean} typing
 */
function tell(chatID, topicID, typing) {
  api('POST', 'conversations/' + chatID + '/typing', topicID ? {typing, topic_id: topicID} : {typing}).catch(() => undefined);
}

/**
 * The header's second line before the topic and mute: typing, else status, else `kind`.
 * @param {ChatSummary} chat
 * @param {string} kind
 */
export function headerLine(chat, kind) {
  return chat.typing ?? chat.status ?? kind;
}
