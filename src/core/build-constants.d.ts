/**
 * What build.mjs writes into each build (esbuild `define`): its language and the base its
 * pages live under. Run from source (tests), they are not defined: read them through
 * `typeof`, or through LANG and BASE (words.ts). A branch only one language needs tests them
 * directly, `typeof __BASE__ === 'string' && __BASE__ ? … : …`, so the other language's build
 * drops the branch and all it imports when it reads the file (a constant imported from
 * another module is folded only after that).
 */
declare const __LANG__: 'en' | 'it' | undefined;
declare const __BASE__: '' | '/it' | undefined;
