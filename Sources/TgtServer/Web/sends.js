// Recent: the send log follows itself. When a send moves on (`send` events), someone replies
// to a message a template sent (`replies`), or a timer's scheduled message changes (`timers`),
// the page asks the server for itself again (GET /sends: the same server-rendered HTML, all
// user content escaped by the server) and swaps its list in place. What was on screen stays
// where it was: the first card in view keeps its position (new cards arrive above it), and
// a focused link keeps the focus.
import {byId, messageOf, on, toast} from './app.js';

const main = byId('main', HTMLElement);
let loads = 0;

/** The card a node is in, by its key (`data-batch`). */
function cardKey(/** @type {Element | null} */ node) {
  const card = node?.closest('[data-batch]');
  return card instanceof HTMLElement ? card.dataset['batch'] ?? '' : '';
}

async function reload() {
  const mine = ++loads;
  let html;
  try {
    const response = await fetch('/sends', {credentials: 'same-origin', headers: {Accept: 'text/html'}});
    if (!response.ok || new URL(response.url).pathname !== '/sends') throw new Error('The dashboard answered with status ' + response.status + '.');
    html = await response.text();
  } catch (error) {
    if (mine === loads) toast("Couldn't update Recent: " + messageOf(error));
    return;
  }
  if (mine !== loads) return;
  // An inert document: nothing in it runs or loads.
  const fresh = new DOMParser().parseFromString(html, 'text/html').getElementById('main');
  if (!fresh) return;

  // Where the reader is: the first card at least partly in view, and the focused link.
  const anchor = [...main.querySelectorAll('[data-batch]')].find((card) => card.getBoundingClientRect().bottom > 0);
  const anchorKey = window.scrollY > 0 ? cardKey(anchor ?? null) : '';
  const anchorTop = anchor?.getBoundingClientRect().top ?? 0;
  const focused = document.activeElement instanceof HTMLAnchorElement && main.contains(document.activeElement) ? document.activeElement : null;
  const focusKey = cardKey(focused);
  const focusHref = focused?.getAttribute('href') ?? '';

  main.replaceChildren(...[...fresh.childNodes].map((node) => document.importNode(node, true)));

  const again = anchorKey ? main.querySelector('[data-batch="' + CSS.escape(anchorKey) + '"]') : null;
  if (again) window.scrollBy(0, again.getBoundingClientRect().top - anchorTop);
  if (focused) {
    const link = [...main.querySelectorAll('[data-batch="' + CSS.escape(focusKey) + '"] a')].find((a) => a.getAttribute('href') === focusHref);
    if (link instanceof HTMLElement) link.focus({preventScroll: true});
  }
}

let pending = 0;
function soon() {
  window.clearTimeout(pending);
  pending = window.setTimeout(reload, 250);
}
on('send', soon);
on('sends', soon);
on('replies', soon);
on('timers', soon);
document.addEventListener('visibilitychange', () => { if (!document.hidden) soon(); });
