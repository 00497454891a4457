// Keys the runtime keeps with its data, and verification of client JWTs
// against the providers of the app's auth.config.ts, as a deployment does.
import { randomBytes, timingSafeEqual } from "node:crypto";
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from "jose";
import type { Identity } from "./engine.js";
import type { Persistence } from "./persistence.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface RuntimeKeys {
  /** PKCS#8 PEM, newlines as spaces, as @convex-dev/auth reads JWT_PRIVATE_KEY. */
  jwtPrivateKey: string;
  jwks: string;
  adminKey: string;
  urlSecret: string;
}

/** Loads the keys from the data folder, generating them on first start. */
export async function loadOrCreateKeys(persistence: Persistence): Promise<RuntimeKeys> {
  const existing = persistence.readJson<RuntimeKeys>("keys.json");
  if (existing?.jwtPrivateKey && existing.jwks && existing.adminKey && existing.urlSecret) return existing;
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const pem = await exportPKCS8(privateKey);
  const jwk = await exportJWK(publicKey);
  const keys: RuntimeKeys = {
    jwtPrivateKey: pem.trimEnd().replace(/\n/g, " "),
    jwks: JSON.stringify({ keys: [{ use: "sig", alg: "RS256", ...jwk }] }),
    adminKey: `local-admin|${randomBytes(24).toString("base64url")}`,
    urlSecret: randomBytes(32).toString("base64url"),
  };
  persistence.writeJson("keys.json", keys);
  return keys;
}

export class AuthError extends Error {}

// Standard claims map to these identity fields; other claims pass through as-is.
const CLAIM_TO_FIELD: Record<string, string> = {
  name: "name",
  given_name: "givenName",
  family_name: "familyName",
  nickname: "nickname",
  preferred_username: "preferredUsername",
  profile: "profileUrl",
  picture: "pictureUrl",
  email: "email",
  email_verified: "emailVerified",
  gender: "gender",
  birthdate: "birthday",
  zoneinfo: "timezone",
  locale: "language",
  phone_number: "phoneNumber",
  phone_number_verified: "phoneNumberVerified",
  address: "address",
  updated_at: "updatedAt",
};
const DROPPED = new Set(["sub", "iss", "aud", "exp", "iat", "nbf", "jti"]);

export function identityFromClaims(claims: JWTPayload): Identity {
  const identity: Record<string, unknown> = {};
  for (const [claim, value] of Object.entries(claims)) {
    if (DROPPED.has(claim)) continue;
    identity[CLAIM_TO_FIELD[claim] ?? claim] = value;
  }
  return {
    ...identity,
    subject: String(claims.sub),
    issuer: String(claims.iss),
    tokenIdentifier: `${claims.iss}|${claims.sub}`,
  } as Identity;
}

interface Verifier {
  issuer: string;
  audience?: string;
  algorithms?: string[];
  keys: () => Promise<JWTVerifyGetKey>;
}

export class TokenVerifier {
  private verifiers: Verifier[] = [];
  private cache = new Map<string, { identity: Identity; exp: number }>();

  constructor(
    authConfig: { providers: any[] } | null,
    private adminKey: string,
  ) {
    for (const provider of authConfig?.providers ?? []) {
      if (provider.type === "customJwt") {
        const jwks = String(provider.jwks);
        let resolved: Promise<JWTVerifyGetKey> | null = null;
        this.verifiers.push({
          issuer: provider.issuer,
          audience: provider.applicationID,
          algorithms: provider.algorithm ? [provider.algorithm] : undefined,
          keys: () =>
            (resolved ??= jwks.startsWith("data:")
              ? Promise.resolve(createLocalJWKSet(JSON.parse(decodeDataUri(jwks))))
              : Promise.resolve(createRemoteJWKSet(new URL(jwks)))),
        });
      } else if (provider.domain) {
        const domain = String(provider.domain).replace(/\/$/, "");
        let resolved: Promise<JWTVerifyGetKey> | null = null;
        this.verifiers.push({
          issuer: domain,
          audience: provider.applicationID,
          keys: () =>
            (resolved ??= (async () => {
              const res = await fetch(`${domain}/.well-known/openid-configuration`);
              if (!res.ok) throw new AuthError(`OIDC discovery failed for ${domain}: HTTP ${res.status}`);
              const config = (await res.json()) as { jwks_uri: string };
              return createRemoteJWKSet(new URL(config.jwks_uri));
            })().catch((e) => {
              resolved = null; // retry discovery next time
              throw e;
            })),
        });
      }
    }
  }

  isAdminKey(value: string): boolean {
    const a = Buffer.from(value.split(":")[0]);
    const b = Buffer.from(this.adminKey);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Verifies a user JWT. Throws AuthError with the reason if it is not acceptable. */
  async verify(token: string): Promise<Identity> {
    const cached = this.cache.get(token);
    if (cached && cached.exp * 1000 > Date.now()) return cached.identity;
    let issuer: string | undefined;
    try {
      const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
      issuer = payload.iss;
    } catch {
      throw new AuthError("Could not parse JWT payload. Check that the token is a valid JWT format.");
    }
    const verifier = this.verifiers.find((v) => v.issuer === String(issuer).replace(/\/$/, ""));
    if (!verifier) {
      throw new AuthError(
        `No auth provider found matching the given token (issuer '${issuer}'). Check that your JWT's issuer and audience match one of your configured providers in auth.config.ts.`,
      );
    }
    try {
      const { payload } = await jwtVerify(token, await verifier.keys(), {
        issuer: verifier.issuer,
        ...(verifier.audience ? { audience: verifier.audience } : {}),
        ...(verifier.algorithms ? { algorithms: verifier.algorithms } : {}),
      });
      const identity = identityFromClaims({ ...payload, iss: verifier.issuer });
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(token, { identity, exp: payload.exp ?? Date.now() / 1000 + 60 });
      return identity;
    } catch (e: any) {
      if (e instanceof AuthError) throw e;
      const reason = e?.code === "ERR_JWT_EXPIRED" ? "Token expired" : `Could not verify token: ${e?.message ?? e}`;
      throw new AuthError(reason);
    }
  }
}

function decodeDataUri(uri: string): string {
  const comma = uri.indexOf(",");
  const meta = uri.slice(5, comma);
  const data = uri.slice(comma + 1);
  return meta.endsWith(";base64") ? Buffer.from(data, "base64").toString("utf8") : decodeURIComponent(data);
}
