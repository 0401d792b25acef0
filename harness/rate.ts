// Polite to a shared target: one request rate (--max-rps) and one request budget (--max-requests)
// for the whole run, whatever the number of workers, and the target's 429 answers counted for the
// report. `plumbline run` holds the run's `Permits` in its main process and serves them on a
// loopback port (`servePermits`); each worker's client asks before every request when a limit or a
// budget is set (`RemotePacer`), and tells it of every 429. With neither set a worker sends straight
// away and only a 429 costs a message. Slots, not shares: an idle worker wastes nothing.
import { AsyncLocalStorage } from "node:async_hooks";
import { createServer, connect, type AddressInfo, type Socket } from "node:net";
import { BudgetSpent, HarnessError } from "./errors.ts";
import type { Places, Sample } from "./concurrency.ts";

export interface Limits {
  /** requests per second at most, across the run */
  maxRps?: number;
  /** requests the run may send; cleanup may go past it */
  maxRequests?: number;
}

/** What the run sent and how the target's 429s were met (the report's `traffic`). */
export interface Tally {
  /** requests let through; counted only when a limit or a budget is set */
  sent: number;
  /** of `sent`: cleanup's requests after the budget was spent */
  cleanupPastBudget: number;
  /** answers 429 Too Many Requests */
  tooMany: number;
  /** of those, sent again after a wait */
  retried: number;
  /** the waits before those retries, in total */
  waitedMs: number;
}

/** The run's permits: send times spaced 1000/maxRps ms apart, and the budget. One per run. */
export class Permits {
  readonly tally: Tally = { sent: 0, cleanupPastBudget: 0, tooMany: 0, retried: 0, waitedMs: 0 };
  /** the earliest time the next request may go */
  private next = 0;

