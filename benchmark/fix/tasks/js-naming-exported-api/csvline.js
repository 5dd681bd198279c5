'use strict';

// Parses one CSV line; callers use require('./csvline').parse_line.
function parse_line(line, sep) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') {
      quoted = !quoted;
    } else if (ch === (sep || ',') && !quoted) {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur);
  return out;
}

exports.parse_line = parse_line;
