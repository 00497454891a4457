// A free TCP port, for starting runtimes side by side (tests, benchmarks and
// the repository's scripts/lib/ports.ts share this one). No side effects on import.
import net from "node:net";

/** A port the OS says is free on `host` right now (it may be taken again before it is used). */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
