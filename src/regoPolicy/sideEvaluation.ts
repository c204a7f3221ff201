/**
 * One side's evaluation of one event through the engine (docs/rego.md "Unknown input"): as
 * recorded when no erased or masked part of the input is one the decision can read; otherwise by
 * partial evaluation with those parts unknown, decided only when every completion gives the same
 * answer; never from the live clock or network (the engine answers non-deterministic built-ins
 * from the event's cache only).
 */
import { EngineError, type Decision, type EngineProcess } from './engineProcess.js';
import { definedFromText, type SideEvaluation } from './classify.js';
import type { RegoEvent } from './regoEvent.js';
import { projectionKey } from './projection.js';

export interface InputReads {
  pointers: readonly string[];
  wholeInput: boolean;
}

/** Whether an unknown pointer and a read one name overlapping parts of the input. */
export function overlaps(unknown: string, read: string): boolean {
  return unknown === read || read.startsWith(`${unknown}/`) || unknown.startsWith(`${read}/`);
}

/** The unknown pointers the decision can read; all of them when it reads the whole input. */
export function readUnknowns(reads: InputReads, unknowns: readonly string[]): string[] {
  if (reads.wholeInput) return [...unknowns];
  return unknowns.filter((u) => reads.pointers.some((r) => overlaps(u, r)));
}

export type Route = 'recorded' | 'partial';

export interface Evaluated {
  evaluation: SideEvaluation;
  route: Route;
}

function fromEngineError(error: unknown): SideEvaluation {
  if (!(error instanceof EngineError)) throw error;
  if (error.kind === 'nd_builtin_not_recorded')
    return {
      kind: 'unevaluable',
      reason: `nd_builtin_not_recorded: ${error.builtin ?? 'a non-deterministic built-in'}`,
    };
  if (error.kind === 'eval_error' || error.kind === 'timeout')
    return { kind: 'error', message: error.message };
  throw error;
}

/**
 * Answers already given, per side, by projection (projection.ts): a record evaluated as recorded
 * reuses the answer of an earlier one with the same projection and built-in results. Never for a
 * side that reads the whole input. Bounded: past `max` answers a side's map starts again.
 */
export class AnswerCache {
  private readonly sides = new Map<string, Map<string, Promise<Evaluated>>>();
  private readonly counts: Record<Route, { hits: number; lookups: number }> = {
    recorded: { hits: 0, lookups: 0 },
    partial: { hits: 0, lookups: 0 },
  };
  constructor(readonly max = 100_000) {}

  get hits(): number {
    return this.counts.recorded.hits + this.counts.partial.hits;
  }

  /**
   * Whether keys of a route are still worth computing: after 2,000 lookups that found under 2 %
   * of their answers (every request distinct, as with request ids or tokens in what is read), a
   * key costs more than it saves. Answers are the same either way.
   */
  isUseful(route: Route = 'recorded'): boolean {
    const { hits, lookups } = this.counts[route];
    return lookups < 2000 || hits * 50 >= lookups;
  }

  /** The answer given for this projection, counting the lookup. */
  lookup(side: string, key: string, route: Route = 'recorded'): Promise<Evaluated> | undefined {
    const counts = this.counts[route];
    counts.lookups++;
    const known = this.sides.get(`${route}:${side}`)?.get(key);
    if (known !== undefined) counts.hits++;
    return known;
  }

  store(side: string, key: string, answer: Promise<Evaluated>, route: Route = 'recorded'): void {
    const name = `${route}:${side}`;
    let map = this.sides.get(name);
    if (map === undefined || map.size >= this.max) this.sides.set(name, (map = new Map()));
    map.set(key, answer);
  }
}

/** One side's answer to one event (evaluateSides with that side alone). */
export async function evaluateSide(
  engine: EngineProcess,
  side: string,
  reads: InputReads,
  event: RegoEvent,
  cache: AnswerCache | null = null,
): Promise<Evaluated> {
  const [answer] = await evaluateSides(engine, [{ name: side, reads }], event, cache);
  return answer!;
}

