// `/admin/staff`: the staff, 25 at a time (name, e-mail, role, state, last sign-in), and a
// form to invite someone, which shows their one-time link once, as text and as a QR code.
// `/admin/staff/12`: one account: its name and role saved on its version (a 409 shows
// what changed and the account as it is now), deactivated or reactivated, its password
// reset with a new link. The API enforces every rule (nobody removes themselves, the last
// Admin stays); these pages say what it answered.
import type { PageContext } from '../../../router/app.js';
import { h } from '../../../core/dom.js';
import { loadInto } from '../../../core/load.js';
import type { AdminApi, Role, StaffMember } from '../../admin-api.js';
import { formatDateTime } from '../../format.js';
import { adminNav, failureText } from './admin-nav.js';
import { handover } from './handover.js';
import { ask } from '../ask.js';
import type { Passkey } from '../../orders-api.js';
import { passkeyList } from '../passkeys-section.js';

const ROLES: Role[] = ['Waiter', 'Kitchen', 'Admin', 'Student'];

const roleSelect = (id: string, chosen: Role) =>
  h('select', { id, required: true }, ROLES.map((role) => h('option', { value: role, selected: role === chosen }, role)));

/** What is true of an account besides its role: deactivated, or waiting for its password. */
const stateOf = (member: StaffMember) => (!member.active ? 'Deactivated' : !member.hasPassword ? 'No password yet' : 'Active');

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
      h('span', { class: 'badge' }, member.role),
      stateOf(member) === 'Active' ? null : h('span', { class: 'badge sold' }, stateOf(member)),
      h('span', { class: 'hint' }, `${member.email} · ${member.lastSignIn ? `last signed in on ${formatDateTime(member.lastSignIn)}` : 'never signed in'}`),
    );

  function page(after?: number) {
    if (after === undefined) list.replaceChildren();
    loadInto(
      more,
      () => admin.staff(after, ctx.signal),
      ({ staff, next }) => {
        list.append(...staff.map(row));
        return next === null ? new Text() : h('button', { type: 'button', class: 'button secondary', onclick: () => page(next) }, 'Show more staff');
      },
      { signal: ctx.signal, waiting: 'Loading the staff…' },
    );
  }

  const name = h('input', { id: 'invite-name', maxlength: 80, required: true, autocomplete: 'off' });
  const email = h('input', { id: 'invite-email', type: 'email', maxlength: 254, required: true, autocomplete: 'off' });
  const role = roleSelect('invite-role', 'Waiter');
  const send = h('button', { type: 'submit', class: 'button' }, 'Invite');
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
    { class: 'admin' },
    h('h1', null, 'Staff'),
    adminNav(),
    shown,
    list,
    more,
    h(
      'form',
      { class: 'form admin-form', onsubmit: invite, 'aria-labelledby': 'invite-title' },
      h('h2', { id: 'invite-title' }, 'Invite someone'),
      h('p', { class: 'hint' }, 'They get an account without a password, and you get a link for them to set one (it works once, for 24 hours).'),
      h('label', { for: 'invite-name' }, 'Name'),
      name,
      h('label', { for: 'invite-email' }, 'E-mail'),
      email,
      h('label', { for: 'invite-role' }, 'Role'),
      role,
      status,
      send,
    ),
  );
};

export const adminStaffMemberPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const id = Number(ctx.params.id);
  const area = h('div');
  const heading = h('h1', null, 'Staff member');

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
          if (current) area.replaceChildren(show(current, `${failureText(error)} It is shown as it is now.`));
          else status.textContent = failureText(error);
        },
      );
    const save = (event: Event) => {
      event.preventDefault();
      void settle(admin.updateStaff(member, { name: name.value, role: role.value as Role }), (now) => `Saved ${now.name}.`);
    };
    const toggle = async () => {
      if (member.active && !(await ask({ title: `Deactivate ${member.name}?`, text: 'Their sign-ins end at once. You can let them back in later.', act: `Deactivate ${member.name}`, keep: 'Keep them active' }))) return;
      void settle(admin.updateStaff(member, { active: !member.active }), (now) => (now.active ? `${now.name} can sign in again.` : `${now.name} is deactivated.`));
    };
    const reset = async () => {
      if (!(await ask({ title: `Reset ${member.name}'s password?`, text: 'The current one stops working at once, and you hand over a new one-time link.', act: 'Reset the password', keep: 'Keep the password' }))) return;
      admin.resetPassword(member).then(
        ({ staff, link }) => {
          area.replaceChildren(show(staff, `${staff.name}'s password is reset.`));
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
        h('dt', null, 'E-mail'),
        h('dd', null, member.email),
        h('dt', null, 'State'),
        h('dd', null, stateOf(member)),
        h('dt', null, 'Last sign-in'),
        h('dd', null, member.lastSignIn ? formatDateTime(member.lastSignIn) : 'Never'),
      ),
      h('form', { class: 'form admin-form', onsubmit: save }, h('label', { for: 'member-name' }, 'Name'), name, h('label', { for: 'member-role' }, 'Role'), role, h('button', { type: 'submit', class: 'button' }, 'Save changes')),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', class: 'button secondary', onclick: toggle }, member.active ? 'Deactivate' : 'Reactivate'),
        h('button', { type: 'button', class: 'button secondary', onclick: reset }, 'Reset password'),
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
          passkeys.length ? passkeyList(passkeys, remove) : h('p', null, `${member.name} has no passkey.`),
        { signal: ctx.signal, waiting: 'Loading the passkeys…' },
      );
    const remove = async (passkey: Passkey) => {
      if (!(await ask({ title: `Remove ${member.name}'s ${passkey.name}?`, text: 'It signs them in no more; their password still does.', act: 'Remove the passkey', keep: 'Keep it' }))) return;
      admin.removeMemberPasskey(member, passkey).then(
        () => {
          status.textContent = `${member.name}'s ${passkey.name} is removed.`;
          load();
        },
        (error) => (status.textContent = failureText(error)),
      );
    };
    load();
    return h('section', { 'aria-labelledby': 'member-passkeys' }, h('h2', { id: 'member-passkeys' }, 'Passkeys'), list);
  }

  loadInto(area, () => admin.staffMember(id, ctx.signal), (member) => show(member), { signal: ctx.signal, waiting: 'Loading the account…' });
  return h('div', { class: 'admin' }, heading, adminNav(), h('p', null, h('a', { href: '/admin/staff' }, '← All staff')), area);
};
