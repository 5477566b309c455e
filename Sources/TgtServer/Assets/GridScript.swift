/// Templates grid script: tap to send (variables dialog, browser location), per-target
/// results with retry, live progress, duplicate, delete with confirmation, reorder by drag
/// or by the menu's move buttons.
enum GridScript {
    static let source = #"""
'use strict';
(() => {
  const grid = document.getElementById('grid');
  if (!grid) return;
  const {api, toast, el, on} = TGT;
  let ownChangeAt = 0;
  document.querySelectorAll('dialog [data-close]').forEach((button) => {
    button.addEventListener('click', () => button.closest('dialog').close('cancel'));
  });

  function askVariables(names, title) {
    const dialog = document.getElementById('vars-dialog');
    const fields = document.getElementById('vars-fields');
    document.getElementById('vars-title').textContent = title;
    fields.replaceChildren(...names.map((name, i) => el('div', {class: 'stack'},
      el('label', {for: 'var-' + i, text: name.replace(/_/g, ' ')}),
      el('input', {id: 'var-' + i, name, required: true, autocomplete: 'off'}))));
    return new Promise((resolve) => {
      dialog.addEventListener('close', () => {
        if (dialog.returnValue !== 'send') { resolve(null); return; }
        const values = {};
        fields.querySelectorAll('input').forEach((input) => { values[input.name] = input.value; });
        resolve(values);
      }, {once: true});
      dialog.returnValue = '';
      dialog.showModal();
    });
  }

  function browserLocation() {
    return new Promise((resolve) => {
      if (!navigator.geolocation) {
        toast('This browser cannot share its location here (it needs https or localhost): using the default location from Settings.');
        resolve(null); return;
      }
      navigator.geolocation.getCurrentPosition(
        (p) => resolve({latitude: p.coords.latitude, longitude: p.coords.longitude}),
        (e) => {
          toast(e.code === 1 ? 'Location permission refused: using the default location from Settings.' : 'Your location is not available: using the default location from Settings.');
          resolve(null);
        }, {timeout: 10000, maximumAge: 60000, enableHighAccuracy: true});
    });
  }

  function resultRow(tile, key, title, status, detail) {
    const list = tile.querySelector('.results');
    let row = list.querySelector('li[data-target="' + CSS.escape(key) + '"]');
    if (!row) { row = el('li', {'data-target': key}); list.append(row); }
    row.className = status;
    const mark = status === 'sent' ? '✓' : status === 'failed' ? '✗' : null;
    row.replaceChildren(mark ? el('span', {'aria-hidden': 'true', text: mark}) : el('span', {class: 'spinner', 'aria-hidden': 'true'}),
      el('span', {text: title + (status === 'sent' ? ' sent' : status === 'failed' ? ': ' + (detail || 'failed') : status === 'waiting' ? ': ' + detail : '…')}));
    return row;
  }

  async function send(tile, onlyTargets) {
    const button = tile.querySelector('.tap');
    if (button.getAttribute('aria-busy') === 'true') return;
    const names = JSON.parse(tile.dataset.vars || '[]');
    let variables = {};
    if (names.length) {
      variables = onlyTargets && tile.lastVariables ? tile.lastVariables : await askVariables(names, tile.dataset.name);
      if (!variables) return;
      tile.lastVariables = variables;
    }
    const body = {variables};
    if (onlyTargets) body.targets = onlyTargets;
    if (tile.dataset.location === 'yes') {
      const here = await browserLocation();
      if (here) body.location = here;
    }
    const list = tile.querySelector('.results');
    clearTimeout(tile.clearTimer);
    if (!onlyTargets) list.replaceChildren();
    button.setAttribute('aria-busy', 'true');
    try {
      const report = await api('POST', 'templates/' + tile.dataset.id + '/send', body);
      for (const r of report.results) {
        const row = resultRow(tile, r.target, r.title, r.status, r.error);
        if (r.status === 'failed') row.append(el('button', {type: 'button', 'data-retry': r.target, text: 'Retry'}));
      }
      if (report.all_sent) tile.clearTimer = setTimeout(() => list.replaceChildren(), 6000);
    } catch (e) {
      list.replaceChildren(el('li', {class: 'failed'}, el('span', {'aria-hidden': 'true', text: '✗'}), el('span', {text: e.message || 'Not sent.'}),
        el('button', {type: 'button', 'data-retry-all': '1', text: 'Retry'})));
    } finally {
      button.removeAttribute('aria-busy');
    }
  }

  on('send', (data) => {
    const tile = grid.querySelector('.tile[data-id="' + data.template_id + '"]');
    if (tile && tile.querySelector('.tap').getAttribute('aria-busy') === 'true') resultRow(tile, data.target, data.title, data.status, data.detail);
  });
  on('templates', () => {
    if (Date.now() - ownChangeAt < 3000 || document.querySelector('dialog[open]') || grid.querySelector('[aria-busy="true"]')) return;
    location.reload();
  });

  async function reorder(id, neighbourID, before) {
    ownChangeAt = Date.now();
    try {
      const all = (await api('GET', 'templates')).templates.map((t) => t.id);
      const order = all.filter((x) => x !== id);
      let index = order.indexOf(neighbourID);
      if (index < 0) return;
      if (!before) index += 1;
      order.splice(index, 0, id);
      await api('PUT', 'templates/order', {ids: order});
      ownChangeAt = Date.now();
    } catch (e) {
      toast(e.message || 'Could not reorder.');
      location.reload();
    }
  }

  function moveTile(tile, direction) {
    const neighbour = direction < 0 ? tile.previousElementSibling : tile.nextElementSibling;
    if (!neighbour) return;
    if (direction < 0) grid.insertBefore(tile, neighbour); else grid.insertBefore(neighbour, tile);
    tile.querySelector('.tap').focus();
    reorder(tile.dataset.id, neighbour.dataset.id, direction < 0);
  }

  function confirmDelete(name) {
    const dialog = document.getElementById('confirm-dialog');
    document.getElementById('confirm-text').textContent = '“' + name + '” will be deleted. Its past sends stay in Recent.';
    return new Promise((resolve) => {
      dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), {once: true});
      dialog.returnValue = '';
      dialog.showModal();
    });
  }

