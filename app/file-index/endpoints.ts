import type { Endpoint } from "#app/api/endpoints.ts";

// This feature's /api endpoints, listed at GET /api and in the README.
export const fileIndexEndpoints: Endpoint[] = [];
