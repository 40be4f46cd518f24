// `/admin/activity`: who changed what and when, newest first, 25 at a time, in the page's
// language (activity-words.ts).
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { formatDateTime } from '../common/format.js';
import type { ActivityEntry, AdminApi } from './api.js';
import { adminNav } from './admin-nav.js';
import { t } from '../../core/words.js';
import { actionWords } from './activity-words.js';


export const adminActivityPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const list = h('ol', { class: 'activity' });
  const more = h('div');
  const row = (entry: ActivityEntry) =>
    h('li', null, h('time', { datetime: entry.at }, formatDateTime(entry.at)), ' · ', h('strong', null, entry.by.name), ` ${actionWords(entry.action)} · ${entry.subject}`);

  function page(before?: number) {
    loadInto(
      more,
      () => admin.activity(before, ctx.signal),
      ({ entries, next }) => {
        list.append(...entries.map(row));
        if (!entries.length && before === undefined) return h('p', null, t('Nothing has been changed yet.'));
        return next === null ? new Text() : h('button', { type: 'button', class: 'button secondary', onclick: () => page(next) }, t('Show older changes'));
      },
      { signal: ctx.signal, waiting: t('Loading the activity…') },
    );
  }
  page();
  return h('div', { class: 'admin with-nav' }, h('h1', null, t('Activity')), adminNav(), list, more);
};
