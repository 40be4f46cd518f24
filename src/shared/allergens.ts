/**
 * The 14 allergens a restaurant in the EU must name (Regulation (EU) 1169/2011, Annex II),
 * by the stable codes the API uses; each code is also the word the site shows. The
 * database keeps a dish's allergens as bits in this order: add at the end, never reorder.
 */
export const ALLERGENS = ['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs'] as const;

export type Allergen = (typeof ALLERGENS)[number];
