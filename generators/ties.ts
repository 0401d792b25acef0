// Rules between members (material: Compute instances (vm) / Create body fields, Create rules,
// Clone rules, Disk create rules; Configuration profile / devices, Interface object; Managed
// monitoring / Service rules, Credential; Support / Ticket open rules; Tags / Tag create): one
// member required when another is given, members that exclude each other, a value that must (or
// must not) match another resource. Each rule is the requirement it is, a predicate every valid
// request keeps (index.ts filters valid values by it), and a way to turn a valid request into one
// that breaks that rule and nothing else: the single-violation requests the schema's member-by-
// member sites cannot make. A rule whose break would always break a second one, or needs what no
// shown operation makes, is in LEFT_OUT with why (its property skips, naming it).
// Not rules a request breaks: VM-CLONE-9 (region and type "apply only to a new target": not stated
// as a refusal), SUP-OPEN-4 (the managed service enabled: an account-wide state, not a member), the
// Key create rules (omitted, empty and non-empty bucket_access are all legal: what each makes is
// OS-KEY-3..5).

/** What a check must make before a request can break the rule: the rules.ts `Setup` members `bind` fills. */
export type Need = "backupId" | "recipeId" | "credentialLabel" | "vmId";

/** The target's values a broken request uses (rules.ts TargetValues). */
interface Target {
  region: string;
  image: string;
}

export interface Tie {
  /** the requirement of spec/requirements.yaml the rule is */
  id: string;
  /** the material's words, short */
  says: string;
  /** the material's sentence stating the rule, verbatim (a check's clause) */
  words: string[];
  /** the member the refusal names, where the requirement says which */
  names?(body: any): string | undefined;
  /** resources the broken request names (placeholders that `bind` replaces) */
  needs?: Need[];
  /** whether a request body keeps the rule */
  holds(body: any, t: Target): boolean;
  /** a valid body (a copy, changed in place) turned into one breaking this rule; `pick` chooses among ways */
  break(body: any, t: Target, pick: number): any;
}

/** A strong root password (the generators' valid ones have four character classes too). */
export const PASS = "aZ7#plumbline";
/** A credential label that `bind` replaces with the label of the check's own credential. */
export const TAKEN_LABEL = "plb-label-taken-placeholder";
/** An instance ID no account holds (TAG-CREATE-2: an object the caller has no read_write on). */
export const NO_SUCH_ID = 2_147_483_000;

const has = (b: any, k: string) => b != null && typeof b === "object" && b[k] !== undefined;
const obj = (b: any) => (b && typeof b === "object" && !Array.isArray(b) ? b : {});

// --- Compute instances: create (Create body fields; Create rules 2-4) ---------------------------

const backupOrImage: Tie = {
  id: "VM-CREATE-8",
  says: "backup_id is mutually exclusive with image",
  words: ["backup_id (integer; mutually exclusive with image)"],
  needs: ["backupId"],
  holds: (b) => !(has(b, "backup_id") && has(b, "image")),
  break: (b, t) =>
    Object.assign(obj(b), {
      image: b?.image ?? t.image,
      root_pass: b?.root_pass ?? PASS,
      backup_id: 0,
    }),
};

const imageNeedsPass: Tie = {
  id: "VM-CREATE-3",
  says: "from an image root_pass is required",
  words: ["From an image: root_pass is required"],
  names: () => "root_pass",
  holds: (b) => !(has(b, "image") && !has(b, "root_pass")),
  break: (b, t) => {
    const o = Object.assign(obj(b), { image: b?.image ?? t.image });
    delete o.root_pass;
    return o;
  },
};

// a recipe with an image but no root_pass breaks Create rule 2 as well: the break drops the image
const recipeNeedsImage: Tie = {
  id: "VM-CREATE-6",
  says: "with a recipe a compatible image and root_pass are required",
  words: ["With a recipe: a compatible image and root_pass are required"],
  needs: ["recipeId"],
  holds: (b) => !(has(b, "recipe_id") && !(has(b, "image") && has(b, "root_pass"))),
  break: (b) => {
    const o = Object.assign(obj(b), { recipe_id: 0, root_pass: b?.root_pass ?? PASS });
    delete o.image;
    delete o.backup_id;
    return o;
  },
};

// --- Configuration profile: interfaces and devices ----------------------------------------------

