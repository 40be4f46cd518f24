// `/kitchen` (Kitchen and Waiter): the board for a person signed in. It follows their sign-in,
// so it keeps the specification's rules: the access token lives 2 minutes, the client does
// not renew it, and when it ends a dialog over the board asks to sign in again (one touch
// with a passkey), after which the board starts again. It says so, and how a
// screen that must stay on all service is paired instead. The guard only hides the page:
// the API decides, and a 403 (a role edited in local storage) is shown as it comes.
import { roleWord } from '../common/role-words.js';
import { guardedPage } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import type { Store } from '../../core/stored.js';
import type { KitchenApi } from './api.js';
import type { LaterServices } from '../shell/services.js';
import type { StaffSession } from '../common/user.js';
import { kitchenBoard } from './board.js';
import { t } from '../../core/words.js';

export const personBoardPage = ({ follow, session, announce, endSession, signInAgain }: LaterServices, connect: (token: () => string | undefined) => KitchenApi, muted: Store<boolean>) =>
  guardedPage<StaffSession>((ctx) => {
    const { name, role } = ctx.session.user;
    const token = () => session.get()?.token;
    return kitchenBoard({
      api: connect(token),
      follow,
      token,
      signal: ctx.signal,
      announce,
      mover: role,
      station: null,
      title: t('Order queue'),
      intro: [
        h('p', { class: 'hint' }, t('Signed in as {name} ({role}).', { name, role: roleWord(role) })),
        h(
          'p',
          { class: 'hint pair-hint' },
          t('Your sign-in lasts 2 minutes, then this board asks you to sign in again. For a screen that stays on all service, the owner adds a display at Admin → Displays and you type its code at '),
          h('a', { href: '/pair' }, t('/pair')),
          t(' on that screen.'),
        ),
      ],
      paired: false,
      soldOut: role === 'Kitchen',
      // The sign-in ended under the board (its stream, or a move): sign in again over it, then the board starts again.
      refused: (error) => {
        const expired = error instanceof RequestError && error.expired;
        if (expired) void signInAgain().then((again) => (again ? ctx.navigate(ctx.here, { replace: true }) : endSession(ctx.here)));
        return expired;
      },
      muted,
    });
  });
