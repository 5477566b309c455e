// Templates grid: tap to send (variables dialog with defaults and choices, browser location),
// the undo hold's countdown and Undo (held-sends.js, loaded when a hold is about), per-target
// results with retry, live progress; email, text and X templates open their draft
// in the right app; Send later… for Telegram ones (send-later.js, loaded on first use); duplicate,
// delete with confirmation, reorder by drag or by the menu's move
// buttons; filter chips and changes made elsewhere reload the grid in place (skeleton tiles
// while loading, an error banner with Retry when it fails).
import {api, byId, clockAt, el, eventElement, fieldValues, find, locate, messageOf, on, openDialog, toast, variableFields} from './app.js';

/** @typedef {import('./types').SendReport} SendReport */
/** @typedef {import('./types').Draft} Draft */
/** @typedef {import('./types').TemplateVariable} TemplateVariable */
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
  /** The held sends this screen's taps wait for (their answers end them). */
  const ownHolds = new Set();
  /** @type {Promise<typeof import('./held-sends.js')> | null} */
  let holdsModule = null;
  const holds = () => (holdsModule ??= import('./held-sends.js'));
  // Holds started elsewhere: shown when the send log moves, and at load if there are any.
  on('sends', () => holds().then((m) => m.refreshHolds(grid, ownHolds)));
  api('GET', 'sends/held').then((list) => {
    if (/** @type {import('./types').HeldSendList} */ (list).holds.length) holds().then((m) => m.refreshHolds(grid, ownHolds));
  }, () => {});

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
   * Asks for the template's own variables: a text field (its default filled in) or a picker.
   * @param {TemplateVariable[]} variables
   * @param {string} title
   * @returns {Promise<Record<string, string> | null>}
   */
  async function askVariables(variables, title) {
    const fields = byId('vars-fields', HTMLDivElement);
    byId('vars-title', HTMLHeadingElement).textContent = title;
    fields.replaceChildren(...variableFields(variables, 'var-'));
    if (await openDialog(byId('vars-dialog', HTMLDialogElement)) !== 'send') return null;
    return fieldValues(fields);
  }

  /** @type {Record<string, string>} */
  const draftApps = {email: 'mail app', text: 'messages app', x: 'browser'};

  /**
   * Renders an email, text or X template and hands the draft to its app.
   * @param {HTMLElement} tile
   * @param {{variables: Record<string, string>, location?: {latitude: number, longitude: number}}} body
   */
  async function openDraft(tile, body) {
    const list = resultList(tile);
    if (!list) return;
    const draft = /** @type {Draft} */ (await api('POST', 'templates/' + tile.dataset.id + '/draft', body));
    const kind = tile.dataset.kind || '';
    // mailto: and sms: open their app without leaving the page; X's post page opens in a tab.
    let opened = true;
    if (kind === 'x') {
      // Without the "noopener" feature, whose window.open always returns null; the opener is cut by hand.
      const tab = window.open(draft.url, '_blank');
      if (tab) tab.opener = null;
      opened = tab !== null;
    } else {
      location.assign(draft.url);
    }
    list.replaceChildren(el('li', {class: 'sent'}, el('span', {'aria-hidden': 'true', text: '↗'}),
      el('span', {text: (opened ? 'Opened in your ' : 'Ready for your ') + (draftApps[kind] || 'app') + ': send it from there. '},
        el('a', {href: draft.url, target: kind === 'x' ? '_blank' : null, rel: 'noopener', text: opened ? 'Open again' : 'Open the draft'}))));
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
    const asked = /** @type {TemplateVariable[]} */ (JSON.parse(tile.dataset.vars || '[]'));
    /** @type {Record<string, string> | null | undefined} */
    let variables = {};
    if (asked.length) {
      variables = onlyTargets && lastVariables.get(tile) || await askVariables(asked, tile.dataset.name || '');
      if (!variables) return;
      lastVariables.set(tile, variables);
    }
    /** @type {{variables: Record<string, string>, targets?: string[], location?: {latitude: number, longitude: number}, hold?: number, batch_id?: string}} */
    const body = {variables};
    if (onlyTargets) body.targets = onlyTargets;
    if (tile.dataset.location === 'yes') {
      const here = await browserLocation();
      if (here) body.location = here;
    }
    clearTimeout(clearTimers.get(tile));
    if (!onlyTargets) list.replaceChildren();
    button.setAttribute('aria-busy', 'true');
    if (tile.dataset.kind && tile.dataset.kind !== 'telegram') {
      try {
        await openDraft(tile, {variables, ...(body.location ? {location: body.location} : {})});
      } catch (error) {
        list.replaceChildren(el('li', {class: 'failed'}, el('span', {'aria-hidden': 'true', text: '✗'}), el('span', {text: messageOf(error, 'No draft made.')}),
          el('button', {type: 'button', 'data-retry-all': '1', text: 'Retry'})));
      } finally {
        button.removeAttribute('aria-busy');
      }
      return;
    }
    let endHold = () => {};
    try {
      // The undo hold (Settings): nothing reaches Telegram until it ends; Undo takes it back.
      const hold = Number(grid.dataset.undoHold || '0');
      if (hold > 0) {
        const {newBatchID, showHold} = await holds();
        body.hold = hold;
        const batch = newBatchID();
        body.batch_id = batch;
        ownHolds.add(batch);
        const remove = showHold(tile, batch, Date.now() + hold * 1000);
        // Held, the tile stays fully legible: it is waiting, not working.
        tile.classList.add('holding');
        endHold = () => { ownHolds.delete(batch); tile.classList.remove('holding'); remove(); };
      }
      const report = /** @type {SendReport} */ (await api('POST', 'templates/' + tile.dataset.id + '/send', body));
      endHold();
      if (report.undone) {
        list.replaceChildren(el('li', {class: 'undone'}, el('span', {'aria-hidden': 'true', text: '↶'}), el('span', {text: 'Undone: nothing was sent.'})));
        clearTimers.set(tile, window.setTimeout(() => list.replaceChildren(), 6000));
        return;
      }
      for (const r of report.results) {
        const row = resultRow(tile, r.target, r.title, r.status, r.error);
        if (row && r.status === 'failed') row.append(el('button', {type: 'button', 'data-retry': r.target, text: 'Retry'}));
      }
      if (report.all_sent) clearTimers.set(tile, window.setTimeout(() => list.replaceChildren(), 6000));
    } catch (error) {
      endHold();
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
    loadGrid(location.href, true);
  });

  const area = byId('grid-area', HTMLDivElement);
  const errorBanner = byId('grid-error', HTMLParagraphElement);
  let loadingURL = location.href;
  let loads = 0;
  /**
   * Reloads the grid (and its chips) for `url` in place: skeleton tiles while it loads; if it
   * fails, the tiles shown before come back with an error banner and Retry. A `live` reload (a
   * change made elsewhere) shows no skeleton and keeps each tile's send results.
   * @param {string} url
   * @param {boolean} [live]
   */
  async function loadGrid(url, live = false) {
    const mine = ++loads;
    loadingURL = url;
    const before = [...grid.children];
    if (!grid.isConnected) area.append(grid);
    if (!live) grid.replaceChildren(...Array.from({length: Math.max(3, Math.min(before.length, 8))}, () =>
      el('li', {class: 'tile skeleton', 'aria-hidden': 'true'}, el('span', {class: 'bone glyph-bone'}), el('span', {class: 'bone'}), el('span', {class: 'bone short'}))));
    area.setAttribute('aria-busy', 'true');
    errorBanner.hidden = true;
    try {
      const response = await fetch(url, {credentials: 'same-origin', headers: {Accept: 'text/html'}});
      if (!response.ok) throw new Error('The dashboard answered ' + response.status + (response.statusText ? ' ' + response.statusText : '') + '.');
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const fresh = page.getElementById('grid-area');
      if (!fresh) throw new Error('The page came back without the templates.');
      if (mine !== loads) return;
      const freshGrid = fresh.querySelector('#grid');
      // Everything but the banner is replaced; the grid element itself stays (it holds the listeners).
      [...area.children].forEach((child) => { if (child !== errorBanner && child !== grid) child.remove(); });
      grid.remove();
      [...fresh.children].forEach((child) => {
        if (child.id === 'grid-error') return;
        if (child === freshGrid) {
          if (live) keepResults(before, freshGrid);
          grid.replaceChildren(...freshGrid.children);
          area.append(grid);
        } else area.append(child);
      });
    } catch (error) {
      if (mine !== loads) return;
      grid.replaceChildren(...before);
      byId('grid-error-text', HTMLSpanElement).textContent = "Couldn't load your templates: " + messageOf(error, 'the dashboard did not answer.');
      errorBanner.hidden = false;
    } finally {
      if (mine === loads) area.setAttribute('aria-busy', 'false');
    }
  }
  /**
   * Moves the send results shown under the tiles `before` onto the same templates' fresh tiles.
   * @param {Element[]} before
   * @param {Element} freshGrid
   */
  function keepResults(before, freshGrid) {
    for (const old of before) {
      const results = old.querySelector('.results');
      const id = old.getAttribute('data-id');
      if (!results || !results.children.length || !id) continue;
      const fresh = freshGrid.querySelector('.tile[data-id="' + CSS.escape(id) + '"] .results');
      fresh?.replaceWith(results);
    }
  }
  byId('grid-retry', HTMLButtonElement).addEventListener('click', () => loadGrid(loadingURL));
  area.addEventListener('click', (event) => {
    const link = eventElement(event)?.closest('.chips a');
    if (!(link instanceof HTMLAnchorElement) || !(event instanceof MouseEvent) || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    history.pushState(null, '', link.href);
    loadGrid(link.href);
  });
  window.addEventListener('popstate', () => loadGrid(location.href));

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

  /**
   * Send later: the dialog, then one ⏱ line per target under the tile (or why not) and a toast.
   * @param {HTMLElement} tile
   */
  async function scheduleLater(tile) {
    const list = resultList(tile);
    const variables = /** @type {TemplateVariable[]} */ (JSON.parse(tile.dataset.vars || '[]'));
    const name = tile.dataset.name || '';
    const values = lastVariables.get(tile);
    let later;
    try { later = await import('./send-later.js'); } catch (error) { toast(messageOf(error, 'Send later could not be loaded.')); return; }
    const {outcome, sendLater} = later;
    const result = await sendLater({id: tile.dataset.id || '', name, variables, ...(values ? {values} : {}),
      ...(tile.dataset.location === 'yes' ? {location: browserLocation} : {})});
    if (!result || !list) { tapButton(tile)?.focus(); return; }
    if (variables.length) lastVariables.set(tile, result.values);
    clearTimeout(clearTimers.get(tile));
    if (result.series) {
      const series = result.series;
      const next = series.next.filter((o) => o.state !== 'skipped')[0];
      list.replaceChildren(el('li', {class: 'scheduled'}, el('span', {'aria-hidden': 'true', text: '↻'}),
        el('span', {text: 'Repeats ' + series.words + (next ? ' · next ' + clockAt(new Date(next.at), true) : '')})));
      toast('“' + name + '” repeats ' + series.words + '.' + (series.follow_up ? ' ' + series.follow_up.sentence + '.' : '') + ' See Scheduled.');
      tapButton(tile)?.focus();
      return;
    }
    const lines = result.scheduled.map(outcome);
    list.replaceChildren(...lines.map((line, i) => el('li', {class: line.ok ? 'scheduled' : 'failed', 'data-target': result.scheduled[i]?.target},
      el('span', {'aria-hidden': 'true', text: line.ok ? '⏱' : '✗'}), el('span', {text: line.text}))));
    const first = result.scheduled[0];
    const good = lines.filter((line) => line.ok).length;
    toast(first && good ? '“' + name + '” scheduled for ' + clockAt(new Date(first.scheduled_for), true)
      + (good < lines.length ? ' (' + good + ' of ' + lines.length + ' targets)' : '') + '. See Scheduled.' : '“' + name + '” was not scheduled.');
    tapButton(tile)?.focus();
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
    const undoButton = target.closest('[data-undo]');
    if (undoButton instanceof HTMLButtonElement) { holds().then((m) => m.undo(undoButton)); return; }
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
    case 'later': scheduleLater(tile); break;
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
