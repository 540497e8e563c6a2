import { JsonProperty, Utils, type AnyEntity, type Configuration, type Connection, type Dictionary, type EntityData, type LoggingOptions, type QueryResult, type Transaction } from '@mikro-orm/core';
import { EntityManager, PostgreSqlConnection, PostgreSqlDriver, type EmExecuteOptions, type PostgreSqlPlatform } from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';

/**
 * MikroORM writes the values of the statements it makes (an entity's read, a flush's insert or
 * update) into their text (`Platform.formatQuery`), so each is a text of its own: PostgreSQL parses
 * and plans it at every run, and the process's prepared statements (./prepared.ts) never see it
 * twice. Here those values go as bind parameters instead, so `select "t0".* from "territories" as
 * "t0" where "t0"."id" = $1::int4` is one text, prepared once per connection, its plan kept.
 *
 * A value binds so that the statement means what the written one meant:
 * - a number is bound with a cast to the type its written literal has (int4, int8, numeric), so
 *   every operator and function resolves as before;
 * - a string, a Date (as the platform formats it), a bigint and a JSON value (as its text) were
 *   quoted literals, whose type is unknown until their place in the statement decides it: an
 *   untyped parameter is resolved the same way;
 * - a list is each of its values, comma-separated (`in (?)`), as it was written;
 * - booleans, nulls, byte strings and raw fragments stay written: a boolean or null has one or
 *   two texts, the others are rare.
 *
 * Only the statements MikroORM makes are bound. `em.execute` with values (the game's own SQL,
 * `BoundEntityManager`) still writes them into the text as before: there a string may stand where
 * nothing gives it a type (`select ?`, `jsonb_build_object(?, ...)`), which a written literal
 * survives and an untyped parameter does not. The game's frequent statements already bind their
 * values themselves (`boundRows`, `sqlRows`).
 */
export function bindValues(platform: PostgreSqlPlatform, sql: string, params: readonly unknown[]): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const bind = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const one = (value: unknown): string => {
    if (typeof value === 'number' && Number.isFinite(value)) {
      if (!Number.isInteger(value)) return bind(value, '::numeric');
      if (Math.abs(value) <= 2_147_483_647) return bind(value, '::int4');
      return bind(value, Number.isSafeInteger(value) ? '::int8' : '::numeric');
    }
    if (typeof value === 'string') return bind(value);
    if (typeof value === 'bigint') return bind(value.toString());
    if (value instanceof Date) return bind(platform.formatDate(value));
    if (isJsonValue(value)) return bind(JSON.stringify(value));
    if (Array.isArray(value)) return value.map(one).join(', ');
    return String(platform.quoteValue(value));
  };
  // The placeholder rules of Platform.formatQuery: `\?` is a question mark, `??` an identifier, `?` a value.
  let text = '';
  let next = 0;
  let from = 0;
  for (let at = sql.indexOf('?'); at !== -1; at = sql.indexOf('?', from)) {
    if (at > 0 && sql[at - 1] === '\\') {
      text += `${sql.slice(from, at - 1)}?`;
      from = at + 1;
    } else if (sql[at + 1] === '?') {
      text += sql.slice(from, at) + platform.quoteIdentifier(params[next++] as string);
      from = at + 2;
    } else {
      text += sql.slice(from, at) + one(params[next++]);
      from = at + 1;
    }
  }
  return { text: text + sql.slice(from), values };
}

/** A plain object, or a value MikroORM tagged as JSON (an embeddable's copy): the platform writes its JSON text. */
function isJsonValue(value: unknown): boolean {
  return Utils.isPlainObject(value) || (typeof value === 'object' && value !== null && JsonProperty in value);
}

type Method = 'all' | 'get' | 'run';
type Query = Parameters<PostgreSqlConnection['execute']>[0];
type Result = QueryResult | EntityData<AnyEntity> | EntityData<AnyEntity>[];

/**
 * The connection that sends MikroORM's statements with their values bound (see bindValues). A
 * statement without values, one given as a query builder or a raw fragment, or one carrying an abort
 * signal (which the game does not use) goes as MikroORM sends it.
 */
export class BoundPostgreSqlConnection extends PostgreSqlConnection {
  override async execute<T>(query: Query, params: readonly unknown[] | Dictionary<unknown> = [], method: Method = 'all', ctx?: Transaction, loggerContext?: Dictionary): Promise<T> {
    if (typeof query !== 'string' || !Array.isArray(params) || params.length === 0 || loggerContext?.signal || loggerContext?.inflightQueryAbortStrategy) {
      return super.execute(query, params, method, ctx, loggerContext) as Promise<T>;
    }
    await this.ensureConnection();
    const sql = this.config.get('onQuery')(query, params);
    const bound = bindValues(this.getPlatform() as PostgreSqlPlatform, sql, params);
    return this.executeQuery(this.getSql(sql, bound.text, loggerContext), async () => {
      const res = await ((ctx as ReturnType<this['getClient']> | undefined) ?? this.getClient()).executeQuery(CompiledQuery.raw(bound.text, bound.values));
      return this.transformRawResult<T>(res, method);
    }, { query: sql, params, ...loggerContext });
  }
}

/** The PostgreSQL driver with the bound connection (`driver` in ./orm.ts). */
export class BoundPostgreSqlDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    // PostgreSqlDriver names its connection class itself; the one it made is not connected yet.
    const self = this as unknown as { connection: Connection; replicas: Connection[] };
    self.connection = new BoundPostgreSqlConnection(this.config);
    self.replicas = this.createReplicas((conf) => new BoundPostgreSqlConnection(this.config, conf, 'read'));
  }
}

/**
 * The EntityManager whose `execute` writes the values of the game's own SQL into its text, as
 * MikroORM always did (see bindValues for why); statements without values pass as they are.
 */
export class BoundEntityManager extends EntityManager {
  override execute<T extends Result = EntityData<AnyEntity>[]>(query: Query, params?: unknown[] | Dictionary, method?: Method, loggerContext?: LoggingOptions): Promise<T>;
  override execute<T extends Result = EntityData<AnyEntity>[]>(query: Query, params: unknown[] | Dictionary, options: EmExecuteOptions): Promise<T>;
  override execute<T extends Result>(query: Query, params: unknown[] | Dictionary = [], methodOrOptions?: Method | EmExecuteOptions, loggerContext?: LoggingOptions): Promise<T> {
    const written = typeof query === 'string' && Array.isArray(params) && params.length > 0;
    const text = written ? this.getPlatform().formatQuery(query, params) : query;
    if (typeof methodOrOptions === 'object') return super.execute<T>(text, written ? [] : params, methodOrOptions);
    return super.execute<T>(text, written ? [] : params, methodOrOptions, loggerContext);
  }
}
