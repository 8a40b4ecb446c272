/**
 * Prepared statements for PGlite. PGlite's query() parses, analyses and plans its text again on every
 * call, as an unnamed statement, in six calls into its WebAssembly (Parse, Describe, Bind, Describe,
 * Execute, Sync): on the add to cart that was most of the platform's time. Here a statement text is
 * prepared once under a name (as the postgres driver does on a server, database.ts) and then each call
 * sends Bind, Describe, Execute and Sync in one message: one call into PGlite, no parsing again, and
 * PostgreSQL's plan cache may keep a generic plan. Values and rows are converted by PGlite's own
 * serializers and parsers, so answers are the same as query()'s.
 */
import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * Statement texts kept prepared at most. The platform's texts are a few hundred (values never go into a
 * text); past this, further texts run unnamed, so a caller building texts cannot grow the session.
 */
const MAX_PREPARED = 2000;

function concat(messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((length, m) => length + m.length, 0));
  let offset = 0;
  for (const m of messages) {
    all.set(m, offset);
    offset += m.length;
  }
  return all;
}

/** A statement prepared in the session: its name and the types of its parameters. */
interface Prepared {
  name: string;
  parameterTypes: number[];
}

export interface PgliteStatements {
  /** Runs one statement; the caller holds PGlite's locks (see database.ts). */
  run<T>(text: string, params: unknown[]): Promise<T[]>;
  /**
   * Runs a statement without parameters (BEGIN, COMMIT, ROLLBACK) and answers its command tag: a COMMIT of a
   * transaction that had failed answers ROLLBACK. The caller holds PGlite's locks.
   */
  command(text: string): Promise<string | undefined>;
  /** Forgets every prepared statement (after a schema change: a plan must not outlive its tables); the caller holds PGlite's locks. */
  forget(): Promise<void>;
}

export function pgliteStatements(db: PGlite): PgliteStatements {
  const prepared = new Map<string, Prepared>();

  async function prepare(text: string): Promise<Prepared> {
    const known = prepared.get(text);
    if (known) return known;
    const name = prepared.size < MAX_PREPARED ? `s${prepared.size + 1}` : '';
    const described = await db.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described) };
    if (name) prepared.set(text, statement);
    return statement;
  }

  async function execute<T>(text: string, params: unknown[]): Promise<Results<T> | undefined> {
    const { name, parameterTypes } = await prepare(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[parameterTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await db.execProtocolStream(
      concat([
        // An unnamed statement (past MAX_PREPARED) is parsed again with its values, as query() does.
        ...(name ? [] : [serialize.parse({ name, text })]),
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const [result] = parse.parseResults(messages, db.parsers) as Results<T>[];
    return result;
  }

  return {
    async run<T>(text: string, params: unknown[]) {
      return (await execute<T>(text, params))?.rows ?? [];
    },
    async command(text: string) {
      return (await execute(text, []))?.command;
    },
    async forget() {
      if (prepared.size === 0) return;
      prepared.clear();
      // Through the protocol: the caller holds the locks db.exec() would wait for.
      await db.execProtocolStream(serialize.query('DEALLOCATE ALL'), { syncToFs: false });
    },
  };
}
