// The authorization matrix, column restricted:read_write (suites/authz/matrix.ts).
import { matrixColumn } from "./matrix.ts";

matrixColumn("restricted:read_write");
