// A guest's phone number, read with libphonenumber-js (Google's libphonenumber rules and
// metadata, the "max" set, which checks that the number can exist, not only its length)
// and kept in international form (E.164: +393471234567). A number written without its
// country code is read as one of the restaurant's country (PHONE_REGION, IT unless set).
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { ApiError } from './errors.js';
import { t } from './language.js';

/** The number in E.164, or a 400 that says what to write. */
export function internationalPhone(typed: string, region: string, field = 'phone'): string {
  const number = parsePhoneNumberFromString(typed, region as CountryCode);
  if (!number?.isValid()) {
    // Said to a guest beside the field (the field's name is in the answer's `field`), and a number from abroad is the usual cause.
    throw new ApiError(400, 'invalid_field', t('{value} is not a phone number we can call. For a number from abroad, add its country code (+44 20 7946 0958).', { value: `“${typed}”` }), { field });
  }
  return number.number;
}

/** A country code the metadata knows, checked once at start. */
export function checkPhoneRegion(region: string): string {
  if (!parsePhoneNumberFromString('+1 202 555 0100')) throw new Error('libphonenumber-js has no metadata.');
  if (!/^[A-Z]{2}$/.test(region) || !regionName(region)) throw new Error(`PHONE_REGION must be a two-letter country code such as IT, not ${JSON.stringify(region)}.`);
  return region;
}

function regionName(region: string): string {
  try {
    const name = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' }).of(region);
    return name ?? '';
  } catch {
    return '';
  }
}

/** A stored number (E.164) as people read it wherever they are: "+39 333 123 4567"; as stored when it does not parse. */
export const phoneWithCountryCode = (stored: string): string => parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;

/** A stored number as people read it: "333 123 4567" in the restaurant's country, "+44 20 7946 0958" from another; as stored when it does not parse. */
export function phoneForReading(stored: string, region: string): string {
  const number = parsePhoneNumberFromString(stored, region as CountryCode);
  if (!number?.isValid()) return stored;
  return number.country === region ? number.formatNational() : number.formatInternational();
}
