// Runs queries on PGlite as named prepared statements kept per SQL text, so PostgreSQL parses and analyses each
// text once instead of on every call, and a known text costs one exchange with the WebAssembly engine, not six.
import { parse, protocol, type messages, type PGlite } from '@electric-sql/pglite';
import type { QueryResult, RowMode } from './pglite-messages';

const { serialize } = protocol;

/** The statements kept at most by default: the least recently used one is closed beyond this. */
const defaultCapacity = 500;

interface Statement {
  name: string;
  parameterTypes: number[];
  /** The statement's RowDescription, or none for a statement that returns no rows. */
  description: messages.BackendMessage | undefined;
}

export type Parsers = Record<number, (value: string) => unknown>;

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/**
 * `overrides` replace PGlite's parsers of some types. The caller holds PGlite's query lock around each `run` (and
 * its transaction lock outside a transaction). Each exchange ends with Sync, so an error leaves the session ready
 * for the next one. A statement that failed to parse is not kept, and one that failed to run is closed and
 * prepared again next time, so a plan a schema change made unusable fails once, not forever. Prepared statements
 * outlive transactions: a rollback drops none.
 */
export function preparedStatements(database: PGlite, overrides: Parsers, capacity = defaultCapacity) {
  // Merged once: PGlite would copy its table of a few hundred parsers into a new object on every query.
  const parsers = { ...database.parsers, ...overrides };
  const statements = new Map<string, Statement>();
  /** Close messages for evicted statements, sent ahead of the next exchange. */
  let closing: Uint8Array[] = [];
  let lastName = 0;

  /** Sends the messages, after any pending Close, in one call into PostgreSQL; throws its first error. */
  function exchange(parts: Uint8Array[]) {
    const message = concat([...closing, ...parts]);
    closing = [];
    return database.execProtocolStream(message, { syncToFs: false });
  }

  async function prepare(sql: string): Promise<Statement> {
    lastName += 1;
    const name = `q${lastName}`;
    const replies = await exchange([
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement: Statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(replies),
      description: replies.find((reply) => reply.name === 'rowDescription'),
    };
    if (statements.size >= capacity) forget(statements.keys().next().value!);
    statements.set(sql, statement);
    return statement;
  }

  /** Drops the statement of `sql`, closing it with the next exchange. */
  function forget(sql: string) {
    const statement = statements.get(sql);
    if (!statement) return;
    statements.delete(sql);
    closing.push(serialize.close({ type: 'S', name: statement.name }));
  }

  /** The statement for `sql`, marked as the most recently used. */
  async function statementFor(sql: string): Promise<Statement> {
    const known = statements.get(sql);
    if (!known) return prepare(sql);
    statements.delete(sql);
    statements.set(sql, known);
    return known;
  }

  /** Parameters as PGlite's own `query` sends them: text through the serializer of the parameter's type. */
  function serialiseParameters(parameters: unknown[], types: number[]) {
    return parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialiser = database.serializers[types[index]!];
      return serialiser ? serialiser(value) : String(value);
    });
  }

  return async function run(sql: string, parameters: unknown[], rowMode: RowMode): Promise<QueryResult> {
    const statement = await statementFor(sql);
    const replies = await exchange([
      serialize.bind({
        statement: statement.name,
        values: serialiseParameters(parameters, statement.parameterTypes),
      }),
      serialize.execute(),
      serialize.sync(),
    ]).catch((error: unknown) => {
      forget(sql);
      throw error;
    });
    const described = statement.description ? [statement.description, ...replies] : replies;
    const { rows, fields, affectedRows } = parse.parseResults(described, parsers, { rowMode })[0]!;
    return { rows, fields, affectedRows };
  };
}
