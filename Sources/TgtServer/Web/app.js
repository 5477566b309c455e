// The dashboard's shared module, loaded by every page: the API helper (CSRF header, envelope),
// typed element lookups, toasts, dialogs, the browser's location, the live connection badge
// and login updates from server-sent events, confirmations before some forms post, scheduled
// times in the browser's time zone, dismissible notices and the service worker. Page scripts
// (grid.js, editor.js, settings.js, timers.js, scheduled.js, chats.js, sends.js) import from here.

/** @typedef {import('./types').EventMap} EventMap */
/** @typedef {import('./types').Envelope} Envelope */
/** @typedef {import('./types').Issue} Issue */
/** @typedef {import('./types').Status} Status */
/** @typedef {import('./types').TemplateVariable} TemplateVariable */

const csrfMeta = document.querySelector('meta[name="csrf-token"]');
/** The signed-in page's CSRF token ('' on the sign-in pages). */
export const csrf = csrfMeta instanceof HTMLMetaElement ? csrfMeta.content : '';

/** An error the API answered (or could not answer) with. */
export class ApiError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   * @param {Issue[]} [issues] one per field that failed validation
   * @param {string} [nextStep] what to do about it, when the API says
   */
  constructor(code, message, issues = [], nextStep = '') {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.issues = issues;
    this.nextStep = nextStep;
  }
}

/**
 * Calls the JSON API as the signed-in browser and unwraps the envelope.
 * @param {'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} method
 * @param {string} path below /api/
 * @param {unknown} [body] sent as JSON
 * @returns {Promise<unknown>} the reply's `data`; an ApiError is thrown otherwise
 */
export async function api(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = {Accept: 'application/json'};
  if (method !== 'GET') headers['X-CSRF-Token'] = csrf;
  /** @type {RequestInit} */
  const options = {method, headers, credentials: 'same-origin'};
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch('/api/' + path, options);
  } catch {
    // Nothing is retried later (sw.js leaves the API alone): say so.
    throw new ApiError('network', "TgTemplates can't reach its server" + (method === 'GET' ? '.' : ': nothing was sent or saved, and nothing is queued.')
      + ' Is tgt serve still running?');
  }
  /** @type {Envelope | null} */
  let reply = null;
  try {
    reply = await response.json();
  } catch {
    reply = null;
  }
  if (reply === null || typeof reply !== 'object') {
    throw new ApiError('bad_reply', 'The server answered with status ' + response.status + '.');
  }
  if (reply.success) return reply.data;
  if (response.status === 401 && reply.error.code === 'unauthorized') {
    location.href = '/login?next=' + encodeURIComponent(location.pathname + location.search);
  }
  throw new ApiError(reply.error.code, reply.error.message, reply.error.issues, reply.error.next_step);
}

/**
 * The message to show for anything a `try` caught.
 * @param {unknown} error
 * @param {string} [fallback]
 */