type Iface = { purpose?: string; label?: string | null; ipam_address?: string | null };
const ifaces = (b: any): Iface[] =>
  Array.isArray(b?.interfaces) ? b.interfaces.filter((i: any) => i && typeof i === "object") : [];
const filled = (v: unknown) => typeof v === "string" && v.length > 0;
const VLAN_LABELS = ["plb-vlan-a", "plb-vlan-b"];
const vlan = (label: string | undefined, n: number): Iface => ({
  purpose: "vlan",
  ...(label === undefined ? {} : { label }),
  ipam_address: `10.9.${n}.1/24`,
});
/** The body with these interfaces; the rest of the list keeps at most one public interface first. */
const withIfaces = (b: any, list: Iface[]) => Object.assign(obj(b), { interfaces: list });
const publicOnes = (b: any) => ifaces(b).filter((i) => i.purpose === "public");
const vlans = (b: any) => ifaces(b).filter((i) => i.purpose === "vlan");

/** Interface object: "label ... required for vlan". */
const vlanNeedsLabel: Tie = {
  id: "VM-IFACE-3",
  says: "a vlan interface requires a label",
  words: ["`label` (string 1..64 chars, nullable, Filterable; required for vlan"],
  holds: (b) => vlans(b).every((i) => filled(i.label)),
  break: (b) => withIfaces(b, [...publicOnes(b).slice(0, 1), vlan(undefined, 1)]),
};

/** Interface object: label and ipam_address "empty or null for public". */
const publicNoLabel: Tie = {
  id: "VM-IFACE-4",
  says: "a public interface's label and ipam_address are empty or null",
  words: [
    "required for vlan, empty or null for public",
    "`ipam_address` (string ip/netmask, nullable; vlan only, empty or null for public",
  ],
  holds: (b) => publicOnes(b).every((i) => !filled(i.label) && !filled(i.ipam_address)),
  break: (b, _t, pick) => {
    // the label no vlan interface of the request uses (labels are unique, VM-IFACE-5)
    const used = vlans(b).slice(0, 1);
    const free = VLAN_LABELS.find((l) => !used.some((i) => i.label === l))!;
    const pub: Iface =
      pick % 2
        ? { purpose: "public", ipam_address: "10.8.0.1/24" }
        : { purpose: "public", label: free };
    return withIfaces(b, [pub, ...used]);
  },
};

/** Interface object: label and ipam_address "unique among the instance's interfaces". */
const uniqueLabels: Tie = {
  id: "VM-IFACE-5",
  says: "interface labels and ipam_addresses are unique",
  words: ["unique among the instance's interfaces"],
  holds: (b) => {
    const distinct = (vs: unknown[]) => new Set(vs).size === vs.length;
    const list = ifaces(b);
    return (
      distinct(list.map((i) => i.label).filter(filled)) &&
      distinct(list.map((i) => i.ipam_address).filter(filled))
    );
  },
  break: (b, _t, pick) => {
    const [a, c] = [vlan(VLAN_LABELS[0], 1), vlan(VLAN_LABELS[pick % 2], 2)];
    // the same label twice, or two labels on the same ipam_address
    if (pick % 2 === 0) c.label = a.label;
    else c.ipam_address = a.ipam_address;
    return withIfaces(b, [...publicOnes(b).slice(0, 1), a, c]);
  },
};

/** Interface object: "Only one public interface per instance". */
const onePublic: Tie = {
  id: "VM-IFACE-6",
  says: "only one public interface",
  words: ["Only one public interface per instance."],
  holds: (b) => publicOnes(b).length <= 1,
  break: (b) =>
    withIfaces(b, [{ purpose: "public" }, { purpose: "public" }, ...vlans(b).slice(0, 1)]),
};

const INTERFACES = [vlanNeedsLabel, publicNoLabel, uniqueLabels, onePublic];

const FULLVIRT_ONLY = ["sde", "sdf", "sdg", "sdh"];
/** Configuration profile / devices: "sde..sdh unavailable in fullvirt mode". */
const fullvirtSlots: Tie = {
  id: "VM-DEVICES-3",
  says: "sde..sdh are unavailable in fullvirt mode",
  words: ["sde..sdh unavailable in fullvirt mode"],
  holds: (b) =>
    !(b?.virt_mode === "fullvirt" && FULLVIRT_ONLY.some((k) => obj(b?.devices)[k] != null)),
  // the check's disk (bind) in one of the four slots, alone
  break: (b, _t, pick) =>
    Object.assign(obj(b), {
      virt_mode: "fullvirt",
      devices: { [FULLVIRT_ONLY[pick % 4]]: { disk_id: 0 } },
    }),
};

