// ruff_wasm.js NODE_MODULES TREE: Ruff's WebAssembly build (npm
// @astral-sh/ruff-wasm-nodejs) run over every Python file of TREE with the
// pep8-naming rules (N8), one thread. Native Ruff is faster; it is not
// installable here (PyPI is unreachable).
const path = require('path');
const fs = require('fs');
const { Workspace } = require(path.join(process.argv[2], '@astral-sh', 'ruff-wasm-nodejs'));
const skip = new Set(['.git', 'vendor', 'node_modules', 'third_party', 'thirdparty', 'testdata', 'dist']);
const ws = new Workspace({ lint: { select: ['N8'] } });
let files = 0, findings = 0;
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!skip.has(e.name) && !e.name.startsWith('.')) walk(path.join(dir, e.name));
    } else if (e.name.endsWith('.py')) {
      files++;
      findings += ws.check(fs.readFileSync(path.join(dir, e.name), 'utf8')).length;
    }
  }
})(process.argv[3]);
console.log(`${files} files, ${findings} findings`);
