// The three bundles of `npm run build`, made by @vercel/ncc's API in two processes (the Action's
// in scripts/build.mjs, the CLI's and its worker's in one child running this file) rather than by
// three `ncc build` processes: each of those loads webpack anew and starts it cold, which cost
// about 3 CPU seconds a process. What is written is what `ncc build <entry> -o <out>
// --no-source-map-register --license licenses.txt -q` writes (its CLI's handler): `index.js`
// (mode 0777 with a shebang, else 0666, before the umask), then every asset (licenses.txt,
// package.json) with its mode, then any symlink. No on-disk webpack cache: a fresh clone has none
// to read, and filling one costs more than it saves.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHEBANG = /^#![^\n]*/;

/** Bundles `entry` (a path under `root`) into the folder `out`, (emptied first by the build). */
export async function nccBuild(root, entry, out) {
  const ncc = createRequire(join(root, 'package.json'))('@vercel/ncc');
  const { code, assets, symlinks } = await ncc(join(root, entry), {
    cache: false,
    sourceMapRegister: false,
    license: 'licenses.txt',
    quiet: true,
  });
  const dir = join(root, out);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'index.js');
  writeFileSync(file, code, { mode: SHEBANG.test(code) ? 0o777 : 0o666 });
  for (const [name, asset] of Object.entries(assets)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, asset.source, { mode: asset.permissions });
  }
  for (const [name, target] of Object.entries(symlinks)) symlinkSync(target, join(dir, name));
}

// Run as a script (scripts/build.mjs does, for the bundles it makes beside its own):
// `node scripts/lib/ncc.mjs <entry>=<out>...`, each in turn, in this one process.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  for (const pair of process.argv.slice(2)) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`expected <entry>=<out>, not ${pair}`);
    await nccBuild(root, pair.slice(0, at), pair.slice(at + 1));
  }
}
