// Catalog data the material refers to but does not define (regions, types, images, kernels,
// object storage clusters). Every choice here is documented in reference/README.md.

export interface Region {
  id: string;
  vlans: boolean;
}
export const REGIONS: Region[] = [
  { id: "us-east", vlans: true },
  { id: "us-west", vlans: true },
  { id: "eu-central", vlans: true },
  { id: "ap-south", vlans: false },
];

export interface InstanceType {
  id: string;
  vcpus: number;
  memory: number;
  disk: number;
  transfer: number;
}
export const TYPES: InstanceType[] = [
  { id: "vm-nano-1", vcpus: 1, memory: 1024, disk: 25600, transfer: 1000 },
  { id: "vm-standard-1", vcpus: 1, memory: 2048, disk: 51200, transfer: 2000 },
  { id: "vm-standard-2", vcpus: 2, memory: 4096, disk: 81920, transfer: 4000 },
  { id: "vm-standard-4", vcpus: 4, memory: 8192, disk: 163840, transfer: 5000 },
];

export interface Image {
  id: string;
  filesystem: "ext4" | "ext3" | "raw";
  size: number;
}
export const IMAGES: Image[] = [
  { id: "vm/debian12", filesystem: "ext4", size: 2500 },
  { id: "vm/ubuntu24.04", filesystem: "ext4", size: 3000 },
  { id: "vm/alpine3.20", filesystem: "ext3", size: 600 },
  { id: "private/1001", filesystem: "ext4", size: 4000 },
];

export interface Kernel {
  id: string;
  label: string;
  version: string;
  architecture: string;
  kvm: boolean;
  deprecated: boolean;
}
export const KERNELS: Kernel[] = [
  {
    id: "vm/latest-64bit",
    label: "Latest 64 bit",
    version: "6.9.0",
    architecture: "x86_64",
    kvm: true,
    deprecated: false,
  },
  {
    id: "vm/latest-32bit",
    label: "Latest 32 bit",
    version: "6.9.0",
    architecture: "i386",
    kvm: true,
    deprecated: false,
  },
  {
    id: "vm/direct-disk",
    label: "Direct Disk",
    version: "",
    architecture: "x86_64",
    kvm: true,
    deprecated: false,
  },
  {
    id: "vm/grub2",
    label: "GRUB 2",
    version: "2.06",
    architecture: "x86_64",
    kvm: true,
    deprecated: false,
  },
];

export interface Cluster {
  id: string;
  region: string;
  domain: string;
  static_site_domain: string;
  status: "available" | "unavailable";
}
export const CLUSTERS: Cluster[] = [
  {
    id: "us-east-1",
    region: "us-east",
    domain: "us-east-1.objects.example",
    static_site_domain: "website-us-east-1.objects.example",
    status: "available",
  },
  {
    id: "eu-central-1",
    region: "eu-central",
    domain: "eu-central-1.objects.example",
    static_site_domain: "website-eu-central-1.objects.example",
    status: "available",
  },
];

export const findType = (id: unknown) => TYPES.find((t) => t.id === id);
export const findImage = (id: unknown) => IMAGES.find((i) => i.id === id);
export const findRegion = (id: unknown) => REGIONS.find((r) => r.id === id);
export const findCluster = (id: unknown) => CLUSTERS.find((c) => c.id === id);
