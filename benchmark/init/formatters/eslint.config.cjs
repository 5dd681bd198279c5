// eslint's own indent over the typescript-eslint parser; IND sets the unit.
const tsParser = require((process.env.NPMTOOLS || '/work/npmtools/node_modules') + '/@typescript-eslint/parser/dist/index.js');
module.exports = [{ files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'], languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' }, rules: { indent: ['error', process.env.IND === 'tab' ? 'tab' : Number(process.env.IND || 2), { SwitchCase: 1 }] } }];
