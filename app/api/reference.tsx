// The API's reference page (GET /api/docs, issue 20), read from the OpenAPI document itself so the
// page and the document say the same: one section per feature, each operation with its parameters,
// its body's fields, an example request and answer, and its answers by status. Rendered to static
// HTML on the server (routes/docs.tsx): no JavaScript, no outside assets.

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean; description?: string; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { example?: unknown }> }>;
  security?: unknown[];
  "x-kept-for-compatibility"?: string;
  "x-example-path"?: string;
};

const METHODS = ["get", "post", "put", "delete"] as const;

/** The document's text, its `code` spans (CommonMark, as OpenAPI descriptions are) shown as code. */
function Prose({ text }: { text: string }) {
  return (
    <>{text.split("`").map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>
  );
}

/** A JSON Schema as a short type: "text", "number or text", "list of …", "one of a, b". */
export function typeText(schema: Json | undefined): string {
  if (!schema || Object.keys(schema).length === 0 || (schema.description && Object.keys(schema).length === 1))
    return "any (checked by the server)";
  if (Array.isArray(schema.enum))
    return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`;
  if ("const" in schema) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return union.map(typeText).join(" or ");
  const types = ([] as unknown[]).concat(schema.type ?? []) as string[];
  const names = types.map((type) => {
    if (type === "array") return `list of ${typeText(schema.items as Json | undefined)}`;
    if (type === "string") return schema.format ? `text (${schema.format})` : "text";
    if (type === "integer") return "whole number";
    if (type === "object") return "object";
    return type;
  });
  return names.join(" or ") || "any";
}

/** The limits a schema states, in words: "1–200 characters", "at least 1". */
function limits(schema: Json): string {
  const parts: string[] = [];
  if (typeof schema.minLength === "number" || typeof schema.maxLength === "number")
    parts.push(`${schema.minLength ?? 0}–${schema.maxLength ?? "…"} characters`);
  if (typeof schema.minimum === "number") parts.push(`at least ${schema.minimum}`);
  if (typeof schema.maximum === "number") parts.push(`at most ${schema.maximum}`);
  if (typeof schema.pattern === "string") parts.push(`matches ${schema.pattern}`);
  return parts.join(", ");
}

type Row = { name: string; where?: string; required: boolean; type: string; notes: string };

function Fields({ caption, rows }: { caption: string; rows: Row[] }) {
  if (rows.length === 0) return null;
  const where = rows.some((row) => row.where);
  return (
    <table className="api-fields">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          {where ? <th scope="col">In</th> : null}
          <th scope="col">Type</th>
          <th scope="col">Required</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.where}-${row.name}`}>
            <th scope="row">
              <code>{row.name}</code>
            </th>
            {where ? <td>{row.where}</td> : null}
            <td>{row.type}</td>
            <td>{row.required ? "yes" : "no"}</td>
            <td>{row.notes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function bodyRows(schema: Json | undefined): Row[] {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    required: required.has(name),
    type: typeText(property),
    notes: [property.description, limits(property)].filter(Boolean).join("; "),
  }));
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

function OperationEntry({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const body = operation.requestBody?.content["application/json"];
  const statuses = Object.entries(operation.responses);
  const [successStatus, success] = statuses.find(([status]) => status.startsWith("2")) ?? [];
  const successExample = success?.content?.["application/json"]?.example;
  const example = `${method.toUpperCase()} ${operation["x-example-path"] ?? path}`;
  const compatibility = operation["x-kept-for-compatibility"];
  return (
    <section className="api-operation" aria-labelledby={operation.operationId}>
      <h3 id={operation.operationId}>
        <span className="api-method">{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p>
        <Prose text={operation.summary} />
        {operation.security?.length === 0 ? " No sign-in needed." : null}
      </p>
      {compatibility ? (
        <p className="api-compat">
          <strong>Kept for compatibility:</strong> <Prose text={compatibility} />
        </p>
      ) : null}
      <Fields
        caption="Parameters"
        rows={operation.parameters.map((parameter) => ({
          name: parameter.name,
          where: parameter.in,
          required: parameter.required,
          type: typeText(parameter.schema),
          notes: [parameter.description, limits(parameter.schema)].filter(Boolean).join("; "),
        }))}
      />
      <Fields caption="Body fields (JSON)" rows={bodyRows(body?.schema)} />
      {Array.isArray(body?.schema.anyOf) ? (
        <p>
          The body is one of:{" "}
          {(body.schema.anyOf as Json[])
            .map((alternative) => String(alternative.description ?? ""))
            .join("; ")}
          .
        </p>
      ) : null}
      <h4>Example request</h4>
      <pre>
        {body?.example === undefined
          ? example
          : `${example}\nContent-Type: application/json\n\n${json(body.example)}`}
      </pre>
      {successExample === undefined ? null : (
        <>
          <h4>Example answer ({successStatus})</h4>
          <pre>{json(successExample)}</pre>
        </>
      )}
      <h4>Answers</h4>
      <dl className="api-answers">
        {statuses.map(([status, answer]) => (
          <div key={status}>
            <dt>{status}</dt>
            <dd>
              <Prose text={answer.description} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ApiReference({ document, openapiHref }: { document: Json; openapiHref: string }) {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] })),
  );
  const tags = (document.tags as { name: string }[]).map((tag) => tag.name);
  const info = document.info as { title: string; description: string };
  const anchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <main className="api-reference" id="main">
      <h1>{info.title}</h1>
      <p>
        <Prose text={info.description} />
      </p>
      <p>
        For tools: the same description as an <a href={openapiHref}>OpenAPI 3.1 document</a>. Every answer may
        also be 401 (no valid sign-in), 403 (the role may not) or 500 (a fault) where listed.
      </p>
      <nav aria-label="Features">
        <ul className="api-toc">
          {tags.map((tag) => (
            <li key={tag}>
              <a href={`#${anchor(tag)}`}>{tag}</a>
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <section key={tag} aria-labelledby={anchor(tag)}>
          <h2 id={anchor(tag)}>{tag}</h2>
          {operations
            .filter(({ operation }) => operation.tags[0] === tag)
            .map(({ method, path, operation }) => (
              <OperationEntry key={operation.operationId} method={method} path={path} operation={operation} />
            ))}
        </section>
      ))}
    </main>
  );
}
