/** The little of OpenAPI 3.1 the playground reads. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
}

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths?: Record<string, Partial<Record<string, OpenApiOperation>>>;
}

export interface PlaygroundParam {
  name: string;
  required: boolean;
  /** A hint for the input: the schema's type, or its allowed values. */
  hint: string;
}

export interface PlaygroundOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  pathParams: PlaygroundParam[];
  queryParams: PlaygroundParam[];
  /** A JSON body skeleton (required fields with empty values), or null when the call takes no JSON body. */
  bodyTemplate: string | null;
}

export interface OperationGroup {
  tag: string;
  operations: PlaygroundOperation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  if (schema.enum) return schema.enum.map(String).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).filter(Boolean).join(' | ');
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? '');
}

/** A value of the schema's shape to start editing from: required fields only, empty values. */
export function skeletonOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = skeletonOf(schema.properties?.[key]);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'string':
      return '';
    default:
      return schema.anyOf ? skeletonOf(schema.anyOf.find((s) => s.type !== 'null')) : null;
  }
}

function paramsOf(operation: OpenApiOperation, where: 'path' | 'query'): PlaygroundParam[] {
  return (operation.parameters ?? [])
    .filter((p) => p.in === where)
    .map((p) => ({ name: p.name, required: where === 'path' || Boolean(p.required), hint: typeOf(p.schema) }));
}

/** The document's operations grouped by their first tag, groups and operations in a stable order. */
export function groupOperations(doc: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, PlaygroundOperation[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const json = operation.requestBody?.content?.['application/json'];
      const tag = operation.tags?.[0] ?? 'other';
      const list = groups.get(tag) ?? [];
      list.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        pathParams: paramsOf(operation, 'path'),
        queryParams: paramsOf(operation, 'query'),
        bodyTemplate: json ? JSON.stringify(skeletonOf(json.schema), null, 2) : null,
      });
      groups.set(tag, list);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, operations]) => ({ tag, operations: operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)) }));
}

/** The URL of a call: `{name}` path segments filled (encoded), empty query values left out. */
export function buildUrl(path: string, pathValues: Record<string, string>, queryValues: Record<string, string>): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ''));
  const query = new URLSearchParams(Object.entries(queryValues).filter(([, v]) => v !== '')).toString();
  return query ? `${filled}?${query}` : filled;
}
