// One row of the endpoint list served at GET /api. Each feature lists its rows beside its routes
// (its routes.ts); app/api/endpoints.ts composes them.
export type Endpoint = { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; description: string };
