// The pre-bill by e-mail: a guest asks for it to be sent (to pay later, or for their
// records), and it goes through the outbox like every guest's e-mail: written in the same
// transaction as its activity entry, sent when the mail server takes it, retried until then.
// It is the printed pre-bill in words: the restaurant (its registered name, address and VAT
// number), the lines, the cover charge, the discounts, the total with its VAT by rate, what
// is paid and what remains, and that it is not a fiscal receipt. In the guest's language.
import type { Bill } from '../../shared/bills.js';
import { recordActivity, type Actor } from '../activity/index.js';
import { escapeHtml, type Booker } from '../bookings/index.js';
import { ApiError } from '../http/errors.js';
import { inLanguage, t } from '../http/language.js';
import { writeMessage } from '../mail/index.js';
import { readRestaurant } from '../restaurant/index.js';
import { euros } from '../http/euros.js';
import { subject } from './pay.js';
import { billRow, billView } from './store.js';

/** Writes the pre-bill of bill `id` to `to` in the outbox, in `lang`. Answers the bill as it was sent. */
export async function emailPreBill(booker: Booker, id: number, { to, lang }: { to: string; lang: 'en' | 'it' }, actor: Actor): Promise<Bill> {
  const bill = await booker.db.transaction().execute(async (trx) => {
    const row = await billRow(trx, id);
    if (!row) throw new ApiError(404, 'not_found', t('There is no bill {id}.', { id }));
    const bill = await billView(trx, row);
    await inLanguage(lang, async () => {
      const restaurant = await readRestaurant(trx);
      // The lines' names in the guest's language (the choices'), whatever the waiter's page is in.
      const lines = preBillLines(await billView(trx, row));
      const head = [restaurant.name, restaurant.legalName, restaurant.address, t('VAT number {number}', { number: restaurant.vatNumber })].filter(Boolean);
      const title = bill.table === null ? t('Your pre-bill at {restaurant}', { restaurant: restaurant.name }) : t('Table {table}’s pre-bill at {restaurant}', { table: bill.table, restaurant: restaurant.name });
      const foot = t('Pre-bill, not a fiscal receipt');
      const text = [head.join('\n'), lines.map(([words, amount]) => `${words}  ${amount}`).join('\n'), foot].join('\n\n');
      const rows = lines.map(([words, amount]) => `<tr><td>${escapeHtml(words)}</td><td style="text-align:right;white-space:nowrap">${escapeHtml(amount)}</td></tr>`).join('');
      const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;line-height:1.5;color:#222;max-width:36em"><p>${head.map(escapeHtml).join('<br>')}</p><table style="border-collapse:collapse;width:100%">${rows}</table><p>${escapeHtml(foot)}</p></body></html>`;
      await writeMessage(trx, { kind: 'pre-bill', bookingId: null, to: { name: '', address: to }, subject: title, text, html }, actor.now, booker.mail.domain);
    });
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'bill.emailed', subject: subject(row), before: null, after: { totalCents: bill.totalCents, remainingCents: bill.remainingCents } });
    return bill;
  });
  booker.mailWritten();
  return bill;
}

/** The pre-bill as rows of words and an amount, in the language asked. */
function preBillLines(bill: Bill): [string, string][] {
  const rows: [string, string][] = bill.lines.map((line) => [`${line.quantity} × ${line.name}`, euros(line.totalCents)]);
  if (bill.coverTotalCents) rows.push([`${bill.covers ?? 0} × ${t('Cover charge')}`, euros(bill.coverTotalCents)]);
  for (const discount of bill.discounts) rows.push([t('Discount: {reason}', { reason: discount.reason }), euros(-discount.amountCents)]);
  rows.push([t('Total'), euros(bill.totalCents)]);
  for (const rate of bill.vat) rows.push([t('VAT {rate} included', { rate: `${rate.rateBp / 100} %` }), euros(rate.vatCents)]);
  if (bill.paidCents) rows.push([t('Paid'), euros(bill.paidCents)], [t('To pay'), euros(bill.remainingCents)]);
  return rows;
}
