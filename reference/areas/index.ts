// Every area of the reference target. Add an area here once its module exists.
import type { Area } from "../area.ts";
import { objectStorage } from "./object-storage.ts";
import { accountArea } from "./account.ts";
import { eventsArea } from "./events.ts";
import { oauthClientsArea } from "./oauth-clients.ts";
import { managedArea } from "./managed.ts";
import { supportArea } from "./support.ts";
import { recipesArea } from "./recipes.ts";
import { tagsArea } from "./tags.ts";
import { vmArea } from "./vm.ts";

export const AREAS: Area[] = [
  objectStorage,
  accountArea,
  eventsArea,
  oauthClientsArea,
  managedArea,
  supportArea,
  recipesArea,
  tagsArea,
  vmArea,
];
