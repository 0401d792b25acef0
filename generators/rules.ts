// What the schema of an operation cannot hold, one entry per operation, each line tied to the
// material's words (members whose name or note gives a meaning, an email or a phone, are in
// meanings.ts): values the target must recognise (regions, types, images, kernels: `not shown`,
// so they come from the run's fixtures), members whose valid values are the check's own resources
// (IDs, buckets: filled by `bind` from what the check's setup made), members left out of valid
// values because no valid value can be made (and why), and prose rules that narrow valid values
// (`refuse`). Rules between members, which requests also break one at a time, are in ties.ts.
import fc from "fast-check";
import type { Bounds, Hints } from "./schema.ts";
import { expand, strongPassword, text, textOfLength } from "./schema.ts";
import { realistic } from "./values.ts";
import { NO_SUCH_ID, TAKEN_LABEL } from "./ties.ts";
import { meaningOverrides } from "./meanings.ts";

/** Values of the target the material leaves `not shown`: from the run's fixtures. */
export interface TargetValues {
  region: string;
  type: string;
  largerType?: string;
  image: string;
  cluster: string;
  kernels: string[];
}

/** What a check made before fuzzing, for members that name the check's own resources. */
export interface Setup {
  vmId?: number;
  configId?: number;
  diskId?: number;
  credentialId?: number;
  bucket?: { cluster: string; label: string };
  /** a successful backup (instance create from a backup) */
  backupId?: number;
  /** a private recipe of the account, compatible with the fixture image */
  recipeId?: number;
  /** the label of a managed credential the check made (credential labels are unique) */
  credentialLabel?: string;
}

export interface OperationRules {
  /** generators of members whose valid values the schema alone does not give; members left out */
  hints?(t: TargetValues): Hints;
  /** generators of parameters (query, and the path parameters the generator makes) */
  params?(t: TargetValues): Hints["override"];
  /** path parameters the generator makes (not the check's resource IDs) */
  generatedPath?: string[];
  /** a prose rule of the material that refuses this (schema-valid) request, in its words; undefined when none */
  refuse?(req: { body?: any; query?: any; path?: any }, t: TargetValues): string | undefined;
  /** fills members that name the check's own resources (a placeholder of the right type is replaced) */
  bind?(body: any, s: Setup): any;
}

const ascii = (chars: string) => fc.constantFrom(...chars);
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const ALNUM = `${LOWER + LOWER.toUpperCase()}0123456789`;

/**
 * The instance label rule (Resources, Instance): 3..32 chars; begins and ends with an alphanumeric;
 * only alphanumerics, dashes, underscores and periods; no two dashes, underscores or periods in a row.
 */
export function instanceLabel(b: Bounds): fc.Arbitrary<string> {
  const min = b.minLength ?? 3;
  const max = b.maxLength ?? 32;
  return fc
    .tuple(
      fc.integer({ min, max: Math.max(min, Math.min(max, min + 20)) }),
      fc.nat(),
      fc.nat({ max: 0xffff }),
    )
    .map(([n, seed, seps]) => {
      const chars = expand(n, seed, ALNUM).split("");
      // a separator now and then, never first or last, never two in a row
      for (let i = 1; i < n - 1; i++)
        if ((seps >> i) & 1 && i % 3 === 1 && !/[-_.]/.test(chars[i - 1]))
          chars[i] = "-_."[(seed >>> i) % 3];
      return chars.join("");
    });
}

/** Text of printable ASCII within bounds (names the target may show in a URL or a listing). */
const asciiText = (chars: string) => (b: Bounds) =>
  text(b.minLength ?? 1, b.maxLength ?? 64, chars);

/** Public SSH keys (authorized_keys: "public SSH keys added to the root user"). */
const sshKey = fc
  .tuple(
    fc.constantFrom(
      "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI",
      "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ",
    ),
    textOfLength(40, ALNUM),
    ascii(LOWER),
  )
  .map(([head, body, who]) => `${head}${body} ${who}@example.com`);

