// A record's name as the page's language shows it: its Italian on an Italian page, once the
// owner has written one (the English until then). Forms still edit both.
import { LANG } from '../../core/words.js';

export const shownName = (record: { name: string; nameIt: string | null }): string => (LANG === 'it' && record.nameIt) || record.name;
