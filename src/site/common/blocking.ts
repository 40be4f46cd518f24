// "Leave without saving?" for the site: a navigation has one blocker, made the first time a
// form needs it (the owner's forms, the booking form), shared by every page that has one.
// It asks in the site's dialog, whose buttons say what they do.
import { createBlocker, type Blocking } from '../../router/blocker.js';
import type { Navigation } from '../../router/navigation.js';
import { ask } from './ask.js';
import { t } from '../../core/words.js';

let blocking: Blocking | undefined;

const askToLeave = (message: string) => ask({ title: message, text: t('What you changed on this page is not saved.'), act: t('Leave without saving'), keep: t('Stay on this page') });

export function siteBlocker(navigation: Navigation): Blocking {
  blocking ??= createBlocker(navigation, { go: (delta) => history.go(delta), ask: askToLeave, win: window });
  return blocking;
}
