// The web server's PostgreSQL pool. Each connection is a PostgreSQL server process, with its own
// memory. Five are plenty for one Node.js process on a 2-core machine (queries are short; rendering
// is the bottleneck), and connections idle for 30 s are closed, so a quiet plant's server gives the
// memory back (the idle memory budget of docs/performance.md). A new one opens quickly when
// needed (figures: docs/performance.md, "Figures behind choices in the code").
export const POOL = { max: 5, idleTimeoutSeconds: 30 };
