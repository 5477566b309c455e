/// Shared page script: the API helper (adds the CSRF header, unwraps the envelope), toasts,
/// the live connection badge and login updates from server-sent events, confirmations.
enum AppScript {
    static let source = #"""
'use strict';
const TGT = (() => {
  const meta = document.querySelector('meta[name="csrf-token"]');
  const csrf = meta ? meta.content : '';
  async function api(method, path, body) {
    const options = {method, headers: {Accept: 'application/json'}, credentials: 'same-origin'};
    if (method !== 'GET') options.headers['X-CSRF-Token'] = csrf;
    if (body !== undefined) { options.headers['Content-Type'] = 'application/json'; options.body = JSON.stringify(body); }
    let response;
    try { response = await fetch('/api/' + path, options); }
    catch (e) { throw {code: 'network', message: 'The dashboard cannot be reached. Is tgt serve still running?'}; }
    let reply;
    try { reply = await response.json(); }
    catch (e) { throw {code: 'bad_reply', message: 'The server answered with status ' + response.status + '.'}; }
    if (response.status === 401 && reply.error && reply.error.code === 'unauthorized') {
      location.href = '/login?next=' + encodeURIComponent(location.pathname + location.search);
    }
    if (!reply.success) throw reply.error;
    return reply.data;
  }
  function toast(text) {
    const box = document.getElementById('toast');
    if (!box) return;
    box.textContent = text;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { box.textContent = ''; }, 5000);
  }
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      if (key === 'text') node.textContent = value; else node.setAttribute(key, value === true ? '' : value);
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }
  const listeners = {};
  function on(name, handler) { (listeners[name] = listeners[name] || []).push(handler); }
  function showConnection(state, label) {
    const badge = document.getElementById('conn');
    if (!badge) return;
    badge.textContent = 'Telegram: ' + label;
    badge.classList.toggle('bad', state !== 'ready');
  }
  on('connection', (data) => showConnection(data.state, data.label));
  let submitting = false;
  on('login', (data) => {
    const card = document.querySelector('[data-step]');
    if (!submitting && card && card.dataset.step !== data.step && data.step !== 'starting') location.reload();
  });
  function connect() {
    if (!csrf || !window.EventSource) return;
    const source = new EventSource('/api/events');
    for (const name of ['connection', 'login', 'send', 'templates']) {
      source.addEventListener(name, (event) => {
        let data = {};
        try { data = JSON.parse(event.data); } catch (e) { return; }
        (listeners[name] || []).forEach((handler) => handler(data));
      });
    }
    source.onerror = () => {
      const badge = document.getElementById('conn');
      if (badge && source.readyState !== EventSource.OPEN) { badge.textContent = 'Dashboard: reconnecting…'; badge.classList.add('bad'); }
    };
  }
  async function loadStatus() {
    if (!csrf) return;
    try {
      const status = await api('GET', 'status');
      if (status.connection) showConnection(status.connection.state, status.connection.label);
      else if (!status.credentials) showConnection('none', 'not set up');
    } catch (e) { /* the badge stays empty */ }
  }
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) { event.preventDefault(); return; }
    if (!event.defaultPrevented) submitting = true;
  });
  document.addEventListener('DOMContentLoaded', () => { loadStatus(); connect(); });
  return {api, toast, el, on, csrf};
})();
"""#
}
