/**
 * A one-line progress bar for a batch on stderr, drawn only when stderr is a terminal (never into a
 * file or a pipe, where it would be noise). Lines printed while it shows go above it.
 */
export interface ProgressBar {
  /** Shows `done` of the total, with what is being worked on. */
  update(done: number, current: string): void;
  /** Clears the bar, runs `print` (which writes a line), and draws the bar again. */
  above(print: () => void): void;
  /** Clears the bar for good. */
  end(): void;
}

const quiet: ProgressBar = { update() {}, above: (print) => print(), end() {} };

export function progressBar(total: number, stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  if (!stream.isTTY) return quiet;
  let line = '';
  const clear = () => {
    if (line) stream.write('\r\x1b[2K');
  };
  const draw = () => {
    if (line) stream.write(line);
  };
  return {
    update(done, current) {
      const columns = stream.columns || 80;
      const width = Math.max(10, Math.min(30, columns - 40));
      const filled = Math.round((width * done) / Math.max(1, total));
      const counter = `${done}/${total}`;
      const room = Math.max(0, columns - width - counter.length - 6);
      const name = current.length > room ? `…${current.slice(current.length - room + 1)}` : current;
      clear();
      line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${counter}  ${name}`;
      draw();
    },
    above(print) {
      clear();
      print();
      draw();
    },
    end() {
      clear();
      line = '';
    },
  };
}