// --- Clone, disk create --------------------------------------------------------------------------

/** Clone rules: region and type "apply only to a new target and ... are required then". */
const cloneNewTarget: Tie = {
  id: "VM-CLONE-8",
  says: "region and type are required for a new target",
  words: [
    "`backups_enabled`, `label` (default `vm`), `region` and `type` apply only to a new target and region and type are required then",
  ],
  names: (b) => (has(b, "region") ? "type" : "region"),
  holds: (b) => has(b, "vm_id") || (has(b, "region") && has(b, "type")),
  break: (b, _t, pick) => {
    const o = obj(b);
    delete o.vm_id;
    delete o[pick % 2 ? "type" : "region"];
    return o;
  },
};

/** Disk create rules: "with neither image nor label given, an image is required; an empty disk (no image) requires label". */
const diskNeedsImageOrLabel: Tie = {
  id: "VM-DISK-4",
  says: "with neither image nor label an image is required",
  words: ["with neither image nor label given, an image is required"],
  holds: (b) => has(b, "image") || has(b, "label"),
  break: (b) => {
    const o = obj(b);
    delete o.label;
    delete o.image;
    return o;
  },
};

const diskImageNeedsPass: Tie = {
  id: "VM-DISK-5",
  says: "a disk from an image requires root_pass",
  words: ["an empty disk (no image) requires label; from an image root_pass is required"],
  names: () => "root_pass",
  holds: (b) => !(has(b, "image") && !has(b, "root_pass")),
  // a size the image fits (an image's size is not shown; 8 GB holds the usual ones)
  break: (b, t) => {
    const o = Object.assign(obj(b), { image: t.image, size: 8192 });
    delete o.root_pass;
    return o;
  },
};

const diskRecipeNeedsImage: Tie = {
  id: "VM-DISK-7",
  says: "a recipe deployment needs a compatible image",
  words: ["recipe deployment needs a compatible image"],
  needs: ["recipeId"],
  holds: (b) => !(has(b, "recipe_id") && !has(b, "image")),
  break: (b) => {
    const o = Object.assign(obj(b), { recipe_id: 0 });
    delete o.image;
    return o;
  },
};

// --- Support: Ticket open rules ------------------------------------------------------------------

const TICKET_IDS = ["vm_id", "domain_id", "metricsclient_id", "nodebalancer_id", "volume_id"];
const idsOf = (b: any) => TICKET_IDS.filter((k) => has(b, k));
const withoutIds = (b: any) => {
  const o = obj(b);
  for (const k of TICKET_IDS) delete o[k];
  return o;
};

const ticketTies: Tie[] = [
  {
    id: "SUP-OPEN-2",
    says: "only one of the ID attributes may be set",
    words: [
      "only one of the ID attributes (vm_id, domain_id, metricsclient_id, nodebalancer_id, volume_id) may be set.",
    ],
    needs: ["vmId"],
    holds: (b) => idsOf(b).length <= 1,
    // the check's instance and a metrics client (no operation shows metrics clients: an ID, as the hand-written check sends)
    break: (b) => Object.assign(obj(b), { vm_id: 0, metricsclient_id: 1 }),
  },
  {
    id: "SUP-OPEN-3",
    says: "with managed_issue true no ID attribute may be given",
    words: ["With managed_issue true, no ID attribute may be given"],
    needs: ["vmId"],
    holds: (b) => !(b?.managed_issue === true && idsOf(b).length > 0),
    break: (b) => Object.assign(obj(b), { managed_issue: true, vm_id: 0 }),
  },
  {
    id: "SUP-OPEN-5",
    says: "region is allowed only for a VLAN ticket",
    words: ["`region` is allowed only for a VLAN ticket"],
    holds: (b) => !(has(b, "region") && !has(b, "vlan")),
    break: (b, t) => {
      const o = Object.assign(withoutIds(b), { region: t.region });
      delete o.vlan;
      return o;
    },
  },
  {
    id: "SUP-OPEN-6",
    says: "vlan requires region",
    words: ["`vlan` requires `region`."],
    holds: (b) => !(has(b, "vlan") && !has(b, "region")),
    break: (b) => {
      const o = Object.assign(withoutIds(b), { vlan: VLAN_LABELS[0] });
      delete o.region;
      return o;
    },
  },
];

