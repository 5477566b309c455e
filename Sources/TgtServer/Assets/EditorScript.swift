/// Editor script: variables inserted at the cursor, live preview through TDLib's Markdown
/// parser, target search and refresh, saving through the API with errors by the fields.
enum EditorScript {
    static let source = #"""
'use strict';
(() => {
  const form = document.getElementById('editor');
  if (!form) return;
  const {api, toast, el} = TGT;
  const body = document.getElementById('body');
  const preview = document.getElementById('preview');
  const note = document.getElementById('preview-note');
  const list = document.getElementById('target-list');
  const search = document.getElementById('target-search');

  function insert(text) {
    const start = body.selectionStart, end = body.selectionEnd;
    body.setRangeText(text, start, end, 'end');
    body.focus();
    schedulePreview();
  }
  form.querySelectorAll('[data-insert]').forEach((b) => b.addEventListener('click', () => insert('{{' + b.dataset.insert + '}}')));
  const custom = document.getElementById('custom-var');
  document.getElementById('insert-custom').addEventListener('click', () => {
    const name = custom.value.trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) { toast('A variable name uses letters, digits and _ and does not start with a digit.'); custom.focus(); return; }
    insert('{{' + name + '}}');
    custom.value = '';
  });

  function checkedTargets() {
    return [...list.querySelectorAll('input[name=target]:checked')].map((box) => {
      const [chat, topic] = box.value.split('/');
      const target = {chat_id: Number(chat), chat_title: box.dataset.chatTitle};
      if (topic) { target.topic_id = Number(topic); target.topic_title = box.dataset.topicTitle; }
      return target;
    });
  }

  function renderFormatted(text, entities) {
    const units = text.length;
    const styles = Array.from({length: units}, () => []);
    entities.forEach((entity, index) => {
      for (let i = entity.offset; i < Math.min(units, entity.offset + entity.length); i++) styles[i].push(index);
    });
    const nodes = [];
    let start = 0;
    for (let i = 1; i <= units; i++) {
      if (i < units && styles[i].join() === styles[start].join()) continue;
      let node = document.createTextNode(text.slice(start, i));
      for (const index of styles[start]) {
        const entity = entities[index];
        const tag = {textEntityTypeBold: 'strong', textEntityTypeItalic: 'em', textEntityTypeCode: 'code', textEntityTypePre: 'pre',
          textEntityTypePreCode: 'pre', textEntityTypeUnderline: 'u', textEntityTypeStrikethrough: 's'}[entity.type];
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

  let timer = null, generation = 0;
  function schedulePreview() { clearTimeout(timer); timer = setTimeout(updatePreview, 250); }
  async function updatePreview() {
    const mine = ++generation;
    const first = checkedTargets()[0];
    const request = {body: body.value, location_mode: form.location_mode.value};
    if (first) request.chat_title = first.topic_title ? first.chat_title + ' › ' + first.topic_title : first.chat_title;
    if (!body.value.trim()) { preview.replaceChildren(); note.textContent = 'Type a message to see it here.'; return; }
    try {
      const result = await api('POST', 'preview', request);
      if (mine !== generation) return;
      renderFormatted(result.text, result.entities);
      note.textContent = result.length + ' of ' + result.max_length + ' characters' + (result.native_location ? ' · plus a location pin' : '') + '. Your own variables show as ‹name›.';
      showError('body', null);
    } catch (e) {
      if (mine !== generation) return;
      note.textContent = '';
      showError('body', e.message);
    }
  }
  body.addEventListener('input', schedulePreview);
  form.location_mode.addEventListener('change', schedulePreview);
  list.addEventListener('change', schedulePreview);

  function filterTargets() {
    const query = search.value.trim().toLowerCase();
    let shown = 0;
    list.querySelectorAll(':scope > li').forEach((item) => {
      const match = !query || item.dataset.search.includes(query);
      item.hidden = !match;
      if (match) shown++;
    });
    const empty = document.getElementById('targets-empty');
    empty.hidden = shown > 0;
  }
  search.addEventListener('input', filterTargets);
  search.addEventListener('search', filterTargets);

  function targetBox(target, label, meta, checked) {
    return el('label', {class: 'target'},
      el('input', {type: 'checkbox', name: 'target', value: target.key, 'data-chat-title': target.chat_title, 'data-topic-title': target.topic_title || '', checked}),
      ' ', el('span', {text: label}), ' ', el('span', {class: 'meta', text: meta}));
  }
  document.getElementById('refresh-chats').addEventListener('click', async (event) => {
    const button = event.currentTarget;
    const checked = new Set(checkedTargets().map((t) => t.topic_id ? t.chat_id + '/' + t.topic_id : String(t.chat_id)));
    button.disabled = true;
    button.textContent = 'Loading…';
    try {
      const {chats} = await api('GET', 'chats?refresh=true');
      const items = chats.map((chat) => {
        const [main, ...topics] = chat.targets;
        const item = el('li', {'data-search': [chat.title, ...chat.topics.map((t) => t.title)].join(' ').toLowerCase()},
          targetBox(main, chat.title, (chat.is_forum ? 'forum · ' : '') + chat.member_count + ' members', checked.has(main.key)));
        if (topics.length) item.append(el('ul', {class: 'topics'}, ...topics.map((t) => el('li', {}, targetBox(t, t.topic_title, 'topic', checked.has(t.key))))));
        return item;
      });
      list.replaceChildren(...items);
      document.getElementById('targets-empty').textContent = chats.length ? 'No group matches.' : 'Your account is in no groups yet.';
      filterTargets();
    } catch (e) {
      toast(e.message);
    } finally {
      button.disabled = false;
      button.textContent = 'Refresh list';
    }
  });

  const fieldInputs = {name: 'name', body: 'body', location: 'location_mode', targets: 'target-search', icon: null};
  function showError(field, message) {
    const slot = document.getElementById(field + '-error');
    if (!slot) return;
    slot.textContent = message || '';
    slot.hidden = !message;
    const input = fieldInputs[field] && document.getElementById(fieldInputs[field]);
    if (input) input.setAttribute('aria-invalid', message ? 'true' : 'false');
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    ['name', 'icon', 'body', 'targets', 'location'].forEach((f) => showError(f, null));
    const banner = document.getElementById('form-error');
    banner.hidden = true;
    const icon = form.querySelector('input[name=icon]:checked');
    const payload = {name: document.getElementById('name').value, body: body.value, targets: checkedTargets(), location_mode: form.location_mode.value,
      silent: form.silent.checked};
    if (icon) payload.icon = icon.value;
    const save = document.getElementById('save');
    save.disabled = true;
    try {
      if (form.dataset.id) await api('PATCH', 'templates/' + form.dataset.id, payload);
      else await api('POST', 'templates', payload);
      location.href = '/';
    } catch (e) {
      const issues = e.issues || [];
      issues.forEach((issue) => showError(issue.field, [document.getElementById(issue.field + '-error').textContent, issue.message].filter(Boolean).join(' ')));
      if (!issues.length) { banner.textContent = e.message; banner.hidden = false; }
      const first = form.querySelector('[aria-invalid=true]') || banner;
      if (first.focus) first.focus();
    } finally {
      save.disabled = false;
    }
  });
  updatePreview();
})();
"""#
}
