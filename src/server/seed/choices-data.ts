// The groups of choices a fresh menu starts with, each with the dishes (by slug) that list
// it: the bistecca's doneness, extras for the pizzas, the pasta's shape, gluten-free pasta,
// and what can be left out of the cacciatora. Prices are changes in euro cents.
import type { ChoiceGroupFields } from '../../shared/choices.js';

const option = (name: string, nameIt: string, priceCents = 0, allergens: Pick<ChoiceGroupFields['options'][number], 'addsAllergens' | 'removesAllergens'> = { addsAllergens: [], removesAllergens: [] }) => ({ name, nameIt, priceCents, ...allergens, available: true });

export const SEED_GROUPS: (ChoiceGroupFields & { dishes: string[] })[] = [
  { name: 'How it is cooked', nameIt: 'Cottura', kind: 'choose', min: 1, max: 1, options: [option('Rare', 'Al sangue'), option('Medium', 'Media'), option('Well done', 'Ben cotta')], dishes: ['bistecca'] },
  {
    name: 'Extras',
    nameIt: 'Aggiunte',
    kind: 'choose',
    min: 0,
    max: 3,
    options: [option('Buffalo mozzarella', 'Mozzarella di bufala', 200, { addsAllergens: ['milk'], removesAllergens: [] }), option('’Nduja', '’Nduja', 150), option('Porcini mushrooms', 'Funghi porcini', 200), option('Rocket', 'Rucola', 50)],
    dishes: ['diavola', 'quattro-formaggi', 'ortolana'],
  },
  { name: 'Pasta shape', nameIt: 'Formato della pasta', kind: 'choose', min: 1, max: 1, options: [option('Tonnarelli', 'Tonnarelli'), option('Spaghetti', 'Spaghetti'), option('Rigatoni', 'Rigatoni')], dishes: ['cacio-e-pepe'] },
  { name: 'Gluten-free', nameIt: 'Senza glutine', kind: 'choose', min: 0, max: 1, options: [option('Gluten-free pasta', 'Pasta senza glutine', 150, { addsAllergens: [], removesAllergens: ['gluten'] })], dishes: ['ragu', 'cacio-e-pepe'] },
  { name: 'Without', nameIt: 'Senza', kind: 'without', min: 0, max: 2, options: [option('Olives', 'Olive'), option('Rosemary', 'Rosmarino')], dishes: ['cacciatora'] },
];
