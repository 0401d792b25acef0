// Compute instances (vm): 32 operations — instances, backups, boot/clone/rescue/resize/shutdown,
// configs, disks, statistics, transfer, attached volumes, kernels. The modules are in ./vm/.
// Also seeds the shared domains, volumes and NodeBalancers of each account (tags reach all four kinds).
import type { Area } from "../area.ts";
import type { Account, State } from "../state.ts";
import type { FaultSpec } from "../faults.ts";
import { registerInstances } from "./vm/instances.ts";
import { registerActions } from "./vm/actions.ts";
import { registerBackups, successfulBackup } from "./vm/backups.ts";
import { registerConfigs } from "./vm/configs.ts";
import { registerDisks } from "./vm/disks.ts";
import { registerStats } from "./vm/stats.ts";
import { accountBackups, pendingMigration, regionWithoutVlans } from "./vm/provider-states.ts";

export const vmFaults: FaultSpec[] = [
  {
    name: "vm-config-update-resets-interfaces",
    requirement: "CONV-SCOPE-1",
    description:
      "a config update that does not name `interfaces` puts back the default public interface",
  },
  {
    name: "vm-config-update-resets-comments",
    requirement: "CONV-SCOPE-1",
    description: "a config update that does not name `comments` clears them (null)",
  },
  {
    name: "vm-delete-keeps-configs",
    requirement: "CONV-DELETE-2",
    description: "after an instance delete, its configs are still listed and viewable under its ID",
  },
  {
    name: "vm-config-any-instance",
    requirement: "CONV-HIER-1",
    description:
      "a config is found under any instance of the account, not only its own (view, update, delete)",
  },
  {
    name: "vm-disk-any-instance",
    requirement: "CONV-HIER-1",
    description:
      "a disk is found under any instance of the account, not only its own (view, update)",
  },
  {
    name: "authz-grant-ignored",
    requirement: "AUTHZ-GRANT-1",
    description:
      "a restricted user reads (views and lists) every instance of the account, grant or not",
  },
  {
    name: "authz-read-only-grant-writes",
    requirement: "AUTHZ-GRANT-2",
    description:
      "a restricted user holding read_only on an instance may write it (update, delete, actions)",
  },
  {
    name: "authz-foreign-instance-readable",
    requirement: "AUTHZ-FOREIGN-1",
    description:
      "another account's instance, and its backups, configs, disks and statistics, can be read by ID",
  },
  {
    name: "authz-foreign-instance-writable",
    requirement: "AUTHZ-FOREIGN-1",
    description:
      "another account's instance, and its backups, configs and disks, can be written by ID",
  },
  {
    name: "vm-backups-enable-noop",
    requirement: "VM-BKENABLE-1",
    description: "backups enable answers `{}` but leaves the instance's backup service off",
  },
  {
    name: "vm-watchdog-sticky-off",
    requirement: "VM-UPDATE-1",
    description:
      "an instance's `watchdog_enabled`, once turned off by update, cannot be turned back on",
  },
  {
    name: "vm-schedule-set-once",
    requirement: "VM-UPDATE-1",
    description:
      "update takes `backups.schedule` only while it still reads Scheduling or null: the first choice stays",
  },
  {
    name: "vm-label-pattern-unchecked",
    requirement: "VM-LABEL-1",
    description: "instance labels are checked for length only (e.g. `a--b`, `-abc` accepted)",
  },
  {
    name: "vm-weak-password-accepted",
    requirement: "VM-CREATE-17",
    description: "a root_pass with fewer than 3 character classes is accepted",
  },
  {
    name: "vm-root-pass-not-required",
    requirement: "VM-CREATE-3",
    description: "create from an image without root_pass is accepted",
  },
  {
    name: "vm-swap-default-256",
    requirement: "VM-CREATE-4",
    description: "the swap disk of an image deployment defaults to 256 MB instead of 512",
  },
  {
    name: "vm-create-without-add-vms",
    requirement: "VM-CREATE-2",
    description: "a restricted user without add_vms can create instances",
  },
  {
    name: "vm-image-and-backup-accepted",
    requirement: "VM-CREATE-8",
    description: "a create naming both image and backup_id is accepted",
  },
  {
    name: "vm-backup-unsuccessful-accepted",
    requirement: "VM-CREATE-11",
    description: "create from a backup that is not successful is accepted",
  },
  {
    name: "vm-backup-type-unchecked",
    requirement: "VM-CREATE-9",
    description: "create from a backup with a type too small for its disks is accepted",
  },
  {
    name: "vm-backup-region-unchecked",
    requirement: "VM-CREATE-12",
    description: "create from a backup in another region than the backup's is accepted",
  },
  {
    name: "vm-restricted-tags-accepted",
    requirement: "VM-CREATE-15",
    description: "restricted users can add or change instance tags",
  },
  {
    name: "vm-authorized-users-unchecked",
    requirement: "VM-CREATE-16",
    description: "authorized_users naming a user without a stored SSH key is accepted",
  },
  {
    name: "vm-alerts-cpu-default-100",
    requirement: "VM-ALERTS-1",
    description: "alerts.cpu defaults to 100 × vcpus instead of 90 × vcpus",
  },
  {
    name: "vm-alerts-cpu-default-constant",
    requirement: "VM-ALERTS-1",
    description: "alerts.cpu defaults to 90 whatever the core count (right for one core only)",
  },
  {
    name: "vm-config-memory-default-constant",
    requirement: "VM-CONFDEF-5",
    description:
      "a config created without memory_limit gets 1024 whatever the instance's RAM (right for the smallest type only)",
  },
  {
    name: "vm-config-kernel-default-wrong",
    requirement: "VM-CONFDEF-1",
    description: "a config created without kernel gets vm/latest-32bit",
  },
  {
    name: "vm-root-device-invalid-kept",
    requirement: "VM-CONFDEF-4",
    description: "an invalid root_device is stored as given instead of /dev/sda",
  },
  {
    name: "vm-devices-fullvirt-accepted",
    requirement: "VM-DEVICES-3",
    description: "a fullvirt config using slots sde..sdh is accepted",
  },
  {
    name: "vm-interfaces-4th-accepted",
    requirement: "VM-IFACE-1",
    description: "more than 3 interfaces are accepted",
  },
  {
    name: "vm-iface-public-label-accepted",
    requirement: "VM-IFACE-4",
    description: "a public interface with a label or ipam_address is accepted",
  },
  {
    name: "vm-vlan-limit-unenforced",
    requirement: "VM-IFACE-8",
    description: "an 11th VLAN in a region is accepted",
  },
  {
    name: "vm-vlan-limit-race",
    requirement: "CONV-RACE-2",
    description:
      "config create counts the region's VLANs, then pauses before storing the config: configs sent together each creating a new VLAN all pass the limit of 10",
  },
  {
    name: "vm-disk-filesystem-default-ext3",
    requirement: "VM-DISK-6",
    description: "an empty disk created without filesystem gets ext3 instead of ext4",
  },
  {
    name: "vm-boot-picks-first-config",
    requirement: "VM-BOOT-4",
    description:
      "boot without config_id with several configs and none booted boots the first instead of failing",
  },
  {
    name: "vm-shutdown-busy-accepted",
    requirement: "VM-SHUTDOWN-2",
    description: "shutdown is accepted while the instance has running or queued actions",
  },
  {
    name: "vm-resize-busy-accepted",
    requirement: "VM-RESIZE-2",
    description: "resize is accepted while the instance has running or queued actions",
  },
  {
    name: "vm-resize-balance-ignored",
    requirement: "VM-RESIZE-4",
    description: "resize is accepted while the account has an outstanding balance",
  },
  {
    name: "vm-resize-disk-unchecked",
    requirement: "VM-RESIZE-5",
    description: "resize to a type smaller than the disk allocation is accepted",
  },
  {
    name: "vm-clone-limit-unenforced",
    requirement: "VM-CLONE-13",
    description: "a 6th concurrent clone of one source instance is accepted",
  },
  {
    name: "vm-clone-empty-configs-clones-all",
    requirement: "VM-CLONE-5",
    description: "clone with configs [] clones every config",
  },
  {
    name: "vm-clone-tags-not-copied",
    requirement: "VM-CLONE-12",
    description: "a clone to a new instance does not get the source's tags",
  },
  {
    name: "vm-snapshot-previous-kept",
    requirement: "VM-SNAP-2",
    description: "a new snapshot leaves the previous one in place",
  },
  {
    name: "vm-backups-cancel-keeps-backups",
    requirement: "VM-BKCANCEL-1",
    description: "backups cancel turns the service off but keeps existing backups",
  },
  {
    name: "vm-restore-overwrite-keeps-disks",
    requirement: "VM-RESTORE-2",
    description: "restore with overwrite true keeps the target's disks and configs",
  },
  {
    name: "vm-restore-space-unchecked",
    requirement: "VM-RESTORE-3",
    description: "restore with overwrite false onto a target with too little space is accepted",
  },
  {
    name: "vm-stats-month-unchecked",
    requirement: "VM-STATS-3",
    description: "statistics by month accept a month outside 1..12",
  },
  {
    name: "vm-transfer-year-unbounded",
    requirement: "VM-XFER-3",
    description: "transfer by month accepts a year outside 2000..2037",
  },
  {
    name: "vm-kernels-need-auth",
    requirement: "VM-KERNEL-1",
    description: "kernels list without a token answers 401",
  },
  {
    name: "vm-config-helpers-truthy",
    requirement: "FIELD.createConfig.helpers.distro",
    description: 'config helpers take any value as a boolean (`"yes"` is true)',
  },
  {
    name: "vm-config-memory-limit-string",
    requirement: "FIELD.createConfig.memory_limit",
    description: "config memory_limit accepts a numeric string",
  },
  {
    name: "vm-disk-recipe-data-any",
    requirement: "FIELD.createDisk.recipe_data",
    description: "disk create accepts recipe_data of any JSON type",
  },
  {
    name: "vm-restore-overwrite-truthy",
    requirement: "FIELD.restoreBackup.overwrite",
    description: 'restore takes any overwrite value as a boolean (`"yes"` is true)',
  },
  {
    name: "vm-resize-migration-unchecked",
    requirement: "VM-RESIZE-3",
    description: "resize of an instance with a pending migration is accepted",
  },
  {
    name: "vm-boot-first-over-last",
    requirement: "VM-BOOT-3",
    description:
      "boot without config_id with several configs boots the first config, not the last booted one",
  },
  {
    name: "vm-clone-target-busy-accepted",
    requirement: "VM-CLONE-3",
    description: "a clone onto an existing target with queued actions is accepted",
  },
  {
    name: "vm-clone-vlan-region-unchecked",
    requirement: "VM-IFACE-10",
    description: "a VLAN-attached instance can be cloned to a region without VLAN support",
  },
  {
    name: "vm-account-backups-ignored",
    requirement: "VM-CREATE-18",
    description:
      "create ignores the account-wide backups setting (backups_enabled false gives no backups)",
  },
  {
    name: "vm-iface-order-sorted",
    requirement: "VM-IFACE-11",
    description: "a config's interfaces come back sorted by label, not in the order sent",
  },
  {
    name: "vm-restore-false-wipes",
    requirement: "VM-RESTORE-4",
    description: "restore with overwrite false also deletes the target's disks and configs first",
  },
  {
    name: "vm-recipe-data-always-required",
    requirement: "VM-CREATE-21",
    description: "create with a recipe demands recipe_data even when the recipe takes no input",
  },
  {
    name: "vm-resize-auto-default-false",
    requirement: "VM-RESIZE-1",
    description: "resize without allow_auto_disk_resize behaves as false (the default is true)",
  },
  {
    name: "vm-boot-single-not-remembered",
    requirement: "VM-BOOT-2",
    description:
      "boot without config_id of the single config is not recorded as the last booted config",
  },
  {
    name: "vm-clone-lists-lenient",
    requirement: "FIELD.cloneInstance.configs",
    description: "clone ignores configs or disks that are not arrays (as if absent)",
  },
  {
    name: "vm-configs-pages-off-at-multiple",
    requirement: "CONV-COLL-3",
    description:
      "the configs list reports one page too many when its results are an exact multiple of page_size",
  },
  {
    name: "vm-disks-results-page-only",
    requirement: "CONV-COLL-3",
    description: "the disks list's results counts only the entries of the page answered",
  },
];

