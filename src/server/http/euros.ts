// An amount of money in a sentence the API answers with, in the request's language.
import { language } from './language.js';

/** An amount as the request's language writes it: "€12.50", "12,50 €" (a no-break space before the sign, as the site writes it). */
export const euros = (cents: number) => (language() === 'it' ? `${(cents / 100).toFixed(2).replace('.', ',')}\u00a0€` : `€${(cents / 100).toFixed(2)}`);
