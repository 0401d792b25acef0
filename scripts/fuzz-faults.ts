// Which reference faults that break a validation rule the fuzz suite finds on its own: for each
// fault, the embedded reference runs with it switched on (PLUMBLINE_REFERENCE_FAULTS) and only the
// stateless properties of the operations it touches run (hand-written suites off). A fault is found
// when one of those properties fails.
//   npx tsx scripts/fuzz-faults.ts [--runs 25] [--only a,b]
import { parseArgs } from "node:util";
import { loadConfig } from "../harness/config.ts";
import { run } from "../runner/run.ts";

/** Faults of reference/FAULTS.md that break a stated validation rule, and the operations they touch. */
export const VALIDATION_FAULTS: Record<string, string[]> = {
  "error-field-not-named": ["createTag", "createManagedContact"],
  "account-field-bound-unchecked": ["updateAccount"],
  "card-number-dashes-accepted": ["addCreditCard"],
  "os-url-expires-unbounded": ["createObjectUrl"],
  "managed-timeout-unbounded": ["createManagedService", "updateManagedService"],
  "managed-ssh-port-zero": ["updateManagedVmSettings"],
  "support-reply-unbounded": ["createTicketReply"],
  "support-two-ids-accepted": ["openTicket"],
  "support-region-without-vlan": ["openTicket"],
  "managed-region-public-accepted": ["createManagedService"],
  "managed-private-region-optional": ["createManagedService"],
  "vm-label-pattern-unchecked": ["createInstance", "updateInstance"],
  "vm-root-pass-not-required": ["createInstance"],
  "vm-weak-password-accepted": ["createInstance"],
  "vm-image-and-backup-accepted": ["createInstance"],
  "vm-devices-fullvirt-accepted": ["createConfig", "updateConfig"],
  "vm-interfaces-4th-accepted": ["createConfig", "createInstance"],
  "vm-iface-public-label-accepted": ["createConfig", "createInstance"],
  "vm-stats-month-unchecked": ["getInstanceStatsByMonth"],
  "vm-transfer-year-unbounded": ["getInstanceTransferByMonth"],
  "managed-credential-label-duplicate": ["createManagedCredential"],
};

const { values } = parseArgs({
  options: { runs: { type: "string", default: "25" }, only: { type: "string" } },
});
const only = values.only?.split(",");
const results: string[] = [];
for (const [fault, ops] of Object.entries(VALIDATION_FAULTS)) {
  if (only && !only.includes(fault)) continue;
  process.env.PLUMBLINE_REFERENCE_FAULTS = fault;
  const config = loadConfig({
    flags: {
      reportDir: `reports/fuzz-faults/${fault}`,
      seed: 1,
      fuzzRuns: Number(values.runs),
      timeBudgetMs: 30_000,
    },
  });
  const started = Date.now();
  const code = await run(config, {
    log: () => {},
    filters: ["suites/fuzz/stateless"],
    testNamePattern: `\\] (${ops.join("|")}):`,
  });
  results.push(
    `${code === 1 ? "found " : code === 0 ? "MISSED" : `error ${code}`}  ${fault.padEnd(36)} ${ops.join(", ")} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(results.at(-1));
}
const found = results.filter((r) => r.startsWith("found")).length;
console.log(
  `\n${found} of ${results.length} validation faults found by the fuzz suite alone (seed 1, ${values.runs} cases per property)`,
);
