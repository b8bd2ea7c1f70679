// The API's base URL (the specification's "base URL from runtime configuration"). Empty: the
// server that sent this page. A front end hosted apart from its API writes that API's address here.
window.__IDARA_CONFIG__ = { apiBase: '' };
