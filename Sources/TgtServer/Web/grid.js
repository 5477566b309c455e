// Templates grid: tap to send (variables dialog, browser location), per-target results with
// retry, live progress, duplicate, delete with confirmation, reorder by drag or by the menu's
// move buttons.
import {api, byId, el, eventElement, find, locate, messageOf, on, openDialog, toast} from './app.js';

/** @typedef {import('./types').SendReport} SendReport */
/** @typedef {import('./types').TemplateList} TemplateList */

const grid = document.getElementById('grid');
if (grid instanceof HTMLUListElement) setUp(grid);

/** @param {HTMLUListElement} grid */
function setUp(grid) {
  let ownChangeAt = 0;
  /**
   * The values asked for at the last tap, reused by Retry.
   * @type {WeakMap<HTMLElement, Record<string, string>>}
   */
  const lastVariables = new WeakMap();
  /** @type {WeakMap<HTMLElement, number>} */
  const clearTimers = new WeakMap();

  /** @param {Element | null} node */
  const tileOf = (node) => {
    const tile = node?.closest('.tile');
    return tile instanceof HTMLLIElement ? tile : null;
  };
  /** @param {HTMLElement} tile */
  const tapButton = (tile) => find(tile, '.tap', HTMLButtonElement);
  /** @param {HTMLElement} tile */
  const resultList = (tile) => find(tile, '.results', HTMLUListElement);

  /**
   * @param {string[]} names
   * @param {string} title
   * @returns {Promise<Record<string, string> | null>}
   */
  async function askVariables(names, title) {
    const fields = byId('vars-fields', HTMLDivElement);
    byId('vars-title', HTMLHeadingElement).textContent = title;
    fields.replaceChildren(...names.map((name, i) => el('div', {class: 'stack'},
      el('label', {for: 'var-' + i, text: name.replace(/_/g, ' ')}),
      el('input', {id: 'var-' + i, name, required: true, autocomplete: 'off'}))));
    if (await openDialog(byId('vars-dialog', HTMLDialogElement)) !== 'send') return null;
    /** @type {Record<string, string>} */
    const values = {};
    fields.querySelectorAll('input').forEach((input) => { values[input.name] = input.value; });
    return values;
  }

  /** @returns {Promise<{latitude: number, longitude: number} | null>} */
  async function browserLocation() {
    const here = await locate({timeout: 10000, maximumAge: 60000, enableHighAccuracy: true});
    if (typeof here !== 'string') return {latitude: here.latitude, longitude: here.longitude};
    toast({
      unsupported: 'This browser cannot share its location here (it needs https or localhost): using the default location from Settings.',
      refused: 'Location permission refused: using the default location from Settings.',
      unavailable: 'Your location is not available: using the default location from Settings.',
    }[here]);
    return null;
  }

  /**
   * Shows (or updates) one target's line under the tile.
   * @param {HTMLElement} tile
   * @param {string} key
   * @param {string} title
   * @param {string} status
   * @param {string | null | undefined} detail
   */
  function resultRow(tile, key, title, status, detail) {
    const list = resultList(tile);
    if (!list) return null;
    let row = find(list, 'li[data-target="' + CSS.escape(key) + '"]', HTMLLIElement);
    if (!row) { row = el('li', {'data-target': key}); list.append(row); }
    row.className = status;
    const mark = status === 'sent' ? '✓' : status === 'failed' ? '✗' : null;
    const text = status === 'sent' ? ' sent' : status === 'failed' ? ': ' + (detail || 'failed') : status === 'waiting' ? ': ' + detail : '…';
    row.replaceChildren(mark ? el('span', {'aria-hidden': 'true', text: mark}) : el('span', {class: 'spinner', 'aria-hidden': 'true'}),
      el('span', {text: title + text}));
    return row;
  }

  /**
   * Sends the tile's template (to `onlyTargets`, for a retry).
   * @param {HTMLElement} tile
   * @param {string[]} [onlyTargets]
   */
  async function send(tile, onlyTargets) {
    const button = tapButton(tile);
    const list = resultList(tile);
    if (!button || !list || button.getAttribute('aria-busy') === 'true') return;
    const names = /** @type {string[]} */ (JSON.parse(tile.dataset.vars || '[]'));
    /** @type {Record<string, string> | null | undefined} */
    let variables = {};
    if (names.length) {
      variables = onlyTargets && lastVariables.get(tile) || await askVariables(names, tile.dataset.name || '');
      if (!variables) return;
      lastVariables.set(tile, variables);
    }
    /** @type {{variables: Record<string, string>, targets?: string[], location?: {latitude: number, longitude: number}}} */
    const body = {variables};
    if (onlyTargets) body.targets = onlyTargets;
    if (tile.dataset.location === 'yes') {
      const here = await browserLocation();
      if (here) body.location = here;
    }
    clearTimeout(clearTimers.get(tile));
    if (!onlyTargets) list.replaceChildren();
    button.setAttribute('aria-busy', 'true');
    try {
      const report = /** @type {SendReport} */ (await api('POST', 'templates/' + tile.dataset.id + '/send', body));
      for (const r of report.results) {
        const row = resultRow(tile, r.target, r.title, r.status, r.error);
        if (row && r.status === 'failed') row.append(el('button', {type: 'button', 'data-retry': r.target, text: 'Retry'}));
      }
      if (report.all_sent) clearTimers.set(tile, window.setTimeout(() => list.replaceChildren(), 6000));
    } catch (error) {
      list.replaceChildren(el('li', {class: 'failed'}, el('span', {'aria-hidden': 'true', text: '✗'}), el('span', {text: messageOf(error, 'Not sent.')}),
        el('button', {type: 'button', 'data-retry-all': '1', text: 'Retry'})));
    } finally {
      button.removeAttribute('aria-busy');
    }
  }

  on('send', (data) => {
    const tile = find(grid, '.tile[data-id="' + CSS.escape(data.template_id) + '"]', HTMLLIElement);
    if (tile && tapButton(tile)?.getAttribute('aria-busy') === 'true') resultRow(tile, data.target, data.title, data.status, data.detail);
  });
  on('templates', () => {
    if (Date.now() - ownChangeAt < 3000 || document.querySelector('dialog[open]') || grid.querySelector('[aria-busy="true"]')) return;
    location.reload();
  });

  /**
   * Saves the order after `id` moved next to `neighbourID`.
   * @param {string} id
   * @param {string} neighbourID
   * @param {boolean} before
   */
  async function reorder(id, neighbourID, before) {
    ownChangeAt = Date.now();
    try {
      const list = /** @type {TemplateList} */ (await api('GET', 'templates'));
      const order = list.templates.map((t) => t.id).filter((x) => x !== id);
      let index = order.indexOf(neighbourID);
      if (index < 0) return;
      if (!before) index += 1;
      order.splice(index, 0, id);
      await api('PUT', 'templates/order', {ids: order});
      ownChangeAt = Date.now();
    } catch (error) {
      toast(messageOf(error, 'Could not reorder.'));
      location.reload();
    }
  }

  /**
   * @param {HTMLElement} tile
   * @param {-1 | 1} direction
   */
  function moveTile(tile, direction) {
    const neighbour = direction < 0 ? tile.previousElementSibling : tile.nextElementSibling;
    if (!(neighbour instanceof HTMLElement)) return;
    if (direction < 0) grid.insertBefore(tile, neighbour); else grid.insertBefore(neighbour, tile);
    tapButton(tile)?.focus();
    reorder(tile.dataset.id || '', neighbour.dataset.id || '', direction < 0);
  }

  /** @param {string} name */
  async function confirmDelete(name) {
    byId('confirm-text', HTMLParagraphElement).textContent = '“' + name + '” will be deleted. Its past sends stay in Recent.';
    return await openDialog(byId('confirm-dialog', HTMLDialogElement)) === 'ok';
  }

  grid.addEventListener('click', async (event) => {
    const target = eventElement(event);
    const tile = tileOf(target);
    if (!target || !tile) return;
    if (target.closest('.tap')) { send(tile); return; }
    const retry = target.closest('[data-retry]');
    if (retry instanceof HTMLElement) { send(tile, [retry.dataset.retry || '']); return; }
    if (target.closest('[data-retry-all]')) { send(tile); return; }
    const action = target.closest('[data-action]');
    if (!(action instanceof HTMLElement)) return;
    const menu = find(tile, 'details', HTMLDetailsElement);
    if (menu) menu.open = false;
    const id = tile.dataset.id || '';
    switch (action.dataset.action) {
    case 'duplicate':
      try { await api('POST', 'templates/' + id + '/duplicate'); location.reload(); } catch (error) { toast(messageOf(error)); }
      break;
    case 'delete':
      if (!(await confirmDelete(tile.dataset.name || ''))) return;
      ownChangeAt = Date.now();
      try { await api('DELETE', 'templates/' + id); tile.remove(); location.reload(); } catch (error) { toast(messageOf(error)); }
      break;
    case 'up': moveTile(tile, -1); break;
    case 'down': moveTile(tile, 1); break;
    }
  });

  /** @type {HTMLLIElement | null} */
  let dragged = null;
  const clearDropMarks = () => grid.querySelectorAll('.drop').forEach((t) => t.classList.remove('drop'));
  grid.addEventListener('dragstart', (event) => {
    dragged = tileOf(eventElement(event));
    if (!dragged) return;
    dragged.classList.add('dragging');
    if (event.dataTransfer) {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', dragged.dataset.id || '');
    }
  });
  grid.addEventListener('dragend', () => {
    dragged?.classList.remove('dragging');
    clearDropMarks();
    dragged = null;
  });
  grid.addEventListener('dragover', (event) => {
    const over = tileOf(eventElement(event));
    if (!dragged || !over || over === dragged) return;
    event.preventDefault();
    clearDropMarks();
    over.classList.add('drop');
  });
  grid.addEventListener('drop', (event) => {
    const over = tileOf(eventElement(event));
    if (!dragged || !over || over === dragged) return;
    event.preventDefault();
    const tiles = [...grid.children];
    const before = tiles.indexOf(dragged) > tiles.indexOf(over);
    grid.insertBefore(dragged, before ? over : over.nextElementSibling);
    reorder(dragged.dataset.id || '', over.dataset.id || '', before);
  });
}
