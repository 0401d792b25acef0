// Stateless properties: managed monitoring, support, recipes and tags (Endpoints / Managed
// monitoring, Support, Recipes, Tags). Generators: generators/; the properties: ./stateless.ts.
// Their record bodies are `not shown`, so a valid request is judged by status and schema only.
import { statelessProperties, type Made, type Target } from "./stateless.ts";
import type { CheckContext } from "../../harness/check.ts";
import { loose } from "../../harness/ops.ts";
import { contact, credential, service } from "../shared/factories.ts";
import { filePart } from "../shared/requests.ts";
import { ticket } from "../shared/factories.ts";

const vm = async (c: CheckContext): Promise<Made> => {
  const v = await c.fresh.emptyInstance();
  return { vmId: v.id, path: { vmId: v.id } };
};
const withContact = async (c: CheckContext): Promise<Made> => ({
  path: { contactId: (await contact(c)).id },
});
const withCredential = async (c: CheckContext): Promise<Made> => {
  const cr = await credential(c);
  return { credentialId: cr.id, path: { credentialId: cr.id } };
};
const withService = async (c: CheckContext): Promise<Made> => {
  const cr = await credential(c);
  return { credentialId: cr.id, path: { serviceId: (await service(c)).id } };
};
/**
 * A service in the state a move starts from (States and transitions): "Managed service | disable
 * operation | service monitored" and "enable operation | service not monitored". Whether a new
 * service is monitored is not said, so the opposite move is sent first and its answer not judged:
 * whether it was taken or refused, the service is then in the state the move under test needs
 * (enable of a monitored service, disable of one that is not, are not decided by the material).
 */
const serviceFor =
  (move: "disable" | "enable") =>
  async (c: CheckContext): Promise<Made> => {
    const made = await withService(c);
    const before = move === "enable" ? "disableManagedService" : "enableManagedService";
    await loose(c.ops)[before]({ path: made.path });
    return made;
  };
const withTicket = async (c: CheckContext): Promise<Made> => ({
  path: { ticketId: (await ticket(c)).id },
});
const withRecipe = async (c: CheckContext): Promise<Made> => ({
  path: { recipeId: (await c.fresh.recipe()).id },
});
const withTag = async (c: CheckContext): Promise<Made> => ({
  path: { label: (await c.fresh.tag()).label! },
});

const targets: Target[] = [
  { op: "listManagedContacts" },
  { op: "createManagedContact", creates: "managedContact" },
  { op: "getManagedContact", setup: withContact, effect: "creates" },
  { op: "updateManagedContact", setup: withContact, effect: "creates" },
  { op: "deleteManagedContact", setup: withContact, perCase: true, effect: "creates" },
  { op: "listManagedCredentials" },
  { op: "createManagedCredential", creates: "managedCredential", uniqueLabel: true },
  { op: "getManagedCredential", setup: withCredential, effect: "creates" },
  { op: "updateManagedCredential", setup: withCredential, effect: "creates", uniqueLabel: true },
  { op: "revokeManagedCredential", setup: withCredential, perCase: true, effect: "creates" },
  { op: "updateManagedCredentialUsernamePassword", setup: withCredential, effect: "creates" },
  { op: "listManagedIssues" },
  {
    op: "getManagedIssue",
    setup: async (c) => ({ path: { issueId: (await c.states.require("managed-issue")).issueId } }),
  },
  { op: "listManagedVmSettings" },
  { op: "getManagedVmSettings", setup: vm, effect: "billable" },
  { op: "updateManagedVmSettings", setup: vm, effect: "billable" },
  {
    op: "createManagedService",
    creates: "managedService",
    setup: async (c) => ({ credentialId: (await credential(c)).id }),
  },
  { op: "getManagedService", setup: withService, effect: "creates" },
  { op: "updateManagedService", setup: withService, effect: "creates" },
  { op: "deleteManagedService", setup: withService, perCase: true, effect: "creates" },
  { op: "disableManagedService", setup: serviceFor("disable"), perCase: true, effect: "creates" },
  { op: "enableManagedService", setup: serviceFor("enable"), perCase: true, effect: "creates" },
  { op: "listTickets" },
  { op: "openTicket", creates: "ticket", setup: vm, effect: "billable" },
  { op: "getTicket", setup: withTicket, effect: "creates" },
  {
    op: "createTicketAttachment",
    setup: withTicket,
    effect: "creates",
    raw: () => filePart("fuzz.txt"),
  },
  { op: "closeTicket", setup: withTicket, perCase: true, effect: "creates" },
  { op: "listTicketReplies", setup: withTicket, effect: "creates" },
  { op: "createTicketReply", setup: withTicket, effect: "creates" },
  { op: "listRecipes" },
  { op: "createRecipe", creates: "recipe" },
  { op: "getRecipe", setup: withRecipe, effect: "creates" },
  { op: "updateRecipe", setup: withRecipe, effect: "creates" },
  { op: "deleteRecipe", setup: withRecipe, perCase: true, effect: "creates" },
  { op: "createTag", creates: "tag", setup: vm, effect: "billable" },
  { op: "listTaggedObjects", setup: withTag, effect: "creates" },
  { op: "deleteTag", setup: withTag, perCase: true, effect: "creates" },
];

statelessProperties("stateless/others", targets);
