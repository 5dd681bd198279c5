// Prints eslint's own brace-style test cases as JSON, one object per
// case: {"valid": bool, "code": "...", "options": [...], "errors":
// [{"messageId": "...", "line": N}]}. It loads the test file with
// RuleTester stubbed out, so neither eslint's dependencies nor its rule
// run: the cases' labels are what eslint's maintainers wrote.
//
// With an eslint installation (second argument: a node_modules
// directory holding eslint), each case also gets "replayed" (eslint's
// verdict on the case as written: a check that the labels were read
// right) and "flipped" (its verdict with allowSingleLine toggled): a case
// whose verdict flips depends on how one-line blocks are read.
//
// usage: node eslint_cases.js PEERS/eslint [NODE_MODULES] > cases.json
"use strict";

const Module = require("module");
const path = require("path");

const root = process.argv[2];
if (!root) {
	console.error("usage: node eslint_cases.js ESLINT_CHECKOUT");
	process.exit(2);
}
const testFile = path.join(root, "tests/lib/rules/brace-style.js");

// unIndent as eslint's tests/_utils defines it: drop the template's
// first and last blank lines and the indentation common to its lines.
function unIndent(strings, ...values) {
	const text = strings.map((s, i) => (i === 0 ? s : values[i - 1] + s)).join("");
	const lines = text.replace(/^\n/u, "").replace(/\n\s*$/u, "").split("\n");
	const indent = Math.min(...lines.filter(l => l.trim()).map(l => l.match(/ */u)[0].length));
	return lines.map(l => l.slice(indent)).join("\n");
}

const cases = [];
class RuleTester {
	run(_name, _rule, tests) {
		for (const [valid, list] of [[true, tests.valid], [false, tests.invalid]]) {
			for (const t of list) {
				const c = typeof t === "string" ? { code: t } : t;
				cases.push({
					valid,
					code: c.code,
					options: c.options || [],
					errors: (c.errors || []).map(e => ({ messageId: e.messageId, line: e.line })),
				});
			}
		}
	}
}

const realRequire = Module.prototype.require;
Module.prototype.require = function (id) {
	if (id.endsWith("/rule-tester/rule-tester")) return RuleTester;
	if (id.endsWith("/_utils")) return { unIndent };
	if (id.endsWith("/rules/brace-style")) return {};
	return realRequire.apply(this, arguments);
};
require(testFile);

const modules = process.argv[3];
if (modules) {
	const { Linter } = require(path.join(modules, "eslint"));
	const linter = new Linter({ configType: "flat" });
	const failsWith = (code, options) =>
		linter.verify(code, {
			languageOptions: { ecmaVersion: 2022, sourceType: "script" },
			rules: { "brace-style": ["error", ...options] },
		}).length > 0;
	for (const c of cases) {
		const style = c.options[0] || "1tbs";
		const single = !!(c.options[1] && c.options[1].allowSingleLine);
		c.replayed = !failsWith(c.code, [style, { allowSingleLine: single }]);
		c.flipped = !failsWith(c.code, [style, { allowSingleLine: !single }]);
	}
}
process.stdout.write(JSON.stringify(cases, null, 1) + "\n");
