// A message's media, loaded when first opened (conversation.js imports it on a click): a photo
// full size in a dialog (the largest size TDLib has up to 2560 px, scaled to the screen, with a
// download link), and voice messages, audio and video played in the page (the server answers
// the browser's range requests; for a browser without Ogg, Safari, a voice note comes as CAF). The file comes from GET …/messages/{id}/file, which serves
// only sniffed images, video and audio as themselves: anything else is a download.
import {api, el, toast} from './app.js';

/** @typedef {import('./types').MessageMedia} MessageMedia */

/** @type {HTMLDialogElement | null} */
let viewer = null;

/**
 * Opens what `button` stands for: the photo viewer, or a player in the button's place.
 * @param {HTMLButtonElement} button
 * @param {number} chatID
 * @param {number} messageID
 * @param {MessageMedia} media
 */
export function open(button, chatID, messageID, media) {
  // Names for screen readers without the label's leading emoji ("Photo", not "camera Photo").
  media = {...media, label: media.label.replace(/^[^\p{L}\p{N}]+/u, '') || media.label};
  const url = '/api/conversations/' + chatID + '/messages/' + messageID + '/file';
  // Telegram hears it was opened: a voice note shows as listened to its sender.
  const opened = () => { api('POST', 'conversations/' + chatID + '/messages/' + messageID + '/opened').catch(() => undefined); };
  if (button.dataset['view'] !== undefined) return view(url, media, button, opened);
  play(button, url, media, opened);
}

/**
 * The photo full size in a modal dialog; focus goes back to the thumbnail when it closes.
 * @param {string} url
 * @param {MessageMedia} media
 * @param {HTMLButtonElement} from
 * @param {() => void} opened called once the photo is shown
 */
function view(url, media, from, opened) {
  viewer?.remove();
  const image = el('img', {class: 'full', alt: media.label, src: url, decoding: 'async'});
  const status = el('p', {class: 'viewer-status', role: 'status', text: 'Loading…'});
  image.addEventListener('load', () => { status.textContent = ''; status.hidden = true; opened(); });
  image.addEventListener('error', () => { status.textContent = 'The photo could not be loaded. Try again when the connection is back.'; });
  const dialog = el('dialog', {class: 'viewer', 'aria-label': media.label},
    el('form', {method: 'dialog', class: 'stack'}, image, status,
      el('div', {class: 'actions'},
        el('a', {href: url + '?download=true', download: media.file?.name ?? 'photo.jpg', text: 'Download'}),
        el('button', {type: 'submit', value: 'cancel', text: 'Close'}))));
  if (!(dialog instanceof HTMLDialogElement)) return;
  dialog.addEventListener('close', () => { dialog.remove(); viewer = null; from.focus(); });
  dialog.addEventListener('click', (event) => { if (event.target === dialog) dialog.close(); });
  document.body.append(dialog);
  viewer = dialog;
  dialog.showModal();
}

/**
 * Replaces the play button with the browser's own player, playing.
 * @param {HTMLButtonElement} button
 * @param {string} url
 * @param {MessageMedia} media
 * @param {() => void} opened called when it first plays
 */
function play(button, url, media, opened) {
  const video = ['video', 'videoNote', 'animation'].includes(media.kind);
  // Safari plays Opus only in CAF: a voice note (Opus in Ogg) comes moved into CAF.
  const caf = !video && /^audio\/(ogg|opus)\b/.test(media.file?.mime_type ?? '') && new Audio().canPlayType('audio/ogg; codecs=opus') === '';
  const player = el(video ? 'video' : 'audio', {class: video ? 'player video' + (media.kind === 'videoNote' ? ' round' : '') : 'player',
    controls: '', preload: 'metadata', src: caf ? url + '?format=caf' : url, 'aria-label': media.label, playsinline: '', loop: media.kind === 'animation'});
  if (!(player instanceof HTMLMediaElement)) return;
  player.muted = media.kind === 'animation';
  player.addEventListener('error', () => {
    // An animation kept as a GIF (older ones are) is a picture that moves by itself.
    if (media.kind === 'animation' && media.file?.mime_type === 'image/gif') {
      player.replaceWith(el('img', {class: 'player video', src: url, alt: media.label}));
      return;
    }
    toast((media.label || 'This media') + ' could not be played here; download it instead.');
    player.replaceWith(el('a', {class: 'file', href: url + '?download=true', download: media.file?.name ?? 'file', text: '⬇ ' + media.label}));
  });
  player.addEventListener('playing', opened, {once: true});
  button.replaceWith(player);
  player.play().catch(() => player.focus());
}
