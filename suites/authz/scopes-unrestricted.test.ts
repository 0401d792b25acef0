// The authorization matrix, column unrestricted (suites/authz/matrix.ts).
import { matrixColumn } from "./matrix.ts";

matrixColumn("unrestricted");
