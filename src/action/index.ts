import { readEventPayload } from './eventPayload.js';
import { failStep } from './log.js';

// The payload is checked before anything else loads: @actions/github parses it when its module is
// first evaluated, and a payload that is not JSON would otherwise end the step with a stack trace
// before run() could report it. `eager` keeps main.js in the one bundle file (evaluated only here,
// still lazily): a split chunk would make the bundler write one licenses.txt per chunk over the
// same file, so dist/licenses.txt would list only whichever chunk came last.
const payload = readEventPayload(process.env);
if (!payload.ok) {
  failStep(`policy-replay: ${payload.message}`);
} else {
  const { run } = await import(/* webpackMode: "eager" */ './main.js');
  await run();
}
