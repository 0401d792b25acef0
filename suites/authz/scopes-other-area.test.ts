// The authorization matrix, column token:other-area (suites/authz/matrix.ts).
import { matrixColumn } from "./matrix.ts";

matrixColumn("token:other-area");
