export declare const ROOT: string;
export declare const FLAG_RUNTIMES: readonly ['node', 'deno', 'bun'];
export declare function serveCommand(runtime: string, flags: readonly string[]): { cmd: string; args: string[] };
export declare function wranglerDevCommand(port: number, stateDir: string, vars?: Record<string, string>): { cmd: string; args: string[]; env: Record<string, string> };
