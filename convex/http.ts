import { httpRouter } from "convex/server";
import { auth } from "./auth";
import { contactRoutes } from "./http/contact";
import { registerRestRoutes } from "./http/rest";

const http = httpRouter();

// OpenID configuration and JWKS that verify @convex-dev/auth's tokens.
auth.addHttpRoutes(http);

registerRestRoutes(http, contactRoutes);

export default http;
