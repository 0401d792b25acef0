// autocannon ships no types; bench-reference.ts uses its promise API and reads the result loosely
declare module "autocannon";
