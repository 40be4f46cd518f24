// The dietary tags a dish may carry, by their codes (the menu's badges and the owner's form
// know these). A file of its own: the diner's pages show a dish's tags, not the list.
export const DISH_TAGS = ['vegetarian', 'vegan', 'gluten-free', 'spicy', 'contains-nuts', 'contains-fish'] as const;
