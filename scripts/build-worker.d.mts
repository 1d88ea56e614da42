/** Bundles the Cloudflare Workers entry (adapters/cloudflare/worker.ts) into one ES module at `outfile`. */
export function buildWorker(outfile: string): Promise<void>;
