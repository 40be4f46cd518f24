// Finds the words a view shows a person that are written in place instead of through the
// catalog (`t()`, src/core/words.ts): a string or template in an element's children, in an
// attribute people read (aria-label, placeholder, title, alt), in text set on a node, in a
// waiting message or a page title; and a template holding a sentence anywhere (kept in a
// variable before it is shown). What is not words is let through: no letter at all
// ("·", "−"), the restaurant's name. The test that uses it: test/unit/words.test.ts.
import ts from 'typescript';

export interface VisibleString {
  text: string;
  line: number;
  /** Where in the file: start and end offsets of the literal. */
  start: number;
  end: number;
  node: ts.Node;
}

const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label', 'waiting', 'text', 'confirm', 'cancel', 'message', 'heading']);
const READ_PROPERTIES = new Set(['textContent', 'title', 'placeholder', 'alt', 'ariaLabel']);
const READ_CALLS = new Set(['announce', 'retitle', 'failureNotice', 'setCustomValidity', 'say', 'tell', 'show']);
const NOT_WORDS = new Set(['Tavola']);

/** Two words in a row: "is cooked at", "Saved: table". */
const SENTENCE = /(^|[\s:,])[A-Za-z][a-z]+ [a-z]{2,}/;
const isClassList = (node: ts.Node) => ts.isPropertyAssignment(node.parent) && /^(class|className)$/.test(node.parent.name.getText().replace(/['"]/g, ''));

const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text) && !NOT_WORDS.has(text.trim());

/** The strings of `source` a person would read that do not go through `t()`. */
export function visibleStrings(source: string, fileName = 'view.ts'): VisibleString[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: VisibleString[] = [];
  const seen = new Set<ts.Node>();
  // The literal parts of an expression a person reads: through ?:, ||, ??, &&, parentheses, arrays and concatenation.
  const read = (node: ts.Node | undefined): void => {
    if (!node || seen.has(node)) return;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) {
      read(node.expression);
      return;
    }
    if (ts.isConditionalExpression(node)) {
      read(node.whenTrue);
      read(node.whenFalse);
      return;
    }
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken) read(node.left);
      if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.PlusToken) read(node.right);
      return;
    }
    if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) read(element);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      seen.add(node);
      const text = ts.isTemplateExpression(node) ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ') : node.text;
      if (hasWords(text)) found.push({ text: node.getText(file), line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, start: node.getStart(file), end: node.getEnd(), node });
    }
  };
  const visit = (node: ts.Node): void => {
    // A template with a sentence in it ("${name} is cooked at ${station} from now on."), wherever
    // it is: one kept in a variable before it is shown escapes the reading above. A class
    // list, an address or a selector is not a sentence.
    if ((ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !seen.has(node) && !isClassList(node)) {
      const parts = ts.isTemplateExpression(node) ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)] : [node.text];
      if (parts.some((part) => SENTENCE.test(part) && !/[/=#[]/.test(part))) {
        seen.add(node);
        found.push({ text: node.getText(file), line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, start: node.getStart(file), end: node.getEnd(), node });
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      if (name === 't' || name === 'tn') {
        // The catalog's: its key is the words. Its values are read inside the sentence: words there are English in every language.
        const values = node.arguments[name === 't' ? 1 : 3];
        if (values && ts.isObjectLiteralExpression(values)) for (const property of values.properties) if (ts.isPropertyAssignment(property)) read(property.initializer);
        return;
      }
      if (name === 'h') node.arguments.slice(2).forEach(read);
      if (READ_CALLS.has(name)) read(node.arguments[0]);
      if (name === 'setAttribute' && node.arguments[0] && ts.isStringLiteral(node.arguments[0]) && READ_ATTRIBUTES.has(node.arguments[0].text)) read(node.arguments[1]);
    }
    if (ts.isPropertyAssignment(node)) {
      const key = ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : '';
      if (READ_ATTRIBUTES.has(key)) read(node.initializer);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && READ_PROPERTIES.has(node.left.name.text)) read(node.right);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.sort((a, b) => a.start - b.start);
}
