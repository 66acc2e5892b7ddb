import type { ActorLogic, AnyActorLogic, EventObject, Snapshot } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, type StatePath, type Step, type TraversalOptions } from 'xstate/graph';

type Options<S extends Snapshot<unknown>, E extends EventObject, I> = TraversalOptions<S, E, I> & {
  serializeState: (snapshot: S) => string;
  /** A short name of an event, for the test titles. */
  label: (event: E) => string;
};

export interface ModelPath<S extends Snapshot<unknown>, E extends EventObject> {
  name: string;
  steps: Array<Step<S, E>>;
}

/** getShortestPaths is typed on the logic's own types, which a generic helper cannot name: same call, plain types. */
function shortestPaths<S extends Snapshot<unknown>, E extends EventObject, I>(logic: ActorLogic<S, E, I>, options: Options<S, E, I>) {
  return getShortestPaths(logic as AnyActorLogic, options as never) as unknown as Array<StatePath<S, E>>;
}

/**
 * One path per transition of the model: the shortest path to its source state, then the transition itself.
 * Covers every reachable state and every (state, event) pair the model offers, including ignored events
 * (the system must then stay put). `createTestModel` refuses machines with invoke or after, so the paths come
 * from the traversal functions directly and the test runs them on a live actor.
 */
export function transitionPaths<S extends Snapshot<unknown>, E extends EventObject, I>(
  logic: ActorLogic<S, E, I>,
  options: Options<S, E, I>,
): Array<ModelPath<S, E>> {
  const shortest = new Map(shortestPaths(logic, options).map((path) => [options.serializeState(path.state), path]));
  const paths: Array<ModelPath<S, E>> = [];
  for (const { state, event, nextState } of adjacencyMapToArray(getAdjacencyMap(logic, options))) {
    const prefix = shortest.get(options.serializeState(state));
    if (!prefix) throw new Error(`No path reaches ${options.serializeState(state)}`);
    const steps = [...prefix.steps, { event, state: nextState }];
    paths.push({ name: steps.slice(1).map((step) => options.label(step.event)).join(' > '), steps });
  }
  return paths;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled promises deliver their results (setImmediate stays real: the tests fake only setTimeout). */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
