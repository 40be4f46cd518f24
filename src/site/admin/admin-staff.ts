// `/admin/staff`: the staff, 25 at a time (name, e-mail, role, state, last sign-in), and a
// form to invite someone, which shows their one-time link once, as text and as a QR code.
// `/admin/staff/12`: one account: its name and role saved on its version (a 409 shows
// what changed and the account as it is now), deactivated or reactivated, its password
// reset with a new link. The API enforces every rule (nobody removes themselves, the last
// Admin stays); these pages say what it answered.
import { roleWord } from '../common/role-words.js';
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { AdminApi, Role, StaffMember } from './api.js';
import { formatDateTime } from '../common/format.js';
import { adminNav, failureText } from './admin-nav.js';
import { handover } from './handover.js';
import { ask } from '../common/ask.js';
import type { Passkey } from '../common/orders-api.js';
import { passkeyList } from '../account/index.js';
import { t } from '../../core/words.js';

const ROLES: Role[] = ['Waiter', 'Kitchen', 'Admin', 'Student'];

const roleSelect = (id: string, chosen: Role) =>
  h('select', { id, required: true }, ROLES.map((role) => h('option', { value: role, selected: role === chosen }, roleWord(role))));

/** What is true of an account besides its role: deactivated, or waiting for its password. */
const stateOf = (member: StaffMember) => (!member.active ? t('Deactivated') : !member.hasPassword ? t('No password yet') : t('Active'));

export const adminStaffPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const list = h('ul', { class: 'staff-list' });
  const more = h('div');
  const shown = h('div');
  const status = h('p', { class: 'outcome', role: 'status' });

  const row = (member: StaffMember) =>
    h(
      'li',
      null,
      h('a', { href: `/admin/staff/${member.id}` }, member.name),
      h('span', { class: 'badge' }, roleWord(member.role)),
      stateOf(member) === t('Active') ? null : h('span', { class: 'badge sold' }, stateOf(member)),
      h('span', { class: 'hint' }, `${member.email} · ${member.lastSignIn ? t('last signed in on {dateTime}', { dateTime: formatDateTime(member.lastSignIn) }) : t('never signed in')}`),
    );

  function page(after?: number) {
    if (after === undefined) list.replaceChildren();
    loadInto(
      more,
      () => admin.staff(after, ctx.signal),
      ({ staff, next }) => {
        list.append(...staff.map(row));
        return next === null ? new Text() : h('button', { type: 'button', class: 'button secondary', onclick: () => page(next) }, t('Show more staff'));
      },
      { signal: ctx.signal, waiting: t('Loading the staff…') },
    );
  }

  const name = h('input', { id: 'invite-name', maxlength: 80, required: true, autocomplete: 'off' });
  const email = h('input', { id: 'invite-email', type: 'email', maxlength: 254, required: true, autocomplete: 'off' });
  const role = roleSelect('invite-role', 'Waiter');
  const send = h('button', { type: 'submit', class: 'button' }, t('Invite'));
  async function invite(event: Event) {
    event.preventDefault();
    send.disabled = true;
    status.textContent = '';
    try {
      const { staff, link } = await admin.invite({ name: name.value, email: email.value, role: role.value as Role });
      name.value = email.value = '';
      shown.replaceChildren(handover(link, staff.name));
      shown.querySelector<HTMLElement>('h2')!.focus();
      page();
    } catch (error) {
      status.textContent = failureText(error);
    } finally {
      send.disabled = false;
    }
  }

  page();
  return h(
    'div',
    { class: 'admin with-nav' },
    h('h1', null, t('Staff')),
    adminNav(),
    shown,
    list,
    more,
    h(
      'form',
      { class: 'form admin-form', onsubmit: invite, 'aria-labelledby': 'invite-title' },
      h('h2', { id: 'invite-title' }, t('Invite someone')),
      h('p', { class: 'hint' }, t('They get an account without a password, and you get a link for them to set one (it works once, for 24 hours).')),
      h('label', { for: 'invite-name' }, t('Name')),
      name,
      h('label', { for: 'invite-email' }, t('E-mail')),
      email,
      h('label', { for: 'invite-role' }, t('Role')),
      role,
      status,
      send,
    ),
  );
};

