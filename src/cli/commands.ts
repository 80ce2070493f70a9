// Admin commands. Each parses its options, calls one domain use case and
// returns the JSON object to print; a refusal is thrown as CliError.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { qrUrlOf } from '../certificates/gather-certificate.ts';
import { roles } from '../db/records.ts';
import { createAccount } from '../domain/create-account.ts';
import { listAccountsAsOperator } from '../domain/manage-accounts.ts';
import type { DomainDeps } from '../domain/deps.ts';
import { grantCredits } from '../domain/grant-credits.ts';
import { inviteAccount } from '../domain/invite-account.ts';
import { createApiKey, revokeApiKey } from '../domain/manage-api-keys.ts';
import { setPassword } from '../domain/set-password.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../domain/sweep-orphan-files.ts';
import { rejectScroll } from '../domain/reject-scroll.ts';
import { verifyScroll } from '../domain/verify-scroll.ts';
import type { Outcome } from '../errors.ts';
import { presentAccount, presentAdminScroll } from '../presenters/admin.ts';
import { presentRejection } from '../presenters/rejection.ts';
import { presentVerification } from '../presenters/verification.ts';
import { rejectionReasons } from '../text/rejection-reasons.ts';

export class CliError extends Error {
  override readonly name = 'CliError';
}

/**
 * Verification reissues certificates, so the CLI carries the renderers and
 * locks the server has; `publicBaseUrlGuessed` when PUBLIC_BASE_URL is unset and
 * the base URL was made from HOST and PORT.
 */
export type CliDeps = Pick<DomainDeps, 'db' | 'files' | 'clock' | 'locks' | 'renderers' | 'publicBaseUrl'> & { readonly publicBaseUrlGuessed: boolean };

type StringOption = { readonly type: 'string' };
type BooleanOption = { readonly type: 'boolean' };
type Options = Record<string, StringOption | BooleanOption>;

/**
 * What a command reads besides its options: a secret comes on standard input,
 * never as an option, so it stays out of the shell history and the process list.
 */
export type CliInput = {
  /** The first line of standard input, without its line ending; undefined when there is none. */
  readonly firstLine: () => Promise<string | undefined>;
};

/** Reads the first line and lets go of the stream, so that an open pipe or terminal does not keep the process alive. */
export const standardInput: CliInput = {
  async firstLine() {
    if (process.stdin.isTTY) process.stderr.write('Password (shown as typed; or pipe it in): ');
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
    try {
      for await (const line of lines) return line;
      return undefined;
    } finally {
      lines.close();
      process.stdin.destroy();
    }
  },
};

type Command = {
  /** What it does, in one line, for the help. */
  readonly summary: string;
  readonly usage: string;
  readonly options: Options;
  readonly run: (deps: CliDeps, values: Record<string, string | boolean | undefined>, input: CliInput) => Promise<object>;
};

const text: StringOption = { type: 'string' };

/** A terminal's worth of accounts; an operator paging through a large registry may ask for more at once. */
const ACCOUNTS_PER_PAGE = 20;
const MAX_ACCOUNTS_PER_PAGE = 1000;
const flag: BooleanOption = { type: 'boolean' };

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new CliError(`--${name} is required.`);
  return value;
}

function optionalText(values: Record<string, string | boolean | undefined>, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

function optionalNumber(values: Record<string, string | boolean | undefined>, name: string): number | undefined {
  const value = optionalText(values, name);
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) throw new CliError(`--${name} must be a number.`);
  return number;
}

function optionalCount(values: Record<string, string | boolean | undefined>, name: string): number | undefined {
  const value = optionalText(values, name);
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,6}$/.test(value)) throw new CliError(`--${name} must be a whole number from 1.`);
  return Number(value);
}

async function optionalFile(values: Record<string, string | boolean | undefined>, name: string): Promise<Uint8Array | undefined> {
  const file = optionalText(values, name);
  if (file === undefined) return undefined;
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    throw new CliError(`--${name}: cannot read ${file}: ${(error as Error).message}`);
  }
}

function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new CliError(outcome.msg);
  return outcome.value;
}

