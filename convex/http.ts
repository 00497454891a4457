import { httpRouter } from "convex/server";
import { auth } from "./auth";

const http = httpRouter();

// OpenID configuration and JWKS that verify @convex-dev/auth's tokens.
auth.addHttpRoutes(http);

export default http;
