// The service worker (issue 24: a dashboard that feels like an app). Served as /sw.js (its scope
// is the whole dashboard), never from the cache for a year: ServiceWorker.swift fills in VERSION
// and ASSETS for the running binary, so a new tgt is a new worker with a new cache, and the old
// cache is deleted when it takes over.
//
// - The stylesheets, scripts and icon (content-hashed names: a name is only ever one file) and the
//   offline page are cached when the worker installs, and served from the cache from then on.
// - Pages are fetched from the server first, always: they hold the person's templates and chats,
//   so no page is ever stored (nothing shows after signing out). When the server cannot be
//   reached, the offline page stands in for the page, with Retry.
// - The API is left alone: a tap goes to the server or fails there and then, in the page's own
//   words ("TgTemplates can't reach its server"); nothing is queued to be sent later.

/** @typedef {import('./types').ServiceWorkerScope} ServiceWorkerScope */

const VERSION = 'development';
const ASSETS = /** @type {string[]} */ ([]);
const OFFLINE = '/offline';
const CACHE = 'tgt-' + VERSION;
/** How long a page may take to start arriving before the offline page stands in (ms). */
const PAGE_TIMEOUT = 10000;

const worker = /** @type {ServiceWorkerScope} */ (/** @type {unknown} */ (self));

worker.addEventListener('install', (event) => {
  // `reload`: past the browser's HTTP cache, so the offline page is this binary's.
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll([OFFLINE, ...ASSETS].map((url) => new Request(url, {cache: 'reload'}))))
    .then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith('tgt-') && name !== CACHE).map((name) => caches.delete(name))))
    .then(() => worker.clients.claim()));
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (ASSETS.includes(url.pathname)) event.respondWith(asset(request));
});

/**
 * A page from the server, or the offline page when the server does not answer.
 * @param {Request} request
 */
async function page(request) {
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), PAGE_TIMEOUT));
  try {
    return await Promise.race([fetch(request), late]);
  } catch {
    return (await caches.match(OFFLINE, {cacheName: CACHE})) ?? Response.error();
  }
}

/**
 * A hashed asset from the cache (put there at install), or from the server if it is missing.
 * @param {Request} request
 */
async function asset(request) {
  return (await caches.match(request, {cacheName: CACHE})) ?? fetch(request);
}