/**
 * Interfaces (Configuration profile): purpose public or vlan; a vlan needs a label (ASCII letters,
 * digits, dashes) unique among the instance's interfaces, and each new label creates a VLAN (at
 * most 10 per region), so labels come from a small set; ipam_address is ip/netmask, unique too;
 * only one public interface.
 */
const interfaces = fc
  .tuple(
    fc.boolean(),
    fc.subarray(["plb-vlan-a", "plb-vlan-b"], { maxLength: 2 }),
    fc.nat({ max: 200 }),
  )
  .map(([pub, vlans, n]) => [
    ...(pub ? [{ purpose: "public" }] : []),
    ...vlans.map((label, i) => ({ purpose: "vlan", label, ipam_address: `10.${i}.${n}.1/24` })),
  ]);

/** A config's devices: the check's disk in sda, or nothing ("empty dictionary allowed"). */
const devices = fc.constantFrom({}, { sda: { disk_id: 0 } }, { sda: { disk_id: 0 }, sdb: null });
/** Every slot naming a disk names the check's own. */
const bindDisk = (body: any, s: Setup) => {
  const d = body?.devices;
  if (d && typeof d === "object" && s.diskId !== undefined)
    for (const [slot, v] of Object.entries(d))
      if (v && typeof v === "object" && Number.isInteger((v as any).disk_id))
        d[slot] = { disk_id: s.diskId };
  return body;
};

/**
 * Replaces a placeholder integer (or integer array) member with the check's own ID; an array keeps
 * NO_SUCH_ID, the ID of nothing that a rule between members (ties.ts) sends beside the check's own.
 */
function bindInt(body: any, member: string, id: number | undefined): any {
  if (!body || typeof body !== "object" || id === undefined) return body;
  if (Number.isInteger(body[member])) body[member] = id;
  else if (Array.isArray(body[member]) && body[member].every(Number.isInteger)) {
    const kept = body[member].filter((x: number) => x === NO_SUCH_ID);
    body[member] = body[member].length > kept.length ? [id, ...kept] : kept;
  }
  return body;
}

const tagLabels = (b: Bounds) =>
  fc.array(asciiText(`${ALNUM}-_`)({ minLength: 3, maxLength: 50, ...b }), { maxLength: 2 });
const kernel = (t: TargetValues) => () => fc.constantFrom(...t.kernels);
const memory = () => fc.integer({ min: 256, max: 1024 });
const byMonth: OperationRules = {
  generatedPath: ["year", "month"],
  params: () => ({
    year: (b) =>
      fc.integer({
        min: b.minimum ?? 2000,
        max: Math.min(b.maximum ?? 9999, new Date().getUTCFullYear()),
      }),
  }),
  // "past or current month": a later one is refused
  refuse: ({ path }) => {
    const now = new Date();
    const later =
      path &&
      (path.year > now.getUTCFullYear() ||
        (path.year === now.getUTCFullYear() && path.month > now.getUTCMonth() + 1));
    return later ? "past or current month only" : undefined;
  },
};

const configRules: OperationRules = {
  // root_device: "default /dev/sda when absent or invalid": an invalid one is no violation
  hints: (t) => ({
    lenient: ["root_device"],
    override: {
      devices: () => devices,
      interfaces: () => interfaces,
      kernel: kernel(t),
      memory_limit: memory,
    },
  }),
  bind: bindDisk,
};

const oauthClient: OperationRules = {
  hints: () => ({ override: { redirect_uri: () => realistic("redirect_uri")! } }),
};

const recipe: OperationRules = {
  // a public recipe cannot be made private again nor deleted: fuzzing makes private ones only
  // (the one-way move is the stateful model's and the hand-written suite's)
  hints: (t) => ({
    override: { images: () => fc.constant([t.image]), is_public: () => fc.constant(false) },
  }),
};

const managedService: OperationRules = {
  hints: () => ({
    // "region is required when address is a private IP and may not be set otherwise": public addresses, no region
    omit: ["region"],
    override: { address: () => realistic("url")!, credentials: () => fc.constantFrom([], [0]) },
  }),
  bind: (b, s) => bindInt(b, "credentials", s.credentialId),
};

