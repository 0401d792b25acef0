// The authorization matrix, column restricted:read_only (suites/authz/matrix.ts).
import { matrixColumn } from "./matrix.ts";

matrixColumn("restricted:read_only");
