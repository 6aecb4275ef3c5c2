import { html, SafeHtml } from "~/server/public-pages/html";

/** The whole HTML document of a public page: no script, no external resource, one inline stylesheet (our own constant). */
export function renderDocument(options: { title: string; lang: string; css: string; body: SafeHtml }): string {
  return `<!doctype html>${
    html`<html lang="${options.lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${options.title}</title>
        <style>
          ${new SafeHtml(options.css)}
        </style>
      </head>
      <body>
        ${options.body}
      </body>
    </html>`.text
  }`;
}

const ERROR_CSS = `body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#0f172a;background:#f8fafc}
main{max-width:36rem;margin:0 auto}h1{font-size:1.5rem;margin:.25rem 0 1rem}p{line-height:1.5}.code{color:#475569;font-weight:600}`;

/** The small page a browser sees for a 400 or 404 of the resolver, the passport page or its codes. */
export function renderErrorPage(status: number, reason: string, message: string): string {
  return renderDocument({
    title: `${status} ${reason}`,
    lang: "en",
    css: ERROR_CSS,
    body: html`<main>
      <p class="code">${status}</p>
      <h1>${reason}</h1>
      <p>${message}</p>
    </main>`,
  });
}
