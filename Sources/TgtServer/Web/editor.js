// Template editor: the kind (Telegram, email, text message, X) and the fields it uses,
// variables inserted at the cursor, live preview through TDLib's Markdown parser (plain text
// for the other kinds) with the channel's counter, target search and refresh, saving through
// the API with errors by the fields (what was typed stays when a save fails), and the place
// the iPhone app sends it on arriving or leaving (coordinates, or this device's location).
import {ApiError, api, byId, el, messageOf, toast} from './app.js';

/** @typedef {import('./types').ChatList} ChatList */
/** @typedef {import('./types').Preview} Preview */
/** @typedef {import('./types').Target} Target */
/** @typedef {import('./types').TargetInput} TargetInput */
/** @typedef {import('./types').PlaceInput} PlaceInput */
/** @typedef {import('./types').TextEntity} TextEntity */

const form = document.getElementById('editor');
if (form instanceof HTMLFormElement) setUp(form);

/** @param {HTMLFormElement} form */
function setUp(form) {
  const body = byId('body', HTMLTextAreaElement);
  const preview = byId('preview', HTMLDivElement);
  const note = byId('preview-note', HTMLParagraphElement);
  const list = byId('target-list', HTMLUListElement);
  const search = byId('target-search', HTMLInputElement);
  const locationMode = byId('location_mode', HTMLSelectElement);
  const custom = byId('custom-var', HTMLInputElement);
  const subject = byId('subject', HTMLInputElement);
  const counter = byId('counter', HTMLParagraphElement);
  const previewSubject = byId('preview-subject', HTMLParagraphElement);

  /** @returns {string} */
  function currentKind() {
    const checked = form.querySelector('input[name=kind]:checked');
    return checked instanceof HTMLInputElement ? checked.value : 'telegram';
  }
  /** @type {Record<string, string>} */
  const kindHints = {
    telegram: 'Telegram templates are sent from your account with one tap.',
    email: 'An email template opens your mail app with the recipients, subject and text filled in.',
    text: 'A text message template opens your messages app with the numbers and text filled in.',
    x: 'An X template opens a new post with the text filled in (links count 23 characters).',
  };
  const markdownHint = byId('body-hint', HTMLParagraphElement).textContent || '';
  const plainHint = 'Sent as plain text: Markdown such as *bold* is removed and [links](https://example.com) become “links (https://example.com)”. '
    + 'Your own variables are asked for when you send.';
  /** Shows the fields the chosen kind uses and hides the others. */
  function applyKind() {
    const kind = currentKind();
    form.querySelectorAll('[data-kinds]').forEach((node) => {
      if (node instanceof HTMLElement) node.hidden = !(node.dataset.kinds || '').split(' ').includes(kind);
    });
    byId('kind-hint', HTMLParagraphElement).textContent = kindHints[kind] || '';
    byId('body-hint', HTMLParagraphElement).textContent = kind === 'telegram' ? markdownHint : plainHint;
    byId('to-label', HTMLLabelElement).textContent = kind === 'text' ? 'To (phone numbers)' : 'To (email addresses)';
    const native = locationMode.querySelector('option[value=native]');
    if (native instanceof HTMLOptionElement) {
      native.disabled = kind !== 'telegram';
      if (native.disabled && locationMode.value === 'native') locationMode.value = 'map_link';
    }
  }
  form.querySelectorAll('input[name=kind]').forEach((radio) => radio.addEventListener('change', () => { applyKind(); schedulePreview(); }));

  /**
   * Recipients typed one per line or separated by commas.
   * @param {string} id
   * @returns {string[]}
   */
  function recipients(id) {
    return byId(id, HTMLTextAreaElement).value.split(/[\n,;]+/).map((r) => r.trim()).filter(Boolean);
  }

  /** @param {string} text */
  function insert(text) {
    body.setRangeText(text, body.selectionStart, body.selectionEnd, 'end');
    body.focus();
    schedulePreview();
  }
  form.querySelectorAll('button[data-insert]').forEach((button) => {
    if (button instanceof HTMLButtonElement) button.addEventListener('click', () => insert('{{' + button.dataset.insert + '}}'));
  });
  form.querySelectorAll('button[data-insert-text]').forEach((button) => {
    if (button instanceof HTMLButtonElement) button.addEventListener('click', () => insert(button.dataset.insertText || ''));
  });
  byId('insert-custom', HTMLButtonElement).addEventListener('click', () => {
    const name = custom.value.trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) {
      toast('A variable name uses letters, digits and _ and does not start with a digit.');
      custom.focus();
      return;
    }
    insert('{{' + name + '}}');
    custom.value = '';
  });

  /** @returns {TargetInput[]} */
  function checkedTargets() {
    return [...list.querySelectorAll('input[name=target]:checked')].filter((box) => box instanceof HTMLInputElement).map((node) => {
      const box = /** @type {HTMLInputElement} */ (node);
      const [chat, topic] = box.value.split('/');
      /** @type {TargetInput} */
      const target = {chat_id: Number(chat), chat_title: box.dataset.chatTitle || ''};
      if (topic) {
        target.topic_id = Number(topic);
        target.topic_title = box.dataset.topicTitle || '';
      }
      return target;
    });
  }

  /** @type {Record<string, keyof HTMLElementTagNameMap>} */
  const entityTags = {
    textEntityTypeBold: 'strong', textEntityTypeItalic: 'em', textEntityTypeCode: 'code', textEntityTypePre: 'pre',
    textEntityTypePreCode: 'pre', textEntityTypeUnderline: 'u', textEntityTypeStrikethrough: 's',
  };

  /**
   * Shows the text as Telegram will format it (links only to http and https).
   * @param {string} text
   * @param {TextEntity[]} entities
   */
  function renderFormatted(text, entities) {
    const units = text.length;
    /**
     * For each UTF-16 unit, the entities covering it.
     * @type {number[][]}
     */
    const styles = Array.from({length: units}, () => []);
    entities.forEach((entity, index) => {
      for (let i = entity.offset; i < Math.min(units, entity.offset + entity.length); i++) styles[i]?.push(index);
    });
    /** @type {Node[]} */
    const nodes = [];
    let start = 0;
    for (let i = 1; i <= units; i++) {
      const covering = styles[start] || [];
      if (i < units && (styles[i] || []).join() === covering.join()) continue;
      /** @type {Node} */
      let node = document.createTextNode(text.slice(start, i));
      for (const index of covering) {
        const entity = entities[index];
        if (!entity) continue;
        const tag = entityTags[entity.type];
        /** @type {HTMLElement | null} */
        let wrapper = null;
        if (tag) wrapper = el(tag);
        else if (entity.type === 'textEntityTypeTextUrl' || entity.type === 'textEntityTypeUrl') {
          const href = entity.url || text.slice(entity.offset, entity.offset + entity.length);
          wrapper = /^https?:\/\//i.test(href) ? el('a', {href, rel: 'noopener noreferrer', target: '_blank'}) : el('span');
        }
        if (wrapper) { wrapper.append(node); node = wrapper; }
      }
      nodes.push(node);
      start = i;
    }
    preview.replaceChildren(...nodes);
  }

  let timer = 0, generation = 0;
  function schedulePreview() {
    clearTimeout(timer);
    timer = window.setTimeout(updatePreview, 250);
  }
  async function updatePreview() {
    const mine = ++generation;
    const first = checkedTargets()[0];
    const kind = currentKind();
    /** @type {{body: string, location_mode: string, kind: string, subject?: string, chat_title?: string}} */
    const request = {body: body.value, location_mode: locationMode.value, kind};
    if (kind === 'email') request.subject = subject.value;
    if (first) request.chat_title = first.topic_title ? first.chat_title + ' › ' + first.topic_title : first.chat_title || '';
    if (!body.value.trim()) {
      preview.replaceChildren();
      previewSubject.hidden = true;
      counter.textContent = '';
      note.textContent = 'Type a message to see it here.';
      return;
    }
    try {
      const result = /** @type {Preview} */ (await api('POST', 'preview', request));
      if (mine !== generation) return;
      renderFormatted(result.text, result.entities);
      previewSubject.hidden = result.subject === undefined;
      previewSubject.textContent = result.subject === undefined ? '' : 'Subject: ' + result.subject;
      counter.textContent = result.counter.summary + (result.counter.over ? ' — over the limit' : '');
      counter.classList.toggle('over', result.counter.over);
      note.textContent = (result.native_location ? 'Plus a location pin. ' : '') + 'Your own variables show as ‹name›, or their default or first choice.';
      showError('body', null);
      showError('subject', null);
    } catch (error) {
      if (mine !== generation) return;
      note.textContent = '';
      counter.textContent = '';
      const issues = error instanceof ApiError ? error.issues : [];
      const field = issues[0]?.field === 'subject' ? 'subject' : 'body';
      showError(field, messageOf(error));
    }
  }
  body.addEventListener('input', schedulePreview);
  subject.addEventListener('input', schedulePreview);
  locationMode.addEventListener('change', schedulePreview);
  list.addEventListener('change', schedulePreview);

  function filterTargets() {
    const query = search.value.trim().toLowerCase();
    let shown = 0;
    list.querySelectorAll(':scope > li').forEach((item) => {
      if (!(item instanceof HTMLLIElement)) return;
      const match = !query || (item.dataset.search || '').includes(query);
      item.hidden = !match;
      if (match) shown++;
    });
    byId('targets-empty', HTMLParagraphElement).hidden = shown > 0;
  }
  search.addEventListener('input', filterTargets);
  search.addEventListener('search', filterTargets);

  /**
   * A chat you cannot post in cannot be ticked, unless it already was (then it can be unticked).
   * @param {Target} target
   * @param {string} label
   * @param {string} meta
   * @param {boolean} checked
   * @param {boolean} canPost
   */
  function targetBox(target, label, meta, checked, canPost) {
    return el('label', {class: 'target'},
      el('input', {type: 'checkbox', name: 'target', value: target.key, 'data-chat-title': target.chat_title, 'data-topic-title': target.topic_title || '',
        checked, disabled: !canPost && !checked}),
      ' ', el('span', {text: label}), ' ', el('span', {class: 'meta', text: meta}));
  }
  const refresh = byId('refresh-chats', HTMLButtonElement);
  /** Loads the chat list from Telegram; `quiet` (an out-of-date list on opening) shows no error. */
  async function refreshTargets(quiet = false) {
    refresh.disabled = true;
    refresh.textContent = 'Loading…';
    try {
      const {chats} = /** @type {ChatList} */ (await api('GET', 'chats?refresh=true'));
      // What is ticked now, after the wait: ticks made while the list loaded are kept.
      const checked = new Set(checkedTargets().map((t) => t.topic_id ? t.chat_id + '/' + t.topic_id : String(t.chat_id)));
      const listed = new Set(chats.flatMap((chat) => chat.targets.map((t) => t.key)));
      const items = chats.map((chat) => {
        const [main, ...topics] = chat.targets;
        const item = el('li', {'data-search': [chat.title, ...chat.topics.map((t) => t.title)].join(' ').toLowerCase()});
        if (main) item.append(targetBox(main, chat.title, chat.summary, checked.has(main.key), chat.can_post));
        if (topics.length) {
          item.append(el('ul', {class: 'topics'}, ...topics.map((t) => el('li', {}, targetBox(t, t.topic_title || '', 'topic', checked.has(t.key), chat.can_post)))));
        }
        return item;
      });
      // Ticked targets the new list lacks (a chat you left, a topic since closed) stay, so that
      // a refresh never drops a target behind the user's back.
      const orphans = [...list.querySelectorAll('input[name=target]:checked')]
        .filter((box) => box instanceof HTMLInputElement && !listed.has(box.value))
        .map((box) => {
          const input = /** @type {HTMLInputElement} */ (box);
          const label = [input.dataset['chatTitle'] ?? '', input.dataset['topicTitle'] ?? ''].filter(Boolean).join(' › ');
          return el('li', {'data-search': label.toLowerCase()},
            targetBox({key: input.value, chat_id: Number(input.value.split('/')[0]), chat_title: input.dataset['chatTitle'] ?? '',
              display_name: label, topic_id: Number(input.value.split('/')[1] ?? 0) || null, topic_title: input.dataset['topicTitle'] || null},
            label, 'not in your chat list now', true, true));
        });
      list.replaceChildren(...orphans, ...items);
      byId('targets-empty', HTMLParagraphElement).textContent = chats.length ? 'No chat matches.' : 'No chats yet.';
      filterTargets();
    } catch (error) {
      if (!quiet) toast(messageOf(error));
    } finally {
      refresh.disabled = false;
      refresh.textContent = 'Refresh list';
    }
  }
  refresh.addEventListener('click', () => refreshTargets());
  // A list cached before every chat kind could be a target (or never loaded) is refreshed once.
  if (list.hasAttribute('data-stale')) refreshTargets(true);

  /**
   * Which control each field's message describes.
   * @type {Record<string, string | null>}
   */
  const fieldInputs = {name: 'name', body: 'body', location: 'location_mode', targets: 'target-search', icon: null, kind: null,
    to: 'to', cc: 'cc', subject: 'subject', place: 'place_name'};
  /**
   * Shows (or clears) the message next to a field.
   * @param {string} field
   * @param {string | null} message
   */
  function showError(field, message) {
    const slot = document.getElementById(field + '-error');
    if (!slot) return;
    slot.textContent = message || '';
    slot.hidden = !message;
    const inputID = fieldInputs[field];
    const input = inputID ? document.getElementById(inputID) : null;
    if (input) input.setAttribute('aria-invalid', message ? 'true' : 'false');
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    ['name', 'icon', 'body', 'targets', 'location', 'kind', 'to', 'cc', 'subject', 'place'].forEach((f) => showError(f, null));
    placeCoordinates.removeAttribute('aria-invalid');
    const banner = byId('form-error', HTMLParagraphElement);
    banner.hidden = true;
    const icon = form.querySelector('input[name=icon]:checked');
    const kind = currentKind();
    // Only the fields the kind uses: the others are sent empty so a converted template drops them.
    /** @type {{name: string, kind: string, body: string, targets: TargetInput[], to: string[], cc: string[], subject: string, location_mode: string, silent: boolean, icon?: string, place?: PlaceInput, remove_place?: boolean}} */
    const payload = {name: byId('name', HTMLInputElement).value, kind, body: body.value,
      targets: kind === 'telegram' ? checkedTargets() : [],
      to: kind === 'email' || kind === 'text' ? recipients('to') : [], cc: kind === 'email' ? recipients('cc') : [],
      subject: kind === 'email' ? subject.value : '',
      location_mode: locationMode.value, silent: kind === 'telegram' && byId('silent', HTMLInputElement).checked};
    if (icon instanceof HTMLInputElement) payload.icon = icon.value;
    const place = kind === 'telegram' && placeOn.checked ? placeInput() : null;
    if (typeof place === 'string') {
      showError('place', place);
      // The coordinates are at fault, not the place's name the message is otherwise about.
      byId('place_name', HTMLInputElement).setAttribute('aria-invalid', 'false');
      placeCoordinates.setAttribute('aria-invalid', 'true');
      placeCoordinates.focus();
      return;
    }
    if (place) payload.place = place;
    else if (form.dataset.id) payload.remove_place = true;
    const save = byId('save', HTMLButtonElement);
    save.disabled = true;
    try {
      if (form.dataset.id) await api('PATCH', 'templates/' + form.dataset.id, payload);
      else await api('POST', 'templates', payload);
      location.href = '/';
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      issues.forEach((issue) => {
        const earlier = document.getElementById(issue.field + '-error')?.textContent;
        showError(issue.field, [earlier, issue.message].filter(Boolean).join(' '));
      });
      if (!issues.length) { banner.textContent = messageOf(error); banner.hidden = false; }
      const first = form.querySelector('[aria-invalid=true]') || banner;
      if (first instanceof HTMLElement) first.focus();
    } finally {
      save.disabled = false;
    }
  });
  const placeOn = byId('place_on', HTMLInputElement);
  const placeFields = byId('place-fields', HTMLDivElement);
  const placeCoordinates = byId('place_coordinates', HTMLInputElement);
  const placeMap = byId('place-map', HTMLAnchorElement);
  placeOn.addEventListener('change', () => {
    placeFields.hidden = !placeOn.checked;
    if (placeOn.checked) byId('place_name', HTMLInputElement).focus();
  });
  /**
   * "45.4642, 9.19" as numbers, or null when it is not a point on Earth.
   * @param {string} text
   * @returns {{latitude: number, longitude: number} | null}
   */
  function parseCoordinates(text) {
    const parts = text.split(',').map((part) => part.trim());
    if (parts.length !== 2 || parts.some((part) => !/^[-+]?\d+(\.\d+)?$/.test(part))) return null;
    const latitude = Number(parts[0]);
    const longitude = Number(parts[1]);
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return {latitude, longitude};
  }
  function updateMapLink() {
    const point = parseCoordinates(placeCoordinates.value);
    placeMap.hidden = !point;
    if (point) placeMap.href = 'https://maps.google.com/?q=' + point.latitude + ',' + point.longitude;
  }
  placeCoordinates.addEventListener('input', updateMapLink);
  /**
   * The place rule the fields describe, or a sentence saying what is wrong with them.
   * @returns {PlaceInput | string}
   */
  function placeInput() {
    const point = parseCoordinates(placeCoordinates.value);
    if (!point) return placeCoordinates.value.trim()
      ? 'Write the place as latitude, longitude (such as 45.4642, 9.19): latitude -90…90, longitude -180…180.'
      : 'Choose where: paste the coordinates from a map app, or use where you are.';
    return {crossing: byId('place_crossing', HTMLSelectElement).value === 'leave' ? 'leave' : 'arrive',
      place_name: byId('place_name', HTMLInputElement).value, latitude: point.latitude, longitude: point.longitude,
      radius: Number(byId('place_radius', HTMLInputElement).value), window_minutes: Number(byId('place_window', HTMLSelectElement).value)};
  }
  byId('place-here', HTMLButtonElement).addEventListener('click', () => {
    if (!window.isSecureContext || !navigator.geolocation) {
      showError('place', 'This browser shares its location only with pages on https or localhost: paste the coordinates from a map app instead.');
      return;
    }
    showError('place', null);
    placeCoordinates.removeAttribute('aria-invalid');
    navigator.geolocation.getCurrentPosition((position) => {
      placeCoordinates.value = position.coords.latitude.toFixed(6) + ', ' + position.coords.longitude.toFixed(6);
      updateMapLink();
    }, (error) => {
      showError('place', error.code === error.PERMISSION_DENIED
        ? 'The browser was not allowed to share your location: paste the coordinates from a map app instead.'
        : 'Your location could not be found: paste the coordinates from a map app instead.');
    }, {timeout: 15000, maximumAge: 60000});
  });
  applyKind();
  updatePreview();
}
