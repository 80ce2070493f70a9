// Serialises critical sections that must not interleave, such as "identify,
// then insert" of a registration (two uploads of one scroll must not both
// pass the duplicate check). The database provides the implementation
// (`Database.locks`), so the lock spans every process that shares it: a
// PostgreSQL advisory lock across nodes, an in-process queue for SQLite,
// whose file only one server uses.

export interface KeyedLock {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}
