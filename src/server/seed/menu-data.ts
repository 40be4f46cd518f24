// The menu a fresh database starts with. Prices are in euro cents; pictures are served
// by this project from public/site/images/dishes. The allergens are examples of what such
// dishes usually contain: a restaurant sets its own from its recipes and suppliers.
import type { Allergen } from '../../shared/allergens.js';

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  dishes: SeedDish[];
}

export interface SeedDish {
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  tags: string[];
  featured?: boolean;
  allergens: Allergen[];
  traces?: Allergen[];
}

export const MENU: SeedCategory[] = [
  {
    slug: 'antipasti',
    name: 'Antipasti',
    description: 'Small plates to share while the pasta water boils.',
    dishes: [
      { slug: 'bruschetta', name: 'Bruschetta al pomodoro', description: 'Grilled sourdough rubbed with garlic, topped with datterini tomatoes, basil and Ligurian olive oil.', priceCents: 750, tags: ['vegan'], allergens: ['gluten'], traces: ['sesame'] },
      { slug: 'burrata', name: 'Burrata con pesche', description: 'Creamy Apulian burrata with roasted peaches, toasted hazelnuts and a drop of aged balsamic.', priceCents: 1350, tags: ['vegetarian', 'contains-nuts'], featured: true, allergens: ['milk', 'nuts'] },
      { slug: 'arancini', name: 'Arancini siciliani', description: 'Crisp saffron rice balls filled with ragù and peas, served with a spicy tomato dip.', priceCents: 900, tags: ['spicy'], allergens: ['gluten', 'eggs', 'milk', 'celery'] },
      { slug: 'carpaccio', name: 'Carpaccio di manzo', description: 'Thinly sliced raw beef with rocket, shaved Parmigiano and lemon.', priceCents: 1250, tags: ['gluten-free'], allergens: ['milk'] },
      { slug: 'vitello-tonnato', name: 'Vitello tonnato', description: 'Cold roast veal under a silky tuna and caper sauce, the Piedmontese way.', priceCents: 1400, tags: ['gluten-free', 'contains-fish'], allergens: ['eggs', 'fish'], traces: ['mustard'] },
    ],
  },
  {
    slug: 'primi',
    name: 'Pasta & risotto',
    description: 'Fresh pasta rolled every morning, risotto stirred to order.',
    dishes: [
      { slug: 'carbonara', name: 'Spaghetti alla carbonara', description: 'Guanciale, egg yolk, Pecorino Romano and black pepper. No cream, ever.', priceCents: 1450, tags: [], featured: true, allergens: ['gluten', 'eggs', 'milk'] },
      { slug: 'ragu', name: 'Tagliatelle al ragù', description: 'Egg tagliatelle with a slow-cooked Bolognese ragù of beef and pork.', priceCents: 1550, tags: [], allergens: ['gluten', 'eggs', 'milk', 'celery', 'sulphites'] },
      { slug: 'cacio-e-pepe', name: 'Cacio e pepe', description: 'Tonnarelli tossed with Pecorino Romano and toasted black pepper.', priceCents: 1300, tags: ['vegetarian'], allergens: ['gluten', 'milk'] },
      { slug: 'risotto-funghi', name: 'Risotto ai funghi porcini', description: 'Carnaroli rice with porcini mushrooms, thyme and a knob of butter.', priceCents: 1650, tags: ['vegetarian', 'gluten-free'], allergens: ['milk', 'celery', 'sulphites'] },
      { slug: 'trofie-pesto', name: 'Trofie al pesto', description: 'Twisted Ligurian pasta with basil pesto, green beans and potatoes.', priceCents: 1350, tags: ['vegetarian', 'contains-nuts'], allergens: ['gluten', 'milk', 'nuts'] },
      { slug: 'arrabbiata', name: "Penne all'arrabbiata", description: 'Penne in a fiery tomato sauce with garlic and Calabrian chilli.', priceCents: 1150, tags: ['vegan', 'spicy'], allergens: ['gluten'], traces: ['eggs'] },
    ],
  },
  {
    slug: 'pizza',
    name: 'Pizza',
    description: 'Neapolitan dough, 48 hours of rising, 90 seconds in the wood oven.',
    dishes: [
      { slug: 'margherita', name: 'Margherita', description: 'San Marzano tomato, fior di latte, basil and olive oil.', priceCents: 1050, tags: ['vegetarian'], featured: true, allergens: ['gluten', 'milk'] },
      { slug: 'diavola', name: 'Diavola', description: 'Tomato, mozzarella and spicy salame from Calabria.', priceCents: 1250, tags: ['spicy'], allergens: ['gluten', 'milk'] },
      { slug: 'quattro-formaggi', name: 'Quattro formaggi', description: 'Mozzarella, Gorgonzola, Taleggio and Parmigiano, no tomato.', priceCents: 1350, tags: ['vegetarian'], allergens: ['gluten', 'milk'] },
      { slug: 'ortolana', name: 'Ortolana', description: 'Grilled courgettes, aubergines and peppers on tomato, without cheese.', priceCents: 1200, tags: ['vegan'], allergens: ['gluten'], traces: ['milk'] },
    ],
  },
  {
    slug: 'secondi',
    name: 'Mains',
    description: 'From the grill, the oven and the sea.',
    dishes: [
      { slug: 'branzino', name: 'Branzino al forno', description: 'Whole sea bass baked with lemon, fennel and cherry tomatoes.', priceCents: 2400, tags: ['gluten-free', 'contains-fish'], featured: true, allergens: ['fish'] },
      { slug: 'saltimbocca', name: 'Saltimbocca alla romana', description: 'Veal escalopes with prosciutto and sage in a white-wine butter.', priceCents: 2200, tags: [], allergens: ['gluten', 'milk', 'sulphites'] },
      { slug: 'parmigiana', name: 'Melanzane alla parmigiana', description: 'Layers of fried aubergine, tomato, basil and Parmigiano, baked until bubbling.', priceCents: 1600, tags: ['vegetarian'], allergens: ['gluten', 'eggs', 'milk'] },
      { slug: 'cacciatora', name: 'Pollo alla cacciatora', description: "Chicken braised the hunter's way with tomatoes, olives and rosemary.", priceCents: 1900, tags: ['gluten-free'], allergens: ['celery', 'sulphites'] },
    ],
  },
  {
    slug: 'dolci',
    name: 'Desserts',
    description: 'Made in house, every day.',
    dishes: [
      { slug: 'tiramisu', name: 'Tiramisù', description: 'Savoiardi soaked in espresso under mascarpone cream and cocoa.', priceCents: 750, tags: ['vegetarian'], featured: true, allergens: ['gluten', 'eggs', 'milk'] },
      { slug: 'panna-cotta', name: 'Panna cotta ai frutti di bosco', description: 'Vanilla panna cotta with a compote of wild berries.', priceCents: 700, tags: ['vegetarian', 'gluten-free'], allergens: ['milk'] },
      { slug: 'cannoli', name: 'Cannoli siciliani', description: 'Crisp shells filled with sweet ricotta, candied orange and pistachio.', priceCents: 800, tags: ['vegetarian', 'contains-nuts'], allergens: ['gluten', 'milk', 'nuts'], traces: ['eggs', 'peanuts'] },
      { slug: 'affogato', name: 'Affogato al caffè', description: 'Fior di latte gelato drowned in a hot espresso. Crème de la crème.', priceCents: 600, tags: ['vegetarian', 'gluten-free'], allergens: ['milk'], traces: ['eggs', 'nuts'] },
    ],
  },
  {
    slug: 'bevande',
    name: 'Drinks',
    description: 'Soft drinks and coffee from small Italian producers.',
    dishes: [
      { slug: 'limonata', name: 'Limonata della casa', description: 'Amalfi lemons, a little sugar, sparkling water and mint.', priceCents: 450, tags: ['vegan', 'gluten-free'], allergens: [] },
      { slug: 'chinotto', name: 'Chinotto', description: 'The bittersweet Italian citrus soda, served ice cold.', priceCents: 400, tags: ['vegan', 'gluten-free'], allergens: [] },
      { slug: 'espresso', name: 'Espresso', description: 'A short, dark roast from a Neapolitan roastery.', priceCents: 250, tags: ['vegan', 'gluten-free'], allergens: [] },
    ],
  },
];

/**
 * Dishes the menu gained after its first version, seeded after every dish above (each last in
 * its category, which reads by position then id), so that those keep the ids the docs and
 * links name (dish 6 is the carbonara).
 */
export const ADDED_DISHES: { category: string; dish: SeedDish }[] = [
  {
    category: 'secondi',
    dish: { slug: 'bistecca', name: 'Bistecca ai ferri', description: 'Grilled sirloin, sliced, on rocket with rosemary salt and olive oil. Cooked as you like it.', priceCents: 2600, tags: ['gluten-free'], allergens: [] },
  },
];
