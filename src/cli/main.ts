// `npm run -s cli -- <group> <action> [--options]`: prints exactly one JSON
// object on stdout and exits 0, or the reason on stderr and a non-zero code;
// `--help` (or `help [GROUP [ACTION]]`) prints the commands and their options.
// It opens the same DATA_DIR / DATABASE_URL as the server and may run beside it
// (SQLite in WAL mode; writes wait for the server's short transactions).
import { renderCertificateDocx } from '../certificates/render-certificate-docx.ts';
import { renderCertificatePdf } from '../certificates/render-certificate-pdf.ts';
import { renderCertificatePng } from '../certificates/render-certificate-png.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { formatTimestamp, systemClock } from '../domain/clock.ts';
import { localFileStorage } from '../files/local-file-storage.ts';
import { CliError, parseCommand, standardInput } from './commands.ts';

async function main(argv: readonly string[]): Promise<number> {
  let database;
  try {
    const parsed = parseCommand(argv);
    if (parsed.kind === 'help') {
      process.stdout.write(parsed.text.endsWith('\n') ? parsed.text : `${parsed.text}\n`);
      return 0;
    }
    const { command, values } = parsed;
    const config = parseConfig(process.env);
    const clock = systemClock;
    database = await openDatabase(config.database, () => formatTimestamp(clock.now()), { poolSize: 2 });
    const result = await command.run(
      {
        db: database,
        files: localFileStorage(config.filesDir),
        clock,
        // The database's own lock, so a certificate reissued here never races the server's.
        locks: database.locks,
        renderers: { pdf: renderCertificatePdf, png: renderCertificatePng, docx: renderCertificateDocx },
        publicBaseUrl: config.publicBaseUrl,
        publicBaseUrlGuessed: (process.env.PUBLIC_BASE_URL ?? '') === '',
      },
      values,
      standardInput,
    );
    process.stdout.write(JSON.stringify(result) + '\n');
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      return 2;
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
