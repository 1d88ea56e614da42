// The part of Bun's global API the Bun entry uses (Bun's own types are not
// installed: they redeclare Node's globals).

declare namespace Bun {
  interface ServeOptions {
    readonly hostname?: string;
    readonly port: number;
    /** Seconds a connection may be idle (default 10); 0 for no limit. */
    readonly idleTimeout?: number;
    /** Largest request body in bytes (default 128 MiB). */
    readonly maxRequestBodySize?: number;
    readonly development?: boolean;
    fetch(req: Request, server: Server): Response | Promise<Response>;
    error?(e: Error): Response | Promise<Response>;
  }
  interface Server {
    readonly hostname: string;
    readonly port: number;
    /** Stops listening; with `true` it also closes the connections open now. */
    stop(closeActiveConnections?: boolean): Promise<void>;
  }
  function serve(options: ServeOptions): Server;
}
