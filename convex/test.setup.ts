// Shared by the backend tests: the module map convex-test loads, the keys
// @convex-dev/auth signs with, and factories.
/// <reference types="vite/client" />
import { convexTest } from "convex-test";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { syncUserLocation } from "./model/professionals";
import schema from "./schema";

// Modules as Convex bundles them: files whose name has a single dot.
export const modules = Object.fromEntries(
  Object.entries(import.meta.glob("./**/*.*s")).filter(([path]) => path.split("/").pop()!.split(".").length === 2),
);

let keysReady: Promise<void> | null = null;
/** Environment a deployment would have for @convex-dev/auth and email. */
export function setupEnv(): Promise<void> {
  process.env.SITE_URL = "http://localhost:5173";
  process.env.CONVEX_SITE_URL = "https://test.convex.site";
  process.env.EMAIL_TRANSPORT = "outbox";
  keysReady ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    process.env.JWT_PRIVATE_KEY = (await exportPKCS8(privateKey)).trimEnd().replace(/\n/g, " ");
    process.env.JWKS = JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(publicKey)) }] });
  })();
  return keysReady;
}

export function newTest() {
  // Notifications schedule emails: every test deployment has the local transport.
  process.env.EMAIL_TRANSPORT ??= "outbox";
  process.env.SITE_URL ??= "http://localhost:5173";
  return convexTest(schema, modules);
}
/** A test accessor, with or without identity or request metadata. */
export type TestConvex = Omit<ReturnType<typeof newTest>, "registerComponent">;

export const STRONG_PASSWORD = "Correct-Horse9!";

export function signUpParams(overrides: Record<string, unknown> = {}) {
  return {
    flow: "signUp",
    userType: "professional",
    firstName: "Maya",
    lastName: "Lopez",
    email: "maya@example.com",
    password: STRONG_PASSWORD,
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    professionalCategories: ["construction_renovation"],
    isAdult: true,
    acceptTerms: true,
    ...overrides,
  };
}

/** Fast path: a user row without credentials, for functions that only need an identity. */
export async function createUser(t: TestConvex, fields: Record<string, unknown> = {}) {
  const userId = await t.run(async (ctx) =>
    ctx.db.insert("users", {
      email: `user${Math.random().toString(36).slice(2)}@example.com`,
      firstName: "Test",
      lastName: "User",
      userType: "homeowner",
      ...fields,
    }),
  );
  return { userId, as: t.withIdentity({ subject: `${userId}|session` }) };
}

/** Contact details every person made by createPerson has: tests check they never reach another member. */
export const PERSON_PHONE = "(512) 555-0100";

/** A user with a place (Austin, TX 78701 unless `fields` say otherwise) and, for professionals, service areas, as sign-up and profession setup leave them. */
export async function createPerson(t: TestConvex, fields: Record<string, unknown> = {}) {
  const userId = await t.run(async (ctx) => {
    const id = await ctx.db.insert("users", {
      email: `u${Math.random().toString(36).slice(2)}@example.com`,
      phone: PERSON_PHONE,
      firstName: "Test",
      lastName: "User",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      ...fields,
    } as never);
    await syncUserLocation(ctx, id);
    return id;
  });
  return { userId, as: t.withIdentity({ subject: `${userId}|session` }) };
}
