// Reads eslint's tests for the camelcase rule (tests/lib/rules/camelcase.js
// of an eslint checkout) without eslint's RuleTester, and runs each case
// through the installed eslint twice: with the case's own options, and
// with the options iflint models (see MODELED). A case whose verdict
// differs between the two depends on an option iflint does not model.
// Prints one JSON object per case.
//
//   node eslint_cases.js <eslint checkout> <node_modules with eslint>
"use strict";
const fs = require("fs"), vm = require("vm"), path = require("path");
const [checkout, modules] = process.argv.slice(2);
const { Linter } = require(path.join(modules, "eslint"));

// What iflint's naming rule does, in camelcase's options: destructuring
// and imports are checked, no configured globals or allow lists are
// known. Besides, eslint reports references to an undeclared global
// (`x = foo_bar`); iflint checks names the code declares, so the modeled
// run drops reports on identifiers that declare nothing. `properties`
// has no iflint equivalent: object keys and member assignments are not
// declarations (as "never"), class fields and methods are (as
// "always"), so a case whose verdict changes with it is excluded.
const MODELED = { ignoreDestructuring: false, ignoreImports: false, ignoreGlobals: true, allow: [] };

const file = path.join(checkout, "tests", "lib", "rules", "camelcase.js");
let tests = null, baseConfig = {};
class RuleTester {
	constructor(cfg) { baseConfig = cfg || {}; }
	run(name, rule, t) { tests = t; }
}
vm.runInNewContext(fs.readFileSync(file, "utf8"), {
	require: p => (p.includes("rule-tester") ? RuleTester : {}),
	module: {}, exports: {}, console,
}, { filename: file });

const linter = new Linter({ configType: "flat" });

// declaredOnly wraps camelcase so that only reports on declaring
// identifiers count.
const core = require(path.join(modules, "eslint", "lib", "rules", "camelcase.js"));
const declaredOnly = {
	meta: core.meta,
	create(context) {
		const declared = new Set();
		const sm = context.sourceCode.scopeManager;
		for (const scope of sm.scopes) {
			for (const v of scope.variables) for (const id of v.identifiers) declared.add(id.range[0]);
		}
		const proxy = Object.create(context, {
			report: { value: d => { if (d.node && declared.has(d.node.range[0])) context.report(d); } },
			options: { value: context.options },
			sourceCode: { value: context.sourceCode },
		});
		return core.create(proxy);
	},
};

function verdict(code, languageOptions, rule, options) {
	const config = [{
		files: ["**/*.js"],
		languageOptions: Object.assign({}, baseConfig.languageOptions || {}, languageOptions || {}),
		plugins: { t: { rules: { camelcase: rule } } },
		rules: { "t/camelcase": ["error", ...(options ? [options] : [])] },
	}];
	const msgs = linter.verify(code, config, { filename: "case.js" });
	const fatal = msgs.filter(m => m.fatal);
	if (fatal.length) return { error: fatal[0].message };
	return { invalid: msgs.length > 0, names: msgs.map(m => m.message) };
}

const out = [];
for (const kind of ["valid", "invalid"]) {
	for (const t of tests[kind]) {
		const c = typeof t === "string" ? { code: t } : t;
		const opts = c.options && c.options[0];
		const own = verdict(c.code, c.languageOptions, core, opts);
		const always = verdict(c.code, c.languageOptions, core, Object.assign({}, opts || {}, { properties: "always" }));
		const never = verdict(c.code, c.languageOptions, core, Object.assign({}, opts || {}, { properties: "never" }));
		const modeled = verdict(c.code, c.languageOptions, declaredOnly, Object.assign({}, MODELED, { properties: (opts || {}).properties || "always" }));
		// Which single modeled option changes the case's verdict (for
		// the exclusion list); "references" when only the
		// declarations-only filter does.
		let dependsOn = "";
		if (!own.error && always.invalid !== never.invalid) {
			dependsOn = "properties";
		} else if (!own.error && !modeled.error && own.invalid !== modeled.invalid) {
			for (const k of Object.keys(MODELED)) {
				const one = Object.assign({}, opts || {}, { [k]: MODELED[k] });
				const v = verdict(c.code, c.languageOptions, core, one);
				if (v.invalid === modeled.invalid) { dependsOn = k; break; }
			}
			dependsOn = dependsOn || "references";
		}
		out.push({ kind, code: c.code, options: opts || null, sourceType: (c.languageOptions || {}).sourceType || "script",
			labelInvalid: kind === "invalid", own, modeled, dependsOn });
	}
}
process.stdout.write(JSON.stringify(out));