export function messageOf(error, fallback = 'Something went wrong.') {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The element with this id, of this kind; a missing one is a mistake in the page.
 * @template {Element} T
 * @param {string} id
 * @param {{new (): T, prototype: T}} type e.g. HTMLInputElement
 * @returns {T}
 */
export function byId(id, type) {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error('#' + id + ' is missing or not a ' + type.name);
  return node;
}

/**
 * The first element under `root` matching `selector`, of this kind, or null.
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{new (): T, prototype: T}} type
 * @returns {T | null}
 */
export function find(root, selector, type) {
  const node = root.querySelector(selector);
  return node instanceof type ? node : null;
}

/**
 * The element an event happened on (null for the window or a text node's parent-less case).
 * @param {Event} event
 */
export function eventElement(event) {
  return event.target instanceof Element ? event.target : null;
}

/**
 * Builds an element: attributes (`text` sets the text; false, null and undefined are left out;
 * true gives an empty attribute) and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | boolean | null | undefined>} [attributes]
 * @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === 'text') node.textContent = String(value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

const timeFormat = new Intl.DateTimeFormat(undefined, {hour: '2-digit', minute: '2-digit', hourCycle: 'h23'});
const dayFormat = new Intl.DateTimeFormat(undefined, {weekday: 'short', day: 'numeric', month: 'short'});

/**
 * A scheduled time in the browser's time zone: "18:42" today, "Mon, Nov 23, 09:00" on another
 * day (or always with the day, `withDay`).
 * @param {Date} date
 * @param {boolean} [withDay]
 */
export function clockAt(date, withDay = false) {
  const today = date.toDateString() === new Date().toDateString();
  return (withDay || !today ? dayFormat.format(date) + ', ' : '') + timeFormat.format(date);
}

/**
 * How long until `date`: "in 2 h 5 min", "in 3 d 4 h", "in 40 s", "due now".
 * @param {Date} date
 * @param {number} [now] ms since the epoch
 */
export function timeUntil(date, now = Date.now()) {
  const seconds = Math.round((date.getTime() - now) / 1000);
  if (seconds <= 0) return 'due now';
  if (seconds < 60) return 'in ' + seconds + ' s';
  const minutes = Math.ceil(seconds / 60);
  const days = Math.floor(minutes / 1440), hours = Math.floor((minutes % 1440) / 60), rest = minutes % 60;
  if (days > 0) return 'in ' + days + ' d' + (hours ? ' ' + hours + ' h' : '');
  if (hours > 0) return 'in ' + hours + ' h' + (rest ? ' ' + rest + ' min' : '');
  return 'in ' + rest + ' min';
}

/**
 * Inputs for a template's own variables: a text field (the value typed before, or the default)
 * or a picker for a choice.
 * @param {TemplateVariable[]} variables
 * @param {string} prefix of the fields' ids
 * @param {Record<string, string>} [values]
 */
export function variableFields(variables, prefix, values = {}) {
  return variables.map((variable, i) => {
    const id = prefix + i;
    const label = el('label', {for: id, text: variable.name.replace(/_/g, ' ')});
    const given = values[variable.name];
    if (variable.kind === 'choice') {
      return el('div', {class: 'stack'}, label, el('select', {id, name: variable.name},
        ...variable.choices.map((choice) => el('option', {value: choice, selected: choice === given, text: choice}))));
    }
    const input = el('input', {id, name: variable.name, autocomplete: 'off', required: variable.default === undefined});
    const value = given ?? variable.default;
    if (value !== undefined) input.value = value;
    return el('div', {class: 'stack'}, label, input);
  });
}

/**
 * The values of the fields `variableFields` made under `root`.
 * @param {ParentNode} root
 */
export function fieldValues(root) {
  /** @type {Record<string, string>} */
  const values = {};
  root.querySelectorAll('input, select').forEach((field) => {
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) values[field.name] = field.value;
  });
  return values;
}

let toastTimer = 0;
/**
 * Shows a short message at the bottom of the page (read out by screen readers) for 5 s.
 * @param {string} text
 */
export function toast(text) {
  const box = document.getElementById('toast');
  if (!box) return;
  box.textContent = text;
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => { box.textContent = ''; }, 5000);
}

/**
 * Opens a modal dialog; resolves with the value of the button that closed it ('' otherwise).
 * @param {HTMLDialogElement} dialog
 * @returns {Promise<string>}
 */
export function openDialog(dialog) {
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue), {once: true});
    dialog.returnValue = '';
    dialog.showModal();
  });
}

/**
 * Where the browser is, or why not: 'unsupported' (no geolocation here: it needs https or
 * localhost), 'refused' (permission) or 'unavailable' (no fix within the timeout).
 * @param {PositionOptions} options
 * @returns {Promise<GeolocationCoordinates | 'unsupported' | 'refused' | 'unavailable'>}
 */
export function locate(options) {
  return new Promise((resolve) => {
    if (!navigator.geolocation) { resolve('unsupported'); return; }
    navigator.geolocation.getCurrentPosition((position) => resolve(position.coords),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? 'refused' : 'unavailable'), options);
  });
}

