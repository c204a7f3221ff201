import * as core from '@actions/core';
import { readEventPayload } from './eventPayload.js';

// The payload is checked before anything else loads: @actions/github parses it when its module is
// first evaluated, and a payload that is not JSON would otherwise end the step with a stack trace
// before run() could report it.
const payload = readEventPayload(process.env);
if (!payload.ok) {
  core.setFailed(`policy-replay: ${payload.message}`);
} else {
  const { run } = await import('./main.js');
  await run();
}
