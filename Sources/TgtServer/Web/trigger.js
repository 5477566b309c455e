// A trigger link's confirmation page: Send posts to the same link (the secret in its address is
// the only credential; values in its query go along) and says how it went. Opening the page
// never sends.
import {byId, messageOf} from './app.js';

const button = byId('trigger-send', HTMLButtonElement);
const result = byId('trigger-result', HTMLParagraphElement);
button.addEventListener('click', async () => {
  button.disabled = true;
  result.textContent = 'Sending…';
  try {
    const response = await fetch(location.pathname + location.search, {method: 'POST', headers: {'Content-Type': 'application/json', Accept: 'application/json'}, body: '{}'});
    const reply = await response.json();
    if (!response.ok || !reply.success) throw new Error(reply.error && reply.error.message || 'Not sent.');
    const data = reply.data;
    result.textContent = data.undone ? 'Undone: nothing was sent.'
      : data.all_sent ? '✓ Sent.' : 'Sent to ' + data.sent_count + ' of ' + data.results.length + ' chats; see Recent on the dashboard.';
  } catch (error) {
    result.textContent = messageOf(error, 'Not sent.');
  } finally {
    button.disabled = false;
  }
});
