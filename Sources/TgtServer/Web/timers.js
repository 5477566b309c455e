// Timers page: the cards (loaded through the API, counts only), the New/Edit form
// (timer-form.js), and the detail view: a progress ring counting down in the page from the end
// date (no request per second; right after a sleep or a reload), the controls that apply,
// to-dos, notes, delete. At the end: DONE, a browser notification and a short beep
// (timer-alerts.js). Each target's completion message (timer-completion.js). Changes made elsewhere arrive as the `timers` server-sent event and reload
// what is on screen (the list or the open timer, never the form being typed in).
import {ApiError, api, byId, el, eventElement, messageOf, on, openDialog, toast} from './app.js';
import {askNotifications, beep, notifyDone, unlockAudio} from './timer-alerts.js';
import {setUpForm} from './timer-form.js';
import {showCompletion} from './timer-completion.js';

/** @typedef {import('./types').Timer} Timer */
/** @typedef {import('./types').TimerList} TimerList */

const list = document.getElementById('timer-list');
if (list instanceof HTMLUListElement) setUp(list);

/**
 * "25:00", "1:02:03": seconds rounded up, as the server and the apps show it.
 * @param {number} ms
 */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  /** @param {number} n */
  const two = (n) => (n < 10 ? '0' : '') + n;
  return h > 0 ? h + ':' + two(m) + ':' + two(r) : two(m) + ':' + two(r);
}

