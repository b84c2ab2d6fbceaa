// The API contract as the tests use it: openapi/cardqr-api.yaml (in this repository) loaded with `yaml`
// and its schemas compiled by ajv (JSON Schema 2020-12, what OpenAPI 3.1 uses) with ajv-formats.
// Two compilations: `open` as written (objects take unknown fields: the API may add some), and `strict`
// where every object that lists its properties and says nothing about others is closed: the emulator
// sends nothing the contract does not document.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { parse } from 'yaml';

export const CONTRACT_FILE = 'openapi/cardqr-api.yaml';
export const CONTRACT_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', '..', CONTRACT_FILE);

type Json = Record<string, any>;
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;
const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;
/** Headers of HTTP itself (framing), never part of the contract. */
const HTTP_FRAMING = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

export interface DocumentedAnswer {
  pointer: string;
  /** Lower-case header name → required. */
  headers: Map<string, boolean>;
  /** Lower-case header name → pointer of its value's schema. */
  headerSchemas: Map<string, string>;
  /** Media type → pointer of its schema. */
  content: Map<string, string>;
}
export interface Param {
  name: string;
  in: 'query' | 'header' | 'path';
  required: boolean;
  schema: Json;
  pointer: string;
}
export interface Operation {
  id: string;
  method: string;
  path: string;
  section: string;
  params: Param[];
  body?: { required: boolean; pointer: string };
  responses: Map<string, DocumentedAnswer>;
  /** Literal segments first: `/analytics/overview` wins over `/analytics/{id}`. */
  re: RegExp;
  literalSegments: number;
}

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** A deep copy where objects that list their properties and say nothing about others are closed. */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = closeObjects(v);
  const t = out.type;
  const isObject = t === 'object' || (Array.isArray(t) && t.includes('object'));
  if (isObject && out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

function makeAjv(doc: Json): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  addFormats(ajv);
  // The document's non-schema parts: ajv walks them for $ref targets but never takes them for keywords.
  ajv.addVocabulary(['openapi', 'info', 'servers', 'security', 'tags', 'paths', 'components']);
  ajv.addSchema(doc, 'contract');
  return ajv;
}

