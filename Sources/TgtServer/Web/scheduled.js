// Scheduled page: repeating series first (GET /api/series: the rule in words, the next dates
// and their state, how many posted, the follow-up each post carries; Skip next, Pause or Resume,
// Follow-up… to set, change or remove that follow-up (PATCH /api/series/{id}, the form shared
// with Recent's Follow up dialog), Stop after a confirmation),
// then every other message still waiting on Telegram's schedule (GET /api/scheduled, soonest
// first), when in the browser's time zone and how long until then, the template, the target,
// its status and whether a timer made it; Cancel after a confirmation. Then the follow-ups
// (GET /api/follow-ups): the live ones soonest first (the rule in words, the message it follows,
// when it is judged or that its message has not gone out yet, where it stands; Cancel after a
// confirmation), and the latest ended ones with the outcome in words and why. Skeleton rows while
// it loads, an error banner with Retry; the `timers` server-sent event (any change to the
// schedule or a follow-up, by any process) reloads the lists, and "in … min" is kept current.
import {ApiError, api, byId, clockAt, el, eventElement, messageOf, on, openDialog, timeUntil, toast} from './app.js';
import {followUpFields, followUpForm} from './follow-up-form.js';

/** @typedef {import('./types').ScheduledSend} ScheduledSend */
/** @typedef {import('./types').ScheduledList} ScheduledList */
/** @typedef {import('./types').Series} Series */
/** @typedef {import('./types').SeriesList} SeriesList */
/** @typedef {import('./types').FollowUp} FollowUp */
/** @typedef {import('./types').FollowUpList} FollowUpList */

/** @type {Record<string, string>} */
const occurrenceText = {
  planned: 'planned',
  queued: 'being scheduled',
  scheduled: 'on Telegram',
  skipped: 'skipped',
};

/** Where a live follow-up stands, in words. */
/** @type {Record<string, string>} */
const liveText = {
  waiting: 'Waiting for its message to go out',
  watching: 'Watching',
  firing: 'Acting now…',
};

