'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { BoundedQueue, defaults } = require('../queue.js');
const { describe } = require('../format.js');

test('refuses to grow past capacity', () => {
  const q = new BoundedQueue(2);
  assert.ok(q.push(1));
  assert.ok(q.push('two'));
  assert.ok(!q.push(3));
  assert.strictEqual(describe(q), '[1, "two"] (2/2)');
});

test('pops in FIFO order and throws when empty', () => {
  const q = new BoundedQueue(defaults.capacity);
  q.push('a');
  q.push('b');
  assert.strictEqual(q.pop(), 'a');
  assert.strictEqual(q.pop(), 'b');
  assert.throws(() => q.pop(), /empty queue/);
});
