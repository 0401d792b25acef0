// Every area of the reference target. Add an area here once its module exists.
import type { Area } from "../area.ts";

export const AREAS: Area[] = [];
