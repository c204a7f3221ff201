import { parentPort, workerData } from 'node:worker_threads';
import { WasmPolicy } from '../../engine/wasmEngine.js';
import { RecordEvaluator, type EvaluatorSide } from '../evaluate/recordOutcome.js';
import { packOutcomes } from './outcomeCodec.js';
import type { WorkerInit, WorkerReply, WorkerRequest, WorkerSide } from './workerPool.js';

/**
 * The replay's worker thread (workerPool.ts): loads the head's and base's wasm once, then turns
 * each run of lines it is sent into outcomes with its own decision cache, which learns what the
 * other workers evaluated (sent with each run) and reports what it evaluated (with each reply). Bundled on its own as
 * dist/cli/replay-worker/index.js, which both the CLI and the Action bundle use (scripts/build.mjs).
 */

if (!parentPort) throw new Error('the replay worker runs as a worker thread');
const port = parentPort;
const init = workerData as WorkerInit;

async function load(side: WorkerSide): Promise<EvaluatorSide> {
  return {
    policy: side.policy,
    features: side.features,
    engine: await WasmPolicy.load(side.name, side.wasm),
  };
}

const [primary, base] = await Promise.all([load(init.primary), init.base === null ? null : load(init.base)]);
const evaluator = new RecordEvaluator(init.config, primary, base);
evaluator.cache.share();

port.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    evaluator.cache.learn(request.learned);
    const outcomes = packOutcomes(evaluator.evaluateLines(request.bytes, request.firstLine, request.base));
    reply = { seq: request.seq, outcomes, learned: evaluator.cache.learned() };
  } catch (error) {
    // Evaluation failures are outcomes already; anything else fails the replay, as in-process.
    const e = error instanceof Error ? error : new Error(String(error));
    reply = {
      seq: request.seq,
      error: { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) },
    };
  }
  port.postMessage(reply, 'outcomes' in reply ? [reply.outcomes.numbers.buffer as ArrayBuffer] : []);
});