/** @param {HTMLUListElement} list */
function setUp(list) {
  const views = {list: byId('list-view', HTMLElement), form: byId('form-view', HTMLElement), detail: byId('detail-view', HTMLElement)};
  const ring = byId('ring', SVGCircleElement);
  /** @type {Timer[]} */
  let timers = [];
  /** Local end (Date.now() clock) of each running timer, from `remaining_ms` when it arrived. */
  const ends = new Map();
  /** Timers whose end this page has announced (id + end). */
  const announced = new Set();
  /** @type {Timer | null} the timer in the detail view, with to-dos and notes */
  let current = null;
  let ownChangeAt = 0;
  let lastSpoken = '';

  // ---- time ----

  /** @param {Timer} timer */
  function remember(timer) {
    const end = ends.get(timer.id);
    if (timer.state === 'running') {
      ends.set(timer.id, Date.now() + timer.remaining_ms);
    } else {
      ends.delete(timer.id);
      // It ended while this page counted it down, and the server's word came before the
      // page's own tick: the end is announced all the same.
      if (timer.state === 'completed' && end !== undefined) announce(timer, timer.id + '@' + end);
    }
    return timer;
  }
  /** @param {Timer} timer */
  function left(timer) {
    if (timer.state === 'running') return Math.max(0, (ends.get(timer.id) ?? Date.now()) - Date.now());
    return timer.state === 'completed' ? 0 : timer.remaining_ms;
  }
  /** @param {Timer} timer */
  function label(timer) {
    return timer.state === 'paused' ? 'PAUSED' : timer.state === 'completed' ? 'DONE' : '';
  }

  /** Every tick: the clocks on screen, and timers that just ended. */
  function tick() {
    // The cards only while the list is on screen (the detail has its own copy of its timer).
    for (const timer of views.list.hidden ? [] : timers) {
      if (timer.state !== 'running') continue;
      const ms = left(timer);
      const clock = list.querySelector('[data-id="' + timer.id + '"] .card-time');
      if (clock) clock.textContent = clockText(ms);
      if (ms <= 0) finished(timer);
    }
    if (current) {
      drawDetail(current);
      if (current.state === 'running' && left(current) <= 0) finished(current);
    }
  }
  window.setInterval(tick, 250);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });

  /**
   * A running timer reached its end here: DONE on screen, a notification and a beep once, then
   * the server's view (it completes the timer at its true end).
   * @param {Timer} timer
   */
  function finished(timer) {
    const key = timer.id + '@' + (ends.get(timer.id) ?? 0);
    timer.state = 'completed';
    timer.remaining_ms = 0;
    ends.delete(timer.id);
    if (!announce(timer, key)) return;
    if (current?.id === timer.id) showDetail(current);
    window.setTimeout(refresh, 800);
  }

  /**
   * A notification, a beep and the screen reader's line, once per run of a timer (`key`: its
   * id and end), whichever saw the end first: this page's tick or the server.
   * @param {Timer} timer
   * @param {string} key
   */
  function announce(timer, key) {
    if (announced.has(key)) return false;
    announced.add(key);
    beep();
    notifyDone(timer.name, timer.id);
    if (current?.id === timer.id) say(timer.name + ' is done.');
    return true;
  }

  /** @param {string} text read out by screen readers (not every second) */
  function say(text) {
    if (text === lastSpoken) return;
    lastSpoken = text;
    byId('clock-live', HTMLParagraphElement).textContent = text;
  }

  // ---- list ----

  /** @param {Timer} timer */
  function card(timer) {
    const todos = timer.todo_count === 1 ? '1 to-do' : timer.todo_count + ' to-dos';
    const time = timer.state === 'idle' ? timer.duration : clockText(left(timer));
    const state = label(timer);
    return el('li', {class: 'timer-card', 'data-id': timer.id},
      el('a', {href: '#timer/' + timer.id, class: 'timer-open', 'aria-describedby': 'meta-' + timer.id},
        el('span', {class: 'glyph', 'aria-hidden': 'true', text: timer.icon_glyph}),
        el('span', {class: 'name', text: timer.name}),
        el('span', {class: 'card-time', 'data-color': timer.color_name, text: time}),
        state ? el('span', {class: 'state-label', text: state}) : null,
        el('span', {class: 'meta', id: 'meta-' + timer.id, text: todos + ' · ' + (timer.has_notes ? 'Notes added' : 'No notes')})),
      el('span', {class: 'card-moves'},
        el('button', {type: 'button', 'data-move': '-1', 'aria-label': 'Move ' + timer.name + ' up', text: '↑'}),
        el('button', {type: 'button', 'data-move': '1', 'aria-label': 'Move ' + timer.name + ' down', text: '↓'})));
  }

  function drawList() {
    list.replaceChildren(...timers.map(card));
    byId('timers-empty', HTMLDivElement).hidden = timers.length > 0;
    list.hidden = timers.length === 0;
    byId('timer-count', HTMLParagraphElement).textContent = timers.length === 0 ? '' : timers.length === 1 ? '1 timer' : timers.length + ' timers';
  }

  async function loadList() {
    const banner = byId('list-error', HTMLParagraphElement);
    list.setAttribute('aria-busy', 'true');
    try {
      const reply = /** @type {TimerList} */ (await api('GET', 'timers?summary=true'));
      timers = reply.timers.map(remember);
      banner.hidden = true;
      drawList();
    } catch (error) {
      byId('list-error-text', HTMLSpanElement).textContent = "Couldn't load your timers: " + messageOf(error);
      banner.hidden = false;
    } finally {
      list.setAttribute('aria-busy', 'false');
    }
  }
  byId('list-retry', HTMLButtonElement).addEventListener('click', loadList);

  list.addEventListener('click', async (event) => {
    const button = eventElement(event)?.closest('[data-move]');
    const item = button?.closest('.timer-card');
    if (!(button instanceof HTMLButtonElement) || !(item instanceof HTMLLIElement)) return;
    const index = timers.findIndex((t) => t.id === item.dataset['id']);
    const to = index + Number(button.dataset['move']);
    if (index < 0 || to < 0 || to >= timers.length) return;
    ownChangeAt = Date.now();
    try {
      await api('POST', 'timers/' + item.dataset['id'] + '/move', {position: to});
      await loadList();
      list.querySelector('[data-id="' + item.dataset['id'] + '"] [data-move="' + button.dataset['move'] + '"]')?.closest('button')?.focus();
    } catch (error) { toast(messageOf(error)); }
  });

  const openForm = setUpForm(() => { ownChangeAt = Date.now(); });

  // ---- detail ----

  /** @param {Timer} timer */
  function drawDetail(timer) {
    const ms = left(timer);
    const total = timer.duration_seconds * 1000;
    const done = timer.state === 'completed' ? 1 : Math.min(1, Math.max(0, (total - ms) / total));
    const clock = byId('clock', HTMLSpanElement);
    const text = clockText(ms);
    if (clock.textContent !== text) clock.textContent = text;
    clock.dataset['color'] = timer.color_name;
    ring.dataset['color'] = timer.color_name;
    ring.style.strokeDashoffset = String(done * 100);
    byId('state-label', HTMLSpanElement).textContent = label(timer);
    // Read out on a change of state, and each minute (each 10 s in the last minute), not every second.
    const seconds = Math.ceil(ms / 1000);
    if (timer.state !== 'running') say(timer.name + ': ' + text + (label(timer) ? ', ' + label(timer).toLowerCase() : ''));
    else if (seconds % 60 === 0 || (seconds <= 60 && seconds % 10 === 0)) say(text + ' left');
  }

  /** @param {Timer} timer */
  function showDetail(timer) {
    current = remember(timer);
    byId('detail-icon', HTMLSpanElement).textContent = timer.icon_glyph;
    byId('detail-title', HTMLSpanElement).textContent = timer.name;
    byId('detail-edit', HTMLAnchorElement).href = '#edit/' + timer.id;
    /** @type {Record<string, boolean>} */
    const shown = {start: timer.state === 'idle' || timer.state === 'completed', pause: timer.state === 'running',
      resume: timer.state === 'paused', extend: timer.state === 'running' || timer.state === 'paused', reset: timer.state !== 'idle'};
    for (const [name, visible] of Object.entries(shown)) byId('btn-' + name, HTMLButtonElement).hidden = !visible;
    const todos = timer.todos ?? [];
    byId('todos-done', HTMLSpanElement).textContent = todos.length ? todos.filter((t) => t.done).length + ' of ' + todos.length : '';
    byId('todo-list', HTMLUListElement).replaceChildren(...todos.map((todo, i) => el('li', {class: 'todo', 'data-todo': todo.id},
      el('label', {class: 'check'}, el('input', {type: 'checkbox', checked: todo.done, 'data-todo-action': 'toggle'}), el('span', {class: todo.done ? 'done' : '', text: todo.text})),
      el('span', {class: 'todo-actions'},
        el('button', {type: 'button', 'data-todo-action': 'edit', 'aria-label': 'Edit “' + todo.text + '”', text: 'Edit'}),
        el('button', {type: 'button', 'data-todo-action': 'up', 'aria-label': 'Move “' + todo.text + '” up', disabled: i === 0, text: '↑'}),
        el('button', {type: 'button', 'data-todo-action': 'down', 'aria-label': 'Move “' + todo.text + '” down', disabled: i === todos.length - 1, text: '↓'}),
        el('button', {type: 'button', class: 'danger', 'data-todo-action': 'delete', 'aria-label': 'Delete “' + todo.text + '”', text: 'Delete'})))));
    const notes = byId('notes', HTMLTextAreaElement);
    if (document.activeElement !== notes && notes.dataset['dirty'] !== 'yes') notes.value = timer.notes ?? '';
    showCompletion(timer);
    drawDetail(timer);
  }

  /** @param {string} id */
  async function loadDetail(id) {
    try {
      showDetail(/** @type {Timer} */ (await api('GET', 'timers/' + id)));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') { toast('That timer no longer exists.'); location.hash = '#'; return; }
      detailError(error);
    }
  }

  /** @param {unknown} error */
  function detailError(error) {
    const banner = byId('detail-error', HTMLParagraphElement);
    banner.textContent = messageOf(error);
    banner.hidden = false;
  }

  /**
   * Sends `path` for the detail's timer and shows the timer it answers with.
   * @param {'POST' | 'PATCH' | 'PUT' | 'DELETE'} method
   * @param {string} path below timers/ID
   * @param {unknown} [body]
   */
  async function change(method, path, body) {
    if (!current) return null;
    ownChangeAt = Date.now();
    byId('detail-error', HTMLParagraphElement).hidden = true;
    const timer = /** @type {Timer} */ (await api(method, 'timers/' + current.id + path, body));
    showDetail(timer);
    return timer;
  }

  for (const name of ['start', 'pause', 'resume', 'reset', 'extend']) {
    byId('btn-' + name, HTMLButtonElement).addEventListener('click', async () => {
      if (name === 'start') { unlockAudio(); askNotifications(); }
      try {
        await change('POST', '/' + name, name === 'extend' ? {seconds: 60} : undefined);
        const next = name === 'start' || name === 'resume' ? 'btn-pause' : name === 'pause' ? 'btn-resume' : name === 'reset' ? 'btn-start' : 'btn-' + name;
        byId(next, HTMLButtonElement).focus();
      } catch (error) { detailError(error); }
    });
  }

  const todoError = byId('todo-error', HTMLParagraphElement);
  /** @param {unknown} error */
  function showTodoError(error) {
    todoError.textContent = messageOf(error);
    todoError.hidden = false;
  }
  byId('todo-form', HTMLFormElement).addEventListener('submit', async (event) => {
    event.preventDefault();
    const input = byId('todo-text', HTMLInputElement);
    try {
      await change('POST', '/todos', {text: input.value});
      input.value = '';
      todoError.hidden = true;
      input.removeAttribute('aria-invalid');
    } catch (error) {
      showTodoError(error);
      input.setAttribute('aria-invalid', 'true');
    }
    input.focus();
  });

  byId('todo-list', HTMLUListElement).addEventListener('click', async (event) => {
    const target = eventElement(event)?.closest('[data-todo-action]');
    const item = target?.closest('[data-todo]');
    if (!(target instanceof HTMLElement) || !(item instanceof HTMLElement) || !current) return;
    const id = item.dataset['todo'] ?? '';
    const todos = current.todos ?? [];
    const index = todos.findIndex((t) => t.id === id);
    const path = '/todos/' + id;
    todoError.hidden = true;
    try {
      switch (target.dataset['todoAction']) {
      case 'toggle':
        await change('PATCH', path, {done: target instanceof HTMLInputElement && target.checked});
        break;
      case 'edit': {
        const text = window.prompt('Edit the to-do', todos[index]?.text ?? '');
        if (text !== null) await change('PATCH', path, {text});
        break;
      }
      case 'up':
      case 'down':
        await change('POST', path + '/move', {position: Math.max(0, index + (target.dataset['todoAction'] === 'up' ? -1 : 1))});
        break;
      case 'delete':
        await change('DELETE', path);
        break;
      default:
        return;
      }
      const again = document.querySelector('[data-todo="' + id + '"] [data-todo-action="' + target.dataset['todoAction'] + '"]');
      if (again instanceof HTMLElement && !(again instanceof HTMLButtonElement && again.disabled)) again.focus();
    } catch (error) {
      showTodoError(error);
      if (current) showDetail(current);
    }
  });

  const notes = byId('notes', HTMLTextAreaElement);
  notes.addEventListener('input', () => { notes.dataset['dirty'] = 'yes'; byId('notes-status', HTMLSpanElement).textContent = 'Not saved yet'; });
  byId('save-notes', HTMLButtonElement).addEventListener('click', async () => {
    const slot = byId('notes-error', HTMLParagraphElement);
    try {
      await change('PUT', '/notes', {notes: notes.value});
      notes.dataset['dirty'] = 'no';
      slot.hidden = true;
      byId('notes-status', HTMLSpanElement).textContent = 'Notes saved';
    } catch (error) {
      slot.textContent = messageOf(error);
      slot.hidden = false;
    }
  });

  byId('delete-timer', HTMLButtonElement).addEventListener('click', async () => {
    if (!current) return;
    byId('confirm-text', HTMLParagraphElement).textContent = '“' + current.name + '” and its to-dos and notes will be deleted.';
    if (await openDialog(byId('confirm-dialog', HTMLDialogElement)) !== 'ok') return;
    ownChangeAt = Date.now();
    try {
      await api('DELETE', 'timers/' + current.id);
      toast('Timer deleted.');
      location.hash = '#';
    } catch (error) { detailError(error); }
  });

  // ---- views ----

  /** Shows the view the address names: the list, #new, #edit/ID or #timer/ID. */
  async function route() {
    const [view, id] = location.hash.replace(/^#/, '').split('/');
    const name = view === 'new' || view === 'edit' ? 'form' : view === 'timer' && id ? 'detail' : 'list';
    for (const [key, section] of Object.entries(views)) section.hidden = key !== name;
    if (name !== 'detail') { current = null; byId('notes', HTMLTextAreaElement).dataset['dirty'] = 'no'; }
    if (name === 'list') { await loadList(); return; }
    if (name === 'detail' && id) {
      byId('detail-error', HTMLParagraphElement).hidden = true;
      await loadDetail(id);
      byId('detail-back', HTMLAnchorElement).focus();
      return;
    }
    let timer = null;
    if (view === 'edit' && id) {
      try { timer = /** @type {Timer} */ (await api('GET', 'timers/' + id)); } catch (error) { toast(messageOf(error)); location.hash = '#'; return; }
    }
    await openForm(timer);
  }

  /** Reloads what is on screen (a change elsewhere, back from sleep); never the form being typed in. */
  function refresh() {
    if (!views.list.hidden) loadList();
    else if (current) loadDetail(current.id);
  }
  let pending = 0;
  on('timers', () => {
    // Right after a change made here, only the completion section is brought up to date (the
    // scheduler may still be moving its messages); the rest would only lose the focus.
    if (Date.now() - ownChangeAt < 1000) {
      const id = current?.id;
      if (id) api('GET', 'timers/' + id).then((timer) => { if (current?.id === id) showCompletion(/** @type {Timer} */ (timer)); }, () => {});
      return;
    }
    window.clearTimeout(pending);
    pending = window.setTimeout(refresh, 150);
  });
  window.addEventListener('hashchange', route);
  route();
}
