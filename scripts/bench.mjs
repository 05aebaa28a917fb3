// `npm run bench` measures a content page against the same HTML as a static file. Content pages
// arrive with the public-content work; until then there is nothing honest to measure.
console.log('no benchmark yet: content pages are not built (see docs/architecture.md, "Performance").');
