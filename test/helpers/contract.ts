// The API description held to what the API answers: an answer's status must be listed for
// its operation in /api/v1/openapi.json, and a JSON body must match the schema listed for
// that status (ajv, on the document's own schemas). Every request the API tests send through
// createTestApi is checked (helpers/api.ts), so each refusal a test provokes (a stale
// version, a forbidden role, a time taken) holds the description to it; contract.test.ts
// walks every operation with the refusals every operation can meet.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
  parameters?: { name: string; in: string; schema?: { pattern?: string } }[];
  requestBody?: object;
  security?: object[];
}
export interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: object;
}

export interface Contract {
  document: Document;
  /** The operation a request goes to, with its template (`/dishes/{id}`), or undefined. */
  operationOf(method: string, path: string): { template: string; operation: Operation } | undefined;
  /** What is wrong with an answer to `method path` by the description; empty when nothing. */
  problemsOf(method: string, path: string, answer: Answer): string[];
}

/** An answer as the check reads it: its status, Content-Type, and body as text (JSON answers only). */
export interface Answer {
  status: number;
  type: string;
  text: string;
}

/**
 * Reads `response` for the check: a JSON body is read (and decompressed) once, and a response
 * equal to the one read is handed back for the caller; any other body is left unread.
 */
export async function readAnswer(response: Response): Promise<{ answer: Answer; response: Response }> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.startsWith('application/json') || response.body === null) return { answer: { status: response.status, type, text: '' }, response };
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = decoded(bytes, response.headers.get('Content-Encoding'));
  return { answer: { status: response.status, type, text }, response: new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers }) };
}

const PREFIX = '/api/v1';

/** The contract of `document` (the API's own, from GET /api/v1/openapi.json). */
export function contractOf(document: Document): Contract {
  // Its schemas refer to `#/components/…`: known here under one id, so each response schema can refer to them.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema({ $id: 'tavola', components: document.components });
  const validators = new Map<object, ValidateFunction>();
  const validatorOf = (schema: object) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"tavola#/components/')));
      validators.set(schema, validate);
    }
    return validate;
  };
  // Templates with fewer parameters first: `/staff/bookings/walk-ins` before `/staff/bookings/{id}`.
  const templates = Object.keys(document.paths)
    .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`), params: (template.match(/\{/g) ?? []).length }))
    .sort((a, b) => a.params - b.params);

  function operationOf(method: string, path: string) {
    if (!path.startsWith(`${PREFIX}/`)) return undefined;
    const inside = path.slice(PREFIX.length);
    for (const { template, pattern } of templates) {
      if (!pattern.test(inside)) continue;
      const operation = document.paths[template]![method.toLowerCase()];
      return operation ? { template, operation } : undefined; // another method: the 405 of the intro
    }
    return undefined; // an unknown path: the 404 of the intro
  }

  function problemsOf(method: string, path: string, { status, type, text }: Answer): string[] {
    const found = operationOf(method, path);
    if (!found) return [];
    const where = `${method.toUpperCase()} ${found.template}`;
    const listed = found.operation.responses[String(status)] ?? found.operation.responses.default;
    if (!listed) return [`${where} answered ${status}, which its description does not list (it lists ${Object.keys(found.operation.responses).join(', ')})`];
    if (!type.startsWith('application/json')) return [];
    const schema = listed.content?.['application/json']?.schema;
    if (!schema) return [`${where} answered ${status} with JSON, which its description does not list`];
    const validate = validatorOf(schema);
    if (validate(JSON.parse(text))) return [];
    const [error] = validate.errors ?? [];
    return [`${where} answered ${status} with a body its schema refuses: ${error?.instancePath || '(the body)'} ${error?.message} (${text.slice(0, 300)})`];
  }

  return { document, operationOf, problemsOf };
}

// In process nothing undoes the compression a browser would (http/compress.ts).
const decoded = (bytes: Buffer, encoding: string | null) => (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');

let shared: Promise<Contract> | undefined;

/** The contract of the app `request` reaches, read once per process (the document is the same for every test app). */
export function contractFrom(request: (path: string) => Promise<Response>): Promise<Contract> {
  shared ??= request(`${PREFIX}/openapi.json`).then(async (response) => contractOf(await response.json()));
  return shared;
}
