// Jest transformer of the TypeScript sources and suites (jest.config.js): TypeScript's
// transpileModule with tsconfig.json's options as ES modules, the JavaScript `tsc` emits (no type
// check: that is `npm run typecheck`'s), plus one thing for speed.
//
// Jest runs every suite in a `vm` context, where each lookup of a global binding (`Math`, `Map`,
// `Object`...) goes through the context's interceptor: about 0.3 µs, against a nanosecond outside
// one, so a hot loop that names a builtin runs many times slower under jest than in the CLI. The
// first line of each file therefore binds the builtins it names to module constants:
// `const { Math, Map } = globalThis;`, the same objects, looked up once. Only pure builtins are
// bound: never what jest fakes or spies on (`Date`, timers, `process`, `console`), and never a name
// the file declares itself at the top level (that would not compile, so a suite could not pass by
// it). The prefix shares the first line, so line numbers stay what the source says.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

const BUILTINS = [
  'Array',
  'ArrayBuffer',
  'BigInt',
  'Boolean',
  'Buffer',
  'DataView',
  'Error',
  'Float64Array',
  'Int32Array',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Promise',
  'RangeError',
  'Reflect',
  'RegExp',
  'Set',
  'String',
  'Symbol',
  'SyntaxError',
  'TextDecoder',
  'TextEncoder',
  'TypeError',
  'Uint32Array',
  'Uint8Array',
  'WeakMap',
  'WeakSet',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt',
];

function compilerOptions() {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  // The package is "type": "module": tsc emits ES modules under NodeNext, as ES2022 does here.
  return {
    ...parsed.options,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    sourceMap: true,
    inlineSourceMap: false,
    inlineSources: true,
    declaration: false,
    noEmit: false,
  };
}

const OPTIONS = compilerOptions();
// What every output depends on besides the file: this transformer, TypeScript, the options.
const KEY = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .update(`\0${ts.version}\0${JSON.stringify(OPTIONS)}`)
  .digest('hex');

/** The builtins `source` names and does not declare at its top level. */
function boundBuiltins(source) {
  return BUILTINS.filter((name) => {
    if (!new RegExp(`\\b${name}\\b`).test(source)) return false;
    const declared = new RegExp(
      `^(?:export\\s+)?(?:declare\\s+)?(?:const|let|var|function\\*?|class|enum|namespace)\\s+${name}\\b|^import\\b[^;]*\\b${name}\\b`,
      'm',
    );
    return !declared.test(source);
  });
}

function transpile(source, path) {
  const names = boundBuiltins(source);
  const prefix = names.length > 0 ? `const { ${names.join(', ')} } = globalThis; ` : '';
  const result = ts.transpileModule(prefix + source, {
    fileName: path,
    compilerOptions: OPTIONS,
    reportDiagnostics: false,
  });
  const code = result.outputText.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
  return { code, map: result.sourceMapText };
}

export default {
  canInstrument: false,
  getCacheKey(source, path) {
    return createHash('sha256')
      .update(KEY)
      .update('\0')
      .update(path)
      .update('\0')
      .update(source)
      .digest('hex');
  },
  process(source, path) {
    return transpile(source, path);
  },
};
