// Settings page: "Use where I am" fills the default location from the browser; Copy puts a
// trigger link or a webhook's secret just made on the clipboard. The page that shows a webhook's
// secret (the answer to its form's POST) is replaced in the history by /settings, so a reload
// loads Settings afresh and never shows the secret again. The webhooks and their delivery log
// follow the store (the `webhooks` event): a delivery made or retried, a webhook added or removed
// anywhere, shows without a reload.
import {find, locate, on, toast} from './app.js';

const button = find(document, '#use-here', HTMLButtonElement);
const input = find(document, '#default_location', HTMLInputElement);
if (button && input) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    const here = await locate({timeout: 10000, maximumAge: 60000});
    button.disabled = false;
    if (typeof here === 'string') {
      toast({
        unsupported: 'This browser cannot share its location here (it needs https or localhost). Type it instead.',
        refused: 'Location permission was refused; type the location instead.',
        unavailable: 'The location is not available right now; type it instead.',
      }[here]);
      return;
    }
    input.value = here.latitude.toFixed(6) + ',' + here.longitude.toFixed(6);
    input.focus();
  });
}

/**
 * Copy on `buttonID` puts the text of `textID` on the clipboard and says so.
 * @param {string} buttonID
 * @param {string} textID
 * @param {string} what
 */
function copier(buttonID, textID, what) {
  const copy = find(document, '#' + buttonID, HTMLButtonElement);
  const text = find(document, '#' + textID, HTMLElement);
  if (!copy || !text) return;
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text.textContent || '');
      toast(what + ' copied.');
    } catch {
      toast('This browser did not allow copying; select the ' + what.toLowerCase() + ' and copy it.');
    }
  });
}
copier('copy-trigger-link', 'trigger-link', 'Link');
copier('copy-webhook-secret', 'webhook-secret', 'Secret');
if (document.getElementById('webhook-secret')) history.replaceState(null, '', '/settings#webhooks');

/** Replaces the webhook list and delivery log with those of a fresh Settings page. */
async function reloadWebhooks() {
  const response = await fetch('/settings', {headers: {Accept: 'text/html'}, credentials: 'same-origin'});
  if (!response.ok) return;
  // An inert document: nothing in it runs or loads.
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
  for (const id of ['webhook-list', 'webhook-log-region']) {
    const here = document.getElementById(id);
    const there = fresh.getElementById(id);
    // Never under the reader's focus (a button about to be pressed).
    if (!here || !there || here.contains(document.activeElement)) continue;
    here.replaceChildren(...[...there.childNodes].map((node) => document.importNode(node, true)));
  }
}

let webhooksPending = 0;
if (document.getElementById('webhook-log-region')) {
  on('webhooks', () => {
    window.clearTimeout(webhooksPending);
    webhooksPending = window.setTimeout(reloadWebhooks, 250);
  });
}
