// The stand-in's data: 194 products in 6 categories (as many as the public demo shop API
// has, so its pages are as many: 7 of 30) and three accounts, shaped like the public API's.
// Pictures are drawn by the stand-in itself (see pictures.ts).

export interface Product {
  id: number;
  title: string;
  description: string;
  category: string;
  price: number;
  discountPercentage: number;
  rating: number;
  stock: number;
  brand?: string;
  thumbnail: string;
  images: string[];
}

export const CATEGORIES = [
  { slug: 'beauty', name: 'Beauty' },
  { slug: 'fragrances', name: 'Fragrances' },
  { slug: 'furniture', name: 'Furniture' },
  { slug: 'groceries', name: 'Groceries' },
  { slug: 'kitchen-accessories', name: 'Kitchen Accessories' },
  { slug: 'sports-accessories', name: 'Sports Accessories' },
] as const;

const TITLES: Record<string, [title: string, brand?: string][]> = {
  beauty: [['Essence Mascara Lash Princess', 'Essence'], ['Eyeshadow Palette with Mirror', 'Glamour Beauty'], ['Powder Canister', 'Velvet Touch'], ['Red Lipstick', 'Chic Cosmetics'], ['Red Nail Polish', 'Nail Couture'], ['Rose Hand Cream']],
  fragrances: [['Calvin Klein CK One', 'Calvin Klein'], ['Chanel Coco Noir Eau De', 'Chanel'], ["Dior J'adore", 'Dior'], ['Dolce Shine Eau de', 'Dolce & Gabbana'], ['Gucci Bloom Eau de', 'Gucci'], ['Orange Blossom Cologne']],
  furniture: [['Annibale Colombo Bed', 'Annibale Colombo'], ['Annibale Colombo Sofa', 'Annibale Colombo'], ['Bedside Table African Cherry', 'Furniture Co.'], ['Knoll Saarinen Executive Chair', 'Knoll'], ['Wooden Bathroom Sink With Mirror', 'Bath Trends'], ['Oak Bookshelf']],
  groceries: [['Apple'], ['Beef Steak'], ['Cat Food'], ['Chicken Meat'], ['Cooking Oil'], ['Cucumber']],
  'kitchen-accessories': [['Bamboo Spatula'], ['Black Aluminium Cup'], ['Black Whisk'], ['Boxed Blender', 'KitchenPro'], ['Carbon Steel Wok'], ['Chopping Board']],
  'sports-accessories': [['American Football', 'Sportify'], ['Baseball Ball', 'Sportify'], ['Baseball Glove', 'Sportify'], ['Basketball', 'Dunkers'], ['Cricket Bat'], ['Tennis Racket', 'Courtside']],
};

/** How many products each category has: groceries and kitchen accessories take more than one page of 30. */
const COUNTS: Record<string, number> = { beauty: 30, fragrances: 25, furniture: 30, groceries: 45, 'kitchen-accessories': 34, 'sports-accessories': 30 };

function product(id: number, slug: string, title: string, brand: string | undefined): Product {
  const made: Product = {
    id,
    title,
    description: `${title}: a demo product in ${slug.replace('-', ' ')}, made up for offline development.`,
    category: slug,
    price: Math.round((4.99 + ((id * 37) % 90) + (slug === 'furniture' ? 400 : 0)) * 100) / 100,
    discountPercentage: ((id * 7) % 20) + 0.5,
    rating: Math.round((2.5 + ((id * 13) % 25) / 10) * 100) / 100,
    stock: (id * 11) % 100,
    thumbnail: `/images/products/${id}.svg`,
    images: [`/images/products/${id}.svg`],
  };
  if (brand) made.brand = brand;
  return made;
}

// The six named products of each category first (ids 1–36), then each category's further
// ones, named after them ("Apple No. 2"), in category order (ids 37–194).
const named = CATEGORIES.flatMap(({ slug }, c) => TITLES[slug]!.map(([title, brand], i) => product(c * 6 + i + 1, slug, title, brand)));
const more = CATEGORIES.flatMap(({ slug }) => Array.from({ length: COUNTS[slug]! - 6 }, (_, i) => ({ slug, base: TITLES[slug]![i % 6]!, number: Math.floor(i / 6) + 2 })));

export const PRODUCTS: Product[] = [...named, ...more.map(({ slug, base: [title, brand], number }, i) => product(37 + i, slug, `${title} No. ${number}`, brand))];

export interface ShopUser {
  id: number;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  gender: string;
  role: 'admin' | 'moderator' | 'user';
}

/** Three of the public API's published accounts, with their ids and roles there. */
export const USERS: ShopUser[] = [
  { id: 1, username: 'emilys', password: 'emilyspass', firstName: 'Emily', lastName: 'Johnson', email: 'emily.johnson@x.dummyjson.com', gender: 'female', role: 'admin' },
  { id: 6, username: 'oliviaw', password: 'oliviawpass', firstName: 'Olivia', lastName: 'Wilson', email: 'olivia.wilson@x.dummyjson.com', gender: 'female', role: 'moderator' },
  { id: 16, username: 'averyp', password: 'averyppass', firstName: 'Avery', lastName: 'Perez', email: 'avery.perez@x.dummyjson.com', gender: 'female', role: 'user' },
];
