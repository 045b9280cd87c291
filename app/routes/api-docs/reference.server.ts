// The reference page's content, read from the OpenAPI document itself (not from the Zod schemas behind it), so
// the page says what the published document says: operations grouped by tag, their parameters, body and
// response fields, the refusals they may answer, and a curl example each.
import type { OpenApiDocument } from "#app/features/api/document.ts";

type Json = Record<string, unknown>;

export type FieldRow = { name: string; type: string; required: boolean; description: string };
type OperationView = {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  params: (FieldRow & { in: string })[];
  body: FieldRow[];
  bodyName: string | null;
  success: { status: string; description: string; type: string; fields: FieldRow[] };
  errors: { status: string; description: string }[];
  curl: string;
};
export type TagView = { name: string; description: string; operations: OperationView[] };
export type SchemaView = { name: string; description: string; fields: FieldRow[] };

const asObject = (value: unknown): Json => (value && typeof value === "object" ? (value as Json) : {});

function refName(schema: Json): string | null {
  const ref = schema.$ref;
  return typeof ref === "string" ? (ref.split("/").pop() ?? null) : null;
}

function resolve(document: OpenApiDocument, schema: Json): Json {
  const name = refName(schema);
  if (!name) return schema;
  return asObject(asObject(asObject(document.components).schemas)[name]);
}

/** A short type: `string`, `integer`, `Comment`, `Comment[]`, `"new" | "top"`, `string | null`. */
function typeOf(schema: Json): string {
  const name = refName(schema);
  if (name) return name;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return options.map((o) => typeOf(asObject(o))).join(" | ");
  }
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array") return `${typeOf(asObject(schema.items))}[]`;
  if (type === "string" && schema.format === "date-time") return "data (ISO 8601)";
  return typeof type === "string" ? type : "objeto";
}

function fieldsOf(document: OpenApiDocument, schema: Json): FieldRow[] {
  const resolved = resolve(document, schema);
  const required = new Set(Array.isArray(resolved.required) ? (resolved.required as string[]) : []);
  return Object.entries(asObject(resolved.properties)).map(([name, value]) => {
    const property = asObject(value);
    return {
      name,
      type: typeOf(property),
      required: required.has(name),
      description: String(property.description ?? resolve(document, property).description ?? ""),
    };
  });
}

const EXAMPLE_PATH: Record<string, string> = { id: "1", slug: "javascript", handle: "ana" };

function exampleValue(document: OpenApiDocument, name: string, schema: Json): unknown {
  const resolved = resolve(document, schema);
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  if (Array.isArray(resolved.anyOf)) return exampleValue(document, name, asObject(resolved.anyOf[0]));
  if ("const" in resolved) return resolved.const;
  if (resolved.type === "array") return name === "tags" ? ["javascript"] : [];
  if (resolved.type === "integer" || resolved.type === "number") return 1;
  if (resolved.type === "boolean") return true;
  if (name === "title") return "Como ler um arquivo JSON em Node.js?";
  if (name === "category") return "desenvolvimento";
  if (name === "body") return "Texto em **Markdown**, com `código` e o que mais precisar.";
  return "Texto em **Markdown** com o que for preciso.";
}

function curlOf(document: OpenApiDocument, server: string, method: string, path: string, operation: Json) {
  const url = `${server}${path.replace(/\{(\w+)\}/g, (_m, name: string) => EXAMPLE_PATH[name] ?? "1")}`;
  const lines = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} '${url}'`];
  const security = Array.isArray(operation.security) ? operation.security : [];
  const needsToken = !security.some((s) => Object.keys(asObject(s)).length === 0);
  if (needsToken) lines.push(`-H "Authorization: Bearer $SDD_TOKEN"`);
  const body = asObject(
    asObject(asObject(asObject(operation.requestBody).content)["application/json"]).schema,
  );
  if (Object.keys(body).length) {
    const resolved = resolve(document, body);
    const required = new Set(Array.isArray(resolved.required) ? (resolved.required as string[]) : []);
    const example = Object.fromEntries(
      Object.entries(asObject(resolved.properties))
        .filter(([name]) => required.has(name))
        .map(([name, value]) => [name, exampleValue(document, name, asObject(value))]),
    );
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d '${JSON.stringify(example).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(" \\\n  ");
}

export function referenceOf(document: OpenApiDocument): {
  server: string;
  tags: TagView[];
  schemas: SchemaView[];
} {
  const server = String(asObject(document.servers?.[0]).url ?? "");
  const byTag = new Map<string, OperationView[]>();
  for (const [path, item] of Object.entries(asObject(document.paths))) {
    for (const [method, value] of Object.entries(asObject(item))) {
      const operation = asObject(value);
      const responses = asObject(operation.responses);
      const [successStatus = "200", successValue] =
        Object.entries(responses).find(([status]) => status.startsWith("2")) ?? [];
      const success = asObject(successValue);
      const successSchema = asObject(asObject(asObject(success.content)["application/json"]).schema);
      const bodySchema = asObject(
        asObject(asObject(asObject(operation.requestBody).content)["application/json"]).schema,
      );
      const view: OperationView = {
        operationId: String(operation.operationId),
        method,
        path,
        summary: String(operation.summary ?? ""),
        description: String(operation.description ?? ""),
        params: (Array.isArray(operation.parameters) ? operation.parameters : []).map((p) => {
          const parameter = asObject(p);
          const schema = asObject(parameter.schema);
          return {
            name: String(parameter.name),
            in: parameter.in === "path" ? "caminho" : "consulta",
            type: typeOf(schema),
            required: Boolean(parameter.required),
            description: String(parameter.description ?? schema.description ?? ""),
          };
        }),
        body: Object.keys(bodySchema).length ? fieldsOf(document, bodySchema) : [],
        bodyName: refName(bodySchema),
        success: {
          status: successStatus,
          description: String(success.description ?? ""),
          type: Object.keys(successSchema).length ? typeOf(successSchema) : "",
          fields: Object.keys(successSchema).length ? fieldsOf(document, successSchema) : [],
        },
        errors: Object.entries(responses)
          .filter(([status]) => /^[45]/.test(status))
          .map(([status, response]) => ({
            status,
            description: String(asObject(response).description ?? ""),
          })),
        curl: curlOf(document, server, method, path, operation),
      };
      const tag = Array.isArray(operation.tags) ? String(operation.tags[0]) : "API";
      byTag.set(tag, [...(byTag.get(tag) ?? []), view]);
    }
  }
  const tags = (document.tags ?? []).map((t) => ({
    name: t.name,
    description: t.description ?? "",
    operations: byTag.get(t.name) ?? [],
  }));
  const schemas = Object.entries(asObject(asObject(document.components).schemas))
    .filter(([, schema]) => Object.keys(asObject(asObject(schema).properties)).length > 0)
    .map(([name, schema]) => ({
      name,
      description: String(asObject(schema).description ?? ""),
      fields: fieldsOf(document, asObject(schema)),
    }));
  return { server, tags, schemas };
}
