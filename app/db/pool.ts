// The web server's PostgreSQL pool. Each connection is a server process of ~17 MB. Five are plenty
// for one Node.js process on a 2-core machine (queries take a few ms; rendering is the bottleneck),
// and connections idle for 30 s are closed, so a quiet plant's server gives the memory back
// (architecture.md: app + database ≤ 300 MB at idle). A new one opens in a few ms when needed.
export const POOL = { max: 5, idleTimeoutSeconds: 30 };
