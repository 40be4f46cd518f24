// A dish's allergens as the database keeps them: one integer, a bit per allergen in the
// order of ALLERGENS. "Without milk and eggs" is then one test on both databases,
// `(allergens | traces) & mask = 0`, with no JSON to read. Null allergens: not filled in.
import { ALLERGENS, type Allergen } from '../../shared/allergens.js';

export const bitsOf = (codes: readonly Allergen[]): number => codes.reduce((bits, code) => bits | (1 << ALLERGENS.indexOf(code)), 0);

export const codesOf = (bits: number): Allergen[] => ALLERGENS.filter((_, i) => bits & (1 << i));
