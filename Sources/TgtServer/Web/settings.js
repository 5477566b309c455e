// Settings page: "Use where I am" fills the default location from the browser; Copy puts a
// trigger link just made on the clipboard.
import {find, locate, toast} from './app.js';

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

const copy = find(document, '#copy-trigger-link', HTMLButtonElement);
const link = find(document, '#trigger-link', HTMLElement);
if (copy && link) {
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link.textContent || '');
      toast('Link copied.');
    } catch {
      toast('This browser did not allow copying; select the link and copy it.');
    }
  });
}
