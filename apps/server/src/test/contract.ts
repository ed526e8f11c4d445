import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenApiDocument } from '../http/openapi';
import { openApiPath } from '../http/openapi';

const DOCUMENT_ID = 'https://leerpad.test/openapi.json';

export interface Answer {
  method: string;
  /** The route as registered: `/api/v1/courses/:course`; undefined when no route matched. */
  route: string | undefined;
  status: number;
  contentType: string | undefined;
  body: string | Buffer | null;
  /** Whether the request asked for sparse fieldsets, which leave attributes out. */
  sparse: boolean;
}

/**
 * Checks answers against the OpenAPI document: the status must be one the operation lists (or an
 * error under `default`) and a JSON body must match its schema. Returns what is wrong, or null.
 */
export function responseContract(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: unknown) => {
    let validate = validators.get(key);
    if (!validate) {
      const absolute = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`),
      ) as object;
      validate = ajv.compile(absolute);
      validators.set(key, validate);
    }
    return validate;
  };

  return function check(answer: Answer): string | null {
    if (!answer.route) return null;
    const path = openApiPath('', answer.route);
    const operation = document.paths[path]?.[answer.method.toLowerCase()];
    if (!operation) return null;
    const where = `${answer.method} ${path} answered ${answer.status}`;
    const status = String(answer.status);
    const response = (operation.responses[status] ??
      (answer.status >= 400 ? operation.responses.default : undefined)) as
      { content?: Record<string, { schema?: unknown }> } | undefined;
    if (!response) return `${where}, a status the OpenAPI document does not list for it.`;
    const content = response.content ?? {};
    const schema = content['application/json']?.schema;
    if (!schema) return null;
    const mediaType = answer.contentType?.split(';')[0]?.trim();
    if (mediaType && !mediaType.includes('json') && mediaType in content) return null;
    if (!answer.contentType?.includes('json')) {
      return `${where} as ${answer.contentType ?? 'no content type'}; the OpenAPI document says JSON.`;
    }
    let body: unknown;
    try {
      body = JSON.parse(String(answer.body ?? ''));
    } catch {
      return `${where} with a body that is not JSON.`;
    }
    const validate = validatorFor(
      `${answer.method} ${path} ${status in operation.responses ? status : 'default'}`,
      schema,
    );
    if (validate(body)) return null;
    const errors = (validate.errors ?? []).filter(
      (error) =>
        !(
          answer.sparse &&
          error.keyword === 'required' &&
          /\/(attributes|relationships)$/.test(error.instancePath)
        ),
    );
    if (errors.length === 0) return null;
    const problems = errors
      .slice(0, 8)
      .map((error) => `  ${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`)
      .join('\n');
    return `${where} with a body the OpenAPI document does not describe:\n${problems}\nBody: ${String(answer.body).slice(0, 600)}`;
  };
}

/**
 * A 201 that answers with one resource names it: `Location` is its address under /api, and the
 * document's `links.self` and the resource's `links.self` are that same address. Returns what is
 * wrong, or null.
 */
export function createdLocationBreach(answer: Answer & { location: string | undefined }): string | null {
  if (answer.status !== 201 || !answer.contentType?.includes('json')) return null;
  let document: { data?: unknown; links?: { self?: unknown } };
  try {
    document = JSON.parse(String(answer.body ?? '')) as typeof document;
  } catch {
    return null;
  }
  const data = document.data as { id?: unknown; links?: { self?: unknown } } | null | undefined;
  if (!data || Array.isArray(data) || typeof data.id !== 'string') return null;
  const where = `${answer.method} ${answer.route ?? '?'} answered 201`;
  if (!answer.location?.startsWith('/api/')) return `${where} without a Location under /api.`;
  if (!answer.location.endsWith(`/${encodeURIComponent(data.id)}`)) {
    return `${where} with Location ${answer.location}, which does not end in the new id ${data.id}.`;
  }
  if (document.links?.self !== answer.location || data.links?.self !== answer.location) {
    return `${where}: links.self (document and resource) must equal Location ${answer.location}.`;
  }
  return null;
}