// --- Managed monitoring: Service rules, Credential ------------------------------------------------

/** An IPv4 host in 10/8, 172.16/12 or 192.168/16, of a URL or a host:port address. */
export function privateAddress(address: unknown): boolean {
  if (typeof address !== "string") return false;
  let host = address.replace(/:\d+$/, "");
  try {
    host = new URL(address).hostname;
  } catch {}
  const p = host.split(".").map(Number);
  if (p.length !== 4 || p.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return false;
  return (
    p[0] === 10 || (p[0] === 172 && p[1] >= 16 && p[1] <= 31) || (p[0] === 192 && p[1] === 168)
  );
}

// On an update the address left out is the service's own, which the check made on a public host.
const serviceTies: Tie[] = [
  {
    id: "MNG-SVC-4",
    says: "region is required when address is a private IP",
    words: ["region is required when address is a private IP"],
    holds: (b) => !(privateAddress(b?.address) && !has(b, "region")),
    break: (b, _t, pick) => {
      const o = Object.assign(obj(b), { address: `http://10.${pick % 256}.0.5/health` });
      delete o.region;
      return o;
    },
  },
  {
    id: "MNG-SVC-5",
    says: "region may not be set unless address is a private IP",
    words: ["region is required when address is a private IP and may not be set otherwise"],
    holds: (b) => !(has(b, "region") && !privateAddress(b?.address)),
    break: (b, t) => Object.assign(obj(b), { region: t.region }),
  },
];

/** The rules of each operation that has some. */
export const TIES: Record<string, Tie[]> = {
  createInstance: [backupOrImage, imageNeedsPass, recipeNeedsImage, ...INTERFACES],
  createConfig: [fullvirtSlots, ...INTERFACES],
  updateConfig: [fullvirtSlots, ...INTERFACES],
  cloneInstance: [cloneNewTarget],
  createDisk: [diskNeedsImageOrLabel, diskImageNeedsPass, diskRecipeNeedsImage],
  openTicket: ticketTies,
  createManagedService: serviceTies,
  updateManagedService: serviceTies,
  createManagedCredential: [
    {
      id: "MNG-CRED-2",
      says: "credential labels are unique",
      words: ["label (string 2..75, required on create, unique)"],
      needs: ["credentialLabel"],
      holds: (b) => b?.label !== TAKEN_LABEL,
      break: (b) => Object.assign(obj(b), { label: TAKEN_LABEL }),
    },
  ],
  createTag: [
    {
      id: "TAG-CREATE-2",
      says: "the caller needs read_write on every listed object",
      words: [
        "the caller needs read_write on every one or the tag is not created and an error is returned",
      ],
      needs: ["vmId"],
      holds: (b) => !(Array.isArray(b?.vms) && b.vms.includes(NO_SUCH_ID)),
      // the check's instance and one no account holds
      break: (b) => Object.assign(obj(b), { vms: [0, NO_SUCH_ID] }),
    },
  ],
};

/** Rules between members no request can break alone here, and why. */
export const LEFT_OUT: { op: string; id: string; says: string; words: string[]; why: string }[] = [
  {
    op: "createInstance",
    id: "VM-CREATE-7",
    says: "a recipe cannot be combined with a backup or a private image",
    words: ["the recipe cannot be combined with a backup or a private image"],
    why: "a recipe needs an image (VM-CREATE-6), which a backup excludes (VM-CREATE-8), and a private image is an image of the account, whose operations are not shown",
  },
  {
    op: "createConfig",
    id: "VM-DEVICES-2",
    says: "one kind per device slot",
    words: ["one kind per slot"],
    why: "a slot with a disk and a volume needs a volume of the instance's region, and volume operations are not shown",
  },
  {
    op: "updateConfig",
    id: "VM-DEVICES-2",
    says: "one kind per device slot",
    words: ["one kind per slot"],
    why: "a slot with a disk and a volume needs a volume of the instance's region, and volume operations are not shown",
  },
  {
    op: "createBucket",
    id: "OS-BUCKET-3",
    says: "a bucket label is unique within the cluster",
    words: ["label (string, required, unique within the cluster)"],
    why: "the label must be another owner's, a bucket of a second account the hand-written OS-BUCKET-3 check makes and removes as that account",
  },
];
