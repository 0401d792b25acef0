// The authorization matrix, column anonymous (suites/authz/matrix.ts).
import { matrixColumn } from "./matrix.ts";

matrixColumn("anonymous");
