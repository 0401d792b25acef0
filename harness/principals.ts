// Who a request is sent as. Named principals come from the configuration; tokens with chosen
// scopes are minted through the control endpoint (provider state `token`) when the target has one.
import type { PrincipalName } from "./config.ts";
import { MissingCapability } from "./errors.ts";
import type { States } from "./states.ts";

/** A named principal, or an explicit token (minted, or deliberately wrong). */
export type As = PrincipalName | { token: string | undefined; name?: string };

export class Principals {
  private readonly minted = new Map<string, string>();

  constructor(
    private readonly tokens: Partial<Record<Exclude<PrincipalName, "anonymous">, string>>,
    private readonly states?: States,
  ) {}

  /** The token of a principal; undefined for anonymous. Skips (MissingCapability) when not configured. */
  token(as: As = "admin"): string | undefined {
    if (typeof as === "object") return as.token;
    if (as === "anonymous") return undefined;
    const t = this.tokens[as];
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
}
