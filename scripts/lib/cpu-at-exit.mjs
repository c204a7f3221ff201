// Preloaded (`node --import`) into the replays the bench times: when the process exits, writes
// its CPU time to the file named by POLICY_REPLAY_BENCH_CPU, as {"user": µs, "system": µs}.
// process.cpuUsage() is getrusage() of the whole process, so every thread counts: the worker
// threads, V8's compiler and collector threads, libuv's gunzip. Child processes (`opa build`)
// do not. The main thread alone writes it (a worker thread preloads this file too).
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.POLICY_REPLAY_BENCH_CPU;
if (file && isMainThread) {
  process.on('exit', () => writeFileSync(file, JSON.stringify(process.cpuUsage())));
}
