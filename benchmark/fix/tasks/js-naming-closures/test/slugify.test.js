'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { slugify } = require('../slugify.js');

test('lowercases and joins words', () => {
  assert.strictEqual(slugify('Hello, World!'), 'hello-world');
});

test('strips accents', () => {
  assert.strictEqual(slugify('Crème brûlée à la carte'), 'creme-brulee-a-la-carte');
});

test('clips at a word boundary', () => {
  assert.strictEqual(slugify('one two three four', 9), 'one-two');
});
