// What the other rooms use of a person's account: the passkeys list (the owner's staff page shows a member's).
export { passkeyList } from './passkeys-section.js';
