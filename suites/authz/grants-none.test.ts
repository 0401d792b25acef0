// The authorization matrix, column restricted (suites/authz/matrix.ts).
import { matrixColumn } from "./matrix.ts";

matrixColumn("restricted");
