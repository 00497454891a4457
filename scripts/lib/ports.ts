// Port selection for the local servers: a default, an override from the
// environment, and the next free port when the default is taken.
import net from "node:net";
import { freePort } from "../../tools/local-convex/src/ports";

/** Whether `port` can be listened on at `host` right now. */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Hosts to probe: the listening host, plus loopback when listening on every interface. */
function probeHosts(host: string): string[] {
  return host === "0.0.0.0" || host === "::" ? [host, "127.0.0.1"] : [host];
}

async function allFree(ports: number[], host: string): Promise<boolean> {
  for (const port of ports) {
    for (const h of probeHosts(host)) if (!(await isPortFree(port, h))) return false;
  }
  return true;
}

export interface PortChoice {
  port: number;
  /** Set when the port is not the one asked for: say so. */
  note?: string;
}

/**
 * Picks `span` consecutive free ports starting at the override (env) or the
 * default. An explicit override that is taken is an error (the user asked for
 * it); a taken default moves to the next free block.
 */
export async function choosePorts(opts: {
  what: string;
  envName: string;
  env: string | undefined;
  defaultPort: number;
  host: string;
  span?: number;
  avoid?: readonly number[];
}): Promise<PortChoice> {
  const span = opts.span ?? 1;
  const block = (p: number) => Array.from({ length: span }, (_, i) => p + i);
  const clashes = (p: number) => block(p).some((q) => opts.avoid?.includes(q));
  if (opts.env !== undefined && opts.env.trim() !== "") {
    const port = Number(opts.env);
    if (!Number.isInteger(port) || port < 1 || port > 65535 - span) {
      throw new Error(`${opts.envName}=${opts.env} is not a valid port number.`);
    }
    if (clashes(port) || !(await allFree(block(port), opts.host))) {
      const ports = block(port).join(" and ");
      throw new Error(
        `${opts.envName}=${opts.env}: port ${ports} (${opts.what}) is already in use. Free it or choose another ${opts.envName}.`,
      );
    }
    return { port };
  }
  for (let port = opts.defaultPort; port < opts.defaultPort + 100; port += 1) {
    if (clashes(port) || !(await allFree(block(port), opts.host))) continue;
    if (port === opts.defaultPort) return { port };
    const wanted = block(opts.defaultPort).join("/");
    return {
      port,
      note: `port ${wanted} (${opts.what}) is in use, using ${block(port).join("/")} instead (set ${opts.envName} to choose).`,
    };
  }
  throw new Error(
    `No free port for the ${opts.what} between ${opts.defaultPort} and ${opts.defaultPort + 99}; set ${opts.envName}.`,
  );
}

export { freePort };

/** `count` distinct free ports, none of them in `taken` (the OS may hand one out twice once closed). */
export async function freePorts(count: number, taken: readonly number[] = [], host = "127.0.0.1"): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) {
    const port = await freePort(host);
    if (!taken.includes(port)) ports.add(port);
  }
  return [...ports];
}
