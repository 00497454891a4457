import { httpRouter } from "convex/server";
import { httpAction } from "./_generated/server";

const http = httpRouter();

const echo = httpAction(async (_ctx, request) =>
  Response.json({ method: request.method, path: new URL(request.url).pathname }),
);

http.route({ path: "/hello", method: "GET", handler: echo });
http.route({ pathPrefix: "/files/", method: "GET", handler: echo });
http.route({ pathPrefix: "/files/special/", method: "GET", handler: httpAction(async () => new Response("special")) });
http.route({ path: "/items", method: "POST", handler: echo });
// A preflight as the app defines it (Convex adds no CORS of its own).
http.route({
  path: "/items",
  method: "OPTIONS",
  handler: httpAction(async (_ctx, request) =>
    new Response(null, {
      status: 204,
      headers: {
        "Access-Control-Allow-Origin": request.headers.get("Origin") ?? "*",
        "Access-Control-Allow-Methods": "POST",
        "Access-Control-Allow-Headers": "Content-Type",
        Vary: "Origin",
      },
    }),
  ),
});

export default http;
