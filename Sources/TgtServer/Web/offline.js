// The offline page (Pages/OfflinePage.swift), shown by the service worker in place of a page the
// server did not answer: Retry loads that page again (the worker tries the server first), and
// the page says when it last tried. Opened as /offline itself, Retry goes to the grid.
import {byId} from './app.js';

function retry() {
  if (location.pathname === '/offline') location.assign('/');
  else location.reload();
}

byId('tried', HTMLParagraphElement).textContent = 'Last tried at ' + new Date().toLocaleTimeString() + '.';
byId('retry', HTMLButtonElement).addEventListener('click', retry);
// When this device's network comes back, try again at once.
window.addEventListener('online', retry);