  constructor(
    readonly limits: Limits,
    /** called once, when the last request of the budget is handed out */
    private readonly onSpent?: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get limited(): boolean {
    return Boolean(this.limits.maxRps || this.limits.maxRequests);
  }

  /** How long to wait before sending (ms), or undefined: the budget is spent and this is no cleanup. */
  take(cleanup: boolean): number | undefined {
    const { maxRps, maxRequests } = this.limits;
    if (maxRequests !== undefined && this.tally.sent >= maxRequests) {
      if (!cleanup) return undefined;
      this.tally.cleanupPastBudget++;
    }
    this.tally.sent++;
    if (this.tally.sent === maxRequests) this.onSpent?.();
    if (!maxRps) return 0;
    // the next free slot; a slot nobody took is gone, but for the last one: a request a busy
    // machine sends a little late does not push every later one back (at most one extra in a burst)
    const now = this.now();
    const interval = 1000 / maxRps;
    const slot = Math.max(now - interval, this.next);
    this.next = slot + interval;
    return Math.max(0, slot - now);
  }

  /** A 429 answer: `waitedMs` before its retry, or undefined when it was not retried. */
  tooMany(waitedMs: number | undefined): void {
    this.tally.tooMany++;
    if (waitedMs === undefined) return;
    this.tally.retried++;
    this.tally.waitedMs += waitedMs;
  }
}

/** What the client asks before each request and tells after each 429. */
export interface Pacer {
  /** the client asks `permit` before every request only when this is set */
  readonly limited: boolean;
  /** resolves when the request may go; throws BudgetSpent (naming `what()`) when the budget is spent */
  permit(what: () => string): Promise<void>;
  tooMany(waitedMs: number | undefined): Promise<void>;
  close(): void;
}

const cleaning = new AsyncLocalStorage<true>();

/** Runs `fn` as cleanup: its requests may go past a spent budget (the rate still holds). */
export function asCleanup<T>(fn: () => Promise<T>): Promise<T> {
  return cleaning.run(true, fn);
}

function spent(maxRequests: number | undefined, what: () => string): BudgetSpent {
  return new BudgetSpent(
    `cut: the run's request budget of ${maxRequests} requests was spent before ${what()} was sent (--max-requests / PLUMBLINE_MAX_REQUESTS)`,
  );
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Permits in this process: outside `plumbline run` (sweep, a bare vitest), per process. */
export class LocalPacer implements Pacer {
  constructor(readonly permits: Permits) {}
  get limited(): boolean {
    return this.permits.limited;
  }
  async permit(what: () => string): Promise<void> {
    const wait = this.permits.take(cleaning.getStore() === true);
    if (wait === undefined) throw spent(this.permits.limits.maxRequests, what);
    if (wait > 0) await sleep(wait);
  }
  async tooMany(waitedMs: number | undefined): Promise<void> {
    this.permits.tooMany(waitedMs);
  }
  close(): void {}
}

// The line protocol on the loopback port. Asked: `p` (a permit), `c` (a permit for cleanup),
// `t` or `t <ms>` (a 429, retried after ms). Answered, in order, one line each: the ms to wait,
// `x` (the budget is spent), `ok`. On a connection of its own (its answers may wait): `s` (a
// request slot), answered `g` when one is free, and `r` or `r<kind> <ms> <status> [<retry-after ms>]`
// (a slot given back, with what its round trip said; kind `r` a read, `w` a write, or none), not
// answered. On a connection of its own: `h` (a held worker), answered `far` or `drained` when it
// is let go.

/** `r<kind> <ms> <status> [<retry-after ms>]` read back (kind: `r` a read, `w` a write, or none). */
function sampleOf(line: string): Sample {
  const [r, ms, status, retryAfter] = line.split(" ");
  const kind = r[1] === "w" ? "write" : r[1] === "r" ? "read" : undefined;
  return {
    ms: Number(ms),
    status: Number(status),
    ...(retryAfter !== undefined ? { retryAfterMs: Number(retryAfter) } : {}),
    ...(kind ? { kind } : {}),
  };
}

/**
 * The run's permits on a loopback port; `address` goes to the workers in the configuration. With
 * `slots`, the same port serves the run's requests in flight as one pool for every worker (a
 * worker whose file has many checks takes the places a worker running one long chain leaves idle);
 * what a connection holds or still waits for when it closes (its worker ended, or died) goes back.
 */
export async function servePermits(
  permits: Permits,
  slots?: Places,
  /** a near run's held workers: answered when they are let go (`far` or `drained`) */
  hold?: () => Promise<string>,
): Promise<{ address: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    /** slots this connection holds */
    let held = 0;
    socket.on("close", () => {
      sockets.delete(socket);
      for (; held > 0; held--) slots?.release();
    });
    socket.on("error", () => socket.destroy());
    socket.setNoDelay(true);
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("latin1");
      let nl = buffered.indexOf("\n");
      let out = "";
      while (nl >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line === "p" || line === "c") {
          const wait = permits.take(line === "c");
          out += wait === undefined ? "x\n" : `${wait.toFixed(2)}\n`;
        } else if (line.startsWith("t")) {
          const ms = line.slice(2);
          permits.tooMany(ms ? Number(ms) : undefined);
          out += "ok\n";
        } else if (line === "s" && slots) {
          // granted in the order asked; a grant to a connection gone meanwhile is given back
          void slots.acquire().then(() => {
            if (socket.destroyed) return slots.release();
            held++;
            socket.write("g\n");
          });
        } else if (line === "h") {
          // a held worker, on a connection of its own: answered when it is let go
          if (!hold) out += "drained\n";
          else void hold().then((how) => socket.destroyed || socket.write(`${how}\n`));
        } else if (line[0] === "r" && slots && held > 0) {
          held--;
          slots.release(line.length > 1 ? sampleOf(line) : undefined);
        } else out += "?\n";
        nl = buffered.indexOf("\n");
      }
      if (out) socket.write(out);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  // never what keeps the process alive: the run closes it, and a run that died leaves it behind
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** One connection to the run's permit service: a line asked, its answer, in the order asked. */
class ServiceLine {
  private socket?: Socket;
  private buffered = "";
  private readonly waiting: { resolve(line: string): void; reject(e: Error): void }[] = [];

  constructor(
    private readonly address: string,
    /** what the service is to this connection's user, for the error when it is gone */
    private readonly what: string,
  ) {}

  ask(line: string): Promise<string> {
    const socket = this.connection();
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      socket.write(`${line}\n`);
    });
  }

