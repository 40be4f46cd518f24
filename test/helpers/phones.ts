// Phone numbers for pickup orders in tests. Pickup orders are limited per phone number
// (5 per 10 minutes by default), so a test placing many gives each a number of its own.
let next = 0;

/** A different valid Italian mobile number at each call: +39 347 1000000, +39 347 1000001, … */
export const newPhone = () => `+39 347 ${1_000_000 + next++}`;
