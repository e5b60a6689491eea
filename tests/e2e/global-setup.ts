import { request } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { ADMIN, registerAccount } from "./fixtures.ts";

// The first account of a fresh database becomes admin: make it ours before any test registers.
export default async function globalSetup() {
  const api = await request.newContext({ baseURL });
  await registerAccount(api, ADMIN);
  await api.dispose();
}
