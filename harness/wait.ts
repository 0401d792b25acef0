// Waiting on asynchronous effects. The material shows no instance status values, so checks wait
// on what they can observe (a disk appears, a config exists), polling with a bounded timeout.
//
// A target that never shows the effect within the wait is a TargetFailure, not a HarnessError:
// the effect is what the material promises, and the timeout is the operator's statement of how
// long is reasonable (raise --wait-timeout for a slow target).
import { TargetFailure } from "./errors.ts";

export interface WaitOptions {
  timeoutMs: number;
  /** first poll interval; doubles up to maxIntervalMs */
  intervalMs?: number;
  maxIntervalMs?: number;
}

/** Polls `probe` until it returns a value other than undefined/false; returns that value. */
export async function waitFor<T>(
  description: string,
  probe: () => Promise<T | undefined | false>,
  opts: WaitOptions,
): Promise<T> {
  const started = Date.now();
  let interval = opts.intervalMs ?? 50;
  let polls = 0;
  for (;;) {
    polls++;
    const v = await probe();
    if (v !== undefined && v !== false) return v as T;
    const elapsed = Date.now() - started;
    if (elapsed >= opts.timeoutMs) {
      throw new TargetFailure(
        `waited ${elapsed} ms (${polls} polls) for ${description}; it never happened (wait timeout ${opts.timeoutMs} ms, --wait-timeout)`,
      );
    }
    await new Promise((r) => setTimeout(r, Math.min(interval, opts.timeoutMs - elapsed)));
    interval = Math.min(interval * 2, opts.maxIntervalMs ?? 1000);
  }
}
