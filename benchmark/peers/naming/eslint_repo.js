// For each file named on standard input, runs eslint's camelcase rule
// (properties "never", reports on declaring identifiers only) and lists
// the file's declared names per eslint's scope analysis, plus class
// members. TypeScript files are parsed with typescript-eslint. Prints a
// JSON array of {file, error, flagged, declared, members}, positions as
// [line, name].
//
//   node eslint_repo.js <node_modules with eslint> < files
"use strict";
const fs = require("fs"), path = require("path");
const modules = process.argv[2];
const { Linter } = require(path.join(modules, "eslint"));
const core = require(path.join(modules, "eslint", "lib", "rules", "camelcase.js"));
let tsParser = null;
try { tsParser = require(require.resolve("@typescript-eslint/parser", { paths: [modules] })); } catch (e) { /* JavaScript only */ }

let current = null;
const collect = {
	meta: { schema: [] },
	create(context) {
		return {
			"Program:exit"() {
				const sm = context.sourceCode.scopeManager;
				for (const scope of sm.scopes) {
					for (const v of scope.variables) {
						for (const id of v.identifiers) current.declared.push([id.loc.start.line, id.name]);
					}
				}
			},
			"MethodDefinition > .key, PropertyDefinition > .key, TSAbstractMethodDefinition > .key, TSAbstractPropertyDefinition > .key, TSPropertySignature > .key, TSMethodSignature > .key, TSParameterProperty > .parameter"(node) {
				const n = node.type === "AssignmentPattern" ? node.left : node;
				if (n.type === "Identifier" || n.type === "PrivateIdentifier") current.members.push([n.loc.start.line, n.type === "PrivateIdentifier" ? "#" + n.name : n.name]);
			},
		};
	},
};
const declaredOnly = {
	meta: core.meta,
	create(context) {
		const declared = new Set();
		for (const scope of context.sourceCode.scopeManager.scopes) {
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

const linter = new Linter({ configType: "flat" });
const results = [];
const files = fs.readFileSync(0, "utf8").split("\n").filter(Boolean);
for (const file of files) {
	const ts = file.endsWith(".ts") || file.endsWith(".tsx");
	current = { file, error: "", flagged: [], declared: [], members: [] };
	const languageOptions = { ecmaVersion: "latest", sourceType: "module" };
	if (ts && tsParser) languageOptions.parser = tsParser;
	let code = fs.readFileSync(file, "utf8");
	const run = sourceType => linter.verify(code, [{
		files: ["**/*.js", "**/*.mjs", "**/*.cjs", "**/*.ts"],
		languageOptions: Object.assign({}, languageOptions, { sourceType }),
		plugins: { t: { rules: { camelcase: declaredOnly, collect } } },
		rules: { "t/camelcase": ["error", { properties: "never" }], "t/collect": "error" },
	}], { filename: ts ? "x.ts" : "x.js" });
	let msgs = run("module");
	if (msgs.some(m => m.fatal)) {
		current.declared = []; current.members = [];
		msgs = run("script");
	}
	const fatal = msgs.find(m => m.fatal || /No matching configuration/.test(m.message));
	if (fatal) current.error = fatal.message;
	for (const m of msgs) {
		const name = /'([^']+)'|#(\S+) is not/.exec(m.message);
		if (!m.fatal && m.ruleId === "t/camelcase" && name) current.flagged.push([m.line, name[1] || "#" + name[2]]);
	}
	results.push(current);
}
process.stdout.write(JSON.stringify(results));
