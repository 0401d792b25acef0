// Tokens that expire: a principal's token comes from a command the operator gives (a login, a
// vault read, an SSO helper) instead of a fixed value. The run's main process runs each command
// once at start; a worker runs it again itself when the target answers 401 to a token that had
// worked (workers are separate processes: each refreshes its own), and the request is sent once
// more. Every token a command prints joins the Redactor's secrets (check.ts hands what a worker
// learned to the reporter through `live.secrets`).
import { spawn } from "node:child_process";
import { CONFIG_FIELDS, refuse, type Config, type FieldName } from "./config.ts";
import { HarnessError } from "./errors.ts";

export type Named = keyof Config["tokenCommands"];
const NAMED: Named[] = ["admin", "restricted", "secondary"];
const FIELD: Record<Named, FieldName> = {
  admin: "adminTokenCommand",
  restricted: "restrictedTokenCommand",
  secondary: "secondaryTokenCommand",
};

/** How long a command may take: a login helper answers in seconds; a hung one must not hold the run. */
export const TOKEN_COMMAND_TIMEOUT_MS = 30_000;
/** More output than any token: the command is read no further. */
const MAX_OUTPUT = 64 * 1024;

/** `--admin-token-command / PLUMBLINE_ADMIN_TOKEN_COMMAND`: the setting of a principal's command. */
export function commandSetting(p: Named): string {
  return `${CONFIG_FIELDS[FIELD[p]].flag} / ${CONFIG_FIELDS[FIELD[p]].env}`;
}

/** Why a command gave no token, as the end of a sentence naming the setting. */
export class TokenCommandFailed extends Error {}

/**
 * Runs a command through the shell (pipes and quoting as the operator wrote them) and returns
 * the token it printed on standard output. Fails (TokenCommandFailed) on a non-zero exit, a
 * timeout, no output, or output that is not a single token; the output itself is never shown.
 */
export function runTokenCommand(
  command: string,
  timeoutMs = TOKEN_COMMAND_TIMEOUT_MS,
): Promise<string> {
  return new Promise((resolve, reject) => {
    // its own process group: a timeout ends the shell and whatever it started
    const child = spawn(command, {
      shell: true,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    let timedOut = false;
    child.stdout.on("data", (d: Buffer) => {
      if (out.length < MAX_OUTPUT) out += d.toString("utf8");
    });
    child.stderr.on("data", (d: Buffer) => {
      err = (err + d.toString("utf8")).slice(-2000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    const fail = (problem: string) => reject(new TokenCommandFailed(problem));
    child.on("error", (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      fail(`the command could not be started (${e.code ?? e.message})`);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      // the last line the command wrote on standard error says why, as a rule
      const said = err.trim().split("\n").pop()?.trim().slice(0, 200);
      if (timedOut) return fail(`the command did not finish within ${timeoutMs / 1000} s`);
      if (code !== 0)
        return fail(
          `the command ${signal ? `was ended by ${signal}` : `exited with status ${code}`}${said ? ` (${said})` : ""}`,
        );
      const words = out.trim().split(/\s+/).filter(Boolean);
      if (words.length === 0)
        return fail("the command printed nothing on standard output; it must print the token");
      if (words.length > 1)
        return fail(
          `the command printed ${words.length} words on standard output; it must print the token alone`,
        );
      resolve(words[0]);
    });
  });
}

/**
 * At start: the token of every principal that has a command, in the configuration's `tokens`.
 * A command that gives none is refused (ConfigError: exit 2) naming its setting.
 */
export async function resolveTokenCommands(config: Config): Promise<Config> {
  const given = NAMED.filter((p) => config.tokenCommands?.[p]);
  if (given.length === 0) return config;
  const tokens = { ...config.tokens };
  await Promise.all(
    given.map(async (p) => {
      try {
        tokens[p] = await runTokenCommand(config.tokenCommands[p]!);
      } catch (e) {
        if (!(e instanceof TokenCommandFailed)) throw e;
        refuse(commandSetting(p), `${e.message}; fix the command or give --${p}-token`);
      }
    }),
  );
  return { ...config, tokens };
}

interface Held {
  command: string;
  token: string;
  /** the target accepted this token once (a token the run started with counts as accepted) */
  worked: boolean;
  /** the command running now: every request refused meanwhile waits for its token */
  pending?: Promise<string>;
}

/** A worker's tokens from commands: the current one per principal, replaced after a 401. */
export class TokenRefresher {
  private readonly held = new Map<Named, Held>();

  /** `learn`: every token a command prints is a secret from then on (the worker's Redactor). */
  constructor(
    config: Pick<Config, "tokens" | "tokenCommands">,
    private readonly learn: (token: string) => void,
    private readonly run: (command: string) => Promise<string> = runTokenCommand,
  ) {
    for (const p of NAMED) {
      const command = config.tokenCommands?.[p];
      // the main process ran the command at start and handed its token over with the config
      const token = config.tokens[p];
      if (command && token) this.held.set(p, { command, token, worked: true });
    }
  }

  /** The principal's current token, if a command gives it. */
  token(p: Named): string | undefined {
    return this.held.get(p)?.token;
  }

  /** Whether a 401 to this principal's token may be cured by its command. */
  refreshes(p: Named): boolean {
    return this.held.has(p);
  }

  /** The target answered something other than 401 to `token`. */
  accepted(p: Named, token: string): void {
    const h = this.held.get(p);
    if (h && h.token === token) h.worked = true;
  }

  /**
   * After a 401 to `sent`: the token to send the request with once more. The command runs when
   * `sent` is still the current token and had worked; a token printed just now that the target
   * refuses before accepting it once is a HarnessError (running the command again would only
   * repeat that), and so is a command that fails.
   */
  async replace(p: Named, sent: string): Promise<string> {
    const h = this.held.get(p);
    if (!h) throw new HarnessError(`no token command for principal "${p}"`);
    if (h.pending) return h.pending;
    if (h.token !== sent) return h.token; // another request of this worker refreshed it already
    if (!h.worked) this.refusedFresh(p, sent);
    h.pending = this.run(h.command)
      .then((token) => {
        this.learn(token);
        Object.assign(h, { token, worked: false });
        return token;
      })
      .catch((e: Error) => {
        throw new HarnessError(
          `${commandSetting(p)}: ${e.message}, run again after the target answered 401 to the ${p} token; fix the command`,
        );
      })
      .finally(() => {
        h.pending = undefined;
      });
    return h.pending;
  }

  /** A 401 to a token the command printed and the target never accepted: the check's error. */
  refusedFresh(p: Named, token: string): void {
    const h = this.held.get(p);
    if (h && h.token === token && !h.worked)
      throw new HarnessError(
        `the target answered 401 to the ${p} token ${commandSetting(p)} printed just now: the command's tokens are refused (or this operation refuses a valid token)`,
      );
  }
}
