// A run stopped half way against a standalone reference target (as an operator runs it against a
// live system): SIGTERM makes the run clean up after itself and write its reports marked
// interrupted; SIGKILL leaves a ledger that `plumbline sweep` clears. Either way nothing with the
// run's label prefix stays on the target but the public recipes, which the API never lets anyone
// delete, and those are listed (in the report, and by sweep).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReference, type ReferenceHandle } from "../reference/index.ts";
import { Client } from "../harness/client.ts";
import { listLedgers, readLedger } from "../harness/ledger.ts";
import { REFERENCE_FIXTURES } from "../runner/run.ts";
import { REPORT_FILES } from "../reporter/write.ts";

let ref: ReferenceHandle;
beforeAll(async () => {
  ref = await startReference({ port: 0 });
});
afterAll(() => ref?.close());

function cli(
  args: string[],
  onLedgerGrowth?: { dir: string; creates: number; onGrowth: (pid: number) => void },
): Promise<{ code: number | null; signal: string | null; out: string; ms: number }> {
  const started = Date.now();
  // its own process group, so a SIGKILL can take the workers with it, as a crash of the machine would
  const child = spawn(process.execPath, ["bin/plumbline.mjs", ...args], {
    env: { ...process.env, PLUMBLINE_CONFIG: "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  let poll: NodeJS.Timeout | undefined;
  if (onLedgerGrowth) {
    // half way: once the run has made this many resources
    poll = setInterval(() => {
      const file = listLedgers(onLedgerGrowth.dir)[0];
      const made =
        file && existsSync(file) ? readFileSync(file, "utf8").split('"t":"created"').length - 1 : 0;
      if (made >= onLedgerGrowth.creates) {
        clearInterval(poll);
        onLedgerGrowth.onGrowth(child.pid!);
      }
    }, 100);
  }
  return new Promise((resolve) =>
    child.on("close", (code, signal) => {
      clearInterval(poll);
      resolve({ code, signal, out, ms: Date.now() - started });
    }),
  );
}

function targetFlags(): string[] {
  const f = REFERENCE_FIXTURES;
  return [
    "--target",
    ref.url,
    "--control",
    ref.controlUrl,
    "--admin-token",
    ref.tokens.admin,
    "--restricted-token",
    ref.tokens.restricted,
    "--secondary-token",
    ref.tokens.secondary,
    "--fixture-region",
    f.region,
    "--fixture-type",
    f.type,
    "--fixture-larger-type",
    f.largerType,
    "--fixture-image",
    f.image,
    "--fixture-cluster",
    f.cluster,
  ];
}

/** Everything on the reference whose label carries the prefix, by kind (the kinds with a list). */
async function leftovers(prefix: string): Promise<{ what: string; public?: boolean }[]> {
  const client = new Client({
    baseUrl: ref.url,
    requestTimeoutMs: 10_000,
    maxRetries: 2,
    maxRetryWaitMs: 2000,
    maxBodyBytes: 8 << 20,
  });
  const lists: [string, string, string][] = [
    ["/v4/account/oauth-clients", "label", "admin"],
    ["/v4/object-storage/keys", "label", "admin"],
    ["/v4/object-storage/buckets/", "label", "admin"],
    ["/v4/vm/instances", "label", "admin"],
    ["/v4/vm/recipes", "label", "admin"],
    ["/v4/managed/contacts", "name", "admin"],
    ["/v4/managed/credentials", "label", "admin"],
    ["/v4/managed/services", "label", "admin"],
    ["/v4/object-storage/buckets/", "label", "secondary"],
    ["/v4/object-storage/keys", "label", "secondary"],
    ["/v4/account/oauth-clients", "label", "secondary"],
  ];
  const found: { what: string; public?: boolean }[] = [];
  for (const [path, field, who] of lists) {
    for (let page = 1; page <= 100; page++) {
      const res = await client.send({
        method: "GET",
        path,
        query: { page },
        token: ref.tokens[who as "admin" | "secondary"],
      });
      for (const item of res.body?.data ?? []) {
        if (String(item?.[field] ?? "").startsWith(prefix))
          found.push({ what: `${who} ${path} ${item[field]}`, public: item.is_public === true });
      }
      if (page >= (res.body?.pages ?? 1)) break;
    }
  }
  client.close();
  return found;
}

const ALLOW = "read-only,creates,billable,account-wide";

describe("a run stopped half way leaves nothing behind", () => {
  it("SIGTERM: the run cleans up, writes the four reports marked interrupted, and lists the public recipes it left", {
    timeout: 600_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-term-"));
    const run = await cli(
      [
        "run",
        ...targetFlags(),
        "--allow",
        ALLOW,
        "--run-id",
        "term1",
        "--report-dir",
        dir,
        "--ledger-dir",
        join(dir, "ledger"),
      ],
      {
        dir: join(dir, "ledger"),
        creates: 300,
        onGrowth: (pid) => process.kill(pid, "SIGTERM"),
      },
    );
    expect(run.out).toMatch(/stopped by SIGTERM/);
    expect(run.code, run.out.slice(-3000)).toBe(2);
    for (const f of REPORT_FILES) expect(existsSync(join(dir, f)), f).toBe(true);
    const report = JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8")) as {
      interrupted?: string;
      leftOnTarget?: { what: string; onPurpose: boolean }[];
      gate: { verdict: string };
    };
    expect(report.interrupted).toBe("stopped by SIGTERM");
    const ledger = readLedger(listLedgers(join(dir, "ledger"))[0]);
    expect(ledger.open).toEqual([]);
    expect(ledger.ended).toBe(true);
    const left = await leftovers("plb-term1-");
    expect(left.filter((l) => !l.public)).toEqual([]);
    expect((report.leftOnTarget ?? []).filter((l) => !l.onPurpose)).toEqual([]);
    expect((report.leftOnTarget ?? []).length).toBe(left.length);
    console.log(
      `SIGTERM at 300 creates: exit ${run.code} in ${run.ms} ms; left on the reference: ${left.length} (all public recipes, listed in the report)`,
    );
  });

  it("SIGKILL: `plumbline sweep` removes what the dead run left, and lists the public recipes", {
    timeout: 600_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-kill-"));
    const run = await cli(
      [
        "run",
        ...targetFlags(),
        "--allow",
        ALLOW,
        "--run-id",
        "kill1",
        "--report-dir",
        dir,
        "--ledger-dir",
        join(dir, "ledger"),
      ],
      {
        dir: join(dir, "ledger"),
        creates: 150,
        onGrowth: (pid) => process.kill(-pid, "SIGKILL"), // the whole group: the run and its workers
      },
    );
    expect(run.signal).toBe("SIGKILL");
    const before = (await leftovers("plb-kill1-")).length;
    const swept = await cli([
      "sweep",
      ...targetFlags(),
      "--ledger-dir",
      join(dir, "ledger"),
      "--force",
    ]);
    expect(swept.code, swept.out).toBe(0);
    const left = await leftovers("plb-kill1-");
    // on failure: what sweep said, and what the ledger held of each resource left
    const ledgerText = readFileSync(listLedgers(join(dir, "ledger"))[0], "utf8");
    const about = left
      .map((l) => l.what.split(" ").pop()!)
      .flatMap((label) => ledgerText.split("\n").filter((line) => line.includes(label)));
    expect(
      left.filter((l) => !l.public),
      `${swept.out}\n${about.join("\n")}`,
    ).toEqual([]);
    const kept = swept.out.split("\n").filter((l) => l.startsWith("left on purpose: recipe"));
    expect(kept.length).toBeGreaterThanOrEqual(left.length);
    console.log(
      `SIGKILL: ${before} resources with the prefix on the reference after the kill; sweep in ${swept.ms} ms; after it: ${left.length} (public recipes: ${kept.length} listed by sweep)`,
    );
  });
});