  grid.addEventListener('click', async (event) => {
    const tile = event.target.closest('.tile');
    if (!tile) return;
    if (event.target.closest('.tap')) { send(tile); return; }
    const retry = event.target.closest('[data-retry]');
    if (retry) { send(tile, [retry.dataset.retry]); return; }
    if (event.target.closest('[data-retry-all]')) { send(tile); return; }
    const action = event.target.closest('[data-action]');
    if (!action) return;
    tile.querySelector('details').open = false;
    const id = tile.dataset.id;
    if (action.dataset.action === 'duplicate') {
      try { await api('POST', 'templates/' + id + '/duplicate'); location.reload(); } catch (e) { toast(e.message); }
    } else if (action.dataset.action === 'delete') {
      if (!(await confirmDelete(tile.dataset.name))) return;
      ownChangeAt = Date.now();
      try { await api('DELETE', 'templates/' + id); tile.remove(); location.reload(); }
      catch (e) { toast(e.message); }
    } else if (action.dataset.action === 'up') moveTile(tile, -1);
    else if (action.dataset.action === 'down') moveTile(tile, 1);
  });

  let dragged = null;
  grid.addEventListener('dragstart', (e) => {
    dragged = e.target.closest('.tile');
    if (!dragged) return;
    dragged.classList.add('dragging');
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', dragged.dataset.id);
  });
  grid.addEventListener('dragend', () => {
    if (dragged) dragged.classList.remove('dragging');
    grid.querySelectorAll('.drop').forEach((t) => t.classList.remove('drop'));
    dragged = null;
  });
  grid.addEventListener('dragover', (e) => {
    const over = e.target.closest('.tile');
    if (!dragged || !over || over === dragged) return;
    e.preventDefault();
    grid.querySelectorAll('.drop').forEach((t) => t.classList.remove('drop'));
    over.classList.add('drop');
  });
  grid.addEventListener('drop', (e) => {
    const over = e.target.closest('.tile');
    if (!dragged || !over || over === dragged) return;
    e.preventDefault();
    const tiles = [...grid.children];
    const before = tiles.indexOf(dragged) > tiles.indexOf(over);
    grid.insertBefore(dragged, before ? over : over.nextElementSibling);
    reorder(dragged.dataset.id, over.dataset.id, before);
  });
})();
"""#
}
