// Renders a PDF page to PNG with poppler's pdftoppm, as a viewer would, so a
// test can check what the PDF draws and not only its text. Where
// poppler-utils is not installed, the tests that need it are skipped.

import { execFile, execFileSync } from 'node:child_process';

/** The reason to skip, or false when pdftoppm is at hand (for `it`'s `skip` option). */
export const pdftoppmMissing: string | false = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return false;
  } catch {
    return 'pdftoppm (poppler-utils) is not installed';
  }
})();

/** Page `page` (from 1) of `pdf` as a PNG at `dpi`. */
export function rasterisePdfPage(pdf: Uint8Array, page: number, dpi: number): Promise<Uint8Array> {
  const args = ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', '-'];
  return new Promise((resolve, reject) => {
    const child = execFile('pdftoppm', args, { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(new Uint8Array(stdout));
    });
    child.stdin?.end(pdf);
  });
}