export class Contract {
  readonly doc: Json;
  readonly operations: Operation[] = [];
  private readonly open: Ajv2020;
  private readonly strict: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(path = CONTRACT_PATH) {
    this.doc = parse(readFileSync(path, 'utf8')) as Json;
    this.open = makeAjv(this.doc);
    this.strict = makeAjv(closeObjects(this.doc) as Json);
    for (const [path, item] of Object.entries(this.doc.paths as Json)) {
      for (const method of METHODS) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        const base = `#/paths/${esc(path)}/${method}`;
        const params = [
          ...(item.parameters ?? []).map((p: Json, i: number) => this.param(p, `#/paths/${esc(path)}/parameters/${i}`)),
          ...(op.parameters ?? []).map((p: Json, i: number) => this.param(p, `${base}/parameters/${i}`)),
        ];
        const responses = new Map<string, DocumentedAnswer>();
        for (const [status, r] of Object.entries(op.responses as Json)) {
          responses.set(status, this.response(r as Json, `${base}/responses/${status}`));
        }
        let body: Operation['body'];
        if (op.requestBody)
          body = {
            required: Boolean(op.requestBody.required),
            pointer: `${base}/requestBody/content/application~1json/schema`,
          };
        const segments = path.split('/').filter(Boolean);
        this.operations.push({
          id: op.operationId,
          method: method.toUpperCase(),
          path,
          section: op['x-spec-section'],
          params,
          body,
          responses,
          re: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
          literalSegments: segments.filter((s) => !s.startsWith('{')).length,
        });
      }
    }
  }

  /** Follows one `$ref` of the document (responses, parameters, headers, schemas). */
  resolve(node: Json): { node: Json; pointer?: string } {
    if (typeof node?.$ref !== 'string' || !node.$ref.startsWith('#/')) return { node };
    const pointer = node.$ref as string;
    let cur: any = this.doc;
    for (const seg of pointer.slice(2).split('/')) cur = cur[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
    return { node: cur as Json, pointer };
  }

  private param(p: Json, at: string): Param {
    const { node, pointer } = this.resolve(p);
    return {
      name: node.name,
      in: node.in,
      required: Boolean(node.required),
      schema: node.schema,
      pointer: `${pointer ?? at}/schema`,
    };
  }

  private response(r: Json, at: string): DocumentedAnswer {
    const { node, pointer = at } = this.resolve(r);
    const headers = new Map<string, boolean>();
    const headerSchemas = new Map<string, string>();
    for (const [name, h] of Object.entries((node.headers ?? {}) as Json)) {
      const { node: header, pointer: at2 = `${pointer}/headers/${esc(name)}` } = this.resolve(h as Json);
      headers.set(name.toLowerCase(), Boolean(header.required));
      if (header.schema) headerSchemas.set(name.toLowerCase(), `${at2}/schema`);
    }
    const content = new Map<string, string>();
    for (const type of Object.keys((node.content ?? {}) as Json))
      content.set(type, `${pointer}/content/${esc(type)}/schema`);
    return { pointer, headers, headerSchemas, content };
  }

  /** The compiled schema at a JSON pointer of the document. */
  validator(pointer: string, mode: 'open' | 'strict' = 'open'): ValidateFunction {
    const key = `${mode} ${pointer}`;
    let v = this.cache.get(key);
    if (!v) {
      v = (mode === 'strict' ? this.strict : this.open).compile({ $ref: `contract${pointer}` });
      this.cache.set(key, v);
    }
    return v;
  }

  /** Every schema the document holds, by pointer (components, parameters, bodies, responses). */
  schemaPointers(): string[] {
    const out = Object.keys(this.doc.components.schemas as Json).map((n) => `#/components/schemas/${esc(n)}`);
    for (const op of this.operations) {
      out.push(...op.params.map((p) => p.pointer));
      if (op.body) out.push(op.body.pointer);
      for (const r of op.responses.values()) out.push(...r.content.values(), ...r.headerSchemas.values());
    }
    return [...new Set(out)];
  }

  /** The operation of a request path; one trailing slash names the same resource (the emulator's reading). */
  match(method: string, path: string): Operation | undefined {
    const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    return this.operations
      .filter((o) => o.method === method.toUpperCase() && o.re.test(p))
      .sort((a, b) => b.literalSegments - a.literalSegments)[0];
  }

  /** The error codes an operation's document allows at a status (from the `code` const/enum overlays). */
  errorCodes(op: Operation, status: string): string[] {
    const r = op.responses.get(status);
    const pointer = r?.content.get('application/json');
    if (!pointer) return [];
    const codes: string[] = [];
    const walk = (node: any): void => {
      if (!node || typeof node !== 'object') return;
      const code = node.properties?.error?.properties?.code;
      if (code?.const) codes.push(code.const);
      if (code?.enum) codes.push(...code.enum);
      for (const alt of node.anyOf ?? []) walk(alt);
    };
    walk(this.at(pointer));
    return codes;
  }

  at(pointer: string): Json {
    return this.resolve({ $ref: pointer }).node;
  }

  /**
   * Problems of one answer: status documented for the operation, headers (required present, none
   * undocumented), body against the response schema. `op` undefined: a path the API does not have,
   * answered as every endpoint may (api-spec.md §Endpoints conventions).
   */
  checkAnswer(
    op: Operation | undefined,
    answer: { status: number; headers: Record<string, string>; body: unknown },
    mode: 'open' | 'strict' = 'open',
  ): string[] {
    const problems: string[] = [];
    const response = op ? op.responses.get(String(answer.status)) : this.unknownEndpoint(answer.status);
    if (!response) return [`status ${answer.status} is not documented for ${op ? op.id : 'an unknown path'}`];
    for (const [name, required] of response.headers)
      if (required && answer.headers[name] === undefined) problems.push(`header ${name} is required`);
    for (const [name, value] of Object.entries(answer.headers)) {
      const schema = response.headerSchemas.get(name);
      if (schema) {
        const v = this.validator(schema);
        if (!v(value)) problems.push(...errorsText(v).map((e) => `header ${name}: ${e}`));
      }
      if (HTTP_FRAMING.has(name) || name === 'content-type' || response.headers.has(name)) continue;
      problems.push(`header ${name} is not documented for this answer`);
    }
    if (answer.status === 204 || !response.content.size) {
      if (answer.body !== undefined) problems.push(`a body on a ${answer.status}, documented without one`);
      return problems;
    }
    const type = (answer.headers['content-type'] ?? '').split(';')[0].trim();
    const pointer = response.content.get(type);
    if (!pointer) return [...problems, `content type "${type}" is not documented for this answer`];
    if (type !== 'application/json') return problems;
    const validate = this.validator(pointer, mode);
    if (!validate(answer.body)) problems.push(...errorsText(validate));
    return problems;
  }

  private unknownEndpoint(status: number): DocumentedAnswer | undefined {
    const name = {
      401: 'InvalidApiKey',
      403: 'ForbiddenCommon',
      404: 'UnknownEndpoint',
      429: 'RateLimited',
      500: 'InternalError',
    }[status];
    return name ? this.response({ $ref: `#/components/responses/${name}` }, '') : undefined;
  }

  /**
   * Problems of one request a client sent: method and path known to the document, query parameters
   * documented and valid, the body against the request schema, the key header, JSON content type on a
   * body, Idempotency-Key only where documented.
   */
  checkRequest(req: {
    method: string;
    path: string;
    query: Record<string, string>;
    headers: Record<string, string>;
    body: unknown;
  }): string[] {
    const op = this.match(req.method, req.path);
    if (!op) return [`${req.method} ${req.path} is not in the contract`];
    const problems: string[] = [];
    const at = (p: string) => `${op.id}: ${p}`;
    for (const [name, raw] of Object.entries(req.query)) {
      const p = op.params.find((x) => x.in === 'query' && x.name === name);
      if (!p) {
        problems.push(at(`query parameter ${name} is not documented`));
        continue;
      }
      const v = this.validator(p.pointer);
      if (!v(coerce(raw, this.resolveSchema(p.schema))))
        problems.push(...errorsText(v).map((e) => at(`query ${name}: ${e}`)));
    }
    const auth = req.headers.authorization;
    if (!(auth && /^Bearer \S+$/.test(auth)) && !req.headers['x-api-key'])
      problems.push(at('no API key (Authorization: Bearer or X-API-Key)'));
    const idem = op.params.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
    const key = req.headers['idempotency-key'];
    if (key !== undefined) {
      if (!idem) problems.push(at('Idempotency-Key is not documented here'));
      else {
        const v = this.validator(idem.pointer);
        if (!v(key)) problems.push(...errorsText(v).map((e) => at(`Idempotency-Key: ${e}`)));
      }
    }
    if (req.body !== undefined) {
      if (!op.body) problems.push(at('a body, documented without one'));
      else {
        if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
          problems.push(at('body without Content-Type: application/json'));
        const v = this.validator(op.body.pointer);
        if (!v(req.body)) problems.push(...errorsText(v).map((e) => at(`body: ${e}`)));
      }
    } else if (op.body?.required) problems.push(at('the request body is required'));
    return problems;
  }

  resolveSchema(s: Json): Json {
    return this.resolve(s).node;
  }
}

/** A query string value as the type its parameter documents (integer, boolean), else the string. */
function coerce(raw: string, schema: Json): unknown {
  if (schema.type === 'integer' && /^-?\d+$/.test(raw)) return Number(raw);
  if (schema.type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

export function errorsText(v: ValidateFunction): string[] {
  return (v.errors ?? []).map(
    (e) =>
      `${e.instancePath || '(root)'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
  );
}