export interface ReplaySide {
  name: string;
  reads: InputReads;
}

/** A side left undecided by the erased or masked parts it reads (`--unevaluable static`, or partially evaluated). */
const unread = (pointers: readonly string[]): Evaluated => ({
  evaluation: { kind: 'unevaluable', reason: 'input_not_recorded', pointers },
  route: 'partial',
});

const fromDecision = (d: Decision): SideEvaluation =>
  d.defined ? definedFromText(d.result) : { kind: 'undefined' };

/**
 * Every side's answer to one event, as evaluateSide gives it; the sides evaluated as recorded
 * (and not answered by the cache) go to the engine in one request, which decodes the input once.
 */
export async function evaluateSides(
  engine: EngineProcess,
  sides: readonly ReplaySide[],
  event: RegoEvent,
  cache: AnswerCache | null = null,
  /** `--unevaluable static`: a side that reads an unknown part is unevaluable, not partially evaluated. */
  unknownsRead: 'precise' | 'static' = 'precise',
): Promise<Evaluated[]> {
  const answers: (Promise<Evaluated> | undefined)[] = [];
  const batch: { index: number; key: string | null }[] = [];
  sides.forEach(({ name, reads }, index) => {
    const unknown = readUnknowns(reads, event.unknowns);
    if (unknown.length > 0 && unknownsRead === 'static') {
      answers[index] = Promise.resolve(unread(unknown));
      return;
    }
    if (unknown.length > 0) {
      // A partial answer rests on the known parts read, the unknown pointers and the recorded
      // results: the same three, the same answer.
      const key =
        cache !== null && cache.isUseful('partial') && !reads.wholeInput
          ? `${unknown.join('\u0002')}\u0003${projectionKey(event.input, reads.pointers, event.ndBuiltinCache)}`
          : null;
      const known = key === null ? undefined : cache!.lookup(name, key, 'partial');
      answers[index] = known ?? evaluatePartially(engine, name, unknown, event);
      if (key !== null && known === undefined) cache!.store(name, key, answers[index]!, 'partial');
      return;
    }
    const key =
      cache !== null && cache.isUseful() && !reads.wholeInput
        ? projectionKey(event.input, reads.pointers, event.ndBuiltinCache)
        : null;
    answers[index] = key === null ? undefined : cache!.lookup(name, key);
    if (answers[index] === undefined) batch.push({ index, key });
  });
  if (batch.length > 0) {
    const decided = engine
      .evalSides(
        batch.map(({ index }) => sides[index]!.name),
        {
          ...(event.input === null ? {} : { input: event.input }),
          ...(event.ndBuiltinCache === null ? {} : { ndBuiltinCache: event.ndBuiltinCache }),
        },
      )
      .then((results) =>
        results.map((r): Evaluated => ({
          evaluation: r instanceof EngineError ? fromEngineError(r) : fromDecision(r),
          route: 'recorded',
        })),
      );
    // Every side in the one request (the common case): its answers are the answers, in order.
    const whole = batch.length === sides.length && batch.every(({ key }) => key === null);
    if (whole) return decided;
    batch.forEach(({ index, key }, k) => {
      answers[index] = decided.then((all) => all[k]!);
      if (key !== null) cache!.store(sides[index]!.name, key, answers[index]!);
    });
  }
  return Promise.all(answers as Promise<Evaluated>[]);
}

/** A side partially evaluated with the unknown pointers it reads. */
async function evaluatePartially(
  engine: EngineProcess,
  side: string,
  unknown: string[],
  event: RegoEvent,
): Promise<Evaluated> {
  try {
    const answer = await engine.partial(
      side,
      event.input ?? '{}',
      unknown,
      event.ndBuiltinCache ?? undefined,
    );
    if (!answer.decided) return unread(unknown);
    return { evaluation: fromDecision(answer.decision), route: 'partial' };
  } catch (error) {
    return { evaluation: fromEngineError(error), route: 'partial' };
  }
}
