// The authorization matrix, column restricted:add_vms (suites/authz/matrix.ts).
import { matrixColumn } from "./matrix.ts";

matrixColumn("restricted:add_vms");
