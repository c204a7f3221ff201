import { join } from 'node:path';
import { repoRoot } from './files.js';

/**
 * What `npm run build` makes, for the suites that run it as a child process: the committed bundles
 * (dist/) and the compiled modules they are bundled from (build/, git-ignored). Importing this
 * module puts a suite in the e2e project (jest.config.js), whose globalSetup builds both first unless
 * they are what the current sources build (build/stamp.json).
 */
export const DIST_ACTION = join(repoRoot, 'dist/index.js');
export const DIST_CLI = join(repoRoot, 'dist/cli/index.js');
/** tsc's output, one module per source file (src/replay/run.ts → build/replay/run.js). */
export const BUILD_DIR = join(repoRoot, 'build');
