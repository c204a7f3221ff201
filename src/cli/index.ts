#!/usr/bin/env node
import { runCli } from './main.js';
import { EXIT } from './io.js';
import { processOutput, stdoutFailureMessage } from './processOutput.js';

const output = processOutput();
let code = await runCli(process.argv.slice(2), {
  stdout: output.stdout,
  stderr: output.stderr,
  env: process.env,
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  ...(process.stdout.isTTY === true ? { stdoutColumns: process.stdout.columns } : {}),
});
const failure = await output.flushed();
if (failure !== null) {
  output.stderr(stdoutFailureMessage(failure));
  code = EXIT.badInput;
}
process.exitCode = code;