/** @type {{[K in keyof EventMap]: ((data: EventMap[K]) => void)[]}} */
const listeners = {connection: [], login: [], send: [], templates: [], timers: [], chat: [], upload: [], replies: [], sends: [], webhooks: []};

/**
 * Runs `handler` for each server-sent event of this name.
 * @template {keyof EventMap} K
 * @param {K} name
 * @param {(data: EventMap[K]) => void} handler
 */
export function on(name, handler) {
  listeners[name].push(handler);
}

/**
 * @param {string} state
 * @param {string} label
 */
function showConnection(state, label) {
  const badge = document.getElementById('conn');
  if (!badge) return;
  badge.textContent = 'Telegram: ' + label;
  badge.classList.toggle('bad', state !== 'ready');
}

let submitting = false;
on('connection', (data) => showConnection(data.state, data.label));
// New messages are told about on every page (notify.js, loaded once the page is idle).
on('chat', (data) => document.dispatchEvent(new CustomEvent('tgt:chat', {detail: data})));
// So are snippets left as typed (notify.js reads the send log when it changes).
on('sends', () => document.dispatchEvent(new CustomEvent('tgt:sends')));
on('login', (data) => {
  const card = document.querySelector('[data-step]');
  if (!submitting && card instanceof HTMLElement && card.dataset['step'] !== data.step && data.step !== 'starting') location.reload();
});

/**
 * @template {keyof EventMap} K
 * @param {K} name
 * @param {string} json
 */
function dispatch(name, json) {
  /** @type {EventMap[K]} */
  let data;
  try { data = JSON.parse(json); } catch { return; }
  listeners[name].forEach((handler) => handler(data));
}

function connect() {
  if (!csrf || !window.EventSource) return;
  const source = new EventSource('/api/events');
  // Every event the page can follow (`listeners` has one list per event of openapi.yaml).
  const names = /** @type {(keyof EventMap)[]} */ (Object.keys(listeners));
  for (const name of names) source.addEventListener(name, (event) => dispatch(name, event.data));
  // Says on the page whether live changes arrive (tests wait for it before changing things).
  source.onopen = () => { document.documentElement.dataset.events = 'open'; };
  source.onerror = () => {
    document.documentElement.dataset.events = 'closed';
    const badge = document.getElementById('conn');
    if (badge && source.readyState !== EventSource.OPEN) {
      badge.textContent = 'Dashboard: reconnecting…';
      badge.classList.add('bad');
    }
  };
}

async function loadStatus() {
  if (!csrf) return;
  try {
    const status = /** @type {Status} */ (await api('GET', 'status'));
    if (status.connection) showConnection(status.connection.state, status.connection.label);
    else if (!status.credentials) showConnection('none', 'not set up');
  } catch {
    // the badge stays empty
  }
}

document.addEventListener('submit', (event) => {
  const form = eventElement(event);
  const question = form instanceof HTMLFormElement ? form.dataset['confirm'] : undefined;
  if (question && !window.confirm(question)) { event.preventDefault(); return; }
  if (!event.defaultPrevented) submitting = true;
});
document.addEventListener('click', (event) => {
  const target = eventElement(event);
  target?.closest('dialog [data-close]')?.closest('dialog')?.close('cancel');
  // A notice's ✕; one with an id stays away in this browser (Notices.swift).
  const notice = target?.closest('[data-dismiss]')?.parentElement;
  if (!(notice instanceof HTMLElement)) return;
  const id = notice.dataset['notice'];
  if (id) document.cookie = 'tgt_hide_' + id + '=1; path=/; max-age=31536000; samesite=strict';
  notice.hidden = true;
  byId('main', HTMLElement).focus();
});
// sw.js: the assets from its cache, its offline page when the server is out of reach.
navigator.serviceWorker?.register('/sw.js').catch(() => {});
// Modules run once the document is parsed: the elements above are all there.
loadStatus();
connect();
if (csrf) {
  const later = window.requestIdleCallback ?? ((/** @type {() => void} */ run) => window.setTimeout(run, 500));
  later(() => { import('./notify.js').catch(() => undefined); });
}
