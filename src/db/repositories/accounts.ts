import type { SqlExecutor } from '../driver.ts';
import type { Account, NewAccount, Page, PageRequest, Role } from '../records.ts';
import { allOf, containsText, sql, totalOf, type Sql } from '../sql.ts';

type AccountRow = {
  id: number | string;
  uuid: string;
  role: Role;
  username: string;
  email: string;
  confirmed: number;
  megiah_type: string | null;
  company: string | null;
  country: string;
  state: string;
  city: string;
  lat: number | null;
  lng: number | null;
  avatar_key: string | null;
  diploma_key: string | null;
  created_at: string;
};

function toAccount(row: AccountRow): Account {
  return {
    id: Number(row.id),
    uuid: row.uuid,
    role: row.role,
    username: row.username,
    email: row.email,
    confirmed: Number(row.confirmed) === 1,
    megiahType: row.megiah_type,
    company: row.company,
    country: row.country,
    state: row.state,
    city: row.city,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    avatarKey: row.avatar_key,
    diplomaKey: row.diploma_key,
    createdAt: row.created_at,
  };
}

/** Case-insensitive matching goes through these keys, stored beside the original spelling. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export type DirectoryFilter = { readonly role?: 'sofer' | 'megiah' };

/** The admin's account list: by role, and/or a case-insensitive part of the name or email. */
export type AccountFilter = { readonly role?: Role; readonly search?: string };

export function accountRepository(db: SqlExecutor) {
  const directoryWhere = (filter: DirectoryFilter): Sql =>
    filter.role === undefined
      ? sql`confirmed = 1 AND role IN ('sofer', 'megiah')`
      : sql`confirmed = 1 AND role = ${filter.role}`;

  return {
    async create(account: NewAccount): Promise<Account> {
      const row = await db.one<AccountRow>(sql`
        INSERT INTO accounts (uuid, role, username, username_key, email, email_key, confirmed, megiah_type, company,
          country, state, city, lat, lng, avatar_key, diploma_key, created_at)
        VALUES (${account.uuid}, ${account.role}, ${account.username}, ${usernameKey(account.username)},
          ${account.email}, ${emailKey(account.email)}, ${account.confirmed ? 1 : 0}, ${account.megiahType},
          ${account.company}, ${account.country}, ${account.state}, ${account.city}, ${account.lat}, ${account.lng},
          ${account.avatarKey}, ${account.diplomaKey}, ${account.createdAt})
        RETURNING *`);
      return toAccount(row as AccountRow);
    },

    async findById(id: number): Promise<Account | undefined> {
      const row = await db.one<AccountRow>(sql`SELECT * FROM accounts WHERE id = ${id}`);
      return row && toAccount(row);
    },

    /** Case-insensitive, as uuids are (see scrolls.findByUuid). */
    async findByUuid(uuid: string): Promise<Account | undefined> {
      const row = await db.one<AccountRow>(sql`SELECT * FROM accounts WHERE uuid = ${uuid.toLowerCase()}`);
      return row && toAccount(row);
    },

    async findByEmail(email: string): Promise<Account | undefined> {
      const row = await db.one<AccountRow>(sql`SELECT * FROM accounts WHERE email_key = ${emailKey(email)}`);
      return row && toAccount(row);
    },

    /** The buyer (`user`) with this username, case-insensitively, when exactly one has it: buyers' names may repeat. */
    async findOnlyBuyerNamed(username: string): Promise<Account | undefined> {
      const rows = await db.all<AccountRow>(sql`SELECT * FROM accounts WHERE role = 'user' AND username_key = ${usernameKey(username)} LIMIT 2`);
      return rows.length === 1 ? toAccount(rows[0]) : undefined;
    },

    async listDirectory(filter: DirectoryFilter, page: PageRequest): Promise<Page<Account>> {
      const where = directoryWhere(filter);
      const count = sql`SELECT COUNT(*) AS total FROM accounts WHERE ${where}`;
      const items = sql`SELECT * FROM accounts WHERE ${where} ORDER BY id LIMIT ${page.limit} OFFSET ${page.offset}`;
      // Every store reads the same directory: kept while the accounts are unchanged (SqlExecutor.kept).
      return db.kept('accounts.listDirectory', [count, items], ([total, rows]) => ({ total: totalOf(total), items: (rows as AccountRow[]).map(toAccount) }));
    },

    async findDirectoryEntry(by: { readonly email: string } | { readonly username: string }): Promise<Account | undefined> {
      const match = 'email' in by ? sql`email_key = ${emailKey(by.email)}` : sql`username_key = ${usernameKey(by.username)}`;
      const row = await db.one<AccountRow>(sql`SELECT * FROM accounts WHERE ${directoryWhere({})} AND ${match}`);
      return row && toAccount(row);
    },

    async list(filter: AccountFilter, page: PageRequest): Promise<Page<Account>> {
      const conditions: Sql[] = [];
      if (filter.role !== undefined) conditions.push(sql`role = ${filter.role}`);
      if (filter.search !== undefined && filter.search !== '') {
        conditions.push(sql`(${containsText(sql`username_key`, filter.search)} OR ${containsText(sql`email_key`, filter.search)})`);
      }
      const where = allOf(conditions);
      const count = await db.one<{ total: number | string }>(sql`SELECT COUNT(*) AS total FROM accounts WHERE ${where}`);
      const rows = await db.all<AccountRow>(
        sql`SELECT * FROM accounts WHERE ${where} ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
      );
      return { total: Number(count?.total ?? 0), items: rows.map(toAccount) };
    },

    /** Sofers and megiahs appear in the directory, and may be named on scrolls, only while confirmed. */
    async setConfirmed(id: number, confirmed: boolean): Promise<Account | undefined> {
      const row = await db.one<AccountRow>(sql`UPDATE accounts SET confirmed = ${confirmed ? 1 : 0} WHERE id = ${id} RETURNING *`);
      return row && toAccount(row);
    },

    /** Changes the role only from the expected one, so two admins' concurrent edits cannot cross. */
    async changeRole(id: number, from: Role, to: Role): Promise<Account | undefined> {
      const row = await db.one<AccountRow>(sql`UPDATE accounts SET role = ${to} WHERE id = ${id} AND role = ${from} RETURNING *`);
      return row && toAccount(row);
    },
  };
}
