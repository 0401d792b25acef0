// Who a request is sent as. Named principals come from the configuration; tokens with chosen
// scopes are minted through the control endpoint (provider state `token`) when the target has one.
import type { PrincipalName } from "./config.ts";
import { MissingCapability } from "./errors.ts";
import type { States } from "./states.ts";
import type { TokenRefresher } from "./token-command.ts";

/**
 * The principal columns of the authorization matrix (suites/authz/): who may do what is asked of
 * each of them, for every operation. Tokens are minted through provider states (`token`,
 * `restricted-user`, `second-account`); a column the target cannot give is skipped with the reason.
 */
export const COLUMNS = {
  anonymous: "no token (Authentication 1, 4)",
  unrestricted: "the unrestricted user's personal access token, every scope (Authentication 2)",
  "token:read_only":
    "a token holding only the operation's area's read_only scope (Authentication 2-3)",
  "token:read_write":
    "a token holding only the operation's area's read_write scope (Authentication 2-3)",
  "token:other-area":
    "a token holding every scope seen except those of the operation's area (Authentication 3)",
  restricted: "a restricted user of the account with no grant (Authentication 5)",
  "restricted:read_only":
    "a restricted user holding read_only on the object's instance (Authentication 5)",
  "restricted:read_write":
    "a restricted user holding read_write on the object's instance (Authentication 5)",
  "restricted:add_vms": "a restricted user holding only the add_vms grant (Authentication 5)",
  "second-account": "an unrestricted user of a second account, against the first account's objects",
  "first-account": "the first account's user, against the second account's objects (the reverse)",
} as const;
export type Column = keyof typeof COLUMNS;

/** The grants of a restricted user (provider state `restricted-user`). */
export interface Grants {
  add_vms?: boolean;
  vms?: { id: number; permissions: "read_only" | "read_write" }[];
}

/** A named principal, or an explicit token (minted, or deliberately wrong). */
export type As = PrincipalName | { token: string | undefined; name?: string };

export class Principals {
  private readonly minted = new Map<string, string>();

  constructor(
    private readonly tokens: Partial<Record<Exclude<PrincipalName, "anonymous">, string>>,
    private readonly states?: States,
    /** the tokens that come from a command, replaced after a 401 (token-command.ts) */
    readonly refresher?: TokenRefresher,
  ) {}

  /** The token of a principal; undefined for anonymous. Skips (MissingCapability) when not configured. */
  token(as: As = "admin"): string | undefined {
    if (typeof as === "object") return as.token;
    if (as === "anonymous") return undefined;
    const t = this.refresher?.token(as) ?? this.tokens[as];
    if (!t)
      throw new MissingCapability(
        `principal "${as}" is not configured (set PLUMBLINE_${as.toUpperCase()}_TOKEN or principals.${as})`,
      );
    return t;
  }

  /** Throws MissingCapability unless the principal is configured; returns it for `as:`. */
  get(name: PrincipalName): As {
    this.token(name);
    return name;
  }

  /** A token with exactly these scopes (for `user`), minted via the control endpoint. */
  async withScopes(
    scopes: string[],
    user: Exclude<PrincipalName, "anonymous"> = "admin",
  ): Promise<As> {
    const key = `${user}:${[...scopes].sort().join(",")}`;
    let token = this.minted.get(key);
    if (!token) {
      if (!this.states)
        throw new MissingCapability(
          `a token with scopes [${scopes.join(", ")}] needs the control endpoint (provider state "token"), and none is configured`,
        );
      const made = await this.states.require("token", { scopes, user });
      token = String(made.token); // States redacts every token a provider state returns
      this.minted.set(key, token);
    }
    return { token, name: `${user} with ${scopes.join(" ") || "no scopes"}` };
  }

  /** A new restricted user of the admin's account with these grants (provider state `restricted-user`). */
  async restrictedWith(grants: Grants): Promise<As> {
    if (!this.states)
      throw new MissingCapability(
        'a restricted user with chosen grants needs the control endpoint (provider state "restricted-user"), and none is configured',
      );
    const made = await this.states.require("restricted-user", { grants });
    const named = [
      grants.add_vms ? "add_vms" : "",
      ...(grants.vms ?? []).map((g) => `${g.permissions} on instance ${g.id}`),
    ].filter(Boolean);
    return {
      token: String(made.token),
      name: `restricted user with ${named.join(", ") || "no grant"}`,
    };
  }

  /** An unrestricted user of a second account: the configured `secondary`, else provider state `second-account`. */
  async secondAccount(): Promise<As> {
    if (this.tokens.secondary) return "secondary";
    if (!this.second) {
      if (!this.states)
        throw new MissingCapability(
          'a second account needs principal "secondary" (PLUMBLINE_SECONDARY_TOKEN) or the control endpoint (provider state "second-account")',
        );
      this.second = this.states
        .require("second-account")
        .then((made) => ({ token: String(made.token), name: "user of a second account" }));
    }
    return this.second;
  }
  private second?: Promise<As>;
}