export const adminStaffMemberPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const id = Number(ctx.params.id);
  const area = h('div');
  const heading = h('h1', null, t('Staff member'));

  function show(member: StaffMember, message = ''): Node {
    heading.textContent = member.name;
    ctx.retitle(member.name);
    const status = h('p', { class: 'outcome', role: 'status' }, message);
    const shown = h('div');
    const name = h('input', { id: 'member-name', value: member.name, maxlength: 80, required: true });
    const role = roleSelect('member-role', member.role);
    // Every answer redraws the page from the account as the API has it now.
    const settle = (done: Promise<StaffMember>, said: (now: StaffMember) => string) =>
      done.then(
        (now) => area.replaceChildren(show(now, said(now))),
        (error) => {
          const current = (error as { body?: { staff?: StaffMember } })?.body?.staff;
          if (current) area.replaceChildren(show(current, t('{failureText} It is shown as it is now.', { failureText: failureText(error) })));
          else status.textContent = failureText(error);
        },
      );
    const save = (event: Event) => {
      event.preventDefault();
      void settle(admin.updateStaff(member, { name: name.value, role: role.value as Role }), (now) => t('Saved {name}.', { name: now.name }));
    };
    const toggle = async () => {
      if (member.active && !(await ask({ title: t('Deactivate {name}?', { name: member.name }), text: t('Their sign-ins end at once. You can let them back in later.'), act: t('Deactivate {name}', { name: member.name }), keep: t('Keep them active') }))) return;
      void settle(admin.updateStaff(member, { active: !member.active }), (now) => (now.active ? t('{name} can sign in again.', { name: now.name }) : t('{name} is deactivated.', { name: now.name })));
    };
    const reset = async () => {
      if (!(await ask({ title: t('Reset {name}\'s password?', { name: member.name }), text: t('The current one stops working at once, and you hand over a new one-time link.'), act: t('Reset the password'), keep: t('Keep the password') }))) return;
      admin.resetPassword(member).then(
        ({ staff, link }) => {
          area.replaceChildren(show(staff, t('{name}\'s password is reset.', { name: staff.name })));
          const place = area.querySelector('.handover-place')!;
          place.replaceChildren(handover(link, staff.name));
          place.querySelector<HTMLElement>('h2')!.focus();
        },
        (error) => (status.textContent = failureText(error)),
      );
    };
    return h(
      'div',
      null,
      status,
      h('div', { class: 'handover-place' }, shown),
      h(
        'dl',
        { class: 'details' },
        h('dt', null, t('E-mail')),
        h('dd', null, member.email),
        h('dt', null, t('State')),
        h('dd', null, stateOf(member)),
        h('dt', null, t('Last sign-in')),
        h('dd', null, member.lastSignIn ? formatDateTime(member.lastSignIn) : t('Never')),
      ),
      h('form', { class: 'form admin-form', onsubmit: save }, h('label', { for: 'member-name' }, t('Name')), name, h('label', { for: 'member-role' }, t('Role')), role, h('button', { type: 'submit', class: 'button' }, t('Save changes'))),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', class: 'button secondary', onclick: toggle }, member.active ? t('Deactivate') : t('Reactivate')),
        h('button', { type: 'button', class: 'button secondary', onclick: reset }, t('Reset password')),
      ),
      memberPasskeys(member, status),
    );
  }

  // Their passkeys (deactivating removes them all): when each was added and last used, and Remove.
  function memberPasskeys(member: StaffMember, status: HTMLElement): HTMLElement {
    const list = h('div');
    const load = () =>
      loadInto(
        list,
        () => admin.memberPasskeys(member, ctx.signal),
        (passkeys) =>
          passkeys.length ? passkeyList(passkeys, remove) : h('p', null, t('{name} has no passkey.', { name: member.name })),
        { signal: ctx.signal, waiting: t('Loading the passkeys…') },
      );
    const remove = async (passkey: Passkey) => {
      if (!(await ask({ title: t('Remove {name}\'s {name2}?', { name: member.name, name2: passkey.name }), text: t('It signs them in no more; their password still does.'), act: t('Remove the passkey'), keep: t('Keep it') }))) return;
      admin.removeMemberPasskey(member, passkey).then(
        () => {
          status.textContent = t('{name}\'s {name2} is removed.', { name: member.name, name2: passkey.name });
          load();
        },
        (error) => (status.textContent = failureText(error)),
      );
    };
    load();
    return h('section', { 'aria-labelledby': 'member-passkeys' }, h('h2', { id: 'member-passkeys' }, t('Passkeys')), list);
  }

  loadInto(area, () => admin.staffMember(id, ctx.signal), (member) => show(member), { signal: ctx.signal, waiting: t('Loading the account…') });
  return h('div', { class: 'admin with-nav' }, heading, adminNav(), h('p', null, h('a', { href: '/admin/staff' }, t('← All staff'))), area);
};
