export interface Progress {
  /** Bytes handed to the connection so far. */
  sent(bytes: number): void;
  /** The whole file is out; now the service works on it. */
  waiting(): void;
  done(): void;
}

const NONE: Progress = { sent() {}, waiting() {}, done() {} };

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** A one-line bar on stderr; nothing at all when stderr is not a terminal, so logs and pipes stay clean. */
export function progressBar(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return NONE;
  const started = Date.now();
  let sent = 0;
  let uploaded = false;
  const render = () => {
    const fraction = total > 0 ? Math.min(1, sent / total) : 1;
    const width = 30;
    const filled = Math.round(width * fraction);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%`;
    const seconds = `${Math.round((Date.now() - started) / 1000)}s`;
    const status = uploaded
      ? `sent ${megabytes(total)}; applying… ${seconds}`
      : `${megabytes(sent)} / ${megabytes(total)} ${seconds}`;
    // Cut to the terminal's width: a line that wraps would leave a new line behind at every redraw.
    const line = `${bar} ${status}`.slice(0, Math.max(10, (stream.columns || 80) - 1));
    stream.write(`\r${line}\x1b[K`);
  };
  // A timer rather than a redraw per chunk: a steady refresh, and the wait after the upload still ticks.
  const timer = setInterval(render, 200);
  timer.unref();
  render();
  return {
    sent(bytes) {
      sent += bytes;
    },
    waiting() {
      uploaded = true;
      render();
    },
    done() {
      clearInterval(timer);
      stream.write('\r\x1b[K');
    },
  };
}