/** Domains, volumes and NodeBalancers of an account, with the material's shown fields. */
function seedShared(state: State, a: Account) {
  const now = state.iso();
  const n = a.id;
  for (const [i, region] of (["us-east", "eu-central"] as const).entries()) {
    const id = state.id();
    a.domains.set(id, {
      id,
      domain: `seed${n}-${i + 1}.example.com`,
      type: "master",
      status: "active",
      soa_email: `hostmaster@seed${n}-${i + 1}.example.com`,
      description: `Seeded domain ${i + 1}`,
      group: "",
      axfr_ips: [],
      master_ips: [],
      expire_sec: 0,
      refresh_sec: 0,
      retry_sec: 0,
      ttl_sec: 0,
      tags: [],
    });
    const vid = state.id();
    const vlabel = `seed-volume-${n}-${i + 1}`;
    a.volumes.set(vid, {
      id: vid,
      label: vlabel,
      created: now,
      updated: now,
      filesystem_path: `/dev/disk/by-id/scsi-0Vm_Volume_${vlabel}`,
      hardware_type: "nvme",
      vm_id: null,
      vm_label: null,
      region,
      size: 20,
      status: "active",
      tags: [],
    });
    const nid = state.id();
    a.nodebalancers.set(nid, {
      id: nid,
      label: `seed-nb-${n}-${i + 1}`,
      created: now,
      updated: now,
      client_conn_throttle: 0,
      hostname: `nb-${nid}.${region}.nodebalancer.example.net`,
      ipv4: `198.51.100.${(nid % 250) + 1}`,
      ipv6: null,
      region,
      tags: [],
      transfer: { in: null, out: null, total: null },
    });
  }
}

export const vmArea: Area = {
  name: "vm",
  register(r) {
    registerInstances(r);
    registerBackups(r);
    registerActions(r);
    registerConfigs(r);
    registerDisks(r);
    registerStats(r);
  },
  faults: vmFaults,
  states: {
    "successful-backup": successfulBackup,
    "pending-migration": pendingMigration,
    "region-without-vlans": regionWithoutVlans,
    "account-backups": accountBackups,
  },
  seed(state, seeded) {
    seedShared(state, seeded.accountA);
    seedShared(state, seeded.accountB);
  },
};