export const commands: Readonly<Record<string, Command>> = {
  'account create': {
    summary: 'Creates an account (store, agent, sofer, megiah, user or admin) and prints it.',
    usage:
      'account create --role R --username U --email E [--agent] [--confirmed] [--country C] [--state S] [--city C] [--lat N] [--lng N] [--megiah-type T] [--company C] [--avatar FILE] [--diploma FILE]',
    options: {
      role: text, username: text, email: text, agent: flag, confirmed: flag, country: text, state: text, city: text,
      lat: text, lng: text, 'megiah-type': text, company: text, avatar: text, diploma: text,
    },
    async run(deps, values) {
      const account = unwrap(
        await createAccount(deps, {
          role: required(values, 'role'),
          username: required(values, 'username'),
          email: required(values, 'email'),
          agent: values.agent === true,
          confirmed: values.confirmed === true,
          country: optionalText(values, 'country'),
          state: optionalText(values, 'state'),
          city: optionalText(values, 'city'),
          lat: optionalNumber(values, 'lat'),
          lng: optionalNumber(values, 'lng'),
          megiahType: optionalText(values, 'megiah-type'),
          company: optionalText(values, 'company'),
          avatar: await optionalFile(values, 'avatar'),
          diploma: await optionalFile(values, 'diploma'),
        }),
      );
      return presentAccount(account);
    },
  },

  'account list': {
    summary: 'Lists accounts, newest first, with their uuids: all, or of one role, or matching a name or email.',
    usage: `account list [--role ROLE] [--search TEXT] [--page N] [--per-page N]   (ROLE: ${roles.join(', ')}; ${ACCOUNTS_PER_PAGE} a page by default, at most ${MAX_ACCOUNTS_PER_PAGE})`,
    options: { role: text, search: text, page: text, 'per-page': text },
    async run(deps, values) {
      const page = optionalCount(values, 'page') ?? 1;
      const perPage = optionalCount(values, 'per-page') ?? ACCOUNTS_PER_PAGE;
      if (perPage > MAX_ACCOUNTS_PER_PAGE) throw new CliError(`--per-page must be at most ${MAX_ACCOUNTS_PER_PAGE}.`);
      const filter = { role: optionalText(values, 'role'), search: optionalText(values, 'search') };
      const listed = unwrap(await listAccountsAsOperator(deps, filter, { offset: (page - 1) * perPage, limit: perPage }));
      return { total: listed.total, page, per_page: perPage, accounts: listed.items.map(presentAccount) };
    },
  },

  'account set-password': {
    summary: 'Sets an account\'s portal password, read from standard input, and ends its other sessions.',
    usage: 'account set-password --account UUID   (reads the password from the first line of standard input)',
    options: { account: text },
    async run(deps, values, input) {
      const uuid = required(values, 'account');
      const account = await deps.db.accounts.findByUuid(uuid);
      if (account === undefined) throw new CliError('--account names no known account.');
      const password = await input.firstLine();
      if (password === undefined || password === '') {
        throw new CliError('The password is read from the first line of standard input, which was empty.');
      }
      unwrap(await setPassword(deps, account, password));
      return { uuid: account.uuid, password_set: true };
    },
  },

  'account invite': {
    summary: 'Prints a one-time link (valid a week) where the account holder chooses a password.',
    usage: 'account invite --account UUID',
    options: { account: text },
    async run(deps, values) {
      const invitation = unwrap(await inviteAccount(deps, required(values, 'account'), null));
      return { url: invitation.url, expires: invitation.expiresAt };
    },
  },

  'apikey create': {
    summary: 'Creates an API key for a store, agent or megiah and prints it (shown this once).',
    usage: 'apikey create --account UUID [--label TEXT]   (the label says where the key is used, e.g. "shop till")',
    options: { account: text, label: text },
    async run(deps, values) {
      const { key, apiKey } = unwrap(await createApiKey(deps, required(values, 'account'), optionalText(values, 'label')));
      return { key, id: apiKey.publicId, label: apiKey.label };
    },
  },

  'apikey revoke': {
    summary: 'Revokes an API key by its id (key_...): it is refused from the next request.',
    usage: 'apikey revoke --id ID',
    options: { id: text },
    async run(deps, values) {
      const apiKey = unwrap(await revokeApiKey(deps, required(values, 'id')));
      return { id: apiKey.publicId, revoked: true, revoked_time: apiKey.revokedAt };
    },
  },

  'credits grant': {
    summary: 'Adds credits to a store\'s balance, with the reason kept in its ledger.',
    usage: 'credits grant --account UUID --amount N [--reason TEXT]',
    options: { account: text, amount: text, reason: text },
    async run(deps, values) {
      const amount = required(values, 'amount');
      if (!/^\d+$/.test(amount)) throw new CliError('--amount must be a positive integer.');
      const note = optionalText(values, 'reason');
      return { credits: unwrap(await grantCredits(deps, required(values, 'account'), Number(amount), { note })) };
    },
  },

  'scroll verify': {
    summary: 'Confirms a scroll\'s examination (as its megiah, or --by an admin or megiah): its QR code starts to resolve.',
    usage: 'scroll verify --uuid UUID [--by ACCOUNT_UUID]',
    options: { uuid: text, by: text },
    async run(deps, values) {
      const by = optionalText(values, 'by');
      return presentVerification(unwrap(await verifyScroll(deps, required(values, 'uuid'), by === undefined ? undefined : { uuid: by })));
    },
  },

  'scroll reject': {
    summary: 'Records that the megiah refuses to confirm a scroll, with the reason; its QR code stays unresolved.',
    usage: `scroll reject --uuid UUID --reason REASON [--note TEXT] [--by ACCOUNT_UUID]   (REASON: ${rejectionReasons.join(', ')}; --note is required with other)`,
    options: { uuid: text, reason: text, note: text, by: text },
    async run(deps, values) {
      const by = optionalText(values, 'by');
      const input = { reason: required(values, 'reason'), note: optionalText(values, 'note') };
      return presentRejection(unwrap(await rejectScroll(deps, required(values, 'uuid'), input, by === undefined ? undefined : { uuid: by })));
    },
  },

  'scroll show': {
    summary: 'Prints a scroll with its people, state and the URL its QR sticker encodes.',
    usage: 'scroll show --uuid UUID   (the QR URL is built on PUBLIC_BASE_URL, or on HOST and PORT when it is unset)',
    options: { uuid: text },
    async run(deps, values) {
      const scroll = await deps.db.scrolls.findByUuid(required(values, 'uuid'));
      if (scroll === undefined) throw new CliError('Scroll not found.');
      const shown = presentAdminScroll(scroll, qrUrlOf(deps.publicBaseUrl, scroll.qrCode));
      if (!deps.publicBaseUrlGuessed) return shown;
      return { ...shown, qr_url_note: `PUBLIC_BASE_URL is not set: the QR URL assumes the server at ${deps.publicBaseUrl} (from HOST and PORT); stickers must encode the public address.` };
    },
  },

  'files sweep': {
    summary: 'Removes stored files that no row names (left by a process killed mid-write).',
    usage: `files sweep [--dry-run]   (removes stored files no row names, older than ${ORPHAN_GRACE_MS / 60_000} minutes; --dry-run lists them)`,
    options: { 'dry-run': flag },
    async run(deps, values) {
      const dryRun = values['dry-run'] === true;
      const sweep = await sweepOrphanFiles(deps, { dryRun });
      if (sweep.refused !== null && !dryRun) throw new CliError(sweep.refused);
      return { dry_run: dryRun, removed: sweep.removed, young: sweep.young, referenced: sweep.referenced, refused: sweep.refused };
    },
  },
};

