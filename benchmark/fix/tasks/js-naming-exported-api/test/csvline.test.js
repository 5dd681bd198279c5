'use strict';
const test = require('node:test');
const assert = require('node:assert');
const csv = require('../csvline.js');

test('splits on commas outside quotes', () => {
  assert.deepStrictEqual(csv.parse_line('a,"b,c",d'), ['a', 'b,c', 'd']);
});

test('custom separator', () => {
  assert.deepStrictEqual(csv.parse_line('x;y', ';'), ['x', 'y']);
});
