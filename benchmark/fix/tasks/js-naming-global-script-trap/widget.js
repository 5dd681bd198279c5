// A classic browser script (no modules): its top-level functions become
// globals that the page, and the test harness, call by name.

function parse_query(search) {
  const out = {};
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const [k, v = ''] = part.split('=');
    out[decodeURIComponent(k)] = decodeURIComponent(v.replace(/\+/g, ' '));
  }
  return out;
}

function greeting(search) {
  const q = parse_query(search);
  return 'Hello, ' + (q.name || 'stranger') + '!';
}
