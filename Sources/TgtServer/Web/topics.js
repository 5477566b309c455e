// The topic bar of a forum chat in the Chats tab (GET /api/conversations/{id}/topics): one link
// per topic (General, Standups, …) with its unread count. The chosen topic is the open
// conversation's (conversation.js pages and sends into it) and part of the address,
// #chat/ID/topic/T, so a reload keeps it. Links are updated in place, so the one that has the
// focus keeps it when another topic is chosen or the counts change.
import {api, byId, el} from './app.js';

/** @typedef {import('./types').ForumTopic} ForumTopic */
/** @typedef {import('./types').ForumTopicList} ForumTopicList */

const bar = byId('topic-bar', HTMLElement);
const list = byId('topic-list', HTMLUListElement);
/** @type {{chatID: number, topics: ForumTopic[]}} */
const state = {chatID: 0, topics: []};

// Switching topics replaces the address rather than adding to the history, as tabs do: Back
// (the page's or the browser's) returns to the chat list, not through every topic seen.
list.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-topic]') : null;
  if (!(link instanceof HTMLAnchorElement) || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  location.replace(link.href);
});

/**
 * The address of a chat's topic.
 * @param {number} chatID
 * @param {number} topicID
 */
export function topicHash(chatID, topicID) {
  return '#chat/' + chatID + '/topic/' + topicID;
}

/**
 * Loads a forum's topics and shows the bar with `current` chosen (0: none), unless
 * `stillWanted` says the view moved on while they loaded.
 * @param {number} chatID
 * @param {number} current
 * @param {() => boolean} [stillWanted]
 * @returns {Promise<ForumTopic[]>}
 */
export async function load(chatID, current, stillWanted = () => true) {
  const reply = /** @type {ForumTopicList} */ (await api('GET', 'conversations/' + chatID + '/topics'));
  if (stillWanted()) show(chatID, reply.topics, current);
  return reply.topics;
}

/**
 * The topic a forum opens on: General, else the first.
 * @param {ForumTopic[]} topics
 */
export function initial(topics) {
  return (topics.find((t) => t.is_general) ?? topics[0])?.id ?? 0;
}

/**
 * A loaded topic's own cloud draft ('' when none).
 * @param {number} topicID
 */
export function draftOf(topicID) {
  return state.topics.find((t) => t.id === topicID)?.draft ?? '';
}

/**
 * The title of a loaded topic.
 * @param {number} topicID
 */
export function titleOf(topicID) {
  return state.topics.find((t) => t.id === topicID)?.title ?? '';
}

/**
 * Marks `topicID` as the chosen topic of the bar shown.
 * @param {number} topicID
 */
export function select(topicID) {
  show(state.chatID, state.topics, topicID);
}

/** Hides the bar (a chat that is not a forum, or none open). */
export function hide() {
  state.chatID = 0;
  state.topics = [];
  bar.hidden = true;
  list.replaceChildren();
}

/**
 * @param {number} chatID
 * @param {ForumTopic[]} topics
 * @param {number} current
 */
function show(chatID, topics, current) {
  const same = state.chatID === chatID && topics.length === state.topics.length && topics.every((t, i) => state.topics[i]?.id === t.id);
  state.chatID = chatID;
  state.topics = topics;
  if (!same) list.replaceChildren(...topics.map((t) => el('li', {}, el('a', {class: 'topic', href: topicHash(chatID, t.id), 'data-topic': String(t.id)}))));
  topics.forEach((t) => {
    const link = list.querySelector('[data-topic="' + t.id + '"]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const unread = t.unread_count > 0 ? [
      el('span', {class: 'badge', 'aria-hidden': 'true', text: t.unread_count > 999 ? '999+' : String(t.unread_count)}),
      el('span', {class: 'sr-only', text: ', ' + t.unread_count + ' unread'})] : [];
    link.replaceChildren(el('span', {dir: 'auto', text: t.title}), t.is_closed ? el('span', {class: 'sr-only', text: ' (closed)'}) : '', ...unread);
    if (t.id === current) link.setAttribute('aria-current', 'page'); else link.removeAttribute('aria-current');
  });
  bar.hidden = topics.length === 0;
  const chosen = list.querySelector('[aria-current]');
  if (chosen instanceof HTMLElement && !same) chosen.scrollIntoView({block: 'nearest', inline: 'nearest'});
}
