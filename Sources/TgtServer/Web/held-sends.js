// The undo hold on the grid's tiles: "Sending in 5 s · Undo" while a tap's send waits with
// nothing on Telegram, on the screen that tapped and on every other open one (held sends come
// from the store: GET /api/sends/held whenever the send log changes), and Undo.
import {api, el, find, messageOf, toast} from './app.js';

/** @typedef {import('./types').HeldSendList} HeldSendList */

/**
 * A new send id, so the tapping screen can undo before its send answers. Not
 * `crypto.randomUUID`: it needs a secure context, and a phone on the LAN has none.
 */
export function newBatchID() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

/** @type {Map<string, number>} countdown timers by batch */
const countdowns = new Map();

/**
 * Shows a held send on `tile`: the seconds left until `until` (a time on this device's clock)
 * and Undo. Returns what removes it.
 * @param {HTMLElement} tile
 * @param {string} batch
 * @param {number} until
 */
export function showHold(tile, batch, until) {
  const list = find(tile, '.results', HTMLUListElement);
  if (!list) return () => {};
  let row = list.querySelector('li.held[data-batch="' + CSS.escape(batch) + '"]');
  if (!(row instanceof HTMLLIElement)) {
    const name = tile.dataset.name || 'this template';
    const label = el('span', {class: 'countdown'});
    row = el('li', {class: 'held', 'data-batch': batch}, el('span', {'aria-hidden': 'true', text: '⏳'}), label,
      el('button', {type: 'button', 'data-undo': batch, 'aria-label': 'Undo sending “' + name + '”', text: 'Undo'}));
    list.append(row);
    const held = row;
    const tick = () => {
      const left = Math.max(0, Math.min(30, Math.ceil((until - Date.now()) / 1000)));
      label.textContent = left > 0 ? 'Sending in ' + left + '\u00a0s' : 'Sending…';
      const undo = find(held, 'button', HTMLButtonElement);
      if (undo) undo.hidden = left === 0;
    };
    tick();
    clearInterval(countdowns.get(batch));
    countdowns.set(batch, window.setInterval(tick, 250));
  }
  return () => removeHold(batch);
}

/** @param {string} batch */
function removeHold(batch) {
  clearInterval(countdowns.get(batch));
  countdowns.delete(batch);
  document.querySelectorAll('li.held[data-batch="' + CSS.escape(batch) + '"]').forEach((row) => row.remove());
}

/**
 * Takes back a held send. The tapping screen's own send then answers "undone".
 * @param {HTMLButtonElement} button
 */
export async function undo(button) {
  const batch = button.dataset.undo || '';
  button.disabled = true;
  try {
    await api('POST', 'sends/' + batch + '/undo');
    const row = button.closest('li.held');
    clearInterval(countdowns.get(batch));
    countdowns.delete(batch);
    row?.replaceChildren(el('span', {'aria-hidden': 'true', text: '↶'}), el('span', {text: 'Undone: nothing was sent.'}));
    row?.classList.replace('held', 'undone');
    window.setTimeout(() => row?.remove(), 6000);
  } catch (error) {
    button.disabled = false;
    toast(messageOf(error, 'Could not undo.'));
  }
}

let asking = false;
let again = false;

/**
 * Brings every tile's held sends in step with the store (the grid calls it when the send log
 * moves): a hold started on another screen (or by `tgt send`) shows here with its countdown and
 * Undo; one that ended goes away. `own` says which batches this screen's taps wait for (they end
 * with their answer).
 * @param {HTMLElement} grid
 * @param {Set<string>} own
 */
export async function refreshHolds(grid, own) {
  if (asking) { again = true; return; }
  asking = true;
  try {
    const list = /** @type {HeldSendList} */ (await api('GET', 'sends/held'));
    const current = new Set(list.holds.map((h) => h.batch_id));
    for (const hold of list.holds) {
      const tile = grid.querySelector('.tile[data-id="' + CSS.escape(hold.template_id) + '"]');
      if (tile instanceof HTMLElement && !own.has(hold.batch_id)) showHold(tile, hold.batch_id, Date.parse(hold.hold_until));
    }
    grid.querySelectorAll('li.held').forEach((row) => {
      const batch = row instanceof HTMLElement ? row.dataset.batch || '' : '';
      if (!current.has(batch) && !own.has(batch)) removeHold(batch);
    });
  } catch {
    // The next change asks again; a failed refresh leaves the tiles as they were.
  } finally {
    asking = false;
    if (again) { again = false; refreshHolds(grid, own); }
  }
}
