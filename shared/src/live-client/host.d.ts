// The live client runs in browsers (and in the apps' node tests). The shared package is compiled
// with neither DOM nor Node types, so the few host functions the client uses are declared here.
declare function setTimeout(handler: () => void, ms: number): unknown;
declare function clearTimeout(id: unknown): void;
declare const console: { warn(...data: unknown[]): void };
