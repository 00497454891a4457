// Who the runtime says is calling (http-api.ts clientInfo): the socket's address, whatever
// X-Forwarded-For claims, unless the caller also shows this run's client-address token.
import type http from "node:http";
import { describe, expect, it } from "vitest";
import { clientInfo, FORWARDED_FOR_TOKEN_HEADER } from "../src/http-api.js";

const TOKEN = "f".repeat(16) + "0123456789abcdef0123456789abcdef";

function request(headers: Record<string, string | string[]>): http.IncomingMessage {
  return { headers, socket: { remoteAddress: "127.0.0.1" } } as unknown as http.IncomingMessage;
}

describe("clientInfo", () => {
  it("ignores X-Forwarded-For when the runtime has no token", () => {
    expect(clientInfo(request({ "x-forwarded-for": "203.0.113.7" })).ip).toBe("127.0.0.1");
    expect(clientInfo(request({ "x-forwarded-for": "203.0.113.7", [FORWARDED_FOR_TOKEN_HEADER]: TOKEN })).ip).toBe("127.0.0.1");
  });

  it("ignores X-Forwarded-For without the token, or with a wrong one", () => {
    expect(clientInfo(request({ "x-forwarded-for": "203.0.113.7" }), TOKEN).ip).toBe("127.0.0.1");
    expect(clientInfo(request({ "x-forwarded-for": "203.0.113.7", [FORWARDED_FOR_TOKEN_HEADER]: "guess" }), TOKEN).ip).toBe("127.0.0.1");
    expect(clientInfo(request({ "x-forwarded-for": "203.0.113.7", [FORWARDED_FOR_TOKEN_HEADER]: `${TOKEN}x` }), TOKEN).ip).toBe("127.0.0.1");
  });

  it("takes the first forwarded address from a caller that shows the token", () => {
    const info = clientInfo(request({ "x-forwarded-for": "10.1.2.3, 127.0.0.1", [FORWARDED_FOR_TOKEN_HEADER]: TOKEN, "user-agent": "e2e" }), TOKEN);
    expect(info).toEqual({ ip: "10.1.2.3", userAgent: "e2e" });
    expect(clientInfo(request({ [FORWARDED_FOR_TOKEN_HEADER]: TOKEN }), TOKEN).ip).toBe("127.0.0.1");
  });
});
