// Fault switches of the managed area: each breaks exactly one MUST requirement.
import type { FaultSpec } from "../../faults.ts";

export const MANAGED_FAULTS: FaultSpec[] = [
  {
    name: "authz-foreign-contact-listable",
    requirement: "AUTHZ-FOREIGN-2",
    description: "the contacts list holds every account's contacts",
  },
  {
    name: "managed-unknown-service-action-ok",
    requirement: "CONV-UNKNOWN-1",
    description: "disable of an unknown service ID answers {} instead of an error",
  },
  {
    name: "managed-region-public-accepted",
    requirement: "MNG-SVC-5",
    description: "a service whose address is not a private IP is accepted with a region",
  },
  {
    name: "managed-private-region-optional",
    requirement: "MNG-SVC-4",
    description: "a service whose address is a private IP is accepted without a region",
  },
  {
    name: "managed-fragment-kept",
    requirement: "MNG-SVC-6",
    description: "the URL fragment of a service address is stored instead of dropped",
  },
  {
    name: "managed-timeout-unbounded",
    requirement: "MNG-SVC-10",
    description: "service timeout outside 1..255 is accepted",
  },
  {
    name: "managed-ssh-port-zero",
    requirement: "MNG-SETTINGS-4",
    description: "instance settings accept ssh.port 0",
  },
  {
    name: "managed-credential-username-not-stored",
    requirement: "MNG-CRED-4",
    description: "credential username and password update answers `{}` but keeps the old username",
  },
  {
    name: "managed-credential-update-username",
    requirement: "MNG-CRED-3",
    description: "credential update (PUT) also changes the username",
  },
  {
    name: "managed-credential-label-duplicate",
    requirement: "MNG-CRED-2",
    description: "a credential label already in use is accepted",
  },
  {
    name: "managed-credential-username-cut-255",
    requirement: "CONV-RYW-4",
    description:
      "a credential username longer than 255 characters (up to the stated 5000) is stored cut to 255",
  },
  {
    name: "managed-contact-name-nfd",
    requirement: "CONV-RYW-2",
    description:
      "a contact name is stored decomposed (Unicode NFD): `é` reads back as `e` + U+0301",
  },
  {
    name: "managed-service-update-drops-credentials",
    requirement: "CONV-SCOPE-1",
    description: "a service update that does not name `credentials` drops them ([])",
  },
  {
    name: "managed-service-update-resets-notes",
    requirement: "CONV-SCOPE-1",
    description: "a service update that does not name `notes` clears them (null)",
  },
  {
    name: "managed-contact-view-read-only",
    requirement: "MNG-SCOPE-2",
    description: "contact view is served to a token with only account:read_only",
  },
  {
    name: "managed-credential-revoked-viewable",
    requirement: "CONV-DELETE-1",
    description: "the view of a revoked credential still answers its record",
  },
  {
    name: "managed-service-deleted-viewable",
    requirement: "CONV-DELETE-1",
    description: "the view of a deleted service still answers its record",
  },
  {
    name: "managed-service-deleted-action-ok",
    requirement: "CONV-UNKNOWN-1",
    description: "enable and disable of a deleted service answer its record",
  },
  {
    name: "managed-settings-unknown-update-ok",
    requirement: "CONV-UNKNOWN-1",
    description:
      "instance settings update of an instance ID that does not exist answers a settings record",
  },
  {
    name: "managed-credential-label-race",
    requirement: "CONV-RACE-1",
    description:
      "credential create checks the label is free, then pauses before storing: creates with one label sent together all succeed",
  },
  {
    name: "managed-service-update-lost",
    requirement: "CONV-RACE-3",
    description:
      "service update changes a copy of the record and writes it back whole after a pause: of two updates sent together the later one loses the other's member",
  },
  {
    name: "managed-contact-update-resurrects",
    requirement: "CONV-RACE-4",
    description:
      "contact update writes the contact back after a pause, whether or not a delete removed it meanwhile: a delete and an update sent together leave the contact in place",
  },
];
