'use strict';

// Turns titles into URL slugs; the helpers live inside the exported function.
function slugify(title, maxLength) {
  const strip_accents = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

  function to_words(s) {
    return s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  }

  function Clip_words(words, limit) {
    const out = [];
    let len = 0;
    for (const w of words) {
      const extra = out.length ? w.length + 1 : w.length;
      if (len + extra > limit) break;
      out.push(w);
      len += extra;
    }
    return out;
  }

  const words = to_words(strip_accents(title));
  return Clip_words(words, maxLength || 60).join('-');
}

module.exports = { slugify };
