// @stylistic/indent (the indent rule TypeScript projects run: xo's, on
// ky and got) over the typescript-eslint parser; IND sets the unit
// ("tab" or a number of spaces). STYLISTIC names a node_modules holding
// @stylistic/eslint-plugin (npm install @stylistic/eslint-plugin).
const npm = process.env.NPMTOOLS || '/work/npmtools/node_modules';
const { default: tsParser } = await import(npm + '/@typescript-eslint/parser/dist/index.js');
const { default: stylistic } = await import((process.env.STYLISTIC || '/tmp/stylistic/node_modules') + '/@stylistic/eslint-plugin/dist/index.js');
export default [{
  files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
  plugins: { '@stylistic': stylistic },
  languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
  rules: { '@stylistic/indent': ['error', process.env.IND === 'tab' ? 'tab' : Number(process.env.IND || 2), { SwitchCase: 1 }] },
}];
