// A role as the page's language says it: "Kitchen" is "Cucina" on an Italian page. The API
// and the code keep the English names (they are the `Role` values).
import { t } from '../../core/words.js';

export const roleWord = (role: string): string =>
  ({ Admin: t('[role] Admin'), Waiter: t('[role] Waiter'), Kitchen: t('[role] Kitchen'), Student: t('[role] Student') })[role] ?? role;
