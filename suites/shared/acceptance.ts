// A create the check is about: its refusal is the target's failure, not a setup error.
import { HarnessError, TargetFailure } from "../../harness/errors.ts";

/**
 * A create through `fresh` that the target must accept. `fresh` reports a refused create as a
 * setup error (the check could not start); here the create is what the check judges, so the
 * refusal becomes a TargetFailure.
 */
export async function expectAccepted<T>(made: Promise<T>): Promise<T> {
  try {
    return await made;
  } catch (e) {
    if (e instanceof HarnessError && e.message.startsWith("setup: "))
      throw new TargetFailure(`refused: ${e.message.slice(7)}`);
    throw e;
  }
}
