import type { CompiledQuery } from 'kysely';
import type { TestApp } from './app.js';

/** The SQL of every statement one call runs, in order (every query of the app goes through the executor). */
export async function statementsOf(t: TestApp, call: () => Promise<unknown>): Promise<string[]> {
  const executor = t.db.kysely.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  const texts: string[] = [];
  executor.executeQuery = ((query: CompiledQuery) => {
    texts.push(query.sql);
    return execute(query);
  }) as typeof executor.executeQuery;
  try {
    await call();
  } finally {
    executor.executeQuery = execute;
  }
  return texts;
}
