import autocannon from "autocannon";

// Load runs with autocannon (never a hand-written load generator). Each response's time is taken
// from autocannon's own 'response' event, so we can give p95 (its summary stops at p90/p97.5) and
// split a mixed run per path. autocannon times a request to its last byte, so these figures are an
// upper bound of the time to first byte.

export type Step = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called before each send, e.g. to make a unique serial number; returns the body. */
  makeBody?: () => string;
};

export type Stats = {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Connection errors + timeouts + answers ≥ 400. */
  errors: number;
  statusCodes: Record<string, number>;
};

export type LoadOptions = {
  url: string;
  /** Each connection runs these in turn, round and round. */
  steps: Step[];
  connections: number;
  /** Seconds; or `amount` requests in all. */
  duration?: number;
  amount?: number;
  /** Extra headers of connection i (its user's cookie). */
  headersFor?: (connection: number) => Record<string, string>;
  /** Statuses that count as success besides 2xx (e.g. 302 for a form save). */
  okStatuses?: number[];
  timeoutSeconds?: number;
};

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function summarise(
  times: number[],
  seconds: number,
  errors: number,
  statusCodes: Record<string, number>,
): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    seconds,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    errors,
    statusCodes,
  };
}

type AnyClient = {
  setRequests(requests: autocannon.Request[]): void;
  requestIterator?: { currentRequest?: { path?: string } };
};

/** Runs the load; returns the overall figures and the figures per path. */
export async function runLoad(options: LoadOptions): Promise<{ all: Stats; byPath: Record<string, Stats> }> {
  const ok = new Set(options.okStatuses ?? []);
  const times: number[] = [];
  const perPath = new Map<string, number[]>();
  const statusCodes: Record<string, number> = {};
  let failures = 0;
  let connection = 0;
  const requestsFor = (index: number): autocannon.Request[] =>
    options.steps.map((step) => {
      const headers = { ...options.headersFor?.(index), ...step.headers };
      return {
        method: step.method ?? "GET",
        path: step.path,
        headers,
        ...(step.body ? { body: step.body } : {}),
        ...(step.makeBody
          ? { setupRequest: (request: autocannon.Request) => ({ ...request, body: step.makeBody?.() }) }
          : {}),
      } as autocannon.Request;
    });
  const started = performance.now();
  let instance!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
        timeout: options.timeoutSeconds ?? 10,
        requests: requestsFor(0),
        setupClient: (client) => (client as unknown as AnyClient).setRequests(requestsFor(connection++)),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on(
    "response",
    (client: autocannon.Client, statusCode: number, _bytes: number, responseTime: number) => {
      times.push(responseTime);
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      if (statusCode >= 400 || (statusCode >= 300 && !ok.has(statusCode))) failures++;
      const path = (client as unknown as AnyClient).requestIterator?.currentRequest?.path ?? "?";
      if (!perPath.has(path)) perPath.set(path, []);
      perPath.get(path)?.push(responseTime);
    },
  );
  const result = await finished;
  const seconds = (performance.now() - started) / 1000;
  const errors = failures + result.errors + result.timeouts;
  const byPath = Object.fromEntries(
    [...perPath].map(([path, list]) => [path, summarise(list, seconds, 0, {})]),
  );
  return { all: summarise(times, seconds, errors, statusCodes), byPath };
}
