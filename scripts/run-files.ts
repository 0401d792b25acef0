// Runs only the given suite files against the embedded reference (a quick loop while writing checks):
//   npx tsx scripts/run-files.ts suites/vm/types.test.ts [more files]
// Faults from PLUMBLINE_REFERENCE_FAULTS apply as in a full run; reports go to reports/ as usual.
import { loadConfig } from "../harness/config.ts";
import { run } from "../runner/run.ts";

const files = process.argv.slice(2);
if (!files.length) {
  process.stderr.write("usage: npx tsx scripts/run-files.ts <suite file>...\n");
  process.exit(2);
}
process.exit(await run(loadConfig(), { filters: files }));
