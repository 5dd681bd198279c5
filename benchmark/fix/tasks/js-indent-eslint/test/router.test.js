'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { compile, handle } = require('../router.js');

test('compiles named segments', () => {
  const c = compile('/users/:id/posts/:post');
  assert.deepStrictEqual(c.names, ['id', 'post']);
  assert.ok(c.re.test('/users/7/posts/a.b'));
  assert.ok(!c.re.test('/users/7'));
});

test('dispatches by method and kind', () => {
  const routes = [
    { method: 'GET', kind: 'json', compiled: compile('/u/:id'), handler: (p) => ({ id: p.id }) },
    { method: 'GET', kind: 'text', compiled: compile('/hi/:name'), handler: (p) => `hi ${p.name}` },
  ];
  assert.deepStrictEqual(handle(routes, 'GET', '/u/a%20b'), { status: 200, body: '{"id":"a b"}' });
  assert.deepStrictEqual(handle(routes, 'GET', '/hi/bo'), { status: 200, body: 'hi bo' });
  assert.deepStrictEqual(handle(routes, 'POST', '/hi/bo'), { status: 404, body: 'not found' });
});
