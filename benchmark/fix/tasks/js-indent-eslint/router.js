'use strict';

// A tiny path router. Its indentation drifted: a method chain continued
// at four spaces, a case body at the case's own level, an object
// literal's closing brace one level too deep, and unspaced operators.
function compile(pattern) {
  const names = [];
  const source = pattern
      .split('/')
      .map((part) => {
        if (part.startsWith(':')) {
          names.push(part.slice(1));
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
  return { re: new RegExp('^'+source+'$'), names };
}

function handle(routes, method, path) {
  for (const route of routes) {
    const m=route.compiled.re.exec(path);
    if (!m || route.method!==method) continue;
    const params = {};
    route.compiled.names.forEach((name, i) => {
      params[name] = decodeURIComponent(m[i+1]);
    });
    switch (route.kind) {
    case 'json':
    return { status: 200, body: JSON.stringify(route.handler(params)) };
    default:
      return {
        status: 200,
        body: String(route.handler(params)),
        };
    }
  }
  return { status: 404, body: 'not found' };
}

module.exports = { compile, handle };
