'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

// Load the script the way a page does: into one global scope.
const page = vm.createContext({});
vm.runInContext(fs.readFileSync(path.join(__dirname, '..', 'widget.js'), 'utf8'), page);

test('parse_query decodes pairs', () => {
  assert.deepStrictEqual({ ...page.parse_query('?a=1&b=x+y&c') }, { a: '1', b: 'x y', c: '' });
});

test('greeting uses the name parameter', () => {
  assert.strictEqual(page.greeting('?name=Ada%20L'), 'Hello, Ada L!');
  assert.strictEqual(page.greeting(''), 'Hello, stranger!');
});