const HELP_WORDS = new Set(['help', '--help', '-h']);

/** The help: every command with its summary and options, or one command's (or one group's). */
export function helpText(topic: readonly string[] = []): string {
  const wanted = topic.join(' ');
  const shown = Object.entries(commands).filter(([name]) => wanted === '' || name === wanted || name.startsWith(`${wanted} `));
  if (shown.length === 0) throw new CliError(`No command "${wanted}". ${helpText().trimEnd()}`);
  const lines = shown.flatMap(([, command]) => [`  ${command.usage}`, `      ${command.summary}`, '']);
  const head = [
    'Mezuzah Registry admin commands. Usage: npm run -s cli -- GROUP ACTION [OPTIONS]',
    'Each prints one JSON object on standard output and exits 0; a refusal goes to standard error with exit code 2.',
    'They use the database and files of the server (DATA_DIR or DATABASE_URL, as for npm start) and may run beside it.',
    '',
  ];
  const tail = wanted === '' ? ['Help on one command or group: npm run -s cli -- help GROUP [ACTION]', ''] : [];
  return [...(wanted === '' ? head : []), ...lines, ...tail].join('\n');
}

export type ParsedCommand =
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'run'; readonly command: Command; readonly values: Record<string, string | boolean | undefined> };

/** Splits `group action --options...` into the command and its parsed options; `help`, `--help` or `-h` anywhere asks for the help. */
export function parseCommand(argv: readonly string[]): ParsedCommand {
  if (argv.length === 0 || HELP_WORDS.has(argv[0])) return { kind: 'help', text: helpText(argv.slice(1)) };
  if (argv.some((arg) => arg === '--help' || arg === '-h')) return { kind: 'help', text: helpText(argv.filter((arg) => !arg.startsWith('-')).slice(0, 2)) };
  const name = argv.slice(0, 2).join(' ');
  const command = commands[name];
  if (command === undefined) throw new CliError(`Unknown command "${name}".\n\n${helpText()}`);
  try {
    const { values } = parseArgs({ args: argv.slice(2), options: command.options, strict: true, allowPositionals: false });
    return { kind: 'run', command, values: values as Record<string, string | boolean | undefined> };
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nUsage: ${command.usage}`);
  }
}
