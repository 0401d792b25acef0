// The authorization matrix, column token:read_write (suites/authz/matrix.ts).
import { matrixColumn } from "./matrix.ts";

matrixColumn("token:read_write");
