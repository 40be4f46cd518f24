/**
 * Who runs the restaurant, as the API sends it: the imprint and the privacy notice show it.
 * One definition, read by the server and by the pages.
 */
export interface Restaurant {
  /** The name diners know, e.g. "Tavola". */
  name: string;
  /** The business's registered name, e.g. "Tavola S.r.l.". */
  legalName: string;
  address: string;
  /** The Italian VAT number (partita IVA): 11 digits, the last a check digit. */
  vatNumber: string;
  phone: string;
  email: string;
  /** True while the owner holds Italian back from diners (its menu not complete): Italian pages show the English menu. */
  italianHeld: boolean;
  /** The cover charge per guest ("coperto") a table's bill counts, in cents; 0 for none. */
  coverCents: number;
  /** The most a Waiter may take off one bill, in cents; a larger discount is the Admin's. */
  discountLimitCents: number;
  version: number;
  /** Days a booking's or a pickup order's personal details are kept after its day (BOOKING_DATA_DAYS). */
  guestDataDays: number;
}

/** What the Admin sets. */
export type RestaurantFields = Omit<Restaurant, 'version' | 'guestDataDays'>;

/** A `tel:` address for a phone number as the Admin typed it ("+39 06 1234 5678"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
