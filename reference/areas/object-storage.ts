// Area `object-storage`: buckets, bucket access, object ACLs, contents list, pre-signed URLs and the
// object data plane behind them, bucket TLS, cancel, clusters, access keys, transfer usage.
// Every choice for what the material leaves `not shown` is in reference/README.md ("Choices").
import type { Area } from "../area.ts";
import { findCluster } from "../data.ts";
import { badRequest } from "../http.ts";
import { registerBuckets } from "./object-storage/buckets.ts";
import { registerDataPlane } from "./object-storage/dataplane.ts";
import { OS_FAULTS } from "./object-storage/faults.ts";
import { registerKeys } from "./object-storage/keys.ts";
import {
  bucketJson,
  bucketKey,
  BUCKET_LABEL,
  deleteObject,
  labelRegistry,
  md5,
  osState,
  putObject,
  type Bucket,
} from "./object-storage/store.ts";

const MAX_STATE_OBJECTS = 200_000;
const MAX_STATE_SIZE = 1024 * 1024;

export const objectStorage: Area = {
  name: "object-storage",
  faults: OS_FAULTS,
  register(r) {
    registerBuckets(r);
    registerKeys(r);
    registerDataPlane(r);
  },
  states: {
    /**
     * Stores `count` objects named `{prefix}{n}` (n zero-padded, so name order is number order) of
     * `size` zero bytes each in the bucket (made for the admin user's account when it does not exist).
     * With `replace: true` the bucket's objects are removed first (`count: 0` empties it).
     */
    "bucket-objects"(c, p) {
      const clusterId = p.cluster;
      const label = p.bucket;
      const count = p.count;
      const prefix = p.prefix ?? "obj-";
      const size = p.size ?? 1;
      const replace = p.replace ?? false;
      const cluster = findCluster(clusterId);
      if (!cluster) throw badRequest("cluster must be a seeded cluster ID", "cluster");
      if (typeof label !== "string" || !BUCKET_LABEL.test(label))
        throw badRequest("bucket must be a bucket label", "bucket");
      if (
        typeof count !== "number" ||
        !Number.isInteger(count) ||
        count < 0 ||
        count > MAX_STATE_OBJECTS
      )
        throw badRequest(`count must be an integer 0..${MAX_STATE_OBJECTS}`, "count");
      if (typeof prefix !== "string") throw badRequest("prefix must be a string", "prefix");
      if (typeof size !== "number" || !Number.isInteger(size) || size < 0 || size > MAX_STATE_SIZE)
        throw badRequest(`size must be an integer 0..${MAX_STATE_SIZE}`, "size");
      if (typeof replace !== "boolean") throw badRequest("replace must be a boolean", "replace");
      const key = bucketKey(cluster.id, label);
      const registry = labelRegistry(c.state);
      let b = registry.get(key);
      if (!b) {
        const account = c.seeded.accountA;
        b = {
          cluster: cluster.id,
          label,
          created: c.state.iso(),
          hostname: `${label}.${cluster.domain}`,
          acl: "private",
          cors_enabled: false,
          account,
          objects: new Map(),
          bytes: 0,
          sorted: null,
          tls: null,
        } satisfies Bucket;
        osState(c.state, account).buckets.set(key, b);
        registry.set(key, b);
      }
      if (replace) for (const name of [...b.objects.keys()]) deleteObject(b, name);
      const etag = md5(Buffer.alloc(size));
      const width = String(Math.max(count - 1, 0)).length;
      const now = c.state.iso();
      const names: string[] = [];
      for (let i = 0; i < count; i++) {
        const name = prefix + String(i).padStart(width, "0");
        putObject(b, {
          name,
          size,
          data: null,
          contentType: "application/octet-stream",
          etag,
          lastModified: now,
          acl: "private",
        });
        if (names.length < 10) names.push(name);
      }
      return { names, bucket: bucketJson(b) };
    },
  },
};
