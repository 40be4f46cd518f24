// Styles that come with the file that draws them rather than with the site's stylesheet (a
// diner's first load carries none of them): adopted once, as a constructed stylesheet
// (CSSOM, not an inline style), the first time a page of theirs is shown.

/** A function that adds `css` to the document the first time it is called. */
export function adoptedOnce(css: string): () => void {
  let adopted = false;
  return () => {
    if (adopted || typeof CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in document)) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    adopted = true;
  };
}
