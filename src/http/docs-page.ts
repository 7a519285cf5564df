import { OPENAPI_PATH } from './openapi.ts';

/** The reference page: Swagger UI from the package's own files, so it works with no network beyond this service. */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>adops API reference</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" sizes="32x32" href="/docs/favicon-32x32.png">
  <link rel="icon" type="image/png" sizes="16x16" href="/docs/favicon-16x16.png">
</head>
<body>
  <noscript>The reference needs JavaScript; the document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

// A file of its own rather than an inline script, so the page's CSP can forbid inline scripts.
// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
export const DOCS_INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  displayOperationId: true,
  // Shows x-llm-guidance, each tool's whole description, beside the short one Actions read.
  showExtensions: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

export function docsContentSecurityPolicy(apiOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    // Swagger UI sets style attributes on its elements.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${apiOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
