// The authorization matrix, column token:read_only (suites/authz/matrix.ts).
import { matrixColumn } from "./matrix.ts";

matrixColumn("token:read_only");
