// Files to send from the composer (conversation.js loads this on the first 📎, drop or paste):
// each file is uploaded at once (POST /api/uploads, with its progress and ✕ to cancel or take it
// back), shown in a tray above the composer (a picture's preview, else its name and size), and
// Send posts them together (POST …/files: one message, or an album of up to 10) with the
// composer's text as caption. Sizes and counts are checked before anything is uploaded; what a
// file is sent as is the server's call, from its bytes.
import {api, csrf, el, messageOf, toast} from './app.js';
import {byteSize, uploaded} from './chat-html.js';

/** @typedef {{file: File, li: HTMLLIElement, bar: HTMLProgressElement, request: XMLHttpRequest | null, id: string | null, done: Promise<void>, error: string | null}} Item */

const maxFiles = 10;
const maxBytes = 2000 * 1024 * 1024;
/** @type {Item[]} */
const items = [];
const tray = el('ul', {id: 'attach-tray', class: 'attach-tray', 'aria-label': 'Files to send'});
const asFiles = el('input', {type: 'checkbox', id: 'attach-as-files'});
const options = el('p', {class: 'attach-options'}, el('label', {}, asFiles, ' Send as files (no compression)'));
let placed = false;

/**
 * Adds files (none: opens the file picker) and starts uploading them.
 * @param {File[] | null} files
 */
export function add(files) {
  if (!files) return pick();
  place();
  for (const file of files) {
    if (items.length >= maxFiles) { toast('An album holds at most ' + maxFiles + ' files; send these first.'); break; }
    if (file.size === 0) { toast('“' + file.name + '” is empty.'); continue; }
    if (file.size > maxBytes) { toast('“' + file.name + '” is larger than Telegram\'s 2,000 MB.'); continue; }
    upload(file);
  }
  show();
}

/** Whether files wait to be sent (Send then sends them). */
export function pending() {
  return items.length > 0;
}

/**
 * Sends the files, once uploaded, to `chatID` with `caption`; throws what went wrong (the
 * files stay in the tray).
 * @param {number} chatID
 * @param {string} caption
 * @param {number | undefined} replyTo
 * @param {number | null} topicID
 * @returns {Promise<unknown>} the sent messages
 */
export async function send(chatID, caption, replyTo, topicID) {
  // What is in the tray now is what goes; files added meanwhile wait for the next Send.
  const sending = items.slice();
  await Promise.all(sending.map((item) => item.done));
  const failed = sending.find((item) => item.error);
  if (failed) throw new Error('“' + failed.file.name + '” was not uploaded: ' + failed.error + ' Remove it (✕) or add it again.');
  if (!sending.every((item) => items.includes(item))) throw new Error('A file was removed while it uploaded; press Send again.');
  /** @type {{upload_ids: string[], wait: boolean, caption?: string, reply_to?: number, topic_id?: number, as_files?: boolean}} */
  // Answered as soon as the files are on their way: their bubbles show how far each is.
  const body = {upload_ids: sending.map((item) => item.id ?? ''), wait: false};
  if (caption.trim()) body.caption = caption;
  if (replyTo) body.reply_to = replyTo;
  if (topicID) body.topic_id = topicID;
  if (asFiles instanceof HTMLInputElement && asFiles.checked) body.as_files = true;
  const reply = await api('POST', 'conversations/' + chatID + '/files', body);
  for (const item of sending) {
    const at = items.indexOf(item);
    if (at >= 0) items.splice(at, 1);
    forget(item, false);
  }
  show();
  return reply;
}

/** Takes back every file (the chat closed). */
export function clear() {
  for (const item of items.splice(0)) forget(item, true);
  show();
}

/** @type {HTMLInputElement | null} */
let picker = null;

function pick() {
  if (!picker) {
    const input = el('input', {type: 'file', multiple: true, hidden: true});
    if (!(input instanceof HTMLInputElement)) return;
    input.addEventListener('change', () => { add(input.files ? [...input.files] : []); input.value = ''; });
    document.body.append(input);
    picker = input;
  }
  picker.click();
}

/** The tray above the composer, and its stylesheet, the first time. */
function place() {
  if (placed) return;
  placed = true;
  document.head.append(el('link', {rel: 'stylesheet', href: new URL('./attach.css', import.meta.url).href}));
  document.getElementById('composer')?.prepend(tray, options);
}

