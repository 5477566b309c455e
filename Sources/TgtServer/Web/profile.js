// Profiles (from the conversation header's ⓘ or a sender's name in a group): photo preview,
// name and @username, last seen, bio or description, phone when visible, member count,
// groups in common, shared media counts, and a group's members a page at a time (a member
// opens their own profile; "Message" opens the private chat), and for a person who is not a
// contact "Add to contacts" with their own name filled in (POST …/contact).
// GET /api/conversations/{id}/profile and …/members. Other people's text goes in as text only.
import {api, byId, el, messageOf} from './app.js';
import {avatar} from './chat-html.js';

/** @typedef {import('./types').ChatProfile} ChatProfile */
/** @typedef {import('./types').MemberPage} MemberPage */

const dialog = byId('profile-dialog', HTMLDialogElement);
const members = byId('profile-members', HTMLUListElement);
const more = byId('profile-more', HTMLButtonElement);
/** @type {{id: number, next: number | null, loads: number}} */
const state = {id: 0, next: null, loads: 0};

/**
 * Opens the profile of a chat, or of a person by their user id.
 * @param {number} chatID
 */
export async function show(chatID) {
  const mine = ++state.loads;
  state.id = chatID;
  byId('profile-title', HTMLHeadingElement).textContent = 'Loading…';
  byId('profile-status', HTMLParagraphElement).textContent = '';
  byId('profile-facts', HTMLDListElement).replaceChildren();
  byId('profile-avatar', HTMLSpanElement).replaceChildren();
  byId('profile-members-box', HTMLElement).hidden = true;
  byId('profile-message', HTMLButtonElement).hidden = true;
  byId('profile-add', HTMLButtonElement).hidden = true;
  byId('profile-contact', HTMLElement).hidden = true;
  byId('profile-add-form', HTMLDivElement).hidden = true;
  if (!dialog.open) dialog.showModal();
  let profile;
  try {
    profile = /** @type {ChatProfile} */ (await api('GET', 'conversations/' + chatID + '/profile'));
  } catch (error) {
    if (mine === state.loads) byId('profile-title', HTMLHeadingElement).textContent = error instanceof Error ? error.message : "Couldn't load the profile.";
    return;
  }
  if (mine !== state.loads) return;
  fill(profile);
  if (profile.can_list_members) await loadMembers(0, mine);
}

/** @param {ChatProfile} p */
function fill(p) {
  byId('profile-title', HTMLHeadingElement).textContent = p.title;
  const kind = {private: 'Person', saved: 'Your notes', group: 'Group', supergroup: 'Group', forum: 'Forum', channel: 'Channel', secret: 'Secret chat'}[p.kind] ?? 'Chat';
  byId('profile-status', HTMLParagraphElement).textContent = [p.username ? '@' + p.username : '', p.status ?? kind].filter(Boolean).join(' · ');
  const picture = avatar(p.photo_minithumbnail ? {title: p.title, photo_minithumbnail: p.photo_minithumbnail} : {title: p.title});
  byId('profile-avatar', HTMLSpanElement).replaceChildren(picture);
  // The blurred preview first, then the photo itself once it has come (none: the preview stays).
  if (p.photo_minithumbnail && picture instanceof HTMLImageElement) {
    const sharp = new Image();
    sharp.addEventListener('load', () => { picture.src = sharp.src; picture.classList.add('sharp'); }, {once: true});
    sharp.src = '/api/conversations/' + p.chat_id + '/photo';
  }
  /** @type {[string, string][]} */
  const facts = [];
  if (p.about) facts.push([p.kind === 'private' ? 'Bio' : 'About', p.about]);
  if (p.phone) facts.push(['Phone', p.phone]);
  if (p.member_count !== undefined) facts.push([p.kind === 'channel' ? 'Subscribers' : 'Members', String(p.member_count)]);
  if (p.groups_in_common) facts.push(['Groups in common', String(p.groups_in_common)]);
  facts.push(['Shared', p.media.photos_and_videos + ' photos and videos · ' + p.media.files + ' files · ' + p.media.links + ' links · '
    + p.media.voice_messages + ' voice messages']);
  byId('profile-facts', HTMLDListElement).replaceChildren(...facts.flatMap(([name, value]) => [el('dt', {text: name}), el('dd', {dir: 'auto', text: value})]));
  const message = byId('profile-message', HTMLButtonElement);
  message.hidden = p.kind !== 'private';
  message.dataset['chat'] = String(p.chat_id);
  const contact = p.contact;
  byId('profile-contact', HTMLElement).hidden = !contact?.is_contact;
  byId('profile-contact-state', HTMLParagraphElement).textContent = contact?.is_contact ? 'In your contacts' : '';
  byId('profile-add', HTMLButtonElement).hidden = !contact || contact.is_contact;
  if (contact && !contact.is_contact) {
    byId('contact-first', HTMLInputElement).value = contact.first_name;
    byId('contact-last', HTMLInputElement).value = contact.last_name;
    byId('contact-share', HTMLInputElement).checked = false;
    byId('contact-error', HTMLParagraphElement).hidden = true;
  }
}