/**
 * A contact's email and phones have a meaning (meanings.ts gives their values, "string email",
 * "string phone"); named here too, so what reads these rules for the members they tie
 * (suites/invariants/writes.ts) does not take the phones for free text.
 */
const managedContact: OperationRules = {
  hints: () => ({ override: meaningOverrides("createManagedContact", "body", true) }),
};

const objectName = asciiText(`${ALNUM}-_.`);

export const RULES: Record<string, OperationRules> = {
  addCreditCard: {
    // expiry_year: a year to come (meanings.ts); named here too, as a member these rules tie
    hints: () => ({
      override: { expiry_year: meaningOverrides("addCreditCard", "body", true).expiry_year },
    }),
  },
  createEntityTransfer: {
    hints: () => ({ override: { entities: () => fc.constant({ vms: [0] }) } }),
    bind: (b, s) =>
      b?.entities &&
      typeof b.entities === "object" &&
      Array.isArray(b.entities.vms) &&
      s.vmId !== undefined
        ? { ...b, entities: { vms: [s.vmId] } }
        : b,
  },
  createOAuthClient: oauthClient,
  updateOAuthClient: oauthClient,
  createBucket: {
    // label: "unique within the cluster"; a name a bucket hostname can carry
    hints: (t) => ({
      override: {
        cluster: () => fc.constant(t.cluster),
        label: (b) =>
          fc
            .tuple(asciiText(`${LOWER}0123456789`)({ minLength: 6, maxLength: 20, ...b }))
            .map(([s]) => `plb${s}`.slice(0, 63)),
      },
    }),
  },
  updateObjectAcl: { hints: () => ({ override: { name: objectName } }) },
  getObjectAcl: { params: () => ({ name: objectName }) },
  createObjectUrl: {
    // method: "HTTP method the URL permits", "required, default GET" (contradiction C1: neither
    // reading is demanded, so it is always sent); content_type a media type
    hints: () => ({
      present: ["method"],
      override: {
        name: objectName,
        method: () => fc.constantFrom("GET", "PUT", "DELETE"),
        content_type: () => fc.constantFrom("text/plain", "application/json", "image/png"),
      },
    }),
  },
  createKey: {
    // bucket_access: "array of {cluster, bucket_name, permissions}": an entry names a bucket (the
    // check's own) and a permission (read_only and read_write are the values seen)
    hints: () => ({
      override: {
        bucket_access: () =>
          fc.array(
            fc.record({
              cluster: fc.constant("placeholder"),
              bucket_name: fc.constant("placeholder"),
              permissions: fc.constantFrom("read_only", "read_write"),
            }),
            { maxLength: 1 },
          ),
        "bucket_access.*.permissions": () => fc.constantFrom("read_only", "read_write"),
        "bucket_access.*.cluster": () => fc.constant("placeholder"),
        "bucket_access.*.bucket_name": () => fc.constant("placeholder"),
      },
    }),
    bind: (b, s) => {
      if (Array.isArray(b?.bucket_access) && s.bucket) {
        b.bucket_access = b.bucket_access.map((e: any) =>
          e && typeof e === "object"
            ? {
                ...e,
                ...(typeof e.cluster === "string" ? { cluster: s.bucket!.cluster } : {}),
                ...(typeof e.bucket_name === "string" ? { bucket_name: s.bucket!.label } : {}),
              }
            : e,
        );
      }
      return b;
    },
  },
  createInstance: {
    hints: (t) => ({
      // backup_id: needs a successful backup of the same region; recipe_id/recipe_data: a recipe
      // with a compatible image; authorized_users: names with an SSH key on the caller's profile
      // (profile operations: not shown). Left out of valid values; their violations still run.
      omit: ["backup_id", "recipe_id", "recipe_data", "authorized_users"],
      override: {
        region: () => fc.constant(t.region),
        type: () => fc.constant(t.type),
        image: () => fc.constant(t.image),
        label: instanceLabel,
        root_pass: (b) => strongPassword(b.minLength ?? 7, b.maxLength ?? 128),
        authorized_keys: () => fc.array(sshKey, { maxLength: 2 }),
        interfaces: () => interfaces,
        tags: tagLabels,
        // swap_size: MB, only used when deploying from an image; a size the type's disk holds
        swap_size: () => fc.integer({ min: 128, max: 512 }),
      },
    }),
    // a rule broken on purpose (ties.ts) names the check's backup or recipe
    bind: (b, s) => bindInt(bindInt(b, "backup_id", s.backupId), "recipe_id", s.recipeId),
  },
  updateInstance: {
    // alerts.cpu: "percent of one core times core count" (at most 100 on a one-core type);
    // transfer_quota: a percent of the transfer allowance
    hints: () => ({
      override: {
        label: instanceLabel,
        tags: tagLabels,
        "alerts.cpu": () => fc.integer({ min: 0, max: 100 }),
        "alerts.transfer_quota": () => fc.integer({ min: 0, max: 100 }),
      },
    }),
  },
  cloneInstance: {
    hints: (t) => ({
      // vm_id names an existing target with enough resources: clones go to a new instance
      omit: ["vm_id"],
      override: {
        region: () => fc.constant(t.region),
        type: () => fc.constant(t.type),
        label: instanceLabel,
        configs: () => fc.constantFrom([], [0]),
        disks: () => fc.constantFrom([], [0]),
      },
    }),
    bind: (b, s) => bindInt(bindInt(b, "configs", s.configId), "disks", s.diskId),
  },
  bootInstance: { bind: (b, s) => bindInt(b, "config_id", s.configId) },
  restoreBackup: {
    hints: () => ({ override: { overwrite: () => fc.constant(true) } }),
    bind: (b, s) => bindInt(b, "vm_id", s.vmId),
  },
  createConfig: configRules,
  updateConfig: configRules,
  createDisk: {
    hints: () => ({
      // a disk from an image needs a size the image fits, which is not shown: valid disks are empty
      // ones (label required), so image, root_pass and authorized_keys (used from an image) are left out
      omit: [
        "image",
        "root_pass",
        "authorized_keys",
        "authorized_users",
        "recipe_id",
        "recipe_data",
      ],
      override: { size: () => fc.integer({ min: 1, max: 1024 }) },
    }),
    bind: (b, s) => bindInt(b, "recipe_id", s.recipeId),
  },
  rescueInstance: { hints: () => ({ override: { devices: () => devices } }), bind: bindDisk },
  resizeInstance: {
    hints: (t) => ({ override: { type: () => fc.constant(t.largerType ?? t.type) } }),
  },
  getInstanceStatsByMonth: byMonth,
  getInstanceTransferByMonth: byMonth,
  createManagedContact: managedContact,
  updateManagedContact: managedContact,
  createManagedService: managedService,
  updateManagedService: managedService,
  openTicket: {
    hints: () => ({
      // domain, metricsclient, NodeBalancer and volume operations are not shown: no such IDs can be made;
      // managed_issue needs the managed service enabled (a target-wide state); region only for a VLAN ticket
      omit: [
        "domain_id",
        "metricsclient_id",
        "nodebalancer_id",
        "volume_id",
        "managed_issue",
        "region",
        "vlan",
      ],
    }),
    bind: (b, s) => bindInt(b, "vm_id", s.vmId),
  },
  createManagedCredential: {
    // MNG-CRED-2 broken on purpose (ties.ts): the label of the check's own credential
    bind: (b, s) =>
      b?.label === TAKEN_LABEL && s.credentialLabel ? { ...b, label: s.credentialLabel } : b,
  },
  createRecipe: recipe,
  updateRecipe: recipe,
  createTag: {
    // domains, NodeBalancers and volumes: their operations are not shown, so only instances are tagged
    hints: () => ({
      omit: ["domains", "nodebalancers", "volumes"],
      override: { label: asciiText(`${ALNUM}-_`) },
    }),
    bind: (b, s) => bindInt(b, "vms", s.vmId),
  },
  uploadBucketSsl: {},
};
