function renderPage(title) {
  return "<h1>" + title + "</h1>";
}

function load_data(url) {
    return fetch(url);
}

module.exports = { renderPage, load_data };
