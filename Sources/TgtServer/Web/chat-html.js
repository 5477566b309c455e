// The one vetted path for a message's pre-escaped `html` (from the server's MessageTextRenderer):
// it is parsed in an inert document (DOMParser runs no script and loads nothing), then copied
// node by node into fresh elements, keeping only the formatting tags the renderer makes and, on
// links, only an http(s), tg or mailto address; everything else becomes its text. No innerHTML
// on the page. Plus the conversation's date and time labels and a chat's avatar.
import {el} from './app.js';

/** @typedef {import('./types').ChatSummary} ChatSummary */

/** Tags the renderer makes (and <br> for new lines). */
const allowed = new Set(['B', 'I', 'U', 'S', 'CODE', 'PRE', 'BLOCKQUOTE', 'BR', 'A', 'SPAN']);

/**
 * A fragment with the message's formatting and nothing else.
 * @param {string} html
 * @returns {DocumentFragment}
 */
export function safeFragment(html) {
  const parsed = new DOMParser().parseFromString('<body>' + html, 'text/html');
  const out = document.createDocumentFragment();
  copy(parsed.body, out);
  return out;
}

/**
 * @param {Node} from
 * @param {Node} to
 */
function copy(from, to) {
  from.childNodes.forEach((node) => {
    if (node.nodeType === Node.TEXT_NODE) { to.appendChild(document.createTextNode(node.textContent ?? '')); return; }
    if (!(node instanceof Element)) return;
    if (!allowed.has(node.tagName)) { to.appendChild(document.createTextNode(node.textContent ?? '')); return; }
    const clean = document.createElement(node.tagName.toLowerCase());
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^(https?:|tg:|mailto:)/i.test(href)) {
        clean.setAttribute('href', href);
        clean.setAttribute('target', '_blank');
        clean.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    } else if (node.tagName === 'SPAN' && node.getAttribute('class') === 'spoiler') {
      clean.className = 'spoiler';
    }
    copy(node, clean);
    to.appendChild(clean);
  });
}

const time = new Intl.DateTimeFormat(undefined, {hour: '2-digit', minute: '2-digit', hourCycle: 'h23'});
const longDay = new Intl.DateTimeFormat(undefined, {weekday: 'long', day: 'numeric', month: 'long', year: 'numeric'});
const shortDay = new Intl.DateTimeFormat(undefined, {day: 'numeric', month: 'short'});

/**
 * A file's size as people read it ("77 bytes", "112 KB", "4.2 MB"), as the server's ByteSize says it.
 * @param {number} bytes
 */
export function byteSize(bytes) {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : bytes + ' bytes';
  return bytes < 1024 * 1024 ? Math.round(bytes / 1024) + ' KB' : (bytes / 1024 / 1024).toFixed(1) + ' MB';
}

/**
 * How much of a file has gone up ("640 KB of 12.0 MB").
 * @param {{sent_bytes: number, total_bytes: number}} u
 */
export function uploaded(u) {
  return byteSize(u.sent_bytes) + ' of ' + byteSize(u.total_bytes);
}

/** @param {Date} date "18:42" */
export function clock(date) {
  return time.format(date);
}

/**
 * A date separator: "Today", "Yesterday", or the full date.
 * @param {Date} date
 */
export function dayLabel(date) {
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (date.toDateString() === today.toDateString()) return 'Today';
  if (date.toDateString() === yesterday.toDateString()) return 'Yesterday';
  return longDay.format(date);
}

/**
 * A chat list's time: the time today, else the day.
 * @param {Date} date
 */
export function listTime(date) {
  return date.toDateString() === new Date().toDateString() ? time.format(date) : shortDay.format(date);
}

/**
 * A chat's round picture: its photo (loaded when the row comes into view, over the blurred
 * preview while it comes), or the first letter of its title.
 * @param {{title: string, photo_minithumbnail?: string, photo_file_id?: number}} chat
 */
export function avatar(chat) {
  const preview = chat.photo_minithumbnail && 'data:image/jpeg;base64,' + chat.photo_minithumbnail;
  const letter = () => el('span', {class: 'avatar', 'aria-hidden': 'true', text: [...chat.title.trim()][0]?.toUpperCase() ?? '?'});
  if (!chat.photo_file_id) return preview ? el('img', {class: 'avatar', alt: '', src: preview}) : letter();
  const picture = el('img', {class: 'avatar', alt: '', loading: 'lazy', src: '/api/files/' + chat.photo_file_id + '/thumbnail'});
  if (preview) picture.style.backgroundImage = `url("${preview}")`;
  // No photo after all (gone, not a JPEG): the preview, or the letter.
  picture.addEventListener('error', () => { if (preview) picture.src = preview; else picture.replaceWith(letter()); }, {once: true});
  return picture;
}