  /** A line that gets no answer. */
  tell(line: string): void {
    this.socket?.write(`${line}\n`);
  }

  private connection(): Socket {
    if (this.socket) return this.socket;
    const at = this.address.lastIndexOf(":");
    const socket = connect({
      host: this.address.slice(0, at),
      port: Number(this.address.slice(at + 1)),
      noDelay: true,
    });
    // the worker's own work keeps it alive, never this connection
    socket.unref();
    socket.on("data", (chunk) => {
      this.buffered += chunk.toString("latin1");
      let nl = this.buffered.indexOf("\n");
      while (nl >= 0) {
        const line = this.buffered.slice(0, nl);
        this.buffered = this.buffered.slice(nl + 1);
        this.waiting.shift()?.resolve(line);
        nl = this.buffered.indexOf("\n");
      }
    });
    const gone = (e?: Error) => {
      this.socket = undefined;
      for (const w of this.waiting.splice(0))
        w.reject(
          new HarnessError(
            `${this.what} at ${this.address} is gone${e ? ` (${e.message})` : ""}: the run is ending`,
          ),
        );
    };
    socket.on("error", gone);
    socket.on("close", () => gone());
    this.socket = socket;
    return socket;
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }
}

/** A worker's way to the run's permits: one connection, answers in the order asked. */
export class RemotePacer implements Pacer {
  private readonly line: ServiceLine;

  constructor(
    address: string,
    readonly limits: Limits,
  ) {
    this.line = new ServiceLine(address, "the run's permit service");
  }

  get limited(): boolean {
    return Boolean(this.limits.maxRps || this.limits.maxRequests);
  }

  async permit(what: () => string): Promise<void> {
    const answer = await this.line.ask(cleaning.getStore() === true ? "c" : "p");
    if (answer === "x") throw spent(this.limits.maxRequests, what);
    const wait = Number(answer);
    if (wait > 0) await sleep(wait);
  }

  async tooMany(waitedMs: number | undefined): Promise<void> {
    await this.line.ask(waitedMs === undefined ? "t" : `t ${Math.round(waitedMs)}`);
  }

  close(): void {
    this.line.close();
  }
}

/**
 * A worker's places in the run's requests in flight (served with the permits): taken
 * before a request, given back after. A connection of its own: a grant may wait, and answers on one
 * connection come in the order asked.
 */
export class RemoteSlots implements Places {
  private readonly line: ServiceLine;

  constructor(address: string) {
    this.line = new ServiceLine(address, "the run's pool of requests in flight");
  }

  async acquire(): Promise<void> {
    await this.line.ask("s");
  }

  release(sample?: Sample): void {
    if (!sample) {
      this.line.tell("r");
      return;
    }
    const after = sample.retryAfterMs === undefined ? "" : ` ${Math.round(sample.retryAfterMs)}`;
    const kind = sample.kind ? sample.kind[0] : "";
    this.line.tell(`r${kind} ${Math.round(sample.ms * 10) / 10} ${sample.status}${after}`);
  }

  close(): void {
    this.line.close();
  }
}

/**
 * The pacer a client of this configuration uses: the run's permits when `plumbline run` serves
 * them, else one in this process when a rate is set (a budget is the run's: it needs the service).
 */
export function pacerFor(config: Limits & { permits?: string }): Pacer | undefined {
  if (config.permits) return new RemotePacer(config.permits, config);
  if (config.maxRps) return new LocalPacer(new Permits({ maxRps: config.maxRps }));
  return undefined;
}

/**
 * A held worker waits here until the run lets it go (`plumbline run`: a worker's requests turned
 * slow, or no file is left for it to take from the others); a run gone lets it go too.
 */
export async function heldUntilLetGo(address: string): Promise<"far" | "drained"> {
  const line = new ServiceLine(address, "the run's permit service");
  try {
    return (await line.ask("h")) === "far" ? "far" : "drained";
  } catch {
    return "drained";
  } finally {
    line.close();
  }
}
