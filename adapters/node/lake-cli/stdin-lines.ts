// Lines typed on stdin, read only when a command asks (the DANGER ZONE
// prompts), so commands that never ask leave stdin alone.

export class StdinLines {
  #buffer = '';
  #ended = false;
  #started = false;
  #waiters: (() => void)[] = [];

  async next(): Promise<string | null> {
    this.#start();
    for (;;) {
      const nl = this.#buffer.indexOf('\n');
      if (nl >= 0) {
        const line = this.#buffer.slice(0, nl).replace(/\r$/, '');
        this.#buffer = this.#buffer.slice(nl + 1);
        return line;
      }
      if (this.#ended) {
        if (this.#buffer === '') return null;
        const line = this.#buffer;
        this.#buffer = '';
        return line;
      }
      await new Promise<void>((ok) => this.#waiters.push(ok));
    }
  }

  close(): void {
    if (this.#started) process.stdin.pause();
  }

  #start(): void {
    if (this.#started) return;
    this.#started = true;
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      this.#buffer += chunk;
      this.#wake();
    });
    process.stdin.on('end', () => {
      this.#ended = true;
      this.#wake();
    });
  }

  #wake(): void {
    const w = this.#waiters;
    this.#waiters = [];
    for (const f of w) f();
  }
}
