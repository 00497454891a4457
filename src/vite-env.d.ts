/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Convex deployment URL (e.g. http://127.0.0.1:3210 for the local runtime). */
  readonly VITE_CONVEX_URL?: string;
  /** Comma-separated external identity providers; empty or unset hides the external sign-in link. */
  readonly VITE_OAUTH_PROVIDERS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
