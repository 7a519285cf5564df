import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS whose default export is the module object under Node's ESM interop.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Json = Record<string, any>;

export interface ObservedResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

const DOCUMENT_ID = 'https://adops.test/openapi.json';

/**
 * The document says which fields are sent but leaves objects open, as the contract allows additive
 * fields. The tests hold the service to exactly what is documented: an object schema that does not say
 * otherwise accepts no property it does not list, so a field added without the document fails CI.
 */
function closeObjects(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) closeObjects(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Json;
  if (
    schema.properties &&
    typeof schema.properties === 'object' &&
    schema.additionalProperties === undefined &&
    schema.unevaluatedProperties === undefined
  ) {
    schema.unevaluatedProperties = false;
  }
  for (const value of Object.values(schema)) closeObjects(value);
}

/** An operation's inline schema, its refs to the document's components resolved against the added root. */
function documentRefs(node: unknown): Json {
  return JSON.parse(
    JSON.stringify(node).replaceAll('"$ref":"#/components/', `"$ref":"${DOCUMENT_ID}#/components/`),
  ) as Json;
}

/** Checks answers of the service against the OpenAPI document it serves. */
export class ResponseValidator {
  readonly document: Json;
  #ajv: Ajv2020;
  #compiled = new Map<string, ValidateFunction>();

  constructor(document: Json) {
    this.document = document;
    const schemas = structuredClone(document.components.schemas);
    closeObjects(schemas);
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.#ajv);
    // The document's own refs (#/components/schemas/...) resolve against this root.
    this.#ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas } });
  }

  static async fetchFrom(baseUrl: string): Promise<ResponseValidator> {
    const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
    if (response.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${response.status}`);
    return new ResponseValidator((await response.json()) as Json);
  }

  /** A schema of the document by its ref, or an operation's own (a success envelope with its tool's result). */
  #validator(schema: string | Json): ValidateFunction {
    const key = typeof schema === 'string' ? schema : JSON.stringify(schema);
    let validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#ajv.compile(
        typeof schema === 'string' ? { $ref: `${DOCUMENT_ID}${schema}` } : documentRefs(schema),
      );
      this.#compiled.set(key, validate);
    }
    return validate;
  }

  #schemaProblems(schema: string | Json, body: unknown): string[] {
    const validate = this.#validator(schema);
    const ref = typeof schema === 'string' ? schema : 'the operation';
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) => `body${error.instancePath} ${error.message} ${JSON.stringify(error.params)} (${ref})`,
    );
  }

  /** What is wrong with an answer, by the document; empty when it matches. */
  problems(method: string, path: string, response: ObservedResponse): string[] {
    const operation = this.document.paths?.[path]?.[method.toLowerCase()];
    if (!operation) {
      // Outside the document, every answer of the API is still an error envelope (unknown tool or route).
      if (path.startsWith('/api/') && response.status >= 400)
        return this.#schemaProblems('#/components/schemas/ErrorEnvelope', response.body);
      if (path.startsWith('/api/'))
        return [`${method} ${path} answered ${response.status} but is not documented`];
      return [];
    }
    const documented = operation.responses?.[String(response.status)];
    if (!documented) return [`${method} ${path}: status ${response.status} is not documented`];
    const problems: string[] = [];
    const mediaType = documented.content?.['application/json'];
    const contentType = response.headers.get('content-type') ?? '';
    if (!contentType.startsWith('application/json')) problems.push(`content-type is "${contentType}"`);
    if (mediaType?.schema) {
      problems.push(...this.#schemaProblems(mediaType.schema.$ref ?? mediaType.schema, response.body));
    }
    for (const [name, headerOrRef] of Object.entries<Json>(documented.headers ?? {})) {
      const header = this.#resolve(headerOrRef);
      const value = response.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`header ${name} is missing`);
      } else if (header.schema?.type === 'integer' && !/^\d+$/.test(value)) {
        problems.push(`header ${name} is "${value}", not an integer`);
      } else if (header.schema?.enum && !header.schema.enum.includes(value)) {
        problems.push(`header ${name} is "${value}", not one of ${header.schema.enum.join(', ')}`);
      }
    }
    return problems;
  }

  #resolve(node: Json): Json {
    if (typeof node.$ref !== 'string') return node;
    let target: any = this.document;
    for (const part of node.$ref.replace(/^#\//, '').split('/')) target = target?.[part];
    return target as Json;
  }
}

const validators = new WeakMap<object, Promise<ResponseValidator>>();

/**
 * Throws when an answer of the service under test does not match the document that same service serves
 * (so fixture tools are covered too). The document is fetched once per service.
 */
export async function assertDocumented(
  service: { url: string },
  method: string,
  path: string,
  response: ObservedResponse,
): Promise<void> {
  let validator = validators.get(service);
  if (!validator) {
    validator = ResponseValidator.fetchFrom(service.url);
    validators.set(service, validator);
  }
  const problems = (await validator).problems(method, path.split('?')[0] ?? path, response);
  if (problems.length > 0) {
    throw new Error(
      `The answer to ${method} ${path} (HTTP ${response.status}) does not match the OpenAPI document:\n  ` +
        `${problems.join('\n  ')}\nbody: ${JSON.stringify(response.body)}`,
    );
  }
}
