import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

const MARK = '\u0000leerpad-argument:';

type Slot = { argument: string } | { value: unknown };

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  slots: Slot[];
}

/**
 * A query built and compiled once per database, then run with new argument values. Building and
 * compiling a Kysely query costs more than running most of our queries, which matters on the calls
 * every page makes (the session, `/me`). Only for queries whose shape never depends on the
 * arguments: each argument must end up as one bound parameter (no `in` lists, no optional clauses).
 */
export function preparedQuery<Args extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, args: Args) => { compile(): CompiledQuery<Row> },
): (db: Kysely<Database>, args: Args) => Promise<Row[]> {
  const compiledPerDatabase = new WeakMap<Kysely<Database>, Compiled<Row>>();

  const compile = (db: Kysely<Database>, names: string[]): Compiled<Row> => {
    const markers = Object.fromEntries(names.map((name) => [name, `${MARK}${name}`])) as Args;
    const query = build(db, markers).compile();
    if (query.sql.includes(MARK)) throw new Error('A prepared query argument ended up in the SQL text.');
    const slots = query.parameters.map((parameter): Slot =>
      typeof parameter === 'string' && parameter.startsWith(MARK)
        ? { argument: parameter.slice(MARK.length) }
        : { value: parameter },
    );
    for (const name of names) {
      if (!slots.some((slot) => 'argument' in slot && slot.argument === name)) {
        throw new Error(`The prepared query does not use its argument "${name}".`);
      }
    }
    return { query, slots };
  };

  return async (db, args) => {
    let compiled = compiledPerDatabase.get(db);
    if (!compiled) {
      compiled = compile(db, Object.keys(args));
      compiledPerDatabase.set(db, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.value));
    const result = await db.executeQuery<Row>({ ...compiled.query, parameters });
    return result.rows;
  };
}
