// Extract eslint indent rule test cases as JSON lines: {kind, code, options, parser, errors}
const Module = require("module");
const path = require("path");
const peers = process.argv[2];
const testFile = path.join(peers, "eslint/tests/lib/rules/indent.js");
const origLoad = Module._load;
Module._load = function (req, parent, isMain) {
  if (req.endsWith("lib/rules/indent")) return {};
  if (req.endsWith("rule-tester/rule-tester")) {
    return class { constructor(cfg) { this.cfg = cfg; }
      run(name, rule, tests) {
        for (const kind of ["valid", "invalid"]) {
          for (const t of tests[kind]) {
            const c = typeof t === "string" ? { code: t } : t;
            const out = { kind, code: c.code, options: c.options || [],
              parser: c.languageOptions && c.languageOptions.parser ? String(c.languageOptions.parser) : (c.parser ? "custom" : ""),
              languageOptions: c.languageOptions ? Object.keys(c.languageOptions) : [],
              errors: Array.isArray(c.errors) ? c.errors.map(e => e.line || 0) : [] };
            process.stdout.write(JSON.stringify(out) + "\n");
          }
        }
      } };
  }
  if (req.endsWith("fixture-parser")) return n => "PARSER:" + n;
  if (req.startsWith("PARSER:")) return req;
  if (req.endsWith("_utils")) {
    return { unIndent(strings, ...values) {
      const text = strings.map((s, i) => (i === 0 ? s : values[i - 1] + s)).join("");
      const lines = text.replace(/^\n/u, "").replace(/\n\s*$/u, "").split("\n");
      const ind = lines.filter(l => l.trim()).map(l => l.match(/ */u)[0].length);
      const m = Math.min(...ind);
      return lines.map(l => l.slice(m)).join("\n");
    } };
  }
  return origLoad.apply(this, arguments);
};
require(testFile);