/**
 * @param {number} offset
 * @param {number} mine
 */
async function loadMembers(offset, mine) {
  const page = /** @type {MemberPage} */ (await api('GET', 'conversations/' + state.id + '/members?limit=50&offset=' + offset));
  if (mine !== state.loads) return;
  const rows = page.members.map((m) => el('li', {}, el('button', {type: 'button', class: 'member', 'data-user': String(m.user_id)},
    el('span', {class: 'member-name', dir: 'auto', text: m.name}),
    el('span', {class: 'meta', text: [m.role === 'member' ? '' : m.role, m.status ?? ''].filter(Boolean).join(' · ')}))));
  if (offset === 0) members.replaceChildren(...rows); else members.append(...rows);
  byId('profile-members-title', HTMLHeadingElement).textContent = 'Members (' + page.total_count + ')';
  byId('profile-members-box', HTMLElement).hidden = false;
  state.next = page.next_offset ?? null;
  more.hidden = state.next === null;
}

more.addEventListener('click', () => {
  if (state.next === null || more.disabled) return;
  more.disabled = true;
  loadMembers(state.next, state.loads).catch(() => undefined).finally(() => { more.disabled = false; });
});
members.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest('[data-user]') : null;
  if (target instanceof HTMLElement) show(Number(target.dataset['user']));
});
byId('profile-message', HTMLButtonElement).addEventListener('click', (event) => {
  const chat = event.currentTarget instanceof HTMLElement ? event.currentTarget.dataset['chat'] : undefined;
  dialog.close();
  if (chat) location.hash = '#chat/' + chat;
});
byId('profile-add', HTMLButtonElement).addEventListener('click', (event) => {
  if (event.currentTarget instanceof HTMLElement) event.currentTarget.hidden = true;
  byId('profile-contact', HTMLElement).hidden = false;
  byId('profile-add-form', HTMLDivElement).hidden = false;
  byId('contact-first', HTMLInputElement).focus();
});
byId('contact-save', HTMLButtonElement).addEventListener('click', async (event) => {
  const save = event.currentTarget;
  if (!(save instanceof HTMLButtonElement) || save.disabled) return;
  const error = byId('contact-error', HTMLParagraphElement);
  const first = byId('contact-first', HTMLInputElement).value.trim();
  if (!first) {
    error.textContent = 'Give a first name.';
    error.hidden = false;
    byId('contact-first', HTMLInputElement).focus();
    return;
  }
  save.disabled = true;
  const id = state.id;
  try {
    await api('POST', 'conversations/' + id + '/contact', {first_name: first, last_name: byId('contact-last', HTMLInputElement).value.trim(),
      share_phone: byId('contact-share', HTMLInputElement).checked});
    if (state.id === id) await show(id);
  } catch (failure) {
    error.textContent = messageOf(failure);
    error.hidden = false;
  } finally {
    save.disabled = false;
  }
});