/** How an ended follow-up ended, in words. */
/** @type {Record<string, string>} */
const endedText = {
  fired: 'Done',
  met: 'Not needed',
  expired: 'Expired',
  unknowable: 'Cannot know',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** What is watched, by condition. */
/** @type {Record<string, string>} */
const watchingText = {
  not_read: 'Watching whether it is read',
  no_reply: 'Watching for a reply',
  read: 'Watching for the read',
};

/** Ended follow-ups shown before "Show … more". */
const endedShown = 5;

const list = document.getElementById('scheduled-list');
if (list instanceof HTMLUListElement) setUp(list);

/** @type {Record<string, string>} */
const statusText = {
  queued: 'Waiting to be scheduled',
  sending: 'Being scheduled…',
  scheduled: 'Scheduled on Telegram',
  cancelling: 'Cancelling… (deleted from Telegram once it can be reached)',
};

/** @param {HTMLUListElement} list */
function setUp(list) {
  const banner = byId('scheduled-error', HTMLParagraphElement);
  const empty = byId('scheduled-empty', HTMLDivElement);
  /** @type {ScheduledSend[]} */
  let rows = [];
  /** @type {Series[]} */
  let series = [];
  /** @type {FollowUp[]} */
  let follows = [];
  let allEnded = false;
  let loads = 0;
  let loaded = false;
  const seriesList = byId('series-list', HTMLUListElement);
  const followList = byId('follow-list', HTMLUListElement);
  const endedList = byId('follow-ended', HTMLUListElement);
  const moreEnded = byId('follow-ended-more', HTMLButtonElement);
  /** @param {FollowUp} f */
  const isLive = (f) => f.state === 'waiting' || f.state === 'watching' || f.state === 'firing';

  /** @param {Series} s */
  function seriesCard(s) {
    const what = '“' + s.template_name + '”';
    return el('li', {class: 'card series-item', 'data-series': s.id, 'data-status': s.status},
      el('h3', {text: s.template_name}),
      el('p', {class: 'words'}, '↻ ' + s.words, s.status === 'paused' ? el('span', {class: 'badge', text: 'Paused'}) : null),
      s.follow_up ? el('p', {class: 'follow-rule'}, el('span', {'aria-hidden': 'true', text: '↪ '}), s.follow_up.sentence) : null,
      el('p', {class: 'meta', text: (s.posted ? 'Posted ' + s.posted + (s.posted === 1 ? ' time' : ' times') + ' · ' : '')
        + (s.status === 'paused' ? 'nothing posts until you resume it' : 'next dates')}),
      s.status === 'paused' ? null : el('ol', {class: 'series-next', 'aria-label': 'Next dates of ' + what},
        ...s.next.map((o) => el('li', {'data-state': o.state},
          el('time', {datetime: o.at, text: clockAt(new Date(o.at), true)}), ' ', el('span', {class: 'meta', text: occurrenceText[o.state] ?? o.state})))),
      el('div', {class: 'series-actions'},
        s.status === 'active' && s.next.some((o) => o.state !== 'skipped')
          ? el('button', {type: 'button', 'data-series-action': 'skip', 'aria-label': 'Skip the next send of ' + what, text: 'Skip next'}) : null,
        s.status === 'active' ? el('button', {type: 'button', 'data-series-action': 'pause', 'aria-label': 'Pause ' + what, text: 'Pause'})
          : el('button', {type: 'button', 'data-series-action': 'resume', 'aria-label': 'Resume ' + what, text: 'Resume'}),
        el('button', {type: 'button', 'data-series-action': 'follow-up', 'aria-haspopup': 'dialog', 'aria-label': 'Follow-up on each post of ' + what, text: 'Follow-up…'}),
        el('button', {type: 'button', class: 'danger', 'data-series-action': 'cancel', 'aria-label': 'Stop repeating ' + what, text: 'Stop'})));
  }

  /** Redraws the series cards; a control that had the focus keeps it (live reloads redraw too). */
  function drawSeries() {
    const focused = document.activeElement;
    const card = focused instanceof HTMLElement && seriesList.contains(focused) ? focused.closest('[data-series]') : null;
    const keep = card instanceof HTMLElement && focused instanceof HTMLElement
      ? '[data-series="' + card.dataset['series'] + '"] [data-series-action="' + focused.dataset['seriesAction'] + '"]' : null;
    seriesList.replaceChildren(...series.map(seriesCard));
    byId('series-section', HTMLElement).hidden = series.length === 0;
    const again = keep ? seriesList.querySelector(keep) : null;
    if (again instanceof HTMLElement) again.focus();
  }

  seriesList.addEventListener('click', async (event) => {
    const button = eventElement(event)?.closest('[data-series-action]');
    if (!(button instanceof HTMLButtonElement)) return;
    const card = button.closest('[data-series]');
    const s = series.find((x) => card instanceof HTMLElement && x.id === card.dataset['series']);
    const action = button.dataset['seriesAction'] ?? '';
    if (!s) return;
    if (action === 'follow-up') { editFollowUp(s); return; }
    if (action === 'cancel') {
      byId('stop-text', HTMLParagraphElement).textContent = '“' + s.template_name + '” ' + s.words
        + ' stops for good; what waits on Telegram\'s schedule is deleted there.';
      if (await openDialog(byId('stop-dialog', HTMLDialogElement)) !== 'ok') { button.focus(); return; }
    }
    button.disabled = true;
    try {
      const after = /** @type {Series} */ (await api('POST', 'series/' + s.id + '/' + action));
      series = after.status === 'cancelled' || after.status === 'ended' ? series.filter((x) => x.id !== s.id) : series.map((x) => (x.id === s.id ? after : x));
      const skipped = s.next.find((o) => o.state !== 'skipped');
      toast(action === 'skip' ? 'Skipped “' + s.template_name + '” on ' + (skipped ? clockAt(new Date(skipped.at), true) : 'its next date') + '.'
        : action === 'pause' ? 'Paused “' + s.template_name + '”: nothing posts until you resume it.'
          : action === 'resume' ? 'Resumed “' + s.template_name + '”.' : 'Stopped “' + s.template_name + '”.');
    } catch (error) {
      toast(messageOf(error, 'Not changed.'));
      await load();
    }
    drawSeries();
    draw();
    const again = seriesList.querySelector('[data-series="' + s.id + '"] [data-series-action="' + (action === 'pause' ? 'resume' : action === 'resume' ? 'pause' : action) + '"]');
    if (again instanceof HTMLButtonElement) again.focus(); else byId('scheduled-title', HTMLHeadingElement).focus();
  });

  /** The Follow-up… dialog of a series, made the first time it is asked for. */
  let followDialog = /** @type {{dialog: HTMLDialogElement, form: ReturnType<typeof followUpForm>, series: Series} | null} */ (null);

  /**
   * Opens the form for the follow-up each post of `s` carries: prefilled with it (Remove
   * follow-up then) or with the first choice. Save or Remove → PATCH /api/series/{id}; a refusal
   * is shown in the dialog (beside its field when it is about one) with what was typed kept.
   * @param {Series} s
   */
  function editFollowUp(s) {
    if (!followDialog) followDialog = makeFollowDialog();
    const {dialog, form} = followDialog;
    followDialog.series = s;
    form.fill(s.follow_up ?? null);
    form.refresh();
    byId('series-follow-error', HTMLParagraphElement).hidden = true;
    byId('series-follow-about', HTMLParagraphElement).textContent = '“' + s.template_name + '” ' + s.words
      + (s.follow_up ? ': now “' + s.follow_up.sentence + '”.' : ': no follow-up yet.');
    byId('series-follow-remove', HTMLButtonElement).hidden = !s.follow_up;
    dialog.returnValue = '';
    dialog.showModal();
  }

  function makeFollowDialog() {
    const dialog = el('dialog', {id: 'series-follow-dialog', 'aria-labelledby': 'series-follow-title', 'aria-describedby': 'series-follow-about'});
    const banner = el('p', {id: 'series-follow-error', class: 'banner error', role: 'alert', hidden: true});
    const remove = el('button', {type: 'button', class: 'danger', id: 'series-follow-remove', text: 'Remove follow-up'});
    const submit = el('button', {type: 'submit', class: 'primary', id: 'series-follow-submit', text: 'Save'});
    const formNode = el('form', {class: 'stack', id: 'series-follow-form', novalidate: true},
      el('h2', {id: 'series-follow-title', text: 'Follow up on each post'}),
      el('p', {id: 'series-follow-about', class: 'meta'}),
      followUpFields('series-follow'),
      el('p', {class: 'hint'}, 'Posts to come carry it; those already out keep theirs. Judged while the dashboard (', el('code', {text: 'tgt serve'}), ') or the service runs.'),
      banner,
      el('div', {class: 'actions'}, el('button', {type: 'button', value: 'cancel', 'data-close': true, text: 'Cancel'}), remove, submit));
    dialog.append(formNode);
    byId('stop-dialog', HTMLDialogElement).after(dialog);
    const made = {dialog, form: followUpForm('series-follow'), series: /** @type {Series} */ ({})};

    /**
     * Sends the change; the series as it is then replaces the old one.
     * @param {Record<string, unknown>} change
     * @param {(after: Series) => string} told the toast
     */
    const save = async (change, told) => {
      const s = made.series;
      banner.hidden = true;
      submit.disabled = true;
      remove.disabled = true;
      try {
        const after = /** @type {Series} */ (await api('PATCH', 'series/' + s.id, change));
        series = series.map((x) => (x.id === s.id ? after : x));
        dialog.close('done');
        drawSeries();
        toast(told(after));
      } catch (error) {
        if (!(await made.form.refused(error))) {
          const issues = error instanceof ApiError ? error.issues.map((issue) => issue.message) : [];
          banner.textContent = issues.length ? issues.join(' ')
            : error instanceof ApiError ? error.message + (error.nextStep ? ' ' + error.nextStep : '') : messageOf(error, 'Not changed.');
          banner.hidden = false;
          if (error instanceof ApiError && error.code === 'series_finished') await load();
        }
      } finally {
        submit.disabled = false;
        remove.disabled = false;
      }
    };
    formNode.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (submit.disabled) return;
      made.form.clear();
      const rule = made.form.rule();
      if (!rule) return;
      await save({follow_up: rule}, (after) => 'Follow-up set on “' + after.template_name + '”: ' + (after.follow_up?.sentence ?? 'each post') + '.');
    });
    remove.addEventListener('click', () => save({remove_follow_up: true},
      (after) => 'Follow-up removed from “' + after.template_name + '”: posts to come carry none; those already out keep theirs.'));
    dialog.addEventListener('close', () => {
      // Back to the series' Follow-up… (a live reload may have redrawn the card meanwhile).
      const again = seriesList.querySelector('[data-series="' + CSS.escape(made.series.id) + '"] [data-series-action="follow-up"]');
      if (again instanceof HTMLButtonElement) again.focus(); else byId('scheduled-title', HTMLHeadingElement).focus();
    });
    return made;
  }

  /** @param {ScheduledSend} send */
  function row(send) {
    const at = new Date(send.scheduled_for);
    const what = send.template_name + ' to ' + send.title;
    return el('li', {class: 'card scheduled-item', 'data-id': String(send.id), 'data-status': send.status},
      el('p', {class: 'when'}, el('time', {datetime: send.scheduled_for, text: clockAt(at, true)}), ' ',
        el('span', {class: 'meta until', 'data-at': send.scheduled_for, text: timeUntil(at)})),
      el('h2', {class: 'name', text: send.template_name}),
      el('p', {class: 'to'}, el('span', {class: 'sr-only', text: 'To '}), el('span', {'aria-hidden': 'true', text: '→ '}), send.title),
      el('p', {class: 'meta state'}, statusText[send.status] ?? send.status,
        send.timer_id ? el('a', {class: 'from-timer', href: '/timers#timer/' + send.timer_id, 'aria-label': 'From a timer: open it', text: '⏲ from timer'}) : null),
      send.status === 'cancelling' ? null
        : el('button', {type: 'button', class: 'danger', 'data-cancel': String(send.id), 'aria-label': 'Cancel ' + what, text: 'Cancel'}));
  }

  function draw() {
    // A series' occurrences are shown with their series.
    const single = rows.filter((r) => !r.series_id);
    list.replaceChildren(...single.map(row));
    const live = follows.filter(isLive);
    empty.hidden = single.length > 0 || series.length > 0 || live.length > 0;
    list.hidden = single.length === 0;
    byId('single-title', HTMLHeadingElement).hidden = single.length === 0 || series.length === 0;
    const parts = [];
    if (series.length) parts.push(series.length === 1 ? '1 repeating series' : series.length + ' repeating series');
    if (single.length) parts.push((single.length === 1 ? '1 message' : single.length + ' messages') + ' waiting, soonest first');
    if (live.length) parts.push(live.length === 1 ? '1 follow-up' : live.length + ' follow-ups');
    byId('scheduled-count', HTMLParagraphElement).textContent = parts.length ? parts.join(' · ') + ' · times in your time zone' : '';
  }

  async function load() {
    const mine = ++loads;
    const before = [...list.children];
    // Skeleton rows until the first answer (a live reload redraws what is there instead).
    if (!loaded) {
      list.hidden = false;
      list.replaceChildren(...Array.from({length: 3}, () => el('li', {class: 'card scheduled-item skeleton', 'aria-hidden': 'true'},
        el('span', {class: 'bone short'}), el('span', {class: 'bone'}), el('span', {class: 'bone short'}))));
    }
    list.setAttribute('aria-busy', 'true');
    try {
      const [reply, repeating, following] = await Promise.all([api('GET', 'scheduled'), api('GET', 'series'), api('GET', 'follow-ups')]);
      if (mine !== loads) return;
      rows = /** @type {ScheduledList} */ (reply).scheduled;
      series = /** @type {SeriesList} */ (repeating).series;
      follows = /** @type {FollowUpList} */ (following).follow_ups;
      banner.hidden = true;
      loaded = true;
      drawSeries();
      drawFollowUps();
      draw();
    } catch (error) {
      if (mine !== loads) return;
      list.replaceChildren(...before.filter((item) => !item.classList.contains('skeleton')));
      list.hidden = list.children.length === 0;
      byId('scheduled-error-text', HTMLSpanElement).textContent = "Couldn't load what is scheduled: " + messageOf(error);
      banner.hidden = false;
    } finally {
      if (mine === loads) list.setAttribute('aria-busy', 'false');
    }
  }
  byId('scheduled-retry', HTMLButtonElement).addEventListener('click', load);

  list.addEventListener('click', async (event) => {
    const button = eventElement(event)?.closest('[data-cancel]');
    if (!(button instanceof HTMLButtonElement)) return;
    const send = rows.find((r) => String(r.id) === button.dataset['cancel']);
    if (!send) return;
    byId('cancel-text', HTMLParagraphElement).textContent = '“' + send.template_name + '” to ' + send.title + ', due '
      + clockAt(new Date(send.scheduled_for), true) + ', will be deleted from Telegram\'s schedule.'
      + (send.timer_id ? ' The timer keeps running; its message is not scheduled again for this run.' : '');
    if (await openDialog(byId('cancel-dialog', HTMLDialogElement)) !== 'ok') { button.focus(); return; }
    try {
      const after = /** @type {ScheduledSend} */ (await api('POST', 'scheduled/' + send.id + '/cancel'));
      if (after.status === 'cancelling') {
        rows = rows.map((r) => (r.id === send.id ? after : r));
        toast('Cancelling: it is deleted from Telegram as soon as Telegram can be reached.');
      } else {
        rows = rows.filter((r) => r.id !== send.id);
        toast('Cancelled: “' + send.template_name + '” to ' + send.title + '.');
      }
    } catch (error) {
      toast(error instanceof ApiError && error.code === 'not_pending' ? error.message : messageOf(error, 'Not cancelled.'));
      await load();
    }
    const index = [...list.children].findIndex((item) => item instanceof HTMLElement && item.dataset['id'] === String(send.id));
    draw();
    const next = list.querySelectorAll('[data-cancel]')[Math.max(0, index)];
    if (next instanceof HTMLButtonElement) next.focus(); else byId('scheduled-title', HTMLHeadingElement).focus();
  });

  /** @param {FollowUp} f */
  function followCard(f) {
    const due = f.due_at ? new Date(f.due_at) : null;
    const when = f.state === 'waiting' || !due || !f.due_at ? el('p', {class: 'when', text: 'Waits for its message to go out'})
      : el('p', {class: 'when'}, f.condition === 'read' ? 'Gives up at ' : 'Judged at ', el('time', {datetime: f.due_at, text: clockAt(due, true)}), ' ',
        el('span', {class: 'meta until', 'data-at': f.due_at, text: timeUntil(due)}));
    const state = f.state === 'watching' ? watchingText[f.condition] ?? liveText['watching'] : liveText[f.state] ?? f.state;
    return el('li', {class: 'card follow-item', 'data-follow-up': f.id, 'data-state': f.state},
      when,
      el('h3', {class: 'name', text: f.sentence}),
      el('p', {class: 'to', text: 'On “' + f.followed_template + '” to ' + f.chat_title}),
      el('p', {class: 'meta state', text: state}),
      f.state === 'firing' ? null
        : el('button', {type: 'button', class: 'danger', 'data-cancel-follow-up': f.id, 'aria-label': 'Cancel follow-up: ' + f.sentence, text: 'Cancel'}));
  }

  /** @param {FollowUp} f */
  function endedItem(f) {
    const ended = new Date(f.updated_at);
    return el('li', {class: 'follow-ended-item', 'data-follow-up': f.id, 'data-state': f.state},
      el('p', {class: 'outcome'}, el('span', {class: 'badge', text: endedText[f.state] ?? f.state}), ' ',
        el('time', {class: 'meta', datetime: f.updated_at, text: clockAt(ended, true)})),
      el('p', {class: 'sentence', text: f.sentence}),
      f.reason ? el('p', {class: 'reason', text: f.reason}) : null,
      el('p', {class: 'meta', text: 'On “' + f.followed_template + '” to ' + f.chat_title}));
  }

  /** Redraws the follow-ups; a Cancel that had the focus keeps it (live reloads redraw too). */
  function drawFollowUps() {
    const focused = document.activeElement;
    const keep = focused instanceof HTMLElement && followList.contains(focused) ? focused.dataset['cancelFollowUp'] : undefined;
    const live = follows.filter(isLive);
    const ended = follows.filter((f) => !isLive(f));
    followList.replaceChildren(...live.map(followCard));
    followList.hidden = live.length === 0;
    byId('follow-none', HTMLParagraphElement).hidden = live.length > 0;
    const shown = allEnded ? ended : ended.slice(0, endedShown);
    endedList.replaceChildren(...shown.map(endedItem));
    byId('follow-ended-part', HTMLDivElement).hidden = ended.length === 0;
    moreEnded.hidden = ended.length <= endedShown;
    moreEnded.textContent = allEnded ? 'Show fewer' : 'Show ' + (ended.length - endedShown) + ' more';
    moreEnded.setAttribute('aria-expanded', String(allEnded));
    byId('follow-section', HTMLElement).hidden = follows.length === 0;
    const again = keep ? followList.querySelector('[data-cancel-follow-up="' + CSS.escape(keep) + '"]') : null;
    if (again instanceof HTMLElement) again.focus();
  }

  moreEnded.addEventListener('click', () => {
    allEnded = !allEnded;
    drawFollowUps();
    moreEnded.focus();
  });

  followList.addEventListener('click', async (event) => {
    const button = eventElement(event)?.closest('[data-cancel-follow-up]');
    if (!(button instanceof HTMLButtonElement)) return;
    const f = follows.find((x) => x.id === button.dataset['cancelFollowUp']);
    if (!f) return;
    byId('follow-cancel-text', HTMLParagraphElement).textContent = '“' + f.sentence + '”, on “' + f.followed_template + '” to ' + f.chat_title
      + ', stops here: nothing is done for it. The message itself stays as it is.';
    if (await openDialog(byId('follow-cancel-dialog', HTMLDialogElement)) !== 'ok') {
      // A live reload may have redrawn the card meanwhile.
      const same = followList.querySelector('[data-cancel-follow-up="' + CSS.escape(f.id) + '"]');
      if (same instanceof HTMLButtonElement) same.focus(); else byId('follow-title', HTMLHeadingElement).focus();
      return;
    }
    const index = follows.filter(isLive).findIndex((x) => x.id === f.id);
    try {
      const after = /** @type {FollowUp} */ (await api('POST', 'follow-ups/' + f.id + '/cancel'));
      follows = [...follows.filter((x) => isLive(x) && x.id !== f.id), after, ...follows.filter((x) => !isLive(x) && x.id !== f.id)];
      toast('Follow-up cancelled: ' + f.sentence + '.');
    } catch (error) {
      toast(error instanceof ApiError && error.code === 'follow_up_ended' ? error.message : messageOf(error, 'Not cancelled.'));
      await load();
    }
    drawFollowUps();
    draw();
    const buttons = followList.querySelectorAll('[data-cancel-follow-up]');
    const next = buttons[Math.min(Math.max(0, index), buttons.length - 1)];
    if (next instanceof HTMLButtonElement) next.focus(); else byId('follow-title', HTMLHeadingElement).focus();
  });

  // "in 2 h 5 min" stays current without a request.
  window.setInterval(() => {
    document.querySelectorAll('#scheduled-list .until, #follow-list .until').forEach((span) => {
      if (span instanceof HTMLElement) span.textContent = timeUntil(new Date(span.dataset['at'] ?? ''));
    });
  }, 15000);

  let pending = 0;
  on('timers', () => {
    window.clearTimeout(pending);
    pending = window.setTimeout(load, 150);
  });
  document.addEventListener('visibilitychange', () => { if (!document.hidden) load(); });
  load();
}
