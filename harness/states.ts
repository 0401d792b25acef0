// Client for the provider-state control endpoint (harness/provider-states.md).
// No control endpoint, or a 404 for a state, skips the check naming the state.
import type { Client } from "./client.ts";
import { HarnessError, MissingCapability } from "./errors.ts";
import type { Redactor } from "./redact.ts";
import { currentCheck } from "./current.ts";

/** The vitest projects of a run: parallel checks first, then the `*.serial.test.ts` files one by one. */
export const CONFORMANCE_PROJECTS = ["conformance", "conformance-serial"];

/**
 * States that change the whole target (or the whole account every check shares) rather than one
 * object: a check that sets one would disturb checks running beside it, so it must sit in a
 * `*.serial.test.ts` file, which runs after the parallel ones, alone.
 */
export const TARGET_WIDE_STATES = new Set([
  "clock-advance",
  "jobs-hold",
  "jobs-release",
  "reset",
  "unpaid-balance",
  "paid-balance",
  "managed-service",
  "account-backups",
]);

export class States {
  constructor(
    private readonly client: Client | undefined,
    private readonly controlUrl: string | undefined,
    private readonly redactor?: Redactor,
  ) {}

  get available(): boolean {
    return Boolean(this.client && this.controlUrl);
  }

  /** Sets up a named state and returns what the target made (IDs, tokens); a refusal is a harness error. */
  async require(state: string, params: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const answer = await this.attempt(state, params);
    if (answer.refused)
      throw new HarnessError(
        `control endpoint refused state "${state}" with ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`,
      );
    return answer.body;
  }

  /**
   * Asks for a state and returns the target's answer, a refusal (4xx) included: for states whose
   * refusal is itself the observation (the `oauth-token` exchange with a dead secret).
   */
  async attempt(
    state: string,
    params: Record<string, unknown> = {},
  ): Promise<{ refused: boolean; status: number; body: Record<string, any> }> {
    const check = currentCheck();
    if (check && TARGET_WIDE_STATES.has(state) && !check.serial) {
      throw new HarnessError(
        `provider state "${state}" changes the whole target; a check using it belongs in a *.serial.test.ts file`,
      );
    }
    if (!this.client || !this.controlUrl) {
      throw new MissingCapability(
        `provider state "${state}" needs a control endpoint; none is configured (PLUMBLINE_CONTROL_URL)`,
      );
    }
    const res = await this.client.send({
      method: "POST",
      path: `${this.controlUrl}/states`,
      body: { state, params },
    });
    if (res.status === 404)
      throw new MissingCapability(
        `provider state "${state}" is not offered by the target's control endpoint (404)`,
      );
    if (res.status === 0)
      throw new HarnessError(
        `control endpoint ${this.controlUrl} did not answer for state "${state}": ${res.error}`,
      );
    if (
      !res.json ||
      typeof res.body !== "object" ||
      res.body === null ||
      res.status >= 500 ||
      res.status < 200 ||
      (res.status >= 300 && res.status < 400)
    ) {
      throw new HarnessError(
        `control endpoint answered state "${state}" with ${res.status}: ${res.text.slice(0, 200)}`,
      );
    }
    // tokens minted here must never appear in a report
    if (typeof res.body.token === "string") this.redactor?.add(res.body.token);
    return {
      refused: res.status >= 400,
      status: res.status,
      body: res.body as Record<string, any>,
    };
  }
}