function show() {
  tray.hidden = items.length === 0;
  options.hidden = items.length === 0;
  // The jump-to-latest button floats above the composer: above the tray too while it shows.
  const jump = document.getElementById('jump');
  const composer = document.getElementById('composer');
  if (jump && composer) jump.style.bottom = items.length ? composer.offsetHeight + 16 + 'px' : '';
}

/** @param {File} file */
function upload(file) {
  const bar = el('progress', {max: '100', value: '0', 'aria-label': 'Uploading ' + file.name});
  const status = el('span', {class: 'attach-status', text: byteSize(file.size)});
  const remove = el('button', {type: 'button', class: 'icon-button', 'aria-label': 'Remove ' + file.name, text: '✕'});
  const preview = file.type.startsWith('image/') && !file.type.includes('svg')
    ? el('img', {class: 'attach-preview', alt: '', src: URL.createObjectURL(file)})
    : el('span', {class: 'attach-preview', 'aria-hidden': 'true', text: '📎'});
  const li = el('li', {}, preview, el('span', {class: 'attach-name', text: file.name}), status, bar, remove);
  tray.append(li);
  const request = new XMLHttpRequest();
  /** @type {Item} */
  const item = {file, li, bar, request, id: null, error: null, done: Promise.resolve()};
  item.done = new Promise((resolve) => {
    request.upload.addEventListener('progress', (event) => { if (event.lengthComputable) bar.value = Math.round(event.loaded / event.total * 100); });
    request.addEventListener('loadend', () => {
      item.request = null;
      let reply = null;
      try { reply = JSON.parse(request.responseText); } catch { reply = null; }
      if (request.status === 201 && reply?.success) {
        item.id = reply.data.upload_id;
        bar.value = 100;
        status.textContent = byteSize(file.size) + ' · ' + ({photo: 'photo', video: 'video', audio: 'audio', animation: 'GIF'}[String(reply.data.kind)] ?? 'file');
      } else if (request.status !== 0) {
        item.error = reply?.error?.message ?? 'the server answered ' + request.status + '.';
        status.textContent = item.error ?? '';
        li.classList.add('failed');
      } else if (items.includes(item)) {
        item.error = 'the upload broke off.';
        status.textContent = 'Not uploaded: the connection broke.';
        li.classList.add('failed');
      }
      resolve();
    });
    request.open('POST', '/api/uploads?name=' + encodeURIComponent(file.name));
    request.setRequestHeader('X-CSRF-Token', csrf);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('Accept', 'application/json');
    request.send(file);
  });
  remove.addEventListener('click', () => {
    items.splice(items.indexOf(item), 1);
    forget(item, true);
    show();
    document.getElementById('composer-text')?.focus();
  });
  items.push(item);
}

/**
 * Drops an item from the tray: a running upload is cancelled, a finished one deleted on the
 * server (`takeBack`; a sent one is the server's already).
 * @param {Item} item
 * @param {boolean} takeBack
 */
function forget(item, takeBack) {
  item.request?.abort();
  // 204 when deleted, 404 when it went already: either way it is gone (an hour at most otherwise).
  if (takeBack && item.id) fetch('/api/uploads/' + item.id, {method: 'DELETE', headers: {'X-CSRF-Token': csrf}, credentials: 'same-origin'}).catch(() => {});
  const image = item.li.querySelector('img');
  if (image) URL.revokeObjectURL(image.src);
  item.li.remove();
}

/**
 * Stops sending a message whose file is still going up (its bubble's ✕); the conversation then
 * drops it.
 * @param {HTMLButtonElement} button
 * @param {number} chatID
 */
export async function cancelSending(button, chatID) {
  button.disabled = true;
  try {
    const reply = /** @type {{for_all: boolean}} */ (await api('POST', 'conversations/' + chatID + '/messages/' + button.dataset['cancelSend'] + '/cancel'));
    // Gone out while the ✕ was on its way: deleted for everyone.
    toast(reply.for_all ? 'It had just gone out: deleted for everyone.' : 'Not sent.');
  } catch (error) {
    toast(messageOf(error, 'Could not stop it.'));
    button.disabled = false;
  }
}

/**
 * Moves a file's progress on in its bubble, in place: the ✕ keeps its focus, and stays
 * disabled once pressed.
 * @param {Element} part the bubble's `.upload`
 * @param {{sent_bytes: number, total_bytes: number}} e the `upload` event
 */
export function uploadProgressed(part, e) {
  const bar = part.querySelector('progress');
  if (bar) { bar.max = e.total_bytes; bar.value = e.sent_bytes; }
  if (part.children[1]) part.children[1].textContent = uploaded(e);
}
